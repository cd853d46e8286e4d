//! `bagh.rl.RLError` and `bagh.rl.ActionError`, and the conversion of the
//! library's errors.

use bagh_rl::{ActionError as LibraryActionError, EnvError};
use pyo3::create_exception;
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

use crate::errors::BaghError;

create_exception!(
    bagh.rl,
    RLError,
    BaghError,
    "An argument of bagh.rl that cannot be used: an array of the wrong shape \
     or dtype, an option out of range."
);
create_exception!(
    bagh.rl,
    ActionError,
    RLError,
    "An action that names no legal move: out of range, or not legal in the \
     position (``env`` is the environment's index in a VecEnv, else None)."
);

/// The attributes `ActionError` declares, `None` on the class.
pub const ACTION_ATTRIBUTES: [&str; 3] = ["action", "env", "position"];

/// An `RLError` about the argument `name`.
pub fn rl_error(name: &str, reason: impl std::fmt::Display) -> PyErr {
    RLError::new_err(format!("{name}: {reason}"))
}

/// The exception of an action error, in environment `env` if any.
pub fn action_error(py: Python<'_>, error: &LibraryActionError, env: Option<usize>) -> PyErr {
    let message = match env {
        Some(env) => format!("environment {env}: {error}"),
        None => error.to_string(),
    };
    let exception = ActionError::new_err(message);
    let (action, position) = match error {
        LibraryActionError::OutOfRange { action } => (*action, None),
        LibraryActionError::Illegal {
            action, position, ..
        } => (*action as i64, Some(position.clone())),
        _ => (-1, None),
    };
    let value = exception.value(py);
    // Setting attributes on a fresh exception cannot fail in practice; if it
    // did, the exception is still the right one.
    let _ = value.setattr("action", action);
    let _ = value.setattr("env", env.into_py_any(py).unwrap_or_else(|_| py.None()));
    let _ = value.setattr(
        "position",
        position.into_py_any(py).unwrap_or_else(|_| py.None()),
    );
    exception
}

/// The exception of an environment error.
pub fn env_error(py: Python<'_>, error: EnvError) -> PyErr {
    match &error {
        EnvError::Action { env, source } => action_error(py, source, Some(*env)),
        _ => RLError::new_err(error.to_string()),
    }
}
