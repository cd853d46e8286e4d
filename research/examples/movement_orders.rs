//! Measurements of the movement sections, each compressed by the file's
//! own coder (it prints the sizes):
//!
//! - `orders`: in the movement table's colex order and with each run's
//!   numbered sets (goats, or empty points) in revolving-door order over
//!   the free points up and down the files, as format 5 numbers them.
//! - `distances`: in revolving-door order, with the distances and without
//!   them (the value alone), which says what the distances cost.
//!
//! ```text
//! cargo run --release -p bagh-research --example movement_orders -- orders TABLES
//! cargo run --release -p bagh-research --example movement_orders -- distances TABLES
//! ```
//!
//! TABLES is a directory of full tables (`make solve-game`).

use std::path::Path;

use bagh_core::Side;
use bagh_tablebase::study::{for_each_movement_section, MovementSection, Order};

const USAGE: &str = "usage: movement_orders orders TABLES\n       movement_orders distances TABLES";

/// Prints, for each movement section of the full tables in `dir`, the two
/// sizes `measure` returns, named `names`, then their sums.
fn each_movement_section(
    dir: &Path,
    names: [&str; 2],
    measure: impl Fn(&MovementSection<'_>) -> [usize; 2],
) -> Result<(), Box<dyn std::error::Error>> {
    let mut all = [0usize; 2];
    for_each_movement_section(dir, |section| {
        let [a, b] = measure(section);
        let side = match section.side {
            Side::Goat => "goats",
            Side::Tiger => "tigers",
        };
        println!(
            "movement, {} captured, {side} to move: {} entries, {} {a} bytes, {} {b} ({:.3} times)",
            section.captured,
            section.entries,
            names[0],
            names[1],
            b as f64 / a as f64
        );
        all = [all[0] + a, all[1] + b];
    })?;
    println!(
        "all: {} {} bytes, {} {} ({:.3} times)",
        names[0],
        all[0],
        names[1],
        all[1],
        all[1] as f64 / all[0] as f64
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(study), Some(dir), None) = (args.first(), args.get(1), args.get(2)) else {
        return Err(USAGE.into());
    };
    let dir = Path::new(dir);
    match study.as_str() {
        "orders" => each_movement_section(dir, ["colex", "revolving door"], |section| {
            [Order::Colex, Order::RevolvingDoor].map(|order| section.compressed_bytes(order, true))
        }),
        "distances" => each_movement_section(dir, ["with distances", "values alone"], |section| {
            [true, false].map(|distances| section.compressed_bytes(Order::RevolvingDoor, distances))
        }),
        _ => Err(USAGE.into()),
    }
}
