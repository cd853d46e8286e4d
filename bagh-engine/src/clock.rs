//! The search's clock: [`Instant`] from `web-time`, which is std's own
//! `Instant` on every target but WebAssembly in a browser or Node
//! (`wasm32-unknown-unknown`), where std's panics and `web-time` reads
//! `performance.now()` instead. Deadlines and reported times all come from
//! here, so that no search reaches std's clock on that target.

pub(crate) use web_time::Instant;
