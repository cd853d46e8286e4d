//! `bagh puzzles`: verified puzzles (`bagh_engine::puzzles`) written to a
//! JSON file, with a progress bar.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use bagh_engine::puzzles::{generate, GenerateError, PuzzleOptions};
use bagh_tablebase::Tablebase;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::error::CliError;

/// Find verified puzzles: positions of engine games where exactly one move keeps the value.
///
/// Each puzzle has its solution (proved by the tables), the refutation of the
/// tempting wrong moves, the depth a search needs to find it, a difficulty
/// from 1 to 5 and tags. The file is a JSON list (the fields are in
/// docs/web.md); `bagh serve --puzzles FILE` trains with it. The same seed
/// gives the same puzzles.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh puzzles --tables target/tablebases/bagh-chal --count 50 --out puzzles.json
  bagh serve --tables target/tablebases/bagh-chal --puzzles puzzles.json")]
pub struct PuzzlesArgs {
    /// The tables that prove the answers (full or compressed).
    #[arg(long, value_name = "DIR")]
    pub tables: PathBuf,
    /// Puzzles to find.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub count: usize,
    /// The JSON file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The seed of the games.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// The deepest search tried to rate a puzzle (1 to 30).
    #[arg(long, value_name = "PLIES", default_value_t = 10)]
    pub max_depth: u32,
    /// No progress bar (it is hidden anyway when stderr is not a terminal).
    #[arg(long, short)]
    pub quiet: bool,
}

/// Runs `bagh puzzles`.
pub fn run(args: &PuzzlesArgs) -> Result<(), CliError> {
    let tables = Tablebase::open(&args.tables)?;
    let options = PuzzleOptions {
        count: args.count,
        seed: args.seed,
        max_depth: args.max_depth,
        ..PuzzleOptions::default()
    };
    let total = args.count as u64;
    let bar = if !args.quiet && std::io::stderr().is_terminal() {
        ProgressBar::new(total)
    } else {
        ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden())
    };
    bar.set_style(
        ProgressStyle::with_template("puzzles {bar:40} {pos}/{len} ({eta})")
            .map_err(CliError::failure)?,
    );
    let found = generate(&tables, &options, |n| bar.set_position(n as u64));
    bar.finish_and_clear();
    let puzzles = found.map_err(|e| match e {
        GenerateError::InvalidOption { .. } => CliError::usage(e),
        e => CliError::failure(e),
    })?;
    let text = serde_json::to_string_pretty(&puzzles).map_err(CliError::failure)?;
    let temporary = args.out.with_extension("json.partial");
    std::fs::write(&temporary, text + "\n")
        .and_then(|()| std::fs::rename(&temporary, &args.out))
        .map_err(|e| CliError::failure(format!("{}: {e}", args.out.display())))?;
    writeln!(
        std::io::stdout().lock(),
        "{} puzzles of {} written to {}",
        puzzles.len(),
        tables.rules(),
        args.out.display()
    )?;
    if puzzles.len() < args.count {
        eprintln!("fewer puzzles than asked: the games held no more");
    }
    Ok(())
}
