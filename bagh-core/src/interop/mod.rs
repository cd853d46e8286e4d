//! Formats of other Bagh-Chal software, read into and written from bagh's
//! own types.
//!
//! - [`baghchal`]: the position string and the game text of the `baghchal`
//!   Python package (version 1.0.1), in which earlier Bagh-Chal datasets
//!   are kept.

pub mod baghchal;
