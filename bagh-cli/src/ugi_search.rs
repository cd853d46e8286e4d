//! The search of `go`, on its own thread so that `stop`, `isready` and
//! `quit` are read while it runs: it prints `info` lines and `bestmove`,
//! and hands the engine back when it ends.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
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
    handle: JoinHandle<()>,
    /// The engine, sent back by the thread when its search has ended,
    /// just before it prints `bestmove`.
    engine: Receiver<Engine>,
    /// Raised by `stop` and `quit`: ends the search, and lets an infinite
    /// search that ended by itself give its `bestmove`.
    stopped: Arc<AtomicBool>,
    /// The engine's own stop flag.
    engine_stop: Arc<AtomicBool>,
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
        let (send, receive) = channel();
        let handle = std::thread::spawn(move || search(engine, job, &flag, &send));
        Search {
            handle,
            engine: receive,
            stopped,
            engine_stop,
        }
    }

    /// The engine back when the search has ended (after its `bestmove`),
    /// or the search still running.
    pub fn try_finish(self) -> Result<Engine, Search> {
        match self.engine.try_recv() {
            Ok(engine) => Ok(self.join(engine)),
            Err(TryRecvError::Empty) => Err(self),
            Err(TryRecvError::Disconnected) => self.panicked(),
        }
    }

    /// Stops the search (its `bestmove` is sent) and gives the engine back.
    pub fn stop(self) -> Engine {
        self.stopped.store(true, Ordering::SeqCst);
        loop {
            // The engine lowers its flag when a search starts: raise it
            // until the engine comes back, in case it had not started yet.
            self.engine_stop.store(true, Ordering::SeqCst);
            match self.engine.recv_timeout(Duration::from_millis(1)) {
                Ok(engine) => return self.join(engine),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.panicked(),
            }
        }
    }

    /// Waits for the thread to print its `bestmove` and end.
    fn join(self, engine: Engine) -> Engine {
        if let Err(panic) = self.handle.join() {
            std::panic::resume_unwind(panic);
        }
        engine
    }

    /// The thread ended without sending the engine back: it panicked.
    fn panicked(self) -> ! {
        match self.handle.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => unreachable!("the search thread always sends the engine back"),
        }
    }
}

/// The thread: searches, prints, and under `infinite` holds the
/// `bestmove` until it is stopped.
fn search(mut engine: Engine, job: Job, stopped: &AtomicBool, back: &Sender<Engine>) {
    let result = if engine.options().level.is_some() {
        // A level searches several lines to choose among: each is reported.
        engine.best_move_with_progress(&job.game, &job.limits, |progress| {
            say(&info_line(progress, true));
        })
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
    // The session holds the engine again before `bestmove` is read, so a
    // command sent after it finds the search over. A session gone (the
    // receiver dropped) has nothing to hear.
    let _ = back.send(engine);
    match result {
        Ok(mv) => say(&format!("bestmove {mv}")),
        Err(error) => {
            say(&format!("info string error: {error}"));
            say("bestmove 0000");
        }
    }
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
