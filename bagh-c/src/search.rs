//! Searches from C that can be stopped and followed: a stop handle usable
//! from any thread, and analysis with scores, MultiPV and a progress
//! callback.

use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use ::bagh_engine::{Line, Progress, Score};

use crate::bagh_result;
use crate::engine::{bagh_engine, bagh_limits};
use crate::failure::{guard, Failure};
use crate::game::bagh_game;
use crate::moves::{bagh_move, BAGH_NO_POINT};
use crate::pointers::{borrow, borrow_mut, free, Out};

/// The most moves of a line's principal variation kept in a `bagh_line`.
pub const BAGH_MAX_PV: usize = 64;

/// The score of a line is a heuristic value for the side to move, in
/// thousandths of a result (1000 a sure win, -1000 a sure loss). People
/// read it from the goats' side, `value / 1000` with two decimals and a
/// sign (`+0.30`), as every front end shows it.
pub const BAGH_SCORE_CP: u8 = 0;
/// The side to move wins, in `value` plies (-1: the distance is unknown).
pub const BAGH_SCORE_WIN: u8 = 1;
/// The side to move loses, in `value` plies (-1: unknown).
pub const BAGH_SCORE_LOSS: u8 = 2;
/// A draw (`value` is 0).
pub const BAGH_SCORE_DRAW: u8 = 3;

/// Stops an engine's search from any thread. Made by
/// `bagh_engine_stop_handle`; it stays valid after the engine is freed
/// (raising it then does nothing). Free with `bagh_stop_free`.
pub struct bagh_stop(Arc<AtomicBool>);

/// One line of an analysis: its depth, its score and its moves.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct bagh_line {
    /// The iteration's depth in plies (0 when the tables answered alone).
    pub depth: u32,
    /// 1 for the best line, 2 for the second, ...
    pub multipv: u32,
    /// `BAGH_SCORE_CP`, `BAGH_SCORE_WIN`, `BAGH_SCORE_LOSS` or `BAGH_SCORE_DRAW`.
    pub score_kind: u8,
    /// Thousandths of a result, or plies to the end (-1 when unknown), for
    /// the side to move.
    pub score_value: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The moves of `pv` that are set, at most `BAGH_MAX_PV`.
    pub pv_len: u32,
    /// The principal variation, the root move first.
    pub pv: [bagh_move; BAGH_MAX_PV],
}

/// Called with each line of each completed iteration; `user_data` is the
/// pointer given to the search. Runs on the searching thread.
pub type bagh_progress_fn =
    Option<unsafe extern "C" fn(line: *const bagh_line, user_data: *mut c_void)>;

fn score_parts(score: Score) -> (u8, i32) {
    let plies = |d: Option<u32>| d.map_or(-1, |d| d as i32);
    match score {
        Score::Value(cp) => (BAGH_SCORE_CP, cp),
        Score::Win(d) => (BAGH_SCORE_WIN, plies(d)),
        Score::Loss(d) => (BAGH_SCORE_LOSS, plies(d)),
        Score::Draw => (BAGH_SCORE_DRAW, 0),
    }
}

fn line_of(
    depth: u32,
    multipv: usize,
    score: Score,
    nodes: u64,
    pv: &[::bagh_core::Move],
) -> bagh_line {
    let (score_kind, score_value) = score_parts(score);
    // Slots past `pv_len` hold no move.
    let none = bagh_move {
        kind: 0,
        from: BAGH_NO_POINT,
        over: BAGH_NO_POINT,
        to: BAGH_NO_POINT,
    };
    let mut moves = [none; BAGH_MAX_PV];
    let len = pv.len().min(BAGH_MAX_PV);
    for (slot, mv) in moves.iter_mut().zip(&pv[..len]) {
        *slot = bagh_move::from(*mv);
    }
    bagh_line {
        depth,
        multipv: multipv as u32,
        score_kind,
        score_value,
        nodes,
        pv_len: len as u32,
        pv: moves,
    }
}

