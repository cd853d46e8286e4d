//! Probe times of the compressed file against the full tables it was made
//! from, side by side in one run, on one thread with a warm page cache:
//! movement positions, placement positions (either side to move) and
//! `best_moves` of placement positions (all, then by the side to move).
//!
//! ```text
//! cargo bench -p bagh-tablebase --bench compressed_probes -- [FULL COMPRESSED...]
//! ```
//!
//! FULL and each COMPRESSED are tablebase directories (absolute paths;
//! `make bench-compressed` passes target/tablebases/bagh-chal and
//! target/tablebases/bagh-chal-compressed); without them, a small rule set
//! is built and compressed both ways (every placement layer, every other
//! one) into temporary directories. `BAGH_BENCH_POSITIONS` sets the
//! positions of each line (20,000; a tenth of them for `best_moves`), and
//! `BAGH_BENCH_ONLY` runs only the lines whose name holds its text (and
//! skips the probes by goats placed). Positions come from
//! seeded random games. Each probe is timed on its own; a run's figure is
//! the median probe, and the line gives the median of 7 runs (the
//! tables alternating; the compressed file opened afresh for each, so
//! that the values its earlier probes proved do not help) with their
//! range, then the compressed file's slowest probes: the median over the
//! runs of their 99th percentile, and the slowest of all. The answers of
//! both are compared on the way. Last,
//! one run of the compressed file's goats-to-move probes by goats placed:
//! where in the game the slow probes are.

mod common;

use std::time::Instant;

use bagh_core::{Position, Ruleset, Side};
use bagh_tablebase::{BuildOptions, CompressedTables, PlacementLayers, Tablebase};

const POSITIONS: usize = 20_000;
const RUNS: usize = 7;

