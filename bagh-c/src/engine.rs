//! `bagh_engine`: the search, with its options and limits as C structs.

use std::time::Duration;

use ::bagh_engine::{Engine, EngineOptions, Limits};
use bagh_core::Game;

use crate::bagh_result;
use crate::failure::guard;
use crate::game::bagh_game;
use crate::moves::bagh_move;
use crate::pointers::{borrow, borrow_mut, free, Out};
use crate::position::bagh_position;
use crate::tablebase::bagh_tablebase;

/// A search engine; it keeps its transposition table between the searches
/// of one game. Use it from one thread at a time. Free with
/// `bagh_engine_free`.
pub struct bagh_engine(pub(crate) Engine);

/// How an engine plays. Start from `bagh_engine_options_default()` and
/// change the fields wanted.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct bagh_engine_options {
    /// Search threads, 1 to 256.
    pub threads: u32,
    /// The transposition table's size in megabytes (at least 1).
    pub hash_mb: u32,
    /// A playing level from 1 to 20 for human opponents, or 0 for full
    /// strength. Levels choose among good moves at random, seeded by `seed`.
    pub level: u8,
    /// The seed of a level's choices.
    pub seed: u64,
    /// Tables of the games' rule set, or NULL: with them the engine plays
    /// perfectly where they answer. The engine keeps its own reference.
    pub tablebase: *const bagh_tablebase,
}

/// One thread, 16 MB, full strength, seed 0, no tables.
#[no_mangle]
pub extern "C" fn bagh_engine_options_default() -> bagh_engine_options {
    let defaults = EngineOptions::default();
    bagh_engine_options {
        threads: defaults.threads as u32,
        hash_mb: defaults.hash_mb as u32,
        level: 0,
        seed: defaults.seed,
        tablebase: std::ptr::null(),
    }
}

/// When a search stops: each field that is not 0 is a limit, and the first
/// one reached ends the search. At least one must be set, or `infinite`:
/// then the search runs until a `bagh_stop` handle of the engine is raised
/// from another thread (or a result is proven). A depth above 100 is
/// refused (`BAGH_ENGINE_ERROR`).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct bagh_limits {
    /// The deepest iteration in plies (1 to 100), or 0.
    pub depth: u32,
    /// About this many nodes, or 0.
    pub nodes: u64,
    /// Wall-clock milliseconds, or 0.
    pub time_ms: u64,
    /// Search until stopped (`bagh_stop_raise`); the other limits still apply.
    pub infinite: bool,
}

impl From<bagh_limits> for Limits {
    fn from(limits: bagh_limits) -> Limits {
        Limits {
            depth: (limits.depth > 0).then_some(limits.depth),
            nodes: (limits.nodes > 0).then_some(limits.nodes),
            time: (limits.time_ms > 0).then(|| Duration::from_millis(limits.time_ms)),
            infinite: limits.infinite,
        }
    }
}

/// A new engine with `options` (NULL for the defaults), checked:
/// `BAGH_ENGINE_ERROR` names an option out of range.
///
/// # Safety
///
/// `options` is NULL or points to a `bagh_engine_options` whose
/// `tablebase` is NULL or a live handle; `engine_out` points to a
/// `bagh_engine*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_engine_new(
    options: *const bagh_engine_options,
    engine_out: *mut *mut bagh_engine,
) -> bagh_result {
    guard(|| {
        let out = Out::new(engine_out, "engine_out")?;
        let options = unsafe { options.as_ref() }
            .copied()
            .unwrap_or_else(|| bagh_engine_options_default());
        let tablebase = unsafe { options.tablebase.as_ref() }.map(|tables| tables.0.clone());
        let engine = Engine::new(EngineOptions {
            threads: options.threads as usize,
            hash_mb: options.hash_mb as usize,
            level: (options.level > 0).then_some(options.level),
            seed: options.seed,
            tablebase,
            ..EngineOptions::default()
        })?;
        unsafe { out.write_handle(bagh_engine(engine)) };
        Ok(())
    })
}

/// Searches `game` within `limits` and writes the move to play.
/// `BAGH_ENGINE_ERROR` when the game is over, no limit is set, or the depth
/// is above 100.
///
/// # Safety
///
/// `engine` and `game` are live handles; `limits` points to a
/// `bagh_limits`; `move_out` to a `bagh_move`.
#[no_mangle]
pub unsafe extern "C" fn bagh_engine_best_move(
    engine: *mut bagh_engine,
    game: *const bagh_game,
    limits: *const bagh_limits,
    move_out: *mut bagh_move,
) -> bagh_result {
    guard(|| {
        let out = Out::new(move_out, "move_out")?;
        let engine = unsafe { borrow_mut(engine, "engine")? };
        let game = unsafe { borrow(game, "game")? };
        let limits = unsafe { borrow(limits, "limits")? };
        let mv = engine.0.best_move(&game.0, &(*limits).into())?;
        unsafe { out.write(mv.into()) };
        Ok(())
    })
}

/// As `bagh_engine_best_move`, for `position` as the start of a game.
///
/// # Safety
///
/// As `bagh_engine_best_move`, with `position` a live handle.
#[no_mangle]
pub unsafe extern "C" fn bagh_engine_best_move_position(
    engine: *mut bagh_engine,
    position: *const bagh_position,
    limits: *const bagh_limits,
    move_out: *mut bagh_move,
) -> bagh_result {
    guard(|| {
        let out = Out::new(move_out, "move_out")?;
        let engine = unsafe { borrow_mut(engine, "engine")? };
        let position = unsafe { borrow(position, "position")? };
        let limits = unsafe { borrow(limits, "limits")? };
        let game = Game::from_position(position.0);
        let mv = engine.0.best_move(&game, &(*limits).into())?;
        unsafe { out.write(mv.into()) };
        Ok(())
    })
}

/// Frees an engine; NULL does nothing.
///
/// # Safety
///
/// `engine` is NULL or a handle not freed before.
#[no_mangle]
pub unsafe extern "C" fn bagh_engine_free(engine: *mut bagh_engine) {
    unsafe { free(engine) }
}
