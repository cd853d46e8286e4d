//! `rl`: the reinforcement-learning codes of `bagh.rl`, as typed arrays:
//! the fixed action space, legal-action masks and observation planes.

use bagh_core::Game;
use napi::bindgen_prelude::{ClassInstance, Either, Float32Array, Object, Uint8Array};
use napi::{Env, Result};
use napi_derive::napi;

use crate::convert::{move_of, MoveArg};
use crate::errors::{ErrorClass, Failure, OrThrow, Throw};
use crate::game::JsGame;
use crate::moves::move_object;
use crate::position::JsPosition;

/// A `Game` (its history counts) or a `Position`.
pub type RlBoard<'a> = Either<ClassInstance<'a, JsGame>, ClassInstance<'a, JsPosition>>;

fn game_of(board: RlBoard) -> Game {
    match board {
        Either::A(game) => game.inner.clone(),
        Either::B(position) => Game::from_position(position.inner),
    }
}

/// The action code of a move: 0 to 24 for a placement on that point, then
/// the 264 ordered pairs of points on one line.
#[napi(namespace = "rl", catch_unwind)]
pub fn encode(env: Env, mv: MoveArg) -> Result<u32> {
    Ok(bagh_rl::encode(move_of(mv).or_throw(&env)?) as u32)
}

/// The legal move of `board` that `action` names; `ArgumentError` when it
/// names none.
#[napi(namespace = "rl", catch_unwind)]
pub fn decode<'env>(env: &'env Env, action: u32, board: RlBoard) -> Result<Object<'env>> {
    let game = game_of(board);
    let mv = bagh_rl::decode_in_game(action as usize, &game)
        .map_err(|e| Failure::new(ErrorClass::Argument, e.to_string()).throw(env))?;
    move_object(env, mv)
}

/// The legal-action mask of `board`: 289 bytes, 1 for each legal action.
#[napi(namespace = "rl", catch_unwind)]
pub fn legal_mask(board: RlBoard) -> Uint8Array {
    let mut mask = [false; bagh_rl::NUM_ACTIONS];
    bagh_rl::write_game_mask(&game_of(board), &mut mask);
    Uint8Array::new(mask.iter().map(|&m| u8::from(m)).collect())
}

/// The observation of `board`: 275 floats, 11 planes of the 25 points
/// (`a1`, `b1`, ..., `e5`), as `bagh.rl.observation`.
#[napi(namespace = "rl", catch_unwind)]
pub fn observation(board: RlBoard) -> Float32Array {
    let mut out = vec![0.0f32; bagh_rl::OBSERVATION_SIZE];
    bagh_rl::write_game_observation(&game_of(board), &mut out);
    Float32Array::new(out)
}
