//! Judges the engine's moves with the tables: how often the move it plays
//! keeps the game-theoretic value, in positions where some move would lose
//! it ("critical" positions), by phase and side.
//!
//! ```text
//! cargo run --release -p bagh-engine --example judge -- TABLES [POSITIONS] [NODES] [FIRST_SEED]
//! ```
//!
//! TABLES is a complete tablebase directory (e.g. `target/tablebases/bagh-chal`,
//! built by `make solve-game`), POSITIONS the number of critical positions to
//! judge (default 200), NODES the engine's node limit per move (default
//! 20000), FIRST_SEED the first random game (default 1000000). The positions
//! come from seeded random games, one position per game at a seeded ply, so
//! a range of seeds is a fixed test set: seeds from 1000000 up are the
//! held-out set that no tuning looks at.
//!
//! Each evaluation of `BAGH_EVALUATIONS` (default `network,classic`; a
//! `.bnn` file names a network of one's own) judges the same positions,
//! side by side in one run.

use bagh_engine::critical;

use bagh_core::Side;
use bagh_engine::{Engine, EngineOptions, EvalWeights, Evaluation, Limits};
use bagh_tablebase::Tablebase;

/// Judged moves and how many kept the value.
#[derive(Default)]
struct Tally {
    judged: u32,
    kept: u32,
}

impl Tally {
    fn line(&self, name: &str) -> String {
        let rate = 100.0 * f64::from(self.kept) / f64::from(self.judged.max(1));
        format!(
            "{name:<22} {:>5} judged {:>5} kept  {rate:5.1}%",
            self.judged, self.kept
        )
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        return Err("usage: judge TABLES [POSITIONS] [NODES] [FIRST_SEED]".into());
    };
    let wanted: usize = args.get(1).map_or(Ok(200), |a| a.parse())?;
    let nodes: u64 = args.get(2).map_or(Ok(20_000), |a| a.parse())?;
    let first_seed: u64 = args.get(3).map_or(Ok(1_000_000), |a| a.parse())?;
    let tables = Tablebase::open(dir)?;
    // Weights to judge instead of the rule set's defaults, e.g. from the
    // `fit_eval` study of bagh-research: BAGH_WEIGHTS=w1,w2,... in the
    // order of EvalWeights::NAMES.
    let weights = match std::env::var("BAGH_WEIGHTS") {
        Ok(text) => {
            let values: Vec<i32> = text.split(',').map(str::parse).collect::<Result<_, _>>()?;
            let array: [i32; EvalWeights::COUNT] = values
                .try_into()
                .map_err(|_| format!("BAGH_WEIGHTS needs {} numbers", EvalWeights::COUNT))?;
            Some(EvalWeights::from_array(array))
        }
        Err(_) => None,
    };
    // Search threads (Lazy SMP), e.g. BAGH_THREADS=2; the node limit is
    // over all of them.
    let threads = match std::env::var("BAGH_THREADS") {
        Ok(text) => text.parse()?,
        Err(_) => 1,
    };
    let (positions, seed) = critical::critical_positions(&tables, first_seed, wanted)?;
    let evaluations =
        std::env::var("BAGH_EVALUATIONS").unwrap_or_else(|_| "network,classic".into());
    for name in evaluations.split(',') {
        let evaluation = match name {
            "network" | "default" => Evaluation::Default,
            "classic" => Evaluation::Classic,
            path if path.ends_with(".bnn") => Evaluation::Network(std::sync::Arc::new(
                bagh_engine::network::Network::open(path)?,
            )),
            other => {
                return Err(format!(
                    "BAGH_EVALUATIONS: {other:?} is not network, classic or a .bnn file"
                )
                .into())
            }
        };
        let mut engine = Engine::new(EngineOptions {
            weights,
            threads,
            evaluation,
            ..EngineOptions::default()
        })?;
        let mut tallies: [[Tally; 2]; 2] = Default::default(); // [placement?][side]
        for critical::Critical {
            position, keeping, ..
        } in &positions
        {
            engine.new_game();
            let analysis = engine.analyse_position(position, &Limits::nodes(nodes), 1, |_| {})?;
            let kept = keeping.contains(&analysis.best_move);
            let phase = usize::from(position.is_placement_phase());
            let side = usize::from(position.side_to_move() == Side::Tiger);
            tallies[phase][side].judged += 1;
            tallies[phase][side].kept += u32::from(kept);
        }
        println!(
            "{} evaluation: {} critical positions from seeds {first_seed}..{seed}, {nodes} nodes a move, {threads} thread(s)",
            engine.options().evaluation_name(tables.rules()),
            positions.len()
        );
        let mut all = Tally::default();
        for (phase, name) in [(1, "placement"), (0, "movement")] {
            for (side, side_name) in [(0, "goats"), (1, "tigers")] {
                let tally = &tallies[phase][side];
                println!("{}", tally.line(&format!("{name}, {side_name}")));
                all.judged += tally.judged;
                all.kept += tally.kept;
            }
        }
        println!("{}", all.line("all"));
    }
    Ok(())
}
