//! `bagh verify`: every file of a tablebase against its checksum.

use std::io::Write;

use bagh_tablebase::{PlacementTable, Tablebase};

use crate::error::CliError;
use crate::VerifyArgs;

/// Runs `bagh verify`: opening checks the movement table whole, `verify`
/// every placement layer; the first damaged file is the error.
pub fn run(args: &VerifyArgs) -> Result<(), CliError> {
    let tables = Tablebase::open(&args.dir)?;
    tables.verify()?;
    let layers = match tables.placement() {
        Some(_) => format!(
            "{} placement layer files",
            PlacementTable::layer_paths(&args.dir, tables.rules()).len()
        ),
        None => "no complete set of placement layers".to_string(),
    };
    writeln!(
        std::io::stdout(),
        "OK: {}: {} and {layers}",
        args.dir.display(),
        Tablebase::MOVEMENT_FILE
    )?;
    Ok(())
}
