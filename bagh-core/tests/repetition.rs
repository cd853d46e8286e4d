//! The history rules of docs/rules.md on hand-built games: the three repetition
//! policies (`forbidden`, `draw(n)`, `allowed`) and the no-progress limit.
//!
//! Random games seldom reach these endings, so each one is set up here
//! move by move, and the expected answers (which moves recreate an earlier
//! position, how often a position occurred, the no-progress counter) are
//! worked out in the test from the position texts, not asked of the engine.

use bagh_core::{
    Game, IllegalMoveReason, Move, Outcome, Point, Position, Repetition, Ruleset, Side, Termination,
};

/// `bagh-chal` with 3 goats (target 3) and the given repetition policy.
fn three_goats(repetition: Repetition) -> Ruleset {
    Ruleset::builder()
        .goats(3)
        .capture_target(3)
        .repetition(repetition)
        .build()
        .expect("a valid rule set")
}

/// A movement-phase position of `three_goats`: tigers in the corners, the
/// goats on b3 c3 d3, tigers to move. No tiger can reach a goat in the
/// shuffles below, so nothing is captured.
const SPARSE: &str = "T3T/5/1GGG1/5/T3T t 0 0";

/// The tiger on a1 and the goat on c3 go out and back: four plies that
/// recreate the position they start from.
const SHUFFLE: [&str; 4] = ["a1a2", "c3c4", "a2a1", "c4c3"];

fn mv(text: &str) -> Move {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} is not a move: {e}"))
}

/// A game that starts from `text` read with `rules`.
fn game_at(text: &str, rules: Ruleset) -> Game {
    let start = Position::from_text(text, rules)
        .unwrap_or_else(|e| panic!("{text:?} does not fit {rules}: {e}"));
    Game::from_position(start)
}

/// Plays `text`, which must be accepted.
fn push(game: &mut Game, text: &str) {
    game.push(mv(text))
        .unwrap_or_else(|e| panic!("{text} refused: {e}"));
}

