//! `bagh.rl.evaluate`: an agent scored against perfect play
//! (`bagh_rl::benchmark`), with `bagh.rl.AgentReport` and `bagh.rl.Rate`.

use std::sync::Arc;

use bagh_core::{Game, Move, SplitMix64};
use bagh_engine::{Engine, EngineOptions, Limits, PerfectStyle};
use bagh_rl::benchmark::{
    evaluate as run, BenchmarkError, BenchmarkOptions, BenchmarkReport, GameResult, Rate,
};
use bagh_rl::{
    decode_in_game, write_game_mask, write_game_observation, NUM_ACTIONS, OBSERVATION_SHAPE,
    OBSERVATION_SIZE,
};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::error::rl_error;
use super::vec_env::to_actions;
use crate::tablebase::{tablebase_error, PyTablebase};

/// A share with its 95% interval (Wilson's).
#[pyclass(name = "Rate", module = "bagh.rl", frozen)]
#[derive(Clone)]
pub struct PyRate(Rate);

#[pymethods]
impl PyRate {
    /// The cases counted.
    #[getter]
    fn count(&self) -> u64 {
        self.0.count
    }
    /// The cases in all.
    #[getter]
    fn total(&self) -> u64 {
        self.0.total
    }
    /// count / total (0 with no case).
    #[getter]
    fn share(&self) -> f64 {
        self.0.share()
    }
    /// The 95% Wilson score interval of the share, `(low, high)`.
    #[getter]
    fn interval(&self) -> (f64, f64) {
        self.0.interval()
    }
    fn __repr__(&self) -> String {
        let (low, high) = self.0.interval();
        format!(
            "Rate({} of {}: {:.1}%, 95% interval {:.1}% to {:.1}%)",
            self.0.count,
            self.0.total,
            100.0 * self.0.share(),
            100.0 * low,
            100.0 * high
        )
    }
}

/// What `bagh.rl.evaluate` measured.
#[pyclass(name = "AgentReport", module = "bagh.rl", frozen)]
pub struct PyAgentReport(BenchmarkReport);

#[pymethods]
impl PyAgentReport {
    /// Critical positions where the agent kept the value: keys
    /// `"placement goats"`, `"placement tigers"`, `"movement goats"`,
    /// `"movement tigers"` and `"all"`.
    #[getter]
    fn critical<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (phase, phase_name) in [(0, "placement"), (1, "movement")] {
            for (side, side_name) in [(0, "goats"), (1, "tigers")] {
                out.set_item(
                    format!("{phase_name} {side_name}"),
                    PyRate(self.0.critical[phase][side]),
                )?;
            }
        }
        out.set_item("all", PyRate(self.0.critical_all()))?;
        Ok(out)
    }
    /// Games with no slip of the agent's own (it never gave away a value
    /// that some legal move kept; a loss the history forced does not count),
    /// by the perfect player's style: keys `"random"` and `"narrowing"`.
    #[getter]
    fn games_kept<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        out.set_item("random", PyRate(self.0.games_kept(PerfectStyle::Random)))?;
        out.set_item(
            "narrowing",
            PyRate(self.0.games_kept(PerfectStyle::Narrowing)),
        )?;
        Ok(out)
    }
    /// Games where the history forced at least one loss of the tables'
    /// value on the agent, by the perfect player's style: keys `"random"`
    /// and `"narrowing"`.
    #[getter]
    fn games_forced<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        out.set_item("random", PyRate(self.0.games_forced(PerfectStyle::Random)))?;
        out.set_item(
            "narrowing",
            PyRate(self.0.games_forced(PerfectStyle::Narrowing)),
        )?;
        Ok(out)
    }
    /// Each game: a dict of `opponent`, `side`, `result` (`"win"`, `"draw"`,
    /// `"loss"` or `"unfinished"`, for the agent), `losing_moves` (its
    /// slips), `forced_losses`, `agent_moves` and `record`.
    #[getter]
    fn games<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.0
            .games
            .iter()
            .map(|game| {
                let out = PyDict::new(py);
                let opponent = match game.opponent {
                    PerfectStyle::Random => "random",
                    PerfectStyle::Narrowing => "narrowing",
                };
                out.set_item("opponent", opponent)?;
                out.set_item("side", crate::convert::side_name(game.agent_side))?;
                let result = match game.result {
                    GameResult::Win => "win",
                    GameResult::Draw => "draw",
                    GameResult::Loss => "loss",
                    GameResult::Unfinished => "unfinished",
                };
                out.set_item("result", result)?;
                out.set_item("losing_moves", game.losing_moves)?;
                out.set_item("forced_losses", game.forced_losses)?;
                out.set_item("agent_moves", game.agent_moves)?;
                out.set_item("record", game.game.to_string())?;
                Ok(out)
            })
            .collect()
    }
    /// The agent's slips among all its game moves: moves that gave away a
    /// value that some legal move kept.
    #[getter]
    fn losing_moves(&self) -> PyRate {
        PyRate(self.0.losing_moves)
    }
    /// Value-losing moves (slips) per 1,000 of the agent's game moves.
    #[getter]
    fn losing_moves_per_1000(&self) -> f64 {
        1000.0 * self.0.losing_moves.share()
    }
    /// The agent's forced losses among all its game moves: the tables'
    /// value lost by a best legal move, where the history (`forbidden`)
    /// had banned every move that keeps it.
    #[getter]
    fn forced_losses(&self) -> PyRate {
        PyRate(self.0.forced_losses)
    }
    /// Forced losses per 1,000 of the agent's game moves.
    #[getter]
    fn forced_losses_per_1000(&self) -> f64 {
        1000.0 * self.0.forced_losses.share()
    }
    /// The first and the next unused seed of the critical positions.
    #[getter]
    fn seeds(&self) -> (u64, u64) {
        self.0.seeds
    }
    /// The figures as a Markdown table with their 95% intervals.
    fn to_markdown(&self) -> String {
        self.0.to_markdown()
    }
    fn __str__(&self) -> String {
        self.0.to_markdown()
    }
    fn __repr__(&self) -> String {
        let all = self.0.critical_all();
        format!(
            "AgentReport(critical kept {} of {}, {} games, {:.1} value-losing moves per 1000)",
            all.count,
            all.total,
            self.0.games.len(),
            1000.0 * self.0.losing_moves.share()
        )
    }
}

