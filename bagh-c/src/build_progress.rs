//! Tablebase builds from C that report their progress and can be stopped
//! by their callback.

use std::ffi::{c_char, c_void};
use std::sync::Arc;

use ::bagh_tablebase::{BuildOptions, BuildProgress, ProgressCallback, Stage, Tablebase};

use crate::bagh_result;
use crate::failure::guard;
use crate::pointers::{borrow, Out};
use crate::ruleset::bagh_ruleset;
use crate::tablebase::bagh_tablebase;
use crate::text::read_text;

/// The movement table, by retrograde analysis.
pub const BAGH_STAGE_MOVEMENT: u8 = 0;
/// The placement layers, by backward induction.
pub const BAGH_STAGE_PLACEMENT: u8 = 1;
/// Another stage (compression, comparison).
pub const BAGH_STAGE_OTHER: u8 = 2;

/// How far a build is.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct bagh_build_progress {
    /// `BAGH_STAGE_MOVEMENT`, `BAGH_STAGE_PLACEMENT` or `BAGH_STAGE_OTHER`.
    pub stage: u8,
    /// The layer being solved: goats captured (movement) or placed (placement).
    pub layer: u8,
    /// Work units done in this stage (those a resume skipped included).
    pub done: u64,
    /// Work units of the whole stage (for the movement table an estimate).
    pub total: u64,
}

/// Called now and then during a build, possibly from the build's worker
/// threads, with `user_data`; returning false stops the build.
pub type bagh_build_progress_fn = Option<
    unsafe extern "C" fn(progress: *const bagh_build_progress, user_data: *mut c_void) -> bool,
>;

/// As `bagh_tablebase_build`, with `on_progress` (or NULL) hearing the
/// build's progress; a build its callback stopped is `BAGH_TABLEBASE_ERROR`
/// ("interrupted"), and what it finished is kept for a later build to
/// resume.
///
/// # Safety
///
/// As `bagh_tablebase_build`; `on_progress`, when set, may be called with
/// `user_data` from any of the build's threads until this call returns.
#[no_mangle]
pub unsafe extern "C" fn bagh_tablebase_build_with_progress(
    rules: *const bagh_ruleset,
    dir: *const c_char,
    threads: u32,
    on_progress: bagh_build_progress_fn,
    user_data: *mut c_void,
    tablebase_out: *mut *mut bagh_tablebase,
) -> bagh_result {
    guard(|| {
        let out = Out::new(tablebase_out, "tablebase_out")?;
        let rules = unsafe { borrow(rules, "rules")? };
        let dir = unsafe { read_text(dir, "dir")? };
        // The pointer travels as a number: the callback's owner vouches for
        // its use from other threads.
        let data = user_data as usize;
        let callback = on_progress.map(|callback| {
            Arc::new(move |progress: &BuildProgress| {
                let stage = match progress.stage {
                    Stage::Movement => BAGH_STAGE_MOVEMENT,
                    Stage::Placement => BAGH_STAGE_PLACEMENT,
                    _ => BAGH_STAGE_OTHER,
                };
                let report = bagh_build_progress {
                    stage,
                    layer: progress.layer,
                    done: progress.done,
                    total: progress.total,
                };
                unsafe { callback(&report, data as *mut c_void) }
            }) as ProgressCallback
        });
        let options = BuildOptions {
            threads: threads as usize,
            on_progress: callback,
            ..BuildOptions::default()
        };
        let tables = Tablebase::build(rules.0, dir, &options)?;
        unsafe { out.write_handle(bagh_tablebase(Arc::new(tables))) };
        Ok(())
    })
}
