//! The formats of the `baghchal` package: random games and their positions
//! written and read back, and the errors of malformed texts.

use bagh_core::interop::baghchal::{self, BaghchalErrorKind};
use bagh_core::{Game, Move, Ruleset, Side};

mod common;

/// Seeded, so that the games are the same on every run.
use common::reference::SplitMix64 as Rng;

#[test]
fn random_games_and_positions_round_trip() {
    let mut rng = Rng(3);
    for rules in [baghchal::rules(), Ruleset::default()] {
        for _ in 0..300 {
            let mut game = Game::new(rules);
            let mut goat_plies = 0;
            while let Some(&mv) = {
                let moves = game.legal_moves();
                moves.get(rng.below(moves.len().max(1))).copied().as_ref()
            } {
                let text = baghchal::write_position(game.position(), Some(goat_plies));
                let read = baghchal::read_position(&text, rules).unwrap();
                assert_eq!(read.position, *game.position(), "{text}");
                assert_eq!(read.goat_plies, goat_plies);
                if game.position().side_to_move() == Side::Goat {
                    goat_plies += 1;
                }
                game.push(mv).unwrap();
                if game.len() > 400 {
                    break;
                }
            }
            let text = baghchal::write_game(&game).unwrap();
            let read =
                baghchal::read_game(&text, rules).unwrap_or_else(|e| panic!("{e}\nin\n{text}"));
            assert_eq!(read, game, "{text}");
            assert_eq!(
                text.ends_with(" 1-0") || text.ends_with(" 0-1") || text.ends_with(" 1/2-1/2"),
                game.is_game_over() || baghchal::is_repetition_draw(&game),
                "{text}"
            );
        }
    }
}

fn kind(text: &str) -> (BaghchalErrorKind, usize) {
    let error = baghchal::read_game(text, baghchal::rules()).unwrap_err();
    (error.kind().clone(), error.column())
}

#[test]
fn game_text_errors_name_the_column() {
    assert!(matches!(
        kind(" 1. G33 B1133"),
        (BaghchalErrorKind::IllegalMove(_), 9)
    ));
    assert!(matches!(
        kind(" 1. G12 B1113"),
        (BaghchalErrorKind::CaptureWithoutX { .. }, 9)
    ));
    assert!(matches!(
        kind(" 1. G33 Bx1112"),
        (BaghchalErrorKind::NotACapture { .. }, 9)
    ));
    assert!(matches!(
        kind(" 1. G33 G44"),
        (BaghchalErrorKind::WrongSide { .. }, 9)
    ));
    assert!(matches!(
        kind(" 1. B1112"),
        (BaghchalErrorKind::WrongSide { .. }, 5)
    ));
    assert!(matches!(
        kind(" 2. G33"),
        (BaghchalErrorKind::MoveNumber { expected: 1, .. }, 2)
    ));
    assert!(matches!(
        kind(" 1. G36"),
        (BaghchalErrorKind::Expected { .. }, 6)
    ));
    assert!(matches!(
        kind(" 1. G3"),
        (BaghchalErrorKind::Expected { .. }, 6)
    ));
    assert!(matches!(
        kind(" 1. X33"),
        (BaghchalErrorKind::Expected { .. }, 5)
    ));
    assert!(matches!(
        kind(" 1. G33 1-0"),
        (BaghchalErrorKind::ResultMismatch { .. }, 9)
    ));
    assert!(matches!(
        kind(" 1. G33# 1-0"),
        (BaghchalErrorKind::ResultMismatch { .. }, 10)
    ));
    assert!(matches!(
        kind(" 1. G33# B1112"),
        (BaghchalErrorKind::TextAfterEnd { .. }, 10)
    ));
    assert!(matches!(
        kind(" 1. G33 *"),
        (BaghchalErrorKind::Expected { .. }, 9)
    ));
    assert!(matches!(
        kind(" 1. G33#"),
        (BaghchalErrorKind::Expected { .. }, 9)
    ));

    let two_tigers = Game::new(Ruleset::preset("two-tigers").unwrap());
    let error = baghchal::write_game(&two_tigers).unwrap_err();
    assert!(matches!(
        error.kind(),
        BaghchalErrorKind::NotTheStandardStart { .. }
    ));
}

#[test]
fn position_string_errors_name_the_field() {
    let column = |text: &str| {
        baghchal::read_position(text, baghchal::rules())
            .unwrap_err()
            .column()
    };
    assert_eq!(column(""), 1);
    assert_eq!(column("B3B/5/5/5/B3T G 0"), 13);
    assert_eq!(column("B3B/5/5/5/B3B g 0"), 15);
    assert_eq!(column("B3B/5/5/5/B3B G -1"), 17);
    assert_eq!(column("B3B/5/5/5/B3B G 0 0"), 18);
    assert_eq!(column("B3B/5/5/5/B3B G"), 16);
    assert_eq!(column("B3B/5/5/5/B3B B 0"), 15);
    // One goat ply cannot put two goats on the board.
    assert_eq!(column("B3B/5/2G2/5/B2GB G 1"), 20);
    // Four tigers only.
    assert_eq!(column("B3B/5/2B2/5/B3B G 0"), 1);
    // Five captures at most.
    assert!(baghchal::read_position("B3B/5/5/5/B3B G 26", baghchal::rules()).is_err());
    let done =
        baghchal::read_position("B3B/GGGGG/GGGGG/GGGGG/B3B G 26", baghchal::rules()).unwrap();
    assert_eq!(done.position.goats_captured(), 5);
    assert_eq!(done.position.goats_in_hand(), 0);
    // Ten captures are past the capture target.
    assert_eq!(column("B3B/5/GGGGG/GGGGG/B3B G 26"), 25);
}

#[test]
fn a_repetition_draw_of_the_package_reads_and_writes() {
    let mut rng = Rng(5);
    let mut draws = 0;
    for _ in 0..200 {
        let mut game = Game::new(baghchal::rules());
        while !game.is_game_over() && !baghchal::is_repetition_draw(&game) && game.len() < 600 {
            let moves = game.legal_moves();
            let quiet: Vec<Move> = moves.iter().copied().filter(|m| !m.is_capture()).collect();
            let pool = if quiet.is_empty() {
                &moves[..]
            } else {
                &quiet[..]
            };
            game.push(pool[rng.below(pool.len())]).unwrap();
        }
        if baghchal::is_repetition_draw(&game) && !game.is_game_over() {
            draws += 1;
            let text = baghchal::write_game(&game).unwrap();
            assert!(text.ends_with("# 1/2-1/2"), "{text}");
            assert_eq!(baghchal::read_game(&text, baghchal::rules()).unwrap(), game);
            // One move less: not a draw, so the result does not match.
            let shorter = text.rsplit_once(' ').unwrap().0.rsplit_once(' ').unwrap().0;
            let shorter = format!("{shorter} 1/2-1/2");
            assert!(
                baghchal::read_game(&shorter, baghchal::rules()).is_err(),
                "{shorter}"
            );
        }
    }
    assert!(draws > 20, "only {draws} draws by repetition");
}
