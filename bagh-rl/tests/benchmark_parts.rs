//! A measurement split into parts and merged gives the report of the whole,
//! as `evaluate` computes it in one go: for agents that answer each game
//! alone (random play keyed by the game, a first-move policy, an engine
//! level), split in any number of parts, given in any order; parts that do
//! not tile the whole are refused.

use std::sync::Arc;

use bagh_core::{Game, Move, Ruleset};
use bagh_engine::{Engine, EngineOptions, Limits};
use bagh_rl::benchmark::{
    evaluate, evaluate_part, merge, random_move, BenchmarkError, BenchmarkOptions, MergeError,
    Part, PartReport,
};
use bagh_tablebase::{BuildOptions, Tablebase};

fn tables(dir: &std::path::Path, rules: &str) -> Arc<Tablebase> {
    let rules: Ruleset = rules.parse().unwrap();
    Arc::new(Tablebase::build(rules, dir, &BuildOptions::default()).unwrap())
}

fn options() -> BenchmarkOptions {
    BenchmarkOptions {
        positions: 150,
        games: 5,
        seed: 3,
        batch: 4,
        ..BenchmarkOptions::default()
    }
}

fn random(seed: u64) -> impl FnMut(&[&Game]) -> Result<Vec<Move>, ()> {
    move |games: &[&Game]| {
        Ok(games
            .iter()
            .map(|g| random_move(seed, g).unwrap())
            .collect())
    }
}

fn first(games: &[&Game]) -> Result<Vec<Move>, ()> {
    Ok(games.iter().map(|g| g.legal_moves()[0]).collect())
}

/// Every part of `parts` measured with a fresh agent from `agent`, merged
/// in reverse order.
fn merged<A: FnMut(&[&Game]) -> Result<Vec<Move>, ()>>(
    tables: &Arc<Tablebase>,
    options: &BenchmarkOptions,
    parts: &[Part],
    agent: impl Fn() -> A,
) -> bagh_rl::benchmark::BenchmarkReport {
    let reports: Vec<PartReport> = parts
        .iter()
        .map(|part| evaluate_part(tables, options, part, agent()).unwrap())
        .collect();
    merge(reports.into_iter().rev()).unwrap()
}

#[test]
fn parts_merge_into_the_whole_for_any_split() {
    let dir = tempfile::tempdir().unwrap();
    // Under `forbidden`, so that forced losses are merged too.
    let tables = tables(
        dir.path(),
        "tigers=c3 goats=4 capture_target=2 repetition=forbidden",
    );
    let options = options();
    let whole_random = evaluate(&tables, &options, random(9)).unwrap();
    let whole_first = evaluate(&tables, &options, first).unwrap();
    assert_eq!(whole_random.critical_all().total, 150);
    assert_eq!(whole_random.games.len(), 10);
    assert_ne!(whole_random, whole_first);
    for count in [1, 2, 3, 7, 20] {
        let parts = Part::split(&options, count);
        assert_eq!(parts.len(), count);
        assert_eq!(
            merged(&tables, &options, &parts, || random(9)),
            whole_random,
            "{count} parts"
        );
        assert_eq!(
            merged(&tables, &options, &parts, || first),
            whole_first,
            "{count} parts"
        );
    }
    // Parts of unequal sizes, positions and games apart.
    let uneven = [
        Part {
            positions: 0..1,
            games: 0..0,
        },
        Part {
            positions: 1..140,
            games: 0..9,
        },
        Part {
            positions: 140..150,
            games: 9..10,
        },
    ];
    assert_eq!(
        merged(&tables, &options, &uneven, || random(9)),
        whole_random
    );
}

#[test]
fn an_engine_level_merges_into_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let tables = tables(
        dir.path(),
        "tigers=a1,e5 goats=5 capture_target=2 repetition=allowed",
    );
    let options = BenchmarkOptions {
        positions: 40,
        games: 2,
        ..options()
    };
    let engine = || {
        let mut engine = Engine::new(EngineOptions {
            level: Some(5),
            seed: 4,
            hash_mb: 1,
            ..EngineOptions::default()
        })
        .unwrap();
        move |games: &[&Game]| -> Result<Vec<Move>, ()> {
            Ok(games
                .iter()
                .map(|g| engine.best_move(g, &Limits::nodes(300)).unwrap())
                .collect())
        }
    };
    let whole = evaluate(&tables, &options, engine()).unwrap();
    assert_eq!(
        merged(&tables, &options, &Part::split(&options, 3), engine),
        whole
    );
}

#[test]
fn parts_that_do_not_tile_the_whole_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let tables = tables(
        dir.path(),
        "tigers=a1,e5 goats=5 capture_target=2 repetition=allowed",
    );
    let options = BenchmarkOptions {
        positions: 20,
        games: 2,
        ..options()
    };
    let part = |positions, games| {
        evaluate_part(&tables, &options, &Part { positions, games }, first).unwrap()
    };
    assert_eq!(merge(Vec::new()), Err(MergeError::NoParts));
    let gap = merge([part(0..10, 0..4), part(12..20, 0..0)]).unwrap_err();
    assert_eq!(
        gap,
        MergeError::Tiling("positions 10..12 are in no part".into())
    );
    let twice = merge([part(0..10, 0..3), part(5..20, 2..4)]).unwrap_err();
    assert_eq!(
        twice,
        MergeError::Tiling("positions 5..10 are in two parts".into())
    );
    let short = merge([part(0..20, 0..3)]).unwrap_err();
    assert_eq!(
        short,
        MergeError::Tiling("games 3..4 are in no part".into())
    );
    // Parts of another measurement.
    let other = BenchmarkOptions {
        seed: 99,
        ..options.clone()
    };
    let foreign = evaluate_part(
        &tables,
        &other,
        &Part {
            positions: 10..20,
            games: 2..4,
        },
        first,
    )
    .unwrap();
    assert!(matches!(
        merge([part(0..10, 0..2), foreign]),
        Err(MergeError::Mismatch(_))
    ));
    // A part beyond the measurement is refused before any move is asked.
    let beyond = evaluate_part(
        &tables,
        &options,
        &Part {
            positions: 0..21,
            games: 0..0,
        },
        first,
    );
    assert!(
        matches!(beyond, Err(BenchmarkError::Part(ref m)) if m == "positions 0..21 are not within 0..20")
    );
    let beyond = evaluate_part(
        &tables,
        &options,
        &Part {
            positions: 0..0,
            games: 3..5,
        },
        first,
    );
    assert!(matches!(beyond, Err(BenchmarkError::Part(_))));
}

#[test]
fn random_play_answers_each_game_alone() {
    // The same game gives the same move whether asked alone or among others,
    // and different seeds differ somewhere: the draw is keyed, not a stream.
    let rules: Ruleset = "tigers=a1,e5 goats=5 capture_target=2".parse().unwrap();
    let mut games = vec![Game::new(rules)];
    for i in 0..30 {
        let mut next = games[i].clone();
        if next.is_game_over() {
            break;
        }
        next.push(next.legal_moves()[i % next.legal_moves().len()])
            .unwrap();
        games.push(next);
    }
    let refs: Vec<&Game> = games.iter().collect();
    let together = random(5)(&refs).unwrap();
    let reversed: Vec<&Game> = refs.iter().rev().copied().collect();
    let mut apart = random(5)(&reversed).unwrap();
    apart.reverse();
    assert_eq!(together, apart);
    assert_ne!(together, random(6)(&refs).unwrap());
    assert!(games.iter().zip(&together).all(|(g, m)| g.is_legal(*m)));
}
