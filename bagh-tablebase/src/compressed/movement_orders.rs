//! Measurements, not tests, of the movement sections, each compressed by
//! the file's own coder (it prints the sizes):
//!
//! - `movement_orders`: in the movement table's colex order and with each
//!   run's numbered sets (goats, or empty points) in revolving-door order
//!   over the free points up and down the files, as format 5 numbers them.
//! - `movement_distances`: in revolving-door order, with the distances and
//!   without them (the value alone), which says what the distances cost.
//!
//! ```text
//! BAGH_TABLES=$PWD/target/tablebases/two-tigers cargo test --release -p bagh-tablebase \
//!     --lib movement_orders -- --ignored --nocapture
//! ```

use std::ops::Range;

use bagh_core::Side;

use super::encode::{compress_section, Allowed, Source};
use super::format::SectionData;
use super::full_entries::{in_door_order, movement_source};
use super::sections::{shapes, Part, SectionShape};
use crate::layout::Layout;
use crate::movement::entry::tag;
use crate::MovementTable;

/// The bytes a section's data takes in a file of format 3 or later.
fn bytes(data: &SectionData) -> usize {
    2 * data.symbols.len() + data.lengths.len() + 4 * data.starts.len() + data.blocks.len()
}

/// The bytes of `source`, a section of `entries` entries, compressed.
fn compressed_bytes(source: Source<'_>, entries: u64) -> usize {
    bytes(&compress_section(source, entries, 128, 0, &|_| {}))
}

/// Hands `measure` each movement section of the full tables (`BAGH_TABLES`)
/// with its sources in colex and in revolving-door order, then prints the
/// sums of the two sizes it returns, named `names`.
fn each_movement_section(
    names: [&str; 2],
    measure: impl Fn(&SectionShape, Source<'_>, Source<'_>) -> [usize; 2],
) {
    let dir = std::env::var("BAGH_TABLES").expect("BAGH_TABLES names the full tables");
    let movement = MovementTable::open(std::path::Path::new(&dir).join("movement.tb"))
        .expect("the movement table");
    let layout: &Layout = movement.layout();
    let mut all = [0usize; 2];
    for shape in shapes(layout) {
        let Part::Movement { captured, side } = shape.part else {
            continue;
        };
        let l = &layout.layers[captured as usize];
        let base = l.offset + if side == Side::Tiger { l.block } else { 0 };
        let colex = movement_source(&movement, captured, base, side);
        let door = in_door_order(layout, l, &colex);
        let [a, b] = measure(&shape, &colex, &door);
        println!(
            "{}: {} entries, {} {a} bytes, {} {b} ({:.3} times)",
            shape.part,
            shape.entries,
            names[0],
            names[1],
            b as f64 / a as f64
        );
        all = [all[0] + a, all[1] + b];
    }
    println!(
        "all: {} {} bytes, {} {} ({:.3} times)",
        names[0],
        all[0],
        names[1],
        all[1],
        all[1] as f64 / all[0] as f64
    );
}

#[test]
#[ignore = "a measurement over full tables: set BAGH_TABLES"]
fn movement_orders() {
    each_movement_section(["colex", "revolving door"], |shape, colex, door| {
        [colex, door].map(|source| compressed_bytes(source, shape.entries))
    });
}

#[test]
#[ignore = "a measurement over full tables: set BAGH_TABLES"]
fn movement_distances() {
    each_movement_section(["with distances", "values alone"], |shape, _, door| {
        // An entry's value alone: its tag, as an entry of distance 0.
        let values = |range: Range<u64>, visit: &mut dyn FnMut(Allowed)| {
            door(range, &mut |allowed| {
                visit(match allowed {
                    Allowed::Exactly(e) => Allowed::Exactly(tag(e)),
                    Allowed::NoBetter(e) => Allowed::NoBetter(tag(e)),
                    other => other,
                })
            })
        };
        [
            compressed_bytes(door, shape.entries),
            compressed_bytes(&values, shape.entries),
        ]
    });
}
