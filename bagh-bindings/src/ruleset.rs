//! A rule set from the fields of an options object (`new Ruleset({...})`),
//! each checked and refused with a `RulesetError` whose `field` names the
//! option as JavaScript spells it.

use bagh_core::{ParseErrorKind, Repetition, Ruleset, TigerMoves};

use crate::errors::{camel_case, ErrorClass, Failure};

/// The keys of a rule set's options object, as JavaScript spells them.
pub const RULESET_OPTIONS: &[&str] = &[
    "tigers",
    "goats",
    "captureTarget",
    "tigerMoves",
    "mandatoryCapture",
    "blockedSideLoses",
    "repetition",
    "noProgressLimit",
];

/// The fields of `new Ruleset({...})`, the Python keywords in camelCase,
/// as the front end read them (numbers as JavaScript's). A field left out
/// takes the value of `bagh-chal`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RulesetFields {
    /// The tigers' start points, e.g. `["a1", "e1", "a5", "e5"]`.
    pub tigers: Option<Vec<String>>,
    /// The goats in all, from 1 to the empty points left by the tigers.
    pub goats: Option<f64>,
    /// The captures that win the game for the tigers, from 1 to the goats.
    pub capture_target: Option<f64>,
    /// `"step"` or `"slide"`.
    pub tiger_moves: Option<String>,
    /// Whether a tiger that can capture must.
    pub mandatory_capture: Option<bool>,
    /// Whether a side with no legal move loses.
    pub blocked_side_loses: Option<bool>,
    /// `"forbidden"`, `"allowed"` or `"draw(n)"`.
    pub repetition: Option<String>,
    /// Plies without a placement or a capture after which the game is drawn.
    pub no_progress_limit: Option<f64>,
}

fn field_error(field: impl Into<String>, message: String) -> Failure {
    Failure::new(ErrorClass::Ruleset, message).with("field", Some(field.into()))
}

/// A whole number from `low` to `high`, or a `RulesetError` about `field`.
fn count(field: &'static str, value: f64, low: u32, high: u32, what: &str) -> Result<u32, Failure> {
    if value.fract() == 0.0 && value >= f64::from(low) && value <= f64::from(high) {
        Ok(value as u32)
    } else {
        Err(field_error(
            field,
            format!("{field}: expected {what} from {low} to {high}, found {value}"),
        ))
    }
}

/// The repetition policy, read through the core's rule-set text so that the
/// count is checked in one place.
fn repetition_of(text: &str) -> Result<Repetition, Failure> {
    let expected = || {
        field_error(
            "repetition",
            format!(
                "repetition: expected \"forbidden\", \"allowed\" or \"draw(n)\" \
                 with n from 2 to 255, found {text:?}"
            ),
        )
    };
    if text.is_empty() || text.contains(char::is_whitespace) || text.contains('=') {
        return Err(expected());
    }
    match format!("repetition={text}").parse::<Ruleset>() {
        Ok(rules) => Ok(rules.repetition()),
        Err(error) => match error.kind() {
            ParseErrorKind::Ruleset(inner) => Err(inner.clone().into()),
            _ => Err(expected()),
        },
    }
}

impl RulesetFields {
    /// The rule set of these fields, the ones left out as in `bagh-chal`.
    pub fn build(&self) -> Result<Ruleset, Failure> {
        let defaults = Ruleset::default();
        let mut builder = Ruleset::builder();
        let mut tiger_count = defaults.tiger_count();
        if let Some(tigers) = &self.tigers {
            tiger_count = tigers.len();
            builder = builder.tigers(tigers.iter().map(String::as_str));
        }
        let most_goats = 25u32.saturating_sub(tiger_count as u32).max(1);
        let goats = match self.goats {
            Some(goats) => count("goats", goats, 1, most_goats, "a number of goats")?,
            None => u32::from(defaults.goats()),
        };
        let capture_target = match self.capture_target {
            Some(target) => count("captureTarget", target, 1, goats, "a number of captures")?,
            None => u32::from(defaults.capture_target()),
        };
        if let Some(moves) = &self.tiger_moves {
            builder = builder.tiger_moves(match moves.as_str() {
                "step" => TigerMoves::Step,
                "slide" => TigerMoves::Slide,
                other => {
                    return Err(field_error(
                        "tigerMoves",
                        format!("tigerMoves: expected \"step\" or \"slide\", found {other:?}"),
                    ))
                }
            });
        }
        if let Some(mandatory) = self.mandatory_capture {
            builder = builder.mandatory_capture(mandatory);
        }
        if let Some(loses) = self.blocked_side_loses {
            builder = builder.blocked_side_loses(loses);
        }
        if let Some(repetition) = &self.repetition {
            builder = builder.repetition(repetition_of(repetition)?);
        }
        if let Some(limit) = self.no_progress_limit {
            let limit = count("noProgressLimit", limit, 1, 65535, "a number of plies")?;
            builder = builder.no_progress_limit(u16::try_from(limit).ok());
        }
        // Both counts were checked against ranges that fit in a u8 above.
        let goats = u8::try_from(goats).unwrap_or(u8::MAX);
        let capture_target = u8::try_from(capture_target).unwrap_or(u8::MAX);
        // The core names its fields as the text form does (`capture_target`);
        // here they are the options' names (`captureTarget`).
        builder
            .goats(goats)
            .capture_target(capture_target)
            .build()
            .map_err(|error| {
                let field = camel_case(error.field());
                let message = error.to_string();
                let message = match message.strip_prefix(error.field()) {
                    Some(rest) => format!("{field}{rest}"),
                    None => message,
                };
                field_error(field, message)
            })
    }
}

