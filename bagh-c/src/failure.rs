//! A failed call: its code and message, the thread's last error, and the
//! one wrapper every entry point runs its body in.

use std::cell::RefCell;
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::bagh_result;
use crate::text::write_text;

/// Why a call failed: the code returned to C and the message kept for
/// `bagh_last_error_message` (the Rust error's `Display` text).
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) code: bagh_result,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn new(code: bagh_result, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
        }
    }

    /// A NULL pointer given as `argument`.
    pub(crate) fn null(argument: &str) -> Failure {
        Failure::new(
            bagh_result::BAGH_NULL_POINTER,
            format!("{argument} is NULL"),
        )
    }

    /// A value out of range.
    pub(crate) fn invalid(message: impl Into<String>) -> Failure {
        Failure::new(bagh_result::BAGH_INVALID_ARGUMENT, message)
    }
}

/// The body of an entry point: `Ok` once every out-parameter is written.
pub(crate) type Outcome = Result<(), Failure>;

thread_local! {
    /// The message of this thread's last failed call.
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The text of a panic's payload, when it is a string.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let detail = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string());
    format!("internal error (panic): {detail}")
}

/// Runs an entry point's body: a panic becomes `BAGH_PANIC` instead of
/// unwinding into C (undefined behaviour), and a failure's message becomes
/// the thread's last error. Every `extern "C"` function goes through here.
pub(crate) fn guard(body: impl FnOnce() -> Outcome) -> bagh_result {
    let failure = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => return bagh_result::BAGH_OK,
        Ok(Err(failure)) => failure,
        Err(payload) => Failure::new(bagh_result::BAGH_PANIC, panic_message(&*payload)),
    };
    LAST_ERROR.with(|last| *last.borrow_mut() = failure.message);
    failure.code
}

/// Copies the message of the last call that failed on this thread into
/// `buf` (see "Strings out" in `bagh.h`); an empty string before any
/// failure. Each thread has its own. This call does not change it, even
/// when it fails.
///
/// # Safety
///
/// `buf` points to `capacity` writable bytes (or is NULL with capacity 0)
/// and `length` to a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_last_error_message(
    buf: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> bagh_result {
    let message = LAST_ERROR.with(|last| last.borrow().clone());
    match catch_unwind(AssertUnwindSafe(|| unsafe {
        write_text(&message, buf, capacity, length)
    })) {
        Ok(Ok(())) => bagh_result::BAGH_OK,
        Ok(Err(failure)) => failure.code,
        Err(_) => bagh_result::BAGH_PANIC,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last_error() -> String {
        LAST_ERROR.with(|last| last.borrow().clone())
    }

    #[test]
    fn a_panic_becomes_bagh_panic_with_its_message() {
        let result = guard(|| panic!("deliberate panic for the test"));
        assert_eq!(result, bagh_result::BAGH_PANIC);
        assert!(last_error().contains("deliberate panic for the test"));
    }

    #[test]
    fn a_failure_sets_the_last_error_and_success_keeps_it() {
        let result = guard(|| Err(Failure::invalid("depth 99 is too deep")));
        assert_eq!(result, bagh_result::BAGH_INVALID_ARGUMENT);
        assert_eq!(guard(|| Ok(())), bagh_result::BAGH_OK);
        assert_eq!(last_error(), "depth 99 is too deep");
    }
}
