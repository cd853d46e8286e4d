//! Playing levels: a seed replays the same choices, and a lower level
//! spreads its choices over more moves (a statistical test made
//! deterministic by fixed seeds).

use std::collections::HashMap;

use bagh_core::{random_game, Game, Move, Position, Ruleset};
use bagh_engine::{Engine, EngineOptions, Limits};

fn at_level(level: u8, seed: u64) -> Engine {
    Engine::new(EngineOptions {
        level: Some(level),
        seed,
        ..EngineOptions::default()
    })
    .unwrap()
}

/// Positions of `bagh-chal` from seeded random games, both sides to move.
fn positions() -> Vec<Game> {
    (0..8)
        .map(|seed| random_game(Position::new(Ruleset::default()), seed, 10 + seed as u32))
        .filter(|g| !g.is_game_over())
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_move() {
    for level in [1, 8, 15] {
        for game in positions() {
            let limits = Limits::depth(20);
            let first = at_level(level, 42).best_move(&game, &limits).unwrap();
            let second = at_level(level, 42).best_move(&game, &limits).unwrap();
            assert_eq!(first, second, "level {level}");
            assert!(game.is_legal(first));
        }
    }
}

/// How often each move is chosen from the start over `seeds`.
fn choices(level: u8, seeds: std::ops::Range<u64>) -> HashMap<Move, usize> {
    let game = Game::new(Ruleset::default());
    let mut counts = HashMap::new();
    for seed in seeds {
        let mv = at_level(level, seed)
            .best_move(&game, &Limits::depth(20))
            .unwrap();
        *counts.entry(mv).or_insert(0) += 1;
    }
    counts
}

#[test]
fn a_hotter_level_spreads_its_choices() {
    let hot = choices(2, 0..60);
    let cool = choices(12, 0..60);
    let most = |c: &HashMap<Move, usize>| c.values().copied().max().unwrap_or(0);
    assert!(
        hot.len() > cool.len(),
        "{} moves at level 2, {} at level 12",
        hot.len(),
        cool.len()
    );
    assert!(most(&cool) > most(&hot), "{hot:?} {cool:?}");
    assert!(hot.len() >= 5);
}

#[test]
fn the_top_level_always_plays_the_best_move() {
    let game = positions().remove(0);
    let limits = Limits::depth(3);
    let best = Engine::new(EngineOptions::default())
        .unwrap()
        .best_move(&game, &limits)
        .unwrap();
    for seed in 0..5 {
        assert_eq!(at_level(20, seed).best_move(&game, &limits).unwrap(), best);
    }
}

/// Two engines of one level and seed play the same game against each
/// other twice, whatever else they searched before.
#[test]
fn a_seed_replays_a_whole_game() {
    let play = |warm_up: bool| {
        let mut goats = at_level(6, 9);
        let mut tigers = at_level(9, 9);
        if warm_up {
            let other = positions().remove(3);
            goats.analyse(&other, &Limits::depth(5), 1, |_| {}).unwrap();
        }
        let mut game = Game::new(Ruleset::default());
        while !game.is_game_over() && game.len() < 60 {
            let engine = if game.side_to_move() == bagh_core::Side::Goat {
                &mut goats
            } else {
                &mut tigers
            };
            let mv = engine.best_move(&game, &Limits::depth(20)).unwrap();
            game.push(mv).unwrap();
        }
        game
    };
    assert_eq!(play(false), play(true));
}

/// A level below 20 searches with the classic evaluation, and its static
/// evaluation says the same: no probabilities.
#[test]
fn a_level_evaluates_as_it_searches() {
    let start = bagh_core::Position::new(Ruleset::default());
    assert!(at_level(5, 1).evaluate(&start).wdl.is_none());
    assert_eq!(
        at_level(5, 1)
            .options()
            .evaluation_name(&Ruleset::default()),
        "classic"
    );
    assert!(at_level(20, 1).evaluate(&start).wdl.is_some());
}

#[test]
fn a_level_limits_play_not_analysis() {
    // Level 1 plays from a one-ply search; asked to analyse, it searches
    // as deep as the limits say.
    let game = Game::new(Ruleset::default());
    let mut engine = at_level(1, 3);
    let analysis = engine.analyse(&game, &Limits::depth(6), 1, |_| {}).unwrap();
    assert_eq!(analysis.depth, 6);
    let mut deepest = 0;
    engine
        .best_move_with_progress(&game, &Limits::depth(6), |p| deepest = deepest.max(p.depth))
        .unwrap();
    assert_eq!(deepest, 1, "level 1 plays from one ply");
}

/// The deepest iteration `best_move` at `level` searches within `limits`.
fn deepest(level: u8, game: &Game, limits: &Limits) -> u32 {
    let mut deepest = 0;
    at_level(level, 1)
        .best_move_with_progress(game, limits, |p| deepest = deepest.max(p.depth))
        .unwrap();
    deepest
}

#[test]
fn the_top_level_searches_as_deep_as_its_limits_allow() {
    // Levels 1 to 19 stop at their depth (11 at level 19) however long
    // they may think; level 20 has no cap of its own, so a deeper limit
    // (or more time) makes it search deeper.
    let game = positions().remove(1);
    assert_eq!(deepest(19, &game, &Limits::depth(13)), 11);
    assert_eq!(deepest(20, &game, &Limits::depth(13)), 13);
    assert_eq!(deepest(20, &game, &Limits::depth(4)), 4);
}
