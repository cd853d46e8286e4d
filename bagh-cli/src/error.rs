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

    /// The message and the causes it does not already say, one a line.
    fn lines(&self) -> Vec<String> {
        let mut shown = self.error.to_string();
        let mut lines = vec![shown.clone()];
        let mut source = self.error.source();
        while let Some(cause) = source {
            let text = cause.to_string();
            // Many messages already end with their cause ("path: reason").
            if !shown.contains(&text) {
                lines.push(text.clone());
            }
            shown = text;
            source = cause.source();
        }
        lines
    }

    fn code(&self) -> u8 {
        if self.usage {
            2
        } else {
            1
        }
    }

    /// Prints `error: <message>` and its causes to stderr and gives the
    /// exit code.
    pub fn exit(&self) -> ExitCode {
        let lines = self.lines();
        eprintln!("error: {}", lines[0]);
        for cause in &lines[1..] {
            eprintln!("  caused by: {cause}");
        }
        ExitCode::from(self.code())
    }

    /// Prints `{"error": "...", "causes": [...], "exit_code": N}` on stdout
    /// (for a command asked for JSON) and gives the exit code.
    pub fn exit_json(&self) -> ExitCode {
        let lines = self.lines();
        let object = serde_json::json!({
            "error": lines[0],
            "causes": &lines[1..],
            "exit_code": self.code(),
        });
        println!("{object}");
        ExitCode::from(self.code())
    }
}

/// Library and I/O errors are failures (exit code 1).
impl<E: Error + Send + Sync + 'static> From<E> for CliError {
    fn from(error: E) -> CliError {
        CliError::failure(error)
    }
}
