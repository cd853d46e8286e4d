//! How far the tables' values are from the truth under `forbidden`: for
//! every movement position of a small rule set, taken as the start of a
//! game (no history), the value proven by a search of the game itself with
//! its bans ([`HistorySearch`]), against the tables' value, which treats a
//! cycle as a draw. Wins and losses of the tables hold there (see
//! `probe_game`), so only their draws are searched.
//!
//! ```text
//! cargo run --release -p bagh-research --example forbidden_study -- RULES [NODES] [SAMPLE]
//! ```
//!
//! RULES is a rule set's text form (it must keep `repetition=forbidden`);
//! NODES the budget of each position's search (default 1,000,000); SAMPLE,
//! if given, studies that many positions drawn at random (seed 1) instead
//! of all of them. It also searches the start of the game.

use std::time::Instant;

use bagh_core::{Game, Point, PointSet, Position, Repetition, Ruleset, Setup, Side, SplitMix64};
use bagh_tablebase::{BuildOptions, HistorySearch, Tablebase, Value};

/// Every subset of `points` with `k` members.
fn subsets(points: &[Point], k: usize, visit: &mut dyn FnMut(PointSet)) {
    fn go(points: &[Point], k: usize, from: usize, set: PointSet, visit: &mut dyn FnMut(PointSet)) {
        if k == 0 {
            visit(set);
            return;
        }
        for i in from..=points.len().saturating_sub(k) {
            let mut next = set;
            next.insert(points[i]);
            go(points, k - 1, i + 1, next, visit);
        }
    }
    go(points, k, 0, PointSet::default(), visit);
}

/// Every movement position of `rules` that is not over.
fn movement_positions(rules: Ruleset) -> Vec<Position> {
    let all: Vec<Point> = Point::ALL.to_vec();
    let mut positions = Vec::new();
    subsets(&all, rules.tiger_count(), &mut |tigers| {
        let free: Vec<Point> = all
            .iter()
            .copied()
            .filter(|p| !tigers.contains(*p))
            .collect();
        for captured in 0..rules.capture_target() {
            let on_board = usize::from(rules.goats() - captured);
            subsets(&free, on_board, &mut |goats| {
                for side in [Side::Goat, Side::Tiger] {
                    let setup = Setup {
                        tigers,
                        goats,
                        side,
                        goats_in_hand: 0,
                        goats_captured: captured,
                    };
                    if let Ok(p) = Position::from_setup(setup, rules) {
                        if !p.is_game_over() {
                            positions.push(p);
                        }
                    }
                }
            });
        }
    });
    positions
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let rules: Ruleset = args
        .next()
        .unwrap_or_else(|| "tigers=c3 goats=3 capture_target=1".into())
        .parse()?;
    if rules.repetition() != Repetition::Forbidden {
        return Err("the study is of rule sets with repetition=forbidden".into());
    }
    let budget: u64 = args.next().map_or(Ok(1_000_000), |s| s.parse())?;
    let sample: Option<usize> = args.next().map(|s| s.parse()).transpose()?;
    let dir = tempfile::tempdir()?;
    let tables = Tablebase::build(rules, dir.path(), &BuildOptions::default())?;
    println!("{rules}");

    let mut positions = movement_positions(rules);
    if let Some(n) = sample {
        let mut rng = SplitMix64::new(1);
        for i in 0..n.min(positions.len()) {
            let j = i + rng.below(positions.len() - i);
            positions.swap(i, j);
        }
        positions.truncate(n);
    }
    let mut search = HistorySearch::new(&tables, 0);
    let started = Instant::now();
    // [tables' value][proven: loss, draw, win, unknown]
    let mut counts = [[0u64; 4]; 3];
    let mut examples = Vec::new();
    for position in &positions {
        let game = Game::from_position(*position);
        let tables_value = tables.probe(position)?.value;
        let column = if tables_value == Value::Draw {
            search.allow(budget);
            match search.probe(&game)?.proven {
                Some(v) => {
                    if v != Value::Draw && examples.len() < 6 {
                        examples.push(format!("{position}: {v}"));
                    }
                    v as usize
                }
                None => 3,
            }
        } else {
            tables_value as usize
        };
        counts[tables_value as usize][column] += 1;
    }
    println!(
        "{} movement positions{} in {:.1} s, {} nodes searched",
        positions.len(),
        if sample.is_some() {
            " (a random sample)"
        } else {
            ""
        },
        started.elapsed().as_secs_f64(),
        search.nodes()
    );
    println!("| tables' value | positions | proven loss | proven draw | proven win | not proven |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (value, row) in [Value::Loss, Value::Draw, Value::Win].iter().zip(counts) {
        let total: u64 = row.iter().sum();
        println!(
            "| {value} | {total} | {} | {} | {} | {} |",
            row[0], row[1], row[2], row[3]
        );
    }
    for line in &examples {
        println!("  differs: {line}");
    }

    let start = Game::new(rules);
    search.allow(budget.saturating_mul(20));
    let answer = search.probe(&start)?;
    println!(
        "start: the tables say {}; with the history {} ({} nodes)",
        answer.tables,
        answer
            .proven
            .map_or("not proven".to_string(), |v| v.to_string()),
        answer.nodes
    );
    Ok(())
}
