//! Compression of one section: the entries cut into runs (an entry that
//! may hold any of several values joins the run before it when that run's
//! value is one of them), a prefix code fitted to the section's runs, and
//! the runs written into blocks of a fixed size.
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

/// What an entry of a section may hold.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Allowed {
    /// This entry value and no other.
    Exactly(u16),
    /// This value or any greater one: a placement entry whose value a probe
    /// recovers from the tigers' captures, so it need only bound it.
    AtLeast(u16),
    /// This movement entry or any other no better for the side to move
    /// (see [`goodness`]): a tigers-to-move entry whose value and distance
    /// a probe recovers from the captures.
    NoBetter(u16),
    /// Anything: no probe reads the entry.
    Any,
}

/// How good a movement entry (`distance << 2 | tag`) is for the side to
/// move: the fastest win first, the slowest loss before the fastest.
#[inline]
pub(crate) fn goodness(entry: u16) -> (u8, i32) {
    use crate::movement::entry::{distance, tag, TAG_LOSS, TAG_WIN};
    let d = i32::from(distance(entry));
    match tag(entry) {
        TAG_WIN => (2, -d),
        TAG_LOSS => (0, d),
        _ => (1, 0),
    }
}

impl Allowed {
    /// What both allow, if anything.
    #[inline]
    pub fn meet(self, other: Allowed) -> Option<Allowed> {
        use Allowed::*;
        match (self, other) {
            (Any, x) | (x, Any) => Some(x),
            (Exactly(a), Exactly(b)) => (a == b).then_some(Exactly(a)),
            (Exactly(a), AtLeast(b)) | (AtLeast(b), Exactly(a)) => (a >= b).then_some(Exactly(a)),
            (AtLeast(a), AtLeast(b)) => Some(AtLeast(a.max(b))),
            (Exactly(a), NoBetter(b)) | (NoBetter(b), Exactly(a)) => {
                (goodness(a) <= goodness(b)).then_some(Exactly(a))
            }
            (NoBetter(a), NoBetter(b)) => {
                Some(NoBetter(if goodness(a) <= goodness(b) { a } else { b }))
            }
            (AtLeast(_), NoBetter(_)) | (NoBetter(_), AtLeast(_)) => None,
        }
    }

    /// Whether `value` is allowed.
    #[inline]
    pub fn admits(self, value: u16) -> bool {
        self.meet(Allowed::Exactly(value)).is_some()
    }

    /// The value a run allowing this holds: the least allowed, or `fill`
    /// when anything is.
    #[inline]
    pub fn least(self, fill: u16) -> u16 {
        match self {
            Allowed::Exactly(v) | Allowed::AtLeast(v) | Allowed::NoBetter(v) => v,
            Allowed::Any => fill,
        }
    }
}

/// The entries of a section: `source(range, visit)` hands what each entry
/// of `range` may hold to `visit`, in order.
pub(crate) type Source<'a> = &'a (dyn Fn(std::ops::Range<u64>, &mut dyn FnMut(Allowed)) + Sync);

/// In this crate's tests: a context depth every section must take (0:
/// the one measured best), so that both depths are decoded on small tables.
#[cfg(test)]
pub(crate) static FORCED_DEPTH: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Held by a test while it forces [`FORCED_DEPTH`], and by a test whose
/// expectations depend on the depths measured best (the tests of one
/// binary run side by side on threads, and the depth is global).
#[cfg(test)]
pub(crate) static DEPTH_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Entries a chunk holds at most.
const CHUNK: u64 = 1 << 24;

