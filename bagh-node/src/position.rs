//! `Position`: history-free, immutable; `play` returns a new one.

use bagh_bindings::{perft_depth, point_names, PartsFields};
use bagh_core::{perft, Position};
use napi::bindgen_prelude::{Array, ClassInstance};
use napi::{Env, Result};
use napi_derive::napi;

use crate::convert::{move_of, rules_of, MoveArg, RulesArg};
use crate::errors::{Failure, OrThrow};
use crate::moves::{move_array, move_object};
use crate::outcome::JsOutcome;
use crate::ruleset::JsRuleset;

/// A position: the board, the side to move, the goats in hand and
/// captured, and the rule set. Immutable; `play` returns a new one.
#[napi(js_name = "Position")]
#[derive(Clone, Copy)]
pub struct JsPosition {
    pub(crate) inner: Position,
}

bagh_bindings::wraps!(JsPosition, Position);

/// The position `text` under `rules`; no text is the rule set's start.
pub fn position_of(
    text: Option<&str>,
    rules: Option<RulesArg>,
) -> std::result::Result<Position, Failure> {
    bagh_bindings::position_of(text, rules_of(rules)?)
}

/// Perft of `position` to `depth`, the depth checked as the WebAssembly
/// package checks it.
pub fn count_perft(env: &Env, position: &Position, depth: f64) -> Result<i64> {
    let depth = perft_depth(depth).or_throw(env)?;
    Ok(i64::try_from(perft(position, depth)).unwrap_or(i64::MAX))
}

/// The options of `Position.fromParts`, Python's keywords in camelCase.
#[napi(object)]
pub struct PartsOptions {
    /// `"goat"` (the default) or `"tiger"`.
    pub side: Option<String>,
    /// Goats still to be placed (0).
    pub goats_in_hand: Option<f64>,
    /// Goats captured so far (0).
    pub goats_captured: Option<f64>,
    /// A preset id or a rule set's text form (`bagh-chal`).
    pub rules: Option<String>,
}

fn position_from_parts(
    tigers: &[String],
    goats: &[String],
    options: PartsOptions,
) -> std::result::Result<Position, Failure> {
    let rules = rules_of(options.rules.map(napi::bindgen_prelude::Either::A))?;
    let parts = PartsFields {
        side: options.side,
        goats_in_hand: options.goats_in_hand,
        goats_captured: options.goats_captured,
    };
    parts.position(tigers, goats, rules)
}

#[napi]
impl JsPosition {
    /// The position with these parts (point names) under `options.rules`,
    /// checked as a position string is: parts that do not fit the rule
    /// set are a `SetupError` whose `field` names the part; a bad point
    /// name or side is a `ParseError`.
    #[napi(factory, catch_unwind)]
    pub fn from_parts(
        env: Env,
        tigers: Vec<String>,
        goats: Vec<String>,
        options: Option<PartsOptions>,
    ) -> Result<JsPosition> {
        let options = options.unwrap_or(PartsOptions {
            side: None,
            goats_in_hand: None,
            goats_captured: None,
            rules: None,
        });
        position_from_parts(&tigers, &goats, options)
            .map(JsPosition::from)
            .or_throw(&env)
    }

    /// The position string `text` (e.g. `"T3T/5/5/5/T3T g 20 0"`) read
    /// against `rules` (a `Ruleset` or a preset id; `bagh-chal` if left
    /// out); no text (or `null`) is the rule set's start. A string that is
    /// not a position is a `ParseError` that names the field at fault.
    #[napi(constructor, catch_unwind)]
    pub fn new(env: Env, text: Option<String>, rules: Option<RulesArg>) -> Result<JsPosition> {
        position_of(text.as_deref(), rules)
            .map(JsPosition::from)
            .or_throw(&env)
    }

    /// The position string, as `toString()`.
    #[napi(catch_unwind)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }

