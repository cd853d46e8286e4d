//! Canonical prefix codes: code lengths from symbol counts (limited to
//! [`MAX_CODE_LENGTH`] bits), the codes they give, and a table-driven
//! decoder.
//!
//! A code is stored as its lengths alone, one byte a symbol (0 for a symbol
//! that never occurs): codes are assigned in order of length, then symbol,
//! so the lengths fix them.

use std::collections::BinaryHeap;

/// The longest code: a token (code and extra bits) then fits in 64 bits.
pub(crate) const MAX_CODE_LENGTH: u8 = 24;
/// Codes up to this length decode by one table lookup.
const LOOKUP_BITS: u32 = 9;

/// Code lengths for symbols seen `counts` times, no longer than
/// [`MAX_CODE_LENGTH`]. A lone symbol gets a 1-bit code.
pub(crate) fn code_lengths(counts: &[u64]) -> Vec<u8> {
    let mut counts = counts.to_vec();
    loop {
        let lengths = unlimited_lengths(&counts);
        if lengths.iter().all(|&l| l <= MAX_CODE_LENGTH) {
            return lengths;
        }
        // Flatten the distribution and try again: rare symbols move up.
        for c in counts.iter_mut().filter(|c| **c > 0) {
            *c = (*c >> 1).max(1);
        }
    }
}

/// Huffman's code lengths, by merging the two lightest trees.
fn unlimited_lengths(counts: &[u64]) -> Vec<u8> {
    let mut lengths = vec![0u8; counts.len()];
    let used: Vec<usize> = (0..counts.len()).filter(|&s| counts[s] > 0).collect();
    match used.len() {
        0 => return lengths,
        1 => {
            lengths[used[0]] = 1;
            return lengths;
        }
        _ => {}
    }
    // Nodes: leaves first, then merged nodes; parent links give depths.
    let mut parent: Vec<usize> = vec![usize::MAX; used.len()];
    let mut heap: BinaryHeap<std::cmp::Reverse<(u64, usize)>> = used
        .iter()
        .enumerate()
        .map(|(node, &s)| std::cmp::Reverse((counts[s], node)))
        .collect();
    while heap.len() > 1 {
        let std::cmp::Reverse((a, x)) = heap.pop().unwrap_or_default();
        let std::cmp::Reverse((b, y)) = heap.pop().unwrap_or_default();
        let node = parent.len();
        parent.push(usize::MAX);
        parent[x] = node;
        parent[y] = node;
        heap.push(std::cmp::Reverse((a + b, node)));
    }
    // Depths from the root down: a merged node comes after its children.
    let mut depth = vec![0u32; parent.len()];
    for node in (0..parent.len()).rev() {
        if parent[node] != usize::MAX {
            depth[node] = depth[parent[node]] + 1;
        }
    }
    for (leaf, &s) in used.iter().enumerate() {
        lengths[s] = depth[leaf].min(255) as u8;
    }
    lengths
}

/// The canonical code of every symbol (`(code, length)`; length 0 for an
/// unused symbol), from lengths that satisfy Kraft's inequality.
pub(crate) fn canonical_codes(lengths: &[u8]) -> Vec<(u32, u8)> {
    let mut order: Vec<usize> = (0..lengths.len()).filter(|&s| lengths[s] > 0).collect();
    order.sort_by_key(|&s| (lengths[s], s));
    let mut codes = vec![(0u32, 0u8); lengths.len()];
    let mut code = 0u32;
    let mut length = order.first().map_or(0, |&s| lengths[s]);
    for &s in &order {
        code <<= lengths[s] - length;
        length = lengths[s];
        codes[s] = (code, length);
        code += 1;
    }
    codes
}

/// Why a set of code lengths is not a prefix code.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum BadCode {
    /// A length above [`MAX_CODE_LENGTH`].
    TooLong,
    /// The lengths break Kraft's inequality: some codes would be prefixes.
    Overfull,
}

/// A decoder of one canonical code.
#[derive(Clone, Debug)]
pub(crate) struct Decoder {
    /// By the first [`LOOKUP_BITS`] bits: `payload << 8 | length`, 0 when
    /// the code is longer (or unassigned).
    lookup: Vec<u32>,
    /// By length: the first code of that length, the number of codes and
    /// where their symbols start in `sorted`.
    first: [u32; MAX_CODE_LENGTH as usize + 1],
    count: [u32; MAX_CODE_LENGTH as usize + 1],
    start: [u32; MAX_CODE_LENGTH as usize + 1],
    sorted: Vec<u32>,
}

impl Decoder {
    /// The decoder of the code with these lengths.
    #[cfg(test)]
    pub fn new(lengths: &[u8]) -> Result<Decoder, BadCode> {
        Decoder::with_payloads(lengths, |symbol| symbol)
    }

