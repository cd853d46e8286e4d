//! Probes per second from one thread and from two, side by side, on the
//! same positions: the placement layers are read with positional reads, so
//! threads should not take turns.
//!
//! ```text
//! cargo bench -p bagh-tablebase --bench probes -- [DIR] [--load]
//! ```
//!
//! DIR is a tablebase directory (an absolute path: benches run in the crate
//! directory; `make bench-tablebase` passes target/tablebases/bagh-chal, made
//! by `make solve-game`); without one, a small rule set is built into a
//! temporary directory. `--load` reads the placement layers into memory
//! first. Positions come from seeded random games: 100,000 with goats in
//! hand (the layer files) and 100,000 without (the movement table, in
//! memory). Each figure is the median of 7 runs, with the range.

mod common;

use std::time::Instant;

use bagh_core::{Position, Ruleset};
use bagh_tablebase::{BuildOptions, Tablebase};

const POSITIONS: usize = 100_000;
const RUNS: usize = 7;

/// Probes per second over `positions` with `threads` threads sharing `tables`.
fn rate(tables: &Tablebase, positions: &[Position], threads: usize) -> f64 {
    let start = Instant::now();
    std::thread::scope(|scope| {
        for chunk in positions.chunks(positions.len().div_ceil(threads)) {
            scope.spawn(move || {
                for position in chunk {
                    std::hint::black_box(tables.probe(position).unwrap());
                }
            });
        }
    });
    positions.len() as f64 / start.elapsed().as_secs_f64()
}

fn median_and_range(mut rates: Vec<f64>) -> String {
    rates.sort_by(f64::total_cmp);
    format!(
        "{:>12.0} probes/s (range {:.0} to {:.0})",
        rates[rates.len() / 2],
        rates[0],
        rates[rates.len() - 1]
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let load = args.iter().any(|a| a == "--load");
    let dir = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_else(|| "target/tablebases/bagh-chal".into());
    let scratch = tempfile::tempdir()?;
    let tables = if Tablebase::movement_path(dir.as_ref()).exists() {
        if load {
            Tablebase::load(&dir)?
        } else {
            Tablebase::open(&dir)?
        }
    } else {
        let rules: Ruleset = "two-tigers goats=6 capture_target=2".parse()?;
        eprintln!("no tables in {dir}: building {rules} into a temporary directory");
        Tablebase::build(rules, scratch.path(), &BuildOptions::default())?;
        if load {
            Tablebase::load(scratch.path())?
        } else {
            Tablebase::open(scratch.path())?
        }
    };
    let (placing, moving) = common::sample(*tables.rules(), POSITIONS, 2026);
    println!("rules: {}", tables.rules());
    println!("placement layers in memory: {load}");
    for (what, positions) in [
        ("goats in hand (placement layers)", &placing),
        ("no goats in hand (movement table)", &moving),
    ] {
        for threads in [1, 2] {
            let rates = (0..RUNS)
                .map(|_| rate(&tables, positions, threads))
                .collect();
            println!("{what}, {threads} thread(s): {}", median_and_range(rates));
        }
    }
    Ok(())
}
