//! The placement phase solved strongly: the value of every position with
//! goats in hand, computed by backward induction one layer of goats placed
//! at a time, with the movement-phase table below the last layer.
//!
//! A layer holds the positions with `p` goats placed and the goats to move,
//! one run per captured count `c` (so `p - c` goats on the board). The value
//! of such a position is the best, over the goat's placements, of the value
//! of the tiger-to-move position it leads to; that one is the worst, over the
//! tiger's moves, of the value of a position of the layer `p + 1` (or, when
//! the last goat was placed, the movement-phase table's answer). The layers
//! are computed from the last (`p = goats - 1`) to the first (the start), so
//! each needs only the one after it in memory. Tiger-to-move positions are
//! not stored: a probe computes them with one ply.
//!
//! Positions are numbered like the movement table's (see `layout`): a tiger
//! set's representative under the eight symmetries, then the colex rank of
//! the goat set among the points free of tigers. Every entry of a run is
//! computed, also those that are images of others under a symmetric tiger
//! set, so a lookup may use any symmetry that maps the tigers onto their
//! representative.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::entry::Value;
use super::fold::image;
use super::indexing::{binomial, colex_rank, colex_rank_fast, next_subset};
use super::layout::Layout;
use super::placement_file::{self, LayerHeader, Values};
use super::{in_pool, progress_bar, BuildOptions, BuildProgress, Tablebase, TablebaseError};
use crate::{Direction, PointSet, Position, Ruleset, Side, TigerMoves};

/// Goats' values as stored: loss, draw, win for the goats.
const LOSS: u8 = 0;
const DRAW: u8 = 1;
const WIN: u8 = 2;
/// A tiger-to-move value not computed yet (in the per-thread cache).
const UNKNOWN: u8 = 3;
/// A tiger-to-move value known only to be a draw or a loss for the goats
/// (in the per-thread cache; see `solve_run`).
const NOT_WIN: u8 = 4;

fn to_value(stored: u8) -> Value {
    match stored {
        LOSS => Value::Loss,
        DRAW => Value::Draw,
        _ => Value::Win,
    }
}

/// The strong solution of the placement phase of one rule set: a directory
/// of layer files, one per number of goats placed.
///
/// ```
/// use bagh_core::{BuildOptions, PlacementSolver, PlacementTable, Point, Position, Ruleset, Tablebase};
///
/// // One tiger in the centre, four goats, the tiger wins with one capture.
/// let rules = Ruleset::builder().tigers([Point::C3]).goats(4).capture_target(1).build()?;
/// let dir = std::env::temp_dir().join(format!("bagh-doc-placement-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let options = BuildOptions { progress_bar: false, ..BuildOptions::default() };
/// let table = Tablebase::build(rules, dir.join("movement.tb"), &options)?;
/// let placement = PlacementTable::build(&table, &dir, &options)?;
///
/// // Every position with goats in hand, either side to move, has its value;
/// // the search of `PlacementSolver`, another method, agrees.
/// let start = Position::new(rules);
/// let value = placement.probe(&start)?;
/// assert_eq!(PlacementSolver::new(&table, 16).solve(&start)?, value);
/// let after = start.play("a1".parse()?)?;
/// assert_eq!(placement.probe(&after)?, PlacementSolver::new(&table, 16).solve(&after)?);
/// # std::fs::remove_dir_all(&dir).ok();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PlacementTable {
    layout: Layout,
    dir: PathBuf,
    /// By goats placed: the layer file, open for probes.
    layers: Vec<LayerFile>,
    /// By goats placed, after [`load`](Self::load): the values in memory.
    memory: Option<Vec<Vec<Values>>>,
}

/// One layer file, open for probes.
struct LayerFile {
    path: PathBuf,
    header: LayerHeader,
    file: Mutex<std::fs::File>,
}

impl std::fmt::Debug for PlacementTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlacementTable")
            .field("rules", &self.layout.rules.to_string())
            .field("dir", &self.dir)
            .finish()
    }
}

/// Wins, draws and losses of the goats to move, over the positions of the
/// placement table with one number of goats placed and captured (distinct up
/// to the board's symmetries).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementStatistics {
    /// Goats placed.
    pub placed: u8,
    /// Goats captured.
    pub captured: u8,
    /// Positions up to symmetry.
    pub positions: u64,
    /// Positions the goats (to move) win.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions the goats lose.
    pub losses: u64,
}

