//! Making a compressed file from the full tables, section by section.

use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use bagh_core::Side;

use super::encode::compress_section;
use super::format;
use super::sections::{shapes, Part, SectionShape};
use super::CompressedTables;
use crate::layout::indexing::{colex_unrank, next_subset};
use crate::layout::Layout;
use crate::movement::entry::{tag, UNUSED};
use crate::options::in_pool;
use crate::placement::file::Values;
use crate::{BuildOptions, BuildProgress, MovementTable, Stage, Tablebase, TablebaseError};

impl CompressedTables {
    /// Compresses the full tables of `tables` (the movement table and every
    /// placement layer) into [`FILE`](Self::FILE) in `dir` (created if
    /// missing; the file is written atomically) and opens it. Each layer
    /// file is read whole and checked; at most one layer and the output are
    /// held in memory. `options.threads` and `options.on_progress` work as
    /// in a build ([`Stage::Compress`]; `layer` is the placement layer, or
    /// 255 for the movement table); a stop leaves no file.
    pub fn compress(
        tables: &Tablebase,
        dir: impl AsRef<Path>,
        options: &BuildOptions,
    ) -> Result<CompressedTables, TablebaseError> {
        let dir = dir.as_ref();
        let (Some(movement), Some(placement)) = (tables.movement(), tables.placement()) else {
            return Err(TablebaseError::Unsupported {
                rules: tables.rules().to_string(),
                reason: format!(
                    "{} does not hold the full tables (the movement table and every placement layer) to compress",
                    tables.dir().display()
                ),
            });
        };
        let rules = *tables.rules();
        let layout = movement.layout().clone();
        let shapes = shapes(&layout);
        let total: u64 = 2 * shapes.iter().map(|s| s.entries).sum::<u64>();
        let done = AtomicU64::new(0);
        let stopped = AtomicBool::new(false);
        let (done, stopped) = (&done, &stopped);
        let report = |layer: u8| {
            move |n: u64| {
                let done = done.fetch_add(n, Relaxed) + n;
                let going = options.report(BuildProgress {
                    stage: Stage::Compress,
                    done,
                    total,
                    layer,
                });
                if !going {
                    stopped.store(true, Relaxed);
                }
            }
        };
        std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
        let path = CompressedTables::path_in(dir);
        let block = CompressedTables::BLOCK_BYTES;
        in_pool(&rules, options.threads, || {
            let mut layer: Option<(u8, Vec<Values>)> = None;
            format::write(
                &path,
                &rules,
                block,
                movement.checksum(),
                &shapes,
                |shape| {
                    if stopped.load(Relaxed) {
                        return Err(TablebaseError::Interrupted {
                            checkpoint: path.clone(),
                        });
                    }
                    Ok(match shape.part {
                        Part::Movement { captured, side } => {
                            let l = &layout.layers[captured as usize];
                            let base = l.offset + if side == Side::Tiger { l.block } else { 0 };
                            let source = movement_source(movement, base);
                            compress_section(&source, shape.entries, block, 0, &report(255))
                        }
                        Part::Placement { placed, captured } => {
                            if layer.as_ref().is_none_or(|(p, _)| *p != placed) {
                                drop(layer.take()); // free the last layer before reading the next
                                layer = Some((placed, placement.read_layer(u32::from(placed))?));
                            }
                            let values = layer
                                .as_ref()
                                .map(|(_, v)| &v[captured as usize])
                                .ok_or_else(|| TablebaseError::corrupt(&path, "no layer"))?;
                            let source = placement_source(&layout, shape, values);
                            compress_section(&source, shape.entries, block, 0, &report(placed))
                        }
                    })
                },
            )
        })?;
        if stopped.load(Relaxed) {
            std::fs::remove_file(&path).ok();
            return Err(TablebaseError::Interrupted { checkpoint: path });
        }
        CompressedTables::open(&path)
    }
}

/// The entries of a movement section starting at entry `base` of the
/// movement table: don't-care where unused.
pub(crate) fn movement_source(
    movement: &MovementTable,
    base: u64,
) -> impl Fn(Range<u64>, &mut dyn FnMut(Option<u16>)) + Sync + '_ {
    move |range, visit| {
        for i in range {
            let e = movement.entry(base + i);
            visit((tag(e) != UNUSED).then_some(e));
        }
    }
}

/// The entries of a placement run, read from the layer's values:
/// don't-care where the goats are not the canonical image of their
/// position under a symmetric tiger set.
pub(crate) fn placement_source<'a>(
    layout: &'a Layout,
    shape: &'a SectionShape,
    values: &'a Values,
) -> impl Fn(Range<u64>, &mut dyn FnMut(Option<u16>)) + Sync + 'a {
    let goats_on_board = match shape.part {
        Part::Placement { placed, captured } => u32::from(placed - captured),
        Part::Movement { .. } => 0,
    };
    move |range, visit| {
        let mut i = range.start;
        while i < range.end {
            let rep_index = (i / shape.run) as usize;
            let rep = &layout.reps[rep_index];
            let end = range.end.min((rep_index as u64 + 1) * shape.run);
            if rep.stabilizer == 1 {
                (i..end).for_each(|i| visit(Some(u16::from(values.get(i)))));
                i = end;
                continue;
            }
            // A symmetric tiger set: walk the goat sets to find the images.
            let base = rep_index as u64 * shape.run;
            let mut compact = colex_unrank(i - base, layout.free, goats_on_board);
            for index in i..end {
                let goats = layout.expand(rep, compact);
                let canonical = Layout::is_canonical(rep, goats);
                visit(canonical.then(|| u16::from(values.get(index))));
                if compact != 0 {
                    compact = next_subset(compact);
                }
            }
            i = end;
        }
    }
}
