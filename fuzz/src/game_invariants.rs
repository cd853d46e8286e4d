//! What must hold in every state of a game, whatever the rule set and the
//! moves that led there.

use bagh_core::{Game, Move, Position, Record, Repetition};

/// Checks one state of `game`: piece counts, the moves of the game against
/// the moves of its position, the outcome against the moves, the Zobrist
/// key, and the position string.
pub fn check_state(game: &Game) {
    let position = game.position();
    check_counts(position);
    check_moves_and_outcome(game);
    assert_eq!(
        game.zobrist(),
        position.zobrist(),
        "the incremental key differs from the key computed afresh"
    );
    let text = position.to_string();
    let read = Position::from_text(&text, *game.rules())
        .unwrap_or_else(|error| panic!("{text:?} does not read: {error}"));
    assert_eq!(&read, position, "{text:?} reads to another position");
    assert_eq!(read.zobrist(), game.zobrist());
    assert_eq!(
        Position::from_setup(position.setup(), *game.rules()),
        Ok(*position)
    );
}

/// Tigers never change in number, and every goat is in hand, on the board
/// or captured.
fn check_counts(position: &Position) {
    let rules = position.rules();
    assert_eq!(position.tigers().len(), rules.tiger_count());
    assert!(position.tigers().bits() & position.goats().bits() == 0);
    let goats = usize::from(position.goats_in_hand())
        + position.goats().len()
        + usize::from(position.goats_captured());
    assert_eq!(
        goats,
        usize::from(rules.goats()),
        "goats lost or made in {position}"
    );
    assert!(position.goats_captured() <= rules.capture_target());
}

/// The game's moves are the position's, less those the `forbidden` policy
/// bans (each of which repeats a position), and none once the game is over;
/// the game is over exactly when it has no move, and then refuses every move.
fn check_moves_and_outcome(game: &Game) {
    let position = game.position();
    let position_moves = position.legal_moves();
    let game_moves = game.legal_moves();
    let outcome = game.outcome();
    assert_eq!(
        outcome.is_some(),
        game_moves.is_empty(),
        "outcome {outcome:?}"
    );
    assert_eq!(game.is_game_over(), outcome.is_some());
    assert_eq!(
        game.result(),
        outcome.map_or("*", |outcome| outcome.result())
    );
    if position_moves.is_empty() || position.outcome().is_some() {
        assert!(outcome.is_some(), "the position is over but not the game");
    }
    for mv in &game_moves {
        assert!(
            position_moves.contains(mv),
            "{mv} is the game's but not the position's"
        );
    }
    if let Some(first) = game_moves.first() {
        assert!(game.is_legal(*first));
    }
    if outcome.is_none() {
        for mv in &position_moves {
            if !game_moves.contains(mv) {
                assert_eq!(
                    game.rules().repetition(),
                    Repetition::Forbidden,
                    "{mv} dropped"
                );
                assert!(game.repeats(*mv), "{mv} dropped but repeats nothing");
            }
        }
    }
    let refused: Vec<Move> = position_moves
        .iter()
        .filter(|mv| !game_moves.contains(mv))
        .copied()
        .collect();
    if !refused.is_empty() {
        let mut probe = game.clone();
        for mv in refused {
            assert!(
                probe.push(mv).is_err(),
                "{mv} is refused by legal_moves, not by push"
            );
        }
        assert!(&probe == game, "a refused push changed the game");
    }
}

/// Pushes `mv` (one of the game's legal moves), takes it back, and checks
/// that the game is exactly as before; then pushes it for good.
pub fn push_pop_push(game: &mut Game, mv: Move) {
    let before = game.clone();
    let outcome = game.outcome();
    game.push(mv)
        .unwrap_or_else(|error| panic!("a legal move is refused: {error}"));
    assert_eq!(game.len(), before.len() + 1);
    assert_eq!(game.peek(), Some(mv));
    assert_eq!(game.pop(), Some(mv));
    assert!(game == &before, "push and pop of {mv} changed the game");
    assert_eq!(game.zobrist(), before.zobrist());
    assert_eq!(game.outcome(), outcome);
    assert_eq!(game.no_progress_plies(), before.no_progress_plies());
    game.push(mv).expect("the same move is legal again");
}

/// The game's record, written and read again, is the same game.
pub fn check_record(game: &Game) {
    let written = game.to_record().to_string();
    let record: Record = written
        .parse()
        .unwrap_or_else(|error| panic!("the record of a game does not read: {error}\n{written}"));
    assert_eq!(record.game().moves(), game.moves());
    assert_eq!(record.game().position(), game.position());
    assert_eq!(record.game().outcome(), game.outcome());
    assert!(record.game() == game, "the record reads to another game");
}
