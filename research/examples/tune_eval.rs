//! Tunes the evaluation's weights on the moves the engine chooses: the
//! objective is the number of critical positions (see `judge`) where a
//! short search with the weights keeps the tables' value. Where the
//! logistic fit of `fit_eval` predicts values, this one is judged on play.
//!
//! ```text
//! cargo run --release -p bagh-research --example tune_eval -- TABLES [POSITIONS] [NODES] [PASSES] [MIN_GAIN]
//! ```
//!
//! TABLES is a complete tablebase directory (`make solve-game`). The
//! positions are POSITIONS (default 2000) critical positions of random games
//! with seeds from 1 up, below the judge's held-out seeds (1,000,000 and up).
//! Each weight in turn is moved up and down by a step (a quarter of its size,
//! at least 1) and the move is kept when at least MIN_GAIN (default 3) more
//! positions keep their value at NODES nodes a move (default 3000), so that
//! noise is not taken for a gain; PASSES rounds (default 3) go over
//! every weight, the steps halving after a round without a gain. The
//! result is printed as `BAGH_WEIGHTS=...`, which `judge` reads, in the
//! order of `EvalWeights::NAMES`. Check it on the held-out set with
//! `BAGH_WEIGHTS=... cargo run --release -p bagh-engine --example judge -- TABLES 1000`.

use bagh_engine::critical;

use bagh_engine::{Engine, EngineOptions, EvalWeights, Limits};
use bagh_tablebase::Tablebase;

/// How many positions keep their value with `weights`.
fn kept(
    positions: &[critical::Critical],
    weights: EvalWeights,
    nodes: u64,
) -> Result<usize, Box<dyn std::error::Error>> {
    let mut engine = Engine::new(EngineOptions {
        weights: Some(weights),
        hash_mb: 4,
        ..EngineOptions::default()
    })?;
    let mut count = 0;
    for critical in positions {
        engine.new_game();
        let analysis =
            engine.analyse_position(&critical.position, &Limits::nodes(nodes), 1, |_| {})?;
        count += usize::from(critical.keeping.contains(&analysis.best_move));
    }
    Ok(count)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        return Err("usage: tune_eval TABLES [POSITIONS] [NODES] [PASSES] [MIN_GAIN]".into());
    };
    let wanted: usize = args.get(1).map_or(Ok(2_000), |a| a.parse())?;
    let nodes: u64 = args.get(2).map_or(Ok(3_000), |a| a.parse())?;
    let passes: u32 = args.get(3).map_or(Ok(3), |a| a.parse())?;
    let min_gain: usize = args.get(4).map_or(Ok(3), |a| a.parse())?;
    let tables = Tablebase::open(dir)?;
    let (positions, next) = critical::critical_positions(&tables, 1, wanted)?;
    assert!(next < 1_000_000, "the tuning seeds reach the held-out ones");
    let mut weights = EvalWeights::for_rules(tables.rules()).to_array();
    let mut best = kept(&positions, EvalWeights::from_array(weights), nodes)?;
    println!(
        "{} critical positions from seeds 1..{next}, {nodes} nodes a move; defaults keep {best}",
        positions.len()
    );
    let mut scale = 4;
    for pass in 1..=passes {
        let mut gained = false;
        for (i, name) in EvalWeights::NAMES.iter().enumerate() {
            let step = (weights[i].abs() / scale).max(1);
            for delta in [step, -step] {
                let mut trial = weights;
                trial[i] += delta;
                let score = kept(&positions, EvalWeights::from_array(trial), nodes)?;
                if score >= best + min_gain {
                    println!(
                        "pass {pass}: {name} {} -> {}: {best} -> {score}",
                        weights[i], trial[i]
                    );
                    best = score;
                    weights = trial;
                    gained = true;
                    break;
                }
            }
        }
        if !gained {
            scale *= 2;
        }
    }
    let text: Vec<String> = weights.iter().map(i32::to_string).collect();
    println!("kept {best} of {}", positions.len());
    println!("BAGH_WEIGHTS={}", text.join(","));
    Ok(())
}
