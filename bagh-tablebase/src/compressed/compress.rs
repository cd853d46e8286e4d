//! Making a compressed file from the full tables, section by section.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use super::encode::compress_section;
use super::format;
use super::full_entries::FullEntries;
use super::sections::{shapes, Orders};
use super::{CompressedTables, PlacementLayers};
use crate::options::in_pool;
use crate::{BuildOptions, BuildProgress, Stage, Tablebase, TablebaseError};

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
        layers
            .check(tables.rules().goats())
            .map_err(|reason| TablebaseError::Unsupported {
                rules: tables.rules().to_string(),
                reason,
            })?;
        if let Some(source) = tables.compressed() {
            return source.copy_into(dir, layers, version);
        }
        let mut full = FullEntries::of(tables, Orders::of_version(version), "to compress")?;
        let rules = *tables.rules();
        let mut shapes = shapes(full.layout());
        shapes.retain(|shape| {
            shape
                .part
                .kept_by(|placed| layers.stores(rules.goats(), placed))
        });
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
        CompressedTables::open(&path)
    }

    /// A file of the sections of this one that `layers` keeps, in `dir`.
    fn copy_into(
        &self,
        dir: &Path,
        layers: PlacementLayers,
        version: u32,
    ) -> Result<CompressedTables, TablebaseError> {
        let rules = *self.rules();
        let unsupported = |reason: String| TablebaseError::Unsupported {
            rules: rules.to_string(),
            reason,
        };
        if self.header.version != version {
            return Err(unsupported(format!(
                "{} is of format {}, and its sections can be copied only into a file of the same \
                 format ({version}): compress the full tables",
                self.path.display(),
                self.header.version
            )));
        }
        let missing: Vec<u8> = (1..rules.goats())
            .filter(|&p| layers.stores(rules.goats(), p) && !self.stores_layer(p))
            .collect();
        if !missing.is_empty() {
            return Err(unsupported(format!(
                "{} leaves out the placement layers of {missing:?} goats placed, which the new \
                 file would store: compress the full tables",
                self.path.display()
            )));
        }
        let mut shapes = shapes(&self.layout);
        shapes.retain(|s| {
            s.part
                .kept_by(|placed| layers.stores(rules.goats(), placed))
        });
        std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
        let path = CompressedTables::path_in(dir);
        if path.canonicalize().ok() == Some(self.path.canonicalize().unwrap_or_default()) {
            return Err(unsupported(format!(
                "{} would be written over itself: choose another directory",
                path.display()
            )));
        }
        let sections = &self.header.sections;
        let mut next = 0;
        format::write(
            version,
            &path,
            &rules,
            self.header.block_bytes,
            self.header.movement_crc,
            &shapes,
            |shape| {
                while sections[next].part != shape.part {
                    next += 1;
                }
                Ok(sections[next].data_in(&self.map))
            },
        )?;
        CompressedTables::open(&path)
    }
}
