//! `bagh_record_reader`: the games of a file or a text of many records,
//! one at a time, in the memory of the longest.

use std::ffi::c_char;
use std::fs::File;
use std::io::{BufRead, BufReader, Cursor};

use bagh_core::RecordReader;

use crate::bagh_result;
use crate::failure::{guard, Failure};
use crate::game::bagh_game;
use crate::pointers::{borrow_mut, free, Out};
use crate::text::read_text;

/// A reader of many game records. Free with `bagh_record_reader_free`.
pub struct bagh_record_reader(RecordReader<Box<dyn BufRead + Send>>);

/// A reader of the records of the file at `path`; `BAGH_IO_ERROR` names
/// the file when it cannot be opened.
///
/// # Safety
///
/// `path` is a NUL-terminated string; `reader_out` points to a
/// `bagh_record_reader*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_record_reader_open(
    path: *const c_char,
    reader_out: *mut *mut bagh_record_reader,
) -> bagh_result {
    guard(|| {
        let out = Out::new(reader_out, "reader_out")?;
        let path = unsafe { read_text(path, "path")? };
        let file = File::open(path)
            .map_err(|e| Failure::new(bagh_result::BAGH_IO_ERROR, format!("{path}: {e}")))?;
        let reader: Box<dyn BufRead + Send> = Box::new(BufReader::new(file));
        unsafe { out.write_handle(bagh_record_reader(RecordReader::new(reader))) };
        Ok(())
    })
}

/// A reader of the records of `text` (copied: the text may be freed).
///
/// # Safety
///
/// `text` is a NUL-terminated string; `reader_out` points to a
/// `bagh_record_reader*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_record_reader_from_text(
    text: *const c_char,
    reader_out: *mut *mut bagh_record_reader,
) -> bagh_result {
    guard(|| {
        let out = Out::new(reader_out, "reader_out")?;
        let text = unsafe { read_text(text, "text")? }.to_owned();
        let reader: Box<dyn BufRead + Send> = Box::new(Cursor::new(text.into_bytes()));
        unsafe { out.write_handle(bagh_record_reader(RecordReader::new(reader))) };
        Ok(())
    })
}

/// The next game: `*game_out` a new game handle, or NULL after the last
/// one. A game that cannot be read is its error (`BAGH_INVALID_RECORD`,
/// with the line and column of the whole text) and `*game_out` NULL; the
/// next call goes on with the game after it.
///
/// # Safety
///
/// `reader` is a live handle; `game_out` points to a `bagh_game*`.
#[no_mangle]
pub unsafe extern "C" fn bagh_record_reader_next(
    reader: *mut bagh_record_reader,
    game_out: *mut *mut bagh_game,
) -> bagh_result {
    guard(|| {
        if game_out.is_null() {
            return Err(Failure::null("game_out"));
        }
        unsafe { game_out.write(std::ptr::null_mut()) };
        let reader = unsafe { borrow_mut(reader, "reader")? };
        match reader.0.next() {
            None => Ok(()),
            Some(record) => {
                let game = record?.into_game();
                let out = Out::new(game_out, "game_out")?;
                unsafe { out.write_handle(bagh_game(game)) };
                Ok(())
            }
        }
    })
}

/// Frees a reader; NULL does nothing.
///
/// # Safety
///
/// `reader` is NULL or a handle not freed before.
#[no_mangle]
pub unsafe extern "C" fn bagh_record_reader_free(reader: *mut bagh_record_reader) {
    unsafe { free(reader) }
}
