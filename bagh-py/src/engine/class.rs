//! `bagh.Engine`: its options, its arguments, and its searches.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use bagh_core::{Game, Position, Ruleset};
use bagh_engine::{Engine, EngineOptions, Limits, MAX_DEPTH};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use super::analysis::PyAnalysis;
use super::error::{argument_error, engine_error, EngineError};
use super::evaluation::{to_evaluation, PyEvaluation};
use super::search::run;
use crate::convert::to_rules;
use crate::errors::parse_error;
use crate::game::PyGame;
use crate::moves::PyMove;
use crate::position::{rules_text, PyPosition};
use crate::ruleset::PyRuleset;
use crate::tablebase::PyTablebase;

/// The default size of the transposition table, in megabytes (the default
/// of `hash_mb` in the signature of `Engine.__new__` too).
const HASH_MB: usize = 64;

/// A search engine for one rule set. It keeps what it learnt (its
/// transposition table and move-ordering history) from one search to the
/// next, as within one game; `new_game` forgets it.
#[pyclass(name = "Engine", module = "bagh", frozen)]
pub struct PyEngine {
    /// Locked by the thread that searches, never by a thread holding the GIL.
    engine: Arc<Mutex<Engine>>,
    stop: Arc<AtomicBool>,
    rules: Ruleset,
    tablebase: Option<Py<PyTablebase>>,
    threads: usize,
    hash_mb: usize,
    level: Option<u8>,
    seed: u64,
    /// Whether the seed was given (else drawn at random), for the repr.
    seed_given: bool,
}

/// A count option in `range`, from a Python int.
fn option<T: TryFrom<i64>>(name: &str, value: i64, range: &str) -> PyResult<T> {
    T::try_from(value)
        .map_err(|_| EngineError::new_err(format!("option {name}: {value} is not in {range}")))
}

/// A seed different from one engine to the next.
fn random_seed() -> u64 {
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    hasher.finish()
}

/// The limits of a search from the Python arguments, checked.
pub fn limits(time: Option<f64>, depth: Option<i64>, nodes: Option<i64>) -> PyResult<Limits> {
    if time.is_none() && depth.is_none() && nodes.is_none() {
        return Err(EngineError::new_err(
            "no limit: give time= (seconds), depth= (plies) or nodes=",
        ));
    }
    let time = time
        .map(|t| match Duration::try_from_secs_f64(t) {
            Ok(d) if !d.is_zero() => Ok(d),
            _ => Err(argument_error(
                "time",
                format!("{t} is not a positive number of seconds"),
            )),
        })
        .transpose()?;
    let depth = depth
        .map(|d| match u32::try_from(d) {
            Ok(d) if (1..=MAX_DEPTH).contains(&d) => Ok(d),
            _ => Err(argument_error(
                "depth",
                format!("{d} is not in 1..={MAX_DEPTH}"),
            )),
        })
        .transpose()?;
    let nodes = nodes
        .map(|n| match u64::try_from(n) {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(argument_error("nodes", format!("{n} is not positive"))),
        })
        .transpose()?;
    Ok(Limits {
        time,
        depth,
        nodes,
        infinite: false,
    })
}

/// The game `board` stands for: a `Game` (with its history), a `Position`
/// or a position string (as the start of a new game), under `rules`.
pub fn to_game(board: &Bound<'_, PyAny>, rules: Ruleset) -> PyResult<Game> {
    let game = if let Ok(game) = board.cast::<PyGame>() {
        game.try_borrow()?.0.clone()
    } else if let Ok(position) = board.cast::<PyPosition>() {
        Game::from_position(position.get().0)
    } else if let Ok(text) = board.extract::<String>() {
        Game::from_position(Position::from_text(&text, rules).map_err(parse_error)?)
    } else {
        return Err(PyTypeError::new_err(format!(
            "expected a Game, a Position or a position string, got {}",
            board.get_type().name()?
        )));
    };
    if *game.rules() != rules {
        return Err(EngineError::new_err(format!(
            "the game is played under {:?}, the engine under {:?}",
            rules_text(game.rules()),
            rules_text(&rules)
        )));
    }
    Ok(game)
}

impl PyEngine {
    /// The game to search, under the engine's rule set (see [`to_game`]).
    fn game(&self, board: &Bound<'_, PyAny>) -> PyResult<Game> {
        to_game(board, self.rules)
    }

