//! `bagh.random_games`: many random games in one call, in Rust.

use bagh_core::{random_game, Game};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::game::{start_position, PyGame};
use crate::position::PyPosition;

/// Games per stretch without the GIL; Ctrl-C is checked between stretches.
const CHUNK: usize = 256;

/// What to return besides the arrays.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Keep {
    Nothing,
    Games,
    Positions,
}

fn keep_option(keep: Option<&str>) -> PyResult<Keep> {
    match keep {
        None => Ok(Keep::Nothing),
        Some("games") => Ok(Keep::Games),
        Some("positions") => Ok(Keep::Positions),
        Some(other) => Err(PyValueError::new_err(format!(
            "keep: unexpected value {other:?}, expected \"games\", \"positions\" or None"
        ))),
    }
}

/// `values` as a numpy array of `dtype`.
fn array<'py, T: IntoPyObject<'py>>(
    numpy: &Bound<'py, PyModule>,
    values: Vec<T>,
    dtype: &str,
) -> PyResult<Bound<'py, PyAny>> {
    numpy.call_method1("array", (values, dtype))
}

/// Plays `n` games of uniformly random legal moves under `rules` (from
/// `position`, a Position or a position string, or else the start), in Rust
/// without the GIL (Ctrl-C stops it with KeyboardInterrupt). Game `i` uses
/// the random stream `seed + i`, so results are reproducible. A game still
/// running after `max_plies` plies stops unfinished.
///
/// Returns a dict of numpy arrays, one entry per game: `plies` (uint32),
/// `result` (`"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` for an unfinished
/// game), `winner` (`"goat"`, `"tiger"`, or `""` for a draw or an unfinished
/// game) and `reason` (the outcome's reason, `""` if unfinished). With
/// `keep="games"` it adds `games`, a list of the `Game`s; with
/// `keep="positions"`, `positions`, a list of their final `Position`s.
///
/// ```text
/// >>> r = bagh.random_games(3, rules="bagh-chal", seed=1)
/// >>> sorted(r)
/// ['plies', 'reason', 'result', 'winner']
/// >>> r["plies"].shape, r["plies"].dtype
/// ((3,), dtype('uint32'))
/// ```
#[pyfunction]
#[pyo3(signature = (n, rules = None, seed = 0, max_plies = 10_000, position = None, *, keep = None))]
#[allow(clippy::too_many_arguments)]
pub fn random_games<'py>(
    py: Python<'py>,
    n: usize,
    rules: Option<&Bound<'py, PyAny>>,
    seed: u64,
    max_plies: u32,
    position: Option<&Bound<'py, PyAny>>,
    keep: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let keep = keep_option(keep)?;
    let start = start_position(rules, position)?;
    let numpy = py.import("numpy")?;
    // Grown as the games come, so that a huge `n` interrupted early costs little.
    let capacity = n.min(1 << 16);
    let mut plies = Vec::with_capacity(capacity);
    let mut results = Vec::with_capacity(capacity);
    let mut winners = Vec::with_capacity(capacity);
    let mut reasons = Vec::with_capacity(capacity);
    let mut kept = Vec::new();
    let mut done = 0;
    while done < n {
        let end = (done + CHUNK).min(n);
        let chunk: Vec<Game> = py.detach(|| {
            (done..end)
                .map(|i| random_game(start, seed.wrapping_add(i as u64), max_plies))
                .collect()
        });
        for game in chunk {
            let outcome = game.outcome();
            plies.push(game.len() as u32);
            results.push(game.result());
            winners.push(outcome.and_then(|o| o.winner).map_or("", |s| s.name()));
            reasons.push(outcome.map_or("", |o| o.reason.name()));
            match keep {
                Keep::Nothing => {}
                Keep::Games => kept.push(PyGame(game).into_pyobject(py)?.into_any()),
                Keep::Positions => {
                    kept.push(PyPosition(*game.position()).into_pyobject(py)?.into_any())
                }
            }
        }
        done = end;
        py.check_signals()?;
    }
    let out = PyDict::new(py);
    out.set_item("plies", array(&numpy, plies, "uint32")?)?;
    out.set_item("result", array(&numpy, results, "U7")?)?;
    out.set_item("winner", array(&numpy, winners, "U5")?)?;
    out.set_item("reason", array(&numpy, reasons, "U14")?)?;
    match keep {
        Keep::Nothing => {}
        Keep::Games => out.set_item("games", kept)?,
        Keep::Positions => out.set_item("positions", kept)?,
    }
    Ok(out)
}
