//! `Setup`: a position built from its parts. Every wrong field is an error
//! that names it, taking a position apart and building it again gives it
//! back, and a setup is accepted exactly when its position string is.

mod common;
use common::games::random_game;
use common::proptest_cases::config;
use common::reference::{self, RefPosition, SplitMix64};

use bagh_core::{ParseErrorKind, Point, PointSet, Position, Ruleset, Setup, SetupError, Side};
use proptest::prelude::*;

fn points(points: &[Point]) -> PointSet {
    points.iter().copied().collect()
}

fn corners() -> PointSet {
    points(&[Point::A1, Point::E1, Point::A5, Point::E5])
}

/// `T3T/5/2G2/5/T3T t 19 0` as parts.
fn after_c3() -> Setup {
    Setup {
        tigers: corners(),
        goats: PointSet::single(Point::C3),
        side: Side::Tiger,
        goats_in_hand: 19,
        goats_captured: 0,
    }
}

#[test]
fn a_setup_builds_the_position_of_its_parts() {
    let rules = Ruleset::default();
    let position = Position::from_setup(after_c3(), rules).unwrap();
    assert_eq!(
        position,
        Position::from_text("T3T/5/2G2/5/T3T t 19 0", rules).unwrap()
    );
    assert_eq!(position.setup(), after_c3());
    for (_, rules) in Ruleset::presets() {
        let start = Position::new(rules);
        let setup = Setup {
            tigers: rules.tigers(),
            goats: PointSet::EMPTY,
            side: Side::Goat,
            goats_in_hand: rules.goats(),
            goats_captured: 0,
        };
        assert_eq!(start.setup(), setup);
        assert_eq!(Position::from_setup(setup, rules), Ok(start));
    }
    // A finished game is a position too: the capture target reached.
    let finished = Setup {
        goats_in_hand: 14,
        goats_captured: 5,
        ..after_c3()
    };
    assert!(Position::from_setup(finished, rules)
        .unwrap()
        .is_capture_target_reached());
}

#[test]
fn every_wrong_field_is_an_error_that_names_it() {
    let rules = Ruleset::default();
    let good = after_c3();
    let cases: [(Setup, SetupError, &str, &str); 7] = [
        (
            Setup {
                tigers: points(&[Point::A1, Point::E1, Point::A5]),
                ..good
            },
            SetupError::TigerCount {
                found: 3,
                expected: 4,
            },
            "tigers",
            "tigers: 3 tigers on the board, the rule set has 4",
        ),
        (
            Setup {
                tigers: corners() | PointSet::single(Point::B2),
                ..good
            },
            SetupError::TigerCount {
                found: 5,
                expected: 4,
            },
            "tigers",
            "tigers: 5 tigers on the board, the rule set has 4",
        ),
        (
            Setup {
                goats: points(&[Point::E1, Point::C3]),
                goats_in_hand: 18,
                ..good
            },
            SetupError::Overlap { point: Point::E1 },
            "goats",
            "goats: e1 holds a tiger too",
        ),
        (
            Setup {
                goats_in_hand: 20,
                ..good
            },
            SetupError::GoatCount {
                on_board: 1,
                in_hand: 20,
                captured: 0,
                expected: 20,
            },
            "goats_in_hand",
            "goats_in_hand: 1 goats on the board + 20 in hand + 0 captured make 21, the rule set has 20",
        ),
        (
            Setup {
                goats: PointSet::EMPTY,
                ..good
            },
            SetupError::GoatCount {
                on_board: 0,
                in_hand: 19,
                captured: 0,
                expected: 20,
            },
            "goats_in_hand",
            "goats_in_hand: 0 goats on the board + 19 in hand + 0 captured make 19, the rule set has 20",
        ),
        (
            Setup {
                goats_in_hand: 255,
                goats_captured: 255,
                ..good
            },
            SetupError::GoatCount {
                on_board: 1,
                in_hand: 255,
                captured: 255,
                expected: 20,
            },
            "goats_in_hand",
            "make 511, the rule set has 20",
        ),
        (
            Setup {
                goats_in_hand: 13,
                goats_captured: 6,
                ..good
            },
            SetupError::CapturedAboveTarget {
                captured: 6,
                target: 5,
            },
            "goats_captured",
            "goats_captured: 6 is above the capture target 5",
        ),
    ];
    for (setup, expected, field, message) in cases {
        let error = Position::from_setup(setup, rules).unwrap_err();
        assert_eq!(error, expected, "{setup:?}");
        assert_eq!(error.field(), field, "{setup:?}");
        assert!(error.to_string().contains(message), "{error}");
    }
}

#[test]
fn the_checks_come_in_the_order_of_the_text_reader() {
    // Every field wrong at once: the tigers are reported first.
    let rules = Ruleset::default();
    let everything_wrong = Setup {
        tigers: PointSet::single(Point::C3),
        goats: PointSet::single(Point::C3),
        side: Side::Goat,
        goats_in_hand: 0,
        goats_captured: 9,
    };
    let error = Position::from_setup(everything_wrong, rules).unwrap_err();
    assert_eq!(error.field(), "tigers");
    let text_error = Position::from_text("5/5/2T2/5/5 g 0 9", rules).unwrap_err();
    assert!(
        text_error.to_string().contains("board: 1 tigers"),
        "{text_error}"
    );
}

