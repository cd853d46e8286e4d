//! # bagh-core
//!
//! An exact, fast rules engine for Bagh-Chal ("tigers and goats") and its
//! relatives: every rule set is data (a [`Ruleset`]), positions are small
//! `Copy` bitboard values ([`Position`]), and a [`Game`] adds the history that
//! repetition and the no-progress limit need.
//!
//! ```
//! use bagh_core::{perft, Game, Move, Position, Ruleset, Side};
//!
//! // Positions are history-free and cheap to copy.
//! let start = Position::new(Ruleset::preset("bagh-chal")?);
//! assert_eq!(start.legal_moves().len(), 21);
//! assert_eq!(perft(&start, 4), 68_204);
//!
//! // A game plays moves, checks them, and knows how it ended.
//! let mut game = Game::new(Ruleset::default());
//! while game.outcome().is_none() {
//!     let mv = game.legal_moves()[0];
//!     game.push(mv)?;
//! }
//! let outcome = game.outcome().unwrap();
//! println!("{} after {} plies", outcome, game.len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Text forms follow the project's fixed notation: points `a1`..`e5`, moves
//! `c3`, `a1a2`, `a1xa3`, and position strings such as `T3T/5/5/5/T3T g 20 0`.
//! Every text form has `FromStr` and `Display`, and errors say what was wrong
//! and at which column.
//!
//! ## The rules and the formats in full
//!
//! The [`guide`] describes what this crate implements, with examples that
//! run as its doctests:
//!
//! - [`guide::rules`]: the board, placement and movement, steps, slides and
//!   captures, the end of the game and the order of its checks, the
//!   repetition policies, the no-progress limit, the presets and every field
//!   of a [`Ruleset`] with its text form and its errors.
//! - [`guide::notation`]: points, moves, position strings and the checks made
//!   when one is read.
//! - [`guide::records`]: game records ([`Record`], [`RecordReader`]): tag
//!   pairs, comments, move numbers, results, files of many games.
//! - [`guide::json`]: the JSON shapes of the `serde` feature.
//!
//! ## Features
//!
//! - `parallel` (default): [`perft_parallel`] through rayon.
//! - `serde`: points, moves and rule sets serialize as their text forms;
//!   a position as `{"rules": "bagh-chal", "position": "T3T/5/5/5/T3T g 20 0"}`;
//!   a [`Setup`] through its fields (point sets as lists of point names,
//!   the side as `goat` or `tiger`);
//!   a [`Game`] as `{"rules": ..., "start": ..., "moves": [...], "result": ...}`
//!   and a [`Record`] with its `tags` and `comments` too (deserializing
//!   replays and checks the moves). The shapes are in [`guide::json`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod banned;
mod board_drawing;
mod board_svg;
mod direction;
mod error;
mod game;
mod game_text;
mod illegal_move;
pub mod interop;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod playout;
mod point;
mod point_set;
mod position;
mod position_text;
mod random;
mod record;
mod record_reader;
mod ruleset;
mod ruleset_builder;
#[cfg(feature = "serde")]
mod serde_games;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod side;
mod symmetry;
mod threats;
mod tiger_moves;
mod zobrist;

pub use board_svg::SvgOptions;
pub use direction::Direction;
pub use error::{
    IllegalMoveError, IllegalMoveReason, ParseError, ParseErrorKind, RepeatedPoint, RulesetError,
    TextKind,
};
pub use game::Game;
pub use interop::baghchal::{BaghchalError, BaghchalErrorKind, BaghchalPosition, BaghchalText};
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use outcome::{Outcome, Termination};
pub use perft::{perft, perft_divide, MAX_PERFT_DEPTH};
#[cfg(feature = "parallel")]
pub use perft::{perft_divide_parallel, perft_parallel};
pub use playout::random_game;
pub use point::Point;
pub use point_set::{PointSet, PointSetIter};
pub use position::Position;
pub use random::SplitMix64;
pub use record::{Record, RecordContentError, RecordError, RecordErrorKind};
pub use record_reader::RecordReader;
pub use ruleset::{Repetition, Ruleset, TigerMoves};
pub use ruleset_builder::{IntoPoint, RulesetBuilder};
pub use setup::{Setup, SetupError};
pub use side::Side;
pub use symmetry::Symmetry;
pub use tiger_moves::{for_each_tiger_move, goats_under_attack};

// The guides are Markdown for a code host, where `[W]` is text, not a link
// to an item: rustdoc must not read their brackets as intra-doc links.
#[allow(rustdoc::broken_intra_doc_links)]
pub mod guide {
    //! The guides to this crate, with examples that run as its doctests.
    //! They are the pages `docs/rules.md`, `docs/notation.md`,
    //! `docs/records.md` and `docs/json.md` of the repository, shipped in
    //! the crate so that they read the same here.

    #[doc = include_str!(concat!(env!("OUT_DIR"), "/guide/rules.md"))]
    pub mod rules {}

    #[doc = include_str!(concat!(env!("OUT_DIR"), "/guide/notation.md"))]
    pub mod notation {}

    #[doc = include_str!(concat!(env!("OUT_DIR"), "/guide/records.md"))]
    pub mod records {}

    // The examples of this page need the `serde` feature.
    #[cfg_attr(feature = "serde", doc = include_str!(concat!(env!("OUT_DIR"), "/guide/json.md")))]
    #[cfg_attr(
        not(feature = "serde"),
        doc = "# JSON\n\nThe JSON shapes of the `serde` feature: build the documentation with `--features serde` to read them."
    )]
    pub mod json {}
}

// The crate's README (its page on crates.io) runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
