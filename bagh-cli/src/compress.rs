//! `bagh compress`: its arguments, and `CompressedTables::compress` with a
//! progress bar, then the file's size and the wall time.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use bagh_tablebase::{BuildOptions, CompressedTables, PlacementLayers, Tablebase};
use clap::Args;

use crate::error::CliError;
use crate::numbers::thousands;
use crate::progress::BuildBars;

/// Compress a built tablebase: the whole game in one file, opened like the full tables.
///
/// DIR must hold the movement table and every placement layer. OUT (a
/// directory, created if missing) receives `tables.btz`, which
/// `bagh probe OUT`, the engine's tablebase option and every binding open
/// as they open DIR. Each layer file is read and checked on the way. DIR
/// may also hold a compressed file of this version that stores every
/// layer OUT will: its sections are copied, in seconds.
///
/// --part-bytes 95000000 writes the file in parts of at most that size,
/// cut where sections end: tables.btz, then tables.btz.1, tables.btz.2, ...
/// beside it, which every reader opens as one file (a data package of a
/// file larger than a package registry takes ships them as separate files).
///
/// --leave-out 16,18 leaves out the placement layers of 16 and 18 goats
/// placed (never two adjacent ones): a probe recovers them by searching
/// one ply more, cheap late in placement. --alternate-layers stores every
/// other placement layer (the last one kept): a file about half as large,
/// and placement probes up to thousands of times slower.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh compress target/tablebases/bagh-chal target/tablebases/bagh-chal-compressed
  bagh compress target/tablebases/bagh-chal-compressed target/tablebases/bagh-chal-smaller --leave-out 16,18
  bagh compress target/tablebases/bagh-chal target/tablebases/bagh-chal-small --alternate-layers
  bagh compress target/tablebases/bagh-chal-compressed target/tablebases/bagh-chal-in-parts --part-bytes 95000000
  bagh verify target/tablebases/bagh-chal-compressed --against target/tablebases/bagh-chal")]
pub struct CompressArgs {
    /// The directory of the full tables (or of a compressed file to copy sections from).
    pub dir: PathBuf,
    /// The directory of the compressed file.
    pub out: PathBuf,
    /// Store every other placement layer: a file about half as large, far slower placement probes.
    #[arg(long)]
    pub alternate_layers: bool,
    /// Leave out the placement layers of these counts of goats placed (comma-separated; never two adjacent).
    #[arg(
        long,
        value_name = "PLACED",
        value_delimiter = ',',
        conflicts_with = "alternate_layers"
    )]
    pub leave_out: Vec<u8>,
    /// Write the file in parts of at most this many bytes (tables.btz, tables.btz.1, ...), cut where sections end.
    #[arg(long, value_name = "BYTES", value_parser = clap::value_parser!(u64).range(1..))]
    pub part_bytes: Option<u64>,
    /// Threads; 0 for one per core.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
    /// No progress bars (they are hidden anyway when stderr is not a terminal).
    #[arg(long, short)]
    pub quiet: bool,
}

/// Runs `bagh compress`.
pub fn run(args: &CompressArgs) -> Result<(), CliError> {
    let tables = Tablebase::open(&args.dir)?;
    let layers = layers(args.alternate_layers, &args.leave_out);
    compress(
        &tables,
        &args.out,
        layers,
        args.part_bytes,
        args.threads,
        args.quiet,
    )
}

/// The placement layers to store: every other one, every one but those
/// of `leave_out` goats placed, or the default.
pub fn layers(alternate_layers: bool, leave_out: &[u8]) -> PlacementLayers {
    if alternate_layers {
        PlacementLayers::Alternate
    } else if !leave_out.is_empty() {
        PlacementLayers::leaving_out(leave_out.iter().copied())
    } else {
        PlacementLayers::default()
    }
}

/// Compresses `tables` into `out` (in parts of at most `part_bytes`, if
/// given) and prints what it made: the full tables, or a compressed file
/// whose sections are copied.
pub fn compress(
    tables: &Tablebase,
    out: &Path,
    layers: PlacementLayers,
    part_bytes: Option<u64>,
    threads: usize,
    quiet: bool,
) -> Result<(), CliError> {
    let bars = BuildBars::new(quiet);
    let options = BuildOptions {
        threads,
        on_progress: bars.callback(),
        ..BuildOptions::default()
    };
    let started = Instant::now();
    let made = match part_bytes {
        Some(max) => CompressedTables::compress_in_parts(tables, out, &options, layers, max),
        None => CompressedTables::compress_with(tables, out, &options, layers),
    };
    bars.finish(made.is_ok());
    let compressed = made?;
    let seconds = started.elapsed().as_secs_f64();
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "rules      {}", tables.rules())?;
    writeln!(stdout, "file       {}", compressed.path().display())?;
    writeln!(stdout, "bytes      {}", thousands(compressed.bytes()))?;
    let files = compressed.files();
    if files.len() > 1 {
        for file in &files {
            let bytes = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
            writeln!(
                stdout,
                "part       {} ({} bytes)",
                file.display(),
                thousands(bytes)
            )?;
        }
    }
    let stored: Vec<String> = compressed
        .stored_layers()
        .iter()
        .map(u8::to_string)
        .collect();
    writeln!(stdout, "layers     {} goats placed", stored.join(" "))?;
    writeln!(stdout, "time       {seconds:.1} s")?;
    Ok(())
}
