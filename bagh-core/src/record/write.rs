//! Writing a record: the tag pairs, then the move text wrapped into lines.

use std::fmt::{self, Write as _};

use super::{move_number, Record};
use crate::{Position, Side};

/// Lines of move text are broken before they pass this many characters.
const LINE_WIDTH: usize = 79;

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = *self.game.rules();
        let start = *self.game.start();
        let mut out = String::new();
        write_tag(&mut out, "Rules", &rules.to_string());
        if start != Position::new(rules) {
            write_tag(&mut out, "Position", &start.to_string());
        }
        write_tag(&mut out, "Result", self.result());
        for (name, value) in &self.tags {
            write_tag(&mut out, name, value);
        }
        out.push('\n');

        let first = start.side_to_move();
        let mut text = Wrapped {
            out,
            line: String::new(),
        };
        let mut token = String::new();
        text.comment(self.comments.get(&0));
        for (ply, mv) in self.game.moves().iter().enumerate() {
            token.clear();
            let number = move_number(first, ply);
            let goat_ply = (ply % 2 == 0) == (first == Side::Goat);
            if goat_ply {
                write!(token, "{number}. ")?;
            } else if ply == 0 {
                write!(token, "{number}... ")?;
            }
            write!(token, "{mv}")?;
            text.push(&token);
            text.comment(self.comments.get(&(ply + 1)));
        }
        text.push(self.result());
        let mut out = text.out;
        out.push_str(&text.line);
        out.push('\n');
        f.write_str(&out)
    }
}

/// Move text broken into lines of at most [`LINE_WIDTH`] characters, between tokens.
struct Wrapped {
    out: String,
    line: String,
}

impl Wrapped {
    fn push(&mut self, token: &str) {
        if !self.line.is_empty() && self.line.len() + 1 + token.len() > LINE_WIDTH {
            self.out.push_str(&self.line);
            self.out.push('\n');
            self.line.clear();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(token);
    }

    fn comment(&mut self, text: Option<&String>) {
        if let Some(text) = text {
            self.push(&format!("{{{text}}}"));
        }
    }
}
