//! How a build runs: threads, memory, checkpoints and progress reports.
//!
//! The library draws nothing: a front end that wants a progress bar passes
//! [`BuildOptions::on_progress`] (the `bagh` command line draws one with
//! indicatif, Python with tqdm).

use std::sync::Arc;

use bagh_core::Ruleset;

use crate::TablebaseError;

/// Which part of a build a [`BuildProgress`] is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Stage {
    /// The movement table, by retrograde analysis.
    Movement,
    /// The placement layers, by backward induction.
    Placement,
    /// The compressed file, made from the full tables.
    Compress,
    /// The compressed file compared with the full tables.
    Verify,
}

impl Stage {
    /// `movement` or `placement`.
    pub const fn name(self) -> &'static str {
        match self {
            Stage::Movement => "movement",
            Stage::Placement => "placement",
            Stage::Compress => "compress",
            Stage::Verify => "verify",
        }
    }
}

/// A progress report during a build, handed to [`BuildOptions::on_progress`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The part being built.
    pub stage: Stage,
    /// Work units done in this stage, counting those a resume skipped.
    pub done: u64,
    /// Work units of the whole stage (for the movement table an estimate:
    /// twice the entries).
    pub total: u64,
    /// The layer being solved: goats captured (movement) or goats placed
    /// (placement).
    pub layer: u8,
}

/// A callback that sees the progress of a build and stops it by returning `false`.
pub type ProgressCallback = Arc<dyn Fn(&BuildProgress) -> bool + Send + Sync>;

/// How to build tables.
///
/// ```
/// use bagh_tablebase::BuildOptions;
///
/// // Two threads, at most 2 GiB, no checkpoints.
/// let options = BuildOptions { threads: 2, memory_budget: 2 << 30, checkpoint: false, ..BuildOptions::default() };
/// assert!(options.on_progress.is_none());
/// ```
#[derive(Clone)]
pub struct BuildOptions {
    /// Threads to use; 0 for one per core. Without the `parallel` feature,
    /// one thread.
    pub threads: usize,
    /// The most memory, in bytes, a build may hold at once (everything a
    /// resume keeps included); a rule set that needs more is refused before
    /// anything is allocated. The default is 4 GiB.
    pub memory_budget: u64,
    /// Save the movement table's solved layers to a checkpoint and resume
    /// from one. (Placement layers are files of their own and always resume.)
    pub checkpoint: bool,
    /// Called with the progress now and then; returning `false` stops the
    /// build with [`TablebaseError::Interrupted`] (finished layers are kept).
    pub on_progress: Option<ProgressCallback>,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions {
            threads: 0,
            memory_budget: 4 << 30,
            checkpoint: true,
            on_progress: None,
        }
    }
}

impl std::fmt::Debug for BuildOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BuildOptions")
            .field("threads", &self.threads)
            .field("memory_budget", &self.memory_budget)
            .field("checkpoint", &self.checkpoint)
            .field(
                "on_progress",
                &self.on_progress.as_ref().map(|_| "callback"),
            )
            .finish()
    }
}

impl BuildOptions {
    /// Hands a report to the callback; `false` when it asks to stop.
    pub(crate) fn report(&self, progress: BuildProgress) -> bool {
        self.on_progress
            .as_ref()
            .is_none_or(|callback| callback(&progress))
    }

    /// Refuses a build that needs more than the budget.
    pub(crate) fn check_budget(&self, rules: &Ruleset, needed: u64) -> Result<(), TablebaseError> {
        if needed > self.memory_budget {
            return Err(TablebaseError::TooLarge {
                rules: rules.to_string(),
                needed,
                budget: self.memory_budget,
            });
        }
        Ok(())
    }
}

/// Runs a build on a pool of `threads` threads (0: one per core), or on
/// this thread without the `parallel` feature.
pub(crate) fn in_pool<T: Send>(
    rules: &Ruleset,
    threads: usize,
    build: impl FnOnce() -> Result<T, TablebaseError> + Send,
) -> Result<T, TablebaseError> {
    #[cfg(feature = "parallel")]
    {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| TablebaseError::Unsupported {
                rules: rules.to_string(),
                reason: format!("no thread pool: {e}"),
            })?;
        pool.install(build)
    }
    #[cfg(not(feature = "parallel"))]
    {
        let _ = (rules, threads);
        build()
    }
}

/// Runs `f` on `0..tasks`, in parallel with the `parallel` feature (on the
/// pool of [`in_pool`] when called inside it).
pub(crate) fn run_tasks<T: Send>(tasks: usize, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..tasks).into_par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        (0..tasks).map(f).collect()
    }
}
