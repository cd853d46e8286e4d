//! Perfect labels: positions packed into one `u64` each, and the tables'
//! values and distances of many positions at once.
//!
//! ```
//! use bagh_core::{Position, Ruleset};
//! use bagh_rl::{pack, unpack};
//!
//! let position: Position = "T3T/5/2G2/5/T3T t 19 0".parse()?;
//! let code = pack(&position);
//! assert_eq!(unpack(code, Ruleset::default())?, position);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A code holds, from the lowest bit: the tigers (25 bits, bit `i` for the
//! point of index `i`), the goats (25 bits), the side to move (1 bit, set
//! for the tigers), the goats in hand (5 bits) and the goats captured (5
//! bits): 61 bits. A rule set has at most 24 goats (tigers and goats share
//! 25 points), so the counters fit. The rule set is not in the code.

use bagh_core::{PointSet, Position, Ruleset, Setup, SetupError, Side};
use bagh_tablebase::{Tablebase, TablebaseError, Value};

const POINTS: u64 = (1 << 25) - 1;

/// The code of a position (see the module docs).
pub fn pack(position: &Position) -> u64 {
    u64::from(position.tigers().bits())
        | u64::from(position.goats().bits()) << 25
        | u64::from(position.side_to_move() == Side::Tiger) << 50
        | u64::from(position.goats_in_hand() & 31) << 51
        | u64::from(position.goats_captured() & 31) << 56
}

/// The position of a code under `rules`, checked as [`Position::from_setup`]
/// checks its parts.
pub fn unpack(code: u64, rules: Ruleset) -> Result<Position, SetupError> {
    let setup = Setup {
        tigers: PointSet::from_bits((code & POINTS) as u32),
        goats: PointSet::from_bits((code >> 25 & POINTS) as u32),
        side: if code >> 50 & 1 == 1 {
            Side::Tiger
        } else {
            Side::Goat
        },
        goats_in_hand: (code >> 51 & 31) as u8,
        goats_captured: (code >> 56 & 31) as u8,
    };
    Position::from_setup(setup, rules)
}

/// A value as a number for the side to move: 1 win, 0 draw, -1 loss.
pub fn value_number(value: Value) -> i8 {
    match value {
        Value::Win => 1,
        Value::Draw => 0,
        Value::Loss => -1,
    }
}

/// Probes every position into `values` (1 win, 0 draw, -1 loss for the side
/// to move) and `distances` (plies to the end under perfect play, -1 where
/// the tables do not know it: draws and positions with goats in hand); the
/// first position the tables cannot answer is an error with its index.
pub fn probe_many(
    tables: &Tablebase,
    positions: &[Position],
    values: &mut [i8],
    distances: &mut [i16],
) -> Result<(), (usize, TablebaseError)> {
    for (i, ((position, value), distance)) in positions
        .iter()
        .zip(values.iter_mut())
        .zip(distances.iter_mut())
        .enumerate()
    {
        let probe = tables.probe(position).map_err(|error| (i, error))?;
        *value = value_number(probe.value);
        *distance = probe
            .distance
            .and_then(|d| i16::try_from(d).ok())
            .unwrap_or(-1);
    }
    Ok(())
}
