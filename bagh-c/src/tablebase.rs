//! `bagh_tablebase`: solved tables of a rule set, opened from a directory
//! (or built into one) and probed for the value of a position.

use std::ffi::c_char;
use std::sync::Arc;

use ::bagh_tablebase::{BuildOptions, CompressedTables, PlacementLayers, Probe, Tablebase, Value};

use crate::bagh_result;
use crate::failure::{guard, Failure};
use crate::pointers::{borrow, free, Out};
use crate::position::bagh_position;
use crate::ruleset::bagh_ruleset;
use crate::text::read_text;

/// Open tables (`docs/tablebase.md`). Free with `bagh_tablebase_free`; an
/// engine given them keeps its own reference, so the order does not matter.
pub struct bagh_tablebase(pub(crate) Arc<Tablebase>);

/// The value of a position for the side to move, under perfect play.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum bagh_value {
    /// The side to move loses.
    BAGH_VALUE_LOSS = 0,
    /// Neither side can force a win.
    BAGH_VALUE_DRAW = 1,
    /// The side to move wins.
    BAGH_VALUE_WIN = 2,
}

/// What a probe answers: the value and, where the tables know it, the
/// plies to the end of the game under perfect play (the movement table
/// knows every win's and loss's; positions with goats in hand have none).
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct bagh_probe {
    /// Win, draw or loss for the side to move.
    pub value: bagh_value,
    /// Whether `distance` is known.
    pub has_distance: bool,
    /// Plies to the end of the game; 0 when `has_distance` is false.
    pub distance: u16,
}

impl From<Value> for bagh_value {
    fn from(value: Value) -> bagh_value {
        match value {
            Value::Loss => bagh_value::BAGH_VALUE_LOSS,
            Value::Draw => bagh_value::BAGH_VALUE_DRAW,
            Value::Win => bagh_value::BAGH_VALUE_WIN,
        }
    }
}

impl From<Probe> for bagh_probe {
    fn from(probe: Probe) -> bagh_probe {
        bagh_probe {
            value: probe.value.into(),
            has_distance: probe.distance.is_some(),
            distance: probe.distance.unwrap_or(0),
        }
    }
}

/// Opens the tables in directory `dir` (the rule set is read from them):
/// the full table files, or the compressed file `tables.btz` that
/// `bagh_tablebase_compress` and `bagh compress` write (`dir` may also name
/// that file). A missing or unreadable file is `BAGH_IO_ERROR`, a damaged
/// or foreign one `BAGH_TABLEBASE_ERROR`; the message names the file.
///
/// # Safety
///
/// `dir` is a NUL-terminated string; `tablebase_out` points to a
/// `bagh_tablebase*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_tablebase_open(
    dir: *const c_char,
    tablebase_out: *mut *mut bagh_tablebase,
) -> bagh_result {
    guard(|| {
        let out = Out::new(tablebase_out, "tablebase_out")?;
        let tables = Tablebase::open(unsafe { read_text(dir, "dir")? })?;
        unsafe { out.write_handle(bagh_tablebase(Arc::new(tables))) };
        Ok(())
    })
}

/// Builds the complete tables of `rules` into directory `dir` (created if
/// needed; a finished or interrupted build there is kept and resumed) with
/// `threads` threads (0: one per core), then opens them. Small rule sets
/// take moments; `bagh-chal` takes tens of minutes and over a gigabyte.
///
/// # Safety
///
/// `rules` is a live handle; `dir` a NUL-terminated string;
/// `tablebase_out` points to a `bagh_tablebase*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_tablebase_build(
    rules: *const bagh_ruleset,
    dir: *const c_char,
    threads: u32,
    tablebase_out: *mut *mut bagh_tablebase,
) -> bagh_result {
    unsafe {
        crate::build_progress::bagh_tablebase_build_with_progress(
            rules,
            dir,
            threads,
            None,
            std::ptr::null_mut(),
            tablebase_out,
        )
    }
}

