//! `bagh probe`: the value, distance and best moves of positions, as text
//! or one JSON object per line.

use std::io::Write;

use bagh_core::{Move, Position};
use bagh_tablebase::{PlacementSolver, Probe, Tablebase, TablebaseError};
use serde::Serialize;

use crate::error::CliError;
use crate::position_arg::read_position;
use crate::ProbeArgs;

/// Slots of the search's transposition table with --search: 2^24 of
/// 8 bytes, 128 MiB.
const SEARCH_SLOTS_LOG2: u32 = 24;

/// What is known of one position.
struct Answer {
    position: Position,
    probe: Probe,
    /// `None` when the value came from a search, which gives the value only.
    moves: Option<TableMoves>,
}

/// The moves the tables give.
struct TableMoves {
    /// The moves that keep the value.
    best: Vec<Move>,
    /// Every legal move, with the probe after it (for the opponent).
    all: Vec<(Move, Probe)>,
}

/// Runs `bagh probe`.
pub fn run(args: &ProbeArgs) -> Result<(), CliError> {
    let (tables, texts) = match &args.rules {
        Some(id) => {
            let texts: Vec<&String> = std::iter::once(&args.dir).chain(&args.positions).collect();
            (crate::data_package::open(id)?, texts)
        }
        None if args.positions.is_empty() => return Err(CliError::usage(
            "give the tables' directory and at least one position (or --rules ID and positions)",
        )),
        None => (Tablebase::open(&args.dir)?, args.positions.iter().collect()),
    };
    // Every position is read before any is probed: bad input fails at once.
    let positions = texts
        .into_iter()
        .map(|text| read_position(text, *tables.rules()))
        .collect::<Result<Vec<Position>, CliError>>()?;
    let mut out = std::io::stdout().lock();
    for (i, position) in positions.into_iter().enumerate() {
        let answer = answer(&tables, position, args.search)?;
        if args.json {
            serde_json::to_writer(&mut out, &answer.json())?;
            writeln!(out)?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            answer.write_text(&mut out)?;
        }
    }
    Ok(())
}

/// Probes `position` in the tables, or searches it with `search` when the
/// placement layers it needs are not built.
fn answer(tables: &Tablebase, position: Position, search: bool) -> Result<Answer, CliError> {
    let probe = match tables.probe(&position) {
        Err(TablebaseError::PlacementMissing { .. }) if search => {
            let mut solver =
                PlacementSolver::new(crate::check::full_movement(tables)?, SEARCH_SLOTS_LOG2)?;
            return Ok(Answer {
                position,
                probe: Probe::new(solver.solve(&position)?, None),
                moves: None,
            });
        }
        probe => probe?,
    };
    let moves = TableMoves {
        best: tables.best_moves(&position)?,
        all: tables.probe_moves(&position)?,
    };
    Ok(Answer {
        position,
        probe,
        moves: Some(moves),
    })
}

/// One line of `--json`: the fields in the order people read them.
#[derive(Serialize)]
struct JsonAnswer {
    position: String,
    value: &'static str,
    distance: Option<u16>,
    best_moves: Option<Vec<String>>,
    moves: Option<Vec<JsonMove>>,
    /// `tables` or `search`.
    source: &'static str,
}

#[derive(Serialize)]
struct JsonMove {
    #[serde(rename = "move")]
    mv: String,
    value: &'static str,
    distance: Option<u16>,
}

impl Answer {
    /// `position`, `value`, `distance` (or null), `best_moves` and `moves`
    /// (each `{"move", "value", "distance"}`; both null after a search),
    /// and `source`: `tables` or `search`.
    fn json(&self) -> JsonAnswer {
        let moves = self.moves.as_ref();
        JsonAnswer {
            position: self.position.to_string(),
            value: self.probe.value.name(),
            distance: self.probe.distance,
            best_moves: moves.map(|m| m.best.iter().map(Move::to_string).collect()),
            moves: moves.map(|m| {
                m.all
                    .iter()
                    .map(|(mv, after)| JsonMove {
                        mv: mv.to_string(),
                        value: after.value.name(),
                        distance: after.distance,
                    })
                    .collect()
            }),
            source: if moves.is_some() { "tables" } else { "search" },
        }
    }

    fn write_text(&self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out, "position  {}", self.position)?;
        match &self.moves {
            None => writeln!(out, "value     {} (by search)", self.probe),
            Some(TableMoves { best, .. }) => {
                writeln!(out, "value     {}", self.probe)?;
                if best.is_empty() {
                    writeln!(out, "best      none: the game is over")
                } else {
                    let best: Vec<String> = best.iter().map(Move::to_string).collect();
                    writeln!(out, "best      {}", best.join(" "))
                }
            }
        }
    }
}
