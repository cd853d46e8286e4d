//! Verified puzzles: positions of realistic games where exactly one move
//! keeps the value, with answers the tables prove.
//!
//! The games are engine games at varied levels and node counts, from a few
//! random opening plies (seeded: the same options give the same puzzles).
//! A position is a puzzle when the side to move wins or draws and exactly
//! one of its legal moves (the game's history counted) keeps that value.
//! Each puzzle carries its solution, the most tempting wrong moves (the
//! best by a two-ply search) with perfect play refuting them, the depth a
//! full-strength search needs to choose the solution, and tags.
//!
//! The tables value positions as if they were new (a cycle counts as a
//! draw): under a `forbidden` repetition policy a "draw" can be more.
//!
//! ```
//! use bagh_core::{Point, Ruleset};
//! use bagh_engine::puzzles::{generate, PuzzleOptions};
//! use bagh_tablebase::{BuildOptions, Tablebase, Value};
//!
//! let rules = Ruleset::builder().tigers([Point::C3]).goats(5).capture_target(2).build()?;
//! let dir = tempfile::tempdir()?;
//! let tables = Tablebase::build(rules, dir.path(), &BuildOptions::default())?;
//! let puzzles = generate(&tables, &PuzzleOptions { count: 3, ..PuzzleOptions::default() }, |_| {})?;
//! for puzzle in &puzzles {
//!     // The solution keeps the value: the opponent is lost or drawn after it.
//!     let after = puzzle.to_position()?.play(puzzle.solution)?;
//!     assert_ne!(tables.probe(&after)?.value, Value::Win);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod puzzle;

use std::collections::HashSet;

use bagh_core::{Game, Move, Position, Side, SplitMix64};
use bagh_tablebase::{Tablebase, TablebaseError, Value};

pub use puzzle::{Keeps, Outcome, Puzzle, PuzzleError, PuzzleTag, Refutation};

use crate::datagen::symmetry_key;
use crate::{Engine, EngineError, EngineOptions, Evaluation, Limits, PerfectPlayer};

/// How puzzles are found.
#[derive(Clone, Debug)]
pub struct PuzzleOptions {
    /// Puzzles wanted.
    pub count: usize,
    /// The seed of the games.
    pub seed: u64,
    /// Games played before giving up with fewer puzzles (0: 200 per puzzle
    /// wanted).
    pub max_games: usize,
    /// The deepest search tried for a puzzle's depth, 1 to 30.
    pub max_depth: u32,
    /// Tempting wrong moves refuted per puzzle.
    pub refutations: usize,
    /// Plies of perfect play in a refutation line.
    pub refutation_plies: usize,
    /// Plies after which a game is abandoned.
    pub max_plies: usize,
    /// Puzzles taken from one game, at most.
    pub per_game: usize,
}

impl Default for PuzzleOptions {
    fn default() -> PuzzleOptions {
        PuzzleOptions {
            count: 20,
            seed: 1,
            max_games: 0,
            max_depth: 10,
            refutations: 2,
            refutation_plies: 8,
            max_plies: 200,
            per_game: 2,
        }
    }
}

