//! Why a move is refused, on hand-built positions: each expected reason,
//! hint and message detail is read off the board and the rules (whose turn
//! it is, what stands on each point, what the rule set allows), not asked
//! of the engine.

use bagh_core::{
    Game, IllegalMoveError, IllegalMoveReason, Move, Point, Position, Repetition, Ruleset,
};

fn mv(text: &str) -> Move {
    text.parse().expect("a move's text")
}

fn at(text: &str, rules: Ruleset) -> Position {
    Position::from_text(text, rules).expect("a valid position")
}

/// The refusal of `text` in `position`, checking that the error names the
/// move and the position.
fn refuse(position: &Position, text: &str) -> IllegalMoveError {
    let error = position.play(mv(text)).expect_err(text);
    assert_eq!(error.mv(), mv(text));
    assert_eq!(error.position(), position.to_string());
    error
}

/// `bagh-chal` with 3 goats and target 3, to reach the movement phase quickly.
fn three_goats() -> Ruleset {
    Ruleset::builder()
        .goats(3)
        .capture_target(3)
        .build()
        .expect("a valid rule set")
}

#[test]
fn at_the_start_goats_place_on_empty_points() {
    let start = Position::default();
    // Goats are to move; a1 holds a tiger.
    let error = refuse(&start, "a1a2");
    assert_eq!(error.reason(), IllegalMoveReason::WrongSide);
    assert_eq!(error.message(), "goats are to move, and a1 holds a tiger");
    // a1 holds a tiger, so no goat can be placed there.
    let error = refuse(&start, "a1");
    assert_eq!(error.reason(), IllegalMoveReason::Occupied);
    assert_eq!(error.message(), "a1 is not empty: a tiger stands there");
    // 20 goats in hand: goats are placed, not moved.
    let error = refuse(&start, "c3c4");
    assert_eq!(error.reason(), IllegalMoveReason::PlacementPhase);
    assert!(error.message().contains("(20 in hand)"), "{error}");
}

#[test]
fn tigers_move_their_own_pieces_one_point_at_a_time() {
    let position = at("T3T/5/2G2/5/T3T t 19 0", Ruleset::default());
    assert_eq!(
        refuse(&position, "b2").reason(),
        IllegalMoveReason::WrongSide
    );
    let error = refuse(&position, "c3c2");
    assert_eq!(error.reason(), IllegalMoveReason::WrongSide);
    assert_eq!(error.message(), "tigers are to move, and c3 holds a goat");
    let error = refuse(&position, "b1b2");
    assert_eq!(error.reason(), IllegalMoveReason::NoPiece);
    assert_eq!(error.message(), "there is no tiger on b1");
    // a2 is empty, so a1a3 is a slide, which bagh-chal does not allow.
    let error = refuse(&position, "a1a3");
    assert_eq!(error.reason(), IllegalMoveReason::SlideNotAllowed);
    assert_eq!(error.suggestion(), None);
}

#[test]
fn a_capture_is_written_with_x_and_only_a_capture() {
    // A goat on a2, a3 empty: a1xa3 captures it.
    let position = at("T3T/5/5/G4/T3T t 19 0", Ruleset::default());
    let error = refuse(&position, "a1a3");
    assert_eq!(error.reason(), IllegalMoveReason::CaptureWithoutX);
    assert_eq!(error.suggestion(), Some(mv("a1xa3")));
    assert!(
        error.to_string().ends_with("did you mean a1xa3?"),
        "{error}"
    );
    // e2 is empty: nothing to capture, and e1e3 is a slide, so no hint.
    let error = refuse(&position, "e1xe3");
    assert_eq!(error.reason(), IllegalMoveReason::NotACapture);
    assert_eq!(error.message(), "there is no goat on e2 to capture");
    assert_eq!(error.suggestion(), None);
    assert_eq!(
        refuse(&position, "a1a2").reason(),
        IllegalMoveReason::Occupied
    );
}

#[test]
fn goats_without_a_hand_move_one_point_and_never_capture() {
    let position = at("T3T/5/1GGG1/5/T3T g 0 0", three_goats());
    let error = refuse(&position, "c3");
    assert_eq!(error.reason(), IllegalMoveReason::NoGoatsInHand);
    assert_eq!(
        refuse(&position, "c3c5").reason(),
        IllegalMoveReason::SlideNotAllowed
    );
    assert_eq!(
        refuse(&position, "b3c3").reason(),
        IllegalMoveReason::Occupied
    );
    assert_eq!(
        refuse(&position, "d1d2").reason(),
        IllegalMoveReason::NoPiece
    );
    assert_eq!(
        refuse(&position, "a1a2").reason(),
        IllegalMoveReason::WrongSide
    );
    let error = refuse(&position, "b3xb5");
    assert_eq!(error.reason(), IllegalMoveReason::NotACapture);
    assert_eq!(error.message(), "goats do not capture; only tigers do");
    // b3b4 is a step to an empty point: legal.
    assert!(position.play(mv("b3b4")).is_ok());
}

