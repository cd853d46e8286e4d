//! The weights of the evaluation: one plain struct, so that a fit (for
//! example a logistic regression on tablebase labels) can replace the
//! hand-set defaults without touching the search.

use bagh_core::{Ruleset, TigerMoves};

/// The weight of each feature of the evaluation, in thousandths of a result per unit of
/// the feature, from the tigers' point of view (a positive weight favours
/// the tigers). The evaluation is the sum of weight times feature, negated
/// when the goats are to move. The
/// [guide](crate::guide::engine) describes each feature.
///
/// ```
/// use bagh_core::Ruleset;
/// use bagh_engine::EvalWeights;
///
/// let standard = EvalWeights::for_rules(&Ruleset::default());
/// assert_eq!(EvalWeights::from_array(standard.to_array()), standard);
/// let two_tigers = EvalWeights::for_rules(&Ruleset::preset("two-tigers")?);
/// // Sliding tigers have many more moves, so each counts for less.
/// assert!(two_tigers.tiger_mobility < standard.tiger_mobility);
/// # Ok::<(), bagh_core::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct EvalWeights {
    /// Per goat captured.
    pub captured: i32,
    /// Per goat captured, times the captured count: the last captures
    /// before the target weigh more than the first.
    pub capture_progress: i32,
    /// Per tiger step or slide.
    pub tiger_mobility: i32,
    /// Per capture the tigers could make if they were to move.
    pub capture_moves: i32,
    /// Per tiger with no move at all (negative: good for the goats).
    pub trapped_tiger: i32,
    /// Per goat under attack when the tigers are to move (one of them
    /// falls next ply unless something better exists).
    pub attacked_tiger_to_move: i32,
    /// Per goat under attack when the goats are to move (they can save one
    /// per move).
    pub attacked_goat_to_move: i32,
    /// Once when two or more goats are under attack: the goats cannot
    /// save both with one move.
    pub double_attack: i32,
    /// Per goat that no tiger can ever jump where it stands: on each line
    /// through it a neighbour is a goat or the board's edge (negative).
    pub safe_goat: i32,
    /// Per goat still in hand (negative: goats in hand are reserves that
    /// cannot be attacked).
    pub goat_in_hand: i32,
    /// Per goat on an edge point (negative).
    pub edge_goat: i32,
    /// Per goat on a corner (negative, on top of `edge_goat`).
    pub corner_goat: i32,
    /// Per tiger on a point with diagonal lines (eight neighbours).
    pub tiger_on_diagonal: i32,
    /// Per goat step in the movement phase (negative): goats left without
    /// moves are blocked, which some rule sets score as a loss.
    pub goat_mobility: i32,
    /// For the side to move, whichever it is (in its favour).
    pub tempo: i32,
}

impl EvalWeights {
    /// The number of weights.
    pub const COUNT: usize = 15;

    /// The weights' names, in the order of [`EvalWeights::to_array`].
    pub const NAMES: [&'static str; EvalWeights::COUNT] = [
        "captured",
        "capture_progress",
        "tiger_mobility",
        "capture_moves",
        "trapped_tiger",
        "attacked_tiger_to_move",
        "attacked_goat_to_move",
        "double_attack",
        "safe_goat",
        "goat_in_hand",
        "edge_goat",
        "corner_goat",
        "tiger_on_diagonal",
        "goat_mobility",
        "tempo",
    ];

    /// The weights as an array, in the order of [`EvalWeights::NAMES`].
    pub const fn to_array(&self) -> [i32; EvalWeights::COUNT] {
        [
            self.captured,
            self.capture_progress,
            self.tiger_mobility,
            self.capture_moves,
            self.trapped_tiger,
            self.attacked_tiger_to_move,
            self.attacked_goat_to_move,
            self.double_attack,
            self.safe_goat,
            self.goat_in_hand,
            self.edge_goat,
            self.corner_goat,
            self.tiger_on_diagonal,
            self.goat_mobility,
            self.tempo,
        ]
    }

    /// The weights from an array in the order of [`EvalWeights::NAMES`].
    pub const fn from_array(w: [i32; EvalWeights::COUNT]) -> EvalWeights {
        EvalWeights {
            captured: w[0],
            capture_progress: w[1],
            tiger_mobility: w[2],
            capture_moves: w[3],
            trapped_tiger: w[4],
            attacked_tiger_to_move: w[5],
            attacked_goat_to_move: w[6],
            double_attack: w[7],
            safe_goat: w[8],
            goat_in_hand: w[9],
            edge_goat: w[10],
            corner_goat: w[11],
            tiger_on_diagonal: w[12],
            goat_mobility: w[13],
            tempo: w[14],
        }
    }

    /// The hand-set weights for standard Bagh-Chal (four stepping tigers,
    /// twenty goats, five captures).
    pub const STANDARD: EvalWeights = EvalWeights {
        captured: 220,
        capture_progress: 25,
        tiger_mobility: 6,
        capture_moves: 12,
        trapped_tiger: -60,
        attacked_tiger_to_move: 120,
        attacked_goat_to_move: 25,
        double_attack: 70,
        safe_goat: -8,
        goat_in_hand: -4,
        edge_goat: -6,
        corner_goat: -6,
        tiger_on_diagonal: 6,
        goat_mobility: -1,
        tempo: 8,
    };

    /// The default weights for a rule set: [`EvalWeights::STANDARD`]
    /// scaled to the capture target (a capture is worth more when few win
    /// the game), with less weight per move for sliding tigers and goat
    /// mobility weighed more where blocked goats lose.
    pub fn for_rules(rules: &Ruleset) -> EvalWeights {
        let mut w = EvalWeights::STANDARD;
        let target = i32::from(rules.capture_target().max(1));
        // Five captures win the standard game; scale so that reaching the
        // target is worth about the same in every rule set.
        w.captured = w.captured * 5 / target;
        w.capture_progress = w.capture_progress * 25 / (target * target);
        if rules.tiger_moves() == TigerMoves::Slide {
            w.tiger_mobility = 2;
        }
        if rules.blocked_side_loses() {
            w.goat_mobility = -4;
        }
        let tigers = rules.tiger_count().max(1) as i32;
        // Trapping one tiger of two is half the way; one of four a quarter.
        w.trapped_tiger = w.trapped_tiger * 4 / tigers;
        w
    }
}

impl Default for EvalWeights {
    /// [`EvalWeights::STANDARD`].
    fn default() -> EvalWeights {
        EvalWeights::STANDARD
    }
}
