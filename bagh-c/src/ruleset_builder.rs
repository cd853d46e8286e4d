//! `bagh_ruleset_builder`: a rule set field by field, checked once when
//! built (the fields of Python's `bagh.Ruleset(...)`).

use std::ffi::c_char;

use bagh_core::{Repetition, Ruleset, RulesetBuilder, TigerMoves};

use crate::bagh_result;
use crate::failure::{guard, Failure};
use crate::pointers::{borrow, borrow_mut, free, Out};
use crate::ruleset::bagh_ruleset;
use crate::text::read_text;

/// Tigers move one point along a line (`bagh_ruleset_builder_set_tiger_moves`).
pub const BAGH_TIGER_MOVES_STEP: u32 = 0;
/// Tigers slide any distance along a line over empty points.
pub const BAGH_TIGER_MOVES_SLIDE: u32 = 1;

/// A move that recreates an earlier position is illegal
/// (`bagh_ruleset_builder_set_repetition`).
pub const BAGH_REPETITION_FORBIDDEN: u32 = 0;
/// Repetition has no effect.
pub const BAGH_REPETITION_ALLOWED: u32 = 1;
/// The game is drawn when a position occurs for the `count`-th time.
pub const BAGH_REPETITION_DRAW: u32 = 2;

/// The fields of a rule set being put together. Setters only record a
/// value; `bagh_ruleset_builder_build` checks them all and says which field
/// is wrong. Free it with `bagh_ruleset_builder_free`.
pub struct bagh_ruleset_builder(RulesetBuilder);

/// A builder holding the fields of `base`, or of `bagh-chal` when `base`
/// is NULL.
///
/// # Safety
///
/// `base` is NULL or a live handle; `builder_out` points to a
/// `bagh_ruleset_builder*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_builder_new(
    base: *const bagh_ruleset,
    builder_out: *mut *mut bagh_ruleset_builder,
) -> bagh_result {
    guard(|| {
        let out = Out::new(builder_out, "builder_out")?;
        let builder = match unsafe { base.as_ref() } {
            Some(base) => base.0.to_builder(),
            None => Ruleset::builder(),
        };
        unsafe { out.write_handle(bagh_ruleset_builder(builder)) };
        Ok(())
    })
}

/// Changes the builder held by `builder` with `change`.
unsafe fn update(
    builder: *mut bagh_ruleset_builder,
    change: impl FnOnce(RulesetBuilder) -> Result<RulesetBuilder, Failure>,
) -> bagh_result {
    guard(|| {
        let builder = unsafe { borrow_mut(builder, "builder")? };
        builder.0 = change(builder.0.clone())?;
        Ok(())
    })
}

/// The tigers' start points, as point names separated by spaces or commas
/// (`"a1 e1 a5 e5"`); their number is the tiger count.
///
/// # Safety
///
/// `builder` is a live handle; `points` a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_builder_set_tigers(
    builder: *mut bagh_ruleset_builder,
    points: *const c_char,
) -> bagh_result {
    unsafe {
        update(builder, |b| {
            let text = read_text(points, "points")?;
            let names = text
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|name| !name.is_empty())
                .map(str::to_string);
            Ok(b.tigers(names.collect::<Vec<_>>()))
        })
    }
}

/// The number of goats, all in hand at the start.
///
/// # Safety
///
/// `builder` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_builder_set_goats(
    builder: *mut bagh_ruleset_builder,
    goats: u8,
) -> bagh_result {
    unsafe { update(builder, |b| Ok(b.goats(goats))) }
}

/// The captures that win the game for the tigers.
///
/// # Safety
///
/// `builder` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_builder_set_capture_target(
    builder: *mut bagh_ruleset_builder,
    target: u8,
) -> bagh_result {
    unsafe { update(builder, |b| Ok(b.capture_target(target))) }
}

/// `BAGH_TIGER_MOVES_STEP` or `BAGH_TIGER_MOVES_SLIDE`.
///
/// # Safety
///
/// `builder` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_builder_set_tiger_moves(
    builder: *mut bagh_ruleset_builder,
    tiger_moves: u32,
) -> bagh_result {
    unsafe {
        update(builder, |b| match tiger_moves {
            BAGH_TIGER_MOVES_STEP => Ok(b.tiger_moves(TigerMoves::Step)),
            BAGH_TIGER_MOVES_SLIDE => Ok(b.tiger_moves(TigerMoves::Slide)),
            other => Err(Failure::invalid(format!(
                "tiger_moves: expected BAGH_TIGER_MOVES_STEP or _SLIDE, found {other}"
            ))),
        })
    }
}

/// Whether a tiger that can capture must.
///
/// # Safety
///
/// `builder` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_builder_set_mandatory_capture(
    builder: *mut bagh_ruleset_builder,
    mandatory: bool,
) -> bagh_result {
    unsafe { update(builder, |b| Ok(b.mandatory_capture(mandatory))) }
}

/// Whether goats to move with no legal move lose rather than draw.
///
/// # Safety
///
/// `builder` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_builder_set_blocked_side_loses(
    builder: *mut bagh_ruleset_builder,
    loses: bool,
) -> bagh_result {
    unsafe { update(builder, |b| Ok(b.blocked_side_loses(loses))) }
}

/// `BAGH_REPETITION_FORBIDDEN`, `BAGH_REPETITION_ALLOWED`, or
/// `BAGH_REPETITION_DRAW` with the occurrence `count` that draws (2 to
/// 255, checked when built); `count` is ignored otherwise.
///
/// # Safety
///
/// `builder` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_builder_set_repetition(
    builder: *mut bagh_ruleset_builder,
    policy: u32,
    count: u8,
) -> bagh_result {
    unsafe {
        update(builder, |b| match policy {
            BAGH_REPETITION_FORBIDDEN => Ok(b.repetition(Repetition::Forbidden)),
            BAGH_REPETITION_ALLOWED => Ok(b.repetition(Repetition::Allowed)),
            BAGH_REPETITION_DRAW => Ok(b.repetition(Repetition::Draw(count))),
            other => Err(Failure::invalid(format!(
                "repetition: expected a BAGH_REPETITION_ constant, found {other}"
            ))),
        })
    }
}

/// Plies without progress after which the game is drawn
/// (`docs/rules.md`); 0 for no limit.
///
/// # Safety
///
/// `builder` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_builder_set_no_progress_limit(
    builder: *mut bagh_ruleset_builder,
    limit: u16,
) -> bagh_result {
    unsafe {
        update(builder, |b| {
            Ok(b.no_progress_limit((limit > 0).then_some(limit)))
        })
    }
}

/// Checks the fields and makes the rule set; `BAGH_INVALID_RULES` names
/// the field that is wrong. The builder stays usable.
///
/// # Safety
///
/// `builder` is a live handle; `rules_out` points to a `bagh_ruleset*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_builder_build(
    builder: *const bagh_ruleset_builder,
    rules_out: *mut *mut bagh_ruleset,
) -> bagh_result {
    guard(|| {
        let out = Out::new(rules_out, "rules_out")?;
        let rules = unsafe { borrow(builder, "builder")? }.0.build()?;
        unsafe { out.write_handle(bagh_ruleset(rules)) };
        Ok(())
    })
}

/// Frees a builder; NULL does nothing.
///
/// # Safety
///
/// `builder` is NULL or a handle not freed before.
#[no_mangle]
pub unsafe extern "C" fn bagh_ruleset_builder_free(builder: *mut bagh_ruleset_builder) {
    unsafe { free(builder) }
}
