//! # bagh-c
//!
//! The C ABI of bagh: the rules of Bagh-Chal and its relatives
//! (`bagh-core`), their tablebases (`bagh-tablebase`) and the engine
//! (`bagh-engine`) for C and C++, through the header `include/bagh.h`
//! (and the C++17 wrapper `include/bagh.hpp`). `docs/c.md` shows how to
//! build, install and link it.
//!
//! ## Conventions
//!
//! - **Handles.** `bagh_ruleset`, `bagh_ruleset_builder`, `bagh_position`,
//!   `bagh_game`, `bagh_tablebase` and `bagh_engine` are opaque. A
//!   constructor writes a new handle through its last argument; the caller
//!   owns it and frees it with `bagh_<type>_free`, which accepts NULL.
//!   A handle may move between threads but is used by one at a time.
//! - **Results.** Every call returns a `bagh_result`; `BAGH_OK` means it
//!   succeeded and wrote its out-parameters, any other code that it wrote
//!   nothing (except the lengths described next) and changed nothing.
//! - **Strings in** are NUL-terminated UTF-8 (`BAGH_INVALID_UTF8` if not).
//! - **Strings out** go into the caller's `buf` of `capacity` bytes, NUL
//!   included; the text's length (without the NUL) is written to
//!   `*length`. When the buffer is too small the call writes only
//!   `*length` and returns `BAGH_BUFFER_TOO_SMALL`: retry with
//!   `length + 1` bytes. Arrays of moves work the same way with `count`;
//!   `BAGH_MAX_MOVES` always suffices.
//! - **Errors.** `bagh_last_error_message` gives the message of the last
//!   call that failed on the calling thread: the Rust error's text, which
//!   quotes the input. `bagh_result_name` names a code.
//! - **Panics** never cross into C: they become `BAGH_PANIC`.
//!
//! ```
//! use std::ptr;
//! use bagh::*;
//!
//! // The same calls as from C, here from Rust: a preset, its start, perft(4).
//! unsafe {
//!     let mut rules = ptr::null_mut();
//!     assert_eq!(bagh_ruleset_preset(c"bagh-chal".as_ptr(), &mut rules), bagh_result::BAGH_OK);
//!     let mut start = ptr::null_mut();
//!     assert_eq!(bagh_position_new(rules, &mut start), bagh_result::BAGH_OK);
//!     let mut nodes = 0;
//!     assert_eq!(bagh_perft(start, 4, &mut nodes), bagh_result::BAGH_OK);
//!     assert_eq!(nodes, 68_204);
//!     bagh_position_free(start);
//!     bagh_ruleset_free(rules);
//! }
//! ```

#![allow(non_camel_case_types)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

mod build_progress;
mod conversions;
mod engine;
mod failure;
mod game;
mod game_probe;
mod moves;
mod outcome;
mod perft;
mod pointers;
mod position;
mod record_reader;
mod result;
mod rl;
mod ruleset;
mod ruleset_builder;
mod search;
mod tablebase;
mod text;

pub use build_progress::*;
pub use engine::*;
pub use failure::bagh_last_error_message;
pub use game::*;
pub use moves::{
    bagh_move, bagh_move_from_text, bagh_move_to_text, BAGH_MAX_MOVES, BAGH_MOVE_CAPTURE,
    BAGH_MOVE_PLACE, BAGH_MOVE_STEP, BAGH_NO_POINT,
};
pub use outcome::*;
pub use perft::*;
pub use position::*;
pub use record_reader::*;
pub use result::*;
pub use rl::*;
pub use ruleset::*;
pub use ruleset_builder::*;
pub use search::*;
pub use tablebase::*;
