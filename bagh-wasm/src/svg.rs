//! `position.svg()` and `game.svg()`: the board as SVG, drawn by
//! `bagh_core::Position::svg`, and `lineBoard()`, the terminal drawing.

use bagh_core::{Point, SvgOptions};
use wasm_bindgen::prelude::*;

use crate::args;
use crate::errors::{Failure, JsResult, OrThrow};
use crate::game::JsGame;
use crate::position::JsPosition;

/// The width and the highlighted points of `{ size, highlight }`.
fn read_options(options: &JsValue) -> Result<(u32, Vec<Point>), Failure> {
    let mut size = 360;
    let mut points = Vec::new();
    if let Some(options) = args::options("svg", options, &["size", "highlight"])? {
        if let Some(value) = args::opt_number("svg: size", &args::get(&options, "size"))? {
            size = args::whole("size", value, 60.0..=10_000.0)? as u32;
        }
        if let Some(names) = args::opt_texts("svg: highlight", &args::get(&options, "highlight"))? {
            for name in names {
                points.push(name.parse::<Point>()?);
            }
        }
    }
    Ok((size, points))
}

#[wasm_bindgen(js_class = Position)]
impl JsPosition {
    /// The board as SVG (`{ size: 360, highlight: [] }`).
    pub fn svg(&self, options: JsValue) -> JsResult<String> {
        let (size, highlight) = read_options(&options).or_throw()?;
        Ok(self.inner.svg(&SvgOptions {
            size,
            highlight: &highlight,
            last_move: None,
            outcome: self.inner.outcome(),
        }))
    }

    /// The board drawn with its lines and diagonals, for a terminal.
    #[wasm_bindgen(js_name = lineBoard)]
    pub fn line_board(&self) -> String {
        self.inner.line_board()
    }
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// The current board as SVG, its last move marked and its outcome
    /// written once over (options as `Position.svg`).
    pub fn svg(&self, options: JsValue) -> JsResult<String> {
        let (size, highlight) = read_options(&options).or_throw()?;
        Ok(self.inner.svg(size, &highlight))
    }

    /// The current board drawn with its lines, for a terminal.
    #[wasm_bindgen(js_name = lineBoard)]
    pub fn line_board(&self) -> String {
        self.inner.line_board()
    }
}
