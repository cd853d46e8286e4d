//! Solves a rule set (or opens its tables when they are there) and prints
//! the value of its start and the best first moves.
//!
//! ```text
//! cargo run --release -p bagh-tablebase --example solve_start -- [RULES] [DIR]
//! ```
//!
//! RULES is a preset id or a rule set's text form (default: a small rule
//! set that solves in a second); DIR defaults to `target/tablebases/<id>`.
//! The `bagh` command line (`bagh build`, `bagh probe`) does the same with
//! progress bars and more options.

use bagh_core::{Position, Ruleset};
use bagh_tablebase::{BuildOptions, Tablebase};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let text = args
        .next()
        .unwrap_or_else(|| "two-tigers goats=6 capture_target=2".to_string());
    let rules: Ruleset = text.parse()?;
    let dir = args.next().unwrap_or_else(|| {
        let id = rules.preset_id().unwrap_or("custom");
        format!("target/tablebases/{id}")
    });
    let tables = Tablebase::build(rules, &dir, &BuildOptions::default())?;
    let start = Position::new(rules);
    println!(
        "{rules}: the start is a {} for the goats",
        tables.probe(&start)?
    );
    let best: Vec<String> = tables
        .best_moves(&start)?
        .iter()
        .map(|m| m.to_string())
        .collect();
    println!("moves that keep it: {}", best.join(" "));
    Ok(())
}
