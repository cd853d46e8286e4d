//! A measurement, not a test: would runs of "the evaluation network's
//! guess is allowed" make the placement sections smaller?
//!
//! A run of the file holds one value that all its entries allow. Add a
//! fourth symbol, "the network's most likely result", which a probe would
//! work out for the one entry it reads, and a run could go on wherever
//! the guess is allowed, even across entries of different values. This
//! cuts windows of bagh-chal's placement sections into runs both ways
//! (greedily, which makes the fewest runs) and estimates each stream's
//! cost: the entropy of its tokens (value, length class) given the run
//! before's value, plus the lengths' low bits.
//!
//! ```text
//! BAGH_TABLES=$PWD/target/tablebases/bagh-chal cargo test --release -p bagh-tablebase \
//!     --lib prediction_runs -- --ignored --nocapture
//! ```
//!
//! `BAGH_PLACED` (default `5,8,12,16,19`) chooses the layers, and
//! `BAGH_WINDOW` the entries of each of the 6 windows a section.

use std::collections::HashMap;
use std::ops::Range;
use std::path::PathBuf;

use bagh_core::Side;
use bagh_engine::network::Network;

use super::encode::Allowed;
use super::sections::{shapes, Part, RunOrder, SectionShape};
use super::tiger_bounds::{allowed, section_bounds};
use super::tokens::class_of;
use crate::layout::indexing::{colex_unrank, next_subset};
use crate::layout::{position_of, Layout};
use crate::placement::expected;
use crate::placement::file::{layer_path, read_layer};
use crate::MovementTable;

/// The symbols an entry allows: bits 0 to 2 the goats' loss, draw and
/// win, bit 3 the network's guess.
const GUESS: u8 = 1 << 3;

/// The full tables (`BAGH_TABLES`) and the layers to measure
/// (`BAGH_PLACED`, by default `5,8,12,16,19`).
fn tables_and_layers() -> (PathBuf, Vec<u8>) {
    let dir = std::env::var("BAGH_TABLES").expect("BAGH_TABLES names the full tables");
    let layers = std::env::var("BAGH_PLACED")
        .unwrap_or("5,8,12,16,19".into())
        .split(',')
        .map(|p| p.parse().expect("BAGH_PLACED"))
        .collect();
    (PathBuf::from(dir), layers)
}

/// The values (bits 0 to 2: the goats' loss, draw, win) an entry's code
/// allows.
fn values_allowed(code: u8) -> u8 {
    match allowed(code) {
        Allowed::Exactly(v) => 1 << v,
        Allowed::AtLeast(v) => (0b111 << v) & 0b111,
        _ => 0b111,
    }
}

/// The estimated bits of a stream of runs `(symbol, length)`.
fn estimated_bits(runs: &[(u8, u64)]) -> f64 {
    let mut tokens: HashMap<(u8, u8, u32), u64> = HashMap::new();
    let mut contexts: HashMap<u8, u64> = HashMap::new();
    let mut low_bits = 0u64;
    let mut before = u8::MAX;
    for &(symbol, length) in runs {
        let (class, extra, _) = class_of(length);
        *tokens.entry((before, symbol, class)).or_default() += 1;
        *contexts.entry(before).or_default() += 1;
        low_bits += u64::from(extra);
        before = symbol;
    }
    let coded: f64 = tokens
        .iter()
        .map(|(&(context, _, _), &n)| -(n as f64) * (n as f64 / contexts[&context] as f64).log2())
        .sum();
    coded + low_bits as f64
}

/// The fewest runs of `masks` (each the symbols an entry allows), each
/// holding the lowest symbol all its entries allow.
fn fewest_runs(masks: &[u8]) -> Vec<(u8, u64)> {
    let mut out = Vec::new();
    let (mut common, mut length) = (u8::MAX, 0u64);
    for &mask in masks {
        if common & mask == 0 {
            out.push((common.trailing_zeros() as u8, length));
            (common, length) = (mask, 0);
        } else {
            common &= mask;
        }
        length += 1;
    }
    if length > 0 {
        out.push((common.trailing_zeros() as u8, length));
    }
    out
}

/// The symbols each entry of `range` allows, the guess among them where
/// the network's most likely result is allowed.
fn masks(
    layout: &Layout,
    network: &Network,
    shape: &SectionShape,
    codes: &[u8],
    range: Range<u64>,
) -> Vec<u8> {
    let Part::Placement { placed, captured } = shape.part else {
        return Vec::new();
    };
    let rules = &layout.rules;
    let on_board = u32::from(placed - captured);
    let in_hand = rules.goats() - placed;
    let mut rep = range.start / shape.run;
    let mut within = range.start % shape.run;
    let mut compact = colex_unrank(within, layout.free, on_board);
    let mut out = Vec::with_capacity((range.end - range.start) as usize);
    for &code in &codes[range.start as usize..range.end as usize] {
        let values = values_allowed(code);
        let guess_allowed = values == 0b111 || {
            let tigers = layout.reps[rep as usize].bits;
            let goats = layout.expand(&layout.reps[rep as usize], compact);
            let position = position_of(rules, tigers, goats, Side::Tiger, in_hand, captured);
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
        };
        out.push(values | if guess_allowed { GUESS } else { 0 });
        within += 1;
        if within == shape.run {
            (within, rep) = (0, rep + 1);
            compact = (1u32 << on_board) - 1;
        } else if compact != 0 {
            compact = next_subset(compact);
        }
    }
    out
}