/// Compresses the full tables `tablebase` (the movement table and every
/// placement layer) into directory `out_dir` (created if needed; its file
/// `tables.btz` is written atomically) with `threads` threads (0: one per
/// core), then opens the compressed tables, which answer every probe as
/// the full ones do. Compressed tables of this version are copied section
/// by section. Tables without their placement layers, or an `out_dir`
/// that holds `tablebase`'s own file, are `BAGH_TABLEBASE_ERROR`.
///
/// # Safety
///
/// `tablebase` is a live handle; `out_dir` a NUL-terminated string;
/// `tablebase_out` points to a `bagh_tablebase*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_tablebase_compress(
    tablebase: *const bagh_tablebase,
    out_dir: *const c_char,
    threads: u32,
    tablebase_out: *mut *mut bagh_tablebase,
) -> bagh_result {
    unsafe {
        bagh_tablebase_compress_leaving_out(
            tablebase,
            out_dir,
            std::ptr::null(),
            0,
            threads,
            tablebase_out,
        )
    }
}

/// As `bagh_tablebase_compress`, leaving out the placement layers of the
/// `count` counts of goats placed in `placed` (never two adjacent ones;
/// `count` 0 leaves none out): a probe recovers them by searching one ply
/// more. From a compressed file (`bagh_tablebase_compress` of the full
/// tables), the sections of the layers kept are copied, in seconds:
///
/// ```c
/// const uint8_t late[] = {16, 19};
/// bagh_tablebase_compress_leaving_out(compressed, "bagh-chal-without-16-19", late, 2, 0, &smaller);
/// ```
///
/// Layers that cannot be left out, or that the source lacks, are
/// `BAGH_TABLEBASE_ERROR`.
///
/// # Safety
///
/// As `bagh_tablebase_compress`; `placed` points to `count` bytes (it may
/// be NULL when `count` is 0).
#[no_mangle]
pub unsafe extern "C" fn bagh_tablebase_compress_leaving_out(
    tablebase: *const bagh_tablebase,
    out_dir: *const c_char,
    placed: *const u8,
    count: usize,
    threads: u32,
    tablebase_out: *mut *mut bagh_tablebase,
) -> bagh_result {
    let layers = match count {
        0 => Ok(PlacementLayers::default()),
        _ if placed.is_null() => Err(Failure::null("placed")),
        _ => Ok(PlacementLayers::leaving_out(
            unsafe { std::slice::from_raw_parts(placed, count) }
                .iter()
                .copied(),
        )),
    };
    unsafe {
        compress_into(
            tablebase,
            out_dir,
            threads,
            tablebase_out,
            |tables, dir, options| {
                CompressedTables::compress_with(tables, dir, options, layers?)?;
                Ok(())
            },
        )
    }
}

/// The body of the compressing calls: reads the arguments, runs
/// `compress` (the tables, the output directory, the options of `threads`
/// threads), then opens the output directory into `tablebase_out`.
///
/// # Safety
///
/// As `bagh_tablebase_compress`.
unsafe fn compress_into(
    tablebase: *const bagh_tablebase,
    out_dir: *const c_char,
    threads: u32,
    tablebase_out: *mut *mut bagh_tablebase,
    compress: impl FnOnce(&Tablebase, &str, &BuildOptions) -> Result<(), Failure>,
) -> bagh_result {
    guard(|| {
        let out = Out::new(tablebase_out, "tablebase_out")?;
        let tables = unsafe { borrow(tablebase, "tablebase")? };
        let dir = unsafe { read_text(out_dir, "out_dir")? };
        let options = BuildOptions {
            threads: threads as usize,
            ..BuildOptions::default()
        };
        compress(&tables.0, dir, &options)?;
        let compressed = Tablebase::open(dir)?;
        unsafe { out.write_handle(bagh_tablebase(Arc::new(compressed))) };
        Ok(())
    })
}

/// As `bagh_tablebase_compress`, the file written in parts of at most
/// `part_bytes` bytes each, cut where sections end: `tables.btz`, then
/// `tables.btz.1`, `tables.btz.2`, ... beside it, which
/// `bagh_tablebase_open` reads as one file (for a data package larger
/// than a registry takes in one file):
///
/// ```c
/// bagh_tablebase_compress_in_parts(compressed, "bagh-chal-in-parts", 95000000, 0, &parts);
/// ```
///
/// A `part_bytes` of 0 is `BAGH_INVALID_ARGUMENT`; a section longer than
/// `part_bytes` is `BAGH_TABLEBASE_ERROR`.
///
/// # Safety
///
/// As `bagh_tablebase_compress`.
#[no_mangle]
pub unsafe extern "C" fn bagh_tablebase_compress_in_parts(
    tablebase: *const bagh_tablebase,
    out_dir: *const c_char,
    part_bytes: u64,
    threads: u32,
    tablebase_out: *mut *mut bagh_tablebase,
) -> bagh_result {
    unsafe {
        compress_into(
            tablebase,
            out_dir,
            threads,
            tablebase_out,
            |tables, dir, options| {
                if part_bytes == 0 {
                    return Err(Failure::invalid("part_bytes must be at least 1"));
                }
                let layers = PlacementLayers::default();
                CompressedTables::compress_in_parts(tables, dir, options, layers, part_bytes)?;
                Ok(())
            },
        )
    }
}

