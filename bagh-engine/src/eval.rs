//! The static evaluation: features of a position weighed by [`EvalWeights`].

use bagh_core::{Direction, PointSet, Position, Side, TigerMoves};

use crate::score::MAX_HEURISTIC;
use crate::EvalWeights;

/// The points on the board's edge.
const EDGE: PointSet = PointSet::from_bits(0b11111_10001_10001_10001_11111);
/// The four corners.
const CORNERS: PointSet = PointSet::from_bits(1 | 1 << 4 | 1 << 20 | 1 << 24);

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

/// Calls `f` with each of the eight directions in the order of
/// [`Direction::ALL`], written out so that every call sees a constant
/// direction and its shifts compile to a mask and a shift.
#[inline(always)]
pub(crate) fn each_direction<T>(mut f: impl FnMut(Direction) -> T) -> [T; 8] {
    [
        f(Direction::North),
        f(Direction::South),
        f(Direction::East),
        f(Direction::West),
        f(Direction::NorthEast),
        f(Direction::NorthWest),
        f(Direction::SouthEast),
        f(Direction::SouthWest),
    ]
}

const M1: u64 = 0x5555_5555_5555_5555;
const M2: u64 = 0x3333_3333_3333_3333;
const M4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
const BYTES: u64 = 0x0101_0101_0101_0101;

/// Two sets in one word, each counted to 2-bit then 4-bit fields (at most
/// 4 per field).
#[inline(always)]
fn nibble_counts(a: PointSet, b: PointSet) -> u64 {
    let x = u64::from(a.bits()) | u64::from(b.bits()) << 32;
    let x = x - (x >> 1 & M1);
    (x & M2) + (x >> 2 & M2)
}

/// The 8-bit fields of `x` added up (their sum is below 256).
#[inline(always)]
fn sum_bytes(x: u64) -> i32 {
    (x.wrapping_mul(BYTES) >> 56) as i32
}

/// The sizes of two sets, counted together: the counts of several sets
/// share the steps of one bit count (the baseline x86-64 target has no
/// `popcnt`, so each `count_ones` is a dozen instructions).
#[inline(always)]
fn len2(a: PointSet, b: PointSet) -> (i32, i32) {
    let x = nibble_counts(a, b);
    // Bytes at most 8; each half's four bytes add up in its top byte.
    let sums = ((x + (x >> 4)) & M4).wrapping_mul(0x0101_0101);
    ((sums >> 24 & 0xFF) as i32, (sums >> 56) as i32)
}

/// The sizes of eight sets added up (at most 200; see [`len2`]).
#[inline(always)]
fn count8(s: [PointSet; 8]) -> i32 {
    // Nibbles at most 8, added into bytes of at most 16 (masked apart, as
    // their sum need not fit a nibble), then 32; the running sums of the
    // multiply stay below 256 in every byte, since the total is at most 200.
    let x = nibble_counts(s[0], s[1]) + nibble_counts(s[2], s[3]);
    let y = nibble_counts(s[4], s[5]) + nibble_counts(s[6], s[7]);
    let bytes = |x: u64| (x & M4) + (x >> 4 & M4);
    sum_bytes(bytes(x) + bytes(y))
}

impl Features {
    /// The features of `position`.
    ///
    /// Whole-board shifts, per direction `d`: `ahead` = the points one step
    /// from a tiger along `d`, `behind_empty` = the points whose neighbour
    /// along `d` is empty. A goat in `ahead` and `behind_empty` can be
    /// jumped along `d` (one capture each, landing on a distinct point); a
    /// tiger in `behind_empty` can step along `d`; a goat in
    /// `behind_empty` can step along `d` (all by the symmetry of lines: a
    /// line leaves `p` along `d` exactly when one leaves `p + d` back).
    pub(crate) fn of(position: &Position) -> Features {
        let tigers = position.tigers();
        let goats = position.goats();
        let empty = position.empty();
        let slide = position.rules().tiger_moves() == TigerMoves::Slide;
        let per = each_direction(|direction| {
            let back = direction.opposite();
            let ahead = direction.shift(tigers);
            let behind_empty = back.shift(empty);
            let jumped = ahead & goats & behind_empty;
            let steps = ahead & empty;
            // The tigers that can move along `direction`.
            let movers = (tigers & behind_empty) | back.shift(jumped);
            (jumped, steps, movers, goats & behind_empty)
        });
        let mut attacked = PointSet::EMPTY;
        let mut mobile = PointSet::EMPTY;
        for &(jumped, _, movers, _) in &per {
            attacked |= jumped;
            mobile |= movers;
        }
        let capture_moves = count8(per.map(|(jumped, ..)| jumped));
        let mut tiger_mobility = count8(per.map(|(_, steps, ..)| steps));
        if slide {
            // Rays of different tigers in one direction never overlap (a
            // tiger ends the ray of the one behind it).
            for (direction, (_, steps, ..)) in Direction::ALL.into_iter().zip(per) {
                let mut reached = direction.shift(steps) & empty;
                while !reached.is_empty() {
                    tiger_mobility += reached.len() as i32;
                    reached = direction.shift(reached) & empty;
                }
            }
        }
        // A goat is exposed on an axis when neither neighbour along it is a
        // goat nor off the board.
        let not_goats = !goats;
        let open = each_direction(|direction| direction.shift(not_goats));
        // `open` is in the order of `Direction::ALL`: each of the four axes
        // (north, east, north-east, north-west) with its opposite.
        let exposed =
            (open[0] & open[1]) | (open[2] & open[3]) | (open[4] & open[7]) | (open[5] & open[6]);
        let goat_mobility = if position.goats_in_hand() == 0 {
            count8(per.map(|(.., goat_steps)| goat_steps))
        } else {
            0
        };
        let (edge_goats, corner_goats) = len2(goats & EDGE, goats & CORNERS);
        let (tigers_on_diagonals, attacked) = len2(tigers & PointSet::DIAGONAL_POINTS, attacked);
        let (trapped_tigers, safe_goats) = len2(tigers - mobile, goats - exposed);
        Features {
            captured: i32::from(position.goats_captured()),
            tiger_mobility,
            capture_moves,
            trapped_tigers,
            attacked,
            safe_goats,
            in_hand: i32::from(position.goats_in_hand()),
            edge_goats,
            corner_goats,
            tigers_on_diagonals,
            goat_mobility,
        }
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

/// The static evaluation of `position` for the side to move, in thousandths of a result
/// (no search: see the [guide](crate::guide::engine) for the features).
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
    use bagh_core::{goats_under_attack, Point, Ruleset};

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

    /// One direction of each of the four lines through a point.
    const AXES: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
    ];

