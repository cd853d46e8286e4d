//! Would runs of "the evaluation network's guess is allowed" make the
//! placement sections of a compressed file smaller? And how much does the
//! revolving-door numbering of the runs save over the colex one?
//!
//! `guess`: a run of the file holds one value that all its entries allow.
//! Add a fourth symbol, "the network's most likely result", which a probe
//! would work out for the one entry it reads, and a run could go on
//! wherever the guess is allowed, even across entries of different values.
//! This cuts windows of the placement sections (at most 4 captured) into
//! runs both ways (greedily, which makes the fewest runs) and estimates
//! each stream's cost: the entropy of its tokens (value, length class)
//! given the run before's value, plus the lengths' extra bits.
//!
//! `orders`: whole placement sections cut into runs in the full tables'
//! colex order and in the revolving-door order of format 4, each stream's
//! bits estimated as above.
//!
//! ```text
//! cargo run --release -p bagh-research --example prediction_runs -- guess TABLES [LAYERS] [WINDOW]
//! cargo run --release -p bagh-research --example prediction_runs -- orders TABLES [LAYERS]
//! ```
//!
//! TABLES is a directory of full tables (`make solve-game`) of a rule set
//! with a shipped network; LAYERS the goats placed of the layers measured,
//! comma-separated (default `5,8,12,16,19`); WINDOW the entries of each of
//! the 6 windows a section (default 1,048,576).

use std::path::Path;

use bagh_engine::network::Network;
use bagh_research::runs::{estimated_bits, fewest_runs};
use bagh_tablebase::study::{for_each_placement_section, Order, PlacementSection};
use bagh_tablebase::MovementTable;

/// The symbols an entry allows: bits 0 to 2 the goats' loss, draw and
/// win, bit 3 the network's guess.
const GUESS: u8 = 1 << 3;

const USAGE: &str = "usage: prediction_runs guess TABLES [LAYERS] [WINDOW]\n       prediction_runs orders TABLES [LAYERS]";

/// Running totals: entries, and the bits of the two streams compared.
#[derive(Default)]
struct Totals {
    entries: u64,
    first: f64,
    second: f64,
}

impl Totals {
    fn add(&mut self, other: &Totals) {
        self.entries += other.entries;
        self.first += other.first;
        self.second += other.second;
    }

    /// `"<entries> entries, <a> <bits> bits an entry, <b> <bits> (<ratio> times)"`.
    fn line(&self, a: &str, b: &str) -> String {
        let entries = self.entries.max(1) as f64;
        format!(
            "{} entries, {a} {:.4} bits an entry, {b} {:.4} ({:.3} times)",
            self.entries,
            self.first / entries,
            self.second / entries,
            self.second / self.first
        )
    }
}

/// The symbols each entry of `range` allows, the guess among them where
/// the network's most likely result is allowed.
fn masks(network: &Network, section: &PlacementSection<'_>, start: u64, end: u64) -> Vec<u8> {
    (start..end)
        .map(|entry| {
            let values = section.allowed[entry as usize];
            let guess_allowed = values == 0b111
                || section.position(entry).is_some_and(|position| {
                    let wdl = network.wdl(&position);
                    // The goats' value (bit) of the tigers' most likely result.
                    let guess = if wdl.win >= wdl.draw && wdl.win >= wdl.loss {
                        0
                    } else if wdl.draw >= wdl.loss {
                        1
                    } else {
                        2
                    };
                    values & (1 << guess) != 0
                });
            values | if guess_allowed { GUESS } else { 0 }
        })
        .collect()
}

fn guess(dir: &Path, layers: &[u8], window: u64) -> Result<(), Box<dyn std::error::Error>> {
    let movement = MovementTable::open(dir.join("movement.tb"))?;
    let network = Network::shipped(movement.rules()).ok_or("no shipped network for these rules")?;
    let mut all = Totals::default();
    for &placed in layers {
        for_each_placement_section(dir, placed, Order::Colex, |section| {
            if section.captured > 4 {
                return;
            }
            let entries = section.allowed.len() as u64;
            let mut totals = Totals::default();
            for w in 0..6 {
                let start = entries * (2 * w + 1) / 12;
                let masks = masks(&network, section, start, (start + window).min(entries));
                let plain: Vec<u8> = masks.iter().map(|m| m & 0b111).collect();
                totals.first += estimated_bits(&fewest_runs(&plain));
                totals.second += estimated_bits(&fewest_runs(&masks));
                totals.entries += masks.len() as u64;
            }
            println!(
                "placement, {placed} placed, {} captured: {}",
                section.captured,
                totals.line("values", "with the guess")
            );
            all.add(&totals);
        })?;
    }
    println!("all: {}", all.line("values", "with the guess"));
    Ok(())
}

fn orders(dir: &Path, layers: &[u8]) -> Result<(), Box<dyn std::error::Error>> {
    let mut all = Totals::default();
    for &placed in layers {
        let mut colex = Vec::new();
        for_each_placement_section(dir, placed, Order::Colex, |section| {
            colex.push(estimated_bits(&fewest_runs(&section.allowed)));
        })?;
        let mut colex = colex.into_iter();
        for_each_placement_section(dir, placed, Order::RevolvingDoor, |section| {
            let totals = Totals {
                entries: section.allowed.len() as u64,
                first: colex.next().unwrap_or(f64::NAN),
                second: estimated_bits(&fewest_runs(&section.allowed)),
            };
            println!(
                "placement, {placed} placed, {} captured: {}",
                section.captured,
                totals.line("colex", "revolving door")
            );
            all.add(&totals);
        })?;
    }
    println!("all: {}", all.line("colex", "revolving door"));
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(study), Some(dir)) = (args.first(), args.get(1)) else {
        return Err(USAGE.into());
    };
    let layers: Vec<u8> = args
        .get(2)
        .map_or("5,8,12,16,19", String::as_str)
        .split(',')
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    match study.as_str() {
        "guess" => {
            let window = args.get(3).map_or(Ok(1 << 20), |w| w.parse())?;
            guess(Path::new(dir), &layers, window)
        }
        "orders" => orders(Path::new(dir), &layers),
        _ => Err(USAGE.into()),
    }
}