/// A Python policy's moves for `games`: observations and masks in,
/// actions out.
fn policy_moves(py: Python<'_>, policy: &Py<PyAny>, games: &[&Game]) -> PyResult<Vec<Move>> {
    let k = games.len();
    let mut obs = vec![0.0f32; k * OBSERVATION_SIZE];
    let mut masks = vec![false; k * NUM_ACTIONS];
    for (i, game) in games.iter().enumerate() {
        write_game_observation(
            game,
            &mut obs[i * OBSERVATION_SIZE..(i + 1) * OBSERVATION_SIZE],
        );
        write_game_mask(game, &mut masks[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS]);
    }
    let [planes, ranks, files] = OBSERVATION_SHAPE;
    let obs = PyArray1::from_vec(py, obs).reshape([k, planes, ranks, files])?;
    let masks = PyArray1::from_vec(py, masks).reshape([k, NUM_ACTIONS])?;
    let answer = policy.bind(py).call1((obs, masks))?;
    decode_actions(py, &answer, games)
}

/// A Python policy's moves for `games`, given the games themselves (an
/// agent that searches, say): a list of copies in, actions out.
fn policy_moves_of_games(
    py: Python<'_>,
    policy: &Py<PyAny>,
    games: &[&Game],
) -> PyResult<Vec<Move>> {
    let copies: Vec<crate::game::PyGame> = games
        .iter()
        .map(|game| crate::game::PyGame((*game).clone()))
        .collect();
    let answer = policy.bind(py).call1((copies,))?;
    decode_actions(py, &answer, games)
}

/// The moves that a policy's `answer` (one action a game) names.
fn decode_actions(
    py: Python<'_>,
    answer: &Bound<'_, PyAny>,
    games: &[&Game],
) -> PyResult<Vec<Move>> {
    let actions = to_actions(py, answer, games.len())?;
    games
        .iter()
        .zip(actions)
        .enumerate()
        .map(|(i, (game, action))| {
            usize::try_from(action)
                .map_err(|_| rl_error("policy", format!("action {action} of row {i} is negative")))
                .and_then(|a| {
                    decode_in_game(a, game).map_err(|e| rl_error("policy", format!("row {i}: {e}")))
                })
        })
        .collect()
}

