//! Options objects and numbers read strictly: an unknown key is an error
//! that names it and the keys there are, instead of being ignored
//! (`{ goat: 10 }` for `{ goats: 10 }` would otherwise give the defaults
//! silently), and a count must be a whole number in its range.

use crate::errors::Failure;

/// Checks that the options of `call` have only `allowed` keys; the first
/// other key is an `ArgumentError` that names it and the allowed ones.
pub fn check_keys<'a>(
    call: &str,
    keys: impl IntoIterator<Item = &'a str>,
    allowed: &[&str],
) -> Result<(), Failure> {
    match keys.into_iter().find(|key| !allowed.contains(key)) {
        None => Ok(()),
        Some(key) => Err(Failure::argument(format!(
            "{call}: unknown option {key:?}; the options are {}",
            allowed.join(", ")
        ))),
    }
}

/// A whole number in `range` read from option `name`, or an
/// `ArgumentError`.
pub fn whole(name: &str, value: f64, range: std::ops::RangeInclusive<f64>) -> Result<u64, Failure> {
    if value.fract() != 0.0 || !range.contains(&value) {
        return Err(Failure::argument(format!(
            "{name}: expected a whole number from {} to {}, found {value}",
            range.start(),
            range.end()
        )));
    }
    Ok(value as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorClass;

    #[test]
    fn an_unknown_key_is_named_with_the_allowed_ones() {
        assert_eq!(check_keys("svg", ["size"], &["size", "highlight"]), Ok(()));
        let error = check_keys("svg", ["size", "colour"], &["size", "highlight"]).unwrap_err();
        assert_eq!(error.class, ErrorClass::Argument);
        assert_eq!(
            error.message,
            "svg: unknown option \"colour\"; the options are size, highlight"
        );
    }

    #[test]
    fn a_count_is_a_whole_number_within_its_range() {
        assert_eq!(whole("size", 60.0, 60.0..=10_000.0), Ok(60));
        for bad in [59.0, 60.5, 10_001.0, f64::NAN, f64::INFINITY] {
            let error = whole("size", bad, 60.0..=10_000.0).unwrap_err();
            assert_eq!(
                error.message,
                format!("size: expected a whole number from 60 to 10000, found {bad}")
            );
        }
    }
}
