//! Running a search: iterative deepening on the calling thread, with Lazy
//! SMP helper threads when the options ask for more than one.
//!
//! The helpers search the same root over the shared transposition table,
//! each starting its root moves from another one and every other helper one
//! ply deeper, so that they fill the table with results the main thread then
//! finds; they stop when the main thread finishes, whose result is the
//! answer.
//!
//! A node limit counts the nodes of all threads: each thread may search
//! its share (the threads run at about the same speed), and the helpers
//! stop anyway when the main thread is done.

use std::sync::atomic::{AtomicBool, Ordering};

use bagh_core::{Game, Move};

use crate::clock::Instant;
use crate::ordering::Heuristics;
use crate::path::GamePath;
use crate::root::{Completed, Iteration};
use crate::search::{Control, Searcher};
use crate::{Engine, EvalWeights, Limits, Progress, Score};

/// What one search is asked: the game, the root moves to search (all or
/// some of the game's), the limits, the deepest iteration, the lines wanted,
/// and when the search started (its clock runs from there).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Request<'a> {
    pub game: &'a Game,
    pub moves: &'a [Move],
    pub limits: &'a Limits,
    pub max_depth: u32,
    pub multipv: usize,
    pub start: Instant,
    /// Whether the search may probe the tables (not when a level plays).
    pub use_tables: bool,
}

impl Engine {
    /// Iterative deepening over the request's moves on this thread, with
    /// helper threads when the options ask for them. Returns the last
    /// completed iteration of this thread and the nodes of all.
    pub(crate) fn run(
        &mut self,
        request: &Request<'_>,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> (Option<Completed>, u64) {
        let Request {
            game,
            moves,
            limits,
            max_depth,
            multipv,
            start,
            use_tables,
        } = *request;
        // Without tables there is nothing to use.
        #[cfg(not(feature = "tablebase"))]
        let _ = use_tables;
        let weights = self
            .options
            .weights
            .unwrap_or_else(|| EvalWeights::for_rules(game.rules()));
        // `analyse` has checked the network's rule set.
        let network = self.options.network_for(game.rules()).ok().flatten();
        let path_for = |game: &Game| match &network {
            Some(network) => GamePath::new(game).with_network(network.clone()),
            None => GamePath::new(game),
        };
        let deadline = limits.time.map(|t| start + t);
        let soft_deadline = limits.time.map(|t| start + t / 2);
        let helpers = self.options.threads - 1;
        let share = limits
            .nodes
            .map(|nodes| (nodes / self.options.threads as u64).max(1));
        let tt = &self.tt;
        #[cfg(feature = "tablebase")]
        let tables = self.options.tablebase.as_deref().filter(|_| use_tables);
        let stop = &*self.stop;
        let heuristics = &mut self.heuristics;
        // The main thread's search, reporting each iteration.
        let mut main_search = || {
            let control = Control {
                stop,
                done: None,
                deadline,
                max_nodes: share,
            };
            let mut searcher = Searcher::new(path_for(game), tt, heuristics, weights, control);
            #[cfg(feature = "tablebase")]
            {
                searcher.tables = tables;
            }
            let mut report = |iteration: Iteration<'_>| {
                let time = start.elapsed();
                for (i, root_move) in iteration.completed.moves[..iteration.lines]
                    .iter()
                    .enumerate()
                {
                    on_progress(&Progress {
                        depth: iteration.completed.depth,
                        seldepth: iteration.completed.seldepth,
                        multipv: i + 1,
                        score: Score::from_search(root_move.score),
                        nodes: iteration.nodes,
                        nps: crate::engine::nps(iteration.nodes, time),
                        time,
                        hashfull: iteration.hashfull,
                        pv: root_move.pv.clone(),
                    });
                }
            };
            let completed =
                searcher.iterate(moves, 1, max_depth, multipv, soft_deadline, &mut report);
            (completed, searcher.nodes)
        };
        // One thread searches here without spawning, scoping or joining any:
        // WebAssembly without threads has no thread to give.
        if helpers == 0 {
            return main_search();
        }
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(helpers);
            for helper in 0..helpers {
                let done = &done;
                let path = path_for(game);
                let mut rotated = moves.to_vec();
                rotated.rotate_left((helper + 1) % moves.len());
                handles.push(scope.spawn(move || {
                    let mut own = Heuristics::new();
                    let control = Control {
                        stop,
                        done: Some(done),
                        deadline,
                        max_nodes: share,
                    };
                    let mut searcher = Searcher::new(path, tt, &mut own, weights, control);
                    #[cfg(feature = "tablebase")]
                    {
                        searcher.tables = tables;
                    }
                    // Every other helper starts a ply deeper, so that the threads
                    // are not all on the same depth.
                    let first_depth = 1 + (helper as u32 + 1) % 2;
                    searcher.iterate(&rotated, first_depth, max_depth, 1, None, &mut |_| {});
                    searcher.nodes
                }));
            }
            let (completed, nodes) = main_search();
            done.store(true, Ordering::Relaxed);
            let helper_nodes: u64 = handles.into_iter().map(|h| h.join().unwrap_or(0)).sum();
            (completed, nodes + helper_nodes)
        })
    }
}
