//! Compression of one section: the entries cut into runs (don't-care
//! entries joined to the run before them), a prefix code fitted to the
//! section's runs, and the runs written into blocks of a fixed size.
//!
//! The entries are cut into chunks that are compressed in parallel; a
//! block never spans two chunks, and both passes (counting, then writing)
//! cut the same runs, so the code fits the runs written exactly.

use std::collections::HashMap;

use super::format::SectionData;
use super::huffman::{canonical_codes, code_lengths};
use super::tokens::{
    class_of, context_after, contexts, start, BitWriter, CLASSES, MAX_DEPTH, MAX_RUN,
};
use crate::options::run_tasks;

/// The entries of a section: `source(range, visit)` hands the entries of
/// `range` to `visit` in order, `None` where no probe reads the entry, so
/// that it may hold whatever compresses best.
pub(crate) type Source<'a> = &'a (dyn Fn(std::ops::Range<u64>, &mut dyn FnMut(Option<u16>)) + Sync);

/// In this crate's tests: a context depth every section must take (0:
/// the one measured best), so that both depths are decoded on small tables.
#[cfg(test)]
pub(crate) static FORCED_DEPTH: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Entries a chunk holds at most.
const CHUNK: u64 = 1 << 24;

/// The runs of entries `range` of `source`: `(value, length)`. A
/// don't-care entry extends the run before it (or, at the chunk's start,
/// the first run); a chunk of nothing but don't-care entries is one run of
/// `fill`.
fn runs(
    source: Source<'_>,
    range: std::ops::Range<u64>,
    fill: u16,
    mut emit: impl FnMut(u16, u64),
) {
    let mut current: Option<u16> = None;
    let mut length = 0u64;
    source(range, &mut |entry| {
        match (entry, current) {
            (None, _) => length += 1,
            (Some(v), None) => {
                current = Some(v);
                length += 1;
            }
            (Some(v), Some(c)) if v == c => length += 1,
            (Some(v), Some(c)) => {
                emit(c, length);
                current = Some(v);
                length = 1;
            }
        }
        if length == MAX_RUN {
            emit(current.unwrap_or(fill), length);
            length = 0;
        }
    });
    if length > 0 {
        emit(current.unwrap_or(fill), length);
    }
}

/// The chunks of a section of `entries` entries.
fn chunks(entries: u64) -> Vec<std::ops::Range<u64>> {
    (0..entries.div_ceil(CHUNK))
        .map(|c| c * CHUNK..((c + 1) * CHUNK).min(entries))
        .collect()
}