    /// The decoder of the code with these lengths that answers
    /// `payload(symbol)` (below 2^24) for each symbol: a caller that splits
    /// symbols into parts has them split once here rather than at every
    /// token.
    pub fn with_payloads(lengths: &[u8], payload: impl Fn(u32) -> u32) -> Result<Decoder, BadCode> {
        if lengths.iter().any(|&l| l > MAX_CODE_LENGTH) {
            return Err(BadCode::TooLong);
        }
        let kraft: u64 = lengths
            .iter()
            .filter(|&&l| l > 0)
            .map(|&l| 1u64 << (MAX_CODE_LENGTH - l))
            .sum();
        if kraft > 1u64 << MAX_CODE_LENGTH {
            return Err(BadCode::Overfull);
        }
        let mut order: Vec<usize> = (0..lengths.len()).filter(|&s| lengths[s] > 0).collect();
        order.sort_by_key(|&s| (lengths[s], s));
        let mut decoder = Decoder {
            lookup: vec![0; 1 << LOOKUP_BITS],
            first: [0; MAX_CODE_LENGTH as usize + 1],
            count: [0; MAX_CODE_LENGTH as usize + 1],
            start: [0; MAX_CODE_LENGTH as usize + 1],
            sorted: order.iter().map(|&s| payload(s as u32)).collect(),
        };
        let codes = canonical_codes(lengths);
        for (i, &s) in order.iter().enumerate() {
            let (code, length) = codes[s];
            let l = length as usize;
            if decoder.count[l] == 0 {
                decoder.first[l] = code;
                decoder.start[l] = i as u32;
            }
            decoder.count[l] += 1;
            if u32::from(length) <= LOOKUP_BITS {
                let shift = LOOKUP_BITS - u32::from(length);
                let base = (code << shift) as usize;
                for slot in &mut decoder.lookup[base..base + (1 << shift)] {
                    *slot = payload(s as u32) << 8 | u32::from(length);
                }
            }
        }
        Ok(decoder)
    }

    /// The payload of the symbol whose code starts `window` (the next 32
    /// bits, first bit highest) and the code's length; `None` for bits that
    /// are no code.
    #[inline]
    pub fn decode(&self, window: u32) -> Option<(u32, u32)> {
        let hit = self.lookup[(window >> (32 - LOOKUP_BITS)) as usize];
        if hit != 0 {
            return Some((hit >> 8, hit & 0xff));
        }
        for length in LOOKUP_BITS + 1..=u32::from(MAX_CODE_LENGTH) {
            let l = length as usize;
            let code = window >> (32 - length);
            let rank = code.wrapping_sub(self.first[l]);
            if rank < self.count[l] {
                return Some((self.sorted[(self.start[l] + rank) as usize], length));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every symbol's code, written at the top of a window, decodes back to it.
    fn round_trips(lengths: &[u8]) {
        let decoder = Decoder::new(lengths).unwrap();
        for (s, (code, length)) in canonical_codes(lengths).into_iter().enumerate() {
            if length == 0 {
                continue;
            }
            let window = (code << (32 - u32::from(length))) | ((1 << (31 - u32::from(length))) - 1);
            assert_eq!(decoder.decode(window), Some((s as u32, u32::from(length))));
        }
    }

    #[test]
    fn huffman_lengths_of_a_known_distribution() {
        // Counts 1, 1, 2, 4: the textbook tree has depths 3, 3, 2, 1.
        assert_eq!(code_lengths(&[1, 1, 2, 4]), vec![3, 3, 2, 1]);
        assert_eq!(code_lengths(&[0, 7, 0]), vec![0, 1, 0]);
        assert_eq!(code_lengths(&[0, 0]), vec![0, 0]);
    }

    #[test]
    fn lengths_are_limited_and_decode() {
        // Fibonacci counts make the deepest possible tree.
        let mut counts = vec![1u64, 1];
        while counts.len() < 40 {
            let n = counts.len();
            counts.push(counts[n - 1] + counts[n - 2]);
        }
        let lengths = code_lengths(&counts);
        assert!(lengths.iter().all(|&l| (1..=MAX_CODE_LENGTH).contains(&l)));
        round_trips(&lengths);
        round_trips(&code_lengths(&[5, 0, 9, 1, 1, 300, 2]));
    }

    #[test]
    fn bad_lengths_are_refused() {
        assert_eq!(Decoder::new(&[1, 1, 1]).unwrap_err(), BadCode::Overfull);
        assert_eq!(Decoder::new(&[25]).unwrap_err(), BadCode::TooLong);
        // An incomplete code decodes its codes and refuses the rest.
        let decoder = Decoder::new(&[2, 2]).unwrap();
        assert_eq!(decoder.decode(0x4000_0000), Some((1, 2)));
        assert_eq!(decoder.decode(0xc000_0000), None);
    }
}
