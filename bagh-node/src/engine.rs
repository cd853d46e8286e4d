//! `Engine`: the search, run off the main thread (a libuv worker), its
//! answers as Promises that an `AbortSignal` or `stop()` ends early.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use bagh_core::{Game, Move, Position, Side};
use bagh_engine::{Analysis, Engine, EngineError, EngineOptions, Limits, Progress, Score};
use napi::bindgen_prelude::{AbortSignal, AsyncTask, ClassInstance, Either3, Object};
use napi::ScopedTask;
use napi::{Env, Result};
use napi_derive::napi;

use crate::convert::{rules_of, RulesArg};
use crate::errors::{Failure, OrThrow, Throw};
use crate::game::JsGame;
use crate::moves::{move_array, move_object};
use crate::options::{check_keys, whole};
use crate::position::JsPosition;
use crate::progress::{reporter, send, LineReport, Reporter};
use crate::tablebase::JsTablebase;

/// A `Game` (its history counts), a `Position` or a position string.
pub type BoardArg<'a> = Either3<ClassInstance<'a, JsGame>, ClassInstance<'a, JsPosition>, String>;

const ENGINE_OPTIONS: &[&str] = &["level", "seed", "threads", "hashMb", "tablebase"];
const SEARCH_OPTIONS: &[&str] = &["time", "depth", "nodes", "multipv", "signal", "onProgress"];

/// A search engine for one rule set; it keeps its table between searches.
#[napi(js_name = "Engine")]
pub struct JsEngine {
    pub(crate) engine: Arc<Mutex<Engine>>,
    stop: Arc<AtomicBool>,
    pub(crate) rules: bagh_core::Ruleset,
}

/// What a search task hands back to JavaScript.
pub enum Searched {
    Analysis(Box<Analysis>, Side),
    Move(Move),
}

/// One search on a libuv worker.
pub struct SearchTask {
    engine: Arc<Mutex<Engine>>,
    game: Game,
    limits: Limits,
    multipv: usize,
    best_move_only: bool,
    on_progress: Option<Reporter<LineReport>>,
}

/// What `onProgress` hears of a line of `progress`, `turn` being the side
/// to move at the root: the score as every front end shows it.
fn line_report(progress: &Progress, turn: Side) -> LineReport {
    LineReport {
        depth: progress.depth,
        seldepth: progress.seldepth,
        multipv: progress.multipv as u32,
        score: progress.score.pov(turn).to_string(),
        nodes: progress.nodes as f64,
        nps: progress.nps as f64,
        time: progress.time.as_secs_f64(),
        pv: progress.pv.iter().map(|m| m.to_string()).collect(),
    }
}

impl<'task> ScopedTask<'task> for SearchTask {
    type Output = std::result::Result<Searched, EngineError>;
    type JsValue = Either3<Object<'task>, Object<'task>, ()>;

    fn compute(&mut self) -> Result<Self::Output> {
        let mut engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
        let reporter = self.on_progress.as_ref();
        let turn = self.game.side_to_move();
        let report = |progress: &Progress| {
            if let Some(reporter) = reporter {
                send(reporter, line_report(progress, turn));
            }
        };
        Ok(if self.best_move_only {
            engine
                .best_move_with_progress(&self.game, &self.limits, report)
                .map(Searched::Move)
        } else {
            let side = self.game.side_to_move();
            engine
                .analyse(&self.game, &self.limits, self.multipv, report)
                .map(|a| Searched::Analysis(Box::new(a), side))
        })
    }

    fn resolve(&mut self, env: &'task Env, output: Self::Output) -> Result<Self::JsValue> {
        match output.or_throw(env)? {
            Searched::Move(mv) => Ok(Either3::A(move_object(env, mv)?)),
            Searched::Analysis(analysis, side) => {
                Ok(Either3::B(analysis_object(env, &analysis, side)?))
            }
        }
    }
}

/// `{ kind: "cp" | "win" | "loss" | "draw", value, text }`: `value` in
/// thousandths of a result or plies (null when a proven result has no
/// known distance), for the side the score is for; `text` as given.
fn score_object<'env>(env: &'env Env, score: Score, text: String) -> Result<Object<'env>> {
    let (kind, value) = match score {
        Score::Value(v) => ("cp", Some(f64::from(v))),
        Score::Win(d) => ("win", d.map(f64::from)),
        Score::Loss(d) => ("loss", d.map(f64::from)),
        Score::Draw => ("draw", Some(0.0)),
    };
    let mut object = Object::new(env)?;
    object.set("kind", kind)?;
    object.set("value", value)?;
    object.set("text", text)?;
    Ok(object)
}

