//! The functions of `bagh.rl`: actions, masks, observations (single and
//! batched), symmetry maps and sampled positions.

use bagh_core::{Position, Symmetry};
use bagh_rl::{Phase, NUM_ACTIONS, OBSERVATION_SHAPE, OBSERVATION_SIZE};
use numpy::{PyArray1, PyArrayDyn};
use pyo3::prelude::*;

use super::arrays::{output, with_board, write_into, Board};
use super::error::{action_error, rl_error};
use crate::convert::{to_move, to_rules};
use crate::moves::PyMove;
use crate::position::PyPosition;

/// The action of a move (a `Move` or its text).
#[pyfunction]
pub fn encode(mv: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(bagh_rl::encode(to_move(mv)?))
}

/// The move `action` names in a `Position` or a `Game` (a game honours its
/// repetition policy and its end); an `ActionError` when it names none.
#[pyfunction]
pub fn decode(py: Python<'_>, action: i64, board: &Bound<'_, PyAny>) -> PyResult<PyMove> {
    let Ok(index) = usize::try_from(action) else {
        let error = bagh_rl::ActionError::OutOfRange { action };
        return Err(action_error(py, &error, None));
    };
    with_board(board, |board| match board {
        Board::Position(position) => bagh_rl::decode(index, position),
        Board::Game(game) => bagh_rl::decode_in_game(index, game),
    })?
    .map(PyMove)
    .map_err(|error| action_error(py, &error, None))
}

fn board_mask(board: &Bound<'_, PyAny>, out: &mut [bool]) -> PyResult<()> {
    with_board(board, |board| match board {
        Board::Position(position) => bagh_rl::write_position_mask(position, out),
        Board::Game(game) => bagh_rl::write_game_mask(game, out),
    })
}

fn board_observation(board: &Bound<'_, PyAny>, out: &mut [f32]) -> PyResult<()> {
    with_board(board, |board| match board {
        Board::Position(position) => bagh_rl::write_position_observation(position, out),
        Board::Game(game) => bagh_rl::write_game_observation(game, out),
    })
}

/// The legal-action mask of a `Position` or a `Game`: bool, `(NUM_ACTIONS,)`.
#[pyfunction]
pub fn legal_mask<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArrayDyn<bool>>> {
    let array = output::<bool>(py, "out", None, &[NUM_ACTIONS])?;
    write_into("out", &array, |out| board_mask(board, out))??;
    Ok(array)
}

/// The observation of a `Position` or a `Game`: float32, `OBSERVATION_SHAPE`.
#[pyfunction]
pub fn observation<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    let array = output::<f32>(py, "out", None, &OBSERVATION_SHAPE)?;
    write_into("out", &array, |out| board_observation(board, out))??;
    Ok(array)
}

/// The masks of many boards, one row each, written into `out` (bool,
/// `(len(boards), NUM_ACTIONS)`) when given, else into a new array.
#[pyfunction]
#[pyo3(signature = (boards, out = None))]
pub fn legal_masks<'py>(
    py: Python<'py>,
    boards: Vec<Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArrayDyn<bool>>> {
    let array = output::<bool>(py, "out", out, &[boards.len(), NUM_ACTIONS])?;
    write_into("out", &array, |out| {
        boards
            .iter()
            .zip(out.chunks_exact_mut(NUM_ACTIONS))
            .try_for_each(|(board, row)| board_mask(board, row))
    })??;
    Ok(array)
}

/// The observations of many boards, written into `out` (float32,
/// `(len(boards), *OBSERVATION_SHAPE)`) when given, else into a new array.
#[pyfunction]
#[pyo3(signature = (boards, out = None))]
pub fn observations<'py>(
    py: Python<'py>,
    boards: Vec<Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    let [planes, ranks, files] = OBSERVATION_SHAPE;
    let array = output::<f32>(py, "out", out, &[boards.len(), planes, ranks, files])?;
    write_into("out", &array, |out| {
        boards
            .iter()
            .zip(out.chunks_exact_mut(OBSERVATION_SIZE))
            .try_for_each(|(board, row)| board_observation(board, row))
    })??;
    Ok(array)
}

/// A map as an int64 array.
fn index_array<'py>(py: Python<'py>, map: &[u16]) -> Bound<'py, PyArray1<i64>> {
    PyArray1::from_vec(py, map.iter().map(|&i| i64::from(i)).collect())
}

fn symmetry_name(symmetry: Symmetry) -> &'static str {
    match symmetry {
        Symmetry::Identity => "identity",
        Symmetry::Rotate90 => "rotate90",
        Symmetry::Rotate180 => "rotate180",
        Symmetry::Rotate270 => "rotate270",
        Symmetry::FlipFiles => "flip_files",
        Symmetry::FlipRanks => "flip_ranks",
        Symmetry::FlipDiagonal => "flip_diagonal",
        Symmetry::FlipAntiDiagonal => "flip_anti_diagonal",
    }
}

/// The symmetries' maps: (name, points, observation, actions) for each,
/// identity first; `bagh.rl.symmetries()` names the fields.
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn symmetry_maps<'py>(
    py: Python<'py>,
) -> Vec<(
    &'static str,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<i64>>,
)> {
    bagh_rl::symmetries()
        .iter()
        .map(|maps| {
            (
                symmetry_name(maps.symmetry),
                index_array(py, &maps.points),
                index_array(py, &maps.observation),
                index_array(py, &maps.actions),
            )
        })
        .collect()
}

/// `n` positions of random games in `phase` (`"placement"`, `"movement"`
/// or `"any"`), not finished; the same seed gives the same positions.
#[pyfunction]
#[pyo3(signature = (rules, n, *, phase = "any", seed = 0))]
pub fn sample_positions(
    py: Python<'_>,
    rules: &Bound<'_, PyAny>,
    n: usize,
    phase: &str,
    seed: u64,
) -> PyResult<Vec<PyPosition>> {
    let rules = to_rules(rules)?;
    let phase = Phase::from_name(phase).ok_or_else(|| {
        rl_error(
            "phase",
            format!("expected \"placement\", \"movement\" or \"any\", got {phase:?}"),
        )
    })?;
    let positions: Vec<Position> = py.detach(|| bagh_rl::sample_positions(rules, n, phase, seed));
    Ok(positions.into_iter().map(PyPosition).collect())
}

/// The `u64` codes of positions, as a uint64 array: from the lowest bit,
/// the tigers (25 bits), the goats (25), the side to move (1, set for the
/// tigers), the goats in hand (5) and captured (5); `unpack` reads them.
#[pyfunction]
pub fn pack<'py>(
    py: Python<'py>,
    positions: Vec<PyRef<'py, PyPosition>>,
) -> Bound<'py, PyArray1<u64>> {
    PyArray1::from_vec(py, positions.iter().map(|p| bagh_rl::pack(&p.0)).collect())
}

/// The positions of `bagh.rl.pack` codes under `rules`; a code that makes no
/// position of the rule set raises `SetupError`.
#[pyfunction]
pub fn unpack(codes: Vec<u64>, rules: &Bound<'_, PyAny>) -> PyResult<Vec<PyPosition>> {
    let rules = to_rules(rules)?;
    codes
        .into_iter()
        .map(|code| {
            bagh_rl::unpack(code, rules)
                .map(PyPosition)
                .map_err(crate::errors::setup_error)
        })
        .collect()
}
