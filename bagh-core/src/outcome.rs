//! How a game ended.

use std::fmt;

use crate::Side;

/// Why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Termination {
    /// The tigers reached the capture target.
    Captures,
    /// The tigers had to move and none could.
    TigersTrapped,
    /// The goats had to move and none could (a loss or a draw, as the rule set says).
    GoatsBlocked,
    /// A position occurred as often as the `draw(n)` policy allows.
    Repetition,
    /// The no-progress limit was reached.
    NoProgress,
}

impl Termination {
    /// Every reason, in the order of the checks of the
    /// [rules guide](crate::guide::rules#the-end-of-the-game).
    pub const ALL: [Termination; 5] = [
        Termination::Captures,
        Termination::TigersTrapped,
        Termination::GoatsBlocked,
        Termination::Repetition,
        Termination::NoProgress,
    ];

    /// The reason with this [`name`](Termination::name), if any: how the
    /// bindings read an outcome back from its parts.
    ///
    /// ```
    /// use bagh_core::Termination;
    ///
    /// assert_eq!(Termination::from_name("goats-blocked"), Some(Termination::GoatsBlocked));
    /// assert_eq!(Termination::from_name("stalemate"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Termination> {
        Termination::ALL
            .into_iter()
            .find(|reason| reason.name() == name)
    }

    /// The reason's name: `captures`, `tigers-trapped`, `goats-blocked`,
    /// `repetition` or `no-progress`.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Captures => "captures",
            Termination::TigersTrapped => "tigers-trapped",
            Termination::GoatsBlocked => "goats-blocked",
            Termination::Repetition => "repetition",
            Termination::NoProgress => "no-progress",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The end of a game: the winner (`None` for a draw) and the reason.
///
/// ```
/// use bagh_core::{Outcome, Side, Termination};
///
/// let outcome = Outcome { winner: Some(Side::Tiger), reason: Termination::Captures };
/// assert_eq!(outcome.result(), "0-1");
/// assert_eq!(outcome.to_string(), "0-1 (captures)");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The winning side, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: Termination,
}

impl Outcome {
    /// Whether the game was drawn.
    pub const fn is_draw(&self) -> bool {
        self.winner.is_none()
    }

    /// The result as in game records: `1-0` goats win, `0-1` tigers win,
    /// `1/2-1/2` drawn.
    pub const fn result(&self) -> &'static str {
        match self.winner {
            Some(Side::Goat) => "1-0",
            Some(Side::Tiger) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.reason)
    }
}
