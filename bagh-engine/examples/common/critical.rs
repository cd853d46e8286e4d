//! Critical positions: positions of seeded random games where some legal
//! move would give up the game-theoretic value, with the moves that keep
//! it. The judge measures the engine on them, the tuner tunes on them;
//! seeds from 1,000,000 up are held out for the judge.

use bagh_core::{random_game, Move, Position};
use bagh_tablebase::{Tablebase, TablebaseError, Value};

/// A position where some move loses the value, and the moves that keep it.
pub struct Critical {
    pub position: Position,
    pub keeping: Vec<Move>,
}

/// The position of game `seed` at a ply drawn from the same seed.
fn sample(start: Position, seed: u64) -> Position {
    let game = random_game(start, seed, 400);
    let positions = game.positions();
    // The ply: a multiplicative hash of the seed, spread over the game.
    let mixed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
    positions[(mixed % positions.len() as u64) as usize]
}

/// `count` critical positions from games `first_seed..`, one per game at
/// most (lost positions are skipped: nothing is left to lose); also the
/// next unused seed.
pub fn critical_positions(
    tables: &Tablebase,
    first_seed: u64,
    count: usize,
) -> Result<(Vec<Critical>, u64), TablebaseError> {
    let start = Position::new(*tables.rules());
    let mut found = Vec::with_capacity(count);
    let mut seed = first_seed;
    while found.len() < count {
        let position = sample(start, seed);
        seed += 1;
        if position.is_game_over() {
            continue;
        }
        let value = tables.probe(&position)?.value;
        let replies = tables.probe_moves(&position)?;
        let keeping: Vec<Move> = replies
            .iter()
            .filter(|(_, probe)| probe.value.flip() == value)
            .map(|(mv, _)| *mv)
            .collect();
        if value == Value::Loss || keeping.len() == replies.len() {
            continue;
        }
        found.push(Critical { position, keeping });
    }
    Ok((found, seed))
}