/// The parts of a setup as the reference generator's grid; `None` if a
/// point holds two pieces (no position string can say that).
fn reference_text(setup: &Setup) -> Option<String> {
    if !(setup.tigers & setup.goats).is_empty() {
        return None;
    }
    let mut grid = [[reference::Cell::Empty; 5]; 5];
    for point in setup.tigers {
        grid[usize::from(point.file())][usize::from(point.rank())] = reference::Cell::Tiger;
    }
    for point in setup.goats {
        grid[usize::from(point.file())][usize::from(point.rank())] = reference::Cell::Goat;
    }
    let side = match setup.side {
        Side::Goat => reference::Side::Goat,
        Side::Tiger => reference::Side::Tiger,
    };
    let position = RefPosition {
        grid,
        side,
        in_hand: setup.goats_in_hand.into(),
        captured: setup.goats_captured.into(),
    };
    Some(position.to_text())
}

/// The position string's field that reports a setup error.
fn text_field(error: &SetupError) -> &'static str {
    match error {
        SetupError::TigerCount { .. } | SetupError::Overlap { .. } => "board",
        SetupError::GoatCount { .. } => "goats in hand",
        SetupError::CapturedAboveTarget { .. } => "goats captured",
        _ => unreachable!("a new setup error: {error}"),
    }
}

/// One of the presets.
fn preset() -> impl Strategy<Value = Ruleset> {
    prop::sample::select(
        Ruleset::presets()
            .map(|(_, rules)| rules)
            .collect::<Vec<_>>(),
    )
}

/// Setups near the valid ones of a preset: a tiger too many or too few now
/// and then, goats that overlap the tigers, counts that are one off, and a
/// captured count up to one above the target, so that each check (and none)
/// fails often.
fn near_setup() -> impl Strategy<Value = (Ruleset, Setup)> {
    (
        preset(),
        Just(Point::ALL.to_vec()).prop_shuffle(),
        prop_oneof![4 => Just(0i32), 1 => Just(-1i32), 1 => Just(1i32)],
        any::<prop::sample::Index>(),
        prop_oneof![6 => Just(false), 1 => Just(true)],
        any::<prop::sample::Index>(),
        prop_oneof![4 => Just(0i32), 1 => Just(-1i32), 1 => Just(1i32)],
        any::<bool>(),
    )
        .prop_map(
            |(
                rules,
                shuffled,
                tiger_delta,
                on_board,
                overlap,
                captured,
                hand_delta,
                tigers_move,
            )| {
                let tiger_count = (rules.tiger_count() as i32 + tiger_delta).max(0) as usize;
                let goats = usize::from(rules.goats());
                let on_board = on_board.index((goats + 1).min(25 - tiger_count) + 1);
                let tigers: PointSet = shuffled[..tiger_count].iter().copied().collect();
                let mut goat_points: PointSet = shuffled[tiger_count..tiger_count + on_board]
                    .iter()
                    .copied()
                    .collect();
                if overlap {
                    if let Some(point) = tigers.first() {
                        goat_points.insert(point);
                    }
                }
                let captured = captured.index(usize::from(rules.capture_target()) + 2);
                let in_hand = (goats as i32 - goat_points.len() as i32 - captured as i32
                    + hand_delta)
                    .clamp(0, 255);
                let setup = Setup {
                    tigers,
                    goats: goat_points,
                    side: if tigers_move { Side::Tiger } else { Side::Goat },
                    goats_in_hand: in_hand as u8,
                    goats_captured: captured as u8,
                };
                (rules, setup)
            },
        )
}

proptest! {
    #![proptest_config(config())]

    /// Taking a position reached by play apart and building it again gives it
    /// back, in every preset.
    #[test]
    fn a_position_is_its_setup(rules in preset(), seed in any::<u64>(), plies in 0usize..300) {
        let game = random_game(Position::new(rules), &mut SplitMix64(seed), plies);
        let mut position = Position::new(rules);
        prop_assert_eq!(Position::from_setup(position.setup(), rules), Ok(position));
        for &mv in game.moves() {
            position = position.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let setup = position.setup();
            prop_assert_eq!(Position::from_setup(setup, rules), Ok(position));
            prop_assert_eq!(setup.tigers, position.tigers());
            prop_assert_eq!(setup.goats, position.goats());
            prop_assert_eq!(setup.side, position.side_to_move());
            prop_assert_eq!(setup.goats_in_hand, position.goats_in_hand());
            prop_assert_eq!(setup.goats_captured, position.goats_captured());
        }
    }

    /// A setup is accepted exactly when its position string (written by the
    /// reference generator, not by the engine) is, to the same position; a
    /// refused one is refused by the text reader for the same reason,
    /// reported against the string's field. A setup whose tigers and goats
    /// share a point has no position string and is always refused.
    #[test]
    fn a_setup_is_accepted_exactly_when_its_position_string_is((rules, setup) in near_setup()) {
        let built = Position::from_setup(setup, rules);
        let Some(text) = reference_text(&setup) else {
            prop_assert!(built.is_err(), "{:?} with a shared point was accepted", setup);
            return Ok(());
        };
        let read = Position::from_text(&text, rules);
        match (&built, &read) {
            (Ok(built), Ok(read)) => {
                prop_assert_eq!(built, read);
                prop_assert_eq!(built.to_string(), text);
            }
            (Err(error), Err(text_error)) => {
                let ParseErrorKind::Inconsistent { field, reason } = text_error.kind() else {
                    return Err(TestCaseError::fail(format!("{text}: {text_error}")));
                };
                prop_assert_eq!(*field, text_field(error), "{}: {}", text, text_error);
                prop_assert_eq!(error.to_string(), format!("{}: {}", error.field(), reason));
            }
            _ => {
                return Err(TestCaseError::fail(format!(
                    "{setup:?} gives {built:?}, its string {text:?} gives {read:?}"
                )))
            }
        }
    }
}