fn analysis_object<'env>(env: &'env Env, analysis: &Analysis, side: Side) -> Result<Object<'env>> {
    let mut object = Object::new(env)?;
    object.set("bestMove", move_object(env, analysis.best_move)?)?;
    // `score` is for the side to move (text `+0.30`, `win in 7 plies`);
    // `goatsScore` from the goats' side, whoever is to move, its text the
    // display every front end shows (`+0.30`, `goats win in 7 plies`).
    let relative = |score: Score| score_object(env, score, score.for_side_to_move());
    let goats = |score: Score| {
        let pov = score.pov(side);
        score_object(env, pov.goats(), pov.to_string())
    };
    object.set("score", relative(analysis.score)?)?;
    object.set("goatsScore", goats(analysis.score)?)?;
    object.set("turn", side.name())?;
    object.set("pv", move_array(env, analysis.pv.iter().copied())?)?;
    object.set("depth", f64::from(analysis.depth))?;
    object.set("seldepth", f64::from(analysis.seldepth))?;
    object.set("nodes", analysis.nodes as f64)?;
    object.set("timeMs", analysis.time.as_secs_f64() * 1000.0)?;
    let mut lines = env.create_array(analysis.lines.len() as u32)?;
    for (i, line) in analysis.lines.iter().enumerate() {
        let mut entry = Object::new(env)?;
        entry.set("score", relative(line.score)?)?;
        entry.set("goatsScore", goats(line.score)?)?;
        entry.set("pv", move_array(env, line.pv.iter().copied())?)?;
        lines.set(i as u32, entry)?;
    }
    object.set("lines", lines)?;
    Ok(object)
}

#[napi]
impl JsEngine {
    /// `new Engine(rules?, { level, seed, threads, hashMb, tablebase })`:
    /// full strength unless a `level` from 1 to 20 is given (it plays
    /// without the tables; analysis is not limited by it). An unknown
    /// option or one out of range throws `ArgumentError` or `EngineError`.
    #[napi(constructor, catch_unwind)]
    pub fn new(env: Env, rules: Option<RulesArg>, options: Option<Object>) -> Result<JsEngine> {
        let mut engine_options = EngineOptions::default();
        let mut tables_rules = None;
        if let Some(options) = &options {
            check_keys(options, ENGINE_OPTIONS, "Engine").or_throw(&env)?;
            if let Some(level) = options.get::<f64>("level")? {
                engine_options.level =
                    Some(whole("level", level, 1.0..=20.0).or_throw(&env)? as u8);
            }
            if let Some(seed) = options.get::<f64>("seed")? {
                engine_options.seed =
                    whole("seed", seed, 0.0..=9_007_199_254_740_991.0).or_throw(&env)?;
            }
            if let Some(threads) = options.get::<f64>("threads")? {
                engine_options.threads =
                    whole("threads", threads, 1.0..=256.0).or_throw(&env)? as usize;
            }
            if let Some(hash) = options.get::<f64>("hashMb")? {
                engine_options.hash_mb =
                    whole("hashMb", hash, 1.0..=1_048_576.0).or_throw(&env)? as usize;
            }
            if let Some(tables) = options.get::<ClassInstance<JsTablebase>>("tablebase")? {
                tables_rules = Some(*tables.inner.rules());
                engine_options.tablebase = Some(Arc::clone(&tables.inner));
            }
        }
        let rules = match (rules, tables_rules) {
            (None, Some(tables)) => tables,
            (rules, _) => rules_of(rules).or_throw(&env)?,
        };
        if let Some(tables) = tables_rules.filter(|t| *t != rules) {
            return Err(Failure::from(EngineError::RulesMismatch {
                game_rules: rules.to_string(),
                table_rules: tables.to_string(),
            })
            .throw(&env));
        }
        let engine = Engine::new(engine_options).or_throw(&env)?;
        Ok(JsEngine {
            stop: engine.stop_flag(),
            engine: Arc::new(Mutex::new(engine)),
            rules,
        })
    }

