//! An outcome from its parts (`new Outcome("tiger", "captures")`).

use bagh_core::{Outcome, Side, Termination};

use crate::errors::{ErrorClass, Failure};

/// The outcome with this winner (`"goat"`, `"tiger"`, or none for a draw)
/// and reason (a termination's name); anything else is a `ParseError` that
/// names the part and the values it may take.
pub fn outcome_of(winner: Option<&str>, reason: &str) -> Result<Outcome, Failure> {
    let winner = match winner {
        None => None,
        Some("goat") => Some(Side::Goat),
        Some("tiger") => Some(Side::Tiger),
        Some(other) => {
            return Err(Failure::new(
                ErrorClass::Parse,
                format!("winner: unexpected value {other:?}, expected \"goat\", \"tiger\" or null"),
            ))
        }
    };
    let reason = Termination::from_name(reason).ok_or_else(|| {
        Failure::new(
            ErrorClass::Parse,
            format!(
                "reason: unexpected value {reason:?}, expected one of {}",
                Termination::ALL.map(|known| known.name()).join(", ")
            ),
        )
    })?;
    Ok(Outcome { winner, reason })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outcome_reads_from_its_parts_and_refuses_other_names() {
        let outcome = outcome_of(Some("tiger"), "captures").unwrap();
        assert_eq!(outcome.winner, Some(Side::Tiger));
        assert_eq!(outcome.result(), "0-1");
        assert!(outcome_of(None, "repetition").unwrap().is_draw());
        let error = outcome_of(Some("goats"), "captures").unwrap_err();
        assert_eq!(error.class, ErrorClass::Parse);
        assert!(error.message.starts_with("winner: "), "{}", error.message);
        let error = outcome_of(None, "stalemate").unwrap_err();
        assert_eq!(
            error.message,
            "reason: unexpected value \"stalemate\", expected one of captures, \
             tigers-trapped, goats-blocked, repetition, no-progress"
        );
    }
}
