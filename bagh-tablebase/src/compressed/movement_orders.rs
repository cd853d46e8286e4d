//! A measurement, not a test: does the revolving-door order that format 4
//! gave the placement runs also make the movement sections smaller? (It
//! does: format 5 uses it.)
//!
//! Each movement section of the full tables is compressed twice by the
//! file's own coder: in the movement table's colex order and with each
//! run's numbered sets (goats, or empty points) in revolving-door order
//! over the free points up and down the files. It prints both sizes.
//!
//! ```text
//! BAGH_TABLES=$PWD/target/tablebases/two-tigers cargo test --release -p bagh-tablebase \
//!     --lib movement_orders -- --ignored --nocapture
//! ```

use std::ops::Range;

use bagh_core::Side;

use super::encode::{compress_section, Allowed};
use super::format::SectionData;
use super::full_entries::movement_source;
use super::sections::{shapes, Part};
use crate::layout::door::{door_unrank, free_points_renumbered};
use crate::layout::expand_over;
use crate::layout::indexing::rank_among_free;
use crate::MovementTable;

/// The bytes a section's data takes in a file of format 3 or later.
fn bytes(data: &SectionData) -> usize {
    2 * data.symbols.len() + data.lengths.len() + 4 * data.starts.len() + data.blocks.len()
}

#[test]
#[ignore = "a measurement over full tables: set BAGH_TABLES"]
fn movement_orders() {
    let dir = std::env::var("BAGH_TABLES").expect("BAGH_TABLES names the full tables");
    let movement = MovementTable::open(std::path::Path::new(&dir).join("movement.tb"))
        .expect("the movement table");
    let layout = movement.layout();
    let frees: Vec<Vec<u8>> = layout
        .reps
        .iter()
        .map(|rep| free_points_renumbered(rep.bits))
        .collect();
    let (mut all_colex, mut all_door) = (0usize, 0usize);
    for shape in shapes(layout) {
        let Part::Movement { captured, side } = shape.part else {
            continue;
        };
        let l = &layout.layers[captured as usize];
        let base = l.offset + if side == Side::Tiger { l.block } else { 0 };
        let colex = movement_source(&movement, captured, base, side);
        let subsets: Vec<u32> = (0..l.run)
            .map(|rank| door_unrank(rank, layout.free, l.k))
            .collect();
        let door = |range: Range<u64>, visit: &mut dyn FnMut(Allowed)| {
            for i in range {
                let rep = (i / l.run) as usize;
                let numbered = expand_over(&frees[rep], subsets[(i % l.run) as usize]);
                let at = rep as u64 * l.run + rank_among_free(layout.reps[rep].bits, numbered);
                colex(at..at + 1, visit);
            }
        };
        let [c, d] = [
            bytes(&compress_section(&colex, shape.entries, 128, 0, &|_| {})),
            bytes(&compress_section(&door, shape.entries, 128, 0, &|_| {})),
        ];
        println!(
            "{}: {} entries, colex {c} bytes, revolving door {d} ({:.3} times)",
            shape.part,
            shape.entries,
            d as f64 / c as f64
        );
        (all_colex, all_door) = (all_colex + c, all_door + d);
    }
    println!(
        "all: colex {all_colex} bytes, revolving door {all_door} ({:.3} times)",
        all_door as f64 / all_colex as f64
    );
}