    /// The legal moves (history-free: no repetition rule applies here).
    #[napi(catch_unwind)]
    pub fn legal_moves<'env>(&self, env: &'env Env) -> Result<Array<'env>> {
        move_array(env, self.inner.legal_moves())
    }

    /// The captures among the legal moves.
    #[napi(catch_unwind)]
    pub fn legal_captures<'env>(&self, env: &'env Env) -> Result<Array<'env>> {
        move_array(env, self.inner.legal_captures())
    }

    /// The goats a tiger could jump at once if it were the tigers' move,
    /// whoever is to move, in board order; none once the game is over here.
    #[napi(catch_unwind)]
    pub fn threatened_goats(&self) -> Vec<String> {
        point_names(self.inner.threatened_goats())
    }

    /// Whether `move` (a `Move` or its text) is legal here; a text that is
    /// no move is a `ParseError`.
    #[napi(catch_unwind)]
    pub fn is_legal(&self, env: Env, r#move: MoveArg) -> Result<bool> {
        move_of(r#move)
            .map(|mv| self.inner.is_legal(mv))
            .or_throw(&env)
    }

    /// The position after `move` (a `Move` or its text); an
    /// `IllegalMoveError` if it is not legal here.
    #[napi(catch_unwind)]
    pub fn play(&self, env: Env, r#move: MoveArg) -> Result<JsPosition> {
        let mv = move_of(r#move).or_throw(&env)?;
        self.inner.play(mv).map(JsPosition::from).or_throw(&env)
    }

    /// How the game ends here, judged from the position alone, or `null`.
    #[napi(catch_unwind)]
    pub fn outcome(&self) -> Option<JsOutcome> {
        self.inner.outcome().map(JsOutcome::from)
    }

    /// `"1-0"` (goats win), `"0-1"` (tigers win), `"1/2-1/2"`, or `"*"`
    /// while the game goes on.
    #[napi(catch_unwind)]
    pub fn result(&self) -> &'static str {
        self.inner.result()
    }

    #[napi(catch_unwind)]
    pub fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    /// The board as an ASCII grid with coordinates, and the counters below.
    #[napi(catch_unwind)]
    pub fn ascii_board(&self) -> String {
        self.inner.ascii_board()
    }

    /// The number of move sequences of exactly `depth` plies; a depth that
    /// is not a whole number from 0 to `MAX_PERFT_DEPTH` throws.
    #[napi(catch_unwind)]
    pub fn perft(&self, env: Env, depth: f64) -> Result<i64> {
        count_perft(&env, &self.inner, depth)
    }

    /// The perft figure of each legal move at `depth - 1` after it, as
    /// `[move, count]` pairs in move order; their sum is `perft(depth)`.
    #[napi(catch_unwind)]
    pub fn perft_divide<'env>(&self, env: &'env Env, depth: f64) -> Result<Array<'env>> {
        let depth = perft_depth(depth).or_throw(env)?;
        let mut out = env.create_array(0)?;
        for (mv, nodes) in bagh_core::perft_divide(&self.inner, depth) {
            let mut pair = env.create_array(2)?;
            pair.set(0, move_object(env, mv)?)?;
            pair.set(1, i64::try_from(nodes).unwrap_or(i64::MAX))?;
            out.insert(pair)?;
        }
        Ok(out)
    }

    /// `"goat"` or `"tiger"`.
    #[napi(getter, catch_unwind)]
    pub fn side_to_move(&self) -> &'static str {
        self.inner.side_to_move().name()
    }

    #[napi(getter, catch_unwind)]
    pub fn goats_in_hand(&self) -> u32 {
        u32::from(self.inner.goats_in_hand())
    }

    #[napi(getter, catch_unwind)]
    pub fn goats_captured(&self) -> u32 {
        u32::from(self.inner.goats_captured())
    }

    /// The points holding a tiger, in board order (`a1`, `b1`, ..., `e5`).
    #[napi(getter, catch_unwind)]
    pub fn tigers(&self) -> Vec<String> {
        point_names(self.inner.tigers())
    }

    /// The points holding a goat, in board order.
    #[napi(getter, catch_unwind)]
    pub fn goats(&self) -> Vec<String> {
        point_names(self.inner.goats())
    }

    #[napi(getter, catch_unwind)]
    pub fn rules(&self) -> JsRuleset {
        JsRuleset::from(*self.inner.rules())
    }

    /// `"goat"`, `"tiger"` or `null` for the piece on `point`.
    #[napi(catch_unwind)]
    pub fn piece_at(&self, env: Env, point: String) -> Result<Option<&'static str>> {
        let point = point
            .parse::<bagh_core::Point>()
            .map_err(Failure::from)
            .or_throw(&env)?;
        Ok(self.inner.piece_at(point).map(|side| side.name()))
    }

    /// Whether `other` is the same position under the same rule set.
    #[napi(catch_unwind)]
    pub fn equals(&self, other: ClassInstance<JsPosition>) -> bool {
        self.inner == other.inner
    }

    /// The position string, e.g. `T3T/5/5/5/T3T g 20 0`.
    #[napi(js_name = "toString", catch_unwind)]
    pub fn to_string_js(&self) -> String {
        self.inner.to_string()
    }
}
