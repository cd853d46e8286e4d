//! # bagh-engine
//!
//! A search engine for Bagh-Chal and every rule set of [`bagh_core`]: it
//! plays strongly without tables and perfectly with them.
//!
//! ```
//! use bagh_core::{Game, Ruleset};
//! use bagh_engine::{Engine, EngineOptions, Limits};
//!
//! let mut engine = Engine::new(EngineOptions::default())?;
//! let game = Game::new(Ruleset::default());
//! let analysis = engine.analyse(&game, &Limits::depth(4), 2, |progress| {
//!     println!("depth {} {} pv {:?}", progress.depth, progress.score, progress.pv);
//! })?;
//! assert_eq!(analysis.depth, 4);
//! assert_eq!(analysis.lines.len(), 2);
//! assert!(game.is_legal(analysis.best_move));
//! # Ok::<(), bagh_engine::EngineError>(())
//! ```
//!
//! # The search
//!
//! Iterative deepening of a principal variation search (PVS): the first
//! move of a node is searched with the full window, the others with a null
//! window that only asks "is it better?", and searched again in full when
//! it is. PVS rather than MTD(f): with a good move ordering (the
//! transposition table's move, captures, the goats' answers to capture
//! threats, killers, history) the null-window searches are cheap and the
//! re-searches rare, and one open-window search per node keeps aspiration
//! windows, MultiPV (a floor at the `k`-th best score) and the principal
//! variation simple, where MTD(f) needs many zero-window passes per
//! iteration and a table that holds both bounds to converge.
//!
//! Late quiet moves off the principal variation are searched a ply or two
//! shallower first (late move reductions); a proven result is searched
//! again without reductions, so that reported distances are exact.
//!
//! At the horizon a quiescence search plays the forcing moves: tigers'
//! captures, and the goats' answers when a goat is under attack (a goat
//! onto the point where the tiger would land, or the attacked goat moving
//! away), at most eight plies deep.
//!
//! # Scores
//!
//! A [`Score`] is, for the side to move, a heuristic value in thousandths
//! of a result (1000 a sure win, with the network 1000 times the win
//! probability less the loss probability), a proven win or loss in a
//! number of plies, or a proven draw (a finished game or a tablebase draw).
//! People read it from the goats' side through [`PovScore`]: `+0.30`,
//! `goats win in 12 plies`, `draw`. Proven wins count plies from the root;
//! the transposition table stores them from the node, so they stay right
//! when a position is met at another ply.
//!
//! # History
//!
//! A search starts from a [`Game`](bagh_core::Game) and honours its history:
//! moves the `forbidden` policy bans (against the game's positions and the
//! search's own path) are left out, a repetition under `draw(n)` scores as
//! a draw, and so does reaching the no-progress limit. Such results depend
//! on the path, not only on the position, so the transposition table keeps
//! only their best move, never their score; and a node where the policy
//! bans a move takes no cutoff from the table.
//!
//! # Tables
//!
//! With a [`bagh_tablebase::Tablebase`] (feature `tablebase`, on by
//! default), the root move comes from the tables wherever they know the
//! position: the fastest win, the slowest loss, or the drawing move that
//! leaves the opponent the fewest drawing replies; inside the tree, a
//! probe ends the search of a node. Under `forbidden`, moves the game bans
//! are never chosen, whatever the tables prefer.
//!
//! The [`guide`] describes the evaluation's features, the table's
//! replacement scheme, the levels and the threads ([`guide::engine`]), and
//! the evaluation network's file format ([`guide::network`]).

#![deny(unsafe_code)]
#![warn(missing_docs)]

mod analysis;
mod clock;
#[cfg(feature = "tablebase")]
pub mod critical;
#[cfg(feature = "tablebase")]
pub mod datagen;
mod elo;
mod engine;
mod error;
mod eval;
mod evaluation;
mod level;
mod matches;
pub mod network;
mod ordering;
mod path;
#[cfg(feature = "tablebase")]
mod perfect;
mod player;
mod pov_score;
#[cfg(feature = "tablebase")]
pub mod puzzles;
mod root;
mod run;
mod score;
mod search;
#[cfg(feature = "tablebase")]
mod table_root;
#[cfg(feature = "tablebase")]
mod tables;
mod threats;
mod tt;
mod weights;

pub use analysis::{Analysis, Limits, Line, Progress};
pub use elo::{format_elo, EloEstimate, Tally};
pub use engine::{Engine, EngineOptions, MAX_DEPTH};
pub use error::{EngineError, MatchError};
pub use eval::{evaluate, evaluation_terms};
pub use evaluation::{Evaluation, StaticEvaluation};
pub use matches::{play_match, MatchGame, MatchOptions, MatchReport, Openings};
#[cfg(feature = "tablebase")]
pub use perfect::{PerfectPlayer, PerfectStyle};
pub use player::{EnginePlayer, Player};
pub use pov_score::PovScore;
pub use score::Score;
pub use weights::EvalWeights;

// The guides are Markdown for a code host, where `[W]` is text, not a link
// to an item: rustdoc must not read their brackets as intra-doc links.
#[allow(rustdoc::broken_intra_doc_links)]
pub mod guide {
    //! The guides to this crate, with examples that run as its doctests.
    //! They are the pages `docs/engine.md` and `docs/network.md` of the
    //! repository, shipped in the crate so that they read the same here.

    #[doc = include_str!(concat!(env!("OUT_DIR"), "/guide/engine.md"))]
    pub mod engine {}

    #[doc = include_str!(concat!(env!("OUT_DIR"), "/guide/network.md"))]
    pub mod network {}
}

// The crate's README (its page on crates.io) runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