/// Scores `policy` against the tables (see `bagh_rl::benchmark`):
/// critical positions of the fixed seeded set where its move keeps the
/// value, games against both perfect players (playing by the tables alone,
/// without the search of the history), and value-losing moves per 1,000,
/// each with a 95% interval. A move is value-losing only where some legal
/// move did better; the losses that the history forced (`forbidden` can ban
/// every move that keeps the value) are counted apart, as `forced_losses`.
///
/// `policy` is a callable `(observations, masks) -> actions` over a batch
/// (float32 `(k, *OBSERVATION_SHAPE)`, bool `(k, NUM_ACTIONS)`, an integer
/// array of `k` legal actions), or with `inputs="games"` a callable over a
/// list of `k` games (copies) that answers the same actions; `"random"` (uniform legal moves, seeded by
/// `seed`); or an engine level from 1 to 20 (`engine_nodes` nodes a move),
/// the reference rows. The tables may be full or compressed. The critical
/// positions come from random games `first_seed..` (1,000,000 up: the
/// held-out seeds, which no tuning here uses).
#[pyfunction]
#[pyo3(signature = (policy, tablebase, *, positions = 1000, games = 20, seed = 0, first_seed = 1_000_000, max_plies = 300, batch = 256, engine_nodes = 20_000, inputs = "observations"))]
#[allow(clippy::too_many_arguments)]
pub fn evaluate(
    py: Python<'_>,
    policy: Bound<'_, PyAny>,
    tablebase: PyRef<'_, PyTablebase>,
    positions: usize,
    games: usize,
    seed: u64,
    first_seed: u64,
    max_plies: usize,
    batch: usize,
    engine_nodes: u64,
    inputs: &str,
) -> PyResult<PyAgentReport> {
    let of_games = match inputs {
        "observations" => false,
        "games" => true,
        other => {
            return Err(rl_error(
                "inputs",
                format!("expected \"observations\" or \"games\", got {other:?}"),
            ))
        }
    };
    let tables: Arc<_> = tablebase.shared();
    let options = BenchmarkOptions {
        positions,
        first_seed,
        games,
        seed,
        max_plies,
        batch: batch.max(1),
    };
    let result = if let Ok(name) = policy.extract::<String>() {
        if name != "random" {
            return Err(rl_error(
                "policy",
                format!("expected a callable, \"random\" or a level from 1 to 20, got {name:?}"),
            ));
        }
        let mut rng = SplitMix64::new(seed);
        py.detach(|| {
            run(
                &tables,
                &options,
                |games: &[&Game]| -> Result<Vec<Move>, PyErr> {
                    Ok(games
                        .iter()
                        .map(|g| {
                            let moves = g.legal_moves();
                            moves[rng.below(moves.len())]
                        })
                        .collect())
                },
            )
        })
    } else if let Ok(level) = policy.extract::<u8>() {
        let mut engine = Engine::new(EngineOptions {
            level: Some(level),
            seed,
            ..EngineOptions::default()
        })
        .map_err(|e| rl_error("policy", e))?;
        py.detach(|| {
            run(
                &tables,
                &options,
                |games: &[&Game]| -> Result<Vec<Move>, PyErr> {
                    games
                        .iter()
                        .map(|g| {
                            engine
                                .best_move(g, &Limits::nodes(engine_nodes))
                                .map_err(|e| rl_error("policy", e))
                        })
                        .collect()
                },
            )
        })
    } else if policy.is_callable() {
        let policy = policy.unbind();
        py.detach(|| {
            run(&tables, &options, |games: &[&Game]| {
                Python::attach(|py| {
                    if of_games {
                        policy_moves_of_games(py, &policy, games)
                    } else {
                        policy_moves(py, &policy, games)
                    }
                })
            })
        })
    } else {
        return Err(rl_error(
            "policy",
            format!(
                "expected a callable, \"random\" or a level from 1 to 20, got {}",
                policy.get_type().name()?
            ),
        ));
    };
    match result {
        Ok(report) => Ok(PyAgentReport(report)),
        Err(BenchmarkError::Agent(error)) => Err(error),
        Err(BenchmarkError::Tables(error)) => Err(tablebase_error(error)),
        Err(error) => Err(rl_error("evaluate", error)),
    }
}

/// The fixed set of critical positions: `count` positions of the seeded
/// random games `first_seed..` where some legal move gives the value away,
/// each with the moves that keep it (what `evaluate` judges).
#[pyfunction]
#[pyo3(signature = (tablebase, count = 1000, first_seed = 1_000_000))]
pub fn critical_positions(
    py: Python<'_>,
    tablebase: PyRef<'_, PyTablebase>,
    count: usize,
    first_seed: u64,
) -> PyResult<Vec<(crate::position::PyPosition, Vec<crate::moves::PyMove>)>> {
    let tables = tablebase.shared();
    let (found, _) = py
        .detach(|| bagh_rl::benchmark::critical_positions(&tables, first_seed, count))
        .map_err(tablebase_error)?;
    Ok(found
        .into_iter()
        .map(|c| {
            (
                crate::position::PyPosition(c.position),
                c.keeping.into_iter().map(crate::moves::PyMove).collect(),
            )
        })
        .collect())
}
