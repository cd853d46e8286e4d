//! Speed of whole random games through [`Game`]: legal moves under the
//! repetition policy, push, outcome, as a batched playout does them.
//!
//! ```text
//! cargo bench -p bagh-core --bench playout
//! ```

use bagh_core::{Game, Ruleset};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plays `games` seeded random games; returns the number of plies played.
fn random_games(rules: Ruleset, games: u64) -> u64 {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut plies = 0;
    for _ in 0..games {
        let mut game = Game::new(rules);
        while game.len() < 1_000 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.push_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        plies += game.len() as u64;
    }
    plies
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_games");
    group.sample_size(10);
    for (id, rules) in Ruleset::presets() {
        group.throughput(Throughput::Elements(random_games(rules, 1_000)));
        group.bench_with_input(BenchmarkId::new(id, 1_000), &rules, |b, &rules| {
            b.iter(|| random_games(rules, 1_000))
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