/// Why puzzles could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// An option is out of range.
    #[error("option {option}: {reason}")]
    InvalidOption {
        /// The option.
        option: &'static str,
        /// Why.
        reason: String,
    },
    /// The tables could not answer (layers missing, or a damaged file).
    #[error(transparent)]
    Tables(#[from] TablebaseError),
    /// An engine could not search.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// Puzzles from seeded engine games on the rule set of `tables`;
/// `progress` hears the number found after each one. Fewer than asked
/// when `max_games` games do not hold enough.
pub fn generate(
    tables: &Tablebase,
    options: &PuzzleOptions,
    mut progress: impl FnMut(usize),
) -> Result<Vec<Puzzle>, GenerateError> {
    if !(1..=30).contains(&options.max_depth) {
        return Err(GenerateError::InvalidOption {
            option: "max_depth",
            reason: format!("{} is not in 1..=30", options.max_depth),
        });
    }
    let max_games = match options.max_games {
        0 => options.count.saturating_mul(200),
        n => n,
    };
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    for index in 0..max_games as u64 {
        if puzzles.len() >= options.count {
            break;
        }
        let seed =
            SplitMix64::new(options.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64();
        for puzzle in puzzles_of_game(tables, options, seed, &mut seen)? {
            if puzzles.len() < options.count {
                puzzles.push(puzzle);
                progress(puzzles.len());
            }
        }
    }
    Ok(puzzles)
}

/// The puzzles met in one seeded engine game.
fn puzzles_of_game(
    tables: &Tablebase,
    options: &PuzzleOptions,
    seed: u64,
    seen: &mut HashSet<u128>,
) -> Result<Vec<Puzzle>, GenerateError> {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(*tables.rules());
    let opening = rng.below(7);
    let mut engines = Vec::new();
    for _ in 0..2 {
        let engine = Engine::new(EngineOptions {
            level: Some(1 + rng.below(20) as u8),
            seed: rng.next_u64(),
            hash_mb: 2,
            ..EngineOptions::default()
        })?;
        engines.push((engine, Limits::nodes(200 + rng.below(3000) as u64)));
    }
    let mut found = Vec::new();
    for ply in 0..options.max_plies {
        if game.is_game_over() || found.len() >= options.per_game {
            break;
        }
        if ply >= opening && seen.insert(symmetry_key(game.position())) {
            if let Some(puzzle) = puzzle_at(tables, options, &game)? {
                found.push(puzzle);
            }
        }
        let moves = game.legal_moves();
        let mv = if ply < opening {
            moves[rng.below(moves.len())]
        } else {
            let (engine, limits) = &mut engines[usize::from(game.side_to_move() == Side::Tiger)];
            engine.best_move(&game, limits)?
        };
        game.push_unchecked(mv);
    }
    Ok(found)
}

/// The puzzle of the game's current position, if exactly one move keeps
/// the value there.
fn puzzle_at(
    tables: &Tablebase,
    options: &PuzzleOptions,
    game: &Game,
) -> Result<Option<Puzzle>, GenerateError> {
    let position = *game.position();
    let keeps = match tables.probe(&position)?.value {
        Value::Win => Keeps::Win,
        Value::Draw => Keeps::Draw,
        Value::Loss => return Ok(None),
    };
    let moves = game.legal_moves();
    if moves.len() < 2 {
        return Ok(None);
    }
    let mut keeping = Vec::new();
    for &mv in &moves {
        if outcome_of(tables, &position, mv, keeps)?.is_none() {
            keeping.push(mv);
        }
    }
    let [solution] = keeping[..] else {
        return Ok(None);
    };

    // The most tempting wrong moves: the best by a two-ply search.
    let mut shallow = quiet_engine()?;
    let ranked = shallow.analyse(game, &Limits::depth(2), moves.len(), |_| {})?;
    let mut refutations = Vec::new();
    for line in &ranked.lines {
        let Some(mv) = line.first() else { continue };
        if mv == solution || refutations.len() >= options.refutations {
            continue;
        }
        if let Some(outcome) = outcome_of(tables, &position, mv, keeps)? {
            refutations.push(Refutation {
                mv,
                outcome,
                line: perfect_line(tables, game, mv, options.refutation_plies)?,
            });
        }
    }
    let one_ply = quiet_engine()?.analyse(game, &Limits::depth(1), 1, |_| {})?;
    let (depth, nodes) = depth_needed(game, solution, options.max_depth)?;

    let mut tags = vec![if position.goats_in_hand() > 0 {
        PuzzleTag::Placement
    } else {
        PuzzleTag::Movement
    }];
    if !crate::threats::landing_points(&position).is_empty() {
        tags.push(PuzzleTag::CaptureThreat);
    }
    if leaves_a_tiger_blocked(&position, solution) {
        tags.push(PuzzleTag::Blockade);
    }
    if one_ply.best_move != solution {
        tags.push(PuzzleTag::Trap);
    }
    Ok(Some(Puzzle {
        rules: *game.rules(),
        moves: game.moves().to_vec(),
        position: position.to_string(),
        keeps,
        solution,
        refutations,
        depth,
        nodes,
        difficulty: Puzzle::difficulty_of(depth),
        tags,
    }))
}

/// What `mv` gives its player when it does not keep `keeps`, or `None`
/// when it does.
fn outcome_of(
    tables: &Tablebase,
    position: &Position,
    mv: Move,
    keeps: Keeps,
) -> Result<Option<Outcome>, GenerateError> {
    let Ok(after) = position.play(mv) else {
        return Ok(None);
    };
    // The value after the move is the opponent's.
    let outcome = match (tables.probe(&after)?.value, keeps) {
        (Value::Loss, _) | (Value::Draw, Keeps::Draw) => None,
        (Value::Draw, Keeps::Win) => Some(Outcome::Draw),
        (Value::Win, _) => Some(Outcome::Loss),
    };
    Ok(outcome)
}

/// Perfect play for both sides after `mv`, at most `plies` plies.
fn perfect_line(
    tables: &Tablebase,
    game: &Game,
    mv: Move,
    plies: usize,
) -> Result<Vec<Move>, GenerateError> {
    let mut line_game = game.clone();
    line_game.push_unchecked(mv);
    let mut line = Vec::new();
    while line.len() < plies && !line_game.is_game_over() {
        let Some(&best) = PerfectPlayer::perfect_moves(tables, &line_game)?.first() else {
            break;
        };
        line.push(best);
        line_game.push_unchecked(best);
    }
    Ok(line)
}

/// The shallowest depth from which a full-strength search (no tables)
/// keeps choosing `solution`, and the nodes searched to reach it.
fn depth_needed(
    game: &Game,
    solution: Move,
    max_depth: u32,
) -> Result<(Option<u32>, u64), GenerateError> {
    let mut iterations: Vec<(u32, Move, u64)> = Vec::new();
    let analysis = quiet_engine()?.analyse(game, &Limits::depth(max_depth), 1, |progress| {
        if progress.multipv == 1 {
            if let Some(&first) = progress.pv.first() {
                iterations.push((progress.depth, first, progress.nodes));
            }
        }
    })?;
    // From the last iteration back, while the solution is chosen.
    let mut found = None;
    for &(depth, mv, nodes) in iterations.iter().rev() {
        if mv != solution {
            break;
        }
        found = Some((depth, nodes));
    }
    if analysis.best_move != solution {
        found = None;
    }
    Ok(match found {
        Some((depth, nodes)) => (Some(depth.max(1)), nodes),
        None => (None, analysis.nodes),
    })
}

/// A full-strength engine on one thread with the default evaluation.
fn quiet_engine() -> Result<Engine, EngineError> {
    Engine::new(EngineOptions {
        hash_mb: 4,
        evaluation: Evaluation::Default,
        ..EngineOptions::default()
    })
}

/// Whether the goats' `mv` leaves at least one tiger with no move.
fn leaves_a_tiger_blocked(position: &Position, mv: Move) -> bool {
    if position.side_to_move() != Side::Goat {
        return false;
    }
    let Ok(after) = position.play(mv) else {
        return false;
    };
    if after.is_game_over() {
        return true;
    }
    let movers = after
        .legal_moves()
        .iter()
        .filter_map(|m| m.from_point())
        .collect::<HashSet<_>>();
    movers.len() < after.tigers().len()
}