    /// The searches' rule set.
    #[napi(getter)]
    pub fn rules(&self) -> crate::ruleset::JsRuleset {
        crate::ruleset::JsRuleset::from(self.rules)
    }

    /// `analyse(board, { time, depth, nodes, multipv, signal })`: a Promise
    /// of `{ bestMove, score, goatsScore, turn, pv, depth, seldepth, nodes,
    /// timeMs, lines }`, searched off the main thread (1 second without a
    /// limit; `time` in seconds). Aborting `signal`, or `stop()`, ends the
    /// search: the Promise then holds the best analysis so far.
    #[napi(catch_unwind, ts_return_type = "Promise<Analysis>")]
    pub fn analyse(
        &self,
        env: Env,
        board: BoardArg,
        options: Option<Object>,
    ) -> Result<AsyncTask<SearchTask>> {
        self.task(&env, board, options, false)
    }

    /// `bestMove(board, { time, depth, nodes, signal })`: a Promise of the
    /// move to play (at a level, the level's seeded choice).
    #[napi(catch_unwind, ts_return_type = "Promise<Move>")]
    pub fn best_move(
        &self,
        env: Env,
        board: BoardArg,
        options: Option<Object>,
    ) -> Result<AsyncTask<SearchTask>> {
        self.task(&env, board, options, true)
    }

    /// Stops the running search (it answers with what it has).
    #[napi]
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The `time` (seconds), `depth` and `nodes` of an options object, each
/// checked; none given is none set.
pub(crate) fn read_limits(env: &Env, options: &Object) -> Result<Limits> {
    let mut limits = Limits::default();
    if let Some(time) = options.get::<f64>("time")? {
        if !(time > 0.0 && time < 1e9) {
            return Err(Failure::new(
                crate::errors::ErrorClass::Argument,
                format!("time: expected seconds above 0, found {time}"),
            )
            .throw(env));
        }
        limits.time = Some(Duration::from_secs_f64(time));
    }
    if let Some(depth) = options.get::<f64>("depth")? {
        limits.depth = Some(
            whole("depth", depth, 1.0..=f64::from(bagh_engine::MAX_DEPTH)).or_throw(env)? as u32,
        );
    }
    if let Some(nodes) = options.get::<f64>("nodes")? {
        limits.nodes = Some(whole("nodes", nodes, 1.0..=9_007_199_254_740_991.0).or_throw(env)?);
    }
    Ok(limits)
}

impl JsEngine {
    fn task(
        &self,
        env: &Env,
        board: BoardArg,
        options: Option<Object>,
        best_move_only: bool,
    ) -> Result<AsyncTask<SearchTask>> {
        let game = match board {
            Either3::A(game) => game.inner.clone(),
            Either3::B(position) => Game::from_position(position.inner),
            Either3::C(text) => {
                Game::from_position(Position::from_text(&text, self.rules).or_throw(env)?)
            }
        };
        let mut limits = Limits::default();
        let mut multipv = 1;
        let mut signal = None;
        let mut on_progress = None;
        if let Some(options) = &options {
            check_keys(
                options,
                SEARCH_OPTIONS,
                if best_move_only {
                    "bestMove"
                } else {
                    "analyse"
                },
            )
            .or_throw(env)?;
            limits = read_limits(env, options)?;
            if let Some(lines) = options.get::<f64>("multipv")? {
                multipv = whole("multipv", lines, 1.0..=264.0).or_throw(env)? as usize;
            }
            signal = options.get::<AbortSignal>("signal")?;
            on_progress = reporter(options)?;
        }
        if !limits.is_bounded() {
            limits.time = Some(Duration::from_secs(1));
        }
        if *game.rules() != self.rules {
            return Err(Failure::new(
                crate::errors::ErrorClass::Engine,
                format!(
                    "the board is under {}, the engine's rule set is {}",
                    game.rules(),
                    self.rules
                ),
            )
            .throw(env));
        }
        let task = SearchTask {
            engine: Arc::clone(&self.engine),
            game,
            limits,
            multipv,
            best_move_only,
            on_progress,
        };
        if let Some(signal) = &signal {
            let stop = Arc::clone(&self.stop);
            signal.on_abort(move || stop.store(true, Ordering::Relaxed));
        }
        Ok(AsyncTask::with_optional_signal(task, signal))
    }
}
