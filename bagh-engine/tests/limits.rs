//! Limits and control: depth, nodes, time, the stop flag, MultiPV, typed
//! errors, and the helper threads.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use bagh_core::{random_game, Game, Position, Ruleset};
use bagh_engine::{Engine, EngineError, EngineOptions, Limits, Progress};

fn engine() -> Engine {
    Engine::new(EngineOptions::default()).unwrap()
}

/// A middlegame of `bagh-chal`: a seeded random game's position after 24
/// plies (goats still in hand).
fn middlegame() -> Game {
    let mut game = random_game(Position::new(Ruleset::default()), 3, 24);
    while game.is_game_over() {
        game.pop();
    }
    game
}

#[test]
fn the_depth_limit_is_reached_exactly() {
    let game = Game::new(Ruleset::default());
    let mut depths = Vec::new();
    let analysis = engine()
        .analyse(&game, &Limits::depth(6), 1, |p: &Progress| {
            depths.push(p.depth)
        })
        .unwrap();
    assert_eq!(analysis.depth, 6);
    assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
    assert!(analysis.seldepth >= 6);
    assert!(game.is_legal(analysis.best_move));
    assert_eq!(analysis.pv[0], analysis.best_move);
}

#[test]
fn the_node_limit_is_respected() {
    for limit in [1, 500, 20_000] {
        let analysis = engine()
            .analyse(&middlegame(), &Limits::nodes(limit), 1, |_| {})
            .unwrap();
        assert!(
            analysis.nodes <= limit,
            "{} nodes for {limit}",
            analysis.nodes
        );
        assert!(middlegame().is_legal(analysis.best_move));
    }
}

#[test]
fn the_time_limit_is_respected() {
    let start = Instant::now();
    let analysis = engine()
        .analyse(
            &middlegame(),
            &Limits::time(Duration::from_millis(300)),
            1,
            |_| {},
        )
        .unwrap();
    // Bounds generous enough for a loaded machine: an unlimited search
    // would run on for minutes.
    assert!(
        start.elapsed() < Duration::from_millis(2_000),
        "{:?}",
        start.elapsed()
    );
    assert!(analysis.depth >= 1);
    // No time at all still gives a legal move.
    let analysis = engine()
        .analyse(&middlegame(), &Limits::time(Duration::ZERO), 1, |_| {})
        .unwrap();
    assert!(middlegame().is_legal(analysis.best_move));
}

#[test]
fn the_stop_flag_stops_an_infinite_search() {
    let mut engine = engine();
    let stop = engine.stop_flag();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        stop.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let game = middlegame();
    let analysis = engine
        .analyse(&game, &Limits::infinite(), 1, |_| {})
        .unwrap();
    let raised = raiser.join().unwrap();
    assert!(
        raised.elapsed() < Duration::from_millis(1_000),
        "{:?} after the flag",
        raised.elapsed()
    );
    assert!(game.is_legal(analysis.best_move));
    assert!(analysis.depth >= 1);
}

#[test]
fn multipv_gives_distinct_lines_best_first() {
    let game = middlegame();
    let analysis = engine()
        .analyse(&game, &Limits::depth(4), 5, |_| {})
        .unwrap();
    assert_eq!(analysis.lines.len(), 5);
    assert_eq!(analysis.lines[0].pv, analysis.pv);
    let firsts: std::collections::HashSet<_> = analysis.lines.iter().map(|l| l.first()).collect();
    assert_eq!(firsts.len(), 5);
    for pair in analysis.lines.windows(2) {
        assert!(pair[0].score.sort_key() >= pair[1].score.sort_key());
    }
    // More lines than moves: one per move.
    let start = Game::new(Ruleset::default());
    let all = engine()
        .analyse(&start, &Limits::depth(2), 100, |_| {})
        .unwrap();
    assert_eq!(all.lines.len(), 21);
}

#[test]
fn errors_are_typed() {
    let mut over = Game::new(Ruleset::default());
    // Random games until one ends: the engine refuses it.
    for seed in 0.. {
        over = random_game(Position::new(Ruleset::default()), seed, 400);
        if over.is_game_over() {
            break;
        }
    }
    let error = engine()
        .analyse(&over, &Limits::depth(3), 1, |_| {})
        .unwrap_err();
    assert!(matches!(error, EngineError::GameOver { .. }), "{error}");
    assert!(matches!(
        engine().best_move(&over, &Limits::depth(3)),
        Err(EngineError::GameOver { .. })
    ));
    let game = Game::new(Ruleset::default());
    let error = engine()
        .analyse(&game, &Limits::default(), 1, |_| {})
        .unwrap_err();
    assert_eq!(error, EngineError::NoLimit);
    // A depth past the deepest iteration is refused, not clamped into a
    // search that would not end (MAX_DEPTH: the engine searches at most 100 plies).
    let error = engine()
        .analyse(&game, &Limits::depth(1000), 1, |_| {})
        .unwrap_err();
    assert!(
        matches!(error, EngineError::InvalidLimit { limit: "depth", .. }),
        "{error}"
    );
    assert!(error.to_string().contains("1000"), "{error}");
    assert!(engine().best_move(&game, &Limits::depth(101)).is_err());
    for options in [
        EngineOptions {
            threads: 0,
            ..EngineOptions::default()
        },
        EngineOptions {
            hash_mb: 0,
            ..EngineOptions::default()
        },
        EngineOptions {
            level: Some(21),
            ..EngineOptions::default()
        },
    ] {
        assert!(matches!(
            Engine::new(options),
            Err(EngineError::InvalidOption { .. })
        ));
    }
}

