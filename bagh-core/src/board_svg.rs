//! The board as SVG, for notebooks, web pages and every binding: one
//! drawing, so that Python's `_repr_svg_` and Node's `svg()` agree.

use std::fmt::Write as _;

use crate::{Game, Move, Outcome, Point, Position, Side};

const BOARD: &str = "#f3e3bd";
const LINE: &str = "#6b4f2a";
const LAST_MOVE: &str = "#f2c230";
const HIGHLIGHT: &str = "#6fbf73";

/// What a drawing of the board shows besides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvgOptions<'a> {
    /// The width in pixels (at least 60; the counters add a sixth below).
    pub size: u32,
    /// Points marked in green (the moves a user could make, say).
    pub highlight: &'a [Point],
    /// A move whose points are marked in yellow.
    pub last_move: Option<Move>,
    /// An outcome written under the counters.
    pub outcome: Option<Outcome>,
}

impl Default for SvgOptions<'_> {
    /// 360 pixels, nothing marked.
    fn default() -> Self {
        SvgOptions {
            size: 360,
            highlight: &[],
            last_move: None,
            outcome: None,
        }
    }
}

impl Position {
    /// The board as SVG: every line (diagonals only through the points that
    /// have them), tigers as orange circles marked `T`, goats as white
    /// squares marked `G` (they differ in shape and letter as well as
    /// colour), files and ranks along the edges, the counters below. Points
    /// and pieces carry `data-point` attributes.
    ///
    /// ```
    /// use bagh_core::{Position, SvgOptions};
    ///
    /// let svg = Position::default().svg(&SvgOptions::default());
    /// assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    /// assert_eq!(svg.matches("piece tiger").count(), 4);
    /// ```
    pub fn svg(&self, options: &SvgOptions<'_>) -> String {
        render(self, options)
    }
}

impl Game {
    /// [`Position::svg`] of the current position, its last move marked and
    /// its outcome written once it is over; `highlight` points in green.
    pub fn svg(&self, size: u32, highlight: &[Point]) -> String {
        render(
            self.position(),
            &SvgOptions {
                size,
                highlight,
                last_move: self.peek(),
                outcome: self.outcome(),
            },
        )
    }
}

fn render(position: &Position, options: &SvgOptions<'_>) -> String {
    let SvgOptions {
        size,
        highlight,
        last_move,
        outcome,
    } = *options;
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
