//! The engine: best moves and analysis by depth, nodes or time, levels 1
//! to 20, MultiPV, and the static evaluation, with the addon's names,
//! arguments and answers (`bagh-node/src/engine.rs`). The evaluation
//! network of each rule set that has one is compiled into `bagh-engine`, so
//! the `.wasm` carries it.
//!
//! What differs, because WebAssembly has no threads here:
//! - the search runs on the calling thread, to its end, before `analyse` or
//!   `bestMove` returns its Promise (already settled). In a browser it
//!   belongs in a Web Worker, where it blocks the worker and not the page;
//! - `stop()` and an aborted `signal` can end a search only from inside it,
//!   from an `onProgress` callback (nothing else runs while it searches);
//!   a `signal` aborted before the search starts ends it after its first
//!   iteration;
//! - `onProgress` is called during the search, before the Promise settles;
//! - `threads` above 1 and `tablebase` are refused with an `EngineError`.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bagh_core::{Game, Position, Ruleset, Side};
use bagh_engine::{Analysis, Engine, EngineError, EngineOptions, Limits, Progress};
use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::convert::TryFromJsValue;
use wasm_bindgen::prelude::*;

use crate::args;
use crate::engine_objects::{analysis_object, evaluation_object, progress_object};
use crate::errors::{js_error, ErrorClass, Failure, JsResult, OrThrow};
use crate::game::JsGame;
use crate::moves::JsMove;
use crate::ruleset::{rules_of, JsRuleset};

const ENGINE_OPTIONS: &[&str] = &["level", "seed", "threads", "hashMb", "tablebase"];
const SEARCH_OPTIONS: &[&str] = &["time", "depth", "nodes", "multipv", "signal", "onProgress"];

/// A search engine for one rule set; it keeps its table between searches.
#[wasm_bindgen(js_name = Engine)]
pub struct JsEngine {
    /// Borrowed for the length of a search: a second search started from
    /// an `onProgress` callback of the first is refused, not run inside it.
    engine: RefCell<Engine>,
    stop: Arc<AtomicBool>,
    rules: Ruleset,
}

/// What one search is asked, its arguments read.
struct Search {
    game: Game,
    limits: Limits,
    multipv: usize,
    signal: Option<JsValue>,
    on_progress: Option<Function>,
}

/// The engine options of `options` (`new Engine`'s second argument),
/// checked as the addon checks them; `threads` above 1 and `tablebase`,
/// which the addon takes, are refused here.
fn engine_options(options: &JsValue) -> Result<EngineOptions, Failure> {
    let mut engine_options = EngineOptions::default();
    let Some(options) = args::options("new Engine", options, ENGINE_OPTIONS)? else {
        return Ok(engine_options);
    };
    let number =
        |name: &str| args::opt_number(&format!("new Engine: {name}"), &args::get(&options, name));
    if let Some(level) = number("level")? {
        engine_options.level = Some(args::whole("level", level, 1.0..=20.0)? as u8);
    }
    if let Some(seed) = number("seed")? {
        engine_options.seed = args::whole("seed", seed, 0.0..=9_007_199_254_740_991.0)?;
    }
    if let Some(threads) = number("threads")? {
        let threads = args::whole("threads", threads, 1.0..=256.0)?;
        if threads > 1 {
            return Err(Failure::new(
                ErrorClass::Engine,
                format!(
                    "threads: {threads} asked, but WebAssembly searches on one thread; \
                     the Node addon or the Python package search on several"
                ),
            ));
        }
    }
    if let Some(hash) = number("hashMb")? {
        engine_options.hash_mb = args::whole("hashMb", hash, 1.0..=1_048_576.0)? as usize;
    }
    if !args::absent(&args::get(&options, "tablebase")) {
        return Err(Failure::new(
            ErrorClass::Engine,
            "tablebase: the tables are files on disk, which WebAssembly cannot open; \
             use the Node addon, the Python package or `bagh serve --tables`",
        ));
    }
    Ok(engine_options)
}

/// The `time` (seconds), `depth` and `nodes` of an options object, each
/// checked as the addon checks them; none given is none set.
fn read_limits(call: &str, options: &Object) -> Result<Limits, Failure> {
    let mut limits = Limits::default();
    let number =
        |name: &str| args::opt_number(&format!("{call}: {name}"), &args::get(options, name));
    if let Some(time) = number("time")? {
        if !(time > 0.0 && time < 1e9) {
            return Err(Failure::argument(format!(
                "time: expected seconds above 0, found {time}"
            )));
        }
        limits.time = Some(Duration::from_secs_f64(time));
    }
    if let Some(depth) = number("depth")? {
        let deepest = f64::from(bagh_engine::MAX_DEPTH);
        limits.depth = Some(args::whole("depth", depth, 1.0..=deepest)? as u32);
    }
    if let Some(nodes) = number("nodes")? {
        limits.nodes = Some(args::whole("nodes", nodes, 1.0..=9_007_199_254_740_991.0)?);
    }
    Ok(limits)
}

