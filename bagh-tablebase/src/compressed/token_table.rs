//! A section's tokens as one table, for the decoder's inner loop: for each
//! context and the next [`TABLE_BITS`] bits, everything one step needs
//! (the bits to skip, the length class, the entry value, the next
//! context), packed in one word. A step is then one load of this table
//! and a shift of the block's bits in hand, where the prefix code alone
//! (code, then class, extra bits, entry value and context, each from the
//! one before) made a chain of dependent steps. Tokens whose code is
//! longer than [`TABLE_BITS`] are not in it and take the prefix code's
//! own path.
//!
//! The table is small on purpose: 512 bytes a context, 8 KiB a section of
//! 16, so that the tables of the sections one probe reads stay in the
//! processor's nearest caches; the codes of the common tokens are
//! short. Seven bits, with the prefix code's own lookup of 9: on
//! `best_moves` of bagh-chal, tables of 8 and 9 bits made probes slower
//! (they take more of the caches than the long tokens they add are worth),
//! and 6 bits were within a few percent of 7 while sending more tokens
//! down the slower path. The probe times: `make bench-compressed`.

use super::huffman::Decoder;
use super::tokens::{class_and_symbol, context_after, extra_bits};

/// One step of the decoder, unpacked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    /// The code's bits.
    pub code: u32,
    /// The length class's extra bits after the code.
    pub extra: u32,
    pub class: u32,
    /// The index of the entry value among the section's.
    pub symbol: usize,
    /// The context after this token.
    pub next: u8,
}

impl Step {
    /// The step of a token (its split form) whose code has `code` bits,
    /// read in `context` of a section with these entry values and depth.
    pub(crate) fn of(token: u32, code: u32, context: u8, symbols: &[u16], depth: u8) -> Step {
        let (class, symbol) = class_and_symbol(token);
        Step {
            code,
            extra: extra_bits(class),
            class,
            symbol,
            next: context_after(context, symbols[symbol], depth),
        }
    }
}

/// The packed steps of one section, by context then the next bits; 0
/// where the code is longer (no step has 0 bits).
#[derive(Clone, Debug, Default)]
pub(crate) struct TokenTable {
    steps: Vec<u32>,
}

/// The bits of a code the table looks up.
pub(crate) const TABLE_BITS: u32 = 7;

/// Field widths of a packed step: code (4 bits, at most 7), extra bits (6,
/// at most 39), class (7), next context (4), entry value (the rest).
const SYMBOL_SHIFT: u32 = 21;
const MAX_SYMBOLS: usize = 1 << (32 - SYMBOL_SHIFT);

impl TokenTable {
    /// The table of a section's codes (one decoder per context), its entry
    /// values and context depth; empty (every step the slow path) for a
    /// section of more values than a step can name.
    pub(crate) fn new(decoders: &[Decoder], symbols: &[u16], depth: u8) -> TokenTable {
        if symbols.len() > MAX_SYMBOLS {
            return TokenTable::default();
        }
        let mut steps = Vec::with_capacity(decoders.len() << TABLE_BITS);
        for (context, decoder) in decoders.iter().enumerate() {
            for prefix in 0..1u32 << TABLE_BITS {
                let step = decoder
                    .decode(prefix << (32 - TABLE_BITS))
                    .filter(|&(_, code)| code <= TABLE_BITS)
                    .map_or(0, |(token, code)| {
                        let step = Step::of(token, code, context as u8, symbols, depth);
                        step.code
                            | step.extra << 4
                            | step.class << 10
                            | u32::from(step.next) << 17
                            | (step.symbol as u32) << SYMBOL_SHIFT
                    });
                steps.push(step);
            }
        }
        TokenTable { steps }
    }

    /// The step for `context` when the block's next bits are the top of
    /// `window`, if its code is short enough to be in the table.
    #[inline]
    pub(crate) fn step(&self, context: u8, window: u64) -> Option<Step> {
        let at = (usize::from(context) << TABLE_BITS) | (window >> (64 - TABLE_BITS)) as usize;
        let packed = *self.steps.get(at)?;
        (packed != 0).then_some(Step {
            code: packed & 0xf,
            extra: packed >> 4 & 0x3f,
            class: packed >> 10 & 0x7f,
            next: (packed >> 17 & 0xf) as u8,
            symbol: (packed >> SYMBOL_SHIFT) as usize,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compressed::huffman::code_lengths;
    use crate::compressed::tokens::{split_token, CLASSES};

    /// Every step in the table is what the prefix code and the token's
    /// fields give, with its extra bits and the next context; codes longer
    /// than the table's bits are left to the slow path.
    #[test]
    fn steps_are_the_prefix_codes_tokens() {
        let symbols = [0u16, 1, 2];
        let depth = 2;
        let tokens = symbols.len() * CLASSES as usize;
        // Skewed counts give codes of 1 to 20-odd bits.
        let decoders: Vec<Decoder> = (0..16u64)
            .map(|context| {
                let counts: Vec<u64> = (0..tokens as u64)
                    .map(|t| (1u64 << 40) >> ((t * 7 + context) % 41))
                    .collect();
                Decoder::with_payloads(&code_lengths(&counts), split_token).unwrap()
            })
            .collect();
        let table = TokenTable::new(&decoders, &symbols, depth);
        let (mut short, mut long) = (0, 0);
        for (context, decoder) in decoders.iter().enumerate() {
            for top in 0..1u64 << 12 {
                let window = top << 52 | 0x000a_5a5a_5a5a_5a5a;
                let (token, code) = decoder.decode((window >> 32) as u32).unwrap();
                let (class, symbol) = class_and_symbol(token);
                match table.step(context as u8, window) {
                    Some(step) => {
                        short += 1;
                        assert!(code <= TABLE_BITS);
                        assert_eq!(
                            step,
                            Step {
                                code,
                                extra: extra_bits(class),
                                class,
                                symbol,
                                next: context_after(context as u8, symbols[symbol], depth),
                            }
                        );
                    }
                    None => {
                        long += 1;
                        assert!(code > TABLE_BITS, "context {context}, bits {top:#x}");
                    }
                }
            }
        }
        assert!(short > 0 && long > 0, "{short} short, {long} long");
    }

    /// A section of more entry values than a step can name has no table.
    #[test]
    fn too_many_values_leave_the_table_empty() {
        let symbols: Vec<u16> = (0..MAX_SYMBOLS as u16 + 1).map(|v| v << 2).collect();
        let lengths = vec![0u8; symbols.len() * CLASSES as usize];
        let decoder = Decoder::with_payloads(&lengths, split_token).unwrap();
        let table = TokenTable::new(&[decoder], &symbols, 1);
        assert_eq!(table.step(0, u64::MAX), None);
    }
}
