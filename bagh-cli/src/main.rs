//! The `bagh` command line: perft, tablebase builds, probes, statistics,
//! checks and reports for Bagh-Chal and its relatives.
//!
//! This file holds the arguments (clap's derive API) and the dispatch; each
//! subcommand has its own module. Every answer comes from `bagh-core` and
//! `bagh-tablebase`: the modules read arguments and print, nothing more.

mod build;
mod check;
mod error;
mod longest_win;
mod numbers;
mod perft;
mod position_arg;
mod probe;
mod progress;
mod report;
mod rng;
mod stats;
mod stats_json;
mod table;
mod verify;

use std::path::PathBuf;
use std::process::ExitCode;

use bagh_core::Ruleset;
use clap::{Args, Parser, Subcommand};

/// The notation and the exit codes, shown under `bagh --help`.
const MAIN_AFTER_HELP: &str = "\
Rule sets (RULES, --rules): a preset id (bagh-chal, bagh-chal-blocked-loses,
two-tigers) or a rule set's text form, e.g. \"tigers=c3 goats=4 capture_target=1\"
(fields not given keep the values of bagh-chal).
Positions: a position string such as \"T3T/5/5/5/T3T g 20 0\", or `start`.
Values are for the side to move; distances are plies to the end of the game.

Exit codes:
  0  success
  1  failure: a table that is missing, damaged or for another rule set, a
     build that cannot run, a check that does not hold (the message goes to
     stderr as `error: ...`, with its causes)
  2  bad usage: an unknown flag or a missing argument, and also a rule set
     or a position string that does not parse (bad input on the command line)

Examples:
  bagh perft 4
  bagh build two-tigers --threads 2
  bagh probe tablebases/bagh-chal start \"T3T/5/2G2/5/T3T t 19 0\"
  bagh report tablebases/bagh-chal --check 100 --out report.md";

/// Bagh-Chal (tigers and goats): perft, and the tablebases that solve it.
#[derive(Parser, Debug)]
#[command(name = "bagh", version, after_help = MAIN_AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Perft(PerftArgs),
    Build(BuildArgs),
    Probe(ProbeArgs),
    Stats(StatsArgs),
    Verify(VerifyArgs),
    Report(ReportArgs),
}

/// Count the leaves of the legal-move tree to a depth (checks a move generator).
///
/// Prints `MOVE COUNT` per legal move with --divide, then `nodes N` as the
/// last line of stdout; the rule set, position, time and speed go to stderr.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh perft 4                            # 68204 from the bagh-chal start
  bagh perft --rules two-tigers --divide 3
  bagh perft --position \"T3T/5/2G2/5/T3T t 19 0\" --threads 0 6")]
pub struct PerftArgs {
    /// The rule set: a preset id or a rule set's text form.
    #[arg(long, value_name = "ID|TEXT", default_value = "bagh-chal")]
    pub rules: Ruleset,
    /// The position to count from (default: the rule set's start).
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Threads; 0 for one per core.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// Print the count below each legal move.
    #[arg(long)]
    pub divide: bool,
    /// Plies to count.
    pub depth: u32,
}

/// Build the tablebase of a rule set: the movement table, then the placement layers.
///
/// A build that was stopped resumes where it was when run again (finished
/// layers are kept). Progress bars go to stderr; at the end the start's
/// value and the wall time are printed.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh build                              # bagh-chal into tablebases/bagh-chal
  bagh build two-tigers --movement-only --threads 2
  bagh build \"tigers=c3 goats=4 capture_target=1\" --dir /tmp/tiny")]
pub struct BuildArgs {
    /// The rule set: a preset id or a rule set's text form.
    #[arg(value_name = "RULES", default_value = "bagh-chal")]
    pub rules: Ruleset,
    /// The tablebase directory [default: tablebases/ID for a preset ID; required for any other rule set].
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Build only the movement table (positions with no goats in hand).
    #[arg(long)]
    pub movement_only: bool,
    /// Threads; 0 for one per core.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
    /// The most memory the build may hold, in GiB [default: 4]; a build that needs more is refused before it starts.
    #[arg(long, value_name = "GIB", value_parser = parse_gib)]
    pub memory: Option<u64>,
    /// No progress bars (they are hidden anyway when stderr is not a terminal).
    #[arg(long, short)]
    pub quiet: bool,
}

/// Probe positions in a tablebase: value, distance and best moves.
///
/// The rule set is read from the tables. Each move's probe is for the side
/// to move after it (the opponent). Positions with goats in hand need the
/// placement layers; with --search a directory holding only the movement
/// table answers them by alpha-beta search instead (value only, and slow
/// with many goats in hand).
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh probe tablebases/bagh-chal start
  bagh probe tablebases/bagh-chal --json \"GGGGG/GGGGG/2TGG/TGG1G/GTGTG t 0 2\"
  bagh probe tablebases/bagh-chal --search \"G3G/5/1TGT1/1T1T1/GGGGG g 12 0\"")]
pub struct ProbeArgs {
    /// The tablebase directory.
    pub dir: PathBuf,
    /// Position strings, or `start`.
    #[arg(required = true, value_name = "POSITION")]
    pub positions: Vec<String>,
    /// One JSON object per line and position: position, value, distance
    /// (or null), best_moves, and moves (each with its probe).
    #[arg(long)]
    pub json: bool,
    /// Answer positions with goats in hand by search when the placement
    /// layers are not built.
    #[arg(long)]
    pub search: bool,
}

/// Count wins, draws and losses in a tablebase, by layer.
///
/// The movement table by goats captured and side to move (values for the
/// side to move, with the longest win); the placement layers by goats placed
/// and captured (values for the goats, to move). Reads every layer file.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh stats tablebases/bagh-chal
  bagh stats tablebases/bagh-chal --json")]
pub struct StatsArgs {
    /// The tablebase directory.
    pub dir: PathBuf,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
}

/// Check every file of a tablebase against its checksum.
///
/// Prints OK, or fails (exit code 1) naming the damaged file.
#[derive(Args, Debug)]
#[command(after_help = "\
Example:
  bagh verify tablebases/bagh-chal")]
pub struct VerifyArgs {
    /// The tablebase directory.
    pub dir: PathBuf,
}

/// Write a markdown report of a tablebase.
///
/// The rule set, the counts of positions, the file sizes, the wins, draws
/// and losses of both tables, the longest forced win with a line of best
/// moves played out, and the start's value. With --check, the placement
/// layers are compared with an alpha-beta search on random positions (fails
/// with exit code 1 if any disagree, after writing the report).
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh report tablebases/bagh-chal
  bagh report tablebases/bagh-chal --check 100 --out docs/tablebase-bagh-chal.md")]
pub struct ReportArgs {
    /// The tablebase directory.
    pub dir: PathBuf,
    /// The markdown file to write [default: stdout].
    #[arg(long, short, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Compare the placement layers with a search on N positions with 1 to 8
    /// goats in hand, from random play with a fixed seed.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub check: usize,
}

/// Reads a positive number of GiB as bytes.
fn parse_gib(text: &str) -> Result<u64, String> {
    let gib: f64 = text.parse().map_err(|_| "not a number".to_string())?;
    if !(gib > 0.0 && gib < 1e9) {
        return Err("a number of GiB above 0".into());
    }
    Ok((gib * f64::from(1u32 << 30)) as u64)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Build(args) => build::run(args),
        Command::Probe(args) => probe::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Report(args) => report::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => error.exit(),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_arguments_are_consistent() {
        super::Cli::command().debug_assert();
    }
}
