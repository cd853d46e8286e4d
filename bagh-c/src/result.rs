//! `bagh_result`: the code every call returns, and its name.

use std::ffi::c_char;

/// What a call did: `BAGH_OK`, or why it failed. The failure's message is
/// in `bagh_last_error_message`.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum bagh_result {
    /// The call succeeded and wrote its out-parameters.
    BAGH_OK = 0,
    /// A pointer argument was NULL.
    BAGH_NULL_POINTER = 1,
    /// A string argument is not UTF-8.
    BAGH_INVALID_UTF8 = 2,
    /// The caller's buffer is too small; the length needed was written.
    BAGH_BUFFER_TOO_SMALL = 3,
    /// A point or move text, or a `bagh_move` value, that is not a move.
    BAGH_INVALID_MOVE = 4,
    /// A position string that cannot be read under the rule set.
    BAGH_INVALID_POSITION = 5,
    /// A rule-set text, preset id or rule-set field that is not valid.
    BAGH_INVALID_RULES = 6,
    /// A game record that cannot be read or replayed.
    BAGH_INVALID_RECORD = 7,
    /// A move that cannot be played here; nothing was changed.
    BAGH_ILLEGAL_MOVE = 8,
    /// A move was given to a finished game; nothing was changed.
    BAGH_GAME_OVER = 9,
    /// `bagh_game_pop` on a game with no moves.
    BAGH_NOTHING_TO_POP = 10,
    /// An argument out of range (an enum value, a depth, a count).
    BAGH_INVALID_ARGUMENT = 11,
    /// A file could not be read or written.
    BAGH_IO_ERROR = 12,
    /// The tables refused: damaged, of another rule set, or no answer.
    BAGH_TABLEBASE_ERROR = 13,
    /// The engine refused: an option out of range, no limit, a finished game.
    BAGH_ENGINE_ERROR = 14,
    /// A bug inside the library was caught before it crossed into C.
    BAGH_PANIC = 15,
}

/// Every code with its name, in order; `bagh_result_name` reads it.
const NAMES: [&std::ffi::CStr; 16] = [
    c"BAGH_OK",
    c"BAGH_NULL_POINTER",
    c"BAGH_INVALID_UTF8",
    c"BAGH_BUFFER_TOO_SMALL",
    c"BAGH_INVALID_MOVE",
    c"BAGH_INVALID_POSITION",
    c"BAGH_INVALID_RULES",
    c"BAGH_INVALID_RECORD",
    c"BAGH_ILLEGAL_MOVE",
    c"BAGH_GAME_OVER",
    c"BAGH_NOTHING_TO_POP",
    c"BAGH_INVALID_ARGUMENT",
    c"BAGH_IO_ERROR",
    c"BAGH_TABLEBASE_ERROR",
    c"BAGH_ENGINE_ERROR",
    c"BAGH_PANIC",
];

/// The name of a result code, such as `"BAGH_ILLEGAL_MOVE"`: a static
/// string the caller must not free; `"BAGH_UNKNOWN"` for a value that is
/// no code. Takes an `int` so that any value a C caller holds is safe.
#[no_mangle]
pub extern "C" fn bagh_result_name(code: i32) -> *const c_char {
    usize::try_from(code)
        .ok()
        .and_then(|index| NAMES.get(index))
        .map_or(c"BAGH_UNKNOWN".as_ptr(), |name| name.as_ptr())
}
