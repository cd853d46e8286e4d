//! The checks behind bagh's fuzz targets, one module per target.
//!
//! Each target in `fuzz_targets/` is one line that hands libFuzzer's bytes
//! to a `run` function here. Keeping the checks in this library lets the
//! ordinary test suite replay saved inputs through the very same code
//! (`bagh-tablebase/tests/fuzz_regressions.rs` includes this file as a
//! module), without libFuzzer or a nightly compiler. For that reason the
//! modules name each other through `super::`, never `crate::`.

pub mod arbitrary_rules;
pub mod baghchal_text;
pub mod game_invariants;
pub mod json;
pub mod move_text;
pub mod play_loop;
pub mod position_text;
pub mod record_text;
pub mod round_trip;
pub mod ruleset_text;
pub mod table_files;
pub mod table_mutation;
