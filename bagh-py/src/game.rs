//! `bagh.Game`.

use bagh_core::{Game, Position, Record};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::convert::{point_names, side_name};
use crate::convert::{to_move, to_rules};
use crate::errors::{illegal_move, parse_error, record_error, RulesetError};
use crate::moves::PyMove;
use crate::outcome::PyOutcome;
use crate::position::{rules_text, PyPosition};
use crate::ruleset::PyRuleset;

/// A start position and the moves played from it. It owns what needs the
/// history: repetition, the no-progress limit, undo and records.
#[pyclass(name = "Game", module = "bagh", eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyGame(pub Game);

/// The start: a `Position`, a position string read against `rules`, or the
/// rule set's own start.
pub fn start_position(
    rules: Option<&Bound<'_, PyAny>>,
    position: Option<&Bound<'_, PyAny>>,
) -> PyResult<Position> {
    let rules = rules.map(to_rules).transpose()?;
    let Some(position) = position else {
        return Ok(Position::new(rules.unwrap_or_default()));
    };
    if let Ok(position) = position.cast::<PyPosition>() {
        let position = position.get().0;
        if let Some(rules) = rules {
            if rules != *position.rules() {
                return Err(RulesetError::new_err(format!(
                    "the position is under {} but rules={} was given",
                    position.rules(),
                    rules
                )));
            }
        }
        return Ok(position);
    }
    if let Ok(text) = position.extract::<String>() {
        return Position::from_text(&text, rules.unwrap_or_default()).map_err(parse_error);
    }
    Err(PyTypeError::new_err(
        "position: expected a Position, a position string or None",
    ))
}

#[pymethods]
impl PyGame {
    /// A game under `rules` (a Ruleset or a preset id; the position's own rule
    /// set if omitted) from `position` (a Position, a position string, or
    /// `None` for the start), with `moves` played.
    #[new]
    #[pyo3(signature = (rules = None, position = None, moves = None))]
    fn new(
        rules: Option<&Bound<'_, PyAny>>,
        position: Option<&Bound<'_, PyAny>>,
        moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let mut game = Game::from_position(start_position(rules, position)?);
        if let Some(moves) = moves {
            for mv in moves.try_iter()? {
                game.push(to_move(&mv?)?).map_err(illegal_move)?;
            }
        }
        Ok(PyGame(game))
    }

    /// Reads a game record (`[Tag "value"]` lines, then the numbered moves in the notation): the tags, then the moves, which
    /// are replayed and checked; the result must match the moves.
    #[staticmethod]
    fn from_record(text: &str) -> PyResult<PyGame> {
        text.parse::<Record>()
            .map(|record| PyGame(record.into_game()))
            .map_err(record_error)
    }

    /// The game record; `tags` adds tag pairs after Rules, Position and Result.
    #[pyo3(signature = (tags = None))]
    fn to_record(&self, tags: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let mut record = self.0.to_record();
        if let Some(tags) = tags {
            crate::records::set_tags(&mut record, tags.as_any())?;
        }
        Ok(record.to_string())
    }

    /// This value as JSON: its text forms and fields, as `from_json` reads them
    /// (the form the Rust crates write with their `serde` feature).
    fn to_json(&self) -> PyResult<String> {
        crate::json::to_json(&self.0)
    }

