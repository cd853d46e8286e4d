//! The board drawn with its lines: the grid and the diagonals between the
//! points, for a terminal.
//!
//! ```
//! use bagh_core::Position;
//!
//! let drawing = Position::default().line_board();
//! assert!(drawing.starts_with("5 T---.---.---.---T\n  | \\ | / | \\ | / |\n"));
//! ```

use crate::position::outcome_words;
use crate::{Direction, Game, Outcome, Point, Position, Side};

impl Position {
    /// The board with its lines (`---` and `|` along ranks and files, `\`
    /// and `/` for the diagonals the board has), coordinates, and the
    /// counters below it, as [`Position::ascii_board`] gives them.
    pub fn line_board(&self) -> String {
        self.line_board_with(self.outcome())
    }

    pub(crate) fn line_board_with(&self, outcome: Option<Outcome>) -> String {
        let mut out = String::new();
        let piece = |file: u8, rank: u8| {
            let point = Point::new(file, rank).expect("file and rank below 5");
            self.piece_at(point).map_or('.', Side::piece_char)
        };
        for rank in (0..5u8).rev() {
            out.push((b'1' + rank) as char);
            out.push(' ');
            for file in 0..5u8 {
                out.push(piece(file, rank));
                if file < 4 {
                    out.push_str("---");
                }
            }
            out.push('\n');
            if rank == 0 {
                break;
            }
            // The lines down to the rank below: a file's `|`, and between
            // two files the diagonal that leaves one of the upper points.
            out.push_str("  ");
            for file in 0..5u8 {
                out.push('|');
                if file == 4 {
                    break;
                }
                let upper_left = Point::new(file, rank).expect("on the board");
                let upper_right = Point::new(file + 1, rank).expect("on the board");
                let diagonal = if Direction::SouthEast.step(upper_left).is_some() {
                    " \\ "
                } else if Direction::SouthWest.step(upper_right).is_some() {
                    " / "
                } else {
                    "   "
                };
                out.push_str(diagonal);
            }
            out.push('\n');
        }
        out.push_str("  a   b   c   d   e\n");
        out.push_str(&format!(
            "{}s to move, {} in hand, {} captured",
            self.side_to_move(),
            self.goats_in_hand(),
            self.goats_captured()
        ));
        if let Some(outcome) = outcome {
            out.push_str(&format!("\ngame over: {}", outcome_words(outcome)));
        }
        out
    }
}

impl Game {
    /// [`Position::line_board`] of the current position, with the game's
    /// outcome (repetition and the no-progress limit included).
    pub fn line_board(&self) -> String {
        self.position().line_board_with(self.outcome())
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;

    #[test]
    fn every_square_shows_the_diagonal_of_its_even_corner() {
        // docs/rules.md: the diagonals pass through the points whose file and
        // rank indices sum to an even number; each square of the grid has
        // one, from its even corners.
        let drawing = Position::default().line_board();
        let rows: Vec<&str> = drawing.lines().collect();
        for (row, upper_rank) in (1..5u8).rev().enumerate() {
            let line = rows[2 * row + 1];
            for file in 0..4u8 {
                let expected = if (file + upper_rank) % 2 == 0 {
                    '\\'
                } else {
                    '/'
                };
                let shown = line.as_bytes()[2 + 4 * usize::from(file) + 2] as char;
                assert_eq!(
                    shown,
                    expected,
                    "rank {} file {file}: {line}",
                    upper_rank + 1
                );
            }
        }
        assert_eq!(
            drawing.matches('\\').count() + drawing.matches('/').count(),
            16
        );
        assert!(rows[0].starts_with("5 T---") && rows[8].starts_with("1 T---"));
    }
}
