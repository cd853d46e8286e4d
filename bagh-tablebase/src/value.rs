//! What a probe answers: win, draw or loss for the side to move, and the
//! distance to the end of the game where the table knows it.

use std::fmt;

/// The value of a position for the side to move, under perfect play.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Value {
    /// The side to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins.
    Win,
}

impl Value {
    /// The value for the other side.
    pub const fn flip(self) -> Value {
        match self {
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
            Value::Win => Value::Loss,
        }
    }

    /// The value as -1 (loss), 0 (draw) or 1 (win): a number that negates
    /// with the side to move, for the searches.
    pub(crate) const fn score(self) -> i8 {
        match self {
            Value::Loss => -1,
            Value::Draw => 0,
            Value::Win => 1,
        }
    }

    /// The value of a [`score`](Value::score) (any negative number is a
    /// loss, any positive one a win).
    pub(crate) const fn from_score(score: i8) -> Value {
        match score {
            s if s < 0 => Value::Loss,
            0 => Value::Draw,
            _ => Value::Win,
        }
    }

    /// `win`, `draw` or `loss`.
    pub const fn name(self) -> &'static str {
        match self {
            Value::Loss => "loss",
            Value::Draw => "draw",
            Value::Win => "win",
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The answer of a probe: the value for the side to move and, where the
/// table knows it, the distance to the end of the game in plies under
/// perfect play.
///
/// The winner ends the game as fast as it can; the loser holds out as long
/// as it can. The movement table knows the distance of every win and loss;
/// the placement layers store values only, so a position with goats in hand
/// has no distance (`None`), except a finished game (distance 0). A draw
/// never has a distance.
///
/// ```
/// use bagh_tablebase::{Probe, Value};
///
/// assert_eq!(Probe::new(Value::Win, Some(7)).to_string(), "win in 7");
/// assert_eq!(Probe::new(Value::Loss, None).to_string(), "loss");
/// assert_eq!(Probe::new(Value::Win, Some(7)).after_best_move(), Probe::new(Value::Loss, Some(6)));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Probe {
    /// Win, draw or loss for the side to move.
    pub value: Value,
    /// Plies to the end of the game under perfect play, where known
    /// (`None` for a draw and for positions of the placement layers).
    pub distance: Option<u16>,
}

impl Probe {
    /// A probe; a draw's distance is dropped.
    pub const fn new(value: Value, distance: Option<u16>) -> Probe {
        let distance = match value {
            Value::Draw => None,
            _ => distance,
        };
        Probe { value, distance }
    }

    /// A finished game: the side to move has won (`Win`) or lost (`Loss`)
    /// in 0 plies, or it is drawn.
    pub const fn game_over(value: Value) -> Probe {
        Probe::new(value, Some(0))
    }

    /// How good this answer, for the position after a move, is for the
    /// player who made the move: a higher key is better (a win, the
    /// fastest first; a draw; a loss, the slowest first). Players and
    /// searches order moves by it.
    ///
    /// ```
    /// use bagh_tablebase::{Probe, Value};
    ///
    /// let win_in_3 = Probe::new(Value::Loss, Some(2)).rank_for_mover();
    /// let win_in_9 = Probe::new(Value::Loss, Some(8)).rank_for_mover();
    /// let draw = Probe::new(Value::Draw, None).rank_for_mover();
    /// assert!(win_in_3 > win_in_9 && win_in_9 > draw);
    /// ```
    pub fn rank_for_mover(self) -> (u8, i32) {
        let distance = self.distance.map_or(0, i32::from);
        match self.value.flip() {
            Value::Win => (2, -distance),
            Value::Draw => (1, 0),
            Value::Loss => (0, distance),
        }
    }

    /// What the opponent faces after a move that keeps this value: the
    /// flipped value, one ply nearer the end.
    pub const fn after_best_move(self) -> Probe {
        let distance = match self.distance {
            Some(d) if d > 0 => Some(d - 1),
            _ => None,
        };
        Probe::new(self.value.flip(), distance)
    }
}

impl fmt::Display for Probe {
    /// `win in 7`, `loss in 0`, `draw`, or `win` when the distance is unknown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.distance {
            Some(d) if self.value != Value::Draw => write!(f, "{} in {d}", self.value),
            _ => f.write_str(self.value.name()),
        }
    }
}
