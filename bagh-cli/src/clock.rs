//! The share of a clock a move may take.
//!
//! With `time` left and an increment `inc` per move (both in milliseconds),
//! a move gets `time / 20 + inc * 3 / 4`, at most `time / 2`, less 30 ms
//! for the time it takes to read the command and send the answer, and at
//! least 10 ms. A game of Bagh-Chal lasts some 30 to 60 moves a side, and
//! the engine starts no iteration after half of its time (see
//! [`bagh_engine::Limits`]), so a twentieth of the clock per move spends it
//! about evenly while keeping a reserve for the end.

use std::time::Duration;

/// The margin kept for reading the command and sending the answer.
const OVERHEAD_MS: u64 = 30;
/// The least time a move is given.
const MIN_MS: u64 = 10;

/// The time for one move with `time_ms` left and `inc_ms` per move.
pub fn allot(time_ms: u64, inc_ms: u64) -> Duration {
    let share = (time_ms / 20).saturating_add(inc_ms.saturating_mul(3) / 4);
    let ms = share
        .min(time_ms / 2)
        .saturating_sub(OVERHEAD_MS)
        .max(MIN_MS);
    Duration::from_millis(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_takes_a_twentieth_and_most_of_the_increment() {
        assert_eq!(allot(60_000, 0), Duration::from_millis(2_970));
        assert_eq!(allot(60_000, 1_000), Duration::from_millis(3_720));
    }

    #[test]
    fn a_short_clock_keeps_half_and_a_floor() {
        assert_eq!(allot(1_000, 10_000), Duration::from_millis(470));
        assert_eq!(allot(0, 0), Duration::from_millis(MIN_MS));
        assert_eq!(allot(u64::MAX, u64::MAX), allot(u64::MAX, u64::MAX));
    }
}
