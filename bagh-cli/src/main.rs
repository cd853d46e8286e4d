//! The `bagh` command line: perft, tablebase builds, probes, statistics,
//! checks and reports for Bagh-Chal and its relatives, and the engine:
//! analysis, the UGI line protocol and games against a person.
//!
//! This file holds the arguments (clap's derive API) and the dispatch; each
//! subcommand has its own module. Every answer comes from `bagh-core`,
//! `bagh-tablebase` and `bagh-engine`: the modules read arguments and
//! print, nothing more.

mod analyse;
mod build;
mod check;
mod clock;
mod compress;
mod data_package;
mod datagen;
mod engine_match;
mod engine_setup;
mod error;
mod longest_win;
mod numbers;
mod perft;
mod play;
mod position_arg;
mod probe;
mod progress;
mod puzzles;
mod report;
mod serve;
mod stats;
mod stats_json;
mod table;
mod ugi;
mod ugi_command;
mod ugi_search;
mod verify;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use bagh_core::Ruleset;
use clap::{Args, Parser, Subcommand};
use compress::CompressArgs;
use datagen::DatagenArgs;
use play::PlayArgs;
use puzzles::PuzzlesArgs;
use serve::ServeArgs;

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
     build that cannot run, a check that does not hold, a game to analyse
     that is already over (the message goes to stderr as `error: ...`,
     with its causes)
  2  bad usage: an unknown flag or a missing argument, and also a rule set,
     a position string or a move that does not parse or is illegal (bad
     input on the command line)

Examples:
  bagh perft 4
  bagh build two-tigers --threads 2
  bagh probe target/tablebases/bagh-chal start \"T3T/5/2G2/5/T3T t 19 0\"
  bagh report target/tablebases/bagh-chal --check 100 --out report.md
  bagh analyse --moves c3 a1a2 --depth 8
  bagh play --side tiger --level 5
  bagh match --level-a 12 --level-b 6 --games 20 --out games.txt
  bagh engine                             # the UGI protocol on stdin/stdout";

/// Bagh-Chal (tigers and goats): perft, the tablebases that solve it, and the engine.
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
    Compress(CompressArgs),
    Datagen(DatagenArgs),
    Puzzles(PuzzlesArgs),
    Serve(ServeArgs),
    Report(ReportArgs),
    Analyse(AnalyseArgs),
    Engine(EngineArgs),
    Play(PlayArgs),
    Match(MatchArgs),
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
    /// Plies to count, at most 32.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=i64::from(bagh_core::MAX_PERFT_DEPTH)))]
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
  bagh build                              # bagh-chal into target/tablebases/bagh-chal
  bagh build two-tigers --movement-only --threads 2
  bagh build \"tigers=c3 goats=4 capture_target=1\" --dir /tmp/tiny")]
pub struct BuildArgs {
    /// The rule set: a preset id or a rule set's text form.
    #[arg(value_name = "RULES", default_value = "bagh-chal")]
    pub rules: Ruleset,
    /// The tablebase directory [default: target/tablebases/ID for a preset ID; required for any other rule set].
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
    /// Then compress the whole game into OUT [default: DIR-compressed] (as `bagh compress DIR OUT`).
    #[arg(long, value_name = "OUT", num_args = 0..=1)]
    pub compressed: Option<Option<PathBuf>>,
    /// With --compressed: store every other placement layer (as `bagh compress --alternate-layers`).
    #[arg(long, requires = "compressed")]
    pub alternate_layers: bool,
    /// With --compressed: leave out these placement layers (as `bagh compress --leave-out`).
    #[arg(
        long,
        value_name = "PLACED",
        value_delimiter = ',',
        requires = "compressed",
        conflicts_with = "alternate_layers"
    )]
    pub leave_out: Vec<u8>,
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
  bagh probe target/tablebases/bagh-chal start
  bagh probe target/tablebases/bagh-chal --json \"GGGGG/GGGGG/2TGG/TGG1G/GTGTG t 0 2\"
  bagh probe target/tablebases/bagh-chal --search \"G3G/5/1TGT1/1T1T1/GGGGG g 12 0\"
  bagh probe --rules two-tigers start      # the installed data package bagh-tables-two-tigers")]
