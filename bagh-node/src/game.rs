//! `Game`: a start position and the moves played; it owns what needs the
//! history (repetition, the no-progress limit, undo, records).

use bagh_bindings::{game_of, point_names, Start};
use bagh_core::{Game, Position};
use napi::bindgen_prelude::{Array, ClassInstance, Either, Object};
use napi::{Env, Result};
use napi_derive::napi;

use crate::convert::{move_of, rules_of, MoveArg, RulesArg};
use crate::errors::{Failure, OrThrow};
use crate::moves::{move_array, move_object};
use crate::outcome::JsOutcome;
use crate::position::JsPosition;
use crate::records::set_tags;
use crate::ruleset::JsRuleset;

/// A start position and the moves played from it.
#[napi(js_name = "Game")]
#[derive(Clone)]
pub struct JsGame {
    pub(crate) inner: Game,
}

bagh_bindings::wraps!(JsGame, Game);

/// A move the game refuses because it would repeat a position.
#[napi(object)]
pub struct BannedMove {
    /// The move's text.
    #[napi(js_name = "move")]
    pub mv: String,
    /// Why it is refused, in bagh-core's words (what an `IllegalMoveError`
    /// says after its colon).
    pub reason: String,
}

/// A `Position` or a position string.
pub type PositionArg<'a> = Either<String, ClassInstance<'a, JsPosition>>;

/// The start: a `Position`, a position string read against `rules`, or the
/// rule set's own start.
fn start_of(
    rules: Option<RulesArg>,
    position: Option<PositionArg>,
) -> std::result::Result<Position, Failure> {
    let rules = rules.map(|rules| rules_of(Some(rules))).transpose()?;
    let start = position.map(|position| match position {
        Either::A(text) => Start::Text(text),
        Either::B(position) => Start::Position(position.inner),
    });
    bagh_bindings::start_of(rules, start)
}

#[napi]
impl JsGame {
    /// A game under `rules` (a `Ruleset` or a preset id; the position's own
    /// rule set if left out) from `position` (a `Position`, a position
    /// string, or nothing for the start), with `moves` played.
    #[napi(constructor, catch_unwind)]
    pub fn new(
        env: Env,
        rules: Option<RulesArg>,
        position: Option<PositionArg>,
        moves: Option<Vec<MoveArg>>,
    ) -> Result<JsGame> {
        let start = start_of(rules, position).or_throw(&env)?;
        let moves = moves.unwrap_or_default().into_iter().map(move_of);
        game_of(start, moves).map(JsGame::from).or_throw(&env)
    }

    /// Reads a game record: the tags, then the moves, which are replayed and
    /// checked. A bad record throws with its `line` and `column`.
    #[napi(factory, catch_unwind)]
    pub fn from_record(env: Env, text: String) -> Result<JsGame> {
        text.parse::<bagh_core::Record>()
            .map(|record| JsGame::from(record.into_game()))
            .or_throw(&env)
    }

    /// The game record; `tags` (an object, in its key order) adds tag
    /// pairs after Rules, Position and Result.
    #[napi(catch_unwind)]
    pub fn to_record(&self, env: Env, tags: Option<Object>) -> Result<String> {
        let mut record = self.inner.to_record();
        if let Some(tags) = tags {
            set_tags(&env, &mut record, &tags)?;
        }
        Ok(record.to_string())
    }

    #[napi(getter, catch_unwind)]
    pub fn rules(&self) -> JsRuleset {
        JsRuleset::from(*self.inner.rules())
    }

    /// The current position.
    #[napi(getter, catch_unwind)]
    pub fn position(&self) -> JsPosition {
        JsPosition::from(*self.inner.position())
    }

    /// The start position.
    #[napi(getter, catch_unwind)]
    pub fn start(&self) -> JsPosition {
        JsPosition::from(*self.inner.start())
    }

    /// Every position of the game, the start first and the current last.
    #[napi(getter, catch_unwind)]
    pub fn positions(&self) -> Vec<JsPosition> {
        self.inner
            .positions()
            .iter()
            .copied()
            .map(JsPosition::from)
            .collect()
    }