/// Sorted move texts.
fn texts(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut texts: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

const DRAW_BY_REPETITION: Outcome = Outcome {
    winner: None,
    reason: Termination::Repetition,
};

const DRAW_BY_NO_PROGRESS: Outcome = Outcome {
    winner: None,
    reason: Termination::NoProgress,
};

// ---------------------------------------------------------------------------
// forbidden
// ---------------------------------------------------------------------------

/// Checks that the game's legal moves are the position's legal moves less
/// exactly those whose resulting position text is in `history`, and that
/// `push` refuses each of those with `Repetition`, changing nothing.
/// Returns the texts of the forbidden moves.
fn check_forbidden_moves(game: &mut Game, history: &[String]) -> Vec<String> {
    let position = *game.position();
    let mut allowed = Vec::new();
    let mut forbidden = Vec::new();
    for m in position.legal_moves() {
        let next = position.play(m).expect("a legal move").to_string();
        if history.contains(&next) {
            forbidden.push(m);
        } else {
            allowed.push(m);
        }
    }
    assert_eq!(
        texts(game.legal_moves()),
        texts(allowed),
        "legal moves at {position}"
    );
    for &m in &forbidden {
        assert!(game.repeats(m), "{m} at {position}");
        let before = game.clone();
        let error = game.push(m).expect_err("a forbidden move");
        assert_eq!(error.reason(), IllegalMoveReason::Repetition, "{m}");
        assert_eq!(error.mv(), m);
        assert_eq!(*game, before, "a refused move changed the game");
    }
    texts(forbidden)
}

/// The move that recreates the start is removed, and only it: the other
/// moves of the goats, and every earlier move, stay legal.
#[test]
fn forbidden_removes_exactly_the_moves_that_recreate_a_position() {
    let mut game = game_at(SPARSE, three_goats(Repetition::Forbidden));
    let mut history = vec![SPARSE.to_string()];
    for (ply, m) in SHUFFLE.iter().enumerate() {
        let forbidden = check_forbidden_moves(&mut game, &history);
        if ply < 3 {
            assert!(forbidden.is_empty(), "ply {ply}: {forbidden:?} forbidden");
            push(&mut game, m);
            history.push(game.position().to_string());
            continue;
        }
        // The goats to move, with c4c3 leading back to the start.
        assert_eq!(forbidden, ["c4c3"]);
        assert!(game.position().legal_moves().contains(&mv("c4c3")));
        assert!(!game.legal_moves().contains(&mv("c4c3")));
        assert!(!game.legal_moves().is_empty());
        assert_eq!(game.outcome(), None);
    }
}

/// Along a long game of back-and-forth moves, the rule removes exactly the
/// repeating moves every time (checked against the position texts).
#[test]
fn forbidden_matches_the_history_along_a_long_game() {
    let mut game = game_at(SPARSE, three_goats(Repetition::Forbidden));
    let mut history = vec![SPARSE.to_string()];
    let mut forbidden_seen = 0;
    for ply in 0..300 {
        forbidden_seen += check_forbidden_moves(&mut game, &history).len();
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Take back the side's previous move when allowed, else some move.
        let back = match game.moves().len().checked_sub(2).map(|i| game.moves()[i]) {
            Some(Move::Step { from, to }) => Some(Move::Step { from: to, to: from }),
            _ => None,
        };
        let next = back
            .filter(|b| moves.contains(b))
            .unwrap_or(moves[(ply * 7) % moves.len()]);
        game.push(next).expect("a move from legal_moves");
        history.push(game.position().to_string());
        assert_eq!(game.repetition_count(), 1, "a repeated position");
    }
    assert!(
        forbidden_seen >= 20,
        "only {forbidden_seen} forbidden moves met"
    );
}

/// Tigers whose only move is forbidden are blocked: the goats win, "tigers
/// trapped", although the position alone would let the tiger move.
///
/// One tiger shuttles between a1 and a2 (its only move each time: every
/// other neighbour is a goat, and each jump would land on a goat) while a
/// goat shuttles between e4 and e5. After three plies the tiger's only move
/// would recreate the start.
#[test]
fn forbidden_blocks_tigers_whose_every_move_repeats() {
    let rules = Ruleset::builder()
        .tigers([Point::A1])
        .goats(22)
        .capture_target(5)
        .repetition(Repetition::Forbidden)
        .build()
        .expect("a valid rule set");
    let start = "GGGG1/GGGGG/GGGGG/1GGGG/TGGGG g 0 0";
    let mut game = game_at(start, rules);
    for m in ["e4e5", "a1a2", "e5e4"] {
        push(&mut game, m);
    }
    assert_eq!(
        game.position().to_string(),
        "GGGG1/GGGGG/GGGGG/TGGGG/1GGGG t 0 0"
    );
    assert_eq!(texts(game.position().legal_moves()), ["a2a1"]);
    // a2a1 would give back the start.
    let after = game.position().play(mv("a2a1")).unwrap();
    assert_eq!(after.to_string(), start);
    assert!(game.repeats(mv("a2a1")));

    assert_eq!(game.position().outcome(), None, "history-free: not over");
    assert!(game.legal_moves().is_empty());
    let trapped = Outcome {
        winner: Some(Side::Goat),
        reason: Termination::TigersTrapped,
    };
    assert_eq!(game.outcome(), Some(trapped));
    let error = game.push(mv("a2a1")).expect_err("the game is over");
    assert_eq!(error.reason(), IllegalMoveReason::GameOver);
}

/// Goats whose only move is forbidden are blocked: a draw, or a win for the
/// tigers where the rule set says the blocked side loses.
///
/// The tiger shuttles between a1 and a2, whose other neighbours are tigers;
/// the goat on e5 shuttles to e4 and back, and e5's other neighbours are
/// tigers too. After three plies the goats' only move recreates the start.
/// The tigers on a3, b2, d4 and d5 cannot capture: every jump lands on a
/// piece or off the board.
#[test]
fn forbidden_blocks_goats_whose_every_move_repeats() {
    let start = "GGGTG/GGGT1/TGGGG/1TGGG/TGGGG t 0 0";
    for blocked_side_loses in [false, true] {
        let rules = Ruleset::builder()
            .tigers([Point::A1, Point::A3, Point::B2, Point::D4, Point::D5])
            .goats(18)
            .capture_target(5)
            .blocked_side_loses(blocked_side_loses)
            .repetition(Repetition::Forbidden)
            .build()
            .expect("a valid rule set");
        let mut game = game_at(start, rules);
        for m in ["a1a2", "e5e4", "a2a1"] {
            push(&mut game, m);
        }
        assert_eq!(
            game.position().to_string(),
            "GGGT1/GGGTG/TGGGG/1TGGG/TGGGG g 0 0"
        );
        assert_eq!(texts(game.position().legal_moves()), ["e4e5"]);
        let after = game.position().play(mv("e4e5")).unwrap();
        assert_eq!(after.to_string(), start);

        assert_eq!(game.position().outcome(), None, "history-free: not over");
        assert!(game.legal_moves().is_empty());
        let expected = Outcome {
            winner: blocked_side_loses.then_some(Side::Tiger),
            reason: Termination::GoatsBlocked,
        };
        assert_eq!(game.outcome(), Some(expected), "{rules}");
        let error = game.push(mv("e4e5")).expect_err("the game is over");
        assert_eq!(error.reason(), IllegalMoveReason::GameOver);
    }
}

// ---------------------------------------------------------------------------
// draw(n)
// ---------------------------------------------------------------------------

/// Plays the shuffle `cycles` times from `SPARSE` under `rules` and checks,
/// after every ply, the occurrence count against the position texts and the
/// outcome against `draw_at`: the count at which the game is drawn, if any.
fn shuffle_and_count(rules: Ruleset, cycles: usize, draw_at: Option<usize>) -> Game {
    let mut game = game_at(SPARSE, rules);
    let mut history = vec![SPARSE.to_string()];
    for ply in 0..cycles * SHUFFLE.len() {
        push(&mut game, SHUFFLE[ply % SHUFFLE.len()]);
        let text = game.position().to_string();
        history.push(text.clone());
        let count = history.iter().filter(|t| **t == text).count();
        // Each position of the cycle comes back every 4 plies.
        assert_eq!(count, ply / SHUFFLE.len() + 1 + usize::from(ply % 4 == 3));
        assert_eq!(game.repetition_count(), count, "ply {} at {text}", ply + 1);
        let drawn = draw_at.is_some_and(|n| count >= n);
        assert_eq!(
            game.outcome(),
            drawn.then_some(DRAW_BY_REPETITION),
            "ply {} at {text}, {count} occurrences",
            ply + 1
        );
        if drawn {
            assert!(game.legal_moves().is_empty());
            let error = game.push(mv(SHUFFLE[(ply + 1) % 4])).unwrap_err();
            assert_eq!(error.reason(), IllegalMoveReason::GameOver);
            return game;
        }
    }
    game
}

/// `draw(2)`: drawn at the second occurrence of the start (which counts),
/// after one shuffle, not before.
#[test]
fn draw_2_draws_when_the_start_occurs_again() {
    let game = shuffle_and_count(three_goats(Repetition::Draw(2)), 3, Some(2));
    assert_eq!(game.len(), 4);
    assert_eq!(game.position().to_string(), SPARSE);
}

/// `draw(3)`: the positions of the first shuffle occur twice without a
/// draw; the third occurrence of the start draws.
#[test]
fn draw_3_draws_at_the_third_occurrence() {
    let game = shuffle_and_count(three_goats(Repetition::Draw(3)), 4, Some(3));
    assert_eq!(game.len(), 8);
    assert_eq!(game.position().to_string(), SPARSE);
}

/// Under `draw(n)` repeating moves stay legal until the draw.
#[test]
fn draw_n_does_not_forbid_repeating_moves() {
    let mut game = game_at(SPARSE, three_goats(Repetition::Draw(3)));
    for m in &SHUFFLE[..3] {
        push(&mut game, m);
    }
    assert!(game.repeats(mv("c4c3")));
    assert!(game.legal_moves().contains(&mv("c4c3")));
    push(&mut game, "c4c3");
    assert_eq!(game.repetition_count(), 2);
    assert_eq!(game.outcome(), None);
}

// ---------------------------------------------------------------------------
// allowed
// ---------------------------------------------------------------------------

/// `allowed`: ten shuffles, the start occurs eleven times, and the game
/// goes on; `repetition_count` still counts.
#[test]
fn allowed_never_ends_the_game_but_counts() {
    let game = shuffle_and_count(three_goats(Repetition::Allowed), 10, None);
    assert_eq!(game.len(), 40);
    assert_eq!(game.repetition_count(), 11);
    assert_eq!(game.outcome(), None);
    assert!(game.legal_moves().contains(&mv("a1a2")));
}

// ---------------------------------------------------------------------------
// No-progress limit
// ---------------------------------------------------------------------------

/// `bagh-chal` with 3 goats (target 3), repetition allowed, and a
/// no-progress limit.
fn three_goats_limit(limit: u16, repetition: Repetition) -> Ruleset {
    three_goats(repetition)
        .to_builder()
        .no_progress_limit(Some(limit))
        .build()
        .expect("a valid rule set")
}

/// The counter of docs/rules.md, worked out ply by ply: 0 (not started) while
/// goats are placed, 0 when the last one is placed, +1 per ply that is not a
/// capture, 0 after a capture; the draw comes when it reaches the limit.
#[test]
fn no_progress_counts_from_the_last_placement_and_resets_on_capture() {
    let rules = three_goats_limit(5, Repetition::Allowed);
    let mut game = Game::new(rules);
    // (move, counter after it)
    let plies = [
        ("c2", 0),
        ("a5a4", 0), // a tiger step while goats are still in hand
        ("c3", 0),
        ("a4a5", 0),
        ("c4", 0), // the last goat: the counter starts at 0
        ("a1b2", 1),
        ("c2c1", 2),
        ("b2xd4", 0), // a capture resets it
        ("c1c2", 1),
        ("d4d3", 2),
        ("c2b2", 3),
        ("d3d4", 4),
        ("b2c2", 5), // reaches the limit: drawn
    ];
    for (ply, (m, counter)) in plies.into_iter().enumerate() {
        assert_eq!(game.outcome(), None, "before {m}");
        push(&mut game, m);
        assert_eq!(game.no_progress_plies(), counter, "after {m}");
        if ply == 7 {
            assert_eq!(game.position().goats_captured(), 1);
        }
    }
    assert_eq!(game.outcome(), Some(DRAW_BY_NO_PROGRESS));
    assert!(game.legal_moves().is_empty());
    let error = game.push(mv("d4d3")).unwrap_err();
    assert_eq!(error.reason(), IllegalMoveReason::GameOver);

    // Taking the last move back undoes the draw and the count.
    game.pop();
    assert_eq!(game.no_progress_plies(), 4);
    assert_eq!(game.outcome(), None);
}

/// A limit of 1 draws at the first ply after the last placement, and never
/// while goats are still being placed.
#[test]
fn no_progress_limit_1_draws_right_after_the_placements() {
    let mut game = Game::new(three_goats_limit(1, Repetition::Allowed));
    for m in ["c2", "a5a4", "c3", "a4a5", "c4"] {
        push(&mut game, m);
        assert_eq!(game.outcome(), None, "after {m}");
    }
    push(&mut game, "a1a2");
    assert_eq!(game.no_progress_plies(), 1);
    assert_eq!(game.outcome(), Some(DRAW_BY_NO_PROGRESS));
}

/// When `draw(n)` and the no-progress limit end the game on the same ply,
/// the reason is repetition (step 3 of docs/rules.md comes before step 4); a
/// lower limit ends it by no progress one ply earlier.
#[test]
fn repetition_is_judged_before_no_progress() {
    // The placements leave SPARSE (tigers to move, counter 0); the shuffle
    // then brings it back after 4 plies with the counter at 4.
    let placements = ["b3", "a1a2", "c3", "a2a1", "d3"];
    for (limit, plies, outcome) in [(4, 4, DRAW_BY_REPETITION), (3, 3, DRAW_BY_NO_PROGRESS)] {
        let mut game = Game::new(three_goats_limit(limit, Repetition::Draw(2)));
        for m in placements {
            push(&mut game, m);
        }
        assert_eq!(game.position().to_string(), SPARSE);
        assert_eq!(game.no_progress_plies(), 0);
        for m in &SHUFFLE[..plies - 1] {
            push(&mut game, m);
            assert_eq!(game.outcome(), None, "limit {limit}, after {m}");
        }
        push(&mut game, SHUFFLE[plies - 1]);
        assert_eq!(game.no_progress_plies(), u32::from(limit));
        assert_eq!(game.outcome(), Some(outcome), "limit {limit}");
    }
}

/// Taking moves back restores everything the history rules read: after a
/// long shuffling game is popped to each earlier ply, or rewound to the
/// start, it equals a game replayed to that ply (moves, repetition counts,
/// no-progress counter, forbidden moves); and `legal_moves_into` a kept list
/// gives `legal_moves`.
#[test]
fn pop_and_rewind_restore_the_history_rules() {
    let rules = three_goats(Repetition::Forbidden);
    let mut game = game_at(SPARSE, rules);
    let mut kept = bagh_core::MoveList::new();
    for ply in 0..120 {
        game.legal_moves_into(&mut kept);
        assert_eq!(kept, game.legal_moves());
        if kept.is_empty() {
            break;
        }
        game.push(kept[(ply * 5 + ply / 7) % kept.len()]).unwrap();
    }
    let moves = game.moves().to_vec();
    assert!(moves.len() > 40, "{} plies", moves.len());
    for back in (0..moves.len()).rev().step_by(9) {
        let mut popped = game.clone();
        while popped.len() > back {
            popped.pop();
        }
        let mut replayed = game_at(SPARSE, rules);
        for mv in &moves[..back] {
            replayed.push(*mv).unwrap();
        }
        assert!(popped == replayed, "ply {back}");
        assert_eq!(popped.legal_moves(), replayed.legal_moves(), "ply {back}");
        assert_eq!(popped.no_progress_plies(), replayed.no_progress_plies());
        assert_eq!(popped.repetition_count(), replayed.repetition_count());
        assert_eq!(popped.zobrist(), replayed.position().zobrist());
    }
    let mut rewound = game.clone();
    rewound.rewind();
    assert!(rewound == game_at(SPARSE, rules));
    assert_eq!(rewound.legal_moves(), game_at(SPARSE, rules).legal_moves());
    assert!(rewound.is_empty());
}
