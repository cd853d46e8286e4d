//! The errors of building, opening and probing tables.

use std::io;
use std::path::PathBuf;

/// Why a table could not be built, opened or probed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TablebaseError {
    /// The rule set's tables would not fit the memory budget.
    #[error(
        "the tables of rule set {rules:?} need {needed} bytes of memory to build, \
         above the budget of {budget} bytes (raise the memory budget)"
    )]
    TooLarge {
        /// The rule set's text form.
        rules: String,
        /// Bytes the build would need.
        needed: u64,
        /// The budget it was given.
        budget: u64,
    },
    /// The rule set cannot be tabled by this format.
    #[error("rule set {rules:?} cannot be tabled: {reason}")]
    Unsupported {
        /// The rule set's text form.
        rules: String,
        /// Why.
        reason: String,
    },
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
    /// The file does not start like a tablebase file.
    #[error("{path}: not a bagh tablebase file (bad magic bytes)")]
    NotATablebase {
        /// The file.
        path: PathBuf,
    },
    /// The file has a format version this library does not read.
    #[error("{path}: format version {found}, this library reads version {supported}")]
    UnsupportedVersion {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        found: u32,
        /// The version this library reads and writes.
        supported: u32,
    },
    /// The file is shorter than its header says.
    #[error("{path}: truncated: {what} needs {expected} bytes, the file has {found}")]
    Truncated {
        /// The file.
        path: PathBuf,
        /// The part that is cut off.
        what: &'static str,
        /// Bytes expected.
        expected: u64,
        /// Bytes present.
        found: u64,
    },
    /// The file's contents do not check out (checksum, lengths, fields).
    #[error("{path}: corrupt: {what}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// The file holds the table of another rule set than the one expected.
    #[error("{path}: the table is for rule set {found:?}, not {expected:?}")]
    WrongRules {
        /// The file.
        path: PathBuf,
        /// The rule set expected.
        expected: String,
        /// The rule set in the file.
        found: String,
    },
    /// The position is played under another rule set than the table's.
    #[error("position {position} is under rule set {position_rules:?}, the table is for {table_rules:?}")]
    RulesMismatch {
        /// The position string.
        position: String,
        /// The position's rule set.
        position_rules: String,
        /// The table's rule set.
        table_rules: String,
    },
    /// The position is not in the movement phase (goats remain in hand), or
    /// its piece counts do not match the rule set.
    #[error("position {position} is not in the movement table: {reason}")]
    NotInTable {
        /// The position string.
        position: String,
        /// Why.
        reason: &'static str,
    },
    /// The position is not in the placement table: no goats in hand, or
    /// piece counts that do not match the rule set.
    #[error("position {position} is not in the placement table: {reason}")]
    NotInPlacementTable {
        /// The position string.
        position: String,
        /// Why.
        reason: &'static str,
    },
    /// The layer file was built on another movement table than the one it
    /// is opened with (its recorded checksum differs).
    #[error(
        "{path}: built on a movement table with checksum {found:08x}, \
         but the movement table here has checksum {expected:08x}; rebuild the placement layers"
    )]
    MovementMismatch {
        /// The layer file.
        path: PathBuf,
        /// The checksum of the movement table at hand.
        expected: u32,
        /// The checksum recorded in the layer file.
        found: u32,
    },
    /// A position with goats in hand was probed in a directory that holds
    /// only the movement table.
    #[error(
        "position {position} has goats in hand, and {dir} has no placement layers \
         ({missing}); build the tables with their placement layers into this directory \
         (a build keeps the movement table and resumes)"
    )]
    PlacementMissing {
        /// The position string.
        position: String,
        /// The tablebase directory.
        dir: PathBuf,
        /// Which layer files are missing.
        missing: String,
    },
    /// Another build holds the lock of the directory.
    #[error("{lock}: another build is writing this directory; wait for it or stop it")]
    Busy {
        /// The lock file.
        lock: PathBuf,
    },
    /// An argument is out of its range.
    #[error("{name} = {value} is out of range: {expected}")]
    InvalidArgument {
        /// The argument's name.
        name: &'static str,
        /// The value given.
        value: String,
        /// The range accepted.
        expected: &'static str,
    },
    /// Memory for a table or a search could not be allocated.
    #[error("could not allocate {bytes} bytes for {what}")]
    OutOfMemory {
        /// What the memory was for.
        what: &'static str,
        /// How much was asked for.
        bytes: u64,
    },
    /// A distance to the end is longer than the table format can hold.
    #[error(
        "rule set {rules:?}: a distance to the end exceeds {max} plies, more than the format holds"
    )]
    DistanceOverflow {
        /// The rule set's text form.
        rules: String,
        /// The longest distance the format holds.
        max: u16,
    },
    /// A placement-phase search reached its node limit.
    #[error("the search stopped after {nodes} nodes without an answer")]
    SearchLimit {
        /// The node limit.
        nodes: u64,
    },
    /// The build was stopped by its progress callback; the finished layers
    /// are kept (the movement table's checkpoint file, or the placement
    /// layer files) and a new build into the same place resumes from there.
    #[error("the build was interrupted; {checkpoint} keeps the finished layers")]
    Interrupted {
        /// The checkpoint file or the directory of the finished layers.
        checkpoint: PathBuf,
    },
}

impl TablebaseError {
    pub(crate) fn io(path: &std::path::Path, source: io::Error) -> TablebaseError {
        TablebaseError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    pub(crate) fn corrupt(path: &std::path::Path, what: impl Into<String>) -> TablebaseError {
        TablebaseError::Corrupt {
            path: path.to_path_buf(),
            what: what.into(),
        }
    }
}