/// The rule set of a preset id or a text form, or `bagh-chal` for none.
pub fn rules_of(text: Option<&str>) -> Result<Ruleset, Failure> {
    match text {
        None => Ok(Ruleset::default()),
        Some(text) => Ok(text.parse::<Ruleset>()?),
    }
}

/// Point names in board order (`a1`, `b1`, ..., `e5`).
pub fn point_names(points: bagh_core::PointSet) -> Vec<String> {
    points.iter().map(|point| point.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Detail;

    fn field_of(failure: &Failure) -> Option<&Detail> {
        failure.detail("field")
    }

    #[test]
    fn no_field_is_bagh_chal_and_fields_are_the_text_forms() {
        assert_eq!(RulesetFields::default().build(), Ok(Ruleset::default()));
        // The two-tigers preset of docs/rules.md, field by field.
        let fields = RulesetFields {
            tigers: Some(vec!["b3".into(), "d3".into()]),
            goats: Some(18.0),
            capture_target: Some(9.0),
            ..RulesetFields::default()
        };
        let two_tigers = Ruleset::preset("two-tigers").unwrap();
        let built = fields.build().unwrap();
        assert_eq!(built.tigers(), two_tigers.tigers());
        assert_eq!((built.goats(), built.capture_target()), (18, 9));
        let fields = RulesetFields {
            repetition: Some("draw(3)".into()),
            no_progress_limit: Some(50.0),
            tiger_moves: Some("slide".into()),
            ..RulesetFields::default()
        };
        let text = "repetition=draw(3) no_progress_limit=50 tiger_moves=slide";
        assert_eq!(
            fields.build(),
            text.parse::<Ruleset>().map_err(Failure::from)
        );
    }

    #[test]
    fn a_bad_field_is_named_as_javascript_spells_it() {
        let cases = [
            (
                RulesetFields {
                    goats: Some(22.0),
                    ..RulesetFields::default()
                },
                "goats",
                "goats: expected a number of goats from 1 to 21, found 22",
            ),
            (
                RulesetFields {
                    capture_target: Some(2.5),
                    ..RulesetFields::default()
                },
                "captureTarget",
                "captureTarget: expected a number of captures from 1 to 20, found 2.5",
            ),
            (
                RulesetFields {
                    tiger_moves: Some("jump".into()),
                    ..RulesetFields::default()
                },
                "tigerMoves",
                "tigerMoves: expected \"step\" or \"slide\", found \"jump\"",
            ),
            (
                RulesetFields {
                    repetition: Some("draw(3) goats=3".into()),
                    ..RulesetFields::default()
                },
                "repetition",
                "repetition: expected \"forbidden\", \"allowed\" or \"draw(n)\" with n from 2 \
                 to 255, found \"draw(3) goats=3\"",
            ),
        ];
        for (fields, field, message) in cases {
            let error = fields.build().unwrap_err();
            assert_eq!(error.class, ErrorClass::Ruleset);
            assert_eq!(error.message, message);
            assert_eq!(field_of(&error), Some(&Detail::Text(field.into())));
        }
        // A field of the core's builder comes back in camelCase.
        let error = RulesetFields {
            tigers: Some(vec!["a1".into(), "a1".into()]),
            ..RulesetFields::default()
        }
        .build()
        .unwrap_err();
        assert_eq!(field_of(&error), Some(&Detail::Text("tigers".into())));
    }
}
