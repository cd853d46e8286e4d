//! `bagh datagen`: training positions labelled by the tables
//! (`bagh_engine::datagen`), with a progress bar and a summary.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use bagh_engine::datagen::{generate, DatagenError, DatagenOptions};
use bagh_tablebase::Tablebase;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::error::CliError;
use crate::numbers::thousands;
use crate::DatagenArgs;

/// Runs `bagh datagen`.
pub fn run(args: &DatagenArgs) -> Result<(), CliError> {
    let tables = Tablebase::open(&args.tables)?;
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    let options = DatagenOptions {
        positions: args.positions,
        seed: args.seed,
        engine_share: args.engine_share,
        max_plies: args.max_plies,
        threads,
    };
    let bar = if !args.quiet && std::io::stderr().is_terminal() {
        ProgressBar::new(args.positions)
    } else {
        ProgressBar::with_draw_target(Some(args.positions), ProgressDrawTarget::hidden())
    };
    bar.set_style(
        ProgressStyle::with_template("positions {bar:40} {pos}/{len} {msg} ({eta})")
            .map_err(CliError::failure)?,
    );
    let started = Instant::now();
    let made = generate(&tables, &options, &args.out, |p| {
        bar.set_position(p.positions.min(p.wanted));
        bar.set_message(format!("{} games", p.games));
    });
    bar.finish_and_clear();
    let summary = made.map_err(|e| match e {
        DatagenError::InvalidOption { .. } => CliError::usage(e),
        e => CliError::failure(e),
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    writeln!(out, "rules        {}", tables.rules())?;
    writeln!(out, "directory    {}", args.out.display())?;
    writeln!(
        out,
        "games        {} ({} engine self-play)",
        thousands(summary.games),
        thousands(summary.engine_games)
    )?;
    writeln!(out, "train        {}", thousands(summary.train))?;
    writeln!(out, "validation   {}", thousands(summary.validation))?;
    writeln!(out, "heldout      {}", thousands(summary.heldout))?;
    writeln!(out, "duplicates   {}", thousands(summary.duplicates))?;
    writeln!(out, "time         {seconds:.1} s")?;
    Ok(())
}
