//! `bagh.rl.evaluate`: an agent scored against perfect play
//! (`bagh_rl::benchmark`), whole or a part, and the critical positions.

use std::sync::Arc;

use bagh_core::{Game, Move};
use bagh_engine::{Engine, EngineOptions, Limits};
use bagh_rl::benchmark::{
    evaluate as run, evaluate_part, random_move, BenchmarkError, BenchmarkOptions, BenchmarkReport,
    Part,
};
use bagh_rl::{
    decode_in_game, write_game_mask, write_game_observation, NUM_ACTIONS, OBSERVATION_SHAPE,
    OBSERVATION_SIZE,
};
use bagh_tablebase::Tablebase;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;

use super::error::rl_error;
use super::report::PyAgentReport;
use super::vec_env::to_actions;
use crate::tablebase::{tablebase_error, PyTablebase};

/// A part as Python gives it: `((start, stop), (start, stop))`.
type PartRanges = ((usize, usize), (usize, usize));

/// A report, and for a part's the part and the options of the whole.
type Measured = (BenchmarkReport, Option<(Part, BenchmarkOptions)>);

/// The whole measurement, or one part of it with what a merge needs.
fn measure<E>(
    tables: &Arc<Tablebase>,
    options: &BenchmarkOptions,
    part: Option<&Part>,
    agent: impl FnMut(&[&Game]) -> Result<Vec<Move>, E>,
) -> Result<Measured, BenchmarkError<E>> {
    match part {
        None => run(tables, options, agent).map(|report| (report, None)),
        Some(part) => evaluate_part(tables, options, part, agent)
            .map(|p| (p.report, Some((p.part, p.options)))),
    }
}

/// `count` parts (at least one) that tile a measurement of `positions`
/// critical positions and `games` games against each perfect player, as
/// `evaluate`'s `part` takes them.
#[pyfunction]
pub fn _split_parts(count: usize, positions: usize, games: usize) -> Vec<PartRanges> {
    let options = BenchmarkOptions {
        positions,
        games,
        ..BenchmarkOptions::default()
    };
    Part::split(&options, count)
        .into_iter()
        .map(|p| {
            (
                (p.positions.start, p.positions.end),
                (p.games.start, p.games.end),
            )
        })
        .collect()
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
/// list of `k` games (copies) that answers the same actions; `"random"`
/// (uniform legal moves, drawn from `seed` and the game, so that a game
/// gets the same move whatever else is asked with it); or an engine level
/// from 1 to 20 (`engine_nodes` nodes a move, seeded by `seed` and the
/// game), the reference rows.
///
/// `part=((start, stop), (start, stop))` measures only those critical
/// positions and those games (indices into `2 * games`, the games against
/// the random perfect player first): the reports of parts that tile the
/// whole merge, with `AgentReport.merge`, into the report of the whole, the
/// same figures for a policy that answers each game alone. The tables may be full or compressed. The critical
/// positions come from random games `first_seed..` (1,000,000 up: the
/// held-out seeds, which no tuning here uses).
#[pyfunction]
#[pyo3(signature = (policy, tablebase, *, positions = 1000, games = 20, seed = 0, first_seed = 1_000_000, max_plies = 300, batch = 256, engine_nodes = 20_000, inputs = "observations", part = None))]
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
    part: Option<PartRanges>,
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
    let part = part.map(|((p0, p1), (g0, g1))| Part {
        positions: p0..p1,
        games: g0..g1,
    });
    let result = if let Ok(name) = policy.extract::<String>() {
        if name != "random" {
            return Err(rl_error(
                "policy",
                format!("expected a callable, \"random\" or a level from 1 to 20, got {name:?}"),
            ));
        }
        py.detach(|| {
            measure(
                &tables,
                &options,
                part.as_ref(),
                |games: &[&Game]| -> Result<Vec<Move>, PyErr> {
                    games
                        .iter()
                        .map(|g| {
                            random_move(seed, g)
                                .ok_or_else(|| rl_error("policy", "a game with no legal move"))
                        })
                        .collect()
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
            measure(
                &tables,
                &options,
                part.as_ref(),
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
            measure(&tables, &options, part.as_ref(), |games: &[&Game]| {
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
        Ok((report, part)) => Ok(PyAgentReport { report, part }),
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
