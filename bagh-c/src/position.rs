//! `bagh_position`: a history-free position, read from and written as a
//! position string, with its legal moves.

use std::ffi::c_char;

use bagh_core::{Move, Position};

use crate::bagh_result;
use crate::failure::guard;
use crate::moves::{bagh_move, write_moves};
use crate::outcome::{bagh_outcome, bagh_side};
use crate::pointers::{borrow, free, Out};
use crate::ruleset::bagh_ruleset;
use crate::text::{read_text, write_text};

/// A position under a rule set: the board, the side to move, the goats in
/// hand and captured. Positions are values: playing a move makes a new one.
/// Free with `bagh_position_free`.
pub struct bagh_position(pub(crate) Position);

/// The start position of `rules`.
///
/// # Safety
///
/// `rules` is a live handle; `position_out` points to a `bagh_position*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_new(
    rules: *const bagh_ruleset,
    position_out: *mut *mut bagh_position,
) -> bagh_result {
    guard(|| {
        let out = Out::new(position_out, "position_out")?;
        let rules = unsafe { borrow(rules, "rules")? };
        unsafe { out.write_handle(bagh_position(Position::new(rules.0))) };
        Ok(())
    })
}

/// Reads a position string (`"T3T/5/5/5/T3T g 20 0"`) under `rules`,
/// which checks it; `BAGH_INVALID_POSITION` names the field that is wrong.
///
/// # Safety
///
/// `rules` is a live handle; `text` a NUL-terminated string;
/// `position_out` points to a `bagh_position*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_from_text(
    rules: *const bagh_ruleset,
    text: *const c_char,
    position_out: *mut *mut bagh_position,
) -> bagh_result {
    guard(|| {
        let out = Out::new(position_out, "position_out")?;
        let rules = unsafe { borrow(rules, "rules")? };
        let position = Position::from_text(unsafe { read_text(text, "text")? }, rules.0)?;
        unsafe { out.write_handle(bagh_position(position)) };
        Ok(())
    })
}

/// Writes the position string.
///
/// # Safety
///
/// `position` is a live handle; `buf` points to `capacity` writable bytes;
/// `length` to a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_to_text(
    position: *const bagh_position,
    buf: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> bagh_result {
    guard(|| {
        let position = unsafe { borrow(position, "position")? };
        unsafe { write_text(&position.0.to_string(), buf, capacity, length) }
    })
}

/// A new handle to the position's rule set.
///
/// # Safety
///
/// `position` is a live handle; `rules_out` points to a `bagh_ruleset*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_ruleset(
    position: *const bagh_position,
    rules_out: *mut *mut bagh_ruleset,
) -> bagh_result {
    guard(|| {
        let out = Out::new(rules_out, "rules_out")?;
        let position = unsafe { borrow(position, "position")? };
        unsafe { out.write_handle(bagh_ruleset(*position.0.rules())) };
        Ok(())
    })
}

/// A copy of the position, freed on its own.
///
/// # Safety
///
/// `position` is a live handle; `copy_out` points to a `bagh_position*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_clone(
    position: *const bagh_position,
    copy_out: *mut *mut bagh_position,
) -> bagh_result {
    guard(|| {
        let out = Out::new(copy_out, "copy_out")?;
        let position = unsafe { borrow(position, "position")? };
        unsafe { out.write_handle(bagh_position(position.0)) };
        Ok(())
    })
}

/// The legal moves into `moves` (capacity `capacity`, `BAGH_MAX_MOVES`
/// always suffices) and their number into `count`; none once the game is
/// over.
///
/// # Safety
///
/// `position` is a live handle; `moves` points to `capacity` writable
/// `bagh_move`s; `count` to a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_legal_moves(
    position: *const bagh_position,
    moves: *mut bagh_move,
    capacity: usize,
    count: *mut usize,
) -> bagh_result {
    guard(|| {
        let position = unsafe { borrow(position, "position")? };
        unsafe { write_moves(&position.0.legal_moves(), moves, capacity, count) }
    })
}

/// Plays `mv` and hands out the position after it; the position given is
/// unchanged. `BAGH_ILLEGAL_MOVE` (or `BAGH_GAME_OVER`) says why a move
/// cannot be played.
///
/// # Safety
///
/// `position` is a live handle; `next_out` points to a `bagh_position*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_play(
    position: *const bagh_position,
    mv: bagh_move,
    next_out: *mut *mut bagh_position,
) -> bagh_result {
    guard(|| {
        let out = Out::new(next_out, "next_out")?;
        let position = unsafe { borrow(position, "position")? };
        let next = position.0.play(mv.to_move()?)?;
        unsafe { out.write_handle(bagh_position(next)) };
        Ok(())
    })
}

