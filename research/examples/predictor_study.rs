//! Could the evaluation network shrink the compressed tables? A study for
//! the placement runs of `tables.btz` (research/notes/tablebase.md).
//!
//! The file stores the tigers-to-move placement entries, where an entry that
//! a capture reaches is only a bound (any value no better for the tigers).
//! If the file stored instead each entry's difference from a prediction, an
//! entry would cost nothing where the prediction is allowed there. This
//! samples tigers-to-move placement positions from seeded random games and
//! prints, by goats placed, the share of bounds, how often the network's
//! most likely result is allowed (exact entries and bounds apart), and the
//! order-0 entropy of those differences against the same for a prediction
//! of a tigers' loss everywhere (what the file's runs store by default).
//!
//! ```text
//! cargo run --release -p bagh-research --example predictor_study -- target/tablebases/bagh-chal 20000
//! ```

use bagh_core::{random_game, Position, Side};
use bagh_engine::{Engine, EngineOptions, Evaluation};
use bagh_tablebase::{Tablebase, Value};

/// The order-0 entropy, in bits a symbol, of the counts.
fn entropy(counts: &[u64; 3]) -> f64 {
    let total: u64 = counts.iter().sum();
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = c as f64 / total as f64;
            -p * p.log2()
        })
        .sum()
}

/// The difference the file would store for an entry of true value `truth`
/// (tigers to move), a bound or not, given the prediction.
fn residual(predicted: Value, truth: Value, bound: bool) -> usize {
    if predicted == truth || (bound && predicted < truth) {
        0
    } else {
        (truth as usize + 3 - predicted as usize) % 3
    }
}

#[derive(Default)]
struct Row {
    entries: u64,
    bounds: u64,
    exact_right: u64,
    bounds_allowed: u64,
    network: [u64; 3],
    loss: [u64; 3],
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = args
        .next()
        .ok_or("usage: predictor_study TABLES_DIR [POSITIONS]")?;
    let wanted: usize = args.next().map_or(Ok(20_000), |n| n.parse())?;
    let tables = Tablebase::open(&dir)?;
    let rules = *tables.rules();
    let engine = Engine::new(EngineOptions {
        evaluation: Evaluation::Default,
        ..EngineOptions::default()
    })?;
    let mut rows: Vec<Row> = (0..=rules.goats()).map(|_| Row::default()).collect();
    let (mut sampled, mut seed) = (0, 0u64);
    while sampled < wanted {
        seed += 1;
        let plies = 1 + (seed % (2 * rules.goats() as u64)) as u32;
        let game = random_game(Position::new(rules), seed, plies);
        let position = *game.position();
        if position.is_game_over()
            || position.goats_in_hand() == 0
            || position.side_to_move() != Side::Tiger
        {
            continue;
        }
        sampled += 1;
        let truth = tables.probe(&position)?.value;
        let bound = tables
            .probe_moves(&position)?
            .iter()
            .any(|(mv, after)| mv.is_capture() && after.value.flip() == truth);
        let wdl = engine
            .evaluate(&position)
            .wdl
            .ok_or("no network ships for these rules")?;
        let predicted = wdl.most_likely();
        let placed = (rules.goats() - position.goats_in_hand()) as usize;
        let row = &mut rows[placed];
        let difference = residual(predicted, truth, bound);
        row.entries += 1;
        if bound {
            row.bounds += 1;
            row.bounds_allowed += u64::from(difference == 0);
        } else {
            row.exact_right += u64::from(difference == 0);
        }
        row.network[difference] += 1;
        row.loss[residual(Value::Loss, truth, bound)] += 1;
    }
    println!("{rules}: {sampled} tigers-to-move placement positions from random games");
    println!(
        "placed  entries  bounds  exact entries right  bounds allowed  bits: network  all-loss"
    );
    let (mut all_network, mut all_loss) = ([0u64; 3], [0u64; 3]);
    for (placed, row) in rows.iter().enumerate().filter(|(_, r)| r.entries > 0) {
        let exact = row.entries - row.bounds;
        println!(
            "{placed:>6}  {:>7}  {:>5.1}%  {:>18.1}%  {:>13.1}%  {:>13.3}  {:>8.3}",
            row.entries,
            100.0 * row.bounds as f64 / row.entries as f64,
            100.0 * row.exact_right as f64 / exact.max(1) as f64,
            100.0 * row.bounds_allowed as f64 / row.bounds.max(1) as f64,
            entropy(&row.network),
            entropy(&row.loss),
        );
        for k in 0..3 {
            all_network[k] += row.network[k];
            all_loss[k] += row.loss[k];
        }
    }
    println!(
        "all: bits an entry, network {:.3}, all-loss {:.3}",
        entropy(&all_network),
        entropy(&all_loss)
    );
    Ok(())
}
