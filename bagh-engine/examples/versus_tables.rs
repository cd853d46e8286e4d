//! Whole games of the engine (no tables) against perfect opponents, the
//! tables judging every move: in how many games the engine keeps the
//! game-theoretic value, and its value-losing moves per 1,000 by phase.
//!
//! ```text
//! cargo run --release -p bagh-engine --example versus_tables -- TABLES [OPENINGS] [NODES] [FIRST_SEED]
//! ```
//!
//! TABLES is a complete tablebase directory (`make solve-game`). The games
//! start from the rule set's start and from OPENINGS (default 50) openings
//! of 4 to 11 random plies whose value is still the start's, drawn from
//! seeds FIRST_SEED.. (default 2000000, held out from any tuning). The
//! engine plays each side of each, at NODES nodes a move (default 20000),
//! against two perfect opponents: one that picks at random (seeded) among
//! the moves that keep its value, and one that picks the value-keeping move
//! that leaves the engine the fewest value-keeping replies. A game stops
//! after 300 plies (counted as drawn with the draws). The tables value positions
//! as if new; under `forbidden` the game's history can ban every move that
//! keeps a position's value, and such turns are counted apart, not as the
//! engine's mistakes (the game then counts as not kept).

use bagh_core::{random_game, Game, Move, Position, Side, SplitMix64};
use bagh_engine::{Engine, EngineOptions, Limits};
use bagh_tablebase::Tablebase;

#[derive(Copy, Clone, PartialEq, Eq)]
enum Opponent {
    Random,
    Narrowing,
}

/// Engine moves and value-losing ones, by phase; games whose value it kept.
#[derive(Default)]
struct Tally {
    games: u32,
    kept: u32,
    moves: [u32; 2],
    lost: [u32; 2],
    /// Engine turns where the history banned every value-keeping move.
    banned: u32,
    /// The games' ends for the engine: won, drawn (or stopped), lost.
    results: [u32; 3],
}

/// The moves of the game's current position that keep its value for the
/// side to move (legal in the game: the repetition policy applies).
fn keeping(tables: &Tablebase, game: &Game) -> Result<Vec<Move>, Box<dyn std::error::Error>> {
    let position = game.position();
    let value = tables.probe(position)?.value;
    let mut moves = Vec::new();
    for mv in game.legal_moves() {
        let after = position.play(mv)?;
        if tables.probe(&after)?.value.flip() == value {
            moves.push(mv);
        }
    }
    Ok(moves)
}

fn opponent_move(
    tables: &Tablebase,
    game: &Game,
    kind: Opponent,
    rng: &mut SplitMix64,
) -> Result<Move, Box<dyn std::error::Error>> {
    let mut moves = keeping(tables, game)?;
    if moves.is_empty() {
        // Only under `forbidden` can history ban every value-keeping move.
        moves = game.legal_moves().to_vec();
    }
    if kind == Opponent::Random {
        return Ok(moves[rng.below(moves.len())]);
    }
    let mut best = (usize::MAX, moves[0]);
    for mv in moves {
        let mut next = game.clone();
        next.push(mv)?;
        let replies = if next.is_game_over() {
            0
        } else {
            keeping(tables, &next)?.len()
        };
        if replies < best.0 {
            best = (replies, mv);
        }
    }
    Ok(best.1)
}

/// One game to play: where it starts, the engine's side, the opponent, and
/// the seed of the opponent's random choices.
struct Match {
    start: Position,
    engine_side: Side,
    kind: Opponent,
    seed: u64,
}

fn play(
    tables: &Tablebase,
    engine: &mut Engine,
    game_to_play: Match,
    nodes: u64,
    tally: &mut Tally,
) -> Result<(), Box<dyn std::error::Error>> {
    let Match {
        start,
        engine_side,
        kind,
        seed,
    } = game_to_play;
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::from_position(start);
    engine.new_game();
    let mut kept = true;
    while !game.is_game_over() && game.len() < 300 {
        if game.side_to_move() == engine_side {
            let banned_before = tally.banned;
            let position = *game.position();
            let value = tables.probe(&position)?.value;
            if keeping(tables, &game)?.is_empty() {
                // Under `forbidden` the history can ban every move that keeps
                // the position's value: lost by the game's past, not by a move.
                tally.banned += 1;
            }
            let mv = engine.best_move(&game, &Limits::nodes(nodes))?;
            let after = tables.probe(&position.play(mv)?)?.value;
            let phase = usize::from(position.is_placement_phase());
            tally.moves[phase] += 1;
            if after.flip() != value {
                kept = false;
                if tally.banned == banned_before {
                    tally.lost[phase] += 1;
                }
            }
            game.push(mv)?;
        } else {
            let mv = opponent_move(tables, &game, kind, &mut rng)?;
            game.push(mv)?;
        }
    }
    tally.games += 1;
    tally.kept += u32::from(kept);
    let result = match game.outcome().and_then(|outcome| outcome.winner) {
        Some(winner) if winner == engine_side => 0,
        Some(_) => 2,
        None => 1,
    };
    tally.results[result] += 1;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        return Err("usage: versus_tables TABLES [OPENINGS] [NODES] [FIRST_SEED]".into());
    };
    let openings: u32 = args.get(1).map_or(Ok(50), |a| a.parse())?;
    let nodes: u64 = args.get(2).map_or(Ok(20_000), |a| a.parse())?;
    let first_seed: u64 = args.get(3).map_or(Ok(2_000_000), |a| a.parse())?;
    let tables = Tablebase::open(dir)?;
    let start = Position::new(*tables.rules());
    let start_value = tables.probe(&start)?.value;
    let mut starts = vec![start];
    let mut seed = first_seed;
    while starts.len() < openings as usize + 1 {
        let plies = 4 + (seed % 8) as u32;
        let opening = random_game(start, seed, plies);
        seed += 1;
        let position = *opening.position();
        // The same side to move as at the start, and the start's value.
        if opening.len() as u32 == plies
            && position.side_to_move() == Side::Goat
            && tables.probe(&position)?.value == start_value
        {
            starts.push(position);
        }
    }
    let mut engine = Engine::new(EngineOptions::default())?;
    println!(
        "{} starts (the start and {openings} openings from seeds {first_seed}..{seed}), value {:?} for the goats, {nodes} nodes a move",
        starts.len(),
        start_value
    );
    for kind in [Opponent::Random, Opponent::Narrowing] {
        for side in [Side::Goat, Side::Tiger] {
            let mut tally = Tally::default();
            for (i, &position) in starts.iter().enumerate() {
                let game_to_play = Match {
                    start: position,
                    engine_side: side,
                    kind,
                    seed: first_seed + i as u64,
                };
                play(&tables, &mut engine, game_to_play, nodes, &mut tally)?;
            }
            let per_mille = |phase: usize| {
                1000.0 * f64::from(tally.lost[phase]) / f64::from(tally.moves[phase].max(1))
            };
            println!(
                "engine as {side}s vs {} perfect: won/drawn/lost {}/{}/{}; value kept in {}/{} games; value-losing moves per 1,000: placement {:.1} (of {}), movement {:.1} (of {}); turns with every value-keeping move banned by repetition: {}",
                match kind { Opponent::Random => "random", Opponent::Narrowing => "narrowing" },
                tally.results[0],
                tally.results[1],
                tally.results[2],
                tally.kept,
                tally.games,
                per_mille(1),
                tally.moves[1],
                per_mille(0),
                tally.moves[0],
                tally.banned,
            );
        }
    }
    Ok(())
}
