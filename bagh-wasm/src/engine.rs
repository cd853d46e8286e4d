//! The engine: best moves and analysis, single-threaded, and the static
//! evaluation.
