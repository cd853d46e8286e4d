//! The placement phase by backward induction, one layer of goats placed at
//! a time, from the last (`p = goats - 1`) to the first (the start).
//!
//! The value of a goats-to-move position of layer `p` is the best, over the
//! goat's placements, of the value of the tiger-to-move position it leads
//! to; that one is the worst, over the tiger's moves, of the value of a
//! position of layer `p + 1` (or, when the last goat was placed, the
//! movement table's answer). Each layer needs only the one after it in
//! memory. Tiger-to-move positions are not stored: a probe computes them
//! with one ply.

use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use bagh_core::{for_each_tiger_move, PointSet, Side};

use super::file::{self, Expected, Values};
use super::runs::{count_entries, entry_index, layer_bytes, run_sizes, runs, Run, DRAW, LOSS, WIN};
use crate::layout::indexing::{binomial, colex_rank_fast, next_subset};
use crate::layout::{after_tiger_move, Layout};
use crate::memory::filled;
use crate::{BuildOptions, BuildProgress, MovementTable, Stage, TablebaseError, Value};

/// A tiger-to-move value not computed yet (in the per-thread cache).
const UNKNOWN: u8 = 3;
/// A tiger-to-move value known only to be a draw or a loss for the goats
/// (in the per-thread cache; see `solve_run`).
const NOT_WIN: u8 = 4;

/// The layer being read (goats placed `p + 1`) while layer `p` is computed.
struct Below<'a> {
    layout: &'a Layout,
    movement: &'a MovementTable,
    runs: Vec<Run>,
    values: &'a [Values],
}

impl Below<'_> {
    /// The goats' value of the goats-to-move position with these sets and
    /// captured count in the layer below (not the movement phase).
    #[inline]
    fn goats_to_move(&self, tigers: u32, goats: u32, captured: u8) -> u8 {
        let run_len = self.runs[captured as usize].len;
        self.values[captured as usize].get(entry_index(self.layout, tigers, goats, run_len))
    }

    /// The goats' value of a tiger-to-move position just after a placement:
    /// the movement table's answer when it was the last goat, else the
    /// worst, over the tiger moves, of the layer below.
    ///
    /// The search of the tiger moves stops as soon as the value is at most
    /// `floor` (the caller gains nothing below it); the answer is then
    /// [`NOT_WIN`] when `floor` is a draw and the worst seen is one.
    fn tigers_to_move(&self, tigers: u32, goats: u32, in_hand: u8, captured: u8, floor: u8) -> u8 {
        let rules = &self.layout.rules;
        if in_hand == 0 {
            let slot = self.layout.slot(tigers, goats, Side::Tiger, captured);
            return match self.movement.entry_value(slot.index) {
                Value::Win => LOSS,
                Value::Draw => DRAW,
                Value::Loss => WIN,
            };
        }
        let target = rules.capture_target();
        let mut worst = WIN;
        let mut any_move = false;
        let search = for_each_tiger_move(
            rules,
            PointSet::from_bits(tigers),
            PointSet::from_bits(goats),
            |mv| {
                let Some((after_tigers, after_goats, capture)) =
                    after_tiger_move(tigers, goats, mv)
                else {
                    return ControlFlow::Continue(());
                };
                any_move = true;
                let value = if !capture {
                    self.goats_to_move(after_tigers, after_goats, captured)
                } else if captured + 1 >= target {
                    return ControlFlow::Break(LOSS);
                } else {
                    self.goats_to_move(after_tigers, after_goats, captured + 1)
                };
                match settle(&mut worst, value, floor) {
                    Some(answer) => ControlFlow::Break(answer),
                    None => ControlFlow::Continue(()),
                }
            },
        );
        match search {
            ControlFlow::Break(answer) => answer,
            // Every tiger trapped: the goats win.
            ControlFlow::Continue(()) if !any_move => WIN,
            ControlFlow::Continue(()) => worst,
        }
    }
}

