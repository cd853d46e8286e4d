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
//! Three pages of the repository's `docs/` folder describe what this crate
//! implements, with examples that run in its tests:
//!
//! - `docs/rules.md`: the board, placement and movement, steps, slides and
//!   captures, the end of the game and the order of its checks, the
//!   repetition policies, the no-progress limit, the presets and every field
//!   of a [`Ruleset`] with its text form and its errors.
//! - `docs/notation.md`: points, moves, position strings and the checks made
//!   when one is read.
//! - `docs/records.md`: game records ([`Record`], [`RecordReader`]): tag
//!   pairs, comments, move numbers, results, files of many games.
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
//!   replays and checks the moves). The shapes are in `docs/json.md`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

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

/// The Rust examples of `docs/rules.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/rules.md")]
pub struct RulesDoctests;

/// The Rust examples of `docs/notation.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/notation.md")]
pub struct NotationDoctests;

/// The Rust examples of `docs/records.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/records.md")]
pub struct RecordsDoctests;

/// The Rust examples of `docs/json.md` (they need the `serde` feature),
/// compiled and run as doctests.
#[cfg(all(doctest, feature = "serde"))]
#[doc = include_str!("../../docs/json.md")]
pub struct JsonDoctests;

// The crate's README (its page on crates.io) runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
