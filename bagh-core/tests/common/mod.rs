#![allow(dead_code)]
//! Helpers shared by the integration tests.
//!
//! - `reference`: a deliberately simple, independent move generator (no
//!   bitboards, no `bagh_core`) that the fast engine is checked against.
//! - `suite`: the parser of the `tests/perft/*.perft` suite files.
//! - `games`: seeded random games of the fast engine.
//! - `proptest_cases`: how many cases each property test runs.
//! - `strategies`: random rule sets, games and positions for the property tests.

pub mod games;
pub mod proptest_cases;
pub mod reference;
pub mod strategies;
pub mod suite;
