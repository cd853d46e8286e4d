//! Fuzz check `c_abi`: arbitrary sequences of calls through the C ABI
//! (crate `bagh-c`, library `bagh`) on a few game handles, as a C program
//! would make them: rule sets read from arbitrary bytes (invalid UTF-8
//! included), pushes by index and by text, pops, records written into
//! buffers of arbitrary size and read back, handles freed and remade.
//!
//! Beyond "no panic, no memory error" (AddressSanitizer watches the
//! buffers and leaks), it checks the ABI's promises: every call returns a
//! known code; out-parameters are written only on success; a too-small
//! buffer reports the length needed and stays untouched; a failed push
//! changes nothing; a game's record text reads back to the same record.
//!
//! Not part of `lib.rs`: the fuzz target and bagh-c's own test
//! (`bagh-c/tests/fuzz_inputs.rs`, which replays the committed inputs)
//! include this file by path.

use std::ffi::{c_char, CString};
use std::ptr;

use arbitrary::{Arbitrary, Unstructured};
use bagh::*;

/// One call of the sequence; `slot` picks one of `SLOTS` game handles.
#[derive(Arbitrary, Debug)]
enum Call {
    NewGame {
        slot: u8,
        preset: u8,
    },
    NewGameFromRulesText {
        slot: u8,
        text: Vec<u8>,
    },
    NewGameFromRecord {
        slot: u8,
        from: u8,
        text: Vec<u8>,
    },
    Push {
        slot: u8,
        index: u16,
    },
    PushRaw {
        slot: u8,
        kind: u8,
        from: u8,
        over: u8,
        to: u8,
    },
    PushText {
        slot: u8,
        text: Vec<u8>,
    },
    Pop {
        slot: u8,
    },
    LegalMoves {
        slot: u8,
        capacity: u16,
    },
    RecordText {
        slot: u8,
        capacity: u16,
    },
    PositionText {
        slot: u8,
        capacity: u8,
    },
    Free {
        slot: u8,
    },
    LastError {
        capacity: u8,
    },
}

const SLOTS: usize = 3;
const PRESETS: [&str; 3] = ["bagh-chal", "bagh-chal-blocked-loses", "two-tigers"];
/// A byte no out-parameter holds after a failed call.
const UNTOUCHED: u8 = 0xA5;

/// Runs one input: at most 64 calls, then every handle is freed.
pub fn run(data: &[u8]) {
    let mut input = Unstructured::new(data);
    let mut games: [*mut bagh_game; SLOTS] = [ptr::null_mut(); SLOTS];
    for _ in 0..64 {
        let Ok(call) = Call::arbitrary(&mut input) else {
            break;
        };
        // SAFETY: every handle in `games` is NULL or live (made by bagh and
        // not yet freed); buffers are Rust vectors of the stated capacity.
        unsafe { make(&call, &mut games) };
    }
    for game in games {
        // SAFETY: live or NULL, each freed once.
        unsafe { bagh_game_free(game) };
    }
}

/// A NUL-terminated copy of arbitrary bytes (cut at the first NUL, as C
/// would read them).
fn c_text(bytes: &[u8]) -> CString {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    CString::new(&bytes[..end]).expect("no NUL left")
}

fn known(result: bagh_result) -> bagh_result {
    let code = result as i32;
    assert!((0..=15).contains(&code), "unknown result code {code}");
    assert_ne!(result, bagh_result::BAGH_PANIC, "a call panicked");
    result
}

/// Text out into a buffer of `capacity` bytes: on success the text and its
/// NUL; when too small, the length needed and the buffer untouched.
unsafe fn text_out(
    capacity: usize,
    write: impl Fn(*mut c_char, usize, *mut usize) -> bagh_result,
) -> Option<String> {
    let mut buf = vec![UNTOUCHED; capacity];
    let mut length = usize::MAX;
    let pointer = if capacity == 0 {
        ptr::null_mut()
    } else {
        buf.as_mut_ptr().cast()
    };
    match known(write(pointer, capacity, &mut length)) {
        bagh_result::BAGH_OK => {
            assert!(
                length < capacity,
                "{length} bytes and a NUL fit in {capacity}"
            );
            assert_eq!(buf[length], 0, "the text ends with a NUL");
            Some(String::from_utf8(buf[..length].to_vec()).expect("UTF-8 out"))
        }
        bagh_result::BAGH_BUFFER_TOO_SMALL => {
            assert!(
                length >= capacity,
                "needs {length} bytes and a NUL, had {capacity}"
            );
            assert!(
                buf.iter().all(|&b| b == UNTOUCHED),
                "a short buffer is left as it was"
            );
            let mut full = vec![0u8; length + 1];
            assert_eq!(
                write(full.as_mut_ptr().cast(), full.len(), &mut length),
                bagh_result::BAGH_OK
            );
            Some(String::from_utf8(full[..length].to_vec()).expect("UTF-8 out"))
        }
        other => panic!("text out failed with {other:?}"),
    }
}

