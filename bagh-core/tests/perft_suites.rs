//! The engine against the perft suites in `tests/perft/*.perft`.
//!
//! The suite files are shared with the Python tests and their figures come
//! from docs/rules.md and the independent reference generator, so a mismatch here
//! means the fast move generator (or the position parser) disagrees with the
//! rules. Every test reports all mismatches at once, naming the file, the
//! entry id and the depth, so that one run shows the whole damage.

mod common;

use bagh_core::{perft, perft_divide, Position, Ruleset};
use common::suite::{self, SuiteEntry};

/// The entry's position, read with its preset the way docs/notation.md says (a
/// position string is read against a rule set), or why it could not be.
fn position_of(entry: &SuiteEntry) -> Result<Position, String> {
    let rules = Ruleset::preset(&entry.rules).map_err(|e| format!("{}: {e}", where_(entry)))?;
    Position::from_text(&entry.position, rules)
        .map_err(|error| format!("{}: {error}", where_(entry)))
}

/// `file / id`, the name of an entry in messages.
fn where_(entry: &SuiteEntry) -> String {
    format!("{} / {}", entry.file, entry.id)
}

/// Every entry of every suite file; fails if there are none, so that a
/// missing directory or an empty suite cannot pass silently.
fn entries() -> Vec<SuiteEntry> {
    let entries = suite::load_all();
    assert!(
        !entries.is_empty(),
        "no perft suite entries in {}",
        suite::suite_dir().display()
    );
    entries
}