    /// The engine, shared with the thread that searches.
    pub fn shared(&self) -> Arc<Mutex<Engine>> {
        Arc::clone(&self.engine)
    }

    /// The rule set.
    pub fn ruleset(&self) -> Ruleset {
        self.rules
    }
}

#[pymethods]
impl PyEngine {
    /// An engine for `rules` (a Ruleset or a preset id; None: the tables'
    /// rule set, or bagh-chal). With `tablebase` (tables of the same rule
    /// set, or "default" for the installed data package of the rule set,
    /// as `Tablebase.default` opens it) it plays perfectly where they
    /// answer. `threads` search together
    /// (1 to 256); the transposition table takes `hash_mb` megabytes. A
    /// `level` from 1 to 20 plays weaker for human opponents (None: full
    /// strength), choosing among the best moves at random from `seed`
    /// (None: a seed drawn at random, see the `seed` attribute); a level
    /// plays without the tables, and does not limit `analyse`, which
    /// searches as deep as asked, with the tables. An option out of range
    /// raises `EngineError`.
    #[new]
    #[pyo3(signature = (rules = None, *, tablebase = None, threads = 1, hash_mb = 64, level = None, seed = None, evaluation = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        tablebase: Option<&Bound<'_, PyAny>>,
        threads: i64,
        hash_mb: i64,
        level: Option<i64>,
        seed: Option<&Bound<'_, PyAny>>,
        evaluation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyEngine> {
        let tablebase: Option<Bound<'_, PyTablebase>> = match tablebase {
            None => None,
            Some(t) if t.is_none() => None,
            Some(t) => match t.extract::<String>() {
                Ok(name) if name == "default" => {
                    let of = match rules {
                        Some(rules) => rules.clone(),
                        None => "bagh-chal".into_pyobject(py)?.into_any(),
                    };
                    Some(Bound::new(py, PyTablebase::from_default(py, &of)?)?)
                }
                Ok(name) => {
                    return Err(EngineError::new_err(format!(
                        "tablebase = {name:?}: expected a Tablebase, \"default\" or None"
                    )))
                }
                Err(_) => Some(t.cast::<PyTablebase>()?.clone()),
            },
        };
        let tables = tablebase.as_ref().map(|t| t.get().shared());
        let rules = match (rules, &tables) {
            (Some(rules), _) => to_rules(rules)?,
            (None, Some(tables)) => *tables.rules(),
            (None, None) => Ruleset::default(),
        };
        if let Some(tables) = &tables {
            if *tables.rules() != rules {
                return Err(EngineError::new_err(format!(
                    "the tables are for rule set {:?}, the engine for {:?}",
                    rules_text(tables.rules()),
                    rules_text(&rules)
                )));
            }
        }
        let threads = option("threads", threads, "1..=256")?;
        let hash_mb = option("hash_mb", hash_mb, "1..=1048576")?;
        let level = level
            .map(|level| option::<u8>("level", level, "1..=20"))
            .transpose()?;
        let seed_given = seed.is_some_and(|s| !s.is_none());
        let seed = match seed.filter(|s| !s.is_none()) {
            Some(seed) => seed
                .extract::<u64>()
                .map_err(|_| argument_error("seed", "expected an int in 0..2**64"))?,
            None => random_seed(),
        };
        let options = EngineOptions {
            threads,
            hash_mb,
            level,
            seed,
            tablebase: tables,
            weights: None,
            evaluation: to_evaluation(evaluation, &rules)?,
        };
        // Allocating the table takes a while for a large one.
        let engine = py
            .detach(move || Engine::new(options))
            .map_err(|e| engine_error(py, e))?;
        Ok(PyEngine {
            stop: engine.stop_flag(),
            engine: Arc::new(Mutex::new(engine)),
            rules,
            tablebase: tablebase.map(Bound::unbind),
            threads,
            hash_mb,
            level,
            seed,
            seed_given,
        })
    }

    /// Searches `board` (a Game, with its history; a Position or a position
    /// string, as the start of a game) for its `multipv` best moves, until
    /// `time` seconds have passed, `depth` plies are searched or about
    /// `nodes` nodes are, whichever comes first (at least one is needed).
    ///
    /// The search runs without the GIL. `progress`, a callable, hears every
    /// line of every completed iteration (a `Progress`) on the calling
    /// thread. Ctrl-C stops the search and returns its best analysis so far
    /// (depth 0 if not even the first iteration was done); an exception
    /// raised by `progress` stops it and is raised.
    #[pyo3(signature = (board, *, time = None, depth = None, nodes = None, multipv = 1, progress = None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        time: Option<f64>,
        depth: Option<i64>,
        nodes: Option<i64>,
        multipv: i64,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyAnalysis> {
        let game = self.game(board)?;
        let limits = limits(time, depth, nodes)?;
        let multipv = match usize::try_from(multipv) {
            Ok(n) if n > 0 => n,
            _ => {
                return Err(argument_error(
                    "multipv",
                    format!("{multipv} is not positive"),
                ))
            }
        };
        if let Some(progress) = progress.filter(|p| !p.is_none() && !p.is_callable()) {
            return Err(PyTypeError::new_err(format!(
                "progress: expected a callable or None, got {}",
                progress.get_type().name()?
            )));
        }
        let side = game.side_to_move();
        run(
            py,
            &self.engine,
            &self.stop,
            progress,
            side,
            Box::new(move |engine, report| engine.analyse(&game, &limits, multipv, |p| report(p))),
        )
        .map(|analysis| PyAnalysis(analysis, side))
    }

    /// The move to play in `board` within the limits (as `analyse`). At a
    /// level, a seeded choice among the best moves: the same seed, game and
    /// options give the same move (with a depth or node limit). Ctrl-C
    /// stops the search and returns its move so far.
    #[pyo3(signature = (board, *, time = None, depth = None, nodes = None))]
    fn best_move(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        time: Option<f64>,
        depth: Option<i64>,
        nodes: Option<i64>,
    ) -> PyResult<PyMove> {
        let game = self.game(board)?;
        let limits = limits(time, depth, nodes)?;
        let side = game.side_to_move();
        run(
            py,
            &self.engine,
            &self.stop,
            None,
            side,
            Box::new(move |engine, _| engine.best_move(&game, &limits)),
        )
        .map(PyMove)
    }

    /// Forgets what earlier searches learnt, as before a new game (waits
    /// for a search of another thread to end).
    fn new_game(&self, py: Python<'_>) {
        let engine = &self.engine;
        py.detach(|| {
            engine
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .new_game()
        });
    }

    /// The rule set.
    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset(self.rules)
    }

    /// The tables, or None.
    #[getter]
    fn tablebase(&self, py: Python<'_>) -> Option<Py<PyTablebase>> {
        self.tablebase.as_ref().map(|t| t.clone_ref(py))
    }

    /// Search threads.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// The transposition table's size in megabytes.
    #[getter]
    fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// The playing level (1 to 20), or None for full strength.
    #[getter]
    fn level(&self) -> Option<u8> {
        self.level
    }

    /// The static evaluation the search uses: "network" or "classic".
    #[getter]
    fn evaluation(&self) -> &'static str {
        let engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
        engine.options().evaluation_name(&self.rules)
    }

    /// The static evaluation of `board` (a Game, Position or position
    /// string), without search: the score for the side to move and, with
    /// the network, its win, draw and loss probabilities; `str` shows it
    /// from the goats' side.
    fn evaluate(&self, board: &Bound<'_, PyAny>) -> PyResult<PyEvaluation> {
        let game = self.game(board)?;
        let engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
        let position = game.position();
        Ok(PyEvaluation(
            engine.evaluate(position),
            position.side_to_move(),
        ))
    }

    /// The seed of the level's choices: the one given, or the one drawn.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// `Engine(rules='bagh-chal', level=5)`: the options that differ from
    /// the defaults.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut parts = vec![format!("rules='{}'", rules_text(&self.rules))];
        if let Some(tables) = &self.tablebase {
            parts.push(format!("tablebase={}", tables.bind(py).repr()?));
        }
        if self.threads != 1 {
            parts.push(format!("threads={}", self.threads));
        }
        if self.hash_mb != HASH_MB {
            parts.push(format!("hash_mb={}", self.hash_mb));
        }
        if let Some(level) = self.level {
            parts.push(format!("level={level}"));
        }
        if self.seed_given {
            parts.push(format!("seed={}", self.seed));
        }
        Ok(format!("Engine({})", parts.join(", ")))
    }
}
