//! The game's history in the search: moves the `forbidden` policy bans,
//! repetition draws under `draw(n)`, and the no-progress limit.

mod common;

use bagh_core::{Game, Move, Position, Repetition, Ruleset};
use bagh_engine::{Engine, EngineOptions, Limits, Score};
use common::history_against;

fn engine() -> Engine {
    Engine::new(EngineOptions::default()).unwrap()
}

/// Movement-phase positions of `rules` where the side to move has steps.
fn quiet_positions(rules: Ruleset, count: usize) -> Vec<Position> {
    common::sample(rules, count, |p| {
        p.goats_in_hand() == 0 && p.legal_moves().iter().any(|m| !m.is_capture())
    })
}

/// Under `forbidden`, the move the engine prefers in a fresh game is never
/// played once the history bans it, and whatever it plays is legal.
#[test]
fn forbidden_moves_are_never_played() {
    let rules = Ruleset::preset("bagh-chal").unwrap();
    let mut engine = engine();
    let mut checked = 0;
    for position in quiet_positions(rules, 60) {
        let fresh = engine
            .analyse_position(&position, &Limits::depth(3), 1, |_| {})
            .unwrap()
            .best_move;
        let Some(game) = history_against(&position, fresh) else {
            continue;
        };
        assert!(
            !game.is_legal(fresh),
            "{position}: {fresh} should be banned"
        );
        engine.new_game();
        let played = engine.best_move(&game, &Limits::depth(3)).unwrap();
        assert_ne!(played, fresh, "{position}");
        assert!(game.is_legal(played), "{position}: {played}");
        checked += 1;
    }
    assert!(checked >= 20, "{checked} positions checked");
}

/// Under `draw(2)`, the move that recreates a position of the game scores
/// as a draw, exactly 0, among every root move's line.
#[test]
fn a_repeating_move_scores_as_a_draw() {
    let rules = Ruleset::builder()
        .repetition(Repetition::Draw(2))
        .build()
        .unwrap();
    let mut engine = engine();
    let mut checked = 0;
    for position in quiet_positions(rules, 40) {
        let moves = position.legal_moves();
        let Some((mv, game)) = moves
            .iter()
            .filter(|m| !m.is_capture())
            .find_map(|&m| history_against(&position, m).map(|g| (m, g)))
        else {
            continue;
        };
        let analysis = engine
            .analyse(&game, &Limits::depth(3), moves.len(), |_| {})
            .unwrap();
        let line = analysis
            .lines
            .iter()
            .find(|l| l.first() == Some(mv))
            .unwrap();
        assert_eq!(line.score, Score::Value(0), "{position}: {mv}");
        checked += 1;
    }
    assert!(checked >= 20, "{checked} positions checked");
}

/// With a no-progress limit one ply away, every move but a capture draws.
#[test]
fn the_no_progress_limit_draws() {
    let limit = 6;
    let rules = Ruleset::builder()
        .repetition(Repetition::Allowed)
        .no_progress_limit(Some(limit))
        .build()
        .unwrap();
    let mut engine = engine();
    let mut checked = 0;
    for (seed, position) in quiet_positions(rules, 30).into_iter().enumerate() {
        // Five quiet plies from the position, then search the sixth.
        let mut game = Game::from_position(position);
        let mut k = seed;
        while game.len() < usize::from(limit) - 1 {
            let quiet: Vec<Move> = game
                .legal_moves()
                .into_iter()
                .filter(|m| !m.is_capture())
                .collect();
            if quiet.is_empty() {
                break;
            }
            k = k.wrapping_mul(31).wrapping_add(7);
            game.push(quiet[k % quiet.len()]).unwrap();
        }
        if game.len() != usize::from(limit) - 1 || game.is_game_over() {
            continue;
        }
        assert_eq!(game.no_progress_plies(), u32::from(limit) - 1);
        let moves = game.legal_moves();
        let analysis = engine
            .analyse(&game, &Limits::depth(4), moves.len(), |_| {})
            .unwrap();
        for line in &analysis.lines {
            if !line.pv[0].is_capture() {
                assert_eq!(line.score, Score::Value(0), "{position}: {:?}", line.pv);
            }
        }
        checked += 1;
    }
    assert!(checked >= 10, "{checked} positions checked");
}
