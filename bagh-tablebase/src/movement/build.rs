//! Retrograde analysis of one rule set's movement phase.
//!
//! Layers are solved from the highest captured count down: a capture leads
//! from layer `c` to layer `c + 1` (already solved), or ends the game when
//! `c + 1` is the capture target. Inside a layer:
//!
//! 1. Every entry is set up from its legal moves. A side to move with no
//!    move has lost (tigers; goats when the blocked side loses) or drawn
//!    (goats otherwise). Captures are *exits* whose values are known. The
//!    entry's counter is the number of distinct canonical positions its
//!    in-layer moves reach, plus one if some exit is not a loss for the
//!    mover (so that such an entry can never be counted down to a loss).
//!    The best winning exit makes the entry a *candidate* win at that distance.
//! 2. Entries are then settled in rounds of increasing distance `d`. A
//!    candidate of round `d` that nothing settled earlier becomes a win in
//!    `d`. For each entry settled at `d`, the canonical positions one
//!    in-layer move before it (its predecessors, found by un-moving) are
//!    updated: after a loss, each unsettled predecessor wins in `d + 1`;
//!    after a win, each predecessor's counter goes down by one, and a
//!    predecessor whose counter reaches zero loses, in the longer of
//!    `d + 1` and its longest losing exit.
//!
//! Settling in order of distance makes the winner's distance the shortest
//! and the loser's the longest. Entries never settled are draws: from them
//! neither side can force the game out of a cycle.
//!
//! Counters and predecessors work on canonical positions: a predecessor is
//! counted down once per distinct canonical successor, which is what its
//! counter counted. Under mandatory capture, a tiger position with a capture
//! has no in-layer move, so un-moving skips it.

use std::sync::atomic::{AtomicBool, AtomicU16, Ordering::Relaxed};

use arrayvec::ArrayVec;
use bagh_core::{Move, Position, Side, MAX_MOVES};

use super::entry::{distance, loss, tag, win, DRAW, MAX_DISTANCE, TAG_LOSS, TAG_WIN, UNUSED};
use crate::layout::Layout;
use crate::memory::filled;
use crate::options::run_tasks;
use crate::TablebaseError;

/// Settled entries and candidates found by one task: (distance, local index).
#[derive(Default)]
struct Found {
    settled: Vec<(u16, u32)>,
    candidates: Vec<(u16, u32)>,
}

/// Entries of one round handed to one task.
const CHUNK: usize = 1 << 14;

/// The solver's state: every entry of the table, and the counters of the
/// layer being solved.
pub(crate) struct Solver<'a> {
    pub layout: &'a Layout,
    pub values: Vec<AtomicU16>,
    counters: Vec<AtomicU16>,
    /// Set when a distance passed the largest the format holds.
    overflow: AtomicBool,
}

