//! Zobrist hashing: a 64-bit key per position, updated per move in a few XORs.
//!
//! ```
//! use bagh_core::Position;
//!
//! let start = Position::default();
//! let mv = start.legal_moves()[0];
//! let after = start.play(mv).unwrap();
//! assert_eq!(start.zobrist_after(start.zobrist(), mv), after.zobrist());
//! ```

use crate::{Move, PointSet, Position, Side};

/// splitmix64, evaluated at compile time to fill the key tables.
const fn splitmix(x: u64) -> u64 {
    crate::random::mix(x.wrapping_add(0x9E37_79B9_7F4A_7C15))
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix(seed.wrapping_mul(1000).wrapping_add(i as u64));
        i += 1;
    }
    out
}

const TIGER: [u64; 25] = keys(1);
const GOAT: [u64; 25] = keys(2);
const IN_HAND: [u64; 256] = keys(3);
const CAPTURED: [u64; 256] = keys(4);
const TIGER_TO_MOVE: u64 = splitmix(5_000_000);

fn set_key(set: PointSet, table: &[u64; 25]) -> u64 {
    set.iter().fold(0, |key, point| key ^ table[point.index()])
}

impl Position {
    /// The position's Zobrist key (board, side to move, goats in hand and
    /// captured; not the rule set).
    pub fn zobrist(&self) -> u64 {
        let side = if self.side == Side::Tiger {
            TIGER_TO_MOVE
        } else {
            0
        };
        set_key(self.tigers, &TIGER)
            ^ set_key(self.goats, &GOAT)
            ^ IN_HAND[usize::from(self.in_hand)]
            ^ CAPTURED[usize::from(self.captured)]
            ^ side
    }

    /// The key after playing `mv` here, given this position's key `key`,
    /// without playing it.
    #[inline(always)]
    pub fn zobrist_after(&self, key: u64, mv: Move) -> u64 {
        let key = key ^ TIGER_TO_MOVE;
        match mv {
            Move::Place { to } => {
                let hand = usize::from(self.in_hand);
                key ^ GOAT[to.index()] ^ IN_HAND[hand] ^ IN_HAND[hand.wrapping_sub(1) & 255]
            }
            Move::Step { from, to } => {
                let table = if self.side == Side::Goat {
                    &GOAT
                } else {
                    &TIGER
                };
                key ^ table[from.index()] ^ table[to.index()]
            }
            Move::Capture { from, over, to } => {
                let captured = usize::from(self.captured);
                key ^ TIGER[from.index()]
                    ^ TIGER[to.index()]
                    ^ GOAT[over.index()]
                    ^ CAPTURED[captured]
                    ^ CAPTURED[(captured + 1) & 255]
            }
        }
    }
}
