//! Search speed: nodes per second of a depth-limited search with a fresh
//! engine (one thread, 16 MB table), from the start of `bagh-chal`, a
//! placement middlegame and a movement-phase position, with the network
//! and with the classic evaluation side by side; and the network's
//! evaluations per second, summed from scratch.
//!
//! ```text
//! cargo bench -p bagh-engine --bench search
//! ```
//!
//! Criterion's throughput line (`thrpt`) is the nodes per second: each
//! search visits the same nodes every time, counted once before timing.

use bagh_core::{random_game, Game, Position, Ruleset};
use bagh_engine::network::Network;
use bagh_engine::{Engine, EngineOptions, Evaluation, Limits};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

fn engine(evaluation: &Evaluation) -> Engine {
    Engine::new(EngineOptions {
        evaluation: evaluation.clone(),
        ..EngineOptions::default()
    })
    .unwrap()
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
    for (label, evaluation) in [
        ("network", Evaluation::Default),
        ("classic", Evaluation::Classic),
    ] {
        for (name, game, depth) in &cases {
            assert!(!game.is_game_over(), "{name}");
            let limits = Limits::depth(*depth);
            let nodes = engine(&evaluation)
                .analyse(game, &limits, 1, |_| {})
                .unwrap()
                .nodes;
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("{label} {name} depth {depth}"), |b| {
                b.iter_batched(
                    || engine(&evaluation),
                    |mut engine| engine.analyse(game, &limits, 1, |_| {}).unwrap(),
                    BatchSize::LargeInput,
                )
            });
        }
    }
    group.finish();
}

fn network_evaluations(c: &mut Criterion) {
    let network = Network::shipped(&Ruleset::default()).unwrap();
    let positions: Vec<Position> = (0..64)
        .flat_map(|seed| {
            random_game(Position::new(Ruleset::default()), seed, 100)
                .positions()
                .to_vec()
        })
        .collect();
    let mut group = c.benchmark_group("network");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("wdl from scratch", |b| {
        b.iter(|| positions.iter().map(|p| network.wdl(p).win).sum::<f32>())
    });
    group.finish();
}

criterion_group!(benches, search, network_evaluations);
criterion_main!(benches);
