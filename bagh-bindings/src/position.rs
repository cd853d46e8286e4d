//! Positions from a text or from their parts (`Position.fromParts`), and
//! the depth of a perft count.

use bagh_core::{PointSet, Position, Ruleset, Setup, Side, MAX_PERFT_DEPTH};

use crate::errors::{ErrorClass, Failure};
use crate::options::whole;

/// The position `text` under `rules`; no text is the rule set's start.
pub fn position_of(text: Option<&str>, rules: Ruleset) -> Result<Position, Failure> {
    match text {
        None => Ok(Position::new(rules)),
        Some(text) => Ok(Position::from_text(text, rules)?),
    }
}

/// `depth` as a perft depth: a whole number from 0 to `MAX_PERFT_DEPTH`,
/// else an `ArgumentError`.
pub fn perft_depth(depth: f64) -> Result<u32, Failure> {
    whole("depth", depth, 0.0..=f64::from(MAX_PERFT_DEPTH)).map(|depth| depth as u32)
}

/// The keys of `Position.fromParts`' options object.
pub const PARTS_OPTIONS: &[&str] = &["side", "goatsInHand", "goatsCaptured", "rules"];

/// The counters of `Position.fromParts`, as the front end read them; the
/// rule set is read apart, as every call's is.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PartsFields {
    /// `"goat"` (the default) or `"tiger"`.
    pub side: Option<String>,
    /// Goats still to be placed (0).
    pub goats_in_hand: Option<f64>,
    /// Goats captured so far (0).
    pub goats_captured: Option<f64>,
}

fn setup_field_error(field: &'static str, message: String) -> Failure {
    Failure::new(ErrorClass::Setup, message).with("field", Some(field))
}

/// The points named in `names`, each at most once; a repeated name is a
/// `SetupError` about `field`, a name that is no point a `ParseError`.
fn point_set(field: &'static str, names: &[String]) -> Result<PointSet, Failure> {
    let points = names
        .iter()
        .map(|name| name.parse::<bagh_core::Point>())
        .collect::<Result<Vec<_>, _>>()?;
    PointSet::from_distinct(points)
        .map_err(|error| setup_field_error(field, format!("{field}: {error}")))
}

/// A goat count: anything but a whole number from 0 to 255 is a
/// `SetupError` naming the option.
fn goat_count(field: &'static str, value: Option<f64>) -> Result<u8, Failure> {
    let value = value.unwrap_or(0.0);
    if value.fract() == 0.0 && (0.0..=255.0).contains(&value) {
        Ok(value as u8)
    } else {
        Err(setup_field_error(
            field,
            format!("{field}: {value} is not a valid count"),
        ))
    }
}

impl PartsFields {
    /// The position with these parts (point names) under `rules`, checked as
    /// a position string is: parts that do not fit the rule set are a
    /// `SetupError` whose `field` names the part; a bad point name or side
    /// is a `ParseError`.
    pub fn position(
        &self,
        tigers: &[String],
        goats: &[String],
        rules: Ruleset,
    ) -> Result<Position, Failure> {
        let side = match self.side.as_deref() {
            None | Some("goat") => Side::Goat,
            Some("tiger") => Side::Tiger,
            Some(other) => {
                return Err(Failure::new(
                    ErrorClass::Parse,
                    format!("side: unexpected value {other:?}, expected \"goat\" or \"tiger\""),
                ))
            }
        };
        let setup = Setup {
            tigers: point_set("tigers", tigers)?,
            goats: point_set("goats", goats)?,
            side,
            goats_in_hand: goat_count("goatsInHand", self.goats_in_hand)?,
            goats_captured: goat_count("goatsCaptured", self.goats_captured)?,
        };
        Ok(Position::from_setup(setup, rules)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Detail;

    fn names(points: &[&str]) -> Vec<String> {
        points.iter().map(|name| name.to_string()).collect()
    }

    #[test]
    fn the_start_from_its_parts_is_the_start_string() {
        // The start of bagh-chal in DESIGN's notation: T3T/5/5/5/T3T g 20 0.
        let parts = PartsFields {
            goats_in_hand: Some(20.0),
            ..PartsFields::default()
        };
        let position = parts
            .position(&names(&["a1", "e1", "a5", "e5"]), &[], Ruleset::default())
            .unwrap();
        assert_eq!(position.to_string(), "T3T/5/5/5/T3T g 20 0");
        assert_eq!(position_of(None, Ruleset::default()), Ok(position));
    }

    #[test]
    fn bad_parts_name_the_part() {
        let tigers = names(&["a1", "e1", "a5", "e5"]);
        let parts = PartsFields {
            goats_in_hand: Some(20.5),
            ..PartsFields::default()
        };
        let error = parts
            .position(&tigers, &[], Ruleset::default())
            .unwrap_err();
        assert_eq!(error.class, ErrorClass::Setup);
        assert_eq!(error.message, "goatsInHand: 20.5 is not a valid count");
        assert_eq!(
            error.detail("field"),
            Some(&Detail::Text("goatsInHand".into()))
        );
        let error = PartsFields::default()
            .position(&names(&["a1", "a1"]), &[], Ruleset::default())
            .unwrap_err();
        assert_eq!(error.detail("field"), Some(&Detail::Text("tigers".into())));
        let parts = PartsFields {
            side: Some("goats".into()),
            ..PartsFields::default()
        };
        let error = parts
            .position(&tigers, &[], Ruleset::default())
            .unwrap_err();
        assert_eq!(error.class, ErrorClass::Parse);
        // 20 goats in hand are missing from the count: the core's setup error.
        let error = PartsFields::default()
            .position(&tigers, &[], Ruleset::default())
            .unwrap_err();
        assert_eq!(error.class, ErrorClass::Setup);
    }

    #[test]
    fn a_perft_depth_is_a_whole_number_up_to_the_most() {
        assert_eq!(perft_depth(0.0), Ok(0));
        assert_eq!(perft_depth(f64::from(MAX_PERFT_DEPTH)), Ok(MAX_PERFT_DEPTH));
        let error = perft_depth(1.5).unwrap_err();
        assert_eq!(error.class, ErrorClass::Argument);
        assert_eq!(
            error.message,
            format!("depth: expected a whole number from 0 to {MAX_PERFT_DEPTH}, found 1.5")
        );
        assert!(perft_depth(-1.0).is_err());
    }
}
