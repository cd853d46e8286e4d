//! Speed of the move generator: perft from the starts of the presets, and
//! move generation in the movement phase.
//!
//! ```text
//! cargo bench -p bagh-core --bench perft
//! ```
//!
//! The side-by-side comparison with the C yardstick is
//! `benchmarks/perft_vs_yardstick.sh`.

use bagh_core::{perft, Position, Ruleset};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn perft_from_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (id, depth) in [("bagh-chal", 6), ("bagh-chal", 7), ("two-tigers", 6)] {
        let start = Position::new(Ruleset::preset(id).expect("a preset id"));
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_with_input(BenchmarkId::new(id, depth), &depth, |b, &depth| {
            b.iter(|| perft(&start, depth))
        });
    }
    group.finish();
}

fn movement_phase(c: &mut Criterion) {
    let rules = Ruleset::default();
    // A movement-phase position with captures for the tigers and many goat steps.
    let tigers =
        Position::from_text("GGTGG/GG1GG/T2GT/GG1GG/G3T t 0 2", rules).expect("a valid position");
    let goats =
        Position::from_text("GGTGG/GG1GG/T2GT/GG1GG/G3T g 0 2", rules).expect("a valid position");
    c.bench_function("legal_moves/movement/tigers", |b| {
        b.iter(|| tigers.legal_moves())
    });
    c.bench_function("legal_moves/movement/goats", |b| {
        b.iter(|| goats.legal_moves())
    });
    c.bench_function("count_legal_moves/movement/tigers", |b| {
        b.iter(|| tigers.count_legal_moves())
    });
}

criterion_group!(benches, perft_from_start, movement_phase);
criterion_main!(benches);