pub struct ProbeArgs {
    /// The tablebase directory (full or compressed tables); with --rules, the first position.
    #[arg(value_name = "DIR")]
    pub dir: String,
    /// Position strings, or `start`.
    #[arg(value_name = "POSITION")]
    pub positions: Vec<String>,
    /// Probe the tables of the installed data package bagh-tables-ID (`make
    /// tables-package RULES=ID`, found through `python3`, or $BAGH_PYTHON),
    /// instead of a directory: every argument is then a position.
    #[arg(long, value_name = "ID")]
    pub rules: Option<String>,
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
  bagh stats target/tablebases/bagh-chal
  bagh stats target/tablebases/bagh-chal --json")]
pub struct StatsArgs {
    /// The tablebase directory.
    pub dir: PathBuf,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
}

/// Check every file of a tablebase against its checksum.
///
/// Prints OK, or fails (exit code 1) naming the damaged file. With
/// --against, DIR holds compressed tables and every entry a probe reads is
/// compared with the full tables (fails with exit code 1 on any difference).
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh verify target/tablebases/bagh-chal
  bagh verify target/tablebases/bagh-chal-compressed --against target/tablebases/bagh-chal")]
pub struct VerifyArgs {
    /// The tablebase directory (full or compressed tables).
    pub dir: PathBuf,
    /// Compare every entry of the compressed tables in DIR with the full tables in FULL.
    #[arg(long, value_name = "FULL")]
    pub against: Option<PathBuf>,
    /// Threads for --against; 0 for one per core.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
    /// No progress bar (it is hidden anyway when stderr is not a terminal).
    #[arg(long, short)]
    pub quiet: bool,
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
  bagh report target/tablebases/bagh-chal
  bagh report target/tablebases/bagh-chal --check 100 --out docs/tablebase-bagh-chal.md")]
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

/// Search a position with the engine: one line per completed depth, then the best move.
///
/// Each line gives depth, seldepth, multipv (with --multipv above 1),
/// score (from the goats' side: `+0.30`, the expected result in [-1, 1],
/// positive for the goats; or `goats win in 12 plies`, `tigers win in 9
/// plies`, `draw`), nodes, nps, time (ms) and pv; the last line is
/// `bestmove MOVE`. With --json, `score` is the line protocol's form (for
/// the side to move: `cp N` in thousandths of a result, `win N`, `loss N`
/// in plies, `draw`) and `text` the form above. Without a limit the search
/// runs for one second.
/// A finished game is a failure (exit code 1).
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh analyse --depth 8
  bagh analyse two-tigers --moves c3 a1a2 --time 2 --multipv 3
  bagh analyse --position \"T3T/5/2G2/5/T3T t 19 0\" --nodes 100000 --json
  bagh analyse --tables target/tablebases/bagh-chal --position \"GGGGG/GGGGG/2TGG/TGG1G/GTGTG t 0 2\"")]
pub struct AnalyseArgs {
    /// The rule set: a preset id or a rule set's text form [default: the tables' rule set, or bagh-chal].
    #[arg(value_name = "RULES")]
    pub rules: Option<Ruleset>,
    /// The position to start from (default: the rule set's start).
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Moves played from the position before the search.
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    pub moves: Vec<String>,
    /// Search to this depth in plies.
    #[arg(long, value_name = "N", group = "limit", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Search for this many seconds.
    #[arg(long, value_name = "SECONDS", group = "limit", allow_negative_numbers = true, value_parser = parse_seconds)]
    pub time: Option<Duration>,
    /// Search about this many nodes.
    #[arg(long, value_name = "N", group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// The number of best lines to report.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub multipv: u32,
    /// Search threads.
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// The transposition table's size in MB.
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=1048576))]
    pub hash: u32,
    /// A tablebase directory of the rule set: perfect play where it answers.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Print one JSON object at the end instead of the lines.
    #[arg(long)]
    pub json: bool,
}

