//! Counts the leaves of the legal-move tree from the start of every preset,
//! on one thread and on all of them, and splits the count by first move.
//!
//! ```text
//! cargo run --release -p bagh-core --example perft -- [DEPTH]
//! ```
//!
//! The `bagh perft` command (crate `bagh-cli`) does the same for any rule
//! set or position, with `--divide` and `--threads`.

use std::time::Instant;

use bagh_core::{perft, perft_divide, perft_parallel, Position, Ruleset};

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(5);
    for (id, rules) in Ruleset::presets() {
        let start = Position::new(rules);
        let timer = Instant::now();
        let nodes = perft(&start, depth);
        let one = timer.elapsed();
        let timer = Instant::now();
        assert_eq!(perft_parallel(&start, depth, 0), nodes);
        let all = timer.elapsed();
        println!("{id}: perft({depth}) = {nodes} ({one:.2?} on one thread, {all:.2?} on all)");
        // The first moves and the leaves below each: they add up to the total.
        let divided = perft_divide(&start, depth);
        assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), nodes);
        if let Some((mv, most)) = divided.iter().max_by_key(|(_, n)| *n) {
            println!(
                "  {} first moves; the most leaves below {mv}: {most}",
                divided.len()
            );
        }
    }
}
