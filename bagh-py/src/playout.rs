//! `bagh.random_games`: many random games in one call, in Rust.

use bagh_core::{Game, Position};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::game::start_position;

/// SplitMix64: a small, fast, well-mixed generator; one stream per game, so
/// a game's moves depend only on the seed and the game's index.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0), by the multiply-shift reduction.
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

/// What one random game gave.
struct Played {
    plies: u32,
    outcome: Option<bagh_core::Outcome>,
}

/// Plays one game of uniformly random legal moves from `start`, at most
/// `max_plies` plies.
fn play_one(start: Position, seed: u64, max_plies: u32) -> Played {
    let mut rng = SplitMix64(seed);
    let mut game = Game::from_position(start);
    let mut plies = 0;
    while plies < max_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.push_unchecked(moves[rng.below(moves.len())]);
        plies += 1;
    }
    Played {
        plies,
        outcome: game.outcome(),
    }
}

/// Games per stretch without the GIL; Ctrl-C is checked between stretches.
const CHUNK: usize = 256;

/// Plays `n` games of uniformly random legal moves under `rules` (from
/// `position`, a Position or a position string, or else the start), in Rust
/// without the GIL (Ctrl-C stops it with KeyboardInterrupt). Game `i` uses
/// the random stream `seed + i`, so results are reproducible. A game still
/// running after `max_plies` plies stops unfinished.
///
/// Returns a dict of three lists, one entry per game: `plies` (int),
/// `winner` (`"goat"`, `"tiger"` or `None`) and `reason` (the outcome's
/// reason, or `None` for an unfinished game).
#[pyfunction]
#[pyo3(signature = (n, rules = None, seed = 0, max_plies = 10_000, position = None))]
pub fn random_games<'py>(
    py: Python<'py>,
    n: usize,
    rules: Option<&Bound<'py, PyAny>>,
    seed: u64,
    max_plies: u32,
    position: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let start = start_position(rules, position)?;
    // Grown as the games come, so that a huge `n` interrupted early costs little.
    let capacity = n.min(1 << 16);
    let mut plies = Vec::with_capacity(capacity);
    let mut winners = Vec::with_capacity(capacity);
    let mut reasons = Vec::with_capacity(capacity);
    let mut done = 0;
    while done < n {
        let end = (done + CHUNK).min(n);
        let chunk: Vec<Played> = py.detach(|| {
            (done..end)
                .map(|i| play_one(start, seed.wrapping_add(i as u64), max_plies))
                .collect()
        });
        for played in chunk {
            plies.push(played.plies);
            winners.push(played.outcome.and_then(|o| o.winner).map(|s| s.name()));
            reasons.push(played.outcome.map(|o| o.reason.name()));
        }
        done = end;
        py.check_signals()?;
    }
    let out = PyDict::new(py);
    out.set_item("plies", plies)?;
    out.set_item("winner", winners)?;
    out.set_item("reason", reasons)?;
    Ok(out)
}