/// The runs of entries `range` of `source`: `(value, length)`. Each run is
/// as long as one value is allowed by all its entries (the least such
/// value); so an entry that allows anything extends the run before it
/// (or, at the chunk's start, the first run), and a chunk of nothing but
/// such entries is one run of `fill`.
fn runs(
    source: Source<'_>,
    range: std::ops::Range<u64>,
    fill: u16,
    mut emit: impl FnMut(u16, u64),
) {
    let mut current = Allowed::Any;
    let mut length = 0u64;
    source(range, &mut |entry| {
        match current.meet(entry) {
            Some(both) => current = both,
            None => {
                if length > 0 {
                    emit(current.least(fill), length);
                }
                current = entry;
                length = 0;
            }
        }
        length += 1;
        if length == MAX_RUN {
            emit(current.least(fill), length);
            length = 0;
        }
    });
    if length > 0 {
        emit(current.least(fill), length);
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
            let source = move |range: std::ops::Range<u64>, visit: &mut dyn FnMut(Allowed)| {
                range.for_each(|i| visit(Allowed::Exactly(value(i))))
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
        use Allowed::{Any, Exactly};
        let entries = [
            Any,
            Exactly(2),
            Exactly(2),
            Any,
            Exactly(5),
            Any,
            Any,
            Exactly(5),
            Exactly(1),
        ];
        let source = |range: std::ops::Range<u64>, visit: &mut dyn FnMut(Allowed)| {
            range.for_each(|i| visit(entries[i as usize]))
        };
        let mut out = Vec::new();
        runs(&source, 0..entries.len() as u64, 9, |v, n| out.push((v, n)));
        assert_eq!(out, vec![(2, 4), (5, 4), (1, 1)]);
        let mut out = Vec::new();
        runs(&source, 5..7, 9, |v, n| out.push((v, n)));
        assert_eq!(out, vec![(9, 2)]);
    }

    /// A bound joins any run whose value it admits, and a run of bounds
    /// alone holds the least value all of them admit.
    #[test]
    fn bounded_entries_join_a_run_they_admit() {
        use Allowed::{AtLeast, Exactly};
        let entries = [
            Exactly(1),
            AtLeast(0),
            AtLeast(1),
            AtLeast(2),
            Exactly(2),
            AtLeast(0),
            Exactly(0),
            AtLeast(1),
            AtLeast(0),
        ];
        let source = |range: std::ops::Range<u64>, visit: &mut dyn FnMut(Allowed)| {
            range.for_each(|i| visit(entries[i as usize]))
        };
        let mut out = Vec::new();
        runs(&source, 0..entries.len() as u64, 9, |v, n| out.push((v, n)));
        assert_eq!(out, vec![(1, 3), (2, 3), (0, 1), (1, 2)]);
    }

    #[test]
    fn what_two_entries_both_allow() {
        use Allowed::{Any, AtLeast, Exactly};
        assert_eq!(AtLeast(1).meet(Exactly(2)), Some(Exactly(2)));
        assert_eq!(AtLeast(1).meet(Exactly(0)), None);
        assert_eq!(AtLeast(1).meet(AtLeast(2)), Some(AtLeast(2)));
        assert_eq!(Any.meet(AtLeast(1)), Some(AtLeast(1)));
        assert_eq!(Exactly(3).meet(Exactly(4)), None);
        assert!(AtLeast(1).admits(2) && !AtLeast(1).admits(0) && Any.admits(7));
    }

    /// Movement entries are ordered for the side to move: a win in 3 is
    /// better than a win in 5, a draw, a loss in 6 and a loss in 2.
    #[test]
    fn no_better_follows_the_movers_order() {
        use crate::movement::entry::{loss, win, DRAW};
        use Allowed::{Exactly, NoBetter};
        let order = [win(3), win(5), DRAW, loss(6), loss(2)];
        for (i, &a) in order.iter().enumerate() {
            for (j, &b) in order.iter().enumerate() {
                assert_eq!(NoBetter(a).admits(b), j >= i, "{a} {b}");
            }
        }
        assert_eq!(NoBetter(DRAW).meet(NoBetter(win(1))), Some(NoBetter(DRAW)));
        assert_eq!(NoBetter(loss(6)).meet(Exactly(win(9))), None);
    }
}