/// The shape of one run of a layer: captured count and goats on the board.
#[derive(Copy, Clone, Debug)]
struct Run {
    captured: u8,
    goats: u32,
    /// Entries per tiger representative.
    len: u64,
}

/// The runs of the layer with `placed` goats placed (goats to move).
fn runs(layout: &Layout, placed: u32) -> Vec<Run> {
    let rules = &layout.rules;
    (0..rules.capture_target())
        .take_while(|&c| u32::from(c) <= placed)
        .map(|c| {
            let goats = placed - u32::from(c);
            Run {
                captured: c,
                goats,
                len: binomial(layout.free, goats),
            }
        })
        .collect()
}

/// The points of `bits` renumbered among the points free of `tigers`
/// (the bits of `tigers` removed, the bits above them shifted down).
#[inline(always)]
fn compress(tigers: u32, bits: u32) -> u32 {
    let mut x = bits;
    let mut rest = tigers;
    while rest != 0 {
        let high = 31 - rest.leading_zeros();
        let low = (1u32 << high) - 1;
        x = (x & low) | ((x >> 1) & !low);
        rest &= low;
    }
    x
}

/// The entry of the goats-to-move position with these sets in a run of
/// `run_len` entries per tiger representative: the representative of the
/// tigers, then the colex rank of the goats' image among its free points.
#[inline]
fn entry_index(layout: &Layout, tigers: u32, goats: u32, run_len: u64) -> u64 {
    let code = layout.lookup[colex_rank(tigers) as usize];
    let rep = (code >> 8) as usize;
    let symmetry = (code as u8).trailing_zeros() as usize;
    let compact = compress(layout.reps[rep].bits, image(symmetry, goats));
    rep as u64 * run_len + colex_rank_fast(compact)
}

/// The number of entries of the layers with these numbers of goats placed.
fn count_entries(layout: &Layout, placed: impl Iterator<Item = u32>) -> u64 {
    let reps = layout.reps.len() as u64;
    placed
        .flat_map(|p| runs(layout, p))
        .map(|r| r.len * reps)
        .sum()
}

