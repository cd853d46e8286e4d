//! `bagh_move`: a move as a small value, and its text.

use std::ffi::c_char;

use bagh_core::{Move, Point};

use crate::bagh_result;
use crate::failure::{guard, Failure};
use crate::pointers::Out;
use crate::text::{read_text, write_text};

/// The most legal moves a position can have: a `bagh_move` array of this
/// length always holds them all.
/// (A literal, so that cbindgen can write it; the core's figure is checked.)
pub const BAGH_MAX_MOVES: usize = 264;
const _: () = assert!(BAGH_MAX_MOVES == bagh_core::MAX_MOVES);

/// `bagh_move.kind` of a goat placed from the hand (`c3`).
pub const BAGH_MOVE_PLACE: u8 = 0;
/// `bagh_move.kind` of a step or a slide along a line (`a1a2`).
pub const BAGH_MOVE_STEP: u8 = 1;
/// `bagh_move.kind` of a tiger jumping over a goat (`a1xa3`).
pub const BAGH_MOVE_CAPTURE: u8 = 2;
/// The point field a move does not use (`from` of a placement, `over` of
/// anything but a capture).
pub const BAGH_NO_POINT: u8 = 255;

/// A move as four bytes, copied by value. Points are indices
/// `rank * 5 + file`: `a1` is 0, `e1` 4, `a2` 5, `e5` 24.
///
/// Moves come from `bagh_position_legal_moves`, `bagh_game_legal_moves` or
/// `bagh_move_from_text`; one filled in by hand is checked when it is
/// played (`BAGH_INVALID_MOVE` if it is no move at all).
///
/// ```c
/// bagh_move move;
/// bagh_move_from_text("a1xa3", &move);
/// // move.kind == BAGH_MOVE_CAPTURE, move.from == 0, move.over == 5, move.to == 10
/// ```
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct bagh_move {
    /// `BAGH_MOVE_PLACE`, `BAGH_MOVE_STEP` or `BAGH_MOVE_CAPTURE`.
    pub kind: u8,
    /// Where the piece starts; `BAGH_NO_POINT` for a placement.
    pub from: u8,
    /// The captured goat's point; `BAGH_NO_POINT` unless a capture.
    pub over: u8,
    /// Where the piece ends (or the goat is placed).
    pub to: u8,
}

fn index(point: Point) -> u8 {
    point.index() as u8
}

impl From<Move> for bagh_move {
    fn from(mv: Move) -> bagh_move {
        let (kind, from, over, to) = match mv {
            Move::Place { to } => (BAGH_MOVE_PLACE, BAGH_NO_POINT, BAGH_NO_POINT, index(to)),
            Move::Step { from, to } => (BAGH_MOVE_STEP, index(from), BAGH_NO_POINT, index(to)),
            Move::Capture { from, over, to } => {
                (BAGH_MOVE_CAPTURE, index(from), index(over), index(to))
            }
        };
        bagh_move {
            kind,
            from,
            over,
            to,
        }
    }
}

impl bagh_move {
    /// The Rust move, or why these four bytes are none.
    pub(crate) fn to_move(self) -> Result<Move, Failure> {
        let invalid = |why: &str| {
            Failure::new(
                bagh_result::BAGH_INVALID_MOVE,
                format!(
                    "bagh_move {{kind={}, from={}, over={}, to={}}} is not a move: {why}",
                    self.kind, self.from, self.over, self.to
                ),
            )
        };
        let point = |index: u8| {
            Point::from_index(index.into()).ok_or_else(|| invalid("a point is not in 0..25"))
        };
        match self.kind {
            BAGH_MOVE_PLACE => Ok(Move::Place {
                to: point(self.to)?,
            }),
            BAGH_MOVE_STEP => Ok(Move::Step {
                from: point(self.from)?,
                to: point(self.to)?,
            }),
            BAGH_MOVE_CAPTURE => {
                let mv = Move::capture(point(self.from)?, point(self.to)?)
                    .ok_or_else(|| invalid("no point lies between from and to"))?;
                match mv.over_point() {
                    Some(over) if self.over == BAGH_NO_POINT || self.over == index(over) => Ok(mv),
                    _ => Err(invalid("over is not the point between from and to")),
                }
            }
            _ => Err(invalid("kind is not a BAGH_MOVE_ constant")),
        }
    }
}

/// Reads a move in the project's notation: `c3`, `a1a2` (a step or a
/// slide) or `a1xa3` (a capture). Whether it is legal is checked when it
/// is played.
///
/// # Safety
///
/// `text` is a NUL-terminated string; `move_out` points to a `bagh_move`.
#[no_mangle]
pub unsafe extern "C" fn bagh_move_from_text(
    text: *const c_char,
    move_out: *mut bagh_move,
) -> bagh_result {
    guard(|| {
        let out = Out::new(move_out, "move_out")?;
        let mv: Move = unsafe { read_text(text, "text")? }.parse()?;
        unsafe { out.write(mv.into()) };
        Ok(())
    })
}

/// Writes a move's text (`c3`, `a1a2`, `a1xa3`; at most 6 bytes with the
/// NUL) into `buf`, as every string out.
///
/// # Safety
///
/// `buf` points to `capacity` writable bytes; `length` to a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_move_to_text(
    mv: bagh_move,
    buf: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> bagh_result {
    guard(|| {
        let text = mv.to_move()?.to_string();
        unsafe { write_text(&text, buf, capacity, length) }
    })
}

/// Copies `moves` into the caller's array of `capacity` and their number
/// into `count`; when they do not fit, writes only the number and fails
/// with `BAGH_BUFFER_TOO_SMALL` (an array of `BAGH_MAX_MOVES` always fits).
///
/// # Safety
///
/// `array` points to `capacity` writable `bagh_move`s; `count` to a `size_t`.
pub(crate) unsafe fn write_moves(
    moves: &[Move],
    array: *mut bagh_move,
    capacity: usize,
    count: *mut usize,
) -> Result<(), Failure> {
    if count.is_null() {
        return Err(Failure::null("count"));
    }
    if array.is_null() && capacity > 0 {
        return Err(Failure::null("moves"));
    }
    unsafe { count.write(moves.len()) };
    if capacity < moves.len() {
        return Err(Failure::new(
            bagh_result::BAGH_BUFFER_TOO_SMALL,
            format!(
                "an array of {capacity} moves is too small: there are {} (BAGH_MAX_MOVES always fits)",
                moves.len()
            ),
        ));
    }
    for (index, &mv) in moves.iter().enumerate() {
        unsafe { array.add(index).write(mv.into()) };
    }
    Ok(())
}
