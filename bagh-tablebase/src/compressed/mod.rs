//! The whole solved game of a rule set in one compressed, read-only file:
//! the movement table's values and distances and the placement layers'
//! values, in blocks that a probe decodes one at a time.
//!
//! ```
//! use bagh_core::{Point, Position, Ruleset};
//! use bagh_tablebase::{BuildOptions, CompressedTables, Tablebase};
//!
//! let rules = Ruleset::builder().tigers([Point::C3]).goats(4).capture_target(1).build()?;
//! let full = tempfile::tempdir()?;
//! let tables = Tablebase::build(rules, full.path(), &BuildOptions::default())?;
//!
//! let small = tempfile::tempdir()?;
//! CompressedTables::compress(&tables, small.path(), &BuildOptions::default())?;
//! let compressed = Tablebase::open(small.path())?; // the same API
//! let start = Position::new(rules);
//! assert_eq!(compressed.probe(&start)?, tables.probe(&start)?);
//! assert_eq!(compressed.best_moves(&start)?, tables.best_moves(&start)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A section holds one movement block (captured count, side to move) or
//! one placement run (goats placed and captured, the tigers to move),
//! numbered as in the full tables but for the order of the sets within
//! each tiger set's run (revolving-door order, `layout::door`). A
//! tigers-to-move entry that a capture reaches need only be no better for
//! the tigers than the truth, since a
//! probe takes the best of it and of the captures; goats-to-move positions
//! with goats in hand are not stored (the best placement, one ply over
//! stored entries). Its entries are cut into runs of equal entries;
//! each run is one token of a prefix code fitted to the section and to the
//! kinds of the one or two runs before (the entry and the run's length
//! class) and the length's low bits. Tokens fill
//! blocks of a fixed size; the first entry of each block is stored, so a
//! probe finds its block by binary search and decodes that block alone.
//! Entries that no probe reads (the images of a position under a symmetric
//! tiger set) extend the run before them. The file is memory-mapped: open
//! checks its structure, [`verify`](CompressedTables::verify) its checksums.

mod blocks;
mod compress;
mod encode;
pub(crate) mod format;
mod full_entries;
mod huffman;
mod kept_blocks;
mod layers;
mod memo;
mod parts;
mod placement_moves;
mod placement_probe;
mod proven;
mod search_order;
pub(crate) mod sections;
pub mod study;
mod tiger_bounds;
mod token_table;
mod tokens;
mod verify;

use std::path::{Path, PathBuf};

use bagh_core::{Position, Side};
pub use format::COMPRESSED_FORMAT_VERSION;
pub use layers::PlacementLayers;
pub use verify::Difference;

use crate::layout::Layout;
use crate::movement::entry;
use crate::{Probe, TablebaseError};
use encode::goodness;
use format::{Header, Section};
use sections::{movement_entry, movement_entry_of, shapes, Part};
use tiger_bounds::best_capture;

/// The compressed tables of one rule set, memory-mapped.
pub struct CompressedTables {
    path: PathBuf,
    layout: Layout,
    /// The file's maps: one, or one a part.
    parts: parts::Parts,
    header: Header,
    /// The index of each placement section, by goats placed then captured
    /// (none for no goats placed, nor for a layer the file leaves out).
    placement: Vec<Vec<usize>>,
    /// Goats-to-move values proved by earlier probes.
    proven: proven::Proven,
}

impl std::fmt::Debug for CompressedTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompressedTables")
            .field("rules", &self.layout.rules.to_string())
            .field("path", &self.path)
            .field("bytes", &self.parts.len())
            .field("parts", &self.parts.count())
            .finish()
    }
}

/// A run of a decoded block: its first entry, its length and its value.
pub(crate) type Run = (u64, u64, u16);

/// The size of one section of a compressed file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionSize {
    /// `movement, 2 captured, tigers to move` or `placement, 12 placed, 3 captured`.
    pub name: String,
    /// Whether it is a movement section (values and distances).
    pub movement: bool,
    /// Entries, the full tables' numbering.
    pub entries: u64,
    /// Bytes of its data: code, block starts and blocks.
    pub bytes: u64,
    /// The kinds of how many runs before choose a token's code (1 or 2),
    /// whichever made the section smaller.
    pub depth: u8,
}

impl CompressedTables {
    /// The name of the compressed file in a tablebase directory.
    pub const FILE: &'static str = "tables.btz";
    /// The block size of the files this library writes, in bytes.
    pub const BLOCK_BYTES: usize = 128;

    /// The compressed file in `dir`.
    pub fn path_in(dir: &Path) -> PathBuf {
        dir.join(Self::FILE)
    }

