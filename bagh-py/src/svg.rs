//! `bagh.svg` and `_repr_svg_`: the board as SVG, drawn by
//! `bagh_core::Position::svg`.

use bagh_core::SvgOptions;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::convert::{to_move, to_point};
use crate::game::PyGame;
use crate::position::PyPosition;

/// Draws `position` `size` pixels wide, with `highlight` points marked in
/// green and the points of `last_move` in yellow; `outcome`, if any, is
/// written under the counters.
pub fn render(
    position: &bagh_core::Position,
    size: u32,
    highlight: &[bagh_core::Point],
    last_move: Option<bagh_core::Move>,
    outcome: Option<bagh_core::Outcome>,
) -> String {
    position.svg(&SvgOptions {
        size,
        highlight,
        last_move,
        outcome,
    })
}

/// The board of `board` (a Position, or a Game with its last move marked)
/// as SVG, `size` pixels wide; `highlight` lists points (names) or Moves
/// (their points) to mark.
#[pyfunction]
#[pyo3(signature = (board, size = 360, highlight = None))]
pub fn svg(
    board: &Bound<'_, PyAny>,
    size: u32,
    highlight: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    if !(60..=10_000).contains(&size) {
        return Err(PyValueError::new_err(format!(
            "size: {size} is outside 60..=10000 pixels"
        )));
    }
    let (position, last_move, outcome) = if let Ok(position) = board.cast::<PyPosition>() {
        let position = position.get().0;
        (position, None, position.outcome())
    } else if let Ok(game) = board.cast::<PyGame>() {
        let game = &game.borrow().0;
        (*game.position(), game.peek(), game.outcome())
    } else {
        return Err(PyTypeError::new_err("svg: expected a Position or a Game"));
    };
    let mut points = Vec::new();
    if let Some(highlight) = highlight {
        for item in highlight.try_iter()? {
            let item = item?;
            match item.extract::<String>() {
                Ok(text) if text.len() == 2 => points.push(to_point(&text)?),
                _ => {
                    let mv = to_move(&item)?;
                    points.extend(mv.from_point());
                    points.push(mv.to_point());
                }
            }
        }
    }
    Ok(render(&position, size, &points, last_move, outcome))
}
