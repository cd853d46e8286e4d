//! The static evaluation: features of a position weighed by [`EvalWeights`].

use bagh_core::{goats_under_attack, Direction, PointSet, Position, Side, TigerMoves};

use crate::score::MAX_HEURISTIC;
use crate::EvalWeights;

/// The points on the board's edge.
const EDGE: PointSet = PointSet::from_bits(0b11111_10001_10001_10001_11111);
/// The four corners.
const CORNERS: PointSet = PointSet::from_bits(1 | 1 << 4 | 1 << 20 | 1 << 24);
/// One direction of each of the four lines through a point.
const AXES: [Direction; 4] = [
    Direction::North,
    Direction::East,
    Direction::NorthEast,
    Direction::NorthWest,
];

/// The features of a position, counted from the board alone (the tigers'
/// view; [`Features::score`] weighs them).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Features {
    pub captured: i32,
    pub tiger_mobility: i32,
    pub capture_moves: i32,
    pub trapped_tigers: i32,
    pub attacked: i32,
    pub safe_goats: i32,
    pub in_hand: i32,
    pub edge_goats: i32,
    pub corner_goats: i32,
    pub tigers_on_diagonals: i32,
    pub goat_mobility: i32,
}

impl Features {
    pub(crate) fn of(position: &Position) -> Features {
        let tigers = position.tigers();
        let goats = position.goats();
        let empty = position.empty();
        let slide = position.rules().tiger_moves() == TigerMoves::Slide;
        let mut f = Features {
            captured: i32::from(position.goats_captured()),
            in_hand: i32::from(position.goats_in_hand()),
            edge_goats: (goats & EDGE).len() as i32,
            corner_goats: (goats & CORNERS).len() as i32,
            tigers_on_diagonals: (tigers & PointSet::DIAGONAL_POINTS).len() as i32,
            attacked: goats_under_attack(tigers, goats).len() as i32,
            ..Features::default()
        };
        // Whole-board shifts: a tiger can move in a direction when the
        // neighbour there is empty, or is a goat with an empty point behind.
        let mut mobile = PointSet::EMPTY;
        for direction in Direction::ALL {
            let back = direction.opposite();
            let landing = direction.shift(direction.shift(tigers) & goats) & empty;
            f.capture_moves += landing.len() as i32;
            mobile |= back.shift(back.shift(landing));
            let mut reached = direction.shift(tigers) & empty;
            mobile |= back.shift(reached);
            f.tiger_mobility += reached.len() as i32;
            // Slides: rays of different tigers in one direction never
            // overlap (a tiger ends the ray of the one behind it).
            while slide && !reached.is_empty() {
                reached = direction.shift(reached) & empty;
                f.tiger_mobility += reached.len() as i32;
            }
        }
        f.trapped_tigers = (tigers - mobile).len() as i32;
        let not_goats = !goats;
        let mut exposed = PointSet::EMPTY;
        for axis in AXES {
            exposed |= axis.opposite().shift(not_goats) & axis.shift(not_goats);
        }
        f.safe_goats = (goats - exposed).len() as i32;
        if position.goats_in_hand() == 0 {
            f.goat_mobility = Direction::ALL
                .into_iter()
                .map(|direction| (direction.shift(goats) & empty).len() as i32)
                .sum();
        }
        f
    }

    /// What each weight multiplies, from the tigers' view, with the side
    /// to move's terms (attacks, tempo) read for `side`; in the order of
    /// [`EvalWeights::to_array`].
    pub(crate) fn coefficients(&self, side: Side) -> [i32; EvalWeights::COUNT] {
        let tigers_to_move = side == Side::Tiger;
        [
            self.captured,
            self.captured * self.captured,
            self.tiger_mobility,
            self.capture_moves,
            self.trapped_tigers,
            if tigers_to_move { self.attacked } else { 0 },
            if tigers_to_move { 0 } else { self.attacked },
            i32::from(self.attacked >= 2),
            self.safe_goats,
            self.in_hand,
            self.edge_goats,
            self.corner_goats,
            self.tigers_on_diagonals,
            self.goat_mobility,
            if tigers_to_move { 1 } else { -1 },
        ]
    }

    /// The weighed sum, from the tigers' view.
    pub(crate) fn score(&self, w: &EvalWeights, side: Side) -> i32 {
        self.coefficients(side)
            .iter()
            .zip(w.to_array())
            .map(|(c, w)| c * w)
            .sum()
    }
}