    /// Opens a compressed file: maps it and checks its header and the
    /// structure of every section (the data's checksums are read by
    /// [`verify`](Self::verify)). A truncated, damaged or foreign file is an
    /// error that names it.
    pub fn open(path: impl AsRef<Path>) -> Result<CompressedTables, TablebaseError> {
        let path = path.as_ref();
        let parts = parts::Parts::open(path)?;
        let header = format::read(&parts, |rules| shapes(&Layout::new(*rules)))?;
        parts.populate_in_background();
        let layout = Layout::new(header.rules);
        let mut placement = vec![Vec::new(); usize::from(layout.rules.goats())];
        for (i, section) in header.sections.iter().enumerate() {
            if let Part::Placement { placed, .. } = section.part {
                placement[usize::from(placed)].push(i);
            }
        }
        Ok(CompressedTables {
            path: path.to_path_buf(),
            layout,
            parts,
            header,
            placement,
            proven: proven::Proven::new(),
        })
    }

    /// The rule set.
    pub fn rules(&self) -> &bagh_core::Ruleset {
        &self.layout.rules
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's size in bytes (all its parts).
    pub fn bytes(&self) -> u64 {
        self.parts.len()
    }

    /// The files the tables are read from: the file, then its parts
    /// `FILE.1`, `FILE.2`, ... if it is stored in parts (see
    /// [`split_into`](Self::split_into)).
    pub fn files(&self) -> Vec<PathBuf> {
        (0..self.parts.count())
            .map(|k| self.parts.path(k).to_path_buf())
            .collect()
    }

    /// The bytes of the part of the file that holds `section`.
    #[inline]
    fn bytes_of(&self, section: &Section) -> &[u8] {
        self.parts.bytes(section.file)
    }

    /// The number of entries of every section (the full tables' entries,
    /// the images of symmetric positions included).
    pub fn entries(&self) -> u64 {
        self.header.sections.iter().map(|s| s.entries).sum()
    }

    /// Every section's name, entries and bytes, in file order.
    pub fn section_sizes(&self) -> Vec<SectionSize> {
        self.header
            .sections
            .iter()
            .map(|s| SectionSize {
                name: s.part.to_string(),
                movement: matches!(s.part, Part::Movement { .. }),
                entries: s.entries,
                bytes: (s.data.end - s.data.start) as u64,
                depth: s.depth,
            })
            .collect()
    }

    /// The placement layers the file stores, by goats placed: a probe
    /// recovers the others by searching one ply more (see
    /// [`PlacementLayers`]).
    pub fn stored_layers(&self) -> Vec<u8> {
        (1..self.layout.rules.goats())
            .filter(|&placed| self.stores_layer(placed))
            .collect()
    }

    /// The shapes of the file's sections, in file order.
    pub(crate) fn stored_shapes(&self) -> Vec<sections::SectionShape> {
        let mut out = shapes(&self.layout);
        out.retain(|shape| shape.part.kept_by(|placed| self.stores_layer(placed)));
        out
    }

    /// Whether the file stores the tigers-to-move positions of `placed`
    /// goats placed (never for none).
    pub(crate) fn stores_layer(&self, placed: u8) -> bool {
        self.placement
            .get(usize::from(placed))
            .is_some_and(|sections| !sections.is_empty())
    }

    /// The CRC-32 of the entries of the movement table the file was made
    /// from.
    pub fn movement_checksum(&self) -> u32 {
        self.header.movement_crc
    }

    /// Checks every section's data against its checksum.
    pub fn verify(&self) -> Result<(), TablebaseError> {
        for section in &self.header.sections {
            format::check_section(&self.parts, section)?;
        }
        Ok(())
    }

    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    pub(crate) fn sections(&self) -> &[Section] {
        &self.header.sections
    }

    /// The format version of the file.
    pub fn format_version(&self) -> u32 {
        self.header.version
    }

    /// How the file numbers the entries of its runs, in each phase.
    pub(crate) fn orders(&self) -> sections::Orders {
        sections::Orders::of_version(self.header.version)
    }

    /// The value and distance of a position with no goats in hand and
    /// fewer captures than the target (checked by the caller): its entry,
    /// or for the tigers to move the best capture where that is better.
    pub(crate) fn movement_probe(&self, position: &Position) -> Result<Probe, TablebaseError> {
        let order = self.orders().movement;
        let (section, index) = movement_entry(&self.layout, position, order);
        let mut stored = self.entry(section, index)?;
        if position.side_to_move() == Side::Tiger {
            let goats_entry = |tigers, goats, captured| {
                let (s, index) =
                    movement_entry_of(&self.layout, tigers, goats, Side::Goat, captured, order);
                self.entry(s, index)
            };
            if let Some(capture) = best_capture(&self.layout, position, goats_entry)? {
                if goodness(capture) > goodness(stored) {
                    stored = capture;
                }
            }
        }
        entry::decode(stored).ok_or_else(|| {
            TablebaseError::corrupt(&self.path, format!("the entry of {position} is unused"))
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use bagh_core::{random_game, Point, Position, Ruleset};

    use super::encode::{DEPTH_LOCK, FORCED_DEPTH};
    use crate::{BuildOptions, CompressedTables, PlacementLayers, Tablebase};

    /// The full tables of two tigers in the corners and five goats, two
    /// captures to win, built in a temporary directory.
    pub(crate) fn two_corner_tigers() -> (tempfile::TempDir, Tablebase) {
        let rules = Ruleset::builder()
            .tigers([Point::A1, Point::E5])
            .goats(5)
            .capture_target(2)
            .build()
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let full =
            Tablebase::build(rules, dir.path().join("full"), &BuildOptions::default()).unwrap();
        (dir, full)
    }

    /// [`two_corner_tigers`] compressed, every layer stored, in the same
    /// temporary directory.
    pub(crate) fn two_corner_tigers_compressed() -> (tempfile::TempDir, CompressedTables) {
        let (dir, full) = two_corner_tigers();
        let made =
            CompressedTables::compress(&full, dir.path().join("small"), &BuildOptions::default())
                .unwrap();
        (dir, made)
    }

    /// A stride that visits each of `0..n` once (modulo `n`), jumping far:
    /// the first number from `n / parts` on with no factor in common with
    /// `n`.
    pub(crate) fn scattering_stride(n: u64, parts: u64) -> u64 {
        let gcd = |mut a: u64, mut b: u64| {
            while b > 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        (n / parts + 1..).find(|&m| gcd(m, n) == 1).unwrap()
    }

    /// Version 2 files (every layer, 8-byte block starts), version 3 files
    /// (placement runs in the full tables' order) and version 4 files
    /// (movement runs in the full tables' order) are still read and answer
    /// like version 5; a version 2 file cannot leave out a layer.
    #[test]
    fn older_versions_are_read() {
        // The sizes compared below are those of the depths measured best.
        let _depths = DEPTH_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let (dir, full) = two_corner_tigers();
        let rules = *full.rules();
        let options = BuildOptions::default();
        let mut sizes = Vec::new();
        for version in [2, 3, 4, 5] {
            let out = dir.path().join(format!("v{version}"));
            let made = CompressedTables::compress_as(
                &full,
                &out,
                &options,
                PlacementLayers::Every,
                version,
            )
            .unwrap();
            assert_eq!(made.compare(&full, 5, &options).unwrap(), (0, vec![]));
            let bytes = std::fs::read(made.path()).unwrap();
            assert_eq!(
                u32::from_le_bytes(bytes[8..12].try_into().unwrap()),
                version
            );
            sizes.push(bytes.len());
            let small = Tablebase::open(made.path()).unwrap();
            for seed in 0..20 {
                for position in random_game(Position::new(rules), seed, 120).positions() {
                    assert_eq!(
                        small.probe(position).unwrap(),
                        full.probe(position).unwrap()
                    );
                }
            }
        }
        // Version 3's block starts take 4 bytes.
        assert!(sizes[1] < sizes[0], "{sizes:?}");
        let error = CompressedTables::compress_as(
            &full,
            dir.path().join("v2-alternate"),
            &options,
            PlacementLayers::Alternate,
            2,
        )
        .unwrap_err();
        assert!(
            error
                .to_string()
                .contains("a version 2 file stores every placement layer"),
            "{error}"
        );
    }

    /// Every section coded with the kinds of two runs before (which small
    /// tables never choose on their own) answers like the full tables.
    #[test]
    fn sections_of_depth_two_decode() {
        let (dir, full) = two_corner_tigers();
        let rules = *full.rules();
        let _depths = DEPTH_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        FORCED_DEPTH.store(2, std::sync::atomic::Ordering::Relaxed);
        let made =
            CompressedTables::compress(&full, dir.path().join("small"), &BuildOptions::default());
        FORCED_DEPTH.store(0, std::sync::atomic::Ordering::Relaxed);
        let made = made.unwrap();
        assert!(made.section_sizes().iter().all(|s| s.depth == 2));
        assert_eq!(
            made.compare(&full, 5, &BuildOptions::default()).unwrap(),
            (0, vec![])
        );
        let small = Tablebase::open(made.path()).unwrap();
        for seed in 0..40 {
            for position in random_game(Position::new(rules), seed, 120).positions() {
                assert_eq!(
                    small.probe(position).unwrap(),
                    full.probe(position).unwrap()
                );
            }
        }
    }
}