    /// The features as first written: one direction at a time, each set
    /// counted on its own.
    fn reference(position: &Position) -> Features {
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
        let mut mobile = PointSet::EMPTY;
        for direction in Direction::ALL {
            let back = direction.opposite();
            let landing = direction.shift(direction.shift(tigers) & goats) & empty;
            f.capture_moves += landing.len() as i32;
            mobile |= back.shift(back.shift(landing));
            let mut reached = direction.shift(tigers) & empty;
            mobile |= back.shift(reached);
            f.tiger_mobility += reached.len() as i32;
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

    /// The shared bit counts agree with counting one set at a time.
    #[test]
    fn counts_of_several_sets() {
        let mut rng = bagh_core::SplitMix64::new(7);
        for _ in 0..10_000 {
            let sets: [PointSet; 8] =
                std::array::from_fn(|_| PointSet::from_bits(rng.next_u64() as u32));
            let lens = sets.map(|s| s.len() as i32);
            assert_eq!(count8(sets), lens.iter().sum::<i32>());
            assert_eq!(len2(sets[0], sets[1]), (lens[0], lens[1]));
        }
        let full = [PointSet::FULL; 8];
        assert_eq!(count8(full), 200);
        // Full bytes, whose two nibbles add up to 16.
        let low = [PointSet::from_bits(0xFF); 8];
        assert_eq!(count8(low), 64);
        assert_eq!(len2(PointSet::FULL, PointSet::FULL), (25, 25));
    }

    /// The features agree with the reference on random and arbitrary
    /// boards of every preset and of sliding tigers.
    #[test]
    fn features_match_the_reference() {
        let slide = Ruleset::builder()
            .tiger_moves(TigerMoves::Slide)
            .build()
            .unwrap();
        let mut rng = bagh_core::SplitMix64::new(11);
        for rules in [
            Ruleset::preset("bagh-chal").unwrap(),
            Ruleset::preset("two-tigers").unwrap(),
            Ruleset::preset("bagh-chal-blocked-loses").unwrap(),
            slide,
        ] {
            for seed in 0..40 {
                let game = bagh_core::random_game(Position::new(rules), seed, 300);
                for position in game.positions() {
                    assert_eq!(Features::of(position), reference(position), "{position}");
                }
            }
            // Boards no random game reaches: the pieces anywhere.
            let mut checked = 0;
            for _ in 0..3000 {
                let mut points = Point::ALL;
                for i in (1..points.len()).rev() {
                    points.swap(i, rng.below(i + 1));
                }
                let tiger_count = rules.tiger_count();
                let total = usize::from(rules.goats());
                let captured = rng.below(usize::from(rules.capture_target()));
                let on_board = rng.below(total - captured + 1).min(25 - tiger_count);
                let in_hand = total - captured - on_board;
                let setup = bagh_core::Setup {
                    tigers: points[..tiger_count].iter().copied().collect(),
                    goats: points[tiger_count..tiger_count + on_board]
                        .iter()
                        .copied()
                        .collect(),
                    side: if rng.below(2) == 0 {
                        Side::Goat
                    } else {
                        Side::Tiger
                    },
                    goats_in_hand: in_hand as u8,
                    goats_captured: captured as u8,
                };
                if let Ok(position) = Position::from_setup(setup, rules) {
                    assert_eq!(Features::of(&position), reference(&position), "{position}");
                    checked += 1;
                }
            }
            assert!(checked > 2000, "{checked}");
        }
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
