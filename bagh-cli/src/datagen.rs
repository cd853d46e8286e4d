//! `bagh datagen`: training positions labelled by the tables
//! (`bagh_engine::datagen`), with a progress bar and a summary.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use bagh_engine::datagen::{generate, DatagenError, DatagenOptions};
use bagh_tablebase::Tablebase;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::error::CliError;
use crate::numbers::thousands;

/// Make training data: positions of realistic games labelled with the tables' values.
///
/// Engine self-play at varied levels and perfect play with noise, from random
/// openings; every position with its value for the side to move (and its
/// distance where the tables know one), deduplicated up to symmetry and split
/// by game into OUT/train.bpos, OUT/validation.bpos and OUT/heldout.bpos
/// (the format is in docs/network.md). The same seed gives the same files.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh datagen --tables target/tablebases/bagh-chal --out data/bagh-chal --positions 20000000
  python3 training/train_eval.py --data data/bagh-chal --out bagh-chal.bnn")]
pub struct DatagenArgs {
    /// The tables that label the positions (full or compressed).
    #[arg(long, value_name = "DIR")]
    pub tables: PathBuf,
    /// The directory of the position files (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Positions to make, at least (over the three files).
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub positions: u64,
    /// The seed of the games.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// The share of games of engine self-play, from 0 to 1 (the others are perfect play with noise).
    #[arg(long, value_name = "F", default_value_t = 0.25)]
    pub engine_share: f64,
    /// Plies at most in a game.
    #[arg(long, value_name = "N", default_value_t = 300)]
    pub max_plies: u32,
    /// Threads; 0 for one per core.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
    /// No progress bar (it is hidden anyway when stderr is not a terminal).
    #[arg(long, short)]
    pub quiet: bool,
}

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
