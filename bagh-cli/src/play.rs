//! `bagh play`: a person plays the engine in the terminal. The board is
//! drawn after every move; the person types moves or `undo`, `hint`,
//! `moves`, `help`, `quit`; the end prints the result and the record.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bagh_core::{Game, Move, Ruleset, Side};
use bagh_engine::{Engine, EngineOptions, Limits};
use clap::Args;

use crate::analyse::moves_text;
use crate::engine_setup::{open_tables, rules_of};
use crate::error::CliError;

/// Play a game against the engine in the terminal.
///
/// Type moves in the notation (`c3`, `a1a2`, `a1xa3`), or `undo` (takes
/// back your last move and the engine's answer), `hint` (the engine's
/// suggestion), `moves` (the legal moves), `quit`. The end prints the result
/// and the game's record.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh play
  bagh play two-tigers --side tiger --level 15 --seed 7")]
pub struct PlayArgs {
    /// The rule set: a preset id or a rule set's text form [default: the tables' rule set, or bagh-chal].
    #[arg(value_name = "RULES")]
    pub rules: Option<Ruleset>,
    /// The side you play; the goats move first.
    #[arg(long, value_enum, default_value_t = PlaySide::Goat)]
    pub side: PlaySide,
    /// The engine's level, 1 (weakest) to 20: it plays without tables [default: 10, or full strength with --tables].
    #[arg(long, value_name = "1..20", value_parser = clap::value_parser!(u8).range(1..=20))]
    pub level: Option<u8>,
    /// The seed of the engine's choices [default: from the clock].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// A tablebase directory of the rule set: without --level the engine plays at full strength, perfectly where the tables answer; a level plays without them (hints still use them).
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// The engine's time per move in seconds.
    #[arg(long, value_name = "SECONDS", default_value = "1", allow_negative_numbers = true, value_parser = crate::parse_seconds)]
    pub time: Duration,
}

/// The side a person plays.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlaySide {
    /// The goats (player 1, they move first).
    Goat,
    /// The tigers.
    Tiger,
}

const HELP: &str = "\
Type a move (c3 places a goat, a1a2 steps, a1xa3 captures), or:
  undo   take back your last move and the engine's answer
  hint   the engine's suggestion
  moves  the legal moves
  help   this list
  quit   stop the game";

/// What the person typed.
enum Input {
    Move(Move),
    Undo,
    Hint,
    Moves,
    Help,
    Quit,
    Nothing,
}

/// A line typed, in any case (`C3`, `A1XA3` and `Hint` read as their
/// lowercase forms).
fn read_input(text: &str) -> Result<Input, String> {
    Ok(match text.trim().to_ascii_lowercase().as_str() {
        "" => Input::Nothing,
        "undo" => Input::Undo,
        "hint" => Input::Hint,
        "moves" => Input::Moves,
        "help" | "?" => Input::Help,
        "quit" | "exit" => Input::Quit,
        text => Input::Move(text.parse().map_err(|e| format!("{e}"))?),
    })
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Goat => "goats",
        Side::Tiger => "tigers",
    }
}

/// Runs `bagh play`.
pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let tables = open_tables(args.tables.as_deref())?;
    let rules = rules_of(args.rules, tables.as_deref())?;
    // One rule everywhere: a level plays without tables; tables without a
    // level play at full strength.
    let level = match (args.level, &tables) {
        (Some(level), _) => Some(level),
        (None, Some(_)) => None,
        (None, None) => Some(10),
    };
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut engine = Engine::new(EngineOptions {
        level,
        seed,
        tablebase: tables,
        ..EngineOptions::default()
    })?;
    let person = match args.side {
        PlaySide::Goat => Side::Goat,
        PlaySide::Tiger => Side::Tiger,
    };
    let limits = Limits::time(args.time);
    let mut game = Game::new(rules);
    let mut out = std::io::stdout().lock();
    let strength = level.map_or("full strength with tables".to_string(), |l| {
        format!("level {l}")
    });
    writeln!(
        out,
        "You play the {} against bagh at {strength} (rules {rules}, seed {seed}).\n{HELP}\n",
        side_name(person)
    )?;
    writeln!(out, "{}", game.line_board())?;
    let mut lines = std::io::stdin().lock().lines();
    let mut quit = false;
    while !game.is_game_over() {
        if game.side_to_move() != person {
            let mv = engine.best_move(&game, &limits)?;
            game.push(mv)?;
            writeln!(out, "bagh plays {mv}\n\n{}", game.line_board())?;
            continue;
        }
        write!(out, "your move ({}): ", side_name(person))?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            quit = true;
            break;
        };
        match read_input(&line?) {
            Err(reason) => writeln!(out, "{reason}; type `help` for help")?,
            Ok(Input::Nothing) => {}
            Ok(Input::Help) => writeln!(out, "{HELP}")?,
            Ok(Input::Quit) => {
                quit = true;
                break;
            }
            Ok(Input::Moves) => writeln!(out, "legal moves: {}", moves_text(&game.legal_moves()))?,
            Ok(Input::Hint) => {
                let analysis = engine.analyse(&game, &limits, 1, |_| {})?;
                writeln!(
                    out,
                    "hint: {} ({})",
                    analysis.best_move,
                    analysis.score.pov(game.side_to_move())
                )?;
            }
            Ok(Input::Undo) => {
                if undo(&mut game, person) {
                    writeln!(out, "taken back\n\n{}", game.line_board())?;
                } else {
                    writeln!(out, "nothing to take back")?;
                }
            }
            Ok(Input::Move(mv)) => match game.push(mv) {
                Ok(()) => writeln!(out, "\n{}", game.line_board())?,
                Err(error) => writeln!(out, "{error}")?,
            },
        }
    }
    match game.outcome() {
        Some(outcome) if !quit => {
            let verdict = match outcome.winner {
                Some(side) if side == person => "you win",
                Some(_) => "bagh wins",
                None => "a draw",
            };
            writeln!(out, "\nThe game is over: {outcome}, {verdict}.")?;
        }
        _ => writeln!(out, "\nThe game is left unfinished.")?,
    }
    write!(out, "\n{}", game.to_record())?;
    Ok(())
}

/// Takes back the person's last move and everything after it (the
/// engine's answer); `false`, changing nothing, when the person has not
/// moved yet.
fn undo(game: &mut Game, person: Side) -> bool {
    let moved = (0..game.len()).any(|ply| game.positions()[ply].side_to_move() == person);
    if !moved {
        return false;
    }
    while game.pop().is_some() {
        if game.side_to_move() == person {
            break;
        }
    }
    true
}