/// Compresses the `entries` entries of `source` into blocks of
/// `block_bytes` bytes. `progress` hears of each chunk's entries, twice
/// (once a pass).
pub(crate) fn compress_section(
    source: Source<'_>,
    entries: u64,
    block_bytes: usize,
    fill: u16,
    progress: &(dyn Fn(u64) + Sync),
) -> SectionData {
    let chunks = chunks(entries);
    // Pass 1: how often each (value, length class) follows each context of
    // the deepest kind; shallower contexts are sums of these.
    let deepest = MAX_DEPTH;
    let counted = run_tasks(chunks.len(), |c| {
        let mut counts: HashMap<(u8, u16), Vec<u64>> = HashMap::new();
        let mut context = start(deepest);
        runs(source, chunks[c].clone(), fill, |value, length| {
            let (class, _, _) = class_of(length);
            let row = counts
                .entry((context, value))
                .or_insert_with(|| vec![0; CLASSES as usize]);
            row[class as usize] += 1;
            context = context_after(context, value, deepest);
        });
        progress(chunks[c].end - chunks[c].start);
        counts
    });
    let mut counts: HashMap<(u8, u16), Vec<u64>> = HashMap::new();
    for chunk in counted {
        for (key, classes) in chunk {
            let total = counts
                .entry(key)
                .or_insert_with(|| vec![0; CLASSES as usize]);
            for (t, c) in total.iter_mut().zip(classes) {
                *t += c;
            }
        }
    }
    let mut symbols: Vec<u16> = counts.keys().map(|&(_, v)| v).collect();
    symbols.sort_unstable();
    symbols.dedup();
    let index: HashMap<u16, u32> = symbols
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, i as u32))
        .collect();
    let width = symbols.len() * CLASSES as usize;
    // The depth whose codes and tables cost the fewest bits.
    let fitted: Vec<(u64, Vec<u8>)> = (1..=MAX_DEPTH)
        .map(|depth| {
            let shift = 2 * (deepest - depth);
            let mut lengths = Vec::with_capacity(contexts(depth) * width);
            let mut bits = 0u64;
            for context in 0..contexts(depth) as u8 {
                let mut flat = vec![0u64; width];
                for (&(c, value), classes) in &counts {
                    if c & ((contexts(deepest) - 1) as u8 >> shift) == context {
                        let at = index[&value] as usize * CLASSES as usize;
                        for (f, n) in flat[at..at + CLASSES as usize].iter_mut().zip(classes) {
                            *f += n;
                        }
                    }
                }
                let these = code_lengths(&flat);
                bits += flat
                    .iter()
                    .zip(&these)
                    .map(|(n, l)| n * u64::from(*l))
                    .sum::<u64>();
                lengths.extend(these);
            }
            (bits + 8 * lengths.len() as u64, lengths)
        })
        .collect();
    let best = (0..fitted.len()).min_by_key(|&d| fitted[d].0).unwrap_or(0);
    #[cfg(test)]
    let best = match FORCED_DEPTH.load(std::sync::atomic::Ordering::Relaxed) {
        0 => best,
        forced => usize::from(forced) - 1,
    };
    let depth = best as u8 + 1;
    let lengths = fitted[best].1.clone();
    let codes: Vec<Vec<(u32, u8)>> = lengths.chunks(width.max(1)).map(canonical_codes).collect();
    // Pass 2: the runs written as tokens into blocks, each block opening
    // with the context of its first token.
    let written = run_tasks(chunks.len(), |c| {
        let range = chunks[c].clone();
        let mut starts = Vec::new();
        let mut blocks = Vec::new();
        let mut block = BitWriter::default();
        let mut at = range.start;
        let mut context = start(depth);
        let capacity = 8 * block_bytes as u64;
        runs(source, range.clone(), fill, |value, length| {
            let (class, extra, bits) = class_of(length);
            let token = (index[&value] * CLASSES + class) as usize;
            let (code, code_length) = codes[context as usize][token];
            let cost = u64::from(code_length) + u64::from(extra);
            if starts.is_empty() || block.bits + cost > capacity {
                if !starts.is_empty() {
                    block.pad_to(block_bytes);
                    blocks.append(&mut block.bytes);
                    block = BitWriter::default();
                }
                starts.push(at);
                block.put(u64::from(context), 2 * u32::from(depth));
            }
            block.put(u64::from(code), u32::from(code_length));
            block.put(bits, extra);
            at += length;
            context = context_after(context, value, depth);
        });
        if !starts.is_empty() {
            block.pad_to(block_bytes);
            blocks.append(&mut block.bytes);
        }
        progress(range.end - range.start);
        (starts, blocks)
    });
    let mut data = SectionData {
        symbols,
        depth,
        lengths,
        ..SectionData::default()
    };
    for (starts, mut blocks) in written {
        data.starts.extend(starts);
        data.blocks.append(&mut blocks);
    }
    data
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The depth is chosen by the bits it costs: runs whose kind follows
    /// from the two before take two, unrelated ones one.
    #[test]
    fn the_context_depth_is_measured() {
        let compress = |value: fn(u64) -> u16| {
            let source = move |range: std::ops::Range<u64>, visit: &mut dyn FnMut(Option<u16>)| {
                range.for_each(|i| visit(Some(value(i))))
            };
            compress_section(&source, 1 << 22, 128, 0, &|_| {})
        };
        // Runs of 3: kinds 0 1 0 2 0 1 0 2 ...: after 0 the kind two back decides.
        let deep = compress(|i| [0, 1, 0, 2][((i / 3) % 4) as usize]);
        assert_eq!(deep.depth, 2);
        assert_eq!(deep.lengths.len(), 16 * 3 * CLASSES as usize);
        // One value throughout: the smaller tables win.
        let flat = compress(|_| 1);
        assert_eq!(flat.depth, 1);
        assert_eq!((flat.symbols, flat.starts), (vec![1], vec![0]));
    }

    #[test]
    fn dont_care_entries_join_the_run_before() {
        let entries = [
            None,
            Some(2),
            Some(2),
            None,
            Some(5),
            None,
            None,
            Some(5),
            Some(1),
        ];
        let source = |range: std::ops::Range<u64>, visit: &mut dyn FnMut(Option<u16>)| {
            range.for_each(|i| visit(entries[i as usize]))
        };
        let mut out = Vec::new();
        runs(&source, 0..entries.len() as u64, 9, |v, n| out.push((v, n)));
        assert_eq!(out, vec![(2, 4), (5, 4), (1, 1)]);
        let mut out = Vec::new();
        runs(&source, 5..7, 9, |v, n| out.push((v, n)));
        assert_eq!(out, vec![(9, 2)]);
    }
}
