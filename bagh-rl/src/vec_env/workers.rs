//! The worker threads of a [`VecEnv`](super::VecEnv), kept for its life and
//! kept awake between steps.
//!
//! A step of 1,024 games takes about a tenth of a millisecond a thread, and
//! the caller's own work between two steps (choosing actions, in Python)
//! takes tens of microseconds. A worker that went to sleep in that gap has
//! to be woken for the next step, which on a virtual machine costs about as
//! much as the step itself. So after each step every worker spins, for at
//! most [`KEEP_AWAKE`], until the next step starts.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a worker waits awake for the next step before it may sleep.
pub(crate) const KEEP_AWAKE: Duration = Duration::from_micros(500);

/// A pool of worker threads beside the calling one.
pub(crate) struct Workers {
    pool: rayon::ThreadPool,
    count: usize,
    /// Counts the steps started: a waiting worker stops spinning when it
    /// changes.
    steps: Arc<AtomicU64>,
}

impl Workers {
    /// `count` workers.
    pub(crate) fn new(count: usize) -> Result<Workers, rayon::ThreadPoolBuildError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .thread_name(|i| format!("bagh-vec-env-{i}"))
            .build()?;
        Ok(Workers {
            pool,
            count,
            steps: Arc::new(AtomicU64::new(0)),
        })
    }

    /// Runs `work` in a scope whose spawned jobs the workers take while the
    /// calling thread does its own share; then keeps the workers awake.
    pub(crate) fn scope<'scope, R>(&self, work: impl FnOnce(&rayon::Scope<'scope>) -> R) -> R {
        // Releases the workers that wait awake, so that they take the jobs.
        self.steps.fetch_add(1, Ordering::Release);
        let result = self.pool.in_place_scope(work);
        self.keep_awake();
        result
    }

    /// Gives every worker a job that spins until the next step starts or
    /// [`KEEP_AWAKE`] has passed.
    fn keep_awake(&self) {
        let step = self.steps.load(Ordering::Acquire);
        for _ in 0..self.count {
            let steps = Arc::clone(&self.steps);
            self.pool.spawn(move || {
                let began = Instant::now();
                // The clock is read every 64 turns: it costs more than a turn.
                'wait: loop {
                    for _ in 0..64 {
                        if steps.load(Ordering::Acquire) != step {
                            break 'wait;
                        }
                        std::hint::spin_loop();
                    }
                    if began.elapsed() >= KEEP_AWAKE {
                        break;
                    }
                }
            });
        }
    }
}
