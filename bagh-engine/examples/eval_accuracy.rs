//! The static evaluations judged on held-out positions of `bagh datagen`:
//! how often the network's most likely result is the tables' value, against
//! how often the classic evaluation's sign is (a score within ±t of 0 read
//! as a draw, with t chosen on the validation file, and with t = 0).
//!
//! ```text
//! cargo run --release -p bagh-engine --example eval_accuracy -- target/datagen/bagh-chal [NET.bnn ...]
//! ```
//!
//! Then the network's accuracy by phase, side to move and goats captured,
//! beside that of each network file named after the directory.

use std::collections::BTreeMap;
use std::sync::Arc;

use bagh_core::Side;
use bagh_engine::datagen::{read_positions, LabelledPosition};
use bagh_engine::network::Network;
use bagh_engine::{Engine, EngineOptions, Evaluation};
use bagh_tablebase::Value;

fn predicted(score: i32, draw_margin: i32) -> Value {
    if score > draw_margin {
        Value::Win
    } else if score < -draw_margin {
        Value::Loss
    } else {
        Value::Draw
    }
}

fn share(records: &[LabelledPosition], mut right: impl FnMut(&LabelledPosition) -> bool) -> f64 {
    records.iter().filter(|r| right(r)).count() as f64 / records.len().max(1) as f64
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .ok_or("usage: eval_accuracy DATA_DIR")?;
    let (rules, heldout) = read_positions(format!("{dir}/heldout.bpos"))?;
    let (_, validation) = read_positions(format!("{dir}/validation.bpos"))?;
    let engine = |evaluation| {
        Engine::new(EngineOptions {
            evaluation,
            ..EngineOptions::default()
        })
    };
    let network = engine(Evaluation::Default)?;
    let classic = engine(Evaluation::Classic)?;
    if network.evaluate(&heldout[0].position).wdl.is_none() {
        return Err(format!("no network ships for {rules}").into());
    }
    let scores = |records: &[LabelledPosition]| -> Vec<i32> {
        records
            .iter()
            .map(|r| classic.evaluate(&r.position).score)
            .collect()
    };
    let validation_scores = scores(&validation);
    let margin_accuracy = |margin: i32| {
        let right = validation
            .iter()
            .zip(&validation_scores)
            .filter(|(r, &s)| predicted(s, margin) == r.value)
            .count();
        right as f64 / validation.len().max(1) as f64
    };
    let margin = (0..=400)
        .map(|k| k * 25)
        .max_by(|&a, &b| margin_accuracy(a).total_cmp(&margin_accuracy(b)))
        .unwrap_or(0);
    let heldout_scores = scores(&heldout);
    let classic_at = |m: i32| {
        heldout
            .iter()
            .zip(&heldout_scores)
            .filter(|(r, &s)| predicted(s, m) == r.value)
            .count() as f64
            / heldout.len().max(1) as f64
    };
    let network_right = |r: &LabelledPosition| {
        let wdl = network.evaluate(&r.position).wdl.expect("a network");
        let best = wdl.most_likely();
        best == r.value
    };
    let draws = share(&heldout, |r| r.value == Value::Draw);
    println!("{rules}: {} held-out positions", heldout.len());
    println!(
        "network, most likely result      {:.4}",
        share(&heldout, network_right)
    );
    println!(
        "classic, sign with draw margin {margin:>4} {:.4}",
        classic_at(margin)
    );
    println!("classic, sign (margin 0)         {:.4}", classic_at(0));
    println!("always a draw                    {draws:.4}");

    let mut networks = vec![(
        "shipped".to_string(),
        Network::shipped(&rules).ok_or("no shipped network")?,
    )];
    for path in std::env::args().skip(2) {
        networks.push((path.clone(), Arc::new(Network::open(&path)?)));
    }
    print_splits(&heldout, &networks);
    Ok(())
}

/// The share of positions whose value is each network's most likely
/// result, by phase, side to move and goats captured (groups of at least
/// 1,000 positions).
fn print_splits(heldout: &[LabelledPosition], networks: &[(String, Arc<Network>)]) {
    let mut groups: BTreeMap<String, Vec<&LabelledPosition>> = BTreeMap::new();
    for r in heldout {
        let p = &r.position;
        let phase = if p.goats_in_hand() > 0 {
            "placement"
        } else {
            "movement"
        };
        let side = if p.side_to_move() == Side::Goat {
            "goats"
        } else {
            "tigers"
        };
        for key in [
            phase.to_string(),
            format!("{phase}, {side}"),
            format!("{phase}, {side}, {} captured", p.goats_captured()),
        ] {
            groups.entry(key).or_default().push(r);
        }
    }
    print!("\n{:<32}{:>9}", "by group", "positions");
    for (name, _) in networks {
        print!("  {name:>12}");
    }
    println!();
    for (key, records) in groups.iter().filter(|(_, r)| r.len() >= 1_000) {
        print!("{key:<32}{:>9}", records.len());
        for (_, network) in networks {
            let right = records
                .iter()
                .filter(|r| network.wdl(&r.position).most_likely() == r.value)
                .count();
            print!("  {:>12.4}", right as f64 / records.len() as f64);
        }
        println!();
    }
}
