//! `bagh.Position`.

use bagh_core::{perft, PointSet, Position, Ruleset, Setup, Side};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::convert::{point_names, side_name, to_move, to_point, to_rules};
use crate::errors::{illegal_move, parse_error, setup_error, setup_field_error, ParseError};
use crate::moves::PyMove;
use crate::outcome::PyOutcome;
use crate::ruleset::PyRuleset;

/// A history-free position: the board, the side to move, the goats in hand
/// and captured, and the rule set. Immutable; `play` returns a new one.
#[pyclass(name = "Position", module = "bagh", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPosition(pub Position);

/// The text for `rules=` in a repr: the preset id or the text form.
pub fn rules_text(rules: &Ruleset) -> String {
    rules.to_string()
}

/// The points named in `names`, each at most once; a repeated name is a
/// `SetupError` about `field`.
fn point_set(field: &'static str, names: &[String]) -> PyResult<PointSet> {
    let points = names
        .iter()
        .map(|name| to_point(name))
        .collect::<PyResult<Vec<_>>>()?;
    PointSet::from_distinct(points)
        .map_err(|error| setup_field_error(field, format!("{field}: {error}")))
}

/// A goat count: a negative or huge number is a `SetupError` naming the
/// argument, like every other bad value.
fn goat_count(field: &'static str, value: i64) -> PyResult<u8> {
    u8::try_from(value)
        .map_err(|_| setup_field_error(field, format!("{field}: {value} is not a valid count")))
}

#[pymethods]
impl PyPosition {
    /// The position `text` (a position string) under `rules`; without
    /// `text`, the rule set's start: `Position(rules="two-tigers")`, as
    /// `Position.start("two-tigers")`.
    #[new]
    #[pyo3(signature = (text = None, rules = None), text_signature = "(text=None, rules='bagh-chal')")]
    fn new(text: Option<&str>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyPosition> {
        let rules = match rules {
            Some(rules) => to_rules(rules)?,
            None => Ruleset::default(),
        };
        match text {
            None => Ok(PyPosition(Position::new(rules))),
            Some(text) => Position::from_text(text, rules)
                .map(PyPosition)
                .map_err(parse_error),
        }
    }

    /// The start position of `rules` (a preset id, a rule-set string or a
    /// `Ruleset`; bagh-chal when left out): `Position.start("two-tigers")`.
    #[staticmethod]
    #[pyo3(signature = (rules = None), text_signature = "(rules='bagh-chal')")]
    fn start(rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyPosition> {
        let rules = match rules {
            Some(rules) => to_rules(rules)?,
            None => Ruleset::default(),
        };
        Ok(PyPosition(Position::new(rules)))
    }

    /// The position with these parts under `rules`, which checks them as it
    /// checks a position string: `tigers` and `goats` are point names,
    /// `side` the side to move (`"goat"` or `"tiger"`). Parts that do not
    /// fit the rule set raise `SetupError`, whose `field` names the argument
    /// at fault; a bad point name or side raises `ParseError`.
    #[staticmethod]
    #[pyo3(
        signature = (tigers, goats, *, side = "goat", goats_in_hand = 0, goats_captured = 0, rules = None),
        text_signature = "(tigers, goats, *, side='goat', goats_in_hand=0, goats_captured=0, rules='bagh-chal')"
    )]
    fn from_parts(
        tigers: Vec<String>,
        goats: Vec<String>,
        side: &str,
        goats_in_hand: i64,
        goats_captured: i64,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let rules = match rules {
            Some(rules) => to_rules(rules)?,
            None => Ruleset::default(),
        };
        let side = match side {
            "goat" => Side::Goat,
            "tiger" => Side::Tiger,
            other => {
                return Err(ParseError::new_err(format!(
                    "side: unexpected value {other:?}, expected \"goat\" or \"tiger\""
                )))
            }
        };
        let setup = Setup {
            tigers: point_set("tigers", &tigers)?,
            goats: point_set("goats", &goats)?,
            side,
            goats_in_hand: goat_count("goats_in_hand", goats_in_hand)?,
            goats_captured: goat_count("goats_captured", goats_captured)?,
        };
        Position::from_setup(setup, rules)
            .map(PyPosition)
            .map_err(setup_error)
    }

    /// The position string, e.g. `T3T/5/5/5/T3T g 20 0`.
    fn to_text(&self) -> String {
        self.0.to_string()
    }

    /// The captures among the legal moves.
    fn legal_captures(&self) -> Vec<PyMove> {
        self.0.legal_captures().into_iter().map(PyMove).collect()
    }

