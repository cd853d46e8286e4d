//! Design studies of bagh: measurements of ideas for the tables and the
//! engine, kept so that their figures can be reproduced, not part of the
//! product. Each study is an example of this crate
//! (`cargo run --release -p bagh-research --example <name>`); the
//! crate's README lists them, and the write-ups under `research/notes/`
//! say what each found.
//!
//! The library holds what the studies share: the estimated cost of a
//! stream of runs ([`runs`]).

#![warn(missing_docs)]

pub mod runs;
