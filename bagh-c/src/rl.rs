//! Reinforcement-learning codes from C, as `bagh.rl` has them: the fixed
//! action space (placements, then ordered pairs of points on one line),
//! legal-action masks and observation planes.

use bagh_rl::{decode_in_game, encode, write_game_mask, write_game_observation};

use crate::bagh_result;
use crate::failure::{guard, Failure};
use crate::game::bagh_game;
use crate::moves::bagh_move;
use crate::pointers::{borrow, Out};

/// The actions of every rule set: 25 placements, then the 264 ordered
/// pairs of points on one line.
pub const BAGH_NUM_ACTIONS: usize = 289;
/// The floats of one observation: 11 planes of 25 points (`a1`, `b1`, ...).
pub const BAGH_OBSERVATION_SIZE: usize = 275;
const _: () = assert!(BAGH_NUM_ACTIONS == bagh_rl::NUM_ACTIONS);
const _: () = assert!(BAGH_OBSERVATION_SIZE == bagh_rl::OBSERVATION_SIZE);

/// The action code of `mv` (below `BAGH_NUM_ACTIONS`);
/// `BAGH_INVALID_MOVE` when the four bytes are no move.
///
/// # Safety
///
/// `action_out` points to a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_rl_encode(mv: bagh_move, action_out: *mut u32) -> bagh_result {
    guard(|| {
        let out = Out::new(action_out, "action_out")?;
        let mv = mv.to_move()?;
        unsafe { out.write(encode(mv) as u32) };
        Ok(())
    })
}

/// The legal move of `game` that `action` names; `BAGH_INVALID_ARGUMENT`
/// (with the reason) when it names none.
///
/// # Safety
///
/// `game` is a live handle; `move_out` points to a `bagh_move`.
#[no_mangle]
pub unsafe extern "C" fn bagh_rl_decode(
    game: *const bagh_game,
    action: u32,
    move_out: *mut bagh_move,
) -> bagh_result {
    guard(|| {
        let out = Out::new(move_out, "move_out")?;
        let game = unsafe { borrow(game, "game")? };
        let mv = decode_in_game(action as usize, &game.0)
            .map_err(|e| Failure::invalid(e.to_string()))?;
        unsafe { out.write(mv.into()) };
        Ok(())
    })
}

/// The legal-action mask of `game` (its history counted) into
/// `mask_out[BAGH_NUM_ACTIONS]`: true for each legal action.
///
/// # Safety
///
/// `game` is a live handle; `mask_out` points to `BAGH_NUM_ACTIONS` bools.
#[no_mangle]
pub unsafe extern "C" fn bagh_rl_mask(game: *const bagh_game, mask_out: *mut bool) -> bagh_result {
    guard(|| {
        if mask_out.is_null() {
            return Err(Failure::null("mask_out"));
        }
        let game = unsafe { borrow(game, "game")? };
        let mask = unsafe { std::slice::from_raw_parts_mut(mask_out, BAGH_NUM_ACTIONS) };
        write_game_mask(&game.0, mask);
        Ok(())
    })
}

/// The observation planes of `game` into `observation_out[BAGH_OBSERVATION_SIZE]`
/// (the planes of `bagh.rl.observation`: tigers, goats, empty points, the
/// side to move, goats in hand and captured, the rule set's switches, the
/// no-progress count and repetitions).
///
/// # Safety
///
/// `game` is a live handle; `observation_out` points to
/// `BAGH_OBSERVATION_SIZE` floats.
#[no_mangle]
pub unsafe extern "C" fn bagh_rl_observation(
    game: *const bagh_game,
    observation_out: *mut f32,
) -> bagh_result {
    guard(|| {
        if observation_out.is_null() {
            return Err(Failure::null("observation_out"));
        }
        let game = unsafe { borrow(game, "game")? };
        let out = unsafe { std::slice::from_raw_parts_mut(observation_out, BAGH_OBSERVATION_SIZE) };
        write_game_observation(&game.0, out);
        Ok(())
    })
}
