//! Speed of reading game records: games per second through a
//! [`RecordReader`] over a stream of random `bagh-chal` games with tags and
//! comments (each game replayed and checked move by move).
//!
//! ```text
//! cargo bench -p bagh-core --bench records
//! ```

use bagh_core::{Game, Record, RecordReader, Ruleset};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const GAMES: usize = 2_000;

/// `games` seeded random games of `bagh-chal`, written as one text.
fn archive(games: usize) -> String {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut text = String::new();
    for i in 0..games {
        let mut game = Game::new(Ruleset::default());
        while game.len() < 1_000 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.push_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        let plies = game.len();
        let mut record = Record::new(game);
        record
            .set_tag("Event", "benchmark")
            .expect("a valid tag or comment");
        record
            .set_tag("Round", &i.to_string())
            .expect("a valid tag or comment");
        record
            .set_comment(plies / 2, "half way")
            .expect("a valid tag or comment");
        text.push_str(&record.to_string());
        text.push('\n');
    }
    text
}

fn reading(c: &mut Criterion) {
    let text = archive(GAMES);
    let mut group = c.benchmark_group("records");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES as u64));
    group.bench_function("read", |b| {
        b.iter(|| {
            let read = RecordReader::new(text.as_bytes())
                .filter(Result::is_ok)
                .count();
            assert_eq!(read, GAMES);
        })
    });
    group.finish();
}

criterion_group!(benches, reading);
criterion_main!(benches);
