//! `bagh.TablebaseError`, and the exception of each of the library's errors.

use bagh_tablebase::TablebaseError as LibraryError;
use pyo3::create_exception;
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;

use crate::errors::BaghError;

create_exception!(
    bagh,
    TablebaseError,
    BaghError,
    "A table that cannot be built, opened or probed: a truncated, corrupt, foreign \
     or mismatched file, a table of another rule set, a position outside a table \
     or under another rule set, a missing placement build, a build above the \
     memory budget or into a directory another build is writing, an argument \
     out of range."
);

/// The exception of a library error: the `OSError` subclass of a failed
/// system call (`FileNotFoundError`, ..., with `filename` set), else
/// `TablebaseError`; the message is the library's, which names the file.
pub fn tablebase_error(error: LibraryError) -> PyErr {
    match error {
        LibraryError::Io { path, source } => match source.raw_os_error() {
            Some(code) => {
                let text = source.to_string();
                let strerror = match text.find(" (os error") {
                    Some(at) => text[..at].to_string(),
                    None => text,
                };
                // OSError(errno, strerror, filename) picks the subclass of errno.
                PyOSError::new_err((code, strerror, path.display().to_string()))
            }
            None => TablebaseError::new_err(format!("{}: {source}", path.display())),
        },
        // The budget's name in Python, so that the message says what to raise.
        too_large @ LibraryError::TooLarge { .. } => {
            TablebaseError::new_err(format!("{too_large}: the memory_budget argument, in bytes"))
        }
        other => TablebaseError::new_err(other.to_string()),
    }
}
