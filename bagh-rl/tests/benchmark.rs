//! The benchmark against the tables of a small rule set: a perfect agent
//! keeps everything, a first-move agent is scored as a recount by hand
//! finds, and bad answers are refused.

mod support;

use bagh_core::{Game, Move};
use bagh_engine::PerfectStyle;
use bagh_rl::benchmark::{evaluate, BenchmarkError, BenchmarkOptions, GameResult, Rate};
use bagh_tablebase::Value;

use support::{assert_perfect, first, perfect};

const RULES: &str = "tigers=a1,e5 goats=5 capture_target=2 repetition=allowed";

fn options() -> BenchmarkOptions {
    support::options(300, 6, BenchmarkOptions::default().seed, 7)
}

#[test]
fn a_perfect_agent_keeps_every_value() {
    let (_dir, tables) = support::tables(RULES);
    let report = evaluate(&tables, &options(), perfect(&tables)).unwrap();
    assert_perfect(&report, 300);
    assert!(report.losing_moves.total > 0);
    assert_eq!(report.games.len(), 12);
    for style in [PerfectStyle::Random, PerfectStyle::Narrowing] {
        assert_eq!(report.games_kept(style), Rate { count: 6, total: 6 });
    }
    // Perfect against perfect from the start: each side gets the start's value.
    let start = tables
        .probe(&bagh_core::Position::new(*tables.rules()))
        .unwrap()
        .value;
    for game in &report.games {
        let agent_is_goats = game.agent_side == bagh_core::Side::Goat;
        let expected = match (start, agent_is_goats) {
            (Value::Draw, _) => [GameResult::Draw, GameResult::Unfinished].as_slice(),
            (Value::Win, true) | (Value::Loss, false) => &[GameResult::Win],
            _ => &[GameResult::Loss],
        };
        assert!(
            expected.contains(&game.result),
            "{:?} {:?}",
            game.result,
            start
        );
    }
    assert!(report
        .to_markdown()
        .contains("| critical positions kept, all (%) | 300 of 300 | 100.0 |"));
}

#[test]
fn a_first_move_agent_is_scored_as_a_recount_finds() {
    let (_dir, tables) = support::tables(RULES);
    let report = evaluate(&tables, &options(), first).unwrap();
    // The recount: every critical position again, its first move judged
    // by probing each move here.
    let (positions, _) =
        bagh_rl::benchmark::critical_positions(&tables, options().first_seed, 300).unwrap();
    let mut kept = 0;
    for critical in &positions {
        let value = tables.probe(&critical.position).unwrap().value;
        let mv = critical.position.legal_moves()[0];
        let after = tables
            .probe(&critical.position.play(mv).unwrap())
            .unwrap()
            .value;
        kept += u64::from(after.flip() == value);
        // Each position is one where some move gives the value away.
        assert!(critical.position.legal_moves().iter().any(|&m| {
            tables
                .probe(&critical.position.play(m).unwrap())
                .unwrap()
                .value
                .flip()
                != value
        }));
    }
    assert_eq!(report.critical_all().count, kept);
    assert!(kept < 300);
    // The same options give the same report.
    assert_eq!(evaluate(&tables, &options(), first).unwrap(), report);
}

#[test]
fn wrong_answers_are_refused() {
    let (_dir, tables) = support::tables(RULES);
    let none = |_: &[&Game]| -> Result<Vec<Move>, ()> { Ok(Vec::new()) };
    assert!(matches!(
        evaluate(&tables, &options(), none),
        Err(BenchmarkError::BadAnswer(_))
    ));
    let illegal = |games: &[&Game]| -> Result<Vec<Move>, ()> {
        Ok(games.iter().map(|_| "a1a2".parse().unwrap()).collect())
    };
    let error = evaluate(&tables, &options(), illegal).unwrap_err();
    assert!(error.to_string().contains("not legal"), "{error}");
    let failing = |_: &[&Game]| -> Result<Vec<Move>, &str> { Err("no policy") };
    assert!(matches!(
        evaluate(&tables, &options(), failing),
        Err(BenchmarkError::Agent("no policy"))
    ));
}

#[test]
fn wilson_intervals_match_the_published_figures() {
    // Wilson's interval for 90 of 100 at 95%: 0.8256 to 0.9448; for 0 of
    // 10: 0 to 0.2775 (the textbook figures).
    let (low, high) = Rate {
        count: 90,
        total: 100,
    }
    .interval();
    assert!((low - 0.8256).abs() < 5e-5 && (high - 0.9448).abs() < 5e-5);
    let (low, high) = Rate {
        count: 0,
        total: 10,
    }
    .interval();
    assert!(low == 0.0 && (high - 0.2775).abs() < 5e-5);
}
