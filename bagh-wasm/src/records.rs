//! `Record` and `readRecordsText`: game records with their tags and
//! comments, and many records read from one text.

use bagh_bindings::{read_records, set_comments, OnError};
use bagh_core::Record;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::args;
use crate::errors::{js_error, Failure, JsResult, OrThrow};
use crate::game::JsGame;
use crate::points::nullable;

/// A game with the tag pairs and comments of its record. Comment 0 stands
/// before the first move, comment n after the n-th move.
#[wasm_bindgen(js_name = Record)]
#[derive(Clone)]
pub struct JsRecord {
    pub(crate) inner: Record,
}

bagh_bindings::wraps!(JsRecord, Record);

/// Sets the tags of `tags` (an object, in its key order; numbers and
/// booleans as their text) on `record`.
pub fn set_tags(call: &str, record: &mut Record, tags: &JsValue) -> Result<(), Failure> {
    bagh_bindings::set_tags(record, args::entries(call, tags)?)
}

fn on_error_of(options: &JsValue) -> Result<OnError, Failure> {
    let options = args::options("readRecordsText", options, &["errors"])?;
    let errors = match &options {
        Some(options) => args::opt_text("readRecordsText: errors", &args::get(options, "errors"))?,
        None => None,
    };
    OnError::of(errors.as_deref())
}

/// The records of `text`, one or many games, in order. A game that cannot
/// be read is an error with `game` (its 1-based number), `line` (counted
/// over the whole text) and `column`: `errors: "raise"` (the default)
/// throws it, `"skip"` leaves it out, `"collect"` puts the error in its
/// place.
#[wasm_bindgen(js_name = readRecordsText)]
pub fn read_records_text(text: JsValue, options: JsValue) -> JsResult<Array> {
    let text = args::text("readRecordsText", &text).or_throw()?;
    let on_error = on_error_of(&options).or_throw()?;
    let out = Array::new();
    for read in read_records(text) {
        match read {
            Ok(record) => {
                out.push(&JsRecord::from(record).into());
            }
            Err(failure) => match on_error {
                OnError::Raise => return Err(js_error(failure)),
                OnError::Skip => {}
                OnError::Collect => {
                    out.push(&js_error(failure));
                }
            },
        }
    }
    Ok(out)
}

fn new_record(game: &JsGame, tags: &JsValue, comments: &JsValue) -> Result<Record, Failure> {
    let mut record = game.inner.to_record();
    if !args::absent(tags) {
        set_tags("new Record", &mut record, tags)?;
    }
    if !args::absent(comments) {
        set_comments(&mut record, args::entries("new Record", comments)?)?;
    }
    Ok(record)
}

#[wasm_bindgen(js_class = Record)]
impl JsRecord {
    /// A record of `game` with `tags` and `comments` (ply to text); a tag
    /// or comment the record cannot hold is a `RecordContentError`.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &JsGame, tags: JsValue, comments: JsValue) -> JsResult<JsRecord> {
        new_record(game, &tags, &comments)
            .map(JsRecord::from)
            .or_throw()
    }

    /// Reads one game record; the moves are replayed and checked.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: JsValue) -> JsResult<JsRecord> {
        let text = args::text("Record.fromText", &text).or_throw()?;
        text.parse::<Record>().map(JsRecord::from).or_throw()
    }

    /// The record's text.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }

    /// The game.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> JsGame {
        JsGame::from(self.inner.game().clone())
    }

    /// The tags other than Rules, Position and Result, as `[name, value]`
    /// pairs in order.
    #[wasm_bindgen(getter)]
    pub fn tags(&self) -> Array {
        self.inner
            .tags()
            .iter()
            .map(|(name, value)| JsValue::from(Array::of2(&name.into(), &value.into())))
            .collect()
    }

    /// The comments by ply (0: before the first move).
    #[wasm_bindgen(getter)]
    pub fn comments(&self) -> Object {
        let out = Object::new();
        for (ply, text) in self.inner.comments() {
            // Setting a property of a fresh plain object cannot fail.
            let _ = Reflect::set(&out, &ply.to_string().into(), &text.into());
        }
        out
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[wasm_bindgen(getter)]
    pub fn result(&self) -> String {
        self.inner.result().into()
    }

    /// A tag's value, or `null`.
    pub fn tag(&self, name: JsValue) -> JsResult<JsValue> {
        let name = args::text("Record.tag", &name).or_throw()?;
        Ok(nullable(self.inner.tag(&name).map(str::to_string)))
    }

    /// The comment after the ply-th move (0: before the first), or `null`.
    pub fn comment(&self, ply: JsValue) -> JsResult<JsValue> {
        let ply = args::number("Record.comment", &ply).or_throw()?;
        let ply = args::whole("ply", ply, 0.0..=f64::from(u32::MAX)).or_throw()?;
        Ok(nullable(
            self.inner.comment(ply as usize).map(str::to_string),
        ))
    }

    /// Whether `other` has the same game, tags and comments.
    pub fn equals(&self, other: &JsRecord) -> bool {
        self.inner == other.inner
    }

    /// The record's text, as `toText()`.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.inner.to_string()
    }
}
