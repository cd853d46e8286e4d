//! `Record` and `readRecordsText`: game records with their tags and
//! comments, and many records read from one text.

use std::collections::HashMap;

use bagh_bindings::{read_records, set_comments, OnError};
use bagh_core::Record;
use napi::bindgen_prelude::{Array, ClassInstance, JsObjectValue, JsValue, Object, Unknown};
use napi::{Env, Result};
use napi_derive::napi;

use crate::errors::{OrThrow, Throw};
use crate::game::JsGame;

/// A game with the tag pairs and comments of its record. Comment 0 stands
/// before the first move, comment n after the n-th move.
#[napi(js_name = "Record")]
#[derive(Clone)]
pub struct JsRecord {
    pub(crate) inner: Record,
}

bagh_bindings::wraps!(JsRecord, Record);

/// The (key, value as text) pairs of an object, in its key order.
fn entries(object: &Object) -> Result<Vec<(String, String)>> {
    let mut pairs = Vec::new();
    for key in Object::keys(object)? {
        let value: Unknown = object.get_named_property(&key)?;
        let text = value.coerce_to_string()?.into_utf8()?.into_owned()?;
        pairs.push((key, text));
    }
    Ok(pairs)
}

/// Sets the tags of `tags` (an object; values are turned into text) on
/// `record`: what `new Record(...)` and `Game.toRecord` share.
pub fn set_tags(env: &Env, record: &mut Record, tags: &Object) -> Result<()> {
    bagh_bindings::set_tags(record, entries(tags)?).or_throw(env)
}

/// The options of `readRecordsText`.
#[napi(object)]
pub struct ReadOptions {
    /// `"raise"` (the default), `"skip"` or `"collect"`.
    pub errors: Option<String>,
}

/// The records of `text`, one or many games, in order. A game that cannot
/// be read is an error with `game` (its 1-based number), `line` (counted
/// over the whole text) and `column`: `errors: "raise"` (the default)
/// throws it, `"skip"` leaves it out, `"collect"` puts the error object in
/// its place in the array.
#[napi(catch_unwind)]
pub fn read_records_text<'env>(
    env: &'env Env,
    text: String,
    options: Option<ReadOptions>,
) -> Result<Array<'env>> {
    let errors = options.and_then(|options| options.errors);
    let on_error = OnError::of(errors.as_deref()).or_throw(env)?;
    let mut out = env.create_array(0)?;
    for read in read_records(text) {
        match read {
            Ok(record) => out.insert(JsRecord::from(record))?,
            Err(failure) => match on_error {
                OnError::Raise => return Err(failure.throw(env)),
                OnError::Skip => {}
                OnError::Collect => out.insert(failure.into_object(env)?)?,
            },
        }
    }
    Ok(out)
}

#[napi]
impl JsRecord {
    /// A record of `game` with `tags` (an object, in its key order; values
    /// are turned into text) and `comments` (ply to text). A tag or comment
    /// the record cannot hold is a `RecordContentError`.
    #[napi(constructor, catch_unwind)]
    pub fn new(
        env: Env,
        game: ClassInstance<JsGame>,
        tags: Option<Object>,
        comments: Option<Object>,
    ) -> Result<JsRecord> {
        let mut record = game.inner.to_record();
        if let Some(tags) = tags {
            set_tags(&env, &mut record, &tags)?;
        }
        if let Some(comments) = comments {
            set_comments(&mut record, entries(&comments)?).or_throw(&env)?;
        }
        Ok(JsRecord::from(record))
    }

    /// Reads one game record; the moves are replayed and checked.
    #[napi(factory, catch_unwind)]
    pub fn from_text(env: Env, text: String) -> Result<JsRecord> {
        text.parse::<Record>().map(JsRecord::from).or_throw(&env)
    }

    /// The record's text.
    #[napi(catch_unwind)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }

    /// The game.
    #[napi(getter, catch_unwind)]
    pub fn game(&self) -> JsGame {
        JsGame::from(self.inner.game().clone())
    }

    /// The tags other than Rules, Position and Result, as `[name, value]`
    /// pairs in order.
    #[napi(getter, catch_unwind)]
    pub fn tags(&self) -> Vec<Vec<String>> {
        self.inner
            .tags()
            .iter()
            .map(|(name, value)| vec![name.clone(), value.clone()])
            .collect()
    }

    /// The comments by ply (0: before the first move).
    #[napi(getter, catch_unwind)]
    pub fn comments(&self) -> HashMap<String, String> {
        self.inner
            .comments()
            .map(|(ply, text)| (ply.to_string(), text.to_string()))
            .collect()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[napi(getter, catch_unwind)]
    pub fn result(&self) -> &'static str {
        self.inner.result()
    }

    /// A tag's value, or `null`.
    #[napi(catch_unwind)]
    pub fn tag(&self, name: String) -> Option<String> {
        self.inner.tag(&name).map(str::to_string)
    }

    /// The comment after the ply-th move (0: before the first), or `null`.
    #[napi(catch_unwind)]
    pub fn comment(&self, ply: u32) -> Option<String> {
        self.inner.comment(ply as usize).map(str::to_string)
    }

    /// Whether `other` has the same game, tags and comments.
    #[napi(catch_unwind)]
    pub fn equals(&self, other: ClassInstance<JsRecord>) -> bool {
        self.inner == other.inner
    }

    /// The record's text, as `toText()`.
    #[napi(js_name = "toString", catch_unwind)]
    pub fn to_string_js(&self) -> String {
        self.inner.to_string()
    }
}
