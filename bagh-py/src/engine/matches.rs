//! `bagh.play_match` and the `bagh.MatchResult` it returns: the match of
//! `bagh_engine::play_match`, with Python's players (an `Engine`, a level,
//! a `PerfectPlayer` or a callable) as its two sides.

use std::sync::{Arc, Mutex, PoisonError};

use bagh_core::{Game, Move, Ruleset};
use bagh_engine::{
    format_elo, play_match as library_play_match, Engine, EngineOptions, EnginePlayer, Limits,
    MatchError as LibraryError, MatchOptions, MatchReport, Openings, PerfectPlayer, Player,
};
use pyo3::create_exception;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use super::class::{limits, to_game, PyEngine};
use super::error::{argument_error, engine_error};
use super::perfect::PyPerfectPlayer;
use crate::convert::to_move;
use crate::errors::{illegal_move, BaghError};
use crate::game::PyGame;
use crate::position::rules_text;
use crate::records::PyRecord;
use crate::tablebase::tablebase_error;

create_exception!(
    bagh,
    MatchError,
    BaghError,
    "A match that cannot go on: an opening that cannot be played, or a \
     player that chose an illegal move (the attributes `player` and `round` \
     name it and the game, from 1; the cause is chained)."
);

/// What a side of a Python match is.
enum Kind {
    /// A `bagh.Engine` of the caller: its table and options are its own.
    Engine(Arc<Mutex<Engine>>),
    /// An engine made for the match (a level given as an int).
    Owned(Box<EnginePlayer>),
    /// The tables' perfect player.
    Perfect(PerfectPlayer),
    /// A callable `(game) -> Move | str`.
    Callable(Py<PyAny>),
}

/// One side of a Python match: what it is, its name, its limits, and where
/// a Python exception met while it chose is kept for the caller.
struct MatchPlayer<'a> {
    kind: Kind,
    name: String,
    limits: Limits,
    failure: &'a Mutex<Option<PyErr>>,
}

impl MatchPlayer<'_> {
    /// Keeps `error` for the caller and ends the match.
    fn fail(&self, error: PyErr) -> LibraryError {
        let message = Python::attach(|py| error.value(py).to_string());
        *self.failure.lock().unwrap_or_else(PoisonError::into_inner) = Some(error);
        LibraryError::Player {
            player: self.name.clone(),
            message,
        }
    }
}

impl Player for MatchPlayer<'_> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        match &mut self.kind {
            Kind::Engine(engine) => engine
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .new_game(),
            Kind::Owned(player) => player.new_game(seed),
            Kind::Perfect(player) => player.new_game(seed),
            Kind::Callable(_) => {}
        }
    }

    fn choose(&mut self, game: &Game) -> Result<Move, LibraryError> {
        // Ctrl-C ends the match between two moves.
        if let Err(error) = Python::attach(|py| py.check_signals()) {
            return Err(self.fail(error));
        }
        match &mut self.kind {
            Kind::Engine(engine) => Ok(engine
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .best_move(game, &self.limits)?),
            Kind::Owned(player) => player.choose(game),
            Kind::Perfect(player) => player.choose(game),
            Kind::Callable(function) => {
                let chosen = Python::attach(|py| {
                    let answer = function.call1(py, (PyGame(game.clone()),))?;
                    to_move(answer.bind(py))
                });
                chosen.map_err(|error| self.fail(error))
            }
        }
    }
}

/// The rule set a player is bound to, if any.
fn rules_of(player: &Bound<'_, PyAny>) -> Option<Ruleset> {
    if let Ok(engine) = player.cast::<PyEngine>() {
        return Some(engine.get().ruleset());
    }
    if let Ok(perfect) = player.cast::<PyPerfectPlayer>() {
        return Some(perfect.get().ruleset());
    }
    None
}

