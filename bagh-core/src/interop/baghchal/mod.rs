//! The formats of the `baghchal` Python package (version 1.0.1): its
//! position string and its game text.
//!
//! ```
//! use bagh_core::interop::baghchal;
//! use bagh_core::{Game, Move};
//!
//! let game = baghchal::read_game(" 1. G33 B1112 2. G44 B5142", baghchal::rules())?;
//! assert_eq!(game.moves()[1], "a5b5".parse::<Move>()?);
//! assert_eq!(baghchal::write_game(&game)?, " 1. G33 B1112 2. G44 B5142");
//!
//! let read = baghchal::read_position("B3B/3G1/5/5/1B2B G 1", baghchal::rules())?;
//! assert_eq!(read.position.to_string(), "T3T/3G1/5/5/1T2T g 19 0");
//! assert_eq!(read.goat_plies, 1);
//! assert_eq!(baghchal::write_position(&read.position, None), "B3B/3G1/5/5/1B2B G 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The two formats
//!
//! A point is two digits: its row counted from the top (1-5), then its
//! column counted from the left (1-5). So `11` is bagh's `a5`, `15` is `e5`,
//! `51` is `a1` and `33` is `c3`.
//!
//! The position string has three fields, `B3B/5/5/5/B3B G 0`: the board, its
//! rows from the top down (`B` a tiger, `G` a goat, a digit a run of empty
//! points, as in bagh's board field); the side to move, `G` or `B`; and the
//! number of goat plies played so far (placements and goat moves). Goats in
//! hand and goats captured follow from that count and the board: after `n`
//! goat plies `max(20 - n, 0)` goats are in hand, and the goats neither in
//! hand nor on the board were captured.
//!
//! The game text numbers each pair of plies, goats first:
//! ` 1. G33 B1112 2. G44 Bx1113 ... 21. G3233# 1-0`. `G` and a point is a
//! placement, `G` and two points a goat move, `B` and two points a tiger
//! step, `Bx` and two points a capture. A finished game marks its last move
//! with `#` and ends with the result: `1-0` the goats won, `0-1` the tigers
//! won, `1/2-1/2` a draw. The text holds no start position: every game starts
//! with the four tigers in the corners and twenty goats in hand.
//!
//! # How an imported game maps onto a rule set
//!
//! The package plays the rules of the `bagh-chal-blocked-loses` preset
//! ([`rules`]): four tigers in the corners, twenty goats, five captures win,
//! tigers step and capture by a jump, captures optional, and goats left
//! without a move lose. Its repetition rule is its own: once the twentieth
//! goat ply has been played, it counts boards (the pieces alone, whichever
//! side is to move; the start board counts once) and the third occurrence of
//! one board is a draw. No bagh rule set has that rule, and the preset allows
//! repetition, so:
//!
//! - a game read under the preset goes on where the package would stop at a
//!   repeated board; [`is_repetition_draw`] tells whether the package's rule
//!   ends the game at its current board, so that a caller can adjudicate;
//! - a text whose result is `1/2-1/2` is read without error when the moves
//!   end in such a draw (bagh sees an unfinished game there), and
//!   [`write_game`] writes `# 1/2-1/2` after a game that ends so;
//! - every other result must be the outcome that the moves reach under the
//!   rule set given to [`read_game`], or the text is an error.
//!
//! Up to the first repeated board the two rule sets agree move for move and
//! on the result; this is checked against the package itself by the
//! project's differential test.

mod error;
mod game_text;
mod moves;
mod position;
mod repetition;

use crate::Ruleset;

pub use error::{BaghchalError, BaghchalErrorKind, BaghchalText};
pub use game_text::{read_game, write_game};
pub use position::{read_position, write_position, BaghchalPosition};
pub use repetition::is_repetition_draw;

/// The rule set that the `baghchal` package plays: the
/// `bagh-chal-blocked-loses` preset (see the module docs for repetition).
///
/// ```
/// use bagh_core::interop::baghchal;
///
/// assert_eq!(baghchal::rules().preset_id(), Some("bagh-chal-blocked-loses"));
/// ```
pub fn rules() -> Ruleset {
    Ruleset::preset("bagh-chal-blocked-loses").expect("a preset of this crate")
}
