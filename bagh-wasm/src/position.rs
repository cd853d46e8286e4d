//! `Position`: history-free, immutable; `play` returns a new one.

use bagh_bindings::{position_of, PartsFields, PARTS_OPTIONS};
use bagh_core::{perft, Position};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::args;
use crate::errors::{Failure, JsResult, OrThrow};
use crate::moves::{move_array, move_of, move_value};
use crate::outcome::outcome_value;
use crate::points::{nullable, point_names};
use crate::ruleset::{rules_of, JsRuleset};

/// A position: the board, the side to move, the goats in hand and
/// captured, and the rule set. Immutable; `play` returns a new one.
#[wasm_bindgen(js_name = Position)]
#[derive(Clone, Copy)]
pub struct JsPosition {
    pub(crate) inner: Position,
}

bagh_bindings::wraps!(JsPosition, Position);

/// `depth` as a perft depth, checked as the addon checks it.
fn perft_depth(call: &str, depth: &JsValue) -> Result<u32, Failure> {
    bagh_bindings::perft_depth(args::number(call, depth)?)
}

/// Perft of `position` to `depth`, as a JavaScript number (exact below
/// 2^53, far beyond any count that finishes).
pub fn count_perft(call: &str, position: &Position, depth: &JsValue) -> JsResult<f64> {
    let depth = perft_depth(call, depth).or_throw()?;
    Ok(perft(position, depth) as f64)
}

fn position_from_parts(
    tigers: &JsValue,
    goats: &JsValue,
    options: &JsValue,
) -> Result<Position, Failure> {
    const CALL: &str = "Position.fromParts";
    let tigers = args::texts(CALL, tigers)?;
    let goats = args::texts(CALL, goats)?;
    let options = args::options(CALL, options, PARTS_OPTIONS)?;
    let get = |name: &str| {
        options
            .as_ref()
            .map_or(JsValue::UNDEFINED, |o| args::get(o, name))
    };
    let rules = rules_of("Position.fromParts: rules", &get("rules"))?;
    let parts = PartsFields {
        side: args::opt_text("Position.fromParts: side", &get("side"))?,
        goats_in_hand: args::opt_number("Position.fromParts: goatsInHand", &get("goatsInHand"))?,
        goats_captured: args::opt_number(
            "Position.fromParts: goatsCaptured",
            &get("goatsCaptured"),
        )?,
    };
    parts.position(&tigers, &goats, rules)
}

#[wasm_bindgen(js_class = Position)]
impl JsPosition {
    /// The position string `text` read against `rules` (a preset id or a
    /// text form; `bagh-chal` if left out); no text is the rule set's start.
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue, rules: JsValue) -> JsResult<JsPosition> {
        let text = args::opt_text("new Position", &text).or_throw()?;
        let rules = rules_of("new Position", &rules).or_throw()?;
        position_of(text.as_deref(), rules)
            .map(JsPosition::from)
            .or_throw()
    }

    /// The position with these parts (point names), checked as a position
    /// string is.
    #[wasm_bindgen(js_name = fromParts)]
    pub fn from_parts(tigers: JsValue, goats: JsValue, options: JsValue) -> JsResult<JsPosition> {
        position_from_parts(&tigers, &goats, &options)
            .map(JsPosition::from)
            .or_throw()
    }

    /// The position string, as `toString()`.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }

    /// The legal moves (history-free: no repetition rule applies here).
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
    /// whoever is to move; none once the game is over here (point names, in
    /// board order).
    #[wasm_bindgen(js_name = threatenedGoats)]
    pub fn threatened_goats(&self) -> Vec<String> {
        point_names(self.inner.threatened_goats())
    }

    /// Whether `move` is legal here; a text that is no move is a `ParseError`.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, mv: JsValue) -> JsResult<bool> {
        move_of("Position.isLegal", &mv)
            .map(|mv| self.inner.is_legal(mv))
            .or_throw()
    }

    /// The position after `move`; an `IllegalMoveError` if it is not legal here.
    pub fn play(&self, mv: JsValue) -> JsResult<JsPosition> {
        let mv = move_of("Position.play", &mv).or_throw()?;
        self.inner.play(mv).map(JsPosition::from).or_throw()
    }

    /// How the game ends here, judged from the position alone, or `null`.
    pub fn outcome(&self) -> JsValue {
        outcome_value(self.inner.outcome())
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on.
    pub fn result(&self) -> String {
        self.inner.result().into()
    }

    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    /// The board as an ASCII grid with coordinates, and the counters below.
    #[wasm_bindgen(js_name = asciiBoard)]
    pub fn ascii_board(&self) -> String {
        self.inner.ascii_board()
    }

    /// The number of move sequences of exactly `depth` plies.
    pub fn perft(&self, depth: JsValue) -> JsResult<f64> {
        count_perft("Position.perft", &self.inner, &depth)
    }

    /// The perft figure of each legal move at `depth - 1` after it, as
    /// `[move, count]` pairs in move order.
    #[wasm_bindgen(js_name = perftDivide)]
    pub fn perft_divide(&self, depth: JsValue) -> JsResult<Array> {
        let depth = perft_depth("Position.perftDivide", &depth).or_throw()?;
        Ok(bagh_core::perft_divide(&self.inner, depth)
            .into_iter()
            .map(|(mv, nodes)| {
                let pair = Array::of2(&move_value(mv), &JsValue::from(nodes as f64));
                JsValue::from(pair)
            })
            .collect())
    }

    /// `"goat"` or `"tiger"`.
    #[wasm_bindgen(getter = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.inner.side_to_move().name().into()
    }

    #[wasm_bindgen(getter = goatsInHand)]
    pub fn goats_in_hand(&self) -> u32 {
        u32::from(self.inner.goats_in_hand())
    }

    #[wasm_bindgen(getter = goatsCaptured)]
    pub fn goats_captured(&self) -> u32 {
        u32::from(self.inner.goats_captured())
    }

    /// The points holding a tiger, in board order.
    #[wasm_bindgen(getter)]
    pub fn tigers(&self) -> Vec<String> {
        point_names(self.inner.tigers())
    }

    /// The points holding a goat, in board order.
    #[wasm_bindgen(getter)]
    pub fn goats(&self) -> Vec<String> {
        point_names(self.inner.goats())
    }

    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> JsRuleset {
        JsRuleset::from(*self.inner.rules())
    }

    /// `"goat"`, `"tiger"` or `null` for the piece on `point`.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, point: JsValue) -> JsResult<JsValue> {
        let point = args::text("Position.pieceAt", &point).or_throw()?;
        let point = point
            .parse::<bagh_core::Point>()
            .map_err(Failure::from)
            .or_throw()?;
        Ok(nullable(self.inner.piece_at(point).map(|side| side.name())))
    }

    /// Whether `other` is the same position under the same rule set.
    pub fn equals(&self, other: &JsPosition) -> bool {
        self.inner == other.inner
    }

    /// The position string, e.g. `T3T/5/5/5/T3T g 20 0`.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.inner.to_string()
    }
}
