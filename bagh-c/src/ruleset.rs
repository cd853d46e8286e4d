//! `bagh_ruleset`: a validated rule set, from a preset id or its text.

use std::ffi::c_char;

use bagh_core::Ruleset;

use crate::bagh_result;
use crate::failure::guard;
use crate::pointers::{borrow, free, Out};
use crate::text::{read_text, write_text};

/// A validated rule set. Make one with `bagh_ruleset_preset`,
/// `bagh_ruleset_from_text` or `bagh_ruleset_builder_build`; free it with
/// `bagh_ruleset_free`. Positions and games copy it: it may be freed while
/// they live.
pub struct bagh_ruleset(pub(crate) Ruleset);

/// The preset with id `id` (`"bagh-chal"`, `"two-tigers"`, ... see
/// `bagh_ruleset_preset_ids`).
///
/// # Safety
///
/// `id` is a NUL-terminated string; `rules_out` points to a `bagh_ruleset*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_preset(
    id: *const c_char,
    rules_out: *mut *mut bagh_ruleset,
) -> bagh_result {
    guard(|| {
        let out = Out::new(rules_out, "rules_out")?;
        let rules = Ruleset::preset(unsafe { read_text(id, "id")? })?;
        unsafe { out.write_handle(bagh_ruleset(rules)) };
        Ok(())
    })
}

/// Reads a rule set's text form: a preset id, optionally followed by
/// `key=value` fields (`"bagh-chal mandatory_capture=yes"`), as
/// `docs/rules.md` describes.
///
/// # Safety
///
/// `text` is a NUL-terminated string; `rules_out` points to a `bagh_ruleset*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_from_text(
    text: *const c_char,
    rules_out: *mut *mut bagh_ruleset,
) -> bagh_result {
    guard(|| {
        let out = Out::new(rules_out, "rules_out")?;
        let rules: Ruleset = unsafe { read_text(text, "text")? }.parse()?;
        unsafe { out.write_handle(bagh_ruleset(rules)) };
        Ok(())
    })
}

/// Writes the rule set's text form: its preset id, or its `key=value`
/// fields; `bagh_ruleset_from_text` reads it back.
///
/// # Safety
///
/// `rules` is a live handle; `buf` points to `capacity` writable bytes;
/// `length` to a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_to_text(
    rules: *const bagh_ruleset,
    buf: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> bagh_result {
    guard(|| {
        let rules = unsafe { borrow(rules, "rules")? };
        unsafe { write_text(&rules.0.to_string(), buf, capacity, length) }
    })
}

/// Writes the preset ids, separated by single spaces.
///
/// # Safety
///
/// `buf` points to `capacity` writable bytes; `length` to a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_preset_ids(
    buf: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> bagh_result {
    guard(|| {
        let ids = Ruleset::preset_ids().collect::<Vec<_>>().join(" ");
        unsafe { write_text(&ids, buf, capacity, length) }
    })
}

/// Frees a rule set; NULL does nothing.
///
/// # Safety
///
/// `rules` is NULL or a handle not freed before.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_free(rules: *mut bagh_ruleset) {
    unsafe { free(rules) }
}