/// Takes one tiger move's value into the worst so far; the answer, when the
/// search can stop: a loss, or [`NOT_WIN`] once the worst is at most `floor`.
#[inline(always)]
fn settle(worst: &mut u8, value: u8, floor: u8) -> Option<u8> {
    if value < *worst {
        *worst = value;
        if value == LOSS {
            return Some(LOSS);
        }
        if value <= floor {
            return Some(NOT_WIN);
        }
    }
    None
}

/// Packs 2-bit values into a shared word array from many threads: each
/// thread fills whole words locally and ORs them in.
struct PackedWriter<'a> {
    words: &'a [AtomicU64],
    word: usize,
    bits: u64,
}

impl PackedWriter<'_> {
    #[inline]
    fn put(&mut self, index: u64, value: u8) {
        let word = (index / 32) as usize;
        if word != self.word {
            self.flush();
            self.word = word;
        }
        self.bits |= u64::from(value) << (2 * (index % 32));
    }

    fn flush(&mut self) {
        if self.bits != 0 {
            self.words[self.word].fetch_or(self.bits, Ordering::Relaxed);
            self.bits = 0;
        }
    }
}

impl Drop for PackedWriter<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}

/// Computes one run of the layer `placed` for one tiger representative.
fn solve_run(
    below: &Below<'_>,
    rep: usize,
    run: &Run,
    placed: u32,
    cache: &mut Vec<u8>,
    out: &mut PackedWriter<'_>,
) {
    let layout = below.layout;
    let rules = &layout.rules;
    let rep_tigers = &layout.reps[rep];
    let free_mask = (1u32 << layout.free) - 1;
    let in_hand_after = rules.goats() - placed as u8 - 1;
    // Tiger-to-move values after each placement, by the colex rank of the
    // goat set (one goat more), computed when first needed.
    let next_len = binomial(layout.free, run.goats + 1) as usize;
    cache.clear();
    cache.resize(next_len, UNKNOWN);
    let mut compact: u32 = (1u32 << run.goats) - 1;
    let base = rep as u64 * run.len;
    for rank in 0..run.len {
        // There is always an empty point: a rule set has at most 25 pieces
        // and one goat at least is still in hand.
        let mut best = LOSS;
        let mut rest = !compact & free_mask;
        while rest != 0 && best != WIN {
            let e = rest.trailing_zeros();
            rest &= rest - 1;
            let after = compact | 1 << e;
            let slot = colex_rank_fast(after) as usize;
            let mut value = cache[slot];
            // Once a draw is in hand, only a win improves on it: a tiger
            // position needs searching only until it is seen not to be one.
            if value == NOT_WIN && best == DRAW {
                continue;
            }
            if value == UNKNOWN || value == NOT_WIN {
                let goats = layout.expand(rep_tigers, after);
                value =
                    below.tigers_to_move(rep_tigers.bits, goats, in_hand_after, run.captured, best);
                cache[slot] = value;
                if value == NOT_WIN {
                    continue;
                }
            }
            best = best.max(value);
        }
        out.put(base + rank, best);
        if run.goats > 0 {
            compact = next_subset(compact);
        }
    }
}

/// The bytes of memory a build needs at most: the movement table it reads,
/// and two layers of 2-bit values (the one read, the one written).
pub(crate) fn memory_needed(layout: &Layout, movement_bytes: u64) -> u64 {
    let goats = u32::from(layout.rules.goats());
    let two_layers = (0..goats)
        .map(|p| {
            layer_bytes(layout, p)
                + if p + 1 < goats {
                    layer_bytes(layout, p + 1)
                } else {
                    0
                }
        })
        .max()
        .unwrap_or(0);
    movement_bytes + two_layers + (16 << 20)
}

