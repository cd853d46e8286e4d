//! An `AgentReport` as a tuple of plain values and back: its pickled form.
//!
//! `(1, critical, seeds, games, losing_moves, forced_losses, part)`: the
//! four critical rates as `(count, total)` (placement goats, placement
//! tigers, movement goats, movement tigers), each game as `(opponent, side,
//! result, losing_moves, forced_losses, agent_moves, Game)`, and for a
//! part's report `((start, stop), (start, stop), (positions, first_seed,
//! games, seed, max_plies, batch))`, else None. The leading 1 is the form's
//! version, so that a later form can still read this one.

use bagh_core::Side;
use bagh_engine::PerfectStyle;
use bagh_rl::benchmark::{AgentGame, BenchmarkOptions, BenchmarkReport, GameResult, Part, Rate};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::error::rl_error;
use super::report::PyAgentReport;
use crate::game::PyGame;

type Counts = (u64, u64);
type GameState<G> = (String, String, String, u32, u32, u32, G);
type OptionsState = (usize, u64, usize, u64, usize, usize);
type PartState = ((usize, usize), (usize, usize), OptionsState);
type State<G> = (
    u32,
    Vec<Counts>,
    (u64, u64),
    Vec<GameState<G>>,
    Counts,
    Counts,
    Option<PartState>,
);

fn counts(rate: &Rate) -> Counts {
    (rate.count, rate.total)
}

fn rate((count, total): Counts) -> Rate {
    Rate { count, total }
}

fn style_name(style: PerfectStyle) -> &'static str {
    match style {
        PerfectStyle::Random => "random",
        PerfectStyle::Narrowing => "narrowing",
    }
}

fn result_name(result: GameResult) -> &'static str {
    match result {
        GameResult::Win => "win",
        GameResult::Draw => "draw",
        GameResult::Loss => "loss",
        GameResult::Unfinished => "unfinished",
    }
}

/// The report's state (see the module docs).
pub(super) fn to_state<'py>(
    py: Python<'py>,
    report: &BenchmarkReport,
    part: Option<&(Part, BenchmarkOptions)>,
) -> PyResult<Bound<'py, PyTuple>> {
    let critical: Vec<Counts> = report.critical.iter().flatten().map(counts).collect();
    let games: Vec<GameState<PyGame>> = report
        .games
        .iter()
        .map(|g| {
            (
                style_name(g.opponent).to_owned(),
                g.agent_side.name().to_owned(),
                result_name(g.result).to_owned(),
                g.losing_moves,
                g.forced_losses,
                g.agent_moves,
                PyGame(g.game.clone()),
            )
        })
        .collect();
    let part: Option<PartState> = part.map(|(part, o)| {
        (
            (part.positions.start, part.positions.end),
            (part.games.start, part.games.end),
            (
                o.positions,
                o.first_seed,
                o.games,
                o.seed,
                o.max_plies,
                o.batch,
            ),
        )
    });
    let state: State<PyGame> = (
        1,
        critical,
        report.seeds,
        games,
        counts(&report.losing_moves),
        counts(&report.forced_losses),
        part,
    );
    state.into_pyobject(py)
}

fn bad(reason: impl std::fmt::Display) -> PyErr {
    rl_error("AgentReport state", reason)
}

fn agent_game(
    py: Python<'_>,
    (opponent, side, result, losing, forced, moves, game): GameState<Py<PyGame>>,
) -> PyResult<AgentGame> {
    Ok(AgentGame {
        opponent: match opponent.as_str() {
            "random" => PerfectStyle::Random,
            "narrowing" => PerfectStyle::Narrowing,
            other => return Err(bad(format!("unknown opponent {other:?}"))),
        },
        agent_side: match side.as_str() {
            "goat" => Side::Goat,
            "tiger" => Side::Tiger,
            other => return Err(bad(format!("unknown side {other:?}"))),
        },
        result: match result.as_str() {
            "win" => GameResult::Win,
            "draw" => GameResult::Draw,
            "loss" => GameResult::Loss,
            "unfinished" => GameResult::Unfinished,
            other => return Err(bad(format!("unknown result {other:?}"))),
        },
        losing_moves: losing,
        forced_losses: forced,
        agent_moves: moves,
        game: game.bind(py).borrow().0.clone(),
    })
}

/// The report of a pickled state (what `AgentReport.__reduce__` gives).
#[pyfunction]
pub fn _agent_report_from_state(state: &Bound<'_, PyAny>) -> PyResult<PyAgentReport> {
    let py = state.py();
    let (version, critical, seeds, games, losing, forced, part): State<Py<PyGame>> = state
        .extract()
        .map_err(|e| bad(format!("not an AgentReport's state ({e})")))?;
    if version != 1 {
        return Err(bad(format!("form {version} is newer than this bagh reads")));
    }
    let critical: [Counts; 4] = critical
        .try_into()
        .map_err(|c: Vec<Counts>| bad(format!("{} critical rates instead of 4", c.len())))?;
    let [a, b, c, d] = critical.map(rate);
    let games = games
        .into_iter()
        .map(|g| agent_game(py, g))
        .collect::<PyResult<Vec<_>>>()?;
    let part = part.map(
        |((p0, p1), (g0, g1), (positions, first_seed, games, seed, max_plies, batch))| {
            (
                Part {
                    positions: p0..p1,
                    games: g0..g1,
                },
                BenchmarkOptions {
                    positions,
                    first_seed,
                    games,
                    seed,
                    max_plies,
                    batch,
                },
            )
        },
    );
    Ok(PyAgentReport {
        report: BenchmarkReport {
            critical: [[a, b], [c, d]],
            seeds,
            games,
            losing_moves: rate(losing),
            forced_losses: rate(forced),
        },
        part,
    })
}
