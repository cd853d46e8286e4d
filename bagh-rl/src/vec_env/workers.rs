//! The worker threads of a [`VecEnv`](super::VecEnv), kept for its life and
//! kept awake between steps.
//!
//! A step of 1,024 games takes about a tenth of a millisecond a thread. A
//! thread that goes to sleep during a step (the caller waiting for the
//! workers) or between two steps (a worker waiting for the caller's next
//! actions) has to be woken, which on a virtual machine costs about as much
//! as the step itself. So both sides wait spinning, for at most
//! [`KEEP_AWAKE`]: the caller for the workers' last rows, each worker for
//! the next step.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a thread waits awake before it may sleep.
pub(crate) const KEEP_AWAKE: Duration = Duration::from_micros(500);

/// Spins until `done` or [`KEEP_AWAKE`] has passed.
fn spin_until(done: impl Fn() -> bool) {
    let began = Instant::now();
    loop {
        // The clock is read every 64 turns: it costs more than a turn.
        for _ in 0..64 {
            if done() {
                return;
            }
            std::hint::spin_loop();
        }
        if began.elapsed() >= KEEP_AWAKE {
            return;
        }
    }
}

/// A point that every job of one [`Workers::run`] reaches before any goes
/// on, each saying whether all may go on: a step checks every action on
/// the thread that will play it, and plays none if one is refused,
/// without a second round trip to the workers.
pub(crate) struct Gate {
    jobs: usize,
    arrived: AtomicUsize,
    refused: AtomicBool,
}

impl Gate {
    /// A gate for `jobs` jobs.
    pub(crate) fn new(jobs: usize) -> Gate {
        Gate {
            jobs,
            arrived: AtomicUsize::new(0),
            refused: AtomicBool::new(false),
        }
    }

    /// Waits for every job to arrive (`ok` if this one lets the others go
    /// on), then whether none refused. Every job must call it once: the
    /// workers of a run are at least as many as its jobs, so all arrive.
    pub(crate) fn pass(&self, ok: bool) -> bool {
        if !ok {
            self.refused.store(true, Ordering::Relaxed);
        }
        self.arrived.fetch_add(1, Ordering::AcqRel);
        let mut turns = 0u32;
        while self.arrived.load(Ordering::Acquire) < self.jobs {
            // The others are running: spin, then leave the core to them.
            turns += 1;
            if turns < 1 << 14 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        !self.refused.load(Ordering::Relaxed)
    }
}

/// A pool of worker threads beside the calling one.
pub(crate) struct Workers {
    pool: rayon::ThreadPool,
    /// Counts the calls of [`Workers::run`]: a waiting worker stops
    /// spinning when it changes.
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
            steps: Arc::new(AtomicU64::new(0)),
        })
    }

    /// Runs `work` on every job: the first on the calling thread, the others
    /// on the workers. The results come in the jobs' order; a job whose
    /// worker panicked gives `None`.
    pub(crate) fn run<T: Send, R: Send>(
        &self,
        jobs: Vec<T>,
        work: impl Fn(T) -> R + Sync,
    ) -> Vec<Option<R>> {
        let mut jobs = jobs.into_iter();
        let Some(first) = jobs.next() else {
            return Vec::new();
        };
        let spawned = jobs.len();
        let results: Vec<Mutex<Option<R>>> = (0..=spawned).map(|_| Mutex::new(None)).collect();
        let finished = AtomicUsize::new(0);
        // Releases the workers that wait awake, so that they take the jobs.
        self.steps.fetch_add(1, Ordering::Release);
        self.pool.in_place_scope(|scope| {
            for (i, job) in jobs.enumerate() {
                let (work, results, finished) = (&work, &results, &finished);
                scope.spawn(move |_| {
                    // A panic stays in its worker and leaves its result empty.
                    let result =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(job))).ok();
                    if let Ok(mut slot) = results[i + 1].lock() {
                        *slot = result;
                    }
                    finished.fetch_add(1, Ordering::Release);
                });
            }
            self.keep_awake();
            let mine = work(first);
            if let Ok(mut slot) = results[0].lock() {
                *slot = Some(mine);
            }
            spin_until(|| finished.load(Ordering::Acquire) >= spawned);
        });
        results
            .into_iter()
            .map(|slot| slot.into_inner().ok().flatten())
            .collect()
    }

    /// Queues, behind the jobs spawned so far, a job for every worker that
    /// spins until the next call of [`Workers::run`] or [`KEEP_AWAKE`] has
    /// passed.
    fn keep_awake(&self) {
        let step = self.steps.load(Ordering::Acquire);
        for _ in 0..self.pool.current_num_threads() {
            let steps = Arc::clone(&self.steps);
            self.pool.spawn(move || {
                spin_until(|| steps.load(Ordering::Acquire) != step);
            });
        }
    }
}
