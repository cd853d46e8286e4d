//! The fixed set of critical positions: positions of seeded random games
//! where some legal move gives the value away. The same seeds give the same
//! positions everywhere, so that two measurements compare like with like.

use bagh_core::{random_game, Move, Position};
use bagh_tablebase::{Tablebase, TablebaseError, Value};

/// The first seed of the held-out set: tuning uses seeds below it.
pub const HELD_OUT_SEED: u64 = 1_000_000;

/// A position where some legal move gives the value away, and the moves
/// that keep it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Critical {
    /// The position.
    pub position: Position,
    /// Its value for the side to move (a win or a draw).
    pub value: Value,
    /// The moves that keep it.
    pub keeping: Vec<Move>,
}

/// The position of random game `seed` (up to 400 plies of uniform random
/// moves from the start, `bagh_core::random_game`) at a ply drawn from the
/// same seed (a multiplicative hash of it, modulo the game's positions).
pub fn sample(start: Position, seed: u64) -> Position {
    let game = random_game(start, seed, 400);
    let positions = game.positions();
    let mixed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
    positions[(mixed % positions.len() as u64) as usize]
}

/// `count` critical positions from the games `first_seed..`, at most one a
/// game: a game's sampled position counts when it is not over, not lost
/// for the side to move, and some legal move changes its value. Also the
/// next unused seed. Fewer when 1,000 games a position wanted (and 10,000
/// more) hold no more: a rule set too small to have them.
pub fn critical_positions(
    tables: &Tablebase,
    first_seed: u64,
    count: usize,
) -> Result<(Vec<Critical>, u64), TablebaseError> {
    let start = Position::new(*tables.rules());
    let mut found = Vec::with_capacity(count);
    let mut seed = first_seed;
    let last_seed = first_seed.saturating_add(1000 * count as u64 + 10_000);
    while found.len() < count && seed < last_seed {
        let position = sample(start, seed);
        seed += 1;
        if position.is_game_over() {
            continue;
        }
        let value = tables.probe(&position)?.value;
        if value == Value::Loss {
            continue;
        }
        let replies = tables.probe_moves(&position)?;
        let keeping: Vec<Move> = replies
            .iter()
            .filter(|(_, probe)| probe.value.flip() == value)
            .map(|(mv, _)| *mv)
            .collect();
        if keeping.len() == replies.len() {
            continue;
        }
        found.push(Critical {
            position,
            value,
            keeping,
        });
    }
    Ok((found, seed))
}
