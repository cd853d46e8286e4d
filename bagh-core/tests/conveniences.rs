//! The conveniences of `Game` and `Position` and the names they share with
//! the Python package: expected values worked out from the rules by hand.

use bagh_core::{
    random_game, Game, Move, MoveKind, Point, Position, Repetition, Ruleset, RulesetError,
};

fn mv(text: &str) -> Move {
    text.parse().expect("a move")
}

#[test]
fn game_is_legal_leaves_out_what_the_history_forbids() {
    // Goats done (19 captured, target 20): a tiger and the goat on b1 shuffle.
    let rules = Ruleset::builder().capture_target(20).build().unwrap();
    let start: Position = Position::from_text("T3T/5/5/5/TG2T t 0 19", rules).unwrap();
    let mut game = Game::from_position(start);
    for text in ["e5d5", "b1c1", "d5e5"] {
        game.push(mv(text)).unwrap();
    }
    assert_eq!(rules.repetition(), Repetition::Forbidden);
    // c1b1 would recreate the start: the position allows it, the game does not.
    assert!(game.position().is_legal(mv("c1b1")));
    assert!(!game.is_legal(mv("c1b1")));
    assert!(game.is_legal(mv("c1d1")));
    assert_eq!(game.side_to_move(), game.position().side_to_move());
    assert_eq!(game.positions().len(), 4);
}

#[test]
fn result_is_a_star_until_the_end() {
    let game = random_game(
        Position::new(Ruleset::preset("two-tigers").unwrap()),
        3,
        10_000,
    );
    let outcome = game
        .outcome()
        .expect("two-tigers games end: draw(3) caps them");
    assert_eq!(game.result(), outcome.result());
    let mut replay = Game::new(*game.rules());
    for &m in game.moves() {
        assert_eq!(replay.result(), "*");
        replay.push(m).unwrap();
    }
    assert_eq!(replay, game);
    let won: Position = "T3T/5/5/5/T3T g 15 5".parse().unwrap();
    assert_eq!(won.result(), "0-1");
    assert!(won
        .ascii_board()
        .ends_with("game over: tigers win by captures (0-1)"));
}

#[test]
fn legal_captures_are_the_jumps_over_goats() {
    // Goats on b1 and b2 beside the tiger on a1; c1 and c3 are empty.
    let position: Position = "T3T/5/5/1G3/TG2T t 18 0".parse().unwrap();
    let mut captures: Vec<String> = position
        .legal_captures()
        .iter()
        .map(|m| m.to_string())
        .collect();
    captures.sort();
    assert_eq!(captures, ["a1xc1", "a1xc3"]);
    assert!(Position::default().legal_captures().is_empty());
}

#[test]
fn a_game_prints_as_its_record_and_debugs_briefly() {
    let mut game = Game::default();
    game.push(mv("c3")).unwrap();
    game.push(mv("a1b2")).unwrap();
    let text = game.to_string();
    assert_eq!(text.parse::<bagh_core::Record>().unwrap().into_game(), game);
    assert_eq!(
        format!("{game:?}"),
        r#"Game(rules=bagh-chal, moves=["c3", "a1b2"])"#
    );
    assert_eq!(game.to_record().to_string(), text);
}

#[test]
fn builder_takes_points_as_text_and_names_a_bad_one() {
    let from_text = Ruleset::builder().tigers(["b3", "d3"]).build().unwrap();
    let from_points = Ruleset::builder()
        .tigers([Point::B3, Point::D3])
        .build()
        .unwrap();
    assert_eq!(from_text, from_points);
    let error = Ruleset::builder().tigers(["b3", "f3"]).build().unwrap_err();
    assert!(matches!(&error, RulesetError::NotAPoint { found, .. } if found == "f3"));
    assert_eq!(error.field(), "tigers");
    assert!(error
        .to_string()
        .starts_with("tigers: \"f3\" is not a point"));
}

#[test]
fn moves_name_their_parts() {
    let capture = mv("a1xa3");
    assert_eq!(capture.kind(), MoveKind::Capture);
    assert_eq!(capture.from_point(), Some(Point::A1));
    assert_eq!(capture.over_point(), Some(Point::A2));
    assert_eq!(capture.to_point(), Point::A3);
    assert_eq!(mv("c3").from_point(), None);
    assert_eq!(mv("c3").kind().to_string(), "place");
    let two = Ruleset::preset("two-tigers").unwrap();
    assert_eq!(two.tiger_count(), 2);
    assert_eq!(
        two.tigers().iter().collect::<Vec<_>>(),
        [Point::B3, Point::D3]
    );
}

#[test]
fn a_rule_set_field_given_twice_is_refused() {
    let error = "goats=3 goats=4 capture_target=2"
        .parse::<Ruleset>()
        .unwrap_err();
    assert_eq!(error.column(), 9);
    assert!(
        error.to_string().contains("\"goats\" is given twice"),
        "{error}"
    );
    assert!("bagh-chal goats=4 capture_target=2"
        .parse::<Ruleset>()
        .is_ok());
}