    /// `"1-0"` (goats win), `"0-1"` (tigers win), `"1/2-1/2"`, or `"*"`
    /// while the game goes on (history-free: see `Game.result`).
    fn result(&self) -> &'static str {
        self.0.result()
    }

    /// The legal moves (history-free: no repetition rule applies here).
    fn legal_moves(&self) -> Vec<PyMove> {
        self.0.legal_moves().into_iter().map(PyMove).collect()
    }

    /// Whether `move` (a Move or its text) is legal here.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_legal(to_move(r#move)?))
    }

    /// The position after `move` (a Move or its text); raises
    /// `IllegalMoveError` if it is not legal here.
    fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        self.0
            .play(to_move(r#move)?)
            .map(PyPosition)
            .map_err(illegal_move)
    }

    /// How the game ends here, judged from the position alone, or `None`.
    fn outcome(&self) -> Option<PyOutcome> {
        self.0.outcome().map(PyOutcome)
    }

    fn is_game_over(&self) -> bool {
        self.0.is_game_over()
    }

    /// The number of move sequences of exactly `depth` plies. Runs without
    /// the GIL and stops with KeyboardInterrupt on Ctrl-C.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        perft_interruptible(py, &self.0, depth)
    }

    /// The perft figure of each legal move at `depth - 1` after it.
    fn perft_divide(&self, py: Python<'_>, depth: u32) -> PyResult<Vec<(PyMove, u64)>> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        for mv in self.0.legal_moves() {
            let mut next = self.0;
            next.play_unchecked(mv);
            out.push((PyMove(mv), perft_interruptible(py, &next, depth - 1)?));
        }
        Ok(out)
    }

    /// `"goat"` or `"tiger"`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        side_name(self.0.side_to_move())
    }

    #[getter]
    fn goats_in_hand(&self) -> u8 {
        self.0.goats_in_hand()
    }

    /// Goats captured so far.
    #[getter]
    fn goats_captured(&self) -> u8 {
        self.0.goats_captured()
    }

    /// The points holding a tiger, in board order (`a1`, `b1`, ..., `e5`).
    #[getter]
    fn tigers(&self) -> Vec<String> {
        point_names(self.0.tigers())
    }

    /// The points holding a goat, in board order (`a1`, `b1`, ..., `e5`).
    #[getter]
    fn goats(&self) -> Vec<String> {
        point_names(self.0.goats())
    }

    /// The goats a tiger could capture at once if it were the tigers' move,
    /// whoever is to move, in board order; none once the game is over here.
    fn threatened_goats(&self) -> Vec<String> {
        point_names(self.0.threatened_goats())
    }

    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset(*self.0.rules())
    }

    /// `"goat"`, `"tiger"` or `None` for the piece on `point`.
    fn piece_at(&self, point: &str) -> PyResult<Option<&'static str>> {
        Ok(self.0.piece_at(to_point(point)?).map(side_name))
    }

    /// The board as SVG; see `bagh.svg`.
    /// This value as JSON: its text forms and fields, as `from_json` reads them
    /// (the form the Rust crates write with their `serde` feature).
    fn to_json(&self) -> PyResult<String> {
        crate::json::to_json(&self.0)
    }

    /// A value read from the JSON `to_json` writes; `ParseError` with the line
    /// and column of the JSON otherwise.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyPosition> {
        crate::json::from_json::<bagh_core::Position>(text).map(PyPosition)
    }

    fn _repr_svg_(&self) -> String {
        crate::svg::render(&self.0, 360, &[], None, self.0.outcome())
    }

    /// The board as an ASCII grid with coordinates, and the counters below it.
    fn ascii_board(&self) -> String {
        self.0.ascii_board()
    }

    /// The board drawn with its lines and diagonals (`T---.---G`, `| \\ |`),
    /// coordinates, and the counters below it.
    fn line_board(&self) -> String {
        self.0.line_board()
    }

    /// The position string, as `to_text()`.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Position('{}', rules='{}')",
            self.0,
            rules_text(self.0.rules())
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let position = slf.get().0;
        (
            slf.get_type(),
            (position.to_string(), rules_text(position.rules())),
        )
            .into_pyobject(slf.py())
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

/// Subtrees of at most this depth are counted in one call without the GIL.
const SPLIT_DEPTH: u32 = 4;

/// Perft without the GIL, in pieces small enough that Ctrl-C is seen soon:
/// the tree is split into subtrees of depth `SPLIT_DEPTH`, and signals are
/// checked after each.
pub fn perft_interruptible(py: Python<'_>, position: &Position, depth: u32) -> PyResult<u64> {
    if depth <= SPLIT_DEPTH {
        let position = *position;
        let nodes = py.detach(move || perft(&position, depth));
        py.check_signals()?;
        return Ok(nodes);
    }
    let mut total = 0;
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        total += perft_interruptible(py, &child, depth - 1)?;
    }
    Ok(total)
}