/// The median, 99th percentile and largest time of `call` over
/// `positions`, in microseconds.
fn micros(positions: &[Position], mut call: impl FnMut(&Position)) -> (f64, f64, f64) {
    let mut times: Vec<f64> = positions
        .iter()
        .map(|p| {
            let start = Instant::now();
            call(p);
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let n = times.len();
    (times[n / 2], times[n * 99 / 100], times[n - 1])
}

fn summary(mut runs: Vec<f64>) -> String {
    runs.sort_by(f64::total_cmp);
    format!(
        "{:>8.2} µs (range {:.2} to {:.2})",
        runs[runs.len() / 2],
        runs[0],
        runs[runs.len() - 1]
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let scratch = tempfile::tempdir()?;
    let (full, files) = match args.as_slice() {
        [full, compressed @ ..] if !compressed.is_empty() => (
            Tablebase::open(full)?,
            compressed
                .iter()
                .map(Tablebase::open)
                .collect::<Result<Vec<_>, _>>()?,
        ),
        _ => {
            let rules: Ruleset = "two-tigers goats=6 capture_target=2".parse()?;
            eprintln!("no directories given: building and compressing {rules}");
            let full =
                Tablebase::build(rules, scratch.path().join("full"), &BuildOptions::default())?;
            let mut files = Vec::new();
            for layers in [PlacementLayers::Alternate, PlacementLayers::Every] {
                let out = scratch.path().join(format!("compressed-{layers:?}"));
                CompressedTables::compress_with(&full, &out, &BuildOptions::default(), layers)?;
                files.push(Tablebase::open(&out)?);
            }
            (full, files)
        }
    };
    let count = std::env::var("BAGH_BENCH_POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(POSITIONS);
    let best_count = (count / 10).max(1);
    let (placing, moving) = common::sample(*full.rules(), count, 2027);
    println!("rules: {}", full.rules());
    for compressed in &files {
        let file = compressed.compressed().expect("a compressed directory");
        println!(
            "{}: {} bytes, placement layers {:?} stored",
            compressed.dir().display(),
            file.bytes(),
            file.stored_layers()
        );
        // Warm the page cache, and check that both answer alike.
        for position in placing.iter().chain(&moving) {
            assert_eq!(
                full.probe(position)?,
                compressed.probe(position)?,
                "{position}"
            );
        }
        for position in &placing[..best_count] {
            assert_eq!(full.best_moves(position)?, compressed.best_moves(position)?);
        }
    }
    let side_of = |positions: &[Position], side: Side| -> Vec<Position> {
        positions
            .iter()
            .filter(|p| p.side_to_move() == side)
            .copied()
            .collect()
    };
    let (goats_to_move, tigers_to_move) = (
        side_of(&placing, Side::Goat),
        side_of(&placing, Side::Tiger),
    );
    let best = &placing[..best_count];
    let (best_goats, best_tigers) = (side_of(best, Side::Goat), side_of(best, Side::Tiger));
    let tasks: [(&str, &[Position], bool); 7] = [
        ("probe, no goats in hand", &moving, false),
        ("probe, goats in hand, either side to move", &placing, false),
        ("probe, goats in hand, goats to move", &goats_to_move, false),
        (
            "probe, goats in hand, tigers to move",
            &tigers_to_move,
            false,
        ),
        ("best_moves, goats in hand", best, true),
        (
            "best_moves, goats in hand, goats to move",
            &best_goats,
            true,
        ),
        (
            "best_moves, goats in hand, tigers to move",
            &best_tigers,
            true,
        ),
    ];
    let only = std::env::var("BAGH_BENCH_ONLY").ok();
    for (what, positions, best) in tasks {
        if only
            .as_ref()
            .is_some_and(|only| !what.contains(only.as_str()))
        {
            continue;
        }
        let mut full_runs = Vec::new();
        let mut compressed_runs = vec![Vec::new(); files.len()];
        let (mut tails, mut slowest) = (vec![Vec::new(); files.len()], vec![0f64; files.len()]);
        for _ in 0..RUNS {
            let (median, _, _) = micros(positions, |p| {
                if best {
                    std::hint::black_box(full.best_moves(p).ok());
                } else {
                    std::hint::black_box(full.probe(p).ok());
                }
            });
            full_runs.push(median);
            for (f, file) in files.iter().enumerate() {
                // The compressed file opened afresh for each run: the values
                // its probes proved in earlier runs are not kept (the page
                // cache stays warm).
                let tables = Tablebase::open(file.dir())?;
                let (median, tail, max) = micros(positions, |p| {
                    if best {
                        std::hint::black_box(tables.best_moves(p).ok());
                    } else {
                        std::hint::black_box(tables.probe(p).ok());
                    }
                });
                compressed_runs[f].push(median);
                tails[f].push(tail);
                slowest[f] = slowest[f].max(max);
            }
        }
        println!("{what}:\n  full tables {}", summary(full_runs));
        for (f, file) in files.iter().enumerate() {
            tails[f].sort_by(f64::total_cmp);
            println!(
                "  {} {}; 99th percentile {:.2} µs, slowest {:.0} µs",
                name(file),
                summary(std::mem::take(&mut compressed_runs[f])),
                tails[f][tails[f].len() / 2],
                slowest[f]
            );
        }
    }
    let goats = full.rules().goats();
    for file in files.iter().filter(|_| only.is_none()) {
        println!("{}, probes by goats placed (one run):", name(file));
        let compressed = Tablebase::open(file.dir())?;
        for (side, positions) in [("goats", &goats_to_move), ("tigers", &tigers_to_move)] {
            for placed in 0..goats {
                let these: Vec<Position> = positions
                    .iter()
                    .filter(|p| goats - p.goats_in_hand() == placed)
                    .copied()
                    .collect();
                if these.len() < (count / 200).max(10) {
                    continue;
                }
                let (median, tail, max) = micros(&these, |p| {
                    std::hint::black_box(compressed.probe(p).ok());
                });
                println!(
                    "  {side} to move, {placed:2} placed, {:5} probes: median {median:8.1} µs, 99th percentile {tail:9.1} µs, slowest {max:9.1} µs",
                    these.len()
                );
            }
        }
    }
    Ok(())
}

/// A compressed directory's name in the report: its last component.
fn name(tables: &Tablebase) -> String {
    tables.dir().file_name().map_or_else(
        || tables.dir().display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
