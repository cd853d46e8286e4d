//! Scores: a heuristic value or a proven result, from the side to move's view.
//!
//! Inside the search a score is one `i32` so that alpha-beta compares it in
//! one instruction; [`Score`] is its public reading. The ranges, from the
//! top:
//!
//! - `WIN - n`: a win in `n` plies from the root (a known distance);
//! - `TABLE_WIN - ply`: a win the placement tables prove without a
//!   distance, met `ply` plies from the root (shorter paths still rank
//!   higher);
//! - `-MAX_HEURISTIC..=MAX_HEURISTIC`: the evaluation, in thousandths of
//!   a result (1000 is a sure win; see [`Score::Value`]);
//! - and the negatives of the two win ranges for losses.
//!
//! Distances are counted from the root while searching and from the node in
//! the transposition table ([`to_table`], [`from_table`]), so a stored win
//! is still right when the position is met at another ply.

use std::fmt;

use bagh_core::Side;

use crate::PovScore;

/// Above every score: the initial window.
pub(crate) const INFINITE: i32 = 2_000_000;
/// A win on the spot (distance 0).
pub(crate) const WIN: i32 = 1_000_000;
/// Distances of known wins stay below this.
pub(crate) const MAX_DISTANCE: i32 = 100_000;
/// The lowest score of a win with a known distance.
const KNOWN_WIN_MIN: i32 = WIN - MAX_DISTANCE;
/// A win proven by the placement tables, without a distance.
pub(crate) const TABLE_WIN: i32 = 800_000;
/// The lowest score of a proven win of either kind.
pub(crate) const PROVEN_MIN: i32 = TABLE_WIN - MAX_DISTANCE;
/// The evaluation is clamped to this.
pub(crate) const MAX_HEURISTIC: i32 = 500_000;
/// A draw, proven or heuristic.
pub(crate) const DRAW: i32 = 0;

/// Whether a search score is a proven win or loss.
pub(crate) const fn is_proven(score: i32) -> bool {
    score >= PROVEN_MIN || score <= -PROVEN_MIN
}

