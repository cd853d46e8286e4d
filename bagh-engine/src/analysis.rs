//! What a search is told (limits) and what it answers (progress reports,
//! lines, the analysis).

use std::time::Duration;

use bagh_core::Move;

use crate::Score;

/// When a search ends: after a time, at a depth, after a number of nodes,
/// whichever comes first; or, when `infinite`, only through the stop flag.
/// A search is refused when it has no limit and is not infinite.
///
/// ```
/// use std::time::Duration;
/// use bagh_engine::Limits;
///
/// let quick = Limits::depth(6);
/// let timed = Limits { time: Some(Duration::from_millis(200)), ..Limits::nodes(100_000) };
/// assert_eq!(timed.nodes, Some(100_000));
/// assert!(!quick.infinite);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Wall-clock time for the search. No iteration starts after half of
    /// it, and the search stops when it runs out.
    pub time: Option<Duration>,
    /// The deepest iteration, in plies (at most 100).
    pub depth: Option<u32>,
    /// Nodes to search, about, over all threads (checked at every node;
    /// each thread searches its share).
    pub nodes: Option<u64>,
    /// Search until the stop flag is raised (or a result is proven).
    pub infinite: bool,
}

impl Limits {
    /// Up to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// About `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// For `time`.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// Until the stop flag is raised.
    pub fn infinite() -> Limits {
        Limits {
            infinite: true,
            ..Limits::default()
        }
    }

    /// Whether any limit is set: a time, a depth, a node count, or
    /// infinite. A search needs one; front ends give a default otherwise.
    pub fn is_bounded(&self) -> bool {
        self.infinite || self.time.is_some() || self.depth.is_some() || self.nodes.is_some()
    }
}

/// A progress report: one line of one completed iteration.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Progress {
    /// The iteration's depth in plies (0 when the tables answered alone).
    pub depth: u32,
    /// The deepest ply reached, quiescence search included.
    pub seldepth: u32,
    /// Which line this is, 1 for the best.
    pub multipv: usize,
    /// The line's score, for the side to move at the root.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
    /// The line's moves, its root move first.
    pub pv: Vec<Move>,
}

/// One root move with its score and principal variation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    /// The score, for the side to move at the root.
    pub score: Score,
    /// The moves, the root move first (never empty).
    pub pv: Vec<Move>,
}

impl Line {
    /// The root move (`None` only for a line built empty by hand).
    pub fn first(&self) -> Option<Move> {
        self.pv.first().copied()
    }
}

/// The answer of a search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analysis {
    /// The move to play.
    pub best_move: Move,
    /// Its score, for the side to move.
    pub score: Score,
    /// The principal variation, `best_move` first.
    pub pv: Vec<Move>,
    /// The depth of the last completed iteration (0 when the tables
    /// answered alone or the search was stopped before depth 1).
    pub depth: u32,
    /// The deepest ply reached in it.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The best lines, best first, as many as asked for (fewer when the
    /// position has fewer moves); `lines[0]` is the best move's line.
    pub lines: Vec<Line>,
}