#[test]
fn helper_threads_share_the_table() {
    let mut engine = Engine::new(EngineOptions {
        threads: 2,
        ..EngineOptions::default()
    })
    .unwrap();
    let game = middlegame();
    let analysis = engine.analyse(&game, &Limits::depth(6), 1, |_| {}).unwrap();
    assert_eq!(analysis.depth, 6);
    assert!(game.is_legal(analysis.best_move));
}

/// A node limit counts the nodes of every thread.
#[test]
fn the_node_limit_is_over_all_threads() {
    for threads in [2, 3] {
        let mut engine = Engine::new(EngineOptions {
            threads,
            ..EngineOptions::default()
        })
        .unwrap();
        let limit = 60_000;
        let analysis = engine
            .analyse(&middlegame(), &Limits::nodes(limit), 1, |_| {})
            .unwrap();
        // Each thread stops at its share (give or take the node it was on).
        assert!(
            analysis.nodes <= limit + threads as u64,
            "{} nodes for {limit} over {threads} threads",
            analysis.nodes
        );
        assert!(
            analysis.nodes >= limit / threads as u64,
            "{}",
            analysis.nodes
        );
    }
}

#[test]
fn a_won_position_is_proven_and_the_search_ends_early() {
    // Tigers to move capture the fifth goat at once (e1xe3).
    let position =
        Position::from_text("TGGGT/GGGGG/GGGG1/GG2G/T1G1T t 0 4", Ruleset::default()).unwrap();
    let analysis = engine()
        .analyse_position(&position, &Limits::depth(20), 1, |_| {})
        .unwrap();
    assert_eq!(analysis.score, bagh_engine::Score::Win(Some(1)));
    assert_eq!(analysis.best_move.to_string(), "e1xe3");
    assert!(analysis.depth <= 2);
}

/// An engine can move to another thread (front ends search off their main
/// thread), and its analyses and options can be shared.
#[test]
fn engines_move_between_threads() {
    fn send<T: Send>() {}
    fn send_sync<T: Send + Sync>() {}
    send::<Engine>();
    send_sync::<EngineOptions>();
    send_sync::<bagh_engine::Analysis>();
    send_sync::<EngineError>();
    let mut engine = engine();
    let game = middlegame();
    let handle = std::thread::spawn(move || engine.best_move(&game, &Limits::depth(3)));
    assert!(middlegame().is_legal(handle.join().unwrap().unwrap()));
}

/// Reports come once per line and iteration, with consistent fields.
#[test]
fn progress_reports_are_complete() {
    let game = middlegame();
    let mut reports: Vec<Progress> = Vec::new();
    let analysis = engine()
        .analyse(&game, &Limits::depth(5), 3, |p| reports.push(p.clone()))
        .unwrap();
    assert_eq!(reports.len(), 5 * 3);
    for (i, report) in reports.iter().enumerate() {
        assert_eq!(report.depth as usize, i / 3 + 1);
        assert_eq!(report.multipv, i % 3 + 1);
        assert!(report.seldepth >= report.depth);
        assert!(report.hashfull <= 1000);
        assert!(game.is_legal(report.pv[0]));
        assert!(report.nodes > 0);
    }
    let last = &reports[reports.len() - 3..];
    let lines: Vec<_> = analysis
        .lines
        .iter()
        .map(|l| (l.score, l.pv.clone()))
        .collect();
    let reported: Vec<_> = last.iter().map(|p| (p.score, p.pv.clone())).collect();
    assert_eq!(lines, reported);
}

/// One thread with a depth or node limit is deterministic: the same search
/// from a fresh table visits the same nodes and finds the same line.
#[test]
fn one_thread_is_deterministic() {
    let game = middlegame();
    let mut engine = engine();
    let first = engine.analyse(&game, &Limits::depth(6), 2, |_| {}).unwrap();
    engine.new_game();
    let second = engine.analyse(&game, &Limits::depth(6), 2, |_| {}).unwrap();
    assert_eq!(first.nodes, second.nodes);
    assert_eq!(first.lines, second.lines);
    let limited = |engine: &mut Engine| {
        engine
            .analyse(&game, &Limits::nodes(30_000), 1, |_| {})
            .unwrap()
    };
    let (a, b) = (
        limited(&mut Engine::new(EngineOptions::default()).unwrap()),
        limited(&mut self::engine()),
    );
    assert_eq!(
        (a.best_move, a.nodes, a.depth),
        (b.best_move, b.nodes, b.depth)
    );
}

/// A forced move under a clock is answered at once.
#[test]
fn a_forced_move_takes_no_time() {
    // The tiger on a1 can only step to b1: a2 and b2 are backed by a3 and c3.
    let rules = Ruleset::builder()
        .tigers(["a1"])
        .goats(6)
        .capture_target(1)
        .build()
        .unwrap();
    let position = Position::from_text("5/5/GGG2/GG3/T4 t 1 0", rules).unwrap();
    let moves = position.legal_moves();
    assert_eq!(moves.len(), 1, "{moves:?}");
    let start = Instant::now();
    let analysis = engine()
        .analyse_position(&position, &Limits::time(Duration::from_secs(10)), 1, |_| {})
        .unwrap();
    assert_eq!(analysis.best_move, moves[0]);
    assert_eq!(analysis.depth, 1);
    assert!(start.elapsed() < Duration::from_secs(1));
}