unsafe fn record_of(game: *const bagh_game, capacity: usize) -> String {
    text_out(capacity, |buf, cap, len| {
        bagh_game_to_record_text(game, buf, cap, len)
    })
    .expect("a live game writes its record")
}

unsafe fn length_of(game: *const bagh_game) -> usize {
    let mut length = usize::MAX;
    assert_eq!(bagh_game_len(game, &mut length), bagh_result::BAGH_OK);
    length
}

/// Replaces the handle in `slot` by `made` when the call succeeded; else
/// checks that the out-parameter is still NULL.
unsafe fn install(
    games: &mut [*mut bagh_game; SLOTS],
    slot: usize,
    result: bagh_result,
    made: *mut bagh_game,
) {
    if known(result) == bagh_result::BAGH_OK {
        assert!(!made.is_null());
        bagh_game_free(games[slot]);
        games[slot] = made;
    } else {
        assert!(made.is_null(), "a failed call wrote its out-parameter");
    }
}

unsafe fn make(call: &Call, games: &mut [*mut bagh_game; SLOTS]) {
    let slot_of = |slot: u8| usize::from(slot) % SLOTS;
    match *call {
        Call::NewGame { slot, preset } => {
            let id = CString::new(PRESETS[usize::from(preset) % PRESETS.len()]).unwrap();
            let mut rules = ptr::null_mut();
            assert_eq!(
                bagh_ruleset_preset(id.as_ptr(), &mut rules),
                bagh_result::BAGH_OK
            );
            let mut made = ptr::null_mut();
            let result = bagh_game_new(rules, &mut made);
            bagh_ruleset_free(rules);
            install(games, slot_of(slot), result, made);
        }
        Call::NewGameFromRulesText { slot, ref text } => {
            let text = c_text(text);
            let mut rules = ptr::null_mut();
            if known(bagh_ruleset_from_text(text.as_ptr(), &mut rules)) != bagh_result::BAGH_OK {
                assert!(rules.is_null());
                return;
            }
            // The rule set's text reads back to a rule set that writes the same text.
            let written = text_out(64, |buf, cap, len| {
                bagh_ruleset_to_text(rules, buf, cap, len)
            })
            .unwrap();
            let again = CString::new(written.clone()).unwrap();
            let mut reread = ptr::null_mut();
            assert_eq!(
                bagh_ruleset_from_text(again.as_ptr(), &mut reread),
                bagh_result::BAGH_OK
            );
            let rewritten = text_out(64, |buf, cap, len| {
                bagh_ruleset_to_text(reread, buf, cap, len)
            })
            .unwrap();
            assert_eq!(written, rewritten);
            bagh_ruleset_free(reread);
            let mut made = ptr::null_mut();
            let result = bagh_game_new(rules, &mut made);
            bagh_ruleset_free(rules);
            install(games, slot_of(slot), result, made);
        }
        Call::NewGameFromRecord {
            slot,
            from,
            ref text,
        } => {
            // Either a live game's own record (must read back) or arbitrary bytes.
            let source = games[slot_of(from)];
            let text = if !source.is_null() && text.is_empty() {
                c_text(record_of(source, 0).as_bytes())
            } else {
                c_text(text)
            };
            let mut made = ptr::null_mut();
            let result = known(bagh_game_from_record_text(text.as_ptr(), &mut made));
            if result == bagh_result::BAGH_OK {
                // What was read writes a record that reads to the same record.
                let written = record_of(made, 256);
                let again = CString::new(written.clone()).unwrap();
                let mut reread = ptr::null_mut();
                assert_eq!(
                    bagh_game_from_record_text(again.as_ptr(), &mut reread),
                    bagh_result::BAGH_OK
                );
                assert_eq!(record_of(reread, 256), written);
                bagh_game_free(reread);
            }
            install(games, slot_of(slot), result, made);
        }
        Call::Push { slot, index } => {
            let game = games[slot_of(slot)];
            if game.is_null() {
                assert_eq!(
                    bagh_game_push_text(game, c"c3".as_ptr()),
                    bagh_result::BAGH_NULL_POINTER
                );
                return;
            }
            let mut moves = [bagh_move {
                kind: 0,
                from: 0,
                over: 0,
                to: 0,
            }; BAGH_MAX_MOVES];
            let mut count = 0;
            assert_eq!(
                bagh_game_legal_moves(game, moves.as_mut_ptr(), moves.len(), &mut count),
                bagh_result::BAGH_OK
            );
            let before = length_of(game);
            if count == 0 {
                // Over: an outcome, and no move plays.
                let mut outcome = bagh_outcome {
                    is_over: false,
                    winner: bagh_winner::BAGH_WINNER_NONE,
                    termination: bagh_termination::BAGH_TERMINATION_NONE,
                };
                assert_eq!(bagh_game_outcome(game, &mut outcome), bagh_result::BAGH_OK);
                assert!(outcome.is_over, "no legal move and the game goes on");
                return;
            }
            let mv = moves[usize::from(index) % count];
            assert_eq!(bagh_game_push(game, mv), bagh_result::BAGH_OK);
            assert_eq!(length_of(game), before + 1);
        }
        Call::PushRaw {
            slot,
            kind,
            from,
            over,
            to,
        } => {
            let game = games[slot_of(slot)];
            if game.is_null() {
                return;
            }
            let before = record_of(game, 0);
            let result = known(bagh_game_push(
                game,
                bagh_move {
                    kind,
                    from,
                    over,
                    to,
                },
            ));
            if result != bagh_result::BAGH_OK {
                assert_eq!(record_of(game, 0), before, "a refused move changes nothing");
            }
        }
        Call::PushText { slot, ref text } => {
            let game = games[slot_of(slot)];
            if game.is_null() {
                return;
            }
            let before = record_of(game, 0);
            let text = c_text(text);
            if known(bagh_game_push_text(game, text.as_ptr())) != bagh_result::BAGH_OK {
                assert_eq!(record_of(game, 0), before, "a refused move changes nothing");
            }
        }
        Call::Pop { slot } => {
            let game = games[slot_of(slot)];
            if game.is_null() {
                return;
            }
            let before = length_of(game);
            let mut popped = bagh_move {
                kind: UNTOUCHED,
                from: UNTOUCHED,
                over: UNTOUCHED,
                to: UNTOUCHED,
            };
            match known(bagh_game_pop(game, &mut popped)) {
                bagh_result::BAGH_OK => {
                    assert_eq!(length_of(game), before - 1);
                    // The popped move plays again.
                    assert_eq!(bagh_game_push(game, popped), bagh_result::BAGH_OK);
                    assert_eq!(bagh_game_pop(game, ptr::null_mut()), bagh_result::BAGH_OK);
                }
                bagh_result::BAGH_NOTHING_TO_POP => {
                    assert_eq!(before, 0);
                    assert_eq!(
                        popped.kind, UNTOUCHED,
                        "a failed pop wrote its out-parameter"
                    );
                }
                other => panic!("pop failed with {other:?}"),
            }
        }
        Call::LegalMoves { slot, capacity } => {
            let game = games[slot_of(slot)];
            if game.is_null() {
                return;
            }
            let capacity = usize::from(capacity) % (BAGH_MAX_MOVES + 8);
            let blank = bagh_move {
                kind: UNTOUCHED,
                from: UNTOUCHED,
                over: UNTOUCHED,
                to: UNTOUCHED,
            };
            let mut moves = vec![blank; capacity];
            let mut count = usize::MAX;
            let pointer = if capacity == 0 {
                ptr::null_mut()
            } else {
                moves.as_mut_ptr()
            };
            match known(bagh_game_legal_moves(game, pointer, capacity, &mut count)) {
                bagh_result::BAGH_OK => {
                    assert!(count <= capacity);
                    assert!(moves[count..].iter().all(|m| m.kind == UNTOUCHED));
                }
                bagh_result::BAGH_BUFFER_TOO_SMALL => {
                    assert!(count > capacity, "needs {count}, had {capacity}");
                    assert!(
                        moves.iter().all(|m| m.kind == UNTOUCHED),
                        "a short array is left as it was"
                    );
                }
                other => panic!("legal moves failed with {other:?}"),
            }
        }
        Call::RecordText { slot, capacity } => {
            let game = games[slot_of(slot)];
            if !game.is_null() {
                let written = record_of(game, usize::from(capacity));
                assert_eq!(
                    written,
                    record_of(game, 0),
                    "the record does not depend on the buffer"
                );
            }
        }
        Call::PositionText { slot, capacity } => {
            let game = games[slot_of(slot)];
            if game.is_null() {
                return;
            }
            let mut position = ptr::null_mut();
            assert_eq!(
                bagh_game_position(game, &mut position),
                bagh_result::BAGH_OK
            );
            let text = text_out(usize::from(capacity), |buf, cap, len| {
                bagh_position_to_text(position, buf, cap, len)
            })
            .unwrap();
            // The position string reads back under the position's rule set.
            let mut rules = ptr::null_mut();
            assert_eq!(
                bagh_position_ruleset(position, &mut rules),
                bagh_result::BAGH_OK
            );
            let again = CString::new(text.clone()).unwrap();
            let mut reread = ptr::null_mut();
            assert_eq!(
                bagh_position_from_text(rules, again.as_ptr(), &mut reread),
                bagh_result::BAGH_OK
            );
            assert_eq!(
                text_out(0, |buf, cap, len| bagh_position_to_text(
                    reread, buf, cap, len
                ))
                .unwrap(),
                text
            );
            bagh_position_free(reread);
            bagh_ruleset_free(rules);
            bagh_position_free(position);
        }
        Call::Free { slot } => {
            let slot = slot_of(slot);
            bagh_game_free(games[slot]);
            games[slot] = ptr::null_mut();
        }
        Call::LastError { capacity } => {
            text_out(usize::from(capacity), |buf, cap, len| {
                bagh_last_error_message(buf, cap, len)
            });
        }
    }
}
