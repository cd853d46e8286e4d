//! `position.svg()` and `game.svg()`: the board as SVG, drawn by
//! `bagh_core::Position::svg` (the drawing Python's `bagh.svg` uses), and
//! `lineBoard()`, the terminal drawing.

use bagh_core::{Point, SvgOptions};
use napi::bindgen_prelude::Object;
use napi::{Env, Result};
use napi_derive::napi;

use crate::errors::OrThrow;
use crate::game::JsGame;
use crate::options::{check_keys, whole};
use crate::position::JsPosition;

/// The width and the highlighted points of `{ size, highlight }`.
fn read_options(env: &Env, options: Option<Object>) -> Result<(u32, Vec<Point>)> {
    let mut size = 360;
    let mut points = Vec::new();
    if let Some(options) = &options {
        check_keys(options, &["size", "highlight"], "svg").or_throw(env)?;
        if let Some(value) = options.get::<f64>("size")? {
            size = whole("size", value, 60.0..=10_000.0).or_throw(env)? as u32;
        }
        if let Some(names) = options.get::<Vec<String>>("highlight")? {
            for name in names {
                points.push(name.parse::<Point>().or_throw(env)?);
            }
        }
    }
    Ok((size, points))
}

#[napi]
impl JsPosition {
    /// The board as SVG (`{ size: 360, highlight: [] }`: the width in
    /// pixels, 60 to 10000, and point names marked in green).
    #[napi(catch_unwind)]
    pub fn svg(&self, env: Env, options: Option<Object>) -> Result<String> {
        let (size, highlight) = read_options(&env, options)?;
        Ok(self.inner.svg(&SvgOptions {
            size,
            highlight: &highlight,
            last_move: None,
            outcome: self.inner.outcome(),
        }))
    }

    /// The board drawn with its lines and diagonals, coordinates and
    /// counters, for a terminal.
    #[napi(catch_unwind)]
    pub fn line_board(&self) -> String {
        self.inner.line_board()
    }
}

#[napi]
impl JsGame {
    /// The current board as SVG, its last move marked and its outcome
    /// written once over (options as `Position.svg`).
    #[napi(catch_unwind)]
    pub fn svg(&self, env: Env, options: Option<Object>) -> Result<String> {
        let (size, highlight) = read_options(&env, options)?;
        Ok(self.inner.svg(size, &highlight))
    }

    /// The current board drawn with its lines, for a terminal.
    #[napi(catch_unwind)]
    pub fn line_board(&self) -> String {
        self.inner.line_board()
    }
}
