//! Progress callbacks from a libuv worker to JavaScript: builds and
//! searches report as they go, through a thread-safe function the
//! JavaScript thread calls in its own time (never blocking the worker).

use napi::bindgen_prelude::{Function, Object};
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};
use napi::{Result, Status};
use napi_derive::napi;

/// What `Tablebase.build`'s `onProgress` hears: the part being built
/// (`"movement"` or `"placement"`), its layer, and the work done of the
/// stage's total.
#[napi(object)]
pub struct BuildReport {
    pub stage: String,
    pub layer: u32,
    pub done: f64,
    pub total: f64,
}

/// What `Engine.analyse`'s `onProgress` hears: one line of a completed
/// iteration.
#[napi(object)]
pub struct LineReport {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: u32,
    /// The score as people read it (`+0.35`, `win in 7`).
    pub score: String,
    pub nodes: f64,
    pub nps: f64,
    /// Seconds since the search began.
    pub time: f64,
    /// The line's moves as text.
    pub pv: Vec<String>,
}

/// A JavaScript callback called from any thread with a `T`, its answer
/// ignored.
pub type Reporter<T> = ThreadsafeFunction<T, (), T, Status, false>;

/// The `onProgress` function of `options`, made callable from a worker.
pub fn reporter<T: 'static + napi::bindgen_prelude::ToNapiValue>(
    options: &Object,
) -> Result<Option<Reporter<T>>> {
    let Some(callback) = options.get::<Function<T, ()>>("onProgress")? else {
        return Ok(None);
    };
    Ok(Some(
        callback
            .build_threadsafe_function::<T>()
            .callee_handled::<false>()
            .build()?,
    ))
}

/// Queues `report` for the JavaScript thread.
pub fn send<T: 'static + napi::bindgen_prelude::ToNapiValue>(reporter: &Reporter<T>, report: T) {
    reporter.call(report, ThreadsafeFunctionCallMode::NonBlocking);
}
