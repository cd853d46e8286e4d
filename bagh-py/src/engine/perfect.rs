//! `bagh.PerfectPlayer`: the tables' perfect player (`bagh_engine::PerfectPlayer`).

use std::sync::{Arc, Mutex, PoisonError};

use bagh_engine::{PerfectPlayer, PerfectStyle};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::game::PyGame;
use crate::moves::PyMove;
use crate::tablebase::{tablebase_error, PyTablebase};

/// A player that plays perfectly by the tables: the best value they give,
/// the fastest win and the slowest loss, among the moves the game's
/// history allows. `style` picks among equal moves: "random" (seeded), or
/// "narrowing" (the move that leaves the opponent the fewest moves keeping
/// its value). A player of `bagh.play_match`.
///
/// The tables ignore the game's history (a cycle counts as a draw), so
/// under the `forbidden` repetition policy, bagh-chal's own, play by them
/// alone can lose a drawn position once the history bans the moves that
/// hold it. So there, in the movement phase, the player plays the move of
/// the engine with the same tables, searched with the game's history for
/// about `history_nodes` nodes: it avoids the bans it can see coming (0
/// turns the search off). Beyond its horizon the caveat stands: nobody
/// knows the value of bagh-chal under its own ban.
#[pyclass(name = "PerfectPlayer", module = "bagh", frozen)]
pub struct PyPerfectPlayer {
    tablebase: Py<PyTablebase>,
    style: PerfectStyle,
    seed: u64,
    history_nodes: u64,
    /// Locked only without the GIL or briefly.
    player: Mutex<PerfectPlayer>,
}

impl PyPerfectPlayer {
    /// The rule set of its tables.
    pub fn ruleset(&self) -> bagh_core::Ruleset {
        *self.tablebase.get().shared().rules()
    }

    /// A fresh player of the same tables, style and seed, for a match.
    pub fn fresh(&self) -> PerfectPlayer {
        PerfectPlayer::new(self.tablebase.get().shared(), self.style, self.seed)
            .with_history_nodes(self.history_nodes)
    }
}

// The default of `history_nodes` above is the library's, written out so
// that Python's signature shows it.
const _: () = assert!(PerfectPlayer::HISTORY_NODES == 20_000);

fn style_name(style: PerfectStyle) -> &'static str {
    match style {
        PerfectStyle::Random => "random",
        PerfectStyle::Narrowing => "narrowing",
    }
}

#[pymethods]
impl PyPerfectPlayer {
    /// The perfect player of `tablebase`, in `style` ("random" or
    /// "narrowing"), its random choices seeded by `seed`, searching about
    /// `history_nodes` nodes a move with the game's history under
    /// `forbidden`.
    #[new]
    #[pyo3(signature = (tablebase, *, style = "random", seed = 0, history_nodes = 20_000))]
    fn new(
        tablebase: Bound<'_, PyTablebase>,
        style: &str,
        seed: u64,
        history_nodes: u64,
    ) -> PyResult<Self> {
        let style = match style {
            "random" => PerfectStyle::Random,
            "narrowing" => PerfectStyle::Narrowing,
            other => {
                return Err(PyValueError::new_err(format!(
                    "style: expected 'random' or 'narrowing', got {other:?}"
                )))
            }
        };
        let player = PerfectPlayer::new(tablebase.get().shared(), style, seed)
            .with_history_nodes(history_nodes);
        Ok(PyPerfectPlayer {
            tablebase: tablebase.unbind(),
            style,
            seed,
            history_nodes,
            player: Mutex::new(player),
        })
    }

    /// The move this player makes in `game` (its history counts: under
    /// `forbidden` a banned move is never chosen, and the bans ahead are
    /// searched). Raises `EngineError` when
    /// the game is over, `TablebaseError` when the tables cannot answer.
    fn best_move(&self, py: Python<'_>, game: PyRef<'_, PyGame>) -> PyResult<PyMove> {
        let game = game.0.clone();
        let player = &self.player;
        let picked = py.detach(|| {
            player
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .pick(&game)
        });
        match picked.map_err(tablebase_error)? {
            Some(mv) => Ok(PyMove(mv)),
            None => Err(super::error::EngineError::new_err(
                "the game is over: there is no move to choose",
            )),
        }
    }

    /// The best moves of `game` by the tables among those its history
    /// allows (the moves this player chooses from).
    fn perfect_moves(&self, py: Python<'_>, game: PyRef<'_, PyGame>) -> PyResult<Vec<PyMove>> {
        let game = game.0.clone();
        let tables: Arc<_> = self.tablebase.get().shared();
        let moves = py
            .detach(|| PerfectPlayer::perfect_moves(&tables, &game))
            .map_err(tablebase_error)?;
        Ok(moves.into_iter().map(PyMove).collect())
    }

    /// The tables.
    #[getter]
    fn tablebase(&self, py: Python<'_>) -> Py<PyTablebase> {
        self.tablebase.clone_ref(py)
    }

    /// "random" or "narrowing".
    #[getter]
    fn style(&self) -> &'static str {
        style_name(self.style)
    }

    /// The seed of the random choices.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// About how many nodes a move's search with the history visits.
    #[getter]
    fn history_nodes(&self) -> u64 {
        self.history_nodes
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "PerfectPlayer({}, style='{}', seed={}, history_nodes={})",
            self.tablebase.bind(py).repr()?,
            style_name(self.style),
            self.seed,
            self.history_nodes
        ))
    }
}
