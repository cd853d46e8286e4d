//! `Game`: a start position and the moves played; it owns what needs the
//! history (repetition, the no-progress limit, undo, records).

use bagh_bindings::{game_of, start_of, Start};
use bagh_core::{Game, Position};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::args;
use crate::errors::{Failure, JsResult, OrThrow};
use crate::moves::{move_array, move_of, move_value};
use crate::outcome::outcome_value;
use crate::points::point_names;
use crate::position::JsPosition;
use crate::records::set_tags;
use crate::ruleset::{rules_of, JsRuleset};

/// A start position and the moves played from it.
#[wasm_bindgen(js_name = Game)]
#[derive(Clone)]
pub struct JsGame {
    pub(crate) inner: Game,
}

bagh_bindings::wraps!(JsGame, Game);

/// The game of `new Game(rules, position, moves)`: a `Position` object
/// reaches here as its text and its rule set's text (`position_rules`),
/// read back into the position the addon would have been given.
fn new_game(
    rules: &JsValue,
    position: &JsValue,
    position_rules: &JsValue,
    moves: &JsValue,
) -> Result<Game, Failure> {
    let rules = if args::absent(rules) {
        None
    } else {
        Some(rules_of("new Game", rules)?)
    };
    let start = match args::opt_text("new Game", position)? {
        None => None,
        Some(text) => Some(match args::opt_text("new Game", position_rules)? {
            None => Start::Text(text),
            Some(own) => Start::Position(Position::from_text(&text, own.parse()?)?),
        }),
    };
    let start = start_of(rules, start)?;
    let moves = args::opt_texts("new Game", moves)?.unwrap_or_default();
    game_of(start, moves.iter().map(|text| Ok(text.parse()?)))
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A game under `rules` from `position` with `moves` played (see
    /// `new_game`; the JavaScript layer passes objects as their texts).
    #[wasm_bindgen(constructor)]
    pub fn new(
        rules: JsValue,
        position: JsValue,
        position_rules: JsValue,
        moves: JsValue,
    ) -> JsResult<JsGame> {
        new_game(&rules, &position, &position_rules, &moves)
            .map(JsGame::from)
            .or_throw()
    }

    /// Reads a game record; the moves are replayed and checked.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: JsValue) -> JsResult<JsGame> {
        let text = args::text("Game.fromRecord", &text).or_throw()?;
        text.parse::<bagh_core::Record>()
            .map(|record| JsGame::from(record.into_game()))
            .or_throw()
    }

    /// The game record; `tags` adds tag pairs after Rules, Position and Result.
    #[wasm_bindgen(js_name = toRecord)]
    pub fn to_record(&self, tags: JsValue) -> JsResult<String> {
        let mut record = self.inner.to_record();
        if !args::absent(&tags) {
            set_tags("Game.toRecord", &mut record, &tags).or_throw()?;
        }
        Ok(record.to_string())
    }

    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> JsRuleset {
        JsRuleset::from(*self.inner.rules())
    }

    /// The current position.
    #[wasm_bindgen(getter)]
    pub fn position(&self) -> JsPosition {
        JsPosition::from(*self.inner.position())
    }

    /// The start position.
    #[wasm_bindgen(getter)]
    pub fn start(&self) -> JsPosition {
        JsPosition::from(*self.inner.start())
    }

    /// Every position of the game, the start first and the current last.
    #[wasm_bindgen(getter)]
    pub fn positions(&self) -> Vec<JsPosition> {
        self.inner
            .positions()
            .iter()
            .copied()
            .map(JsPosition::from)
            .collect()
    }

    /// `"goat"` or `"tiger"`.
    #[wasm_bindgen(getter = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.inner.side_to_move().name().into()
    }

    /// The moves played, in order.
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> Array {
        move_array(self.inner.moves().iter().copied())
    }

    /// The number of moves played.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> u32 {
        self.inner.len() as u32
    }

    /// The legal moves: none once the game is over, and none that the
    /// repetition policy forbids.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Array {
        move_array(self.inner.legal_moves())
    }

    /// The captures among the legal moves.
    #[wasm_bindgen(js_name = legalCaptures)]
    pub fn legal_captures(&self) -> Array {
        move_array(self.inner.legal_captures())
    }

    /// The goats a tiger could jump at once if it were the tigers' move,
    /// whoever is to move; none once the game is over (point names, in
    /// board order). What a board marks as en prise.
    #[wasm_bindgen(js_name = threatenedGoats)]
    pub fn threatened_goats(&self) -> Vec<String> {
        point_names(self.inner.threatened_goats())
    }

    /// The moves legal on the board that the repetition policy refuses
    /// here, each as `{ move, reason }`: the move's text and bagh-core's
    /// reason (what an `IllegalMoveError` says after its colon); none once
    /// the game is over. The addon's `bannedMoves`.
    #[wasm_bindgen(js_name = bannedMoves)]
    pub fn banned_moves(&self) -> Array {
        self.inner
            .banned_moves()
            .iter()
            .map(|refusal| {
                let object = js_sys::Object::new();
                // Setting a property of a fresh plain object cannot fail.
                let _ =
                    js_sys::Reflect::set(&object, &"move".into(), &refusal.mv().to_string().into());
                let _ = js_sys::Reflect::set(&object, &"reason".into(), &refusal.message().into());
                JsValue::from(object)
            })
            .collect()
    }

    /// Whether `move` can be played now.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, mv: JsValue) -> JsResult<bool> {
        move_of("Game.isLegal", &mv)
            .map(|mv| self.inner.is_legal(mv))
            .or_throw()
    }

    /// Plays `move` and returns it; an `IllegalMoveError` (and nothing
    /// changed) if it is not legal now.
    pub fn push(&mut self, mv: JsValue) -> JsResult<JsValue> {
        let mv = move_of("Game.push", &mv).or_throw()?;
        self.inner.push(mv).or_throw()?;
        Ok(move_value(mv))
    }

    /// Takes back the last move and returns it; `null` at the start.
    pub fn pop(&mut self) -> JsValue {
        self.inner.pop().map_or(JsValue::NULL, move_value)
    }

    /// The last move, or `null` at the start.
    pub fn peek(&self) -> JsValue {
        self.inner.peek().map_or(JsValue::NULL, move_value)
    }

    /// How the game ended (repetition and no-progress included), or `null`.
    pub fn outcome(&self) -> JsValue {
        outcome_value(self.inner.outcome())
    }

    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on.
    pub fn result(&self) -> String {
        self.inner.result().into()
    }

    /// The current board as an ASCII grid, with the result once over.
    #[wasm_bindgen(js_name = asciiBoard)]
    pub fn ascii_board(&self) -> String {
        self.inner.ascii_board()
    }

    /// How many times the current position has occurred, itself included.
    #[wasm_bindgen(js_name = repetitionCount)]
    pub fn repetition_count(&self) -> u32 {
        self.inner.repetition_count() as u32
    }

    /// Plies since the last placement or capture.
    #[wasm_bindgen(js_name = noProgressPlies)]
    pub fn no_progress_plies(&self) -> u32 {
        self.inner.no_progress_plies()
    }

    /// An independent copy.
    pub fn copy(&self) -> JsGame {
        self.clone()
    }

    /// Whether `other` has the same start and moves.
    pub fn equals(&self, other: &JsGame) -> bool {
        self.inner == other.inner
    }

    /// The game record, as `toRecord()`.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }
}