/// The layer a build starts below, and its values: the lowest layer `p`
/// such that the files of `p` and of every layer above it are whole, of
/// this rule set and built on this movement table. Their headers and sizes
/// are checked, and the checksum of the one that is read.
fn resume_point(dir: &Path, layout: &Layout, movement: u32) -> (u32, Vec<Values>) {
    let rules = &layout.rules;
    let goats = u32::from(rules.goats());
    let expected = |placed: u32| Expected {
        rules: *rules,
        placed,
        runs: run_sizes(layout, placed),
        movement,
    };
    let whole = |p: u32| {
        let path = file::layer_path(dir, p);
        path.exists() && file::read_header(&path, &expected(p)).is_ok()
    };
    let mut lowest = goats;
    while lowest > 0 && whole(lowest - 1) {
        lowest -= 1;
    }
    // Read the lowest whole layer; a damaged one is computed again.
    while lowest < goats {
        if let Ok(values) = file::read_layer(&file::layer_path(dir, lowest), &expected(lowest)) {
            return (lowest, values);
        }
        lowest += 1;
    }
    (goats, Vec::new())
}

/// Computes the layers below the resume point into `dir`.
pub(crate) fn build_layers(
    movement: &MovementTable,
    dir: &Path,
    options: &BuildOptions,
) -> Result<(), TablebaseError> {
    let layout = movement.layout();
    let rules = layout.rules;
    let goats = u32::from(rules.goats());
    let reps = layout.reps.len() as u64;
    let (first_done, mut below_values) = resume_point(dir, layout, movement.checksum());
    let total = count_entries(layout, 0..goats);
    let mut done = count_entries(layout, first_done..goats);
    for placed in (0..first_done).rev() {
        let below = Below {
            layout,
            movement,
            runs: if placed + 1 < goats {
                runs(layout, placed + 1)
            } else {
                Vec::new()
            },
            values: &below_values,
        };
        let layer_runs = runs(layout, placed);
        let mut layer = Vec::with_capacity(layer_runs.len());
        for run in &layer_runs {
            let entries = run.len * reps;
            let words = packed_words(entries)?;
            let stop = AtomicBool::new(false);
            let progress = Mutex::new((done, None::<Instant>));
            let finish_rep = |n: u64| {
                let Ok(mut guard) = progress.lock() else {
                    return;
                };
                guard.0 += n;
                // The callback hears of every run's first representative,
                // then at most every 100 ms.
                if guard
                    .1
                    .is_none_or(|t| t.elapsed() >= Duration::from_millis(100))
                {
                    guard.1 = Some(Instant::now());
                    let report = BuildProgress {
                        stage: Stage::Placement,
                        done: guard.0,
                        total,
                        layer: placed as u8,
                    };
                    if !options.report(report) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            };
            let work = |cache: &mut Vec<u8>, rep: usize| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let mut out = PackedWriter {
                    words: &words,
                    word: 0,
                    bits: 0,
                };
                solve_run(&below, rep, run, placed, cache, &mut out);
                drop(out);
                finish_rep(run.len);
            };
            #[cfg(feature = "parallel")]
            {
                use rayon::prelude::*;
                (0..layout.reps.len())
                    .into_par_iter()
                    .for_each_init(Vec::new, work);
            }
            #[cfg(not(feature = "parallel"))]
            {
                let mut cache = Vec::new();
                (0..layout.reps.len()).for_each(|rep| work(&mut cache, rep));
            }
            if stop.load(Ordering::Relaxed) {
                return Err(TablebaseError::Interrupted {
                    checkpoint: dir.to_path_buf(),
                });
            }
            done = progress.into_inner().map(|p| p.0).unwrap_or(done);
            layer.push(Values {
                entries,
                words: words.into_iter().map(AtomicU64::into_inner).collect(),
            });
        }
        let expected = Expected {
            rules,
            placed,
            runs: run_sizes(layout, placed),
            movement: movement.checksum(),
        };
        file::write_layer(&file::layer_path(dir, placed), &expected, &layer)?;
        below_values = layer;
    }
    options.report(BuildProgress {
        stage: Stage::Placement,
        done: total,
        total,
        layer: 0,
    });
    Ok(())
}

/// `entries` 2-bit values, zeroed, or an error when the memory is not there.
fn packed_words(entries: u64) -> Result<Vec<AtomicU64>, TablebaseError> {
    filled(entries.div_ceil(32), "a placement layer", || {
        AtomicU64::new(0)
    })
}