/// Calls `object[name]()` when it is a function; `None` otherwise or when
/// it throws.
fn call_method(object: &JsValue, name: &str) -> Option<JsValue> {
    let method = Reflect::get(object, &JsValue::from_str(name)).ok()?;
    method.dyn_ref::<Function>()?.call0(object).ok()
}

/// The game of a board argument: a `Game` (its history counts), a
/// `Position`, or a position string read under `rules`.
fn board_game(call: &str, board: &JsValue, rules: Ruleset) -> Result<Game, Failure> {
    if let Some(text) = board.as_string() {
        return Ok(Game::from_position(Position::from_text(&text, rules)?));
    }
    if board.is_object() {
        // A Game: a copy of it, which the unwrapping below takes over (the
        // caller's game stays as it is). Anything else is left alone.
        if let Some(copy) = call_method(board, "copy") {
            if let Ok(game) = JsGame::try_from_js_value(copy) {
                return Ok(game.inner);
            }
        }
        // A Position: its text under its own rule set.
        let position_rules = Reflect::get(board, &JsValue::from_str("rules"))
            .ok()
            .filter(|r| r.is_object())
            .and_then(|r| call_method(&r, "toString"))
            .and_then(|r| r.as_string());
        let text = call_method(board, "toText").and_then(|t| t.as_string());
        if let (Some(text), Some(position_rules)) = (text, position_rules) {
            let position_rules = position_rules.parse::<Ruleset>()?;
            return Ok(Game::from_position(Position::from_text(
                &text,
                position_rules,
            )?));
        }
    }
    let found = if board.is_null() {
        "null".to_string()
    } else {
        board.js_typeof().as_string().unwrap_or_default()
    };
    Err(Failure::argument(format!(
        "{call}: expected a Game, a Position or a string, found {found}"
    )))
}

/// Whether an `AbortSignal` has been aborted.
fn aborted(signal: &JsValue) -> bool {
    Reflect::get(signal, &JsValue::from_str("aborted"))
        .ok()
        .and_then(|a| a.as_bool())
        .unwrap_or(false)
}

#[wasm_bindgen(js_class = Engine)]
impl JsEngine {
    /// `new Engine(rules?, { level, seed, threads, hashMb })`: full
    /// strength unless a `level` from 1 to 20 is given (it plays by the
    /// level; analysis is not limited by it). An unknown option or one out
    /// of range throws `ArgumentError`; `threads` above 1 and `tablebase`
    /// throw `EngineError` (one thread and no tables in WebAssembly).
    #[wasm_bindgen(constructor)]
    pub fn new(rules: JsValue, options: JsValue) -> JsResult<JsEngine> {
        let rules = rules_of("new Engine", &rules).or_throw()?;
        let options = engine_options(&options).or_throw()?;
        let engine = Engine::new(options).map_err(Failure::from).or_throw()?;
        Ok(JsEngine {
            stop: engine.stop_flag(),
            engine: RefCell::new(engine),
            rules,
        })
    }

    /// The searches' rule set.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> JsRuleset {
        JsRuleset::from(self.rules)
    }

    /// `analyse(board, { time, depth, nodes, multipv, signal, onProgress })`:
    /// a Promise of `{ bestMove, score, goatsScore, turn, pv, depth,
    /// seldepth, nodes, timeMs, lines }` (1 second without a limit; `time`
    /// in seconds). The search runs before this returns.
    pub fn analyse(&self, board: JsValue, options: JsValue) -> JsResult<Promise> {
        let search = self.read_search("analyse", &board, &options).or_throw()?;
        let turn = search.game.side_to_move();
        let searched = self.run(&search, false).or_throw()?;
        Ok(settled(searched.map(|searched| match searched {
            Searched::Analysis(analysis) => analysis_object(&analysis, turn).into(),
            Searched::Move(mv) => JsMove::from(mv).into(),
        })))
    }

    /// `bestMove(board, { time, depth, nodes, signal, onProgress })`: a
    /// Promise of the move to play (at a level, the level's seeded choice).
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(&self, board: JsValue, options: JsValue) -> JsResult<Promise> {
        let search = self.read_search("bestMove", &board, &options).or_throw()?;
        let searched = self.run(&search, true).or_throw()?;
        Ok(settled(searched.map(|searched| match searched {
            Searched::Analysis(analysis) => JsMove::from(analysis.best_move).into(),
            Searched::Move(mv) => JsMove::from(mv).into(),
        })))
    }

    /// Stops the running search, which answers with what it has. Only an
    /// `onProgress` callback can call it while a search runs.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The static evaluation of `board` (a Game, a Position or a position
    /// string), without search: `{ score, goatsScore, turn, win, draw,
    /// loss, pliesToEnd }`, as Python's `Engine.evaluate`.
    pub fn evaluate(&self, board: JsValue) -> JsResult<Object> {
        let game = board_game("evaluate", &board, self.rules).or_throw()?;
        self.check_rules(&game).or_throw()?;
        let engine = self.engine.try_borrow().map_err(|_| busy()).or_throw()?;
        let position = game.position();
        Ok(evaluation_object(
            &engine.evaluate(position),
            position.side_to_move(),
        ))
    }
}

