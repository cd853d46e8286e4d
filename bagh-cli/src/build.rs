//! `bagh build`: `Tablebase::build` (or `build_movement`) with progress
//! bars, then the start's value and the wall time.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use bagh_core::Position;
use bagh_tablebase::{BuildOptions, MovementTable, PlacementTable, Tablebase};

use crate::error::CliError;
use crate::numbers::thousands;
use crate::progress::BuildBars;
use crate::BuildArgs;

/// Runs `bagh build`.
pub fn run(args: &BuildArgs) -> Result<(), CliError> {
    let rules = args.rules;
    let dir = match (&args.dir, rules.preset_id()) {
        (Some(dir), _) => dir.clone(),
        (None, Some(id)) => PathBuf::from("target").join("tablebases").join(id),
        (None, None) => {
            return Err(CliError::usage(
                "a rule set that is not a preset needs --dir DIR",
            ))
        }
    };
    let bars = BuildBars::new(args.quiet);
    let mut options = BuildOptions {
        threads: args.threads,
        on_progress: bars.callback(),
        ..BuildOptions::default()
    };
    if let Some(bytes) = args.memory {
        options.memory_budget = bytes;
    }
    let started = Instant::now();
    let built = if args.movement_only {
        Tablebase::build_movement(rules, &dir, &options)
    } else {
        Tablebase::build(rules, &dir, &options)
    };
    bars.finish(built.is_ok());
    let tables = built?;
    let seconds = started.elapsed().as_secs_f64();

    let mut out = std::io::stdout().lock();
    writeln!(out, "rules      {rules}")?;
    writeln!(out, "dir        {}", dir.display())?;
    writeln!(
        out,
        "movement   {} positions up to symmetry",
        thousands(MovementTable::count_positions(&rules))
    )?;
    if tables.placement().is_some() {
        writeln!(
            out,
            "placement  {} entries",
            thousands(PlacementTable::entries(&rules))
        )?;
        let start = Position::new(rules);
        let probe = tables.probe(&start)?;
        writeln!(
            out,
            "start      {probe} for the {}s (to move)",
            start.side_to_move()
        )?;
    } else {
        writeln!(out, "placement  not built")?;
    }
    writeln!(out, "time       {seconds:.1} s")?;
    if let Some(out_dir) = &args.compressed {
        if tables.placement().is_none() {
            return Err(CliError::usage(
                "--compressed compresses the whole game, and --movement-only builds no placement layers",
            ));
        }
        let out_dir = out_dir.clone().unwrap_or_else(|| {
            let mut name = dir.as_os_str().to_owned();
            name.push("-compressed");
            PathBuf::from(name)
        });
        drop(out);
        let layers = crate::compress::layers(args.alternate_layers, &args.leave_out);
        crate::compress::compress(&tables, &out_dir, layers, None, args.threads, args.quiet)?;
    }
    Ok(())
}
