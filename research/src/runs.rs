//! Runs of entries that may each hold one of several symbols, and what a
//! stream of them would cost in a compressed file's coding.

use std::collections::HashMap;

use bagh_tablebase::study::run_length_class;

/// The fewest runs `(symbol, length)` of `masks` (each the symbols an
/// entry allows, bit `s` for symbol `s`), cut greedily: a run goes on while
/// some symbol is allowed by all its entries, and holds the lowest such
/// symbol. An entry that allows nothing (a mask of 0) ends a run and makes
/// one of its own, of symbol 8.
pub fn fewest_runs(masks: &[u8]) -> Vec<(u8, u64)> {
    let mut out = Vec::new();
    let (mut common, mut length) = (u8::MAX, 0u64);
    for &mask in masks {
        if common & mask == 0 {
            if length > 0 {
                out.push((common.trailing_zeros() as u8, length));
            }
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

/// The estimated bits of a stream of runs `(symbol, length)`: the entropy
/// of its tokens (symbol, length class) given the symbol of the run before,
/// plus the lengths' extra bits, with the classes of the compressed format.
/// A length the format does not code (0, or beyond 2^40 entries, more
/// than any section holds) counts as class 0 without extra bits.
pub fn estimated_bits(runs: &[(u8, u64)]) -> f64 {
    let mut tokens: HashMap<(u8, u8, u32), u64> = HashMap::new();
    let mut contexts: HashMap<u8, u64> = HashMap::new();
    let mut extra_bits = 0u64;
    let mut before = u8::MAX;
    for &(symbol, length) in runs {
        let (class, extra) = run_length_class(length).unwrap_or((0, 0));
        *tokens.entry((before, symbol, class)).or_default() += 1;
        *contexts.entry(before).or_default() += 1;
        extra_bits += u64::from(extra);
        before = symbol;
    }
    let coded: f64 = tokens
        .iter()
        .map(|(&(context, _, _), &n)| -(n as f64) * (n as f64 / contexts[&context] as f64).log2())
        .sum();
    coded + extra_bits as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fewest_runs_hold_the_lowest_common_symbol() {
        // loss | draw or win | draw | anything | win: a loss, then three
        // draws (what allows anything joins the run before), then a win.
        let runs = fewest_runs(&[0b001, 0b110, 0b010, 0b1111, 0b100]);
        assert_eq!(runs, vec![(0, 1), (1, 3), (2, 1)]);
        // The guess (symbol 3) carries a run across values.
        assert_eq!(fewest_runs(&[0b1001, 0b1010, 0b1100]), vec![(3, 3)]);
        assert_eq!(fewest_runs(&[]), vec![]);
    }

    #[test]
    fn one_kind_of_run_costs_only_its_extra_bits() {
        // Four runs of one symbol and length 1 (class 0, no extra bits):
        // every token is certain, so the stream costs nothing.
        assert_eq!(estimated_bits(&[(1, 1); 4]), 0.0);
        // The first token is the only one at the start: certain. After a
        // run of symbol 0 come two tokens once each (lengths 1 and 9, two
        // classes): 1 bit each; and a length of 9 has 2 extra bits.
        let bits = estimated_bits(&[(0, 1), (0, 1), (0, 9)]);
        assert!((bits - 4.0).abs() < 1e-9, "{bits}");
    }
}
