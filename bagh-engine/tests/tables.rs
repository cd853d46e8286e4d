//! The engine against tablebases of small rule sets, built here in a
//! temporary directory: without tables, its proven results must be the
//! tables' (the same value and distance) and its moves must keep the
//! value; with tables, its moves must be perfect.

#![cfg(feature = "tablebase")]

mod common;

use bagh_core::{Point, Position, Repetition, Ruleset, TigerMoves};
use bagh_engine::{Engine, EngineOptions, Limits, Score};
use bagh_tablebase::{Probe, Value};
use common::{forbidden, history_against, sample, shared_tables, small};

/// The tables' verdict as a score.
fn table_score(probe: Probe) -> Score {
    let d = probe.distance.map(u32::from);
    match probe.value {
        Value::Win => Score::Win(d),
        Value::Loss => Score::Loss(d),
        Value::Draw => Score::Draw,
    }
}

fn rule_sets() -> Vec<Ruleset> {
    vec![
        // One stepping tiger against six goats, two captures to win.
        small(&[Point::C3], 6, 2, TigerMoves::Step, false),
        // Two sliding tigers against four goats; blocked goats lose.
        small(&[Point::B3, Point::D3], 4, 2, TigerMoves::Slide, true),
        // The first again, drawn at the third repetition: the search's
        // repetition draws must not change a proven result.
        small(&[Point::C3], 6, 2, TigerMoves::Step, false)
            .to_builder()
            .repetition(Repetition::Draw(3))
            .build()
            .unwrap(),
    ]
}

/// Without tables, at a depth past the distance, the engine proves every
/// won or lost movement position with the tables' exact distance, and its
/// move keeps the win (or the loss) at the best distance. Draws are never
/// reported as won or lost.
#[test]
fn search_alone_finds_the_tables_distances() {
    let mut all_drawn = 0;
    for rules in rule_sets() {
        let tables = shared_tables(rules);
        let mut engine = Engine::new(EngineOptions::default()).unwrap();
        let positions = sample(rules, 3000, |p| p.goats_in_hand() == 0);
        let (mut decided, mut drawn) = (0, 0);
        for position in positions {
            let probe = tables.probe(&position).unwrap();
            let depth = match probe.distance {
                Some(d) if d <= 11 && decided < 150 => u32::from(d) + 1,
                None if drawn < 40 => 4,
                _ => continue,
            };
            let analysis = engine
                .analyse_position(&position, &Limits::depth(depth), 1, |_| {})
                .unwrap();
            let after = position.play(analysis.best_move).unwrap();
            let reply = tables.probe(&after).unwrap();
            if probe.value == Value::Draw {
                drawn += 1;
                assert!(
                    !analysis.score.is_proven(),
                    "{position}: {} but a draw",
                    analysis.score
                );
                continue;
            }
            decided += 1;
            assert_eq!(
                analysis.score,
                table_score(probe),
                "{position} at depth {depth}"
            );
            assert_eq!(
                reply,
                probe.after_best_move(),
                "{position}: {} is not best",
                analysis.best_move
            );
        }
        assert!(decided >= 100, "{rules}: {decided} decided");
        all_drawn += drawn;
    }
    assert!(all_drawn >= 20, "{all_drawn} drawn");
}

/// With tables, every move keeps the value, at the best distance in the
/// movement phase, and the score is the tables'.
#[test]
fn with_tables_every_move_is_perfect() {
    for rules in rule_sets() {
        let tables = shared_tables(rules);
        let mut engine = Engine::new(EngineOptions {
            tablebase: Some(tables.clone()),
            ..EngineOptions::default()
        })
        .unwrap();
        for position in sample(rules, 300, |_| true) {
            let probe = tables.probe(&position).unwrap();
            let analysis = engine
                .analyse_position(&position, &Limits::depth(3), 1, |_| {})
                .unwrap();
            let reply = tables
                .probe(&position.play(analysis.best_move).unwrap())
                .unwrap();
            assert_eq!(reply.value, probe.value.flip(), "{position}");
            if probe.distance.is_some() {
                assert_eq!(reply, probe.after_best_move(), "{position}");
            }
            if probe.distance.is_some() {
                assert_eq!(analysis.score, table_score(probe), "{position}");
            } else {
                // Placement: the tables give no distance at the root, but
                // the move chosen may reach the movement phase, which has one.
                assert_eq!(
                    std::mem::discriminant(&analysis.score),
                    std::mem::discriminant(&table_score(probe)),
                    "{position}: {}",
                    analysis.score
                );
            }
        }
    }
}

/// At a drawn root the tables' choice leaves the opponent no more drawing
/// replies than any other drawing move.
#[test]
fn a_drawing_move_leaves_the_fewest_drawing_replies() {
    let rules = rule_sets()[0];
    let tables = shared_tables(rules);
    let mut engine = Engine::new(EngineOptions {
        tablebase: Some(tables.clone()),
        ..EngineOptions::default()
    })
    .unwrap();
    let drawing_replies = |p: &Position| {
        p.legal_moves()
            .iter()
            .filter(|&&m| tables.probe(&p.play(m).unwrap()).unwrap().value == Value::Draw)
            .count()
    };
    let drawn = sample(rules, 60, |p| tables.probe(p).unwrap().value == Value::Draw);
    assert!(drawn.len() >= 20);
    for position in drawn {
        let chosen = engine
            .analyse_position(&position, &Limits::depth(2), 1, |_| {})
            .unwrap()
            .best_move;
        let after = position.play(chosen).unwrap();
        let fewest = position
            .legal_moves()
            .iter()
            .map(|&m| position.play(m).unwrap())
            .filter(|p| tables.probe(p).unwrap().value == Value::Draw)
            .map(|p| drawing_replies(&p))
            .min()
            .unwrap();
        assert_eq!(drawing_replies(&after), fewest, "{position}");
    }
}

