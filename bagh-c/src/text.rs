//! Strings across the boundary: NUL-terminated UTF-8 in, and out into the
//! caller's buffer with the length reported (the convention of `bagh.h`).

use std::ffi::{c_char, CStr};

use crate::bagh_result;
use crate::failure::Failure;

/// The UTF-8 text of a NUL-terminated C string given as `argument`.
///
/// # Safety
///
/// `text` is NULL or points to a NUL-terminated string that outlives `'a`.
pub(crate) unsafe fn read_text<'a>(
    text: *const c_char,
    argument: &str,
) -> Result<&'a str, Failure> {
    if text.is_null() {
        return Err(Failure::null(argument));
    }
    let bytes = unsafe { CStr::from_ptr(text) };
    bytes.to_str().map_err(|error| {
        Failure::new(
            bagh_result::BAGH_INVALID_UTF8,
            format!(
                "{argument} is not UTF-8: invalid byte at offset {}",
                error.valid_up_to()
            ),
        )
    })
}

/// Writes `text` and a NUL into `buf` of `capacity` bytes, and its length
/// (without the NUL) into `length`. When `capacity` is not more than that
/// length, writes only the length and fails with `BAGH_BUFFER_TOO_SMALL`,
/// so that the caller can retry with `length + 1` bytes. `buf` may be NULL
/// when `capacity` is 0, to ask for the length.
///
/// # Safety
///
/// `buf` points to `capacity` writable bytes and `length` to a `usize`
/// (or they are NULL, which fails).
pub(crate) unsafe fn write_text(
    text: &str,
    buf: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> Result<(), Failure> {
    if length.is_null() {
        return Err(Failure::null("length"));
    }
    if buf.is_null() && capacity > 0 {
        return Err(Failure::null("buf"));
    }
    unsafe { length.write(text.len()) };
    if capacity <= text.len() {
        return Err(Failure::new(
            bagh_result::BAGH_BUFFER_TOO_SMALL,
            format!(
                "a buffer of {capacity} bytes is too small: the text needs {} (with its NUL)",
                text.len() + 1
            ),
        ));
    }
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), text.len());
        buf.add(text.len()).write(0);
    }
    Ok(())
}
