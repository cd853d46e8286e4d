//! The goats en prise (`threatened_goats`), checked against the reference
//! generator (tests/common/reference.rs): the goats that its captures take
//! in the same position with the tigers to move, none once the reference
//! says the game is over; and by hand on boards read from docs/rules.md.

mod common;
use common::proptest_cases::config;

use bagh_core::{Game, Move, Point, PointSet, Position, Repetition, Ruleset, Side};
use proptest::prelude::*;

use common::reference::{RefMove, Side as RefSide};
use common::strategies::{point, random_position, ref_position, ref_rules};

/// The goats taken by the reference's captures if the tigers were to move,
/// or none if the reference finds the game over as it stands.
fn by_reference(position: &Position) -> Result<PointSet, TestCaseError> {
    let rules = ref_rules(position.rules());
    let mut reference = ref_position(position)?;
    if reference
        .outcome(&rules, position.rules().blocked_side_loses())
        .is_some()
    {
        return Ok(PointSet::EMPTY);
    }
    reference.side = RefSide::Tiger;
    Ok(reference
        .moves(&rules)
        .into_iter()
        .filter_map(|mv| match mv {
            RefMove::Capture(_, over, _) => Some(point(over)),
            _ => None,
        })
        .collect())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_threatened_goats_are_those_the_tigers_could_take(position in random_position()) {
        prop_assert_eq!(position.threatened_goats(), by_reference(&position)?, "in {}", position);
        let game = Game::from_position(position);
        prop_assert_eq!(game.threatened_goats(), position.threatened_goats(), "in {}", position);
    }
}

fn points(names: &[&str]) -> PointSet {
    names
        .iter()
        .map(|name| name.parse::<Point>().expect("a point"))
        .collect()
}

fn threats(text: &str) -> PointSet {
    Position::from_text(text, Ruleset::default())
        .unwrap_or_else(|error| panic!("{text}: {error}"))
        .threatened_goats()
}

#[test]
fn a_goat_is_threatened_along_a_line_with_the_point_behind_it_empty() {
    // a1-b2-c3 is a diagonal (a1 and b2 have diagonals): the tiger on a1
    // can jump b2. Whose turn it is does not matter.
    assert_eq!(threats("T3T/5/5/1G3/T3T g 19 0"), points(&["b2"]));
    assert_eq!(threats("T3T/5/5/1G3/T3T t 19 0"), points(&["b2"]));
    // b1 has no diagonals, so b1-c2-d3 is no line: the goat on c2 is safe.
    assert_eq!(threats("T3T/5/5/2G2/1T2T g 19 0"), PointSet::EMPTY);
    // The point behind b1 (c1) holds a goat: neither goat can be jumped
    // from a1, and c1's other neighbours hold no tiger.
    assert_eq!(threats("T3T/5/5/5/TGG1T t 18 0"), PointSet::EMPTY);
    // Tigers on a1 and c1 with the goat on b1 between them: no point
    // behind it on that line is empty, and off the edge there is none. The
    // goat on d2 is on the diagonal c1-d2-e3 with e3 empty: c1 jumps it.
    assert_eq!(threats("T3T/5/5/3G1/TGT2 g 18 0"), points(&["d2"]));
}

#[test]
fn a_finished_game_has_no_threatened_goat() {
    // Five goats captured: the tigers have won, though a1 could jump b1.
    assert_eq!(threats("T3T/5/5/5/TG2T g 14 5"), PointSet::EMPTY);

    // draw(2): the position after four plies recurs, and the game is
    // drawn with the goat on b2 still next to a1 and c3 empty.
    let rules = Ruleset::builder()
        .goats(3)
        .capture_target(3)
        .repetition(Repetition::Draw(2))
        .build()
        .expect("a valid rule set");
    let start = Position::from_text("T3T/5/1G1G1/1G3/T3T t 0 0", rules).expect("a position");
    let mut game = Game::from_position(start);
    assert_eq!(game.threatened_goats(), points(&["b2"]));
    for mv in ["e5e4", "d3d4", "e4e5", "d4d3"] {
        game.push(mv.parse::<Move>().expect("a move"))
            .expect("a legal move");
    }
    assert!(game.outcome().is_some(), "the start recurs: a draw");
    assert_eq!(game.position().side_to_move(), Side::Tiger);
    assert_eq!(game.position().threatened_goats(), points(&["b2"]));
    assert_eq!(game.threatened_goats(), PointSet::EMPTY);
}