/// Tables of another rule set are refused with a typed error.
#[test]
fn tables_of_another_rule_set_are_refused() {
    let rules = rule_sets()[0];
    let tables = shared_tables(rules);
    let mut engine = Engine::new(EngineOptions {
        tablebase: Some(tables),
        ..EngineOptions::default()
    })
    .unwrap();
    let other = Position::new(Ruleset::default());
    let error = engine
        .analyse_position(&other, &Limits::depth(1), 1, |_| {})
        .unwrap_err();
    assert!(
        matches!(error, bagh_engine::EngineError::RulesMismatch { .. }),
        "{error}"
    );
}

/// Under `forbidden` the tables know positions, not games: when the
/// history bans the tables' best move, the engine plays the best move the
/// game allows, by the tables' ranking.
#[test]
fn with_tables_banned_moves_are_skipped() {
    let rules = forbidden(small(&[Point::C3], 6, 2, TigerMoves::Step, false));
    let tables = shared_tables(rules);
    let mut engine = Engine::new(EngineOptions {
        tablebase: Some(tables.clone()),
        ..EngineOptions::default()
    })
    .unwrap();
    let rank = |p: &Probe| match p.value {
        // The opponent's value after a move: a loss for it is best.
        Value::Loss => (2, -i64::from(p.distance.unwrap_or(0))),
        Value::Draw => (1, 0),
        Value::Win => (0, i64::from(p.distance.unwrap_or(0))),
    };
    let mut checked = 0;
    for position in sample(rules, 400, |p| p.goats_in_hand() == 0) {
        let best = tables.best_moves(&position).unwrap();
        let Some((banned, game)) = best
            .iter()
            .find_map(|&m| history_against(&position, m).map(|g| (m, g)))
        else {
            continue;
        };
        let chosen = engine.best_move(&game, &Limits::depth(2)).unwrap();
        assert_ne!(chosen, banned, "{position}");
        assert!(game.is_legal(chosen), "{position}: {chosen}");
        let probe_after = |m| tables.probe(&position.play(m).unwrap()).unwrap();
        let best_allowed = game
            .legal_moves()
            .iter()
            .map(|&m| rank(&probe_after(m)))
            .max()
            .unwrap();
        let got = rank(&probe_after(chosen));
        // Draws tie on rank; wins and losses must match exactly.
        assert_eq!(got.0, best_allowed.0, "{position}: {chosen}");
        if got.0 != 1 {
            assert_eq!(got, best_allowed, "{position}: {chosen}");
        }
        checked += 1;
        if checked == 40 {
            break;
        }
    }
    assert!(checked >= 20, "{checked} positions checked");
}

/// A directory with only the movement table: the engine plays the
/// movement phase perfectly and searches the placement phase, probing the
/// movement table where its lines reach it.
#[test]
fn movement_only_tables_answer_the_movement_phase() {
    let rules = rule_sets()[0];
    let full = shared_tables(rules);
    let dir = tempfile::tempdir().unwrap();
    let options = bagh_tablebase::BuildOptions {
        threads: 2,
        ..bagh_tablebase::BuildOptions::default()
    };
    let movement = bagh_tablebase::Tablebase::build_movement(rules, dir.path(), &options).unwrap();
    assert!(movement.placement_missing().is_some());
    let mut engine = Engine::new(EngineOptions {
        tablebase: Some(std::sync::Arc::new(movement)),
        ..EngineOptions::default()
    })
    .unwrap();
    let (mut placing, mut moving) = (0, 0);
    for position in sample(rules, 200, |_| true) {
        let analysis = engine
            .analyse_position(&position, &Limits::depth(4), 1, |_| {})
            .unwrap();
        let probe = full.probe(&position).unwrap();
        let reply = full
            .probe(&position.play(analysis.best_move).unwrap())
            .unwrap();
        if position.goats_in_hand() == 0 {
            moving += 1;
            if probe.value != Value::Draw {
                assert_eq!(analysis.depth, 0, "{position}: the tables answer");
            }
            assert_eq!(reply, probe.after_best_move(), "{position}");
        } else {
            placing += 1;
            assert!(analysis.depth >= 1, "{position}: searched");
            // A proven result of the search is the tables' value.
            if analysis.score.is_proven() {
                assert_eq!(
                    std::mem::discriminant(&analysis.score),
                    std::mem::discriminant(&table_score(probe)),
                    "{position}: {}",
                    analysis.score
                );
            }
        }
    }
    assert!(
        placing >= 20 && moving >= 20,
        "{placing} placement, {moving} movement"
    );
}