#[test]
fn slides_cross_empty_points_only() {
    // two-tigers: tigers slide. Tigers on b3 and d3, goats on a5 and c3.
    let rules = Ruleset::preset("two-tigers").unwrap();
    let position = at("G4/5/1TGT1/5/5 t 16 0", rules);
    // d3 to a3 passes c3 (a goat) before b3 (a tiger).
    let error = refuse(&position, "d3a3");
    assert_eq!(error.reason(), IllegalMoveReason::Blocked);
    assert!(error
        .message()
        .starts_with("the slide passes over c3, which holds a goat"));
    assert_eq!(
        refuse(&position, "d3b3").reason(),
        IllegalMoveReason::Occupied
    );
    // b4 is empty, so b3xb5 captures nothing; the slide b3b5 is legal.
    let error = refuse(&position, "b3xb5");
    assert_eq!(error.reason(), IllegalMoveReason::NotACapture);
    assert_eq!(error.suggestion(), Some(mv("b3b5")));
    assert!(position.is_legal(mv("b3b5")));
}

#[test]
fn a_mandatory_capture_lists_the_captures() {
    let rules = Ruleset::builder().mandatory_capture(true).build().unwrap();
    // Goats on a2 and e2, a3 and e3 empty: a1xa3 and e1xe3 are the captures.
    let position = at("T3T/5/5/G3G/T3T t 18 0", rules);
    let error = refuse(&position, "a5a4");
    assert_eq!(error.reason(), IllegalMoveReason::CaptureMandatory);
    let mut captures: Vec<String> = error.captures().iter().map(Move::to_string).collect();
    captures.sort();
    assert_eq!(captures, ["a1xa3", "e1xe3"]);
    assert!(error.message().starts_with("a capture is mandatory here: "));
    assert!(error.message().contains("a1xa3") && error.message().contains("e1xe3"));
    // Without the rule, the same step is legal.
    let free = at("T3T/5/5/G3G/T3T t 18 0", Ruleset::default());
    assert!(free.is_legal(mv("a5a4")));
}

#[test]
fn nothing_is_played_once_the_game_is_over() {
    // Five goats captured: the tigers have won.
    let position = at("T3T/5/5/5/T3T g 15 5", Ruleset::default());
    let error = refuse(&position, "c3");
    assert_eq!(error.reason(), IllegalMoveReason::GameOver);
    assert_eq!(
        error.message(),
        "the game is over: tigers win by captures (0-1)"
    );
    let mut game = Game::from_position(position);
    let error = game.push(mv("c3")).unwrap_err();
    assert_eq!(error.reason(), IllegalMoveReason::GameOver);

    // Under draw(2), the start recurring after four plies draws the game,
    // although the position alone is not over.
    let rules: Ruleset = "tigers=e5 goats=2 capture_target=1 repetition=draw(2)"
        .parse()
        .unwrap();
    let mut game = Game::from_position(at("4T/5/5/5/GG3 g 0 0", rules));
    for text in ["a1a2", "e5e4", "a2a1", "e4e5"] {
        game.push(mv(text)).unwrap();
    }
    let error = game.push(mv("a1a2")).unwrap_err();
    assert_eq!(error.reason(), IllegalMoveReason::GameOver);
    assert_eq!(
        error.message(),
        "the game is over: drawn by repetition (1/2-1/2)"
    );
    assert!(game.position().is_legal(mv("a1a2")));
}

#[test]
fn moves_off_the_lines_of_the_board() {
    let start = Position::default();
    // Built in code, not parsed: b2 and a4 share no line.
    let step = Move::Step {
        from: Point::B2,
        to: Point::A4,
    };
    let error = start.play(step).unwrap_err();
    assert_eq!(error.reason(), IllegalMoveReason::NotALine);
    assert_eq!(
        error.message(),
        "b2 and a4 are not on one line of the board"
    );
    // a1 to a3 jumps a2, not b1.
    let capture = Move::Capture {
        from: Point::A1,
        over: Point::B1,
        to: Point::A3,
    };
    let error = start.play(capture).unwrap_err();
    assert_eq!(error.reason(), IllegalMoveReason::NotALine);
}

#[test]
fn a_forbidden_repetition_names_the_ply_it_repeats() {
    let rules = Ruleset::builder()
        .goats(3)
        .capture_target(3)
        .repetition(Repetition::Forbidden)
        .build()
        .unwrap();
    let mut game = Game::from_position(at("T3T/5/1GGG1/5/T3T t 0 0", rules));
    // After e1e2 b3b4 (ply 2) the tiger on a1 and the goat on c3 go out and
    // back: c4c3 would recreate the position after ply 2.
    for text in ["e1e2", "b3b4", "a1a2", "c3c4", "a2a1"] {
        game.push(mv(text)).unwrap();
    }
    let before = game.clone();
    let error = game.push(mv("c4c3")).unwrap_err();
    assert_eq!(game, before);
    assert_eq!(error.reason(), IllegalMoveReason::Repetition);
    assert_eq!(error.repeated_ply(), Some(2));
    assert_eq!(
        error.message(),
        "this move repeats an earlier position, that of ply 2, which the rule set forbids"
    );
    // The position alone has no history: there the move is legal.
    assert!(game.position().is_legal(mv("c4c3")));
}

#[test]
fn a_game_diagnoses_like_its_position() {
    let mut game = Game::new(Ruleset::default());
    game.push(mv("c3")).unwrap();
    let error = game.push(mv("c3c2")).unwrap_err();
    assert_eq!(error.reason(), IllegalMoveReason::WrongSide);
    assert_eq!(
        error.to_string(),
        "illegal move c3c2 in T3T/5/2G2/5/T3T t 19 0: tigers are to move, and c3 holds a goat"
    );
}

#[test]
fn every_reason_has_one_name() {
    let names: Vec<&str> = IllegalMoveReason::ALL.iter().map(|r| r.name()).collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len());
    assert!(names
        .iter()
        .all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '-')));
}
