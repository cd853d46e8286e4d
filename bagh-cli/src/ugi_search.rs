//! The search of `go`, on its own thread so that `stop`, `isready` and
//! `quit` are read while it runs: it prints `info` lines and `bestmove`,
//! and hands the engine back when it ends.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use bagh_core::Game;
use bagh_engine::{Engine, Limits, Progress, Score};

use crate::analyse::moves_text;

/// Writes one line to stdout; a closed stdout is ignored (the reader has
/// gone, `quit` or the end of stdin follows).
pub fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// A running search.
pub struct Search {
    handle: JoinHandle<Engine>,
    /// Raised by `stop` and `quit`: ends the search, and lets an infinite
    /// search that ended by itself give its `bestmove`.
    stopped: Arc<AtomicBool>,
    /// The engine's own stop flag.
    engine_stop: Arc<AtomicBool>,
    /// Whether it runs until `stop`.
    infinite: bool,
}

/// What a `go` asks of the search.
pub struct Job {
    pub game: Game,
    pub limits: Limits,
    pub multipv: usize,
}

impl Search {
    /// Starts a search of `job` with `engine`.
    pub fn start(engine: Engine, job: Job) -> Search {
        let stopped = Arc::new(AtomicBool::new(false));
        let engine_stop = engine.stop_flag();
        let flag = stopped.clone();
        let infinite = job.limits.infinite;
        let handle = std::thread::spawn(move || search(engine, job, &flag));
        Search {
            handle,
            stopped,
            engine_stop,
            infinite,
        }
    }

    /// Whether it runs until `stop` (`go infinite`).
    pub fn is_infinite(&self) -> bool {
        self.infinite
    }

    /// Waits for the search to end by itself and gives the engine back.
    pub fn wait(self) -> Engine {
        match self.handle.join() {
            Ok(engine) => engine,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }

    /// Whether the search has ended (its `bestmove` is sent).
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for a search that has ended, or stops a running one, and
    /// gives the engine back.
    pub fn stop(self) -> Engine {
        self.stopped.store(true, Ordering::SeqCst);
        // The engine lowers its flag when a search starts: raise it until
        // the thread ends, in case it had not started yet.
        while !self.handle.is_finished() {
            self.engine_stop.store(true, Ordering::SeqCst);
            std::thread::sleep(Duration::from_millis(1));
        }
        self.wait()
    }
}

/// The thread: searches, prints, and under `infinite` holds the
/// `bestmove` until it is stopped.
fn search(mut engine: Engine, job: Job, stopped: &AtomicBool) -> Engine {
    let level = engine.options().level.is_some();
    let result = if level {
        engine.best_move(&job.game, &job.limits)
    } else {
        engine
            .analyse(&job.game, &job.limits, job.multipv, |progress| {
                say(&info_line(progress, job.multipv > 1));
            })
            .map(|analysis| analysis.best_move)
    };
    if job.limits.infinite {
        while !stopped.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    match result {
        Ok(mv) => say(&format!("bestmove {mv}")),
        Err(error) => {
            say(&format!("info string error: {error}"));
            say("bestmove 0000");
        }
    }
    engine
}

/// The protocol's form of a score: `cp N`, `win N`, `loss N` (plies), or
/// `win` / `loss` alone when the distance is not known, or `draw`.
fn score_text(score: Score) -> String {
    score.to_string()
}

/// `info depth .. seldepth .. [multipv ..] score .. nodes .. nps .. time .. hashfull .. pv ..`.
pub fn info_line(progress: &Progress, multipv: bool) -> String {
    let mut line = format!(
        "info depth {} seldepth {}",
        progress.depth, progress.seldepth
    );
    if multipv {
        line += &format!(" multipv {}", progress.multipv);
    }
    line += &format!(
        " score {} nodes {} nps {} time {} hashfull {}",
        score_text(progress.score),
        progress.nodes,
        progress.nps,
        progress.time.as_millis(),
        progress.hashfull
    );
    if !progress.pv.is_empty() {
        line += &format!(" pv {}", moves_text(&progress.pv));
    }
    line
}