impl<'a> Solver<'a> {
    /// A solver with every entry a draw (unsettled).
    pub fn new(layout: &'a Layout) -> Result<Solver<'a>, TablebaseError> {
        Ok(Solver {
            layout,
            values: filled(layout.entries, "the movement table's entries", || {
                AtomicU16::new(DRAW)
            })?,
            counters: filled(
                layout.largest_layer(),
                "the movement build's counters",
                || AtomicU16::new(0),
            )?,
            overflow: AtomicBool::new(false),
        })
    }

    /// The distance of a settled entry one ply further. Past the largest
    /// distance the format holds it stays put and marks the build as failed
    /// (`solve_layer` then returns an error).
    #[inline]
    fn further(&self, d: u16) -> u16 {
        if d >= MAX_DISTANCE {
            self.overflow.store(true, Relaxed);
            return d;
        }
        d + 1
    }

    #[inline]
    fn value(&self, index: u64) -> u16 {
        self.values[index as usize].load(Relaxed)
    }

    /// The entry of the position after a capture: a loss in 0 for the goats
    /// when the capture reaches the target, else the next layer's entry.
    #[inline]
    fn exit(&self, after: &Position) -> u16 {
        if after.goats_captured() >= self.layout.rules.capture_target() {
            loss(0)
        } else {
            let slot = self.layout.slot(
                after.tigers().bits(),
                after.goats().bits(),
                after.side_to_move(),
                after.goats_captured(),
            );
            self.value(slot.index)
        }
    }

    /// The index inside layer `layer` of an in-layer position.
    #[inline]
    pub(super) fn local(
        &self,
        layer: usize,
        tigers: u32,
        goats: u32,
        side: Side,
        captured: u8,
    ) -> u32 {
        let slot = self.layout.slot(tigers, goats, side, captured);
        (slot.index - self.layout.layers[layer].offset) as u32
    }

    /// Sets up one entry (step 1 of the module docs).
    fn init_entry(&self, layer: usize, local: u32, position: &Position, found: &mut Found) {
        let offset = self.layout.layers[layer].offset;
        let moves = position.legal_moves();
        if moves.is_empty() {
            if position.side_to_move() == Side::Tiger || position.rules().blocked_side_loses() {
                self.values[(offset + local as u64) as usize].store(loss(0), Relaxed);
                found.settled.push((0, local));
            }
            self.counters[local as usize].store(0, Relaxed);
            return;
        }
        let mut successors = ArrayVec::<u32, MAX_MOVES>::new();
        let mut best_win = u16::MAX;
        let mut longest_loss = 0;
        let mut holds = false;
        for mv in moves {
            let mut after = *position;
            after.play_unchecked(mv);
            if let Move::Capture { .. } = mv {
                let e = self.exit(&after);
                match tag(e) {
                    TAG_LOSS => {
                        best_win = best_win.min(self.further(distance(e)));
                        holds = true;
                    }
                    TAG_WIN => longest_loss = longest_loss.max(self.further(distance(e))),
                    _ => holds = true,
                }
            } else {
                successors.push(self.local(
                    layer,
                    after.tigers().bits(),
                    after.goats().bits(),
                    after.side_to_move(),
                    after.goats_captured(),
                ));
            }
        }
        successors.sort_unstable();
        let mut distinct = 0u16;
        let mut last = u32::MAX;
        for s in successors {
            if s != last {
                distinct += 1;
                last = s;
            }
        }
        let count = distinct + u16::from(holds);
        self.counters[local as usize].store(count, Relaxed);
        if best_win != u16::MAX {
            found.candidates.push((best_win, local));
        }
        if count == 0 {
            self.values[(offset + local as u64) as usize].store(loss(longest_loss), Relaxed);
            found.settled.push((longest_loss, local));
        }
    }

    /// Sets up the run of one side and one tiger representative.
    fn init_run(&self, layer: usize, task: usize) -> Found {
        let layout = self.layout;
        let l = &layout.layers[layer];
        let reps = layout.reps.len();
        let (side, rep_index) = if task < reps {
            (Side::Goat, task)
        } else {
            (Side::Tiger, task - reps)
        };
        let rep = &layout.reps[rep_index];
        let first = if side == Side::Tiger { l.block } else { 0 } + rep_index as u64 * l.run;
        let mut found = Found::default();
        let mut compact = (1u32 << l.k) - 1;
        for r in 0..l.run {
            let local = (first + r) as u32;
            let position = layout.make(l, rep, layout.expand(rep, compact), side);
            if l.k > 0 {
                compact = crate::layout::indexing::next_subset(compact);
            }
            if !Layout::is_canonical(rep, position.goats().bits()) {
                self.values[(l.offset + local as u64) as usize].store(UNUSED, Relaxed);
                self.counters[local as usize].store(0, Relaxed);
                continue;
            }
            self.init_entry(layer, local, &position, &mut found);
        }
        found
    }

    /// The longest losing exit of an entry whose every move loses.
    fn longest_losing_exit(&self, position: &Position) -> u16 {
        if position.side_to_move() != Side::Tiger {
            return 0;
        }
        let mut longest = 0;
        for mv in position.legal_moves() {
            if let Move::Capture { .. } = mv {
                let mut after = *position;
                after.play_unchecked(mv);
                let e = self.exit(&after);
                if tag(e) == TAG_WIN {
                    longest = longest.max(self.further(distance(e)));
                }
            }
        }
        longest
    }

    /// Updates the predecessors of an entry settled at distance `d`
    /// (step 2 of the module docs).
    fn settle(&self, layer: usize, local: u32, d: u16, out: &mut Vec<(u16, u32)>) {
        let offset = self.layout.layers[layer].offset;
        let e = self.value(offset + local as u64);
        let position = self.layout.position(layer, local as u64);
        let predecessors = self.predecessors(layer, &position);
        let next = self.further(d);
        if tag(e) == TAG_LOSS {
            for p in predecessors {
                let slot = &self.values[(offset + p as u64) as usize];
                if slot
                    .compare_exchange(DRAW, win(next), Relaxed, Relaxed)
                    .is_ok()
                {
                    out.push((next, p));
                }
            }
        } else {
            for p in predecessors {
                if self.counters[p as usize].fetch_sub(1, Relaxed) != 1 {
                    continue;
                }
                let slot = &self.values[(offset + p as u64) as usize];
                if slot.load(Relaxed) != DRAW {
                    continue;
                }
                let before = self.layout.position(layer, p as u64);
                let at = next.max(self.longest_losing_exit(&before));
                if slot
                    .compare_exchange(DRAW, loss(at), Relaxed, Relaxed)
                    .is_ok()
                {
                    out.push((at, p));
                }
            }
        }
    }

    /// Solves one layer; the layers above it must be solved. `progress`
    /// gets the number of entries handled since its last call and stops the
    /// solve by returning `false` (then `Ok(false)`).
    pub fn solve_layer(
        &self,
        layer: usize,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<bool, TablebaseError> {
        let finished = self.solve_layer_values(layer, progress);
        if self.overflow.load(Relaxed) {
            return Err(TablebaseError::DistanceOverflow {
                rules: self.layout.rules.to_string(),
                max: MAX_DISTANCE,
            });
        }
        Ok(finished)
    }

    fn solve_layer_values(&self, layer: usize, progress: &mut dyn FnMut(u64) -> bool) -> bool {
        let l = &self.layout.layers[layer];
        let tasks = 2 * self.layout.reps.len();
        let mut settled: Vec<Vec<u32>> = Vec::new();
        let mut candidates: Vec<Vec<u32>> = Vec::new();
        fn put(lists: &mut Vec<Vec<u32>>, d: u16, local: u32) {
            let d = d as usize;
            if lists.len() <= d {
                lists.resize_with(d + 1, Vec::new);
            }
            lists[d].push(local);
        }
        // Step 1, a batch of runs at a time so that progress moves.
        let batch = 64.max(tasks / 32);
        let mut start = 0;
        while start < tasks {
            let end = (start + batch).min(tasks);
            let found = run_tasks(end - start, |t| self.init_run(layer, start + t));
            for f in found {
                for (d, local) in f.settled {
                    put(&mut settled, d, local);
                }
                for (d, local) in f.candidates {
                    put(&mut candidates, d, local);
                }
            }
            if !progress((end - start) as u64 * l.run) {
                return false;
            }
            start = end;
        }
        // Step 2.
        let offset = l.offset;
        let mut d = 0usize;
        while d < settled.len() || d < candidates.len() {
            if d >= settled.len() {
                settled.resize_with(d + 1, Vec::new);
            }
            if let Some(list) = candidates.get_mut(d) {
                for local in std::mem::take(list) {
                    let slot = &self.values[(offset + local as u64) as usize];
                    if slot
                        .compare_exchange(DRAW, win(d as u16), Relaxed, Relaxed)
                        .is_ok()
                    {
                        settled[d].push(local);
                    }
                }
            }
            let items = std::mem::take(&mut settled[d]);
            let chunks = items.len().div_ceil(CHUNK);
            let outs = run_tasks(chunks, |c| {
                let mut out = Vec::new();
                for &local in &items[c * CHUNK..((c + 1) * CHUNK).min(items.len())] {
                    self.settle(layer, local, d as u16, &mut out);
                }
                out
            });
            for out in outs {
                for (at, local) in out {
                    put(&mut settled, at, local);
                }
            }
            if !progress(items.len() as u64) {
                return false;
            }
            d += 1;
        }
        true
    }
}

/// Bytes a build of `layout` needs: two per entry, and for the largest
/// layer two per counter and up to about eight per entry for the lists of
/// settled entries and candidates (four bytes each, with room to grow).
pub(crate) fn memory_needed(layout: &Layout) -> u64 {
    2 * layout.entries + 10 * layout.largest_layer() + (64 << 20)
}
