//! Search speed: nodes per second of a depth-limited search with a fresh
//! engine (one thread, 16 MB table), from the start of `bagh-chal`, a
//! placement middlegame and a movement-phase position.
//!
//! ```text
//! cargo bench -p bagh-engine --bench search
//! ```
//!
//! Criterion's throughput line (`thrpt`) is the nodes per second: each
//! search visits the same nodes every time, counted once before timing.

use bagh_core::{random_game, Game, Position, Ruleset};
use bagh_engine::{Engine, EngineOptions, Limits};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

fn engine() -> Engine {
    Engine::new(EngineOptions::default()).unwrap()
}

/// The first position of a seeded random game with `in_hand` goats in
/// hand and the game still on.
fn from_random_game(seed: u64, in_hand: u8) -> Game {
    let full = random_game(Position::new(Ruleset::default()), seed, 400);
    let mut game = Game::from_position(*full.start());
    for &mv in full.moves() {
        if game.position().goats_in_hand() <= in_hand
            && game.position().side_to_move() == bagh_core::Side::Goat
        {
            break;
        }
        game.push(mv).unwrap();
    }
    game
}

fn search(c: &mut Criterion) {
    let cases = [
        ("start", Game::new(Ruleset::default()), 12),
        ("middlegame", from_random_game(11, 8), 12),
        ("movement", from_random_game(5, 0), 13),
    ];
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, game, depth) in cases {
        assert!(!game.is_game_over(), "{name}");
        let limits = Limits::depth(depth);
        let nodes = engine().analyse(&game, &limits, 1, |_| {}).unwrap().nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name} depth {depth}"), |b| {
            b.iter_batched(
                engine,
                |mut engine| engine.analyse(&game, &limits, 1, |_| {}).unwrap(),
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
