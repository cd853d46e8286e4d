//! `bagh compress`: `CompressedTables::compress` with a progress bar, then
//! the file's size and the wall time.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use bagh_tablebase::{BuildOptions, CompressedTables, PlacementLayers, Tablebase};

use crate::error::CliError;
use crate::numbers::thousands;
use crate::progress::BuildBars;
use crate::CompressArgs;

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
