//! Why a command failed, and the exit code that says so.

use std::error::Error;
use std::process::ExitCode;

/// A failed command: bad input on the command line (exit code 2, like
/// clap's own usage errors) or anything else (exit code 1).
#[derive(Debug)]
pub struct CliError {
    usage: bool,
    error: Box<dyn Error + Send + Sync>,
}

impl CliError {
    /// Input the command line got wrong, such as a position string that
    /// does not parse: exit code 2.
    pub fn usage(error: impl Into<Box<dyn Error + Send + Sync>>) -> CliError {
        CliError {
            usage: true,
            error: error.into(),
        }
    }

    /// Anything else that went wrong: exit code 1.
    pub fn failure(error: impl Into<Box<dyn Error + Send + Sync>>) -> CliError {
        CliError {
            usage: false,
            error: error.into(),
        }
    }

    /// Prints `error: <message>` and its causes to stderr and gives the
    /// exit code.
    pub fn exit(&self) -> ExitCode {
        let mut shown = self.error.to_string();
        eprintln!("error: {shown}");
        let mut source = self.error.source();
        while let Some(cause) = source {
            let text = cause.to_string();
            // Many messages already end with their cause ("path: reason").
            if !shown.contains(&text) {
                eprintln!("  caused by: {text}");
            }
            shown = text;
            source = cause.source();
        }
        ExitCode::from(if self.usage { 2 } else { 1 })
    }
}

/// Library and I/O errors are failures (exit code 1).
impl<E: Error + Send + Sync + 'static> From<E> for CliError {
    fn from(error: E) -> CliError {
        CliError::failure(error)
    }
}
