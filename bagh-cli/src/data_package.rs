//! The tables of an installed data package (`bagh-tables-<id>`, a Python
//! wheel made by `make tables-package`), found through the Python that
//! installed it: `python3`, or the interpreter `$BAGH_PYTHON` names.

use std::path::PathBuf;
use std::process::Command;

use bagh_tablebase::Tablebase;

use crate::error::CliError;

/// Asks Python where the package's module is; prints nothing when it is
/// not installed.
const FIND: &str = "import importlib.util, sys\n\
spec = importlib.util.find_spec(sys.argv[1])\n\
print(spec.origin if spec and spec.origin else '')";

/// Opens the compressed tables of the data package of `id`
/// ([`Tablebase::open_package`]).
pub fn open(id: &str) -> Result<Tablebase, CliError> {
    let module = Tablebase::package_module(id);
    let python = std::env::var("BAGH_PYTHON").unwrap_or_else(|_| "python3".into());
    let how = format!(
        "make it with `make tables-package RULES={id}` and pip install the wheel into the Python \
         that `{python}` runs (or set BAGH_PYTHON), or give the tables' directory: \
         `bagh probe DIR POSITION` (`bagh build {id} --compressed` makes one)"
    );
    let found = Command::new(&python)
        .args(["-c", FIND, &module])
        .output()
        .map_err(|e| {
            CliError::failure(format!(
                "no tables for {id}: cannot run {python} ({e}); {how}"
            ))
        })?;
    let origin = String::from_utf8_lossy(&found.stdout).trim().to_string();
    if !found.status.success() || origin.is_empty() {
        return Err(CliError::failure(format!(
            "no tables for {id}: the data package bagh-tables-{id} (module {module}) is not installed; {how}"
        )));
    }
    let dir = PathBuf::from(origin)
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default();
    Ok(Tablebase::open_package(&dir, id)?)
}