    /// `"goat"` or `"tiger"`.
    #[napi(getter, catch_unwind)]
    pub fn side_to_move(&self) -> &'static str {
        self.inner.side_to_move().name()
    }

    /// The moves played, in order.
    #[napi(getter, catch_unwind)]
    pub fn moves<'env>(&self, env: &'env Env) -> Result<Array<'env>> {
        move_array(env, self.inner.moves().iter().copied())
    }

    /// The number of moves played.
    #[napi(getter, catch_unwind)]
    pub fn length(&self) -> u32 {
        self.inner.len() as u32
    }

    /// The legal moves: none once the game is over, and without the moves
    /// the `forbidden` repetition policy bans.
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
    /// whoever is to move, in board order; none once the game is over by
    /// any rule (repetition and the no-progress limit included).
    #[napi(catch_unwind)]
    pub fn threatened_goats(&self) -> Vec<String> {
        point_names(self.inner.threatened_goats())
    }

    /// The moves legal on the board that the repetition policy refuses
    /// here, each with bagh-core's reason; none once the game is over.
    #[napi(catch_unwind)]
    pub fn banned_moves(&self) -> Vec<BannedMove> {
        self.inner
            .banned_moves()
            .iter()
            .map(|refusal| BannedMove {
                mv: refusal.mv().to_string(),
                reason: refusal.message().to_string(),
            })
            .collect()
    }

    /// Whether `move` (a `Move` or its text) can be played now.
    #[napi(catch_unwind)]
    pub fn is_legal(&self, env: Env, r#move: MoveArg) -> Result<bool> {
        move_of(r#move)
            .map(|mv| self.inner.is_legal(mv))
            .or_throw(&env)
    }

    /// Plays `move` (a `Move` or its text) and returns it as a `Move`; an
    /// `IllegalMoveError` (and nothing changed) if it is not legal now.
    #[napi(catch_unwind)]
    pub fn push<'env>(&mut self, env: &'env Env, r#move: MoveArg) -> Result<Object<'env>> {
        let mv = move_of(r#move).or_throw(env)?;
        self.inner.push(mv).or_throw(env)?;
        move_object(env, mv)
    }

    /// Takes back the last move and returns it; `undefined` at the start,
    /// as `Array.prototype.pop`.
    #[napi(catch_unwind)]
    pub fn pop<'env>(&mut self, env: &'env Env) -> Result<Option<Object<'env>>> {
        self.inner.pop().map(|mv| move_object(env, mv)).transpose()
    }

    /// The last move, or `undefined` at the start.
    #[napi(catch_unwind)]
    pub fn peek<'env>(&self, env: &'env Env) -> Result<Option<Object<'env>>> {
        self.inner.peek().map(|mv| move_object(env, mv)).transpose()
    }

    /// How the game ended (repetition and no-progress included), or `null`.
    #[napi(catch_unwind)]
    pub fn outcome(&self) -> Option<JsOutcome> {
        self.inner.outcome().map(JsOutcome::from)
    }

    #[napi(catch_unwind)]
    pub fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on.
    #[napi(catch_unwind)]
    pub fn result(&self) -> &'static str {
        self.inner.result()
    }

    /// The current board as an ASCII grid, with the result once over.
    #[napi(catch_unwind)]
    pub fn ascii_board(&self) -> String {
        self.inner.ascii_board()
    }

    /// How many times the current position has occurred, itself included.
    #[napi(catch_unwind)]
    pub fn repetition_count(&self) -> u32 {
        self.inner.repetition_count() as u32
    }

    /// Plies since the last placement or capture.
    #[napi(catch_unwind)]
    pub fn no_progress_plies(&self) -> u32 {
        self.inner.no_progress_plies()
    }

    /// An independent copy.
    #[napi(catch_unwind)]
    pub fn copy(&self) -> JsGame {
        self.clone()
    }

    /// Whether `other` has the same start and moves.
    #[napi(catch_unwind)]
    pub fn equals(&self, other: ClassInstance<JsGame>) -> bool {
        self.inner == other.inner
    }

    /// The game record, as `toRecord()`.
    #[napi(js_name = "toString", catch_unwind)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }
}
