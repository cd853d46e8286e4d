//! `bagh verify`: every file of a tablebase against its checksum, and with
//! `--against` every entry of compressed tables against the full ones.

use std::io::Write;

use bagh_tablebase::{BuildOptions, PlacementTable, Tablebase};

use crate::error::CliError;
use crate::numbers::thousands;
use crate::progress::BuildBars;
use crate::VerifyArgs;

/// Differences listed at most.
const SHOWN: usize = 20;

/// Runs `bagh verify`: opening checks the movement table whole, `verify`
/// every placement layer or every section of a compressed file; the first
/// damaged file is the error.
pub fn run(args: &VerifyArgs) -> Result<(), CliError> {
    let tables = Tablebase::open(&args.dir)?;
    tables.verify()?;
    let mut out = std::io::stdout().lock();
    if let Some(compressed) = tables.compressed() {
        let parts = match compressed.files().len() {
            1 => String::new(),
            n => format!(" (the file and the {} parts beside it)", n - 1),
        };
        writeln!(
            out,
            "OK: {}: checksums of every section{parts}",
            compressed.path().display()
        )?;
    } else {
        let layers = match tables.placement() {
            Some(_) => format!(
                "{} placement layer files",
                PlacementTable::layer_paths(&args.dir, tables.rules()).len()
            ),
            None => "no complete set of placement layers".to_string(),
        };
        writeln!(
            out,
            "OK: {}: {} and {layers}",
            args.dir.display(),
            Tablebase::MOVEMENT_FILE
        )?;
    }
    let Some(against) = &args.against else {
        return Ok(());
    };
    let Some(compressed) = tables.compressed() else {
        return Err(CliError::usage(format!(
            "--against compares compressed tables, and {} holds the full ones",
            args.dir.display()
        )));
    };
    let full = Tablebase::open(against)?;
    let bars = BuildBars::new(args.quiet);
    let options = BuildOptions {
        threads: args.threads,
        on_progress: bars.callback(),
        ..BuildOptions::default()
    };
    let started = std::time::Instant::now();
    let compared = compressed.compare(&full, SHOWN, &options);
    bars.finish(compared.is_ok());
    let (count, shown) = compared?;
    let entries = compressed.entries();
    let seconds = started.elapsed().as_secs_f64();
    for d in &shown {
        writeln!(
            out,
            "differs: {}, entry {}: full {}, compressed {}",
            d.section, d.index, d.expected, d.found
        )?;
    }
    if count > 0 {
        return Err(CliError::failure(format!(
            "{count} of {} entries differ from {}",
            thousands(entries),
            against.display()
        )));
    }
    writeln!(
        out,
        "OK: {} entries agree with {} (the value, or a bound a capture corrects) ({seconds:.1} s)",
        thousands(entries),
        against.display()
    )?;
    Ok(())
}