#[test]
#[ignore = "a measurement over the full bagh-chal tables: set BAGH_TABLES"]
fn prediction_runs() {
    let (dir, layers) = tables_and_layers();
    let window: u64 = std::env::var("BAGH_WINDOW")
        .map_or(Ok(1 << 20), |w| w.parse())
        .expect("BAGH_WINDOW");
    let dir = dir.as_path();
    let movement = MovementTable::open(dir.join("movement.tb")).expect("the movement table");
    let layout = movement.layout();
    let network = Network::shipped(movement.rules()).expect("a shipped network");
    let (mut all_values, mut all_guesses, mut all_entries) = (0f64, 0f64, 0u64);
    for placed in layers {
        let expect = expected(layout, u32::from(placed), &movement);
        let layer = read_layer(&layer_path(dir, u32::from(placed)), &expect).expect("the layer");
        for shape in shapes(layout) {
            if !matches!(shape.part, Part::Placement { placed: p, captured } if p == placed && captured <= 4)
            {
                continue;
            }
            let codes = section_bounds(layout, &shape, &layer, RunOrder::Colex);
            let (mut values, mut guesses, mut entries) = (0f64, 0f64, 0u64);
            for w in 0..6 {
                let start = shape.entries * (2 * w + 1) / 12;
                let range = start..(start + window).min(shape.entries);
                let masks = masks(layout, &network, &shape, &codes, range);
                let plain: Vec<u8> = masks.iter().map(|m| m & 0b111).collect();
                values += estimated_bits(&fewest_runs(&plain));
                guesses += estimated_bits(&fewest_runs(&masks));
                entries += masks.len() as u64;
            }
            println!(
                "{:?}: {entries} entries, values {:.4} bits an entry, with the guess {:.4} ({:.3} times)",
                shape.part,
                values / entries as f64,
                guesses / entries as f64,
                guesses / values
            );
            (all_values, all_guesses, all_entries) = (
                all_values + values,
                all_guesses + guesses,
                all_entries + entries,
            );
        }
    }
    println!(
        "all: {all_entries} entries, values {:.4} bits an entry, with the guess {:.4} ({:.3} times)",
        all_values / all_entries as f64,
        all_guesses / all_entries as f64,
        all_guesses / all_values
    );
}

#[test]
fn the_fewest_runs_hold_the_lowest_common_symbol() {
    // loss | draw or win | draw | anything | win: a loss, then three
    // draws (what allows anything joins the run before), then a win.
    let runs = fewest_runs(&[0b001, 0b110, 0b010, 0b1111, 0b100]);
    assert_eq!(runs, vec![(0, 1), (1, 3), (2, 1)]);
    // The guess carries a run across values.
    assert_eq!(fewest_runs(&[0b1001, 0b1010, 0b1100]), vec![(3, 3)]);
}

/// Whole placement sections cut into runs in the full tables' colex order
/// and in the revolving-door order of format 4, each stream's bits
/// estimated as above.
#[test]
#[ignore = "a measurement over the full bagh-chal tables: set BAGH_TABLES"]
fn index_orders() {
    let (dir, layers) = tables_and_layers();
    let dir = dir.as_path();
    let movement = MovementTable::open(dir.join("movement.tb")).expect("the movement table");
    let layout = movement.layout();
    let (mut all_colex, mut all_door, mut all_entries) = (0f64, 0f64, 0u64);
    for placed in layers {
        let expect = expected(layout, u32::from(placed), &movement);
        let layer = read_layer(&layer_path(dir, u32::from(placed)), &expect).expect("the layer");
        for shape in shapes(layout) {
            if !matches!(shape.part, Part::Placement { placed: p, .. } if p == placed) {
                continue;
            }
            let [colex, door] = [RunOrder::Colex, RunOrder::Door].map(|order| {
                let codes = section_bounds(layout, &shape, &layer, order);
                let masks: Vec<u8> = codes.iter().map(|&code| values_allowed(code)).collect();
                estimated_bits(&fewest_runs(&masks))
            });
            let entries = shape.entries as f64;
            println!(
                "{:?}: {} entries, colex {:.4} bits an entry, revolving door {:.4} ({:.3} times)",
                shape.part,
                shape.entries,
                colex / entries,
                door / entries,
                door / colex
            );
            (all_colex, all_door, all_entries) = (
                all_colex + colex,
                all_door + door,
                all_entries + shape.entries,
            );
        }
    }
    println!(
        "all: {all_entries} entries, colex {:.4} bits an entry, revolving door {:.4} ({:.3} times)",
        all_colex / all_entries as f64,
        all_door / all_entries as f64,
        all_door / all_colex
    );
}
