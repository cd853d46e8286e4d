//! `bagh_game`: a start position and the moves played, with the history
//! that repetition, the no-progress limit, undo and records need.

use std::ffi::c_char;

use bagh_core::{Game, Move, Record};

use crate::bagh_result;
use crate::failure::{guard, Failure};
use crate::moves::{bagh_move, write_moves};
use crate::outcome::bagh_outcome;
use crate::pointers::{borrow, borrow_mut, free, Out};
use crate::position::bagh_position;
use crate::ruleset::bagh_ruleset;
use crate::text::{read_text, write_text};

/// A game in progress or finished. Free with `bagh_game_free`.
pub struct bagh_game(pub(crate) Game);

/// A new game from the start of `rules`.
///
/// # Safety
///
/// `rules` is a live handle; `game_out` points to a `bagh_game*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_new(
    rules: *const bagh_ruleset,
    game_out: *mut *mut bagh_game,
) -> bagh_result {
    guard(|| {
        let out = Out::new(game_out, "game_out")?;
        let rules = unsafe { borrow(rules, "rules")? };
        unsafe { out.write_handle(bagh_game(Game::new(rules.0))) };
        Ok(())
    })
}

/// A new game starting from `start` (its rule set included).
///
/// # Safety
///
/// `start` is a live handle; `game_out` points to a `bagh_game*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_from_position(
    start: *const bagh_position,
    game_out: *mut *mut bagh_game,
) -> bagh_result {
    guard(|| {
        let out = Out::new(game_out, "game_out")?;
        let start = unsafe { borrow(start, "start")? };
        unsafe { out.write_handle(bagh_game(Game::from_position(start.0))) };
        Ok(())
    })
}

/// Reads a game record (`docs/records.md`) and replays its moves;
/// `BAGH_INVALID_RECORD` gives the line and column of what is wrong.
///
/// # Safety
///
/// `text` is a NUL-terminated string; `game_out` points to a `bagh_game*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_from_record_text(
    text: *const c_char,
    game_out: *mut *mut bagh_game,
) -> bagh_result {
    guard(|| {
        let out = Out::new(game_out, "game_out")?;
        let record: Record = unsafe { read_text(text, "text")? }.parse()?;
        unsafe { out.write_handle(bagh_game(record.into_game())) };
        Ok(())
    })
}

/// Writes the game's record: tag pairs, then the numbered moves and the
/// result; `bagh_game_from_record_text` reads it back.
///
/// # Safety
///
/// `game` is a live handle; `buf` points to `capacity` writable bytes;
/// `length` to a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_to_record_text(
    game: *const bagh_game,
    buf: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> bagh_result {
    guard(|| {
        let game = unsafe { borrow(game, "game")? };
        unsafe { write_text(&game.0.to_string(), buf, capacity, length) }
    })
}

/// Plays `mv`. An illegal move (`BAGH_ILLEGAL_MOVE`, or `BAGH_GAME_OVER`
/// once the game has ended) changes nothing.
///
/// # Safety
///
/// `game` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_push(game: *mut bagh_game, mv: bagh_move) -> bagh_result {
    guard(|| {
        let game = unsafe { borrow_mut(game, "game")? };
        game.0.push(mv.to_move()?)?;
        Ok(())
    })
}

/// As `bagh_game_push`, the move given as text (`"c3"`, `"a1a2"`, `"a1xa3"`).
///
/// # Safety
///
/// `game` is a live handle; `text` a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_push_text(
    game: *mut bagh_game,
    text: *const c_char,
) -> bagh_result {
    guard(|| {
        let game = unsafe { borrow_mut(game, "game")? };
        let mv: Move = unsafe { read_text(text, "text")? }.parse()?;
        game.0.push(mv)?;
        Ok(())
    })
}

/// Takes back the last move and writes it into `move_out` (which may be
/// NULL when it is not wanted); `BAGH_NOTHING_TO_POP` at the start.
///
/// # Safety
///
/// `game` is a live handle; `move_out` is NULL or points to a `bagh_move`.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_pop(
    game: *mut bagh_game,
    move_out: *mut bagh_move,
) -> bagh_result {
    guard(|| {
        let game = unsafe { borrow_mut(game, "game")? };
        let mv = game.0.pop().ok_or_else(|| {
            Failure::new(
                bagh_result::BAGH_NOTHING_TO_POP,
                "the game has no move to take back",
            )
        })?;
        if !move_out.is_null() {
            unsafe { move_out.write(mv.into()) };
        }
        Ok(())
    })
}

/// The legal moves now, as `bagh_position_legal_moves` (a move that would
/// repeat a position under a `forbidden` policy is left out).
///
/// # Safety
///
/// `game` is a live handle; `moves` points to `capacity` writable
/// `bagh_move`s; `count` to a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_legal_moves(
    game: *const bagh_game,
    moves: *mut bagh_move,
    capacity: usize,
    count: *mut usize,
) -> bagh_result {
    guard(|| {
        let game = unsafe { borrow(game, "game")? };
        unsafe { write_moves(&game.0.legal_moves(), moves, capacity, count) }
    })
}

/// How the game stands, repetition and the no-progress limit included.
///
/// # Safety
///
/// `game` is a live handle; `outcome_out` points to a `bagh_outcome`.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_outcome(
    game: *const bagh_game,
    outcome_out: *mut bagh_outcome,
) -> bagh_result {
    guard(|| {
        let out = Out::new(outcome_out, "outcome_out")?;
        let game = unsafe { borrow(game, "game")? };
        unsafe { out.write(game.0.outcome().into()) };
        Ok(())
    })
}

/// The number of moves played (plies).
///
/// # Safety
///
/// `game` is a live handle; `length_out` points to a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_len(
    game: *const bagh_game,
    length_out: *mut usize,
) -> bagh_result {
    guard(|| {
        let out = Out::new(length_out, "length_out")?;
        let game = unsafe { borrow(game, "game")? };
        unsafe { out.write(game.0.len()) };
        Ok(())
    })
}

/// A new handle to the current position.
///
/// # Safety
///
/// `game` is a live handle; `position_out` points to a `bagh_position*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_position(
    game: *const bagh_game,
    position_out: *mut *mut bagh_position,
) -> bagh_result {
    guard(|| {
        let out = Out::new(position_out, "position_out")?;
        let game = unsafe { borrow(game, "game")? };
        unsafe { out.write_handle(bagh_position(*game.0.position())) };
        Ok(())
    })
}

/// Frees a game; NULL does nothing.
///
/// # Safety
///
/// `game` is NULL or a handle not freed before.
#[no_mangle]
pub unsafe extern "C" fn bagh_game_free(game: *mut bagh_game) {
    unsafe { free(game) }
}
