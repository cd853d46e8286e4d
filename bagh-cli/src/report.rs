//! `bagh report`: a markdown report of what the tables hold. It reads the
//! tables only (no clock, no system figures), so the same tables give the
//! same report.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use bagh_core::{Move, Position};
use bagh_tablebase::{MovementTable, PlacementTable, Tablebase, Value};

use crate::check::{check_placement, Check, SEED};
use crate::error::CliError;
use crate::longest_win::longest_win;
use crate::numbers::thousands;
use crate::stats::{movement_table, placement_table};
use crate::ReportArgs;

/// Runs `bagh report`. A check that finds disagreements writes the report,
/// then fails.
pub fn run(args: &ReportArgs) -> Result<(), CliError> {
    let tables = Tablebase::open(&args.dir)?;
    let check = match args.check {
        0 => None,
        n => Some(check_placement(&tables, n)?),
    };
    let report = write_report(&tables, check.as_ref())?;
    match &args.out {
        Some(path) => std::fs::write(path, report)
            .map_err(|e| CliError::failure(format!("{}: {e}", path.display())))?,
        None => std::io::stdout().lock().write_all(report.as_bytes())?,
    }
    match check {
        Some(check) if !check.disagreements.is_empty() => Err(CliError::failure(format!(
            "{} of {} positions disagree with the search (listed in the report)",
            check.disagreements.len(),
            check.compared
        ))),
        _ => Ok(()),
    }
}

fn write_report(tables: &Tablebase, check: Option<&Check>) -> Result<String, CliError> {
    let rules = *tables.rules();
    let dir = tables.dir();
    let stats = tables.statistics()?;
    let mut md = String::new();
    writeln!(md, "# The tablebase of `{rules}`\n")?;
    writeln!(
        md,
        "Written by `bagh report{}`.\n\
         Values are for the side to move; distances are plies to the end of the game\n\
         under perfect play (see `docs/tablebase.md`).\n",
        shown_args()
    )?;
    writeln!(md, "- rule set: `{rules}`")?;
    writeln!(md, "- {}", start_line(tables)?)?;
    writeln!(
        md,
        "- movement table: {} positions up to symmetry (counted by Burnside's lemma: {}), \
         `{}` of {} bytes",
        thousands(stats.movement.positions),
        thousands(MovementTable::count_positions(&rules)),
        Tablebase::MOVEMENT_FILE,
        thousands(file_size(&Tablebase::movement_path(dir))?)
    )?;
    match &stats.placement {
        Some(placement) => {
            let layers = PlacementTable::layer_paths(dir, &rules);
            let bytes = layers
                .iter()
                .map(|path| file_size(path))
                .sum::<Result<u64, CliError>>()?;
            writeln!(
                md,
                "- placement layers: {} positions up to symmetry with goats in hand and the \
                 goats to move, stored as {} entries of 2 bits (a tiger-to-move position is \
                 probed with one ply), {} layer files of {} bytes in all",
                thousands(placement.positions),
                thousands(PlacementTable::entries(&rules)),
                layers.len(),
                thousands(bytes)
            )?;
        }
        None => writeln!(md, "- placement layers: not built")?,
    }
    if let Some(check) = check {
        writeln!(
            md,
            "- checked against `PlacementSolver` (alpha-beta search, another method) on \
             {} random positions with 1 to 8 goats in hand, either side to move \
             (random games, seed {SEED}): {} agree",
            check.compared,
            check.compared - check.disagreements.len()
        )?;
        for (position, searched, stored) in &check.disagreements {
            writeln!(
                md,
                "  - disagree: `{position}`: search {searched}, table {stored}"
            )?;
        }
    }

    writeln!(
        md,
        "\n## The movement phase: wins, draws and losses for the side to move\n"
    )?;
    writeln!(
        md,
        "Positions with no goats in hand, up to symmetry, by goats captured and side to move.\n"
    )?;
    write!(md, "{}", movement_table(&stats.movement).markdown())?;
    if let Some(win) = longest_win(tables, &stats.movement)? {
        writeln!(
            md,
            "\nThe longest forced win: {}s to move win in {} plies from `{}`.\n\
             One line of best moves (checked by playing it out):\n\n```text\n{}\n```",
            win.position.side_to_move(),
            win.distance,
            win.position,
            line(&win.line)
        )?;
    }
    if let Some(placement) = &stats.placement {
        writeln!(
            md,
            "\n## The placement phase: wins, draws and losses for the goats to move\n"
        )?;
        writeln!(
            md,
            "Positions with goats in hand and the goats to move, up to symmetry, by goats\n\
             placed and captured.\n"
        )?;
        write!(md, "{}", placement_table(placement).markdown())?;
    }
    Ok(md)
}

/// The start's value in words, when the placement layers know it.
fn start_line(tables: &Tablebase) -> Result<String, CliError> {
    if tables.placement().is_none() {
        return Ok("the start's value: unknown without the placement layers".into());
    }
    let start = Position::new(*tables.rules());
    let value = tables.probe(&start)?.value;
    let side = start.side_to_move();
    let meaning = match value {
        Value::Draw => "neither side can force a win".to_string(),
        Value::Win => format!("the {side}s win with perfect play"),
        Value::Loss => format!("the {}s win with perfect play", !side),
    };
    Ok(format!(
        "**the start is a {value} for the {side}s** (to move), so {meaning}"
    ))
}

/// The size of a file of the tables.
fn file_size(path: &Path) -> Result<u64, CliError> {
    std::fs::metadata(path)
        .map(|m| m.len())
        .map_err(|e| CliError::failure(format!("{}: {e}", path.display())))
}

fn line(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The arguments after `bagh report`, quoted where needed.
fn shown_args() -> String {
    std::env::args()
        .skip(2)
        .map(|a| {
            if a.contains(' ') {
                format!(" \"{a}\"")
            } else {
                format!(" {a}")
            }
        })
        .collect()
}
