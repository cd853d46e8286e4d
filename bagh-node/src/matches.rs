//! `bagh.playMatch(a, b, options)`: a match between engines, levels and
//! perfect players, played by `bagh_engine::play_match` on a libuv worker
//! (a Promise), as Python's `bagh.play_match`.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use bagh_core::{Game, Move, Ruleset};
use bagh_engine::{
    play_match, Engine, EngineOptions, EnginePlayer, Limits, MatchError, MatchOptions, MatchReport,
    Openings, Player,
};
use napi::bindgen_prelude::{AsyncTask, ClassInstance, Either3, Object};
use napi::{Env, Result, ScopedTask};
use napi_derive::napi;

use crate::engine::{read_limits, JsEngine};
use crate::errors::{ErrorClass, Failure, OrThrow, Throw};
use crate::options::{check_keys, whole};
use crate::perfect::JsPerfectPlayer;

/// A player of a match: an `Engine`, a `PerfectPlayer` or a level (1 to 20).
pub type PlayerArg<'a> =
    Either3<ClassInstance<'a, JsEngine>, ClassInstance<'a, JsPerfectPlayer>, f64>;

const MATCH_OPTIONS: &[&str] = &[
    "games", "openings", "rules", "time", "depth", "nodes", "seed", "maxPlies",
];

/// An `Engine` of the caller, shared with it: a match searches with its
/// options and tables.
struct SharedEngine {
    engine: Arc<Mutex<Engine>>,
    limits: Limits,
    name: String,
}

impl Player for SharedEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.engine
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .new_game_seeded(seed);
    }

    fn choose(&mut self, game: &Game) -> std::result::Result<Move, MatchError> {
        let mut engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
        Ok(engine.best_move(game, &self.limits)?)
    }
}

type BoxedPlayer = Box<dyn Player + Send>;

/// The player `arg` stands for, and the rule set it is bound to, if any.
fn player_of(env: &Env, arg: PlayerArg, limits: Limits) -> Result<(BoxedPlayer, Option<Ruleset>)> {
    Ok(match arg {
        Either3::A(engine) => {
            let name = engine
                .engine
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .name();
            let shared = SharedEngine {
                engine: Arc::clone(&engine.engine),
                limits,
                name,
            };
            (Box::new(shared), Some(engine.rules))
        }
        Either3::B(perfect) => (Box::new(perfect.fresh()), Some(*perfect.tables.rules())),
        Either3::C(level) => {
            let level = whole("level", level, 1.0..=20.0).or_throw(env)? as u8;
            let engine = Engine::new(EngineOptions {
                level: Some(level),
                ..EngineOptions::default()
            })
            .or_throw(env)?;
            (Box::new(EnginePlayer::new(engine, limits)), None)
        }
    })
}

/// A match on a libuv worker.
pub struct MatchTask {
    rules: Ruleset,
    players: [BoxedPlayer; 2],
    options: MatchOptions,
}

impl<'task> ScopedTask<'task> for MatchTask {
    type Output = std::result::Result<MatchReport, MatchError>;
    type JsValue = Object<'task>;

    fn compute(&mut self) -> Result<Self::Output> {
        let [first, second] = &mut self.players;
        Ok(play_match(
            self.rules,
            first.as_mut(),
            second.as_mut(),
            &self.options,
            |_| Ok(()),
        ))
    }

    fn resolve(&mut self, env: &'task Env, output: Self::Output) -> Result<Self::JsValue> {
        let report = output.or_throw(env)?;
        let mut object = Object::new(env)?;
        object.set("players", report.players.to_vec())?;
        object.set("wins", report.tally.wins)?;
        object.set("draws", report.tally.draws)?;
        object.set("losses", report.tally.losses)?;
        object.set("score", report.tally.score())?;
        let records = report
            .games
            .iter()
            .map(|g| g.record().map(|r| r.to_string()))
            .collect::<std::result::Result<Vec<_>, _>>()
            .or_throw(env)?;
        object.set("records", records)?;
        Ok(object)
    }
}

/// `playMatch(a, b, { games, openings, rules, time, depth, nodes, seed,
/// maxPlies })`: a Promise of `{ players, wins, draws, losses, score,
/// records }` (the first player's tally; records as text). Games go in
/// pairs from one opening, `a` taking the goats first; `openings` is the
/// random opening's plies (4); engines search each move for `time`
/// seconds, `depth` plies or about `nodes` nodes (0.1 s when none is
/// given).
#[napi(
    js_name = "playMatch",
    catch_unwind,
    ts_return_type = "Promise<MatchResult>"
)]
pub fn play_match_task(
    env: Env,
    a: PlayerArg,
    b: PlayerArg,
    options: Option<Object>,
) -> Result<AsyncTask<MatchTask>> {
    let mut match_options = MatchOptions::default();
    let mut limits = Limits::default();
    let mut rules = None;
    if let Some(options) = &options {
        check_keys(options, MATCH_OPTIONS, "playMatch").or_throw(&env)?;
        limits = read_limits(&env, options)?;
        if let Some(games) = options.get::<f64>("games")? {
            match_options.games = whole("games", games, 1.0..=1_000_000.0).or_throw(&env)? as u32;
        }
        if let Some(plies) = options.get::<f64>("openings")? {
            let plies = whole("openings", plies, 0.0..=200.0).or_throw(&env)? as u32;
            match_options.openings = Openings::Random { plies };
        }
        if let Some(seed) = options.get::<f64>("seed")? {
            match_options.seed =
                whole("seed", seed, 0.0..=9_007_199_254_740_991.0).or_throw(&env)?;
        }
        if let Some(plies) = options.get::<f64>("maxPlies")? {
            match_options.max_plies =
                whole("maxPlies", plies, 1.0..=1_000_000.0).or_throw(&env)? as usize;
        }
        if let Some(text) = options.get::<String>("rules")? {
            rules = Some(text.parse::<Ruleset>().or_throw(&env)?);
        }
    }
    if !limits.is_bounded() {
        limits.time = Some(Duration::from_millis(100));
    }
    let (first, first_rules) = player_of(&env, a, limits)?;
    let (second, second_rules) = player_of(&env, b, limits)?;
    let bound: Vec<Ruleset> = [rules, first_rules, second_rules]
        .into_iter()
        .flatten()
        .collect();
    if let Some(other) = bound.iter().find(|r| **r != bound[0]) {
        return Err(Failure::new(
            ErrorClass::Argument,
            format!(
                "playMatch: the players and options name two rule sets: {} and {other}",
                bound[0]
            ),
        )
        .throw(&env));
    }
    Ok(AsyncTask::new(MatchTask {
        rules: bound.first().copied().unwrap_or_default(),
        players: [first, second],
        options: match_options,
    }))
}