/// As `bagh_position_play`, the move given as text (`"c3"`, `"a1xa3"`).
///
/// # Safety
///
/// `position` is a live handle; `text` a NUL-terminated string; `next_out`
/// points to a `bagh_position*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_play_text(
    position: *const bagh_position,
    text: *const c_char,
    next_out: *mut *mut bagh_position,
) -> bagh_result {
    guard(|| {
        let out = Out::new(next_out, "next_out")?;
        let position = unsafe { borrow(position, "position")? };
        let mv: Move = unsafe { read_text(text, "text")? }.parse()?;
        let next = position.0.play(mv)?;
        unsafe { out.write_handle(bagh_position(next)) };
        Ok(())
    })
}

/// How the game stands in this position alone (the capture target, a side
/// with no move); repetition and the no-progress limit need a `bagh_game`.
///
/// # Safety
///
/// `position` is a live handle; `outcome_out` points to a `bagh_outcome`.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_outcome(
    position: *const bagh_position,
    outcome_out: *mut bagh_outcome,
) -> bagh_result {
    guard(|| {
        let out = Out::new(outcome_out, "outcome_out")?;
        let position = unsafe { borrow(position, "position")? };
        unsafe { out.write(position.0.outcome().into()) };
        Ok(())
    })
}

/// The side to move.
///
/// # Safety
///
/// `position` is a live handle; `side_out` points to a `bagh_side`.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_side_to_move(
    position: *const bagh_position,
    side_out: *mut bagh_side,
) -> bagh_result {
    guard(|| {
        let out = Out::new(side_out, "side_out")?;
        let position = unsafe { borrow(position, "position")? };
        unsafe { out.write(position.0.side_to_move().into()) };
        Ok(())
    })
}

/// The goats still to be placed, and the goats captured so far.
///
/// # Safety
///
/// `position` is a live handle; `in_hand_out` and `captured_out` point to
/// `uint8_t`s.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_goats(
    position: *const bagh_position,
    in_hand_out: *mut u8,
    captured_out: *mut u8,
) -> bagh_result {
    guard(|| {
        let in_hand = Out::new(in_hand_out, "in_hand_out")?;
        let captured = Out::new(captured_out, "captured_out")?;
        let position = unsafe { borrow(position, "position")? };
        unsafe {
            in_hand.write(position.0.goats_in_hand());
            captured.write(position.0.goats_captured());
        }
        Ok(())
    })
}

/// Frees a position; NULL does nothing.
///
/// # Safety
///
/// `position` is NULL or a handle not freed before.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_free(position: *mut bagh_position) {
    unsafe { free(position) }
}

/// What stands on a point.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum bagh_piece {
    /// Nothing: the point is empty.
    BAGH_PIECE_NONE = 0,
    /// A goat.
    BAGH_PIECE_GOAT = 1,
    /// A tiger.
    BAGH_PIECE_TIGER = 2,
}

/// The piece on `point` (0 `a1`, 1 `b1`, ..., 24 `e5`);
/// `BAGH_INVALID_ARGUMENT` for a point above 24.
///
/// # Safety
///
/// `position` is a live handle; `piece_out` points to a `bagh_piece`.
#[no_mangle]
pub unsafe extern "C" fn bagh_position_piece_at(
    position: *const bagh_position,
    point: u8,
    piece_out: *mut bagh_piece,
) -> bagh_result {
    guard(|| {
        let out = Out::new(piece_out, "piece_out")?;
        let position = unsafe { borrow(position, "position")? };
        let point = bagh_core::Point::from_index(usize::from(point)).ok_or_else(|| {
            crate::failure::Failure::invalid(format!("point {point} is not in 0..=24"))
        })?;
        let piece = match position.0.piece_at(point) {
            None => bagh_piece::BAGH_PIECE_NONE,
            Some(bagh_core::Side::Goat) => bagh_piece::BAGH_PIECE_GOAT,
            Some(bagh_core::Side::Tiger) => bagh_piece::BAGH_PIECE_TIGER,
        };
        unsafe { out.write(piece) };
        Ok(())
    })
}
