//! The placement layers checked against another method: `PlacementSolver`
//! (alpha-beta search down to the movement table) on random positions.

use bagh_core::{Position, Side};
use bagh_tablebase::{PlacementSolver, Tablebase, Value};

use crate::error::CliError;
use bagh_core::SplitMix64;

/// The seed of the random games, fixed so that a report comes out the same.
pub const SEED: u64 = 1729;

/// Slots of the search's transposition table: 2^22 of 8 bytes, 32 MiB.
const SLOTS_LOG2: u32 = 22;

/// Positions tried per position asked for before giving up (random games
/// of a tiny rule set often end before placement does).
const TRIES_PER_POSITION: usize = 1000;

/// What a check found.
pub struct Check {
    /// Positions compared.
    pub compared: usize,
    /// The positions where the two disagree: the search's value, the table's.
    pub disagreements: Vec<(Position, Value, Value)>,
}

/// Compares the placement layers of `tables` with the search on `n`
/// positions with 1 to 8 goats in hand, either side to move, from seeded
/// random games.
pub fn check_placement(tables: &Tablebase, n: usize) -> Result<Check, CliError> {
    if tables.placement().is_none() {
        return Err(CliError::failure(format!(
            "--check compares the placement layers, and {} has none",
            tables.dir().display()
        )));
    }
    let rules = *tables.rules();
    let mut rng = SplitMix64::new(SEED);
    // The transposition table keeps exact bounds, valid from one search to the next.
    let mut solver = PlacementSolver::new(full_movement(tables)?, SLOTS_LOG2)?;
    let mut check = Check {
        compared: 0,
        disagreements: Vec::new(),
    };
    for _ in 0..n.saturating_mul(TRIES_PER_POSITION) {
        if check.compared == n {
            break;
        }
        let Some(position) = random_position(Position::new(rules), &mut rng) else {
            continue;
        };
        let searched = solver.solve(&position)?;
        let stored = tables.probe(&position)?.value;
        check.compared += 1;
        if searched != stored {
            check.disagreements.push((position, searched, stored));
        }
    }
    if check.compared < n {
        return Err(CliError::failure(format!(
            "random games found only {} positions with goats in hand to check, of {n}",
            check.compared
        )));
    }
    Ok(check)
}

/// Random moves from `start` until 1 to 8 goats (drawn at random) are in
/// hand with the goats to move, then one more move half of the time; `None`
/// when the game ended or placement is over.
fn random_position(start: Position, rng: &mut SplitMix64) -> Option<Position> {
    let stop_at = 1 + rng.below(8) as u8;
    let mut position = start;
    while position.goats_in_hand() > stop_at || position.side_to_move() == Side::Tiger {
        let moves = position.legal_moves();
        if moves.is_empty() || position.outcome().is_some() {
            return None;
        }
        position.play_unchecked(moves[rng.below(moves.len())]);
    }
    if rng.below(2) == 1 {
        let moves = position.legal_moves();
        if !moves.is_empty() {
            position.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    (position.goats_in_hand() > 0 && position.outcome().is_none()).then_some(position)
}

/// The movement table of full tables, which the placement search needs;
/// compressed tables are an error that says so.
pub fn full_movement(tables: &Tablebase) -> Result<&bagh_tablebase::MovementTable, CliError> {
    tables.movement().map(|m| &**m).ok_or_else(|| {
        CliError::failure(format!(
            "{} holds compressed tables; the placement search needs the full movement table",
            tables.dir().display()
        ))
    })
}
