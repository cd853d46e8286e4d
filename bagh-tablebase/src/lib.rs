//! # bagh-tablebase
//!
//! Bagh-Chal solved: for any rule set of [`bagh_core`] that fits in memory,
//! the value of every position of the game under perfect play, in one
//! directory of table files with one probe for any position.
//!
//! ```
//! use bagh_core::{Point, Position, Ruleset};
//! use bagh_tablebase::{BuildOptions, Tablebase, Value};
//!
//! // One tiger in the centre and four goats; the tiger wins with one capture.
//! let rules = Ruleset::builder().tigers([Point::C3]).goats(4).capture_target(1).build()?;
//! let dir = tempfile::tempdir()?;
//! let tables = Tablebase::build(rules, dir.path(), &BuildOptions::default())?;
//!
//! let start = Position::new(rules);
//! let probe = tables.probe(&start)?; // goats in hand: the placement layers answer
//! println!("the start is a {} for the goats", probe.value);
//! for mv in tables.best_moves(&start)? {
//!     let after = start.play(mv)?;
//!     assert_eq!(tables.probe(&after)?.value, probe.value.flip());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The parts
//!
//! - [`MovementTable`]: every position with no goats in hand, by retrograde
//!   analysis; win, draw or loss and the distance to the end in plies.
//! - [`PlacementTable`]: every position with goats in hand, by backward
//!   induction one layer of goats placed at a time down to the movement
//!   table; win, draw or loss. One file per layer.
//! - [`Tablebase`]: both in one directory, opened by its path alone (the
//!   rule set is read from the files), with [`Tablebase::probe`],
//!   [`Tablebase::probe_moves`] and [`Tablebase::best_moves`] for any
//!   position. A directory with only the movement table answers the
//!   movement phase and says which build is missing for the rest.
//! - [`PlacementSolver`]: the value of one position with goats in hand by
//!   alpha-beta search down to the movement table, without the layers.
//! - [`CompressedTables`]: the whole game of a built directory in one
//!   memory-mapped file, which [`Tablebase::open`] opens like the full
//!   tables and which answers every probe alike.
//!
//! Every answer is a [`Probe`]: a [`Value`] for the side to move and the
//! distance where the table knows it.
//!
//! # What the values mean
//!
//! The tables know positions, not games. That is exact under the `allowed`
//! and `draw(n)` repetition policies (a side that can force a win can force
//! it without repeating, and a side that cannot lose can hold the cycle).
//! Under `forbidden` it is the value of the position *as if it were new*: a
//! game's history can ban moves the table assumes, so a line of best moves
//! that repeats a position must be broken by the player. The no-progress
//! limit is ignored likewise.
//!
//! # Files you can trust
//!
//! Every file carries checksums and its rule set; each placement layer also
//! records the checksum of the movement table it was built on and the
//! numbering it uses. Opening checks headers and lengths,
//! [`Tablebase::verify`] every checksum; a damaged, truncated, foreign or
//! mismatched file is a [`TablebaseError`] that names it, never a panic.
//! Files are written through uniquely named temporary files and renamed
//! into place, and a lock makes a second build into the same directory
//! fail with [`TablebaseError::Busy`]. Builds resume after the last layer
//! they finished. The formats are documented in the [`guide`].
//!
//! # Features
//!
//! - `parallel` (default): builds and statistics on several threads
//!   (rayon); see [`BuildOptions::threads`].
//!
//! The library prints nothing: progress goes to
//! [`BuildOptions::on_progress`], which front ends draw as they like.

// One unsafe call: the memory map of a compressed file (`compressed::parts::map`).
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod compressed;
mod error;
mod files;
mod history;
mod layout;
mod memory;
mod movement;
mod options;
mod placement;
mod probing;
mod tablebase;
mod value;

pub use compressed::{
    CompressedTables, Difference, PlacementLayers, SectionSize, COMPRESSED_FORMAT_VERSION,
};
pub use error::TablebaseError;
pub use history::{GameProbe, HistorySearch};
pub use movement::{MovementLayerStatistics, MovementStatistics, MovementTable, FORMAT_VERSION};
pub use options::{BuildOptions, BuildProgress, ProgressCallback, Stage};
pub use placement::solver::PlacementSolver;
pub use placement::{
    PlacementLayerStatistics, PlacementStatistics, PlacementTable, PLACEMENT_FORMAT_VERSION,
};
pub use tablebase::{Statistics, Tablebase};
pub use value::{Probe, Value};

/// The compressor's view of the placement sections, for the design studies
/// of the `bagh-research` crate: hidden, and outside the semver promise,
/// because it is the format's internals rather than an interface.
#[doc(hidden)]
pub use compressed::study;

pub(crate) use probing::{
    capture_target_probe, check_rules, keeping, placement_probe, probe_each_move,
};

/// The README's Rust code (the rules and the tables), compiled and run as a
/// doctest.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// The guide to this crate: the page `docs/tablebase.md` of the repository,
/// shipped in the crate so that it reads the same here. Its examples are
/// compiled as doctests; those that build whole tables are not run.
#[doc = include_str!(concat!(env!("OUT_DIR"), "/guide/tablebase.md"))]
// The guide is Markdown for a code host, where `[W]` is text, not a link
// to an item: rustdoc must not read its brackets as intra-doc links.
#[allow(rustdoc::broken_intra_doc_links)]
pub mod guide {}

// The crate's README (its page on crates.io) runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
