//! Analyses a position of a rule set to a depth, printing every iteration.
//!
//! ```text
//! cargo run --release -p bagh-engine --example analyse -- [RULES] [POSITION] [DEPTH]
//! ```
//!
//! RULES is a rule set's text form, e.g. a preset id (default `bagh-chal`)
//! or `"bagh-chal repetition=allowed"`, POSITION a position string
//! (default the start), DEPTH in plies (default 10).

use bagh_core::{Position, Ruleset};
use bagh_engine::{Engine, EngineOptions, Limits};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rules: Ruleset = args.first().map_or("bagh-chal", String::as_str).parse()?;
    let position = match args.get(1) {
        Some(text) => Position::from_text(text, rules)?,
        None => Position::new(rules),
    };
    let depth = args.get(2).map_or(Ok(10), |d| d.parse())?;
    let mut engine = Engine::new(EngineOptions::default())?;
    let analysis = engine.analyse_position(&position, &Limits::depth(depth), 1, |p| {
        let pv: Vec<String> = p.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {:2} seldepth {:2} score {:>9} nodes {:>10} nps {:>9} hashfull {:3} time {:>6} ms pv {}",
            p.depth, p.seldepth, p.score.to_string(), p.nodes, p.nps, p.hashfull, p.time.as_millis(), pv.join(" ")
        );
    })?;
    println!("best move {} ({})", analysis.best_move, analysis.score);
    Ok(())
}
