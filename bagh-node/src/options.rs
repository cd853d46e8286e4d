//! Options objects read strictly: an unknown key is an error that names it
//! and the keys there are, instead of being ignored (`{ goat: 10 }` for
//! `{ goats: 10 }` would otherwise give the defaults silently).

use napi::bindgen_prelude::Object;

use crate::errors::{ErrorClass, Failure};

/// Checks that `object` (the options of `what`) has only `allowed` keys.
pub fn check_keys(object: &Object, allowed: &[&str], what: &str) -> Result<(), Failure> {
    let keys = Object::keys(object)
        .map_err(|e| Failure::new(ErrorClass::Argument, format!("{what}: {e}")))?;
    for key in keys {
        if !allowed.contains(&key.as_str()) {
            return Err(Failure::new(
                ErrorClass::Argument,
                format!(
                    "{what}: unknown option {key:?}; the options are {}",
                    allowed.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// A whole number in `range` read from option `name`, or an error.
pub fn whole(name: &str, value: f64, range: std::ops::RangeInclusive<f64>) -> Result<u64, Failure> {
    if value.fract() != 0.0 || !range.contains(&value) {
        return Err(Failure::new(
            ErrorClass::Argument,
            format!(
                "{name}: expected a whole number from {} to {}, found {value}",
                range.start(),
                range.end()
            ),
        ));
    }
    Ok(value as u64)
}