/// The value of `position` (of the tables' rule set) and its distance.
///
/// # Safety
///
/// `tablebase` and `position` are live handles; `probe_out` points to a
/// `bagh_probe`.
#[no_mangle]
pub unsafe extern "C" fn bagh_tablebase_probe(
    tablebase: *const bagh_tablebase,
    position: *const bagh_position,
    probe_out: *mut bagh_probe,
) -> bagh_result {
    guard(|| {
        let out = Out::new(probe_out, "probe_out")?;
        let tables = unsafe { borrow(tablebase, "tablebase")? };
        let position = unsafe { borrow(position, "position")? };
        let probe = tables.0.probe(&position.0)?;
        unsafe { out.write(probe.into()) };
        Ok(())
    })
}

/// Frees the handle; NULL does nothing. Engines given the tables keep them
/// open until they are freed too.
///
/// # Safety
///
/// `tablebase` is NULL or a handle not freed before.
#[no_mangle]
pub unsafe extern "C" fn bagh_tablebase_free(tablebase: *mut bagh_tablebase) {
    unsafe { free(tablebase) }
}

/// The moves that keep `position`'s value (the fastest win, the slowest
/// loss where distances are known), into `moves_out` (room for
/// `capacity`; `BAGH_MAX_MOVES` always fits). `count_out` gets how many,
/// even when the array is too small (`BAGH_BUFFER_TOO_SMALL`).
///
/// # Safety
///
/// `tablebase` and `position` are live handles; `moves_out` points to
/// `capacity` `bagh_move`s (or is NULL with capacity 0); `count_out` to a
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_tablebase_best_moves(
    tablebase: *const bagh_tablebase,
    position: *const bagh_position,
    moves_out: *mut crate::moves::bagh_move,
    capacity: usize,
    count_out: *mut usize,
) -> bagh_result {
    guard(|| {
        let tables = unsafe { borrow(tablebase, "tablebase")? };
        let position = unsafe { borrow(position, "position")? };
        let moves = tables.0.best_moves(&position.0)?;
        unsafe { crate::moves::write_moves(&moves, moves_out, capacity, count_out) }
    })
}

/// Each legal move of `position` with the probe of the position after it
/// (for the opponent, who moves next): `moves_out[i]` and `probes_out[i]`
/// go together, `capacity` of each; `count_out` as in
/// `bagh_tablebase_best_moves`.
///
/// # Safety
///
/// As `bagh_tablebase_best_moves`, and `probes_out` points to `capacity`
/// `bagh_probe`s (or is NULL with capacity 0).
#[no_mangle]
pub unsafe extern "C" fn bagh_tablebase_probe_moves(
    tablebase: *const bagh_tablebase,
    position: *const bagh_position,
    moves_out: *mut crate::moves::bagh_move,
    probes_out: *mut bagh_probe,
    capacity: usize,
    count_out: *mut usize,
) -> bagh_result {
    guard(|| {
        if probes_out.is_null() && capacity > 0 {
            return Err(crate::failure::Failure::null("probes_out"));
        }
        let tables = unsafe { borrow(tablebase, "tablebase")? };
        let position = unsafe { borrow(position, "position")? };
        let replies = tables.0.probe_moves(&position.0)?;
        let moves: Vec<bagh_core::Move> = replies.iter().map(|(mv, _)| *mv).collect();
        unsafe { crate::moves::write_moves(&moves, moves_out, capacity, count_out)? };
        let probes = unsafe { std::slice::from_raw_parts_mut(probes_out, replies.len()) };
        for (slot, (_, probe)) in probes.iter_mut().zip(&replies) {
            *slot = (*probe).into();
        }
        Ok(())
    })
}