/// Fails with every collected problem, one per line.
fn report(problems: &[String], what: &str) {
    assert!(
        problems.is_empty(),
        "{} {what}:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Checks the suites' figures that are (`slow` true) or are not marked slow
/// with `count`, collecting every mismatch; `also` adds checks of its own on
/// each entry's position. Returns the problems and the number of figures checked.
fn check_figures(
    slow: bool,
    count: impl Fn(&Position, u32) -> u64,
    also: impl Fn(&SuiteEntry, &Position, &mut Vec<String>),
) -> (Vec<String>, usize) {
    let mut problems = Vec::new();
    let mut checked = 0;
    for entry in entries() {
        // Every entry's position is read for the normal figures; only the
        // entries that have slow figures for the slow ones.
        if slow && !entry.perft.iter().any(|&(_, _, marked)| marked) {
            continue;
        }
        let position = match position_of(&entry) {
            Ok(position) => position,
            Err(problem) => {
                problems.push(problem);
                continue;
            }
        };
        also(&entry, &position, &mut problems);
        for &(depth, expected, marked) in &entry.perft {
            if marked != slow {
                continue;
            }
            let got = count(&position, depth);
            checked += 1;
            if got != expected {
                let kind = if slow { " (slow)" } else { "" };
                problems.push(format!(
                    "{}: perft {depth}{kind}: expected {expected}, got {got}",
                    where_(&entry)
                ));
            }
        }
    }
    (problems, checked)
}

/// Every figure not marked `slow` matches `perft`, and every position string
/// reads and prints back unchanged.
#[test]
fn suite_figures_match_perft() {
    let (problems, checked) = check_figures(false, perft, |entry, position, problems| {
        if position.to_string() != entry.position {
            problems.push(format!(
                "{}: position prints back as {:?}",
                where_(entry),
                position.to_string()
            ));
        }
    });
    report(&problems, "perft mismatches");
    assert!(checked > 0, "no figure was checked");
}

/// The figures marked `slow` (depths 7 and 8 from the start of `bagh-chal`),
/// on every core. Run with `make perft-slow` or `cargo test --release -p
/// bagh-core --test perft_suites -- --ignored`.
#[cfg(feature = "parallel")]
#[test]
#[ignore = "minutes of perft; run with `make perft-slow`"]
fn slow_suite_figures_match_perft_parallel() {
    let count = |position: &Position, depth| {
        let nodes = bagh_core::perft_parallel(position, depth, 0);
        eprintln!("{position}: perft {depth} = {nodes}");
        nodes
    };
    let (problems, checked) = check_figures(true, count, |_, _, _| {});
    report(&problems, "slow perft mismatches");
    assert!(checked > 0, "no slow figure in the suites");
}

/// The multi-threaded perft splits the tree differently (two plies deep from
/// depth 3), so it must still give the one-thread count, with one thread,
/// two, and one per core, and per root move as well as in total.
#[cfg(feature = "parallel")]
#[test]
fn perft_parallel_matches_perft() {
    use bagh_core::{perft_divide_parallel, perft_parallel};

    let mut problems = Vec::new();
    // A few entries of each file: its first three (the start and two others).
    let mut per_file = std::collections::HashMap::<String, usize>::new();
    for entry in entries() {
        let seen = per_file.entry(entry.file.clone()).or_default();
        if *seen >= 3 {
            continue;
        }
        *seen += 1;
        let position = match position_of(&entry) {
            Ok(position) => position,
            Err(problem) => {
                problems.push(problem);
                continue;
            }
        };
        // The deepest figure up to 2,000,000 leaves, and depths 0..=3.
        let deepest = entry
            .perft
            .iter()
            .filter(|&&(_, nodes, slow)| !slow && nodes <= 2_000_000)
            .map(|&(depth, _, _)| depth)
            .max()
            .unwrap_or(1);
        for depth in [0, 1, 2, 3, deepest] {
            let single = perft(&position, depth);
            for threads in [1, 2, 0] {
                let parallel = perft_parallel(&position, depth, threads);
                if parallel != single {
                    problems.push(format!(
                        "{}: perft {depth} on {threads} threads: {parallel}, one thread: {single}",
                        where_(&entry)
                    ));
                }
            }
            let divide = perft_divide(&position, depth);
            let divide_parallel = perft_divide_parallel(&position, depth, 0);
            if divide != divide_parallel {
                problems.push(format!(
                    "{}: perft_divide {depth}: parallel {divide_parallel:?}, one thread {divide:?}",
                    where_(&entry)
                ));
            }
        }
    }
    report(&problems, "parallel perft mismatches");
}

/// `perft_divide` lists each legal move once, in the order of `legal_moves`,
/// with the perft below it, so its counts sum to `perft`; depth 0 lists none.
#[test]
fn perft_divide_sums_to_perft() {
    let mut problems = Vec::new();
    for entry in entries() {
        let position = match position_of(&entry) {
            Ok(position) => position,
            Err(problem) => {
                problems.push(problem);
                continue;
            }
        };
        if !perft_divide(&position, 0).is_empty() {
            problems.push(format!("{}: perft_divide 0 lists moves", where_(&entry)));
        }
        let legal = position.legal_moves();
        for depth in 1..=3 {
            let divide = perft_divide(&position, depth);
            let moves: Vec<_> = divide.iter().map(|&(mv, _)| mv).collect();
            if moves != legal.as_slice() {
                problems.push(format!(
                    "{}: perft_divide {depth} lists {moves:?}, the legal moves are {legal:?}",
                    where_(&entry)
                ));
            }
            let sum: u64 = divide.iter().map(|&(_, nodes)| nodes).sum();
            let total = perft(&position, depth);
            if sum != total {
                problems.push(format!(
                    "{}: perft_divide {depth} sums to {sum}, perft is {total}",
                    where_(&entry)
                ));
            }
            // Each subtree count is the perft of the position after the move.
            for &(mv, nodes) in &divide {
                let after = position.play(mv).map(|next| perft(&next, depth - 1));
                if after.as_ref().ok() != Some(&nodes) {
                    problems.push(format!(
                        "{}: perft_divide {depth}: {mv} counts {nodes}, the position after it gives {after:?}",
                        where_(&entry)
                    ));
                }
            }
        }
    }
    report(&problems, "perft_divide mismatches");
}