/// A handle that stops `engine`'s searches, now and later: raise it from
/// another thread while `bagh_engine_best_move` or `bagh_engine_analyse`
/// runs (a search of `infinite` limits ends only so), and the search
/// returns its best move so far.
///
/// # Safety
///
/// `engine` is a live handle; `stop_out` points to a `bagh_stop*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_engine_stop_handle(
    engine: *const bagh_engine,
    stop_out: *mut *mut bagh_stop,
) -> bagh_result {
    guard(|| {
        let out = Out::new(stop_out, "stop_out")?;
        let engine = unsafe { borrow(engine, "engine")? };
        unsafe { out.write_handle(bagh_stop(engine.0.stop_flag())) };
        Ok(())
    })
}

/// Stops the search running on the handle's engine (from any thread; a
/// search started later clears it). NULL does nothing.
///
/// # Safety
///
/// `stop` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn bagh_stop_raise(stop: *const bagh_stop) {
    if let Some(stop) = unsafe { stop.as_ref() } {
        stop.0.store(true, Ordering::Relaxed);
    }
}

/// Frees a stop handle; NULL does nothing.
///
/// # Safety
///
/// `stop` is NULL or a handle not freed before.
#[no_mangle]
pub unsafe extern "C" fn bagh_stop_free(stop: *mut bagh_stop) {
    unsafe { free(stop) }
}

/// Analyses `game` within `limits` for its `multipv` best moves (1 to
/// `BAGH_MAX_MOVES`): `on_progress` (or NULL) hears each line of each
/// completed iteration, and the final lines, best first, go to
/// `lines_out` (room for `capacity`; `count_out` gets how many, at most
/// `multipv`). `BAGH_ENGINE_ERROR` when the game is over, no limit is set,
/// or the depth is above 100; `BAGH_INVALID_ARGUMENT` when `multipv` is 0
/// or `capacity` is below the lines to write.
///
/// # Safety
///
/// `engine` and `game` are live handles, `limits` points to a
/// `bagh_limits`, `lines_out` to `capacity` `bagh_line`s, `count_out` to a
/// `size_t`; `on_progress`, when set, may be called with `user_data`.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn bagh_engine_analyse(
    engine: *mut bagh_engine,
    game: *const bagh_game,
    limits: *const bagh_limits,
    multipv: u32,
    on_progress: bagh_progress_fn,
    user_data: *mut c_void,
    lines_out: *mut bagh_line,
    capacity: usize,
    count_out: *mut usize,
) -> bagh_result {
    guard(|| {
        let count = Out::new(count_out, "count_out")?;
        if lines_out.is_null() {
            return Err(Failure::null("lines_out"));
        }
        let engine = unsafe { borrow_mut(engine, "engine")? };
        let game = unsafe { borrow(game, "game")? };
        let limits = unsafe { borrow(limits, "limits")? };
        if multipv == 0 {
            return Err(Failure::invalid("multipv is 0: ask for at least one line"));
        }
        let wanted = (multipv as usize).min(game.0.legal_moves().len().max(1));
        if capacity < wanted {
            return Err(Failure::invalid(format!(
                "capacity {capacity} is below the {wanted} lines asked for"
            )));
        }
        let analysis = engine.0.analyse(
            &game.0,
            &(*limits).into(),
            multipv as usize,
            |p: &Progress| {
                if let Some(callback) = on_progress {
                    let line = line_of(p.depth, p.multipv, p.score, p.nodes, &p.pv);
                    unsafe { callback(&line, user_data) };
                }
            },
        )?;
        let lines: Vec<bagh_line> = analysis
            .lines
            .iter()
            .enumerate()
            .map(|(i, Line { score, pv })| {
                line_of(analysis.depth, i + 1, *score, analysis.nodes, pv)
            })
            .collect();
        let out = unsafe { std::slice::from_raw_parts_mut(lines_out, capacity) };
        out[..lines.len()].copy_from_slice(&lines);
        unsafe { count.write(lines.len()) };
        Ok(())
    })
}