/// The layer being read (goats placed `p + 1`) while layer `p` is computed.
struct Below<'a> {
    layout: &'a Layout,
    movement: &'a Tablebase,
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
    fn tigers_to_move(&self, position: &Position, floor: u8) -> u8 {
        let rules = &self.layout.rules;
        if position.in_hand == 0 {
            let slot = self.layout.slot(
                position.tigers.bits(),
                position.goats.bits(),
                Side::Tiger,
                position.captured,
            );
            return match self.movement.entry_value(slot.index) {
                Value::Win => LOSS,
                Value::Draw => DRAW,
                Value::Loss => WIN,
            };
        }
        // The tiger moves, generated here as bitboards (as `movegen` does,
        // without building the move list): captures first, then steps or
        // slides unless a capture is mandatory.
        let target = rules.capture_target();
        let (tigers, goats) = (position.tigers, position.goats);
        let empty = position.empty();
        let mut worst = WIN;
        let mut any_move = false;
        let mut any_capture = false;
        for direction in Direction::ALL {
            let offset = direction.offset();
            for to in direction.shift(direction.shift(tigers) & goats) & empty {
                let captured = position.captured + 1;
                if captured >= target {
                    return LOSS;
                }
                any_capture = true;
                let to = to.index() as i32;
                let (over, from) = (to - offset, to - 2 * offset);
                let after_tigers = tigers.bits() ^ (1 << from | 1 << to);
                let after_goats = goats.bits() & !(1 << over);
                let value = self.goats_to_move(after_tigers, after_goats, captured);
                if let Some(answer) = settle(&mut worst, value, floor) {
                    return answer;
                }
            }
        }
        any_move |= any_capture;
        if !(any_capture && rules.mandatory_capture()) {
            let slide = rules.tiger_moves() == TigerMoves::Slide;
            for direction in Direction::ALL {
                let offset = direction.offset();
                let mut reached = direction.shift(tigers) & empty;
                let mut distance = 1;
                while !reached.is_empty() {
                    any_move = true;
                    for to in reached {
                        let to = to.index() as i32;
                        let from = to - offset * distance;
                        let after_tigers = tigers.bits() ^ (1 << from | 1 << to);
                        let value =
                            self.goats_to_move(after_tigers, goats.bits(), position.captured);
                        if let Some(answer) = settle(&mut worst, value, floor) {
                            return answer;
                        }
                    }
                    if !slide {
                        break;
                    }
                    reached = direction.shift(reached) & empty;
                    distance += 1;
                }
            }
        }
        if !any_move {
            // Every tiger trapped: the goats win.
            return WIN;
        }
        worst
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
                let position = Position {
                    tigers: PointSet::from_bits(rep_tigers.bits),
                    goats: PointSet::from_bits(layout.expand(rep_tigers, after)),
                    rules: *rules,
                    side: Side::Tiger,
                    in_hand: rules.goats() - placed as u8 - 1,
                    captured: run.captured,
                };
                value = below.tigers_to_move(&position, best);
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

impl PlacementTable {
    /// The bytes of memory a build needs at most: two layers of 2-bit
    /// values, besides the movement table.
    pub fn memory_needed(rules: &Ruleset) -> u64 {
        let layout = Layout::new(*rules);
        let reps = layout.reps.len() as u64;
        let layer = |p: u32| -> u64 {
            runs(&layout, p)
                .iter()
                .map(|r| (r.len * reps).div_ceil(32) * 8)
                .sum()
        };
        (0..u32::from(rules.goats()))
            .map(|p| layer(p) + layer(p + 1))
            .max()
            .unwrap_or(0)
    }

    /// The number of entries of the whole table (goats-to-move positions with
    /// goats in hand, one per tiger representative and goat set).
    pub fn entries(rules: &Ruleset) -> u64 {
        count_entries(&Layout::new(*rules), 0..u32::from(rules.goats()))
    }

    /// Computes the placement phase of `movement`'s rule set into the
    /// directory `dir` (one file per layer, each written atomically) and
    /// opens it. Layers already in `dir` for this rule set are kept: a build
    /// that was interrupted resumes after the last layer it finished.
    /// `options.on_progress` can stop it (its [`BuildProgress::layer`] is the
    /// number of goats placed in the layer being computed);
    /// `options.memory_budget` bounds the memory of the two layers it holds.
    pub fn build(
        movement: &Tablebase,
        dir: impl AsRef<Path>,
        options: &BuildOptions,
    ) -> Result<PlacementTable, TablebaseError> {
        let dir = dir.as_ref();
        let rules = *movement.rules();
        let needed = PlacementTable::memory_needed(&rules);
        if needed > options.memory_budget {
            return Err(TablebaseError::TooLarge {
                rules: rules.to_string(),
                needed,
                budget: options.memory_budget,
            });
        }
        std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
        in_pool(&rules, options.threads, || {
            PlacementTable::build_in(movement, dir, options)
        })
    }

    fn build_in(
        movement: &Tablebase,
        dir: &Path,
        options: &BuildOptions,
    ) -> Result<PlacementTable, TablebaseError> {
        let rules = *movement.rules();
        let layout = Layout::new(rules);
        let goats = u32::from(rules.goats());
        let reps = layout.reps.len() as u64;
        // Resume: the first layer whose file is whole.
        let mut first_done = goats;
        let mut below_values: Vec<Values> = Vec::new();
        for p in 0..goats {
            let path = placement_file::layer_path(dir, p);
            if !path.exists() {
                continue;
            }
            if let Ok(values) = placement_file::read_layer(&path, &rules, p) {
                first_done = p;
                below_values = values;
                break;
            }
        }
        let total = count_entries(&layout, 0..goats);
        let mut done = count_entries(&layout, first_done..goats);
        let bar = options.progress_bar.then(|| progress_bar(total, done));
        for placed in (0..first_done).rev() {
            if let Some(bar) = &bar {
                bar.set_message(format!("{placed} goats placed"));
            }
            let below = Below {
                layout: &layout,
                movement,
                runs: if placed + 1 < goats {
                    runs(&layout, placed + 1)
                } else {
                    Vec::new()
                },
                values: &below_values,
            };
            let layer_runs = runs(&layout, placed);
            let mut layer = Vec::with_capacity(layer_runs.len());
            for run in &layer_runs {
                let entries = run.len * reps;
                let words: Vec<AtomicU64> = (0..entries.div_ceil(32))
                    .map(|_| AtomicU64::new(0))
                    .collect();
                let stop = AtomicBool::new(false);
                let progress = Mutex::new((done, None::<Instant>));
                let finish_rep = |n: u64| {
                    let Ok(mut guard) = progress.lock() else {
                        return;
                    };
                    guard.0 += n;
                    if let Some(bar) = &bar {
                        bar.set_position(guard.0);
                    }
                    // The callback hears of every run's first representative,
                    // then at most every 100 ms.
                    if guard
                        .1
                        .map_or(true, |t| t.elapsed() >= Duration::from_millis(100))
                    {
                        guard.1 = Some(Instant::now());
                        if let Some(callback) = &options.on_progress {
                            let report = BuildProgress {
                                done: guard.0,
                                total,
                                layer: placed as u8,
                            };
                            if !callback(&report) {
                                stop.store(true, Ordering::Relaxed);
                            }
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
                    if let Some(bar) = &bar {
                        bar.abandon();
                    }
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
            placement_file::write_layer(
                &placement_file::layer_path(dir, placed),
                &rules,
                placed,
                &layer,
            )?;
            below_values = layer;
        }
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        drop(below_values);
        PlacementTable::open(dir, &rules)
    }

    /// Opens the layer files of `rules` in `dir`, checking their headers and
    /// lengths (the checksums are checked by [`verify`](Self::verify)).
    pub fn open(dir: impl AsRef<Path>, rules: &Ruleset) -> Result<PlacementTable, TablebaseError> {
        let dir = dir.as_ref();
        let layout = Layout::new(*rules);
        let reps = layout.reps.len() as u64;
        let mut layers = Vec::new();
        for p in 0..u32::from(rules.goats()) {
            let path = placement_file::layer_path(dir, p);
            let header = placement_file::read_header(&path, rules, p)?;
            let expected: Vec<u64> = runs(&layout, p).iter().map(|r| r.len * reps).collect();
            let found: Vec<u64> = header.runs.iter().map(|r| r.0).collect();
            if expected != found {
                return Err(TablebaseError::Corrupt {
                    path,
                    what: format!("runs of {found:?} entries, expected {expected:?}"),
                });
            }
            let file = std::fs::File::open(&path).map_err(|e| TablebaseError::io(&path, e))?;
            layers.push(LayerFile {
                path,
                header,
                file: Mutex::new(file),
            });
        }
        Ok(PlacementTable {
            layout,
            dir: dir.to_path_buf(),
            layers,
            memory: None,
        })
    }

    /// Opens the layer files like [`open`](Self::open) and reads them into
    /// memory, checking their checksums: probes then read no file (about
    /// 4.4 GB for `bagh-chal`).
    pub fn load(dir: impl AsRef<Path>, rules: &Ruleset) -> Result<PlacementTable, TablebaseError> {
        let mut table = PlacementTable::open(dir, rules)?;
        let layers = (0..table.layers.len() as u32)
            .map(|p| table.read_layer(p))
            .collect::<Result<Vec<_>, _>>()?;
        table.memory = Some(layers);
        Ok(table)
    }

    /// Whether the values are held in memory ([`load`](Self::load)).
    pub fn in_memory(&self) -> bool {
        self.memory.is_some()
    }

    /// Reads the layer file of `placed` goats placed whole, checking its checksum.
    fn read_layer(&self, placed: u32) -> Result<Vec<Values>, TablebaseError> {
        let path = &self.layers[placed as usize].path;
        placement_file::read_layer(path, &self.layout.rules, placed)
    }

    /// Reads every layer file whole and checks its checksum.
    pub fn verify(&self) -> Result<(), TablebaseError> {
        for p in 0..self.layers.len() as u32 {
            self.read_layer(p)?;
        }
        Ok(())
    }

    /// Wins, draws and losses of every run of goats placed and captured,
    /// counting each position once up to symmetry. Reads every layer file
    /// whole and checks its checksum on the way.
    pub fn statistics(&self) -> Result<Vec<PlacementStatistics>, TablebaseError> {
        let layout = &self.layout;
        let mut out = Vec::new();
        for p in 0..self.layers.len() as u32 {
            let layer = self.read_layer(p)?;
            for (run, values) in runs(layout, p).iter().zip(&layer) {
                let count_rep = |rep: usize| -> [u64; 3] {
                    let mut counts = [0u64; 3];
                    let tigers = &layout.reps[rep];
                    let base = rep as u64 * run.len;
                    let mut compact: u32 = (1u32 << run.goats) - 1;
                    for rank in 0..run.len {
                        if tigers.stabilizer == 1
                            || Layout::is_canonical(tigers, layout.expand(tigers, compact))
                        {
                            counts[usize::from(values.get(base + rank).min(WIN))] += 1;
                        }
                        if run.goats > 0 {
                            compact = next_subset(compact);
                        }
                    }
                    counts
                };
                let add = |a: [u64; 3], b: [u64; 3]| [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
                #[cfg(feature = "parallel")]
                let counts = {
                    use rayon::prelude::*;
                    (0..layout.reps.len())
                        .into_par_iter()
                        .map(count_rep)
                        .reduce(|| [0; 3], add)
                };
                #[cfg(not(feature = "parallel"))]
                let counts = (0..layout.reps.len()).map(count_rep).fold([0; 3], add);
                out.push(PlacementStatistics {
                    placed: p as u8,
                    captured: run.captured,
                    positions: counts.iter().sum(),
                    wins: counts[usize::from(WIN)],
                    draws: counts[usize::from(DRAW)],
                    losses: counts[usize::from(LOSS)],
                });
            }
        }
        Ok(out)
    }

    /// The rule set.
    pub fn rules(&self) -> &Ruleset {
        &self.layout.rules
    }

    /// The directory of the layer files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn not_in_table(position: &Position, reason: &'static str) -> TablebaseError {
        TablebaseError::NotInPlacementTable {
            position: position.to_string(),
            reason,
        }
    }

    /// The value for the goats of a goats-to-move position with goats in hand
    /// and fewer captures than the target (checked by the caller).
    fn goats_value(
        &self,
        tigers: u32,
        goats: u32,
        placed: u32,
        captured: u8,
    ) -> Result<u8, TablebaseError> {
        let run_len = binomial(self.layout.free, placed - u32::from(captured));
        let index = entry_index(&self.layout, tigers, goats, run_len);
        if let Some(layers) = &self.memory {
            return Ok(layers[placed as usize][captured as usize].get(index));
        }
        let layer = &self.layers[placed as usize];
        placement_file::read_entry(
            &layer.path,
            &layer.file,
            &layer.header,
            captured as usize,
            index,
        )
    }

    /// The value for the side to move of a position with goats in hand,
    /// either side to move, under perfect play. Positions with no goats in
    /// hand are the movement table's ([`Tablebase::probe`]).
    pub fn probe(&self, position: &Position) -> Result<Value, TablebaseError> {
        let rules = &self.layout.rules;
        if position.rules != *rules {
            return Err(TablebaseError::RulesMismatch {
                position: position.to_string(),
                position_rules: position.rules.to_string(),
                table_rules: rules.to_string(),
            });
        }
        if position.is_capture_target_reached() {
            return Ok(if position.side == Side::Tiger {
                Value::Win
            } else {
                Value::Loss
            });
        }
        if position.in_hand == 0 {
            return Err(PlacementTable::not_in_table(
                position,
                "no goats in hand: probe the movement-phase table",
            ));
        }
        let placed = u32::from(rules.goats() - position.in_hand);
        let (tigers, goats) = (position.tigers.bits(), position.goats.bits());
        if tigers.count_ones() as usize != rules.tigers()
            || goats.count_ones() + u32::from(position.captured) != placed
        {
            return Err(PlacementTable::not_in_table(
                position,
                "the piece counts do not match the rule set",
            ));
        }
        match position.side {
            Side::Goat => Ok(to_value(self.goats_value(
                tigers,
                goats,
                placed,
                position.captured,
            )?)),
            Side::Tiger => {
                if placed == 0 {
                    return Err(PlacementTable::not_in_table(
                        position,
                        "tigers to move before any goat is placed",
                    ));
                }
                let moves = position.legal_moves();
                if moves.is_empty() {
                    return Ok(Value::Loss);
                }
                let mut best = Value::Loss;
                for mv in moves {
                    let mut after = *position;
                    after.play_unchecked(mv);
                    let value = if after.is_capture_target_reached() {
                        Value::Win
                    } else {
                        to_value(self.goats_value(
                            after.tigers.bits(),
                            after.goats.bits(),
                            placed,
                            after.captured,
                        )?)
                        .flip()
                    };
                    best = best.max(value);
                }
                Ok(best)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compress_removes_the_tiger_points() {
        // Tigers on bits 1 and 4; goats on 0, 2, 5 become 0, 1, 3.
        assert_eq!(compress(0b10010, 0b100101), 0b1011);
        assert_eq!(compress(0, 0b101), 0b101);
    }

    #[test]
    fn stored_values_decode() {
        assert_eq!(to_value(LOSS), Value::Loss);
        assert_eq!(to_value(DRAW), Value::Draw);
        assert_eq!(to_value(WIN), Value::Win);
    }
}
