//! Options objects read strictly: an unknown key is an error that names it
//! and the keys there are, instead of being ignored (`{ goat: 10 }` for
//! `{ goats: 10 }` would otherwise give the defaults silently).

use napi::bindgen_prelude::{FromNapiValue, Object};
use napi::Result;

use crate::errors::Failure;

pub use bagh_bindings::whole;

/// Checks that `object` (the options of `what`) has only `allowed` keys.
pub fn check_keys(
    object: &Object,
    allowed: &[&str],
    what: &str,
) -> std::result::Result<(), Failure> {
    let keys = Object::keys(object).map_err(|e| Failure::argument(format!("{what}: {e}")))?;
    bagh_bindings::check_keys(what, keys.iter().map(String::as_str), allowed)
}

/// Option `name` of `object`, `None` when it is absent, `undefined` or
/// `null`; a value of another type is Node-API's conversion error.
pub fn field<T: FromNapiValue>(object: &Object, name: &str) -> Result<Option<T>> {
    Ok(object.get::<Option<T>>(name)?.flatten())
}