/// What a search answers.
enum Searched {
    Analysis(Box<Analysis>),
    Move(bagh_core::Move),
}

/// A Promise already settled: resolved with the value, or rejected with
/// the raw error (the addon's search errors reject, they do not throw).
fn settled(result: Result<JsValue, Failure>) -> Promise {
    match result {
        Ok(value) => Promise::resolve(&value),
        Err(failure) => Promise::reject(&js_error(failure)),
    }
}

/// The error of a search started while another runs on the same engine.
fn busy() -> Failure {
    Failure::new(
        ErrorClass::Engine,
        "the engine is searching: a search cannot start from inside another's onProgress",
    )
}

impl JsEngine {
    /// The game, limits and callbacks of a search call, checked.
    fn read_search(
        &self,
        call: &str,
        board: &JsValue,
        options: &JsValue,
    ) -> Result<Search, Failure> {
        let game = board_game(call, board, self.rules)?;
        let mut search = Search {
            game,
            limits: Limits::default(),
            multipv: 1,
            signal: None,
            on_progress: None,
        };
        if let Some(options) = args::options(call, options, SEARCH_OPTIONS)? {
            search.limits = read_limits(call, &options)?;
            let multipv =
                args::opt_number(&format!("{call}: multipv"), &args::get(&options, "multipv"))?;
            if let Some(lines) = multipv {
                search.multipv = args::whole("multipv", lines, 1.0..=264.0)? as usize;
            }
            let signal = args::get(&options, "signal");
            if !args::absent(&signal) {
                if !signal.is_object() {
                    return Err(Failure::argument(format!(
                        "{call}: signal: expected an AbortSignal, found {}",
                        signal.js_typeof().as_string().unwrap_or_default()
                    )));
                }
                search.signal = Some(signal);
            }
            let callback = args::get(&options, "onProgress");
            if !args::absent(&callback) {
                let Some(function) = callback.dyn_ref::<Function>() else {
                    return Err(Failure::argument(format!(
                        "{call}: onProgress: expected a function, found {}",
                        callback.js_typeof().as_string().unwrap_or_default()
                    )));
                };
                search.on_progress = Some(function.clone());
            }
        }
        if !search.limits.is_bounded() {
            search.limits.time = Some(Duration::from_secs(1));
        }
        self.check_rules(&search.game)?;
        Ok(search)
    }

    /// A board of another rule set is refused before any search.
    fn check_rules(&self, game: &Game) -> Result<(), Failure> {
        if *game.rules() == self.rules {
            return Ok(());
        }
        Err(Failure::new(
            ErrorClass::Engine,
            format!(
                "the board is under {}, the engine's rule set is {}",
                game.rules(),
                self.rules
            ),
        ))
    }

    /// Runs `search` on this thread: the analysis, or with `best_move_only`
    /// the move to play (a level's choice at a level). The outer error is
    /// thrown (a search already running), the inner one rejects the
    /// Promise (a search that cannot start, as the addon's).
    fn run(
        &self,
        search: &Search,
        best_move_only: bool,
    ) -> Result<Result<Searched, Failure>, Failure> {
        let mut engine = self.engine.try_borrow_mut().map_err(|_| busy())?;
        let turn: Side = search.game.side_to_move();
        let stop = &self.stop;
        let signal = search.signal.as_ref();
        let report = |progress: &Progress| {
            if let Some(callback) = &search.on_progress {
                // The addon ignores what the callback answers or throws.
                let _ = callback.call1(&JsValue::NULL, &progress_object(progress, turn));
            }
            // The only moments JavaScript runs during the search: a stop()
            // or an abort from a callback, or a signal aborted before.
            if signal.is_some_and(aborted) {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let result: Result<Searched, EngineError> = if best_move_only {
            engine
                .best_move_with_progress(&search.game, &search.limits, report)
                .map(Searched::Move)
        } else {
            engine
                .analyse(&search.game, &search.limits, search.multipv, report)
                .map(|analysis| Searched::Analysis(Box::new(analysis)))
        };
        Ok(result.map_err(Failure::from))
    }
}
