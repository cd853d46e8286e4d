//! Making a compressed file from the full tables, section by section.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use super::encode::compress_section;
use super::format;
use super::full_entries::FullEntries;
use super::parts::remove_parts_from;
use super::sections::{shapes, Orders, Part, SectionShape};
use super::{CompressedTables, PlacementLayers};
use crate::layout::Layout;
use crate::options::in_pool;
use crate::{BuildOptions, BuildProgress, Stage, Tablebase, TablebaseError};

/// The sections of `layout` that a file storing `layers` holds, in file
/// order.
fn kept_shapes(layout: &Layout, layers: PlacementLayers) -> Vec<SectionShape> {
    let goats = layout.rules.goats();
    let mut kept = shapes(layout);
    kept.retain(|shape| shape.part.kept_by(|placed| layers.stores(goats, placed)));
    kept
}

impl CompressedTables {
    /// Compresses the full tables of `tables` into [`FILE`](Self::FILE) in
    /// `dir`, storing the placement layers of
    /// [`PlacementLayers::default()`]: see [`compress_with`](Self::compress_with).
    pub fn compress(
        tables: &Tablebase,
        dir: impl AsRef<Path>,
        options: &BuildOptions,
    ) -> Result<CompressedTables, TablebaseError> {
        Self::compress_with(tables, dir, options, PlacementLayers::default())
    }

    /// Compresses the full tables of `tables` (the movement table and the
    /// placement layers `layers` keeps) into [`FILE`](Self::FILE) in `dir` (created if
    /// missing; the file is written atomically) and opens it. Each layer
    /// file is read whole and checked; one layer and one section's output
    /// are held in memory at a time (sections are streamed to the file). `options.threads` and `options.on_progress` work as
    /// in a build ([`Stage::Compress`]; `layer` is the placement layer, or
    /// 255 for the movement table); a stop leaves no file.
    ///
    /// `tables` may also be compressed tables of this library's format
    /// that store every layer `layers` keeps: their sections are copied as
    /// they are (in seconds), so that a smaller file can be made from the
    /// file of a data package without the full tables.
    pub fn compress_with(
        tables: &Tablebase,
        dir: impl AsRef<Path>,
        options: &BuildOptions,
        layers: PlacementLayers,
    ) -> Result<CompressedTables, TablebaseError> {
        Self::compress_as(
            tables,
            dir,
            options,
            layers,
            format::COMPRESSED_FORMAT_VERSION,
        )
    }

    /// [`compress_with`](Self::compress_with), the file written in parts
    /// of at most `max_part_bytes` each (see [`split_into`](Self::split_into)):
    /// for a data package whose file is larger than a registry takes.
    pub fn compress_in_parts(
        tables: &Tablebase,
        dir: impl AsRef<Path>,
        options: &BuildOptions,
        layers: PlacementLayers,
        max_part_bytes: u64,
    ) -> Result<CompressedTables, TablebaseError> {
        let dir = dir.as_ref();
        std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
        let whole_dir = tempfile::Builder::new()
            .prefix(".whole.")
            .tempdir_in(dir)
            .map_err(|e| TablebaseError::io(dir, e))?;
        let whole = Self::compress_with(tables, whole_dir.path(), options, layers)?;
        whole.split_into(dir, max_part_bytes)
    }

    /// [`compress_with`](Self::compress_with), writing format `version`
    /// (the tests write version 2 files to check they are still read).
    pub(crate) fn compress_as(
        tables: &Tablebase,
        dir: impl AsRef<Path>,
        options: &BuildOptions,
        layers: PlacementLayers,
        version: u32,
    ) -> Result<CompressedTables, TablebaseError> {
        let dir = dir.as_ref();
        let rules = *tables.rules();
        layers
            .check(rules.goats())
            .map_err(|reason| TablebaseError::Unsupported {
                rules: rules.to_string(),
                reason,
            })?;
        if let Some(source) = tables.compressed() {
            return source.copy_into(dir, &kept_shapes(&source.layout, layers), version);
        }
        let mut full = FullEntries::of(tables, Orders::of_version(version), "to compress")?;
        let shapes = kept_shapes(full.layout(), layers);
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
        let checksum = full.movement_checksum();
        in_pool(&rules, options.threads, || {
            format::write(version, &path, &rules, block, checksum, &shapes, |shape| {
                if stopped.load(Relaxed) {
                    return Err(TablebaseError::Interrupted {
                        checkpoint: path.clone(),
                    });
                }
                full.with_section(shape, |source| {
                    compress_section(source, shape.entries, block, 0, &report(shape.part.layer()))
                })
            })
        })?;
        if stopped.load(Relaxed) {
            std::fs::remove_file(&path).ok();
            return Err(TablebaseError::Interrupted { checkpoint: path });
        }
        remove_parts_from(&path, 1)?;
        CompressedTables::open(&path)
    }

    /// A file of the sections of this one of `shapes`, in `dir`.
    fn copy_into(
        &self,
        dir: &Path,
        shapes: &[SectionShape],
        version: u32,
    ) -> Result<CompressedTables, TablebaseError> {
        let rules = *self.rules();
        if self.header.version != version {
            return Err(self.unsupported(format!(
                "{} is of format {}, and its sections can be copied only into a file of the same \
                 format ({version}): compress the full tables",
                self.path.display(),
                self.header.version
            )));
        }
        let mut missing: Vec<u8> = shapes
            .iter()
            .filter_map(|shape| match shape.part {
                Part::Placement { placed, .. } if !self.stores_layer(placed) => Some(placed),
                _ => None,
            })
            .collect();
        missing.dedup();
        if !missing.is_empty() {
            return Err(self.unsupported(format!(
                "{} leaves out the placement layers of {missing:?} goats placed, which the new \
                 file would store: compress the full tables",
                self.path.display()
            )));
        }
        std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
        let path = CompressedTables::path_in(dir);
        self.refuse_writing_over_itself(&path, 1)?;
        format::write(
            version,
            &path,
            &rules,
            self.header.block_bytes,
            self.header.movement_crc,
            shapes,
            |shape| {
                let section = self.header.sections.iter().find(|s| s.part == shape.part);
                section
                    .map(|section| section.data_in(self.bytes_of(section)))
                    .ok_or_else(|| {
                        TablebaseError::corrupt(&self.path, format!("no {} section", shape.part))
                    })
            },
        )?;
        remove_parts_from(&path, 1)?;
        CompressedTables::open(&path)
    }
}