    /// A value read from the JSON `to_json` writes; `ParseError` with the line
    /// and column of the JSON otherwise.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyGame> {
        crate::json::from_json::<bagh_core::Game>(text).map(PyGame)
    }

    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset(*self.0.rules())
    }

    /// The current position.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition(*self.0.position())
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition(*self.0.start())
    }

    /// Every position of the game, the start first and the current last.
    #[getter]
    fn positions(&self) -> Vec<PyPosition> {
        self.0.positions().iter().copied().map(PyPosition).collect()
    }

    /// `"goat"` or `"tiger"`: the side to move in the current position.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        side_name(self.0.side_to_move())
    }

    /// The moves played, in order.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.0.moves().iter().copied().map(PyMove).collect()
    }

    /// The legal moves: none once the game is over, and without the moves the
    /// `forbidden` repetition policy bans.
    fn legal_moves(&self) -> Vec<PyMove> {
        self.0.legal_moves().into_iter().map(PyMove).collect()
    }

    /// The captures among the legal moves.
    fn legal_captures(&self) -> Vec<PyMove> {
        self.0.legal_captures().into_iter().map(PyMove).collect()
    }

    /// The goats a tiger could capture at once if it were the tigers' move,
    /// whoever is to move, in board order; none once the game is over by any
    /// rule (repetition and the no-progress limit included).
    fn threatened_goats(&self) -> Vec<String> {
        point_names(self.0.threatened_goats())
    }

    /// The moves legal on the board that the repetition policy refuses here,
    /// each with why (the text `IllegalMoveError` gives after its colon);
    /// none once the game is over.
    fn banned_moves(&self) -> Vec<(PyMove, String)> {
        self.0
            .banned_moves()
            .iter()
            .map(|refusal| (PyMove(refusal.mv()), refusal.message().to_string()))
            .collect()
    }

    /// Whether `move` (a Move or its text) can be played now: legal in the
    /// position, not forbidden by the repetition policy, the game not over.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_legal(to_move(r#move)?))
    }

    /// Plays `move` (a Move or its text) and returns it as a Move; raises
    /// `IllegalMoveError` (and changes nothing) if it is not legal here.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let mv = to_move(r#move)?;
        self.0.push(mv).map_err(illegal_move)?;
        Ok(PyMove(mv))
    }

    /// Takes back the last move and returns it; IndexError at the start.
    fn pop(&mut self) -> PyResult<PyMove> {
        self.0
            .pop()
            .map(PyMove)
            .ok_or_else(|| PyIndexError::new_err("pop from a game with no moves"))
    }

    /// The last move, or `None` at the start.
    fn peek(&self) -> Option<PyMove> {
        self.0.peek().map(PyMove)
    }

    /// How the game ended (repetition and no-progress included), or `None`.
    fn outcome(&self) -> Option<PyOutcome> {
        self.0.outcome().map(PyOutcome)
    }

    fn is_game_over(&self) -> bool {
        self.0.is_game_over()
    }

    /// `"1-0"` (goats win), `"0-1"` (tigers win), `"1/2-1/2"`, or `"*"`
    /// while the game goes on.
    fn result(&self) -> &'static str {
        self.0.result()
    }

    /// The current board as an ASCII grid with its counters, and the result
    /// once the game is over.
    fn ascii_board(&self) -> String {
        self.0.ascii_board()
    }

    /// The current board drawn with its lines and diagonals, its counters,
    /// and the result once the game is over.
    fn line_board(&self) -> String {
        self.0.line_board()
    }

    /// How many times the current position has occurred, itself included.
    fn repetition_count(&self) -> usize {
        self.0.repetition_count()
    }

    /// Plies since the last placement or capture (0 while goats are placed).
    fn no_progress_plies(&self) -> u64 {
        u64::from(self.0.no_progress_plies())
    }

    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    /// The board as SVG with the last move highlighted; see `bagh.svg`.
    fn _repr_svg_(&self) -> String {
        crate::svg::render(self.0.position(), 360, &[], self.0.peek(), self.0.outcome())
    }

    /// The game record, as `to_record()`.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        let start = self.0.start();
        let mut out = format!("Game(rules='{}'", rules_text(self.0.rules()));
        if *start != Position::new(*self.0.rules()) {
            out.push_str(&format!(", position='{start}'"));
        }
        if !self.0.is_empty() {
            let moves: Vec<String> = self.0.moves().iter().map(|m| format!("'{m}'")).collect();
            out.push_str(&format!(", moves=[{}]", moves.join(", ")));
        }
        out.push(')');
        out
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.borrow();
        let game = &this.0;
        let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
        (
            slf.get_type(),
            (rules_text(game.rules()), game.start().to_string(), moves),
        )
            .into_pyobject(slf.py())
    }
}