/// A search score at `ply` as the table stores it: proven results counted
/// from the node rather than from the root.
pub(crate) const fn to_table(score: i32, ply: usize) -> i32 {
    if score >= PROVEN_MIN {
        score + ply as i32
    } else if score <= -PROVEN_MIN {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score read back at `ply`.
pub(crate) const fn from_table(score: i32, ply: usize) -> i32 {
    if score >= PROVEN_MIN {
        score - ply as i32
    } else if score <= -PROVEN_MIN {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a position, for the side to move.
///
/// The unit of [`Score::Value`] is a thousandth of a result: 1000 is a sure
/// win for the side to move, -1000 a sure loss, 0 an even game or a likely
/// draw. With the network (the default evaluation of the shipped rule
/// sets) it is 1000 times the win probability less the loss probability,
/// and beyond ±800, where the network is sure, a progress term of up to
/// ±400 tells a nearer end apart; with the classic evaluation it is the
/// weighed features on the same scale, with no probability behind them.
///
/// People read a score from the goats' side, whoever is to move:
/// [`Score::pov`] gives the [`PovScore`] whose `Display` every front end
/// shows (`+0.30`, `goats win in 12 plies`, `draw`). `Display` on `Score`
/// itself writes the line protocol's form (`cp 35`, `win 7`), which
/// programs parse.
///
/// ```
/// use bagh_core::Side;
/// use bagh_engine::Score;
///
/// assert_eq!(Score::Win(Some(3)).to_string(), "win 3");
/// assert_eq!(Score::Value(-45).to_string(), "cp -45");
/// assert_eq!(Score::Value(-450).pov(Side::Tiger).to_string(), "+0.45");
/// assert_eq!(Score::Win(Some(3)).flip(), Score::Loss(Some(3)));
/// assert!(Score::Win(Some(3)).is_proven());
/// assert!(Score::Win(Some(3)).sort_key() > Score::Win(Some(9)).sort_key());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Score {
    /// A heuristic value in thousandths of a result (1000 is a sure win):
    /// positive is good for the side to move.
    Value(i32),
    /// The side to move wins, in this many plies where it is known (the
    /// placement tables prove wins without a distance).
    Win(Option<u32>),
    /// The side to move loses, in this many plies where it is known.
    Loss(Option<u32>),
    /// A proven draw: a finished game or a tablebase draw.
    Draw,
}

impl Score {
    /// The score for the other side.
    pub const fn flip(self) -> Score {
        match self {
            Score::Value(v) => Score::Value(-v),
            Score::Win(d) => Score::Loss(d),
            Score::Loss(d) => Score::Win(d),
            Score::Draw => Score::Draw,
        }
    }

    /// Whether the result is proven (a win, a loss or a draw).
    pub const fn is_proven(self) -> bool {
        !matches!(self, Score::Value(_))
    }

    /// This score, for the side to move `turn`, with its point of view:
    /// what people read ([`PovScore`]'s `Display`).
    pub const fn pov(self, turn: Side) -> PovScore {
        PovScore::new(self, turn)
    }

    /// The expected result for the side to move, in [-1, 1]: a value in
    /// thousandths clamped to ±1 (the progress term and the classic
    /// evaluation's excess order moves, they are not a result), 1 for a
    /// proven win, -1 for a proven loss, 0 for a draw.
    ///
    /// ```
    /// use bagh_engine::Score;
    ///
    /// assert_eq!(Score::Value(300).expected_result(), 0.3);
    /// assert_eq!(Score::Value(-1400).expected_result(), -1.0);
    /// assert_eq!(Score::Win(None).expected_result(), 1.0);
    /// ```
    pub fn expected_result(self) -> f64 {
        match self {
            Score::Value(v) => (f64::from(v) / 1000.0).clamp(-1.0, 1.0),
            Score::Win(_) => 1.0,
            Score::Loss(_) => -1.0,
            Score::Draw => 0.0,
        }
    }

    /// One number that orders scores as a player would: wins above every
    /// value, faster wins higher, longer losses higher, proven draws at 0.
    /// Values count as themselves (within ±50,000); known wins 100,000
    /// less their distance; unknown ones 90,000.
    pub fn sort_key(self) -> i32 {
        let distance = |d: Option<u32>| d.map_or(10_000, |d| d.min(9_999) as i32);
        match self {
            Score::Value(v) => v.clamp(-50_000, 50_000),
            Score::Win(d) => 100_000 - distance(d),
            Score::Loss(d) => -100_000 + distance(d),
            Score::Draw => 0,
        }
    }

    /// [`Score::sort_key`], under its former name.
    #[deprecated(note = "renamed `sort_key`: the number orders scores, it is not in goats")]
    pub fn centi_goats(self) -> i32 {
        self.sort_key()
    }

    /// The former display: the value in hundredths (`+0.35` for
    /// `Value(35)`), `win in 7`, `loss in 4`, `win`, `loss` or `draw`.
    #[deprecated(
        note = "read scores through `Score::pov(turn)` (`+0.04`, `goats win in 7 plies`) or `Score::for_side_to_move`"
    )]
    pub fn in_goats(self) -> String {
        match self {
            Score::Value(v) => {
                let sign = match v {
                    0 => "",
                    v if v > 0 => "+",
                    _ => "-",
                };
                let v = v.unsigned_abs();
                format!("{sign}{}.{:02}", v / 100, v % 100)
            }
            Score::Win(Some(d)) => format!("win in {d}"),
            Score::Loss(Some(d)) => format!("loss in {d}"),
            Score::Win(None) => "win".into(),
            Score::Loss(None) => "loss".into(),
            Score::Draw => "draw".into(),
        }
    }

    /// The display of [`PovScore`] for a score whose side is not known:
    /// the same number for the side to move, and `win`/`loss` where the
    /// display names the winner.
    ///
    /// ```
    /// use bagh_engine::Score;
    ///
    /// assert_eq!(Score::Value(35).for_side_to_move(), "+0.04");
    /// assert_eq!(Score::Loss(Some(4)).for_side_to_move(), "loss in 4 plies");
    /// assert_eq!(Score::Win(None).for_side_to_move(), "win");
    /// ```
    pub fn for_side_to_move(self) -> String {
        crate::pov_score::text(self, "win", "loss")
    }

    /// The public reading of a search score.
    pub(crate) fn from_search(score: i32) -> Score {
        if score >= KNOWN_WIN_MIN {
            Score::Win(Some((WIN - score) as u32))
        } else if score >= PROVEN_MIN {
            Score::Win(None)
        } else if score <= -KNOWN_WIN_MIN {
            Score::Loss(Some((WIN + score) as u32))
        } else if score <= -PROVEN_MIN {
            Score::Loss(None)
        } else {
            Score::Value(score)
        }
    }
}

impl fmt::Display for Score {
    /// The line protocol's form: `cp 35` (thousandths of a result),
    /// `win 7`, `loss 12` (plies), `win` (distance unknown) or `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Value(v) => write!(f, "cp {v}"),
            Score::Win(Some(d)) => write!(f, "win {d}"),
            Score::Win(None) => f.write_str("win"),
            Score::Loss(Some(d)) => write!(f, "loss {d}"),
            Score::Loss(None) => f.write_str("loss"),
            Score::Draw => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_scores_read_back() {
        assert_eq!(Score::from_search(WIN - 7), Score::Win(Some(7)));
        assert_eq!(Score::from_search(-(WIN - 4)), Score::Loss(Some(4)));
        assert_eq!(Score::from_search(TABLE_WIN - 3), Score::Win(None));
        assert_eq!(Score::from_search(-(TABLE_WIN - 3)), Score::Loss(None));
        assert_eq!(Score::from_search(120), Score::Value(120));
    }

    #[test]
    fn table_adjustment_round_trips() {
        for score in [WIN - 9, -(WIN - 9), TABLE_WIN - 2, 35, -35, 0] {
            assert_eq!(from_table(to_table(score, 5), 5), score);
        }
        // A win in 9 from the root met at ply 5 is a win in 4 from the node;
        // read at ply 2 it is a win in 6 from the root.
        assert_eq!(from_table(to_table(WIN - 9, 5), 2), WIN - 6);
    }
}