/// The side `player` stands for in a match.
fn match_player<'a>(
    player: &Bound<'_, PyAny>,
    limits: Limits,
    failure: &'a Mutex<Option<PyErr>>,
) -> PyResult<MatchPlayer<'a>> {
    let py = player.py();
    let (kind, name) = if let Ok(engine) = player.cast::<PyEngine>() {
        let shared = engine.get().shared();
        let name = py.detach(|| shared.lock().unwrap_or_else(PoisonError::into_inner).name());
        (Kind::Engine(shared), name)
    } else if let Ok(perfect) = player.cast::<PyPerfectPlayer>() {
        let perfect = perfect.get().fresh();
        let name = perfect.name();
        (Kind::Perfect(perfect), name)
    } else if let Ok(level) = player.extract::<i64>() {
        let level = u8::try_from(level)
            .ok()
            .filter(|l| (1..=20).contains(l))
            .ok_or_else(|| argument_error("level", format!("{level} is not in 1..=20")))?;
        let engine = Engine::new(EngineOptions {
            level: Some(level),
            ..EngineOptions::default()
        })
        .map_err(|e| engine_error(py, e))?;
        let owned = EnginePlayer::new(engine, limits);
        let name = owned.name();
        (Kind::Owned(Box::new(owned)), name)
    } else if player.is_callable() {
        let name = match player.getattr("__name__") {
            Ok(name) => name.str()?.to_string(),
            Err(_) => player.repr()?.to_string(),
        };
        (Kind::Callable(player.clone().unbind()), name)
    } else {
        return Err(PyTypeError::new_err(format!(
            "a player is an Engine, a level (an int from 1 to 20), a PerfectPlayer or a \
             callable (game) -> Move, got {}",
            player.get_type().name()?
        )));
    };
    Ok(MatchPlayer {
        kind,
        name,
        limits,
        failure,
    })
}

/// The openings argument: None (random openings of 4 plies), an int (that
/// many random plies), or a sequence of games, positions or position
/// strings.
fn to_openings(openings: Option<&Bound<'_, PyAny>>, rules: Ruleset) -> PyResult<Openings> {
    let Some(openings) = openings.filter(|o| !o.is_none()) else {
        return Ok(Openings::Random { plies: 4 });
    };
    if let Ok(plies) = openings.extract::<i64>() {
        let plies = u32::try_from(plies)
            .map_err(|_| argument_error("openings", format!("{plies} plies is not in 0..")))?;
        return Ok(Openings::Random { plies });
    }
    let mut games = Vec::new();
    for (index, item) in openings.try_iter()?.enumerate() {
        let game = to_game(&item?, rules)
            .map_err(|e| argument_error(&format!("openings[{index}]"), e.to_string()))?;
        games.push(game);
    }
    Ok(Openings::Games(games))
}

/// The exception of a match that failed.
fn match_error(py: Python<'_>, error: LibraryError, failure: Option<PyErr>) -> PyErr {
    if let Some(failure) = failure {
        return failure;
    }
    match error {
        LibraryError::Engine(error) => engine_error(py, error),
        LibraryError::Tables(error) => tablebase_error(error),
        LibraryError::IllegalMove {
            player,
            round,
            error,
        } => {
            let exception = MatchError::new_err(format!(
                "game {round}: {player} chose an illegal move: {error}"
            ));
            let value = exception.value(py);
            let _ = value.setattr("player", player);
            let _ = value.setattr("round", round);
            exception.set_cause(py, Some(illegal_move(*error)));
            exception
        }
        other => MatchError::new_err(other.to_string()),
    }
}

/// What a match gave: the first player's wins, draws and losses, its Elo
/// difference over the second with a 95% interval, and every game as a
/// record.
#[pyclass(name = "MatchResult", module = "bagh", frozen)]
pub struct PyMatchResult(MatchReport);

#[pymethods]
impl PyMatchResult {
    /// The two players' names, the first player's first.
    #[getter]
    fn players(&self) -> (String, String) {
        let [first, second] = self.0.players.clone();
        (first, second)
    }

    /// Games the first player won.
    #[getter]
    fn wins(&self) -> u32 {
        self.0.tally.wins
    }

    /// Games drawn, or stopped at `max_plies`.
    #[getter]
    fn draws(&self) -> u32 {
        self.0.tally.draws
    }

    /// Games the first player lost.
    #[getter]
    fn losses(&self) -> u32 {
        self.0.tally.losses
    }

    /// The first player's score: (wins + draws / 2) / games.
    #[getter]
    fn score(&self) -> f64 {
        self.0.tally.score()
    }

    /// The Elo difference of the first player over the second (infinite
    /// after a sweep).
    #[getter]
    fn elo(&self) -> f64 {
        self.0.tally.elo().difference
    }

