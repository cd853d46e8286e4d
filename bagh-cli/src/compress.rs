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
    let layers = layers(args.alternate_layers);
    compress(&tables, &args.out, layers, args.threads, args.quiet)
}

/// The placement layers to store: every other one, or the default.
pub fn layers(alternate_layers: bool) -> PlacementLayers {
    if alternate_layers {
        PlacementLayers::Alternate
    } else {
        PlacementLayers::default()
    }
}

/// Compresses the full tables `tables` into `out` and prints what it made.
pub fn compress(
    tables: &Tablebase,
    out: &Path,
    layers: PlacementLayers,
    threads: usize,
    quiet: bool,
) -> Result<(), CliError> {
    if tables.compressed().is_some() {
        return Err(CliError::usage(format!(
            "{} holds compressed tables already; compress a directory of full tables",
            tables.dir().display()
        )));
    }
    let bars = BuildBars::new(quiet);
    let options = BuildOptions {
        threads,
        on_progress: bars.callback(),
        ..BuildOptions::default()
    };
    let started = Instant::now();
    let made = CompressedTables::compress_with(tables, out, &options, layers);
    bars.finish(made.is_ok());
    let compressed = made?;
    let seconds = started.elapsed().as_secs_f64();
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "rules      {}", tables.rules())?;
    writeln!(stdout, "file       {}", compressed.path().display())?;
    writeln!(stdout, "bytes      {}", thousands(compressed.bytes()))?;
    let stored: Vec<String> = compressed
        .stored_layers()
        .iter()
        .map(u8::to_string)
        .collect();
    writeln!(stdout, "layers     {} goats placed", stored.join(" "))?;
    writeln!(stdout, "time       {seconds:.1} s")?;
    Ok(())
}
