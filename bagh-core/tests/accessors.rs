//! The small accessors and shortcuts that the perft and game suites pass
//! through without looking at (mutation testing showed them unchecked):
//! each checked against its definition in docs/rules.md or the notation, so
//! that a wrong answer from any of them fails a test.

use bagh_core::{Direction, Game, Move, Point, PointSet, Position, Ruleset};

fn mv(text: &str) -> Move {
    text.parse().expect("a move in the notation")
}

/// The four diagonal directions are the ones that change both file and rank.
#[test]
fn diagonal_directions_are_the_four_slanted_ones() {
    use Direction::*;
    for direction in [NorthEast, NorthWest, SouthEast, SouthWest] {
        assert!(direction.is_diagonal(), "{direction:?} is diagonal");
    }
    for direction in [North, South, East, West] {
        assert!(!direction.is_diagonal(), "{direction:?} is not diagonal");
    }
}

/// A step and a step back along the opposite direction return to the point.
#[test]
fn opposite_directions_step_back() {
    for direction in Direction::ALL {
        assert_ne!(direction.opposite(), direction);
        assert_eq!(direction.opposite().opposite(), direction);
        let (df, dr) = direction.delta();
        assert_eq!(direction.opposite().delta(), (-df, -dr));
        // c3 has all eight neighbours.
        let there = direction.step(Point::C3).expect("c3 has eight neighbours");
        assert_eq!(direction.opposite().step(there), Some(Point::C3));
    }
}

#[test]
fn a_game_is_empty_until_a_move_is_played() {
    let mut game = Game::default();
    assert!(game.is_empty());
    assert_eq!(game.len(), 0);
    game.push(mv("c3")).unwrap();
    assert!(!game.is_empty());
    game.pop();
    assert!(game.is_empty());
}

/// Tigers to move with two goats to jump: the captures are the jumps over
/// an adjacent goat onto an empty point beyond it.
#[test]
fn legal_captures_are_the_jumps_among_the_legal_moves() {
    let rules = Ruleset::preset("bagh-chal").unwrap();
    // Goats on b1 and a2 next to the tiger on a1; a3 and c1 are empty.
    let position = Position::from_text("T3T/5/5/G4/TG2T t 18 0", rules).unwrap();
    let game = Game::from_position(position);
    let mut captures: Vec<String> = game
        .legal_captures()
        .iter()
        .map(ToString::to_string)
        .collect();
    captures.sort();
    assert_eq!(captures, ["a1xa3", "a1xc1"]);
    assert!(Game::default().legal_captures().is_empty());
}

/// docs/rules.md's blocked goat: the only goat, on a1, walled in by tigers
/// on a2, b1 and b2, with none in hand. The cheap `has_legal_move` must
/// agree with the move list, and the game ends with the goats blocked.
#[test]
fn a_walled_in_goat_has_no_move_though_points_are_empty() {
    let rules: Ruleset = "tigers=a2,b1,b2 goats=1 capture_target=1 blocked_side_loses=yes"
        .parse()
        .unwrap();
    let blocked = Position::from_text("5/5/5/TT3/GT3 g 0 0", rules).unwrap();
    assert!(blocked.legal_moves().is_empty());
    assert!(!blocked.has_legal_move());
    let outcome = blocked.outcome().expect("the goats are blocked");
    assert_eq!(outcome.reason.name(), "goats-blocked");
    assert_eq!(outcome.result(), "0-1");

    // With the goat still in hand every empty point is a placement.
    let placing = Position::from_text("5/5/5/TT3/1T3 g 1 0", rules).unwrap();
    assert!(placing.has_legal_move());
    assert_eq!(placing.legal_moves().len(), 22);
    assert_eq!(placing.outcome(), None);
}

/// docs/rules.md's names of the five ways a game ends, read back.
#[test]
fn termination_names_read_back() {
    use bagh_core::Termination;
    let names: Vec<&str> = Termination::ALL
        .iter()
        .map(|reason| reason.name())
        .collect();
    assert_eq!(
        names,
        [
            "captures",
            "tigers-trapped",
            "goats-blocked",
            "repetition",
            "no-progress"
        ]
    );
    for reason in Termination::ALL {
        assert_eq!(Termination::from_name(reason.name()), Some(reason));
    }
    assert_eq!(Termination::from_name("stalemate"), None);
    assert_eq!(Termination::from_name(""), None);
}

/// An outcome without a winner is a draw, written `1/2-1/2 (reason)`.
#[test]
fn outcomes_say_draw_and_write_result_and_reason() {
    use bagh_core::{Outcome, Side, Termination};
    let drawn = Outcome {
        winner: None,
        reason: Termination::Repetition,
    };
    let won = Outcome {
        winner: Some(Side::Tiger),
        reason: Termination::Captures,
    };
    assert!(drawn.is_draw());
    assert!(!won.is_draw());
    assert_eq!(drawn.to_string(), "1/2-1/2 (repetition)");
    assert_eq!(won.to_string(), "0-1 (captures)");
}

/// A point set's iterator knows how many points are left (it is an
/// `ExactSizeIterator`).
#[test]
fn point_set_iterators_count_what_is_left() {
    use bagh_core::PointSet;
    let mut set = PointSet::default();
    for point in [Point::A1, Point::C3, Point::E5] {
        set.insert(point);
    }
    let mut points = set.iter();
    assert_eq!(points.size_hint(), (3, Some(3)));
    assert_eq!(points.len(), 3);
    assert_eq!(points.next(), Some(Point::A1));
    assert_eq!(points.size_hint(), (2, Some(2)));
    assert_eq!(points.len(), 2);
}

/// A point converts to the set holding just it, and `a - b` keeps the points
/// of `a` that are not in `b`.
#[test]
fn a_point_is_a_set_and_sets_subtract() {
    let c3 = PointSet::from(Point::C3);
    assert_eq!(c3.len(), 1);
    assert!(c3.contains(Point::C3));
    let corners: PointSet = [Point::A1, Point::E1, Point::A5, Point::E5]
        .into_iter()
        .collect();
    let bottom: PointSet = [Point::A1, Point::E1, Point::C1].into_iter().collect();
    let top: Vec<Point> = (corners - bottom).iter().collect();
    assert_eq!(top, [Point::A5, Point::E5]);
    assert_eq!(corners - PointSet::EMPTY, corners);
    assert_eq!(corners - corners, PointSet::EMPTY);
    assert_eq!((c3 - corners).iter().collect::<Vec<_>>(), [Point::C3]);
}

/// The ASCII board: rank 5 at the top with its number on the left, the files
/// below, then who moves and the goats in hand and captured.
#[test]
fn the_ascii_board_labels_every_rank_and_file() {
    let position: Position = "T3T/5/2G2/5/T3T t 19 0".parse().unwrap();
    assert_eq!(
        position.ascii_board(),
        "5 T . . . T\n\
         4 . . . . .\n\
         3 . . G . .\n\
         2 . . . . .\n\
         1 T . . . T\n  \
         a b c d e\n\
         tigers to move, 19 in hand, 0 captured"
    );
}

/// `{:?}` of a position shows its position string and rule set, so that a
/// failing assertion says which position it was.
#[test]
fn a_position_debugs_as_its_text_and_rules() {
    let position: Position = "T3T/5/2G2/5/T3T t 19 0".parse().unwrap();
    assert_eq!(
        format!("{position:?}"),
        "Position(\"T3T/5/2G2/5/T3T t 19 0\", rules=bagh-chal)"
    );
}