    /// The 95% interval of the Elo difference, (low, high), from the
    /// standard error of the mean game score. A bound is infinite where the
    /// interval reaches a score of 0 or 1, which an Elo difference cannot
    /// express: after a sweep (a 2-0 match: `elo` is `inf`) the high end is
    /// `inf` and the low end is finite, Wilson's bound for a proportion
    /// (`n / (n + 1.96**2)` of the games; -113.4 Elo for 2-0), so that a
    /// sweep of a few games still bounds the difference on one side; few
    /// games with a lopsided score can give an infinite bound too. Play
    /// more games (`games=`) for two finite bounds.
    #[getter]
    fn elo_interval(&self) -> (f64, f64) {
        let estimate = self.0.tally.elo();
        (estimate.low, estimate.high)
    }

    /// Every game as a record, tagged `Event`, `Round`, `Goats`, `Tigers`
    /// (and `Termination` when stopped).
    #[getter]
    fn records(&self) -> PyResult<Vec<PyRecord>> {
        self.0
            .games
            .iter()
            .map(|g| {
                g.record()
                    .map(PyRecord)
                    .map_err(crate::errors::record_content_error)
            })
            .collect()
    }

    /// The games' number.
    fn __len__(&self) -> usize {
        self.0.games.len()
    }

    fn __repr__(&self) -> String {
        let tally = self.0.tally;
        let estimate = tally.elo();
        format!(
            "<MatchResult {:?} vs {:?}: +{} ={} -{}, Elo {} [{}, {}]>",
            self.0.players[0],
            self.0.players[1],
            tally.wins,
            tally.draws,
            tally.losses,
            format_elo(estimate.difference),
            format_elo(estimate.low),
            format_elo(estimate.high)
        )
    }
}

/// Plays a match between `a` and `b`: each an `Engine`, a level (an int from
/// 1 to 20), a `PerfectPlayer`, or a callable `(game) -> Move | str`.
///
/// Games go in pairs from one opening, `a` taking the goats in the first
/// and the tigers in the second. `openings` is None (random openings of 4
/// plies), an int (that many random plies), or a sequence of games,
/// positions or position strings used in turn. Engines search each move
/// for `time` seconds, `depth` plies or about `nodes` nodes (0.1 s when
/// none is given). A game longer than `max_plies` is stopped as a draw.
/// The match runs without the GIL (taking it for callables); Ctrl-C stops
/// it between two moves.
#[pyfunction]
#[pyo3(signature = (a, b, *, games = 2, openings = None, rules = None, time = None, depth = None, nodes = None, seed = 0, max_plies = 1000))]
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    games: i64,
    openings: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    time: Option<f64>,
    depth: Option<i64>,
    nodes: Option<i64>,
    seed: u64,
    max_plies: i64,
) -> PyResult<PyMatchResult> {
    let bound = [rules_of(a), rules_of(b)];
    let rules = match rules.filter(|r| !r.is_none()) {
        Some(rules) => crate::convert::to_rules(rules)?,
        None => bound.iter().flatten().next().copied().unwrap_or_default(),
    };
    for (name, player_rules) in ["a", "b"].iter().zip(bound) {
        if let Some(player_rules) = player_rules.filter(|r| *r != rules) {
            return Err(argument_error(
                name,
                format!(
                    "it plays {:?}, the match is of {:?}",
                    rules_text(&player_rules),
                    rules_text(&rules)
                ),
            ));
        }
    }
    let limits = if time.is_none() && depth.is_none() && nodes.is_none() {
        limits(Some(0.1), None, None)?
    } else {
        limits(time, depth, nodes)?
    };
    let games = u32::try_from(games)
        .map_err(|_| argument_error("games", format!("{games} is not in 0..2**32")))?;
    let max_plies = usize::try_from(max_plies)
        .ok()
        .filter(|&m| m > 0)
        .ok_or_else(|| argument_error("max_plies", format!("{max_plies} is not positive")))?;
    let options = MatchOptions {
        games,
        openings: to_openings(openings, rules)?,
        seed,
        max_plies,
    };
    let failure = Mutex::new(None);
    let mut first = match_player(a, limits, &failure)?;
    let mut second = match_player(b, limits, &failure)?;
    let played =
        py.detach(|| library_play_match(rules, &mut first, &mut second, &options, |_| Ok(())));
    let failure = failure.into_inner().unwrap_or_else(PoisonError::into_inner);
    played
        .map(PyMatchResult)
        .map_err(|error| match_error(py, error, failure))
}