/// What each weight of [`EvalWeights`] multiplies in the evaluation of
/// `position`, from the side to move's view and in the order of
/// [`EvalWeights::to_array`]: [`evaluate`] is their dot product with the
/// weights (clamped). This is what a fit of the weights needs.
///
/// ```
/// use bagh_core::Position;
/// use bagh_engine::{evaluate, evaluation_terms, EvalWeights};
///
/// let position: Position = "T3T/5/2G2/GG3/T3T t 16 1".parse()?;
/// let weights = EvalWeights::for_rules(position.rules());
/// let terms = evaluation_terms(&position);
/// let sum: i32 = terms.iter().zip(weights.to_array()).map(|(t, w)| t * w).sum();
/// assert_eq!(evaluate(&position, &weights), sum);
/// # Ok::<(), bagh_core::ParseError>(())
/// ```
pub fn evaluation_terms(position: &Position) -> [i32; EvalWeights::COUNT] {
    let side = position.side_to_move();
    let mut terms = Features::of(position).coefficients(side);
    if side == Side::Goat {
        terms.iter_mut().for_each(|t| *t = -*t);
    }
    terms
}

/// The static evaluation of `position` in centi-goats for the side to move
/// (no search: see `docs/engine.md` for the features).
pub fn evaluate(position: &Position, weights: &EvalWeights) -> i32 {
    let side = position.side_to_move();
    let tigers_view = Features::of(position).score(weights, side);
    let score = match side {
        Side::Tiger => tigers_view,
        Side::Goat => -tigers_view,
    };
    score.clamp(-MAX_HEURISTIC, MAX_HEURISTIC)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bagh_core::{Point, Ruleset};

    #[test]
    fn features_of_a_small_position() {
        let rules = Ruleset::default();
        // The tiger on a1 can take a2 (landing on a3), not b2 (c3 is taken).
        let position = Position::from_text("T3T/5/2G2/GG3/T3T t 16 1", rules).unwrap();
        let f = Features::of(&position);
        assert_eq!(f.captured, 1);
        assert_eq!(f.in_hand, 16);
        assert_eq!(f.attacked, 1); // a2, jumped from a1 to a3
        assert_eq!(f.capture_moves, 1);
        assert_eq!(f.trapped_tigers, 0);
        assert_eq!(f.edge_goats, 1);
        assert!(EDGE.contains(Point::A2));
        assert_eq!(
            crate::threats::landing_points(&position),
            PointSet::single(Point::A3)
        );
    }

    #[test]
    fn trapped_tiger_and_safe_goats() {
        let rules = Ruleset::default();
        // The tiger on a1 is walled in by goats backed on every line.
        let position = Position::from_text("T3T/5/GGG2/GGG2/TGG1T g 12 0", rules).unwrap();
        let f = Features::of(&position);
        assert_eq!(f.trapped_tigers, 1);
        assert_eq!(f.attacked, 0);
        assert_eq!(f.safe_goats, 7); // all but c3, open from b4 to d2
    }

    #[test]
    fn the_sign_follows_the_side_to_move() {
        let rules = Ruleset::default();
        let w = EvalWeights::for_rules(&rules);
        let tigers = Position::from_text("T3T/5/2G2/GG3/T3T t 16 1", rules).unwrap();
        let goats = Position::from_text("T3T/5/2G2/GG3/T3T g 16 1", rules).unwrap();
        assert!(evaluate(&tigers, &w) > 0);
        assert!(evaluate(&goats, &w) < evaluate(&tigers, &w));
    }

    /// The whole-board counts agree with counting each tiger's moves one by
    /// one through the rules' own generator.
    #[test]
    fn mobility_matches_the_move_generator() {
        use bagh_core::{for_each_tiger_move, random_game, Move};
        use std::ops::ControlFlow;
        for preset in ["bagh-chal", "two-tigers"] {
            let rules = Ruleset::preset(preset).unwrap();
            for seed in 0..30 {
                let game = random_game(Position::new(rules), seed, 300);
                for position in game.positions() {
                    let f = Features::of(position);
                    let (mut steps, mut captures) = (0, 0);
                    let mut moving = PointSet::EMPTY;
                    let free = rules.to_builder().mandatory_capture(false).build().unwrap();
                    let _ = for_each_tiger_move(&free, position.tigers(), position.goats(), |mv| {
                        match mv {
                            Move::Capture { .. } => captures += 1,
                            _ => steps += 1,
                        }
                        moving.insert(mv.from_point().unwrap());
                        ControlFlow::<()>::Continue(())
                    });
                    assert_eq!(f.tiger_mobility, steps, "{position}");
                    assert_eq!(f.capture_moves, captures, "{position}");
                    assert_eq!(f.trapped_tigers, (position.tigers() - moving).len() as i32);
                }
            }
        }
    }
}