/// Speak the UGI line protocol on stdin and stdout, for match tools and GUIs.
///
/// UGI is the game-agnostic form of UCI: `ugi`, `isready`, `setoption`,
/// `position`, `go`, `stop`, `query`, `quit`. docs/protocol.md describes
/// every command and what the engine answers.
#[derive(Args, Debug)]
#[command(after_help = concat!("\
Example session (lines sent by the other side marked >):
  > ugi
  id name bagh ", env!("CARGO_PKG_VERSION"), "
  ...
  ugiok
  > position startpos moves c3 a1b1
  > go depth 4
  info depth 1 seldepth 1 score cp 0 nodes 20 nps ... time ... hashfull 0 pv a1
  ...
  info depth 4 seldepth 5 score cp 0 nodes 1638 nps ... time ... hashfull 0 pv a1 b1b2 c1 b2xd4
  bestmove a1
  > quit"))]
pub struct EngineArgs {}

/// Play the engine against itself: two levels, alternating sides, and an Elo difference.
///
/// Games come in pairs: each pair starts from an opening of random moves
/// (seeded by --seed) and is played once with A as the goats and once with
/// A as the tigers. One line per game, then A's wins, draws and losses and
/// the Elo difference A - B with a 95% interval. Level 0 is full strength
/// (with --tables, perfect where the tables answer).
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh match --level-a 12 --level-b 6 --games 20 --out games.txt
  bagh match two-tigers --level-a 0 --level-b 10 --depth 6 --seed 7")]
pub struct MatchArgs {
    /// The rule set: a preset id or a rule set's text form [default: the tables' rule set, or bagh-chal].
    #[arg(value_name = "RULES")]
    pub rules: Option<Ruleset>,
    /// Player A's level, 1 to 20, or 0 for full strength.
    #[arg(long, value_name = "0..20", default_value_t = 10, value_parser = clap::value_parser!(u8).range(0..=20))]
    pub level_a: u8,
    /// Player B's level, 1 to 20, or 0 for full strength.
    #[arg(long, value_name = "0..20", default_value_t = 5, value_parser = clap::value_parser!(u8).range(0..=20))]
    pub level_b: u8,
    /// Games to play (pairs share an opening).
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub games: u32,
    /// The seed of the openings and of the levels' choices.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Random plies of each opening.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub opening_plies: u32,
    /// Search each move to this depth.
    #[arg(long, value_name = "N", group = "limit", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Search each move for this many seconds [default: 0.1 without --depth or --nodes].
    #[arg(long, value_name = "SECONDS", group = "limit", allow_negative_numbers = true, value_parser = parse_seconds)]
    pub time: Option<Duration>,
    /// Search each move about this many nodes.
    #[arg(long, value_name = "N", group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// A tablebase directory of the rule set, for players at full strength.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Write the games' records to this file.
    #[arg(long, short, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Reads a positive number of seconds.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| "not a number".to_string())?;
    if !(seconds > 0.0 && seconds < 1e9) {
        return Err("a number of seconds above 0".into());
    }
    Ok(Duration::from_secs_f64(seconds))
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
        Command::Compress(args) => compress::run(args),
        Command::Datagen(args) => datagen::run(args),
        Command::Puzzles(args) => puzzles::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Report(args) => report::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Engine(_) => ugi::run(),
        Command::Play(args) => play::run(args),
        Command::Match(args) => engine_match::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A command asked for JSON answers its errors in JSON too.
        Err(error) if matches!(&cli.command, Command::Analyse(args) if args.json) => {
            error.exit_json()
        }
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
