//! The board as SVG, for notebooks (`_repr_svg_`) and `bagh.svg`.
//!
//! Every line of the board is drawn (diagonals only through the points that
//! have them); tigers are orange circles marked `T`, goats white squares marked
//! `G`, so they differ in shape and letter as well as colour. Files and ranks
//! are written along the edges and the counters below the board.

use std::fmt::Write as _;

use bagh_core::{Move, Outcome, Point, Position, Side};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::convert::{to_move, to_point};
use crate::game::PyGame;
use crate::position::PyPosition;

const BOARD: &str = "#f3e3bd";
const LINE: &str = "#6b4f2a";
const LAST_MOVE: &str = "#f2c230";
const HIGHLIGHT: &str = "#6fbf73";

/// Draws `position` `size` pixels wide, with `highlight` points marked in
/// green and the points of `last_move` in yellow; `outcome`, if any, is
/// written under the counters.
pub fn render(
    position: &Position,
    size: u32,
    highlight: &[Point],
    last_move: Option<Move>,
    outcome: Option<Outcome>,
) -> String {
    let size = f64::from(size.max(60));
    let pad = size * 0.14;
    let step = (size - 2.0 * pad) / 4.0;
    let footer = size * 0.16;
    let height = size + footer;
    let xy = |p: Point| {
        (
            pad + f64::from(p.file()) * step,
            pad + f64::from(4 - p.rank()) * step,
        )
    };
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size:.0}" height="{height:.0}" viewBox="0 0 {size:.1} {height:.1}" font-family="Helvetica, Arial, sans-serif">"#
    );
    let _ = write!(
        out,
        r#"<title>{}</title><rect class="board" x="0" y="0" width="{size:.1}" height="{height:.1}" fill="{BOARD}"/>"#,
        position
    );

    // Lines: orthogonal neighbours, then diagonals through the diagonal points.
    let _ = write!(
        out,
        r#"<g class="lines" stroke="{LINE}" stroke-width="{:.2}" stroke-linecap="round">"#,
        (size / 160.0).max(1.0)
    );
    for p in Point::ALL {
        let mut neighbours = vec![(1i8, 0i8), (0, 1)];
        if p.has_diagonals() {
            neighbours.extend([(1, 1), (-1, 1)]);
        }
        for (df, dr) in neighbours {
            let file = p.file() as i8 + df;
            let rank = p.rank() as i8 + dr;
            if !(0..5).contains(&file) || !(0..5).contains(&rank) {
                continue;
            }
            let Some(q) = Point::new(file as u8, rank as u8) else {
                continue;
            };
            let ((x1, y1), (x2, y2)) = (xy(p), xy(q));
            let _ = write!(
                out,
                r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
            );
        }
    }
    out.push_str("</g>");

    // Highlights under the pieces.
    let mut marks: Vec<(Point, &str, &str)> = Vec::new();
    if let Some(mv) = last_move {
        marks.extend(mv.from_point().map(|p| (p, LAST_MOVE, "last-move")));
        marks.push((mv.to_point(), LAST_MOVE, "last-move"));
        marks.extend(mv.over_point().map(|p| (p, LAST_MOVE, "last-move")));
    }
    marks.extend(highlight.iter().map(|&p| (p, HIGHLIGHT, "highlight")));
    for (p, colour, class) in marks {
        let (x, y) = xy(p);
        let _ = write!(
            out,
            r#"<circle class="{class}" data-point="{p}" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{colour}" fill-opacity="0.75"/>"#,
            step * 0.42
        );
    }

    // Coordinates.
    let font = step * 0.28;
    for i in 0..5u8 {
        let x = pad + f64::from(i) * step;
        let y = pad + 4.0 * step + pad * 0.72;
        let _ = write!(
            out,
            r#"<text class="coord" x="{x:.1}" y="{y:.1}" font-size="{font:.1}" text-anchor="middle" fill="{LINE}">{}</text>"#,
            (b'a' + i) as char
        );
        let y = pad + f64::from(4 - i) * step + font * 0.35;
        let _ = write!(
            out,
            r#"<text class="coord" x="{:.1}" y="{y:.1}" font-size="{font:.1}" text-anchor="middle" fill="{LINE}">{}</text>"#,
            pad * 0.3,
            i + 1
        );
    }

    // Empty points as dots, pieces as shapes with a letter.
    let radius = step * 0.3;
    for p in Point::ALL {
        let (x, y) = xy(p);
        match position.piece_at(p) {
            None => {
                let _ = write!(
                    out,
                    r#"<circle class="point" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{LINE}"/>"#,
                    step * 0.05
                );
            }
            Some(Side::Tiger) => {
                let _ = write!(
                    out,
                    r##"<g class="piece tiger" data-point="{p}"><circle cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="#e07b24" stroke="#5a2a06" stroke-width="{:.1}"/><text x="{x:.1}" y="{:.1}" font-size="{:.1}" font-weight="bold" text-anchor="middle" fill="#2b1403">T</text></g>"##,
                    radius * 0.12,
                    y + radius * 0.36,
                    radius
                );
            }
            Some(Side::Goat) => {
                let half = radius * 0.85;
                let _ = write!(
                    out,
                    r##"<g class="piece goat" data-point="{p}"><rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{:.1}" fill="#fbfbf7" stroke="#3d3d3d" stroke-width="{:.1}"/><text x="{x:.1}" y="{:.1}" font-size="{:.1}" font-weight="bold" text-anchor="middle" fill="#3d3d3d">G</text></g>"##,
                    x - half,
                    y - half,
                    2.0 * half,
                    2.0 * half,
                    half * 0.25,
                    radius * 0.12,
                    y + radius * 0.36,
                    radius
                );
            }
        }
    }

    // Counters and the outcome below the board.
    let status = match outcome {
        Some(outcome) => format!("game over: {outcome}"),
        None => format!("{}s to move", position.side_to_move()),
    };
    let font = size * 0.045;
    let _ = write!(
        out,
        r#"<text class="counters" x="{:.1}" y="{:.1}" font-size="{font:.1}" fill="{LINE}">goats in hand: {} · captured: {} of {}</text>"#,
        pad * 0.4,
        size + footer * 0.2,
        position.goats_in_hand(),
        position.goats_captured(),
        position.rules().capture_target()
    );
    let _ = write!(
        out,
        r#"<text class="status" x="{:.1}" y="{:.1}" font-size="{font:.1}" fill="{LINE}">{status}</text>"#,
        pad * 0.4,
        size + footer * 0.62
    );
    out.push_str("</svg>");
    out
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
