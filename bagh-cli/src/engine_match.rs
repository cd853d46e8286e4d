//! `bagh match`: two players of the engine (each a level or full
//! strength) play pairs of games from varied openings, each opening once
//! with either side; the wins, draws and losses of the first player give
//! an Elo difference with a 95% interval (see [`crate::elo`]).

use std::io::Write;
use std::time::Duration;

use bagh_core::{random_game, Game, Position, Ruleset, Side};
use bagh_engine::{Engine, EngineOptions, Limits};

use crate::elo::{format_elo, Tally};
use crate::engine_setup::{open_tables, rules_of};
use crate::error::CliError;
use crate::MatchArgs;

/// A game longer than this is stopped and counted as a draw.
const MAX_PLIES: usize = 1_000;
/// The move time when no limit is given.
const DEFAULT_TIME: Duration = Duration::from_millis(100);
/// Openings tried for one pair before giving up on one that is not over.
const OPENING_TRIES: u64 = 100;

/// One player: its name for the output and the records, and its engine.
struct Player {
    name: String,
    engine: Engine,
}

fn player(
    label: &str,
    level: u8,
    tables: Option<&std::sync::Arc<bagh_tablebase::Tablebase>>,
) -> Result<Player, CliError> {
    let level = (level > 0).then_some(level);
    let name = match level {
        Some(level) => format!("{label} (level {level})"),
        None if tables.is_some() => format!("{label} (full strength, tables)"),
        None => format!("{label} (full strength)"),
    };
    let engine = Engine::new(EngineOptions {
        level,
        tablebase: tables.cloned(),
        ..EngineOptions::default()
    })?;
    Ok(Player { name, engine })
}

/// The opening of pair `pair`: `plies` random moves from the start, seeded
/// by `seed` and the pair, that do not end the game.
fn opening(rules: Ruleset, seed: u64, pair: u64, plies: u32) -> Game {
    let start = Position::new(rules);
    (0..OPENING_TRIES)
        .map(|attempt| {
            let mixed = seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(pair.wrapping_mul(1_000_003))
                .wrapping_add(attempt);
            random_game(start, mixed, plies)
        })
        .find(|game| !game.is_game_over())
        .unwrap_or_else(|| Game::from_position(start))
}

/// Plays `game` on with `goats` and `tigers`; `true` when it ended by the
/// rules, `false` when it was stopped at [`MAX_PLIES`].
fn play(
    game: &mut Game,
    goats: &mut Engine,
    tigers: &mut Engine,
    limits: &Limits,
) -> Result<bool, CliError> {
    while !game.is_game_over() {
        if game.len() >= MAX_PLIES {
            return Ok(false);
        }
        let engine = match game.side_to_move() {
            Side::Goat => &mut *goats,
            Side::Tiger => &mut *tigers,
        };
        let mv = engine.best_move(game, limits)?;
        game.push(mv)?;
    }
    Ok(true)
}

/// Runs `bagh match`.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    let tables = open_tables(args.tables.as_deref())?;
    let rules = rules_of(args.rules, tables.as_deref());
    let mut a = player("A", args.level_a, tables.as_ref())?;
    let mut b = player("B", args.level_b, tables.as_ref())?;
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        time: args.time.or(match (args.depth, args.nodes) {
            (None, None) => Some(DEFAULT_TIME),
            _ => None,
        }),
        infinite: false,
    };
    let mut records = match &args.out {
        Some(path) => Some(std::io::BufWriter::new(std::fs::File::create(path)?)),
        None => None,
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{} against {}, rules {rules}", a.name, b.name)?;
    let mut tally = Tally::default();
    for index in 0..args.games {
        let pair = u64::from(index / 2);
        let a_goats = index % 2 == 0;
        let mut game = opening(rules, args.seed, pair, args.opening_plies);
        let opening_len = game.len();
        let seed = args.seed.wrapping_add(u64::from(index));
        for p in [&mut a, &mut b] {
            let options = EngineOptions {
                seed,
                ..p.engine.options().clone()
            };
            p.engine.set_options(options)?;
            p.engine.new_game();
        }
        let (goats, tigers) = if a_goats {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        let finished = play(&mut game, &mut goats.engine, &mut tigers.engine, &limits)?;
        let winner = game.outcome().and_then(|o| o.winner);
        let a_side = if a_goats { Side::Goat } else { Side::Tiger };
        match winner {
            Some(side) if side == a_side => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        let result = match game.outcome() {
            Some(outcome) => outcome.to_string(),
            None => format!("stopped after {MAX_PLIES} plies, counted as a draw"),
        };
        writeln!(
            out,
            "game {}: {} goats, {} tigers, {} opening plies: {result} in {} plies",
            index + 1,
            goats.name,
            tigers.name,
            opening_len,
            game.len()
        )?;
        if let Some(file) = &mut records {
            let mut record = game.to_record();
            record.set_tag("Event", "bagh match")?;
            record.set_tag("Round", &(index + 1).to_string())?;
            record.set_tag("Goats", &goats.name)?;
            record.set_tag("Tigers", &tigers.name)?;
            if !finished {
                record.set_tag("Termination", "stopped: too long")?;
            }
            writeln!(file, "{record}")?;
        }
    }
    if let Some(mut file) = records {
        file.flush()?;
    }
    let estimate = tally.elo();
    writeln!(
        out,
        "{} games, for A: {} wins, {} draws, {} losses, score {:.1}%",
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score()
    )?;
    writeln!(
        out,
        "Elo difference A - B: {} (95% interval {} to {})",
        format_elo(estimate.difference),
        format_elo(estimate.low),
        format_elo(estimate.high)
    )?;
    Ok(())
}
