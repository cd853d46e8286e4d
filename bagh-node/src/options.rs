//! Options objects read strictly: an unknown key is an error that names it
//! and the keys there are, instead of being ignored (`{ goat: 10 }` for
//! `{ goats: 10 }` would otherwise give the defaults silently).

use napi::bindgen_prelude::Object;

use crate::errors::Failure;

pub use bagh_bindings::whole;

/// Checks that `object` (the options of `what`) has only `allowed` keys.
pub fn check_keys(object: &Object, allowed: &[&str], what: &str) -> Result<(), Failure> {
    let keys = Object::keys(object).map_err(|e| Failure::argument(format!("{what}: {e}")))?;
    bagh_bindings::check_keys(what, keys.iter().map(String::as_str), allowed)
}
