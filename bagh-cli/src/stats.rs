//! `bagh stats`: the counts of `Tablebase::statistics`, as tables or JSON.
//! The tables are shared with `bagh report`.

use std::io::Write;

use bagh_tablebase::{MovementStatistics, PlacementStatistics, Tablebase};

use crate::error::CliError;
use crate::numbers::thousands;
use crate::stats_json::JsonStatistics;
use crate::table::Table;
use crate::StatsArgs;

/// Runs `bagh stats`.
pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let tables = Tablebase::open(&args.dir)?;
    let stats = tables.statistics()?;
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &JsonStatistics::new(tables.rules(), &stats))?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "rules      {}", tables.rules())?;
    writeln!(
        out,
        "movement   {} positions up to symmetry, values for the side to move\n",
        thousands(stats.movement.positions)
    )?;
    write!(out, "{}", movement_table(&stats.movement).text())?;
    match &stats.placement {
        Some(placement) => {
            writeln!(
                out,
                "\nplacement  {} positions up to symmetry, values for the goats (to move)\n",
                thousands(placement.positions)
            )?;
            write!(out, "{}", placement_table(placement).text())?;
        }
        None => writeln!(out, "\nplacement  not built")?,
    }
    Ok(())
}

/// Wins, draws and losses of the movement table by goats captured and side
/// to move, with the longest win.
pub fn movement_table(stats: &MovementStatistics) -> Table {
    Table {
        header: vec![
            "captured",
            "to move",
            "positions",
            "wins",
            "draws",
            "losses",
            "longest win",
        ],
        left: vec![1],
        rows: stats
            .layers
            .iter()
            .map(|l| {
                vec![
                    l.captured.to_string(),
                    l.side.to_string(),
                    thousands(l.positions),
                    thousands(l.wins),
                    thousands(l.draws),
                    thousands(l.losses),
                    l.longest_win
                        .as_ref()
                        .map_or("-".into(), |(d, _)| d.to_string()),
                ]
            })
            .collect(),
    }
}

/// Wins, draws and losses of the placement layers for the goats (to move),
/// by goats placed and captured.
pub fn placement_table(stats: &PlacementStatistics) -> Table {
    Table {
        header: vec![
            "placed",
            "captured",
            "positions",
            "goats win",
            "draw",
            "tigers win",
        ],
        left: vec![],
        rows: stats
            .layers
            .iter()
            .map(|l| {
                vec![
                    l.placed.to_string(),
                    l.captured.to_string(),
                    thousands(l.positions),
                    thousands(l.wins),
                    thousands(l.draws),
                    thousands(l.losses),
                ]
            })
            .collect(),
    }
}
