//! The score as people read it: from the goats' side, whoever is to move.
//!
//! One display for every front end (Rust, Python, the command line, Node,
//! the board): a heuristic score is the expected result for the goats in
//! [-1, 1] with two decimals and a sign (`+0.30` the goats better, `-0.30`
//! the tigers), and a proven result is said in words (`goats win in 12
//! plies`, `tigers win`, `draw`). The goats' side is fixed because the
//! side to move changes every ply: a game's scores read on one axis.

use std::fmt;

use bagh_core::Side;

use crate::Score;

/// A [`Score`] with its point of view: `relative` is for the side to move,
/// `turn`; [`PovScore::goats`] and [`PovScore::tigers`] give it for a fixed
/// side. `Display` is the one display of a score (see the module docs).
///
/// ```
/// use bagh_core::Side;
/// use bagh_engine::{PovScore, Score};
///
/// // The tigers to move, 0.30 better for them: the goats read -0.30.
/// let pov = PovScore::new(Score::Value(300), Side::Tiger);
/// assert_eq!(pov.to_string(), "-0.30");
/// assert_eq!(pov.goats(), Score::Value(-300));
/// assert_eq!(Score::Loss(Some(12)).pov(Side::Tiger).to_string(), "goats win in 12 plies");
/// assert_eq!(Score::Win(Some(9)).pov(Side::Tiger).to_string(), "tigers win in 9 plies");
/// assert_eq!(Score::Draw.pov(Side::Goat).to_string(), "draw");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PovScore {
    relative: Score,
    turn: Side,
}

impl PovScore {
    /// `relative`, the score for `turn`, the side to move.
    pub const fn new(relative: Score, turn: Side) -> PovScore {
        PovScore { relative, turn }
    }

    /// The score for the side to move.
    pub const fn relative(self) -> Score {
        self.relative
    }

    /// The side to move.
    pub const fn turn(self) -> Side {
        self.turn
    }

    /// The score for `side`.
    pub const fn pov(self, side: Side) -> Score {
        if matches!(
            (side, self.turn),
            (Side::Goat, Side::Goat) | (Side::Tiger, Side::Tiger)
        ) {
            self.relative
        } else {
            self.relative.flip()
        }
    }

    /// The score for the goats.
    pub const fn goats(self) -> Score {
        self.pov(Side::Goat)
    }

    /// The score for the tigers.
    pub const fn tigers(self) -> Score {
        self.pov(Side::Tiger)
    }

    /// The expected result for the goats, in [-1, 1]
    /// ([`Score::expected_result`] of [`PovScore::goats`]): the number the
    /// display shows, unrounded, and what a plot of a game draws.
    pub fn expected_result(self) -> f64 {
        self.goats().expected_result()
    }
}

impl fmt::Display for PovScore {
    /// `+0.30`, `-0.05`, `0.00`, `goats win in 12 plies`, `tigers win`
    /// (the placement tables know no distance), `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&text(self.goats(), "goats win", "tigers win"))
    }
}

/// `score` as people read it, `win` and `loss` being the words for the
/// two proven results of the side `score` is for.
pub(crate) fn text(score: Score, win: &str, loss: &str) -> String {
    let proven = |words: &str, distance: Option<u32>| match distance {
        None => words.to_string(),
        Some(1) => format!("{words} in 1 ply"),
        Some(d) => format!("{words} in {d} plies"),
    };
    match score {
        Score::Value(v) => hundredths(v),
        Score::Win(d) => proven(win, d),
        Score::Loss(d) => proven(loss, d),
        Score::Draw => "draw".to_string(),
    }
}

/// A value in thousandths as a result with two decimals: clamped to ±1,
/// rounded half away from zero, signed unless it rounds to 0.
fn hundredths(thousandths: i32) -> String {
    let magnitude = thousandths.unsigned_abs().min(1000);
    let rounded = (magnitude + 5) / 10;
    let sign = match (rounded, thousandths > 0) {
        (0, _) => "",
        (_, true) => "+",
        (_, false) => "-",
    };
    format!("{sign}{}.{:02}", rounded / 100, rounded % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The display's number, written by a second route: the expected result
    /// as a float, rounded with Rust's own float formatting.
    fn by_float(thousandths: i32) -> String {
        let x = (f64::from(thousandths) / 1000.0).clamp(-1.0, 1.0);
        // `{:+.2}` rounds half to even on the binary value; nudge away from
        // zero so that exact halves (0.035) round as the display does.
        let nudged = x + x.signum() * 1e-9;
        let text = format!("{nudged:+.2}");
        if text == "+0.00" || text == "-0.00" {
            "0.00".to_string()
        } else {
            text
        }
    }

    #[test]
    fn values_read_as_the_float_formatter_reads_them() {
        for v in (-1600..=1600).step_by(1) {
            assert_eq!(hundredths(v), by_float(v), "{v}");
        }
    }

    #[test]
    fn the_goats_side_is_kept_whoever_is_to_move() {
        assert_eq!(Score::Value(300).pov(Side::Goat).to_string(), "+0.30");
        assert_eq!(Score::Value(300).pov(Side::Tiger).to_string(), "-0.30");
        assert_eq!(Score::Value(4).pov(Side::Goat).to_string(), "0.00");
        assert_eq!(Score::Value(1400).pov(Side::Goat).to_string(), "+1.00");
        assert_eq!(
            Score::Win(Some(1)).pov(Side::Goat).to_string(),
            "goats win in 1 ply"
        );
        assert_eq!(Score::Loss(None).pov(Side::Goat).to_string(), "tigers win");
        assert_eq!(Score::Win(None).pov(Side::Tiger).to_string(), "tigers win");
        assert_eq!(Score::Draw.pov(Side::Tiger).to_string(), "draw");
        let pov = Score::Value(-250).pov(Side::Tiger);
        assert_eq!(
            (pov.goats(), pov.tigers()),
            (Score::Value(250), Score::Value(-250))
        );
        assert_eq!(pov.expected_result(), 0.25);
    }
}
