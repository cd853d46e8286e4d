//! The public bitboard helpers for tigers, checked against the reference
//! geometry (tests/common/reference.rs) in random positions, crowded ones
//! included.

mod common;
use common::proptest_cases::config;

use bagh_core::{for_each_tiger_move, goats_under_attack, Point, PointSet, Position, Ruleset};
use proptest::prelude::*;
use std::ops::ControlFlow;

use common::reference::directed_jumps;
use common::strategies::{point, random_position};

/// The goats with a tiger on one side and an empty point on the other, found
/// by walking every jump of the board one by one.
fn attacked_by_walking(position: &Position) -> PointSet {
    directed_jumps()
        .into_iter()
        .filter(|&(from, over, to)| {
            position.tigers().contains(point(from))
                && position.goats().contains(point(over))
                && position.piece_at(point(to)).is_none()
        })
        .map(|(_, over, _)| point(over))
        .collect()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn goats_under_attack_are_those_a_jump_takes(position in random_position()) {
        prop_assert_eq!(
            goats_under_attack(position.tigers(), position.goats()),
            attacked_by_walking(&position),
            "in {}", position
        );
    }

    /// The goats the generator captures are exactly the attacked ones, under
    /// every rule (captures come first, so mandatory capture never hides one).
    #[test]
    fn the_generator_captures_every_attacked_goat(position in random_position()) {
        let mut taken = PointSet::EMPTY;
        let _ = for_each_tiger_move(position.rules(), position.tigers(), position.goats(), |mv| {
            if let Some(over) = mv.over_point() {
                taken |= PointSet::from(over);
            }
            ControlFlow::<()>::Continue(())
        });
        prop_assert_eq!(taken, attacked_by_walking(&position), "in {}", position);
    }
}

#[test]
fn a_goat_is_attacked_only_with_an_empty_point_beyond() {
    // b4 lies between the tiger on b3 and the empty b5: attacked. c3 lies
    // between the tigers on b3 and d3, and no other line through it has a
    // tiger next to it: safe. a3 is on the edge, beyond it is off the board.
    let position = Position::from_text("T3T/1G3/GTGT1/5/5 t 17 0", Ruleset::default()).unwrap();
    let expected: PointSet = [Point::B4].into_iter().collect();
    assert_eq!(
        goats_under_attack(position.tigers(), position.goats()),
        expected
    );
    assert_eq!(attacked_by_walking(&position), expected);
}
