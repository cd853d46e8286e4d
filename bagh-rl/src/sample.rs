//! Realistic positions to label: positions of random games, by phase.
//!
//! ```
//! use bagh_core::Ruleset;
//! use bagh_rl::{sample_positions, Phase};
//!
//! let positions = sample_positions(Ruleset::default(), 50, Phase::Movement, 7);
//! assert_eq!(positions.len(), 50);
//! assert!(positions.iter().all(|p| p.goats_in_hand() == 0 && !p.is_game_over()));
//! assert_eq!(positions, sample_positions(Ruleset::default(), 50, Phase::Movement, 7));
//! ```

use bagh_core::{Game, Position, Ruleset, SplitMix64};

/// Which positions [`sample_positions`] keeps.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Goats still in hand.
    Placement,
    /// No goats in hand.
    Movement,
    /// Either.
    Any,
}

impl Phase {
    /// `placement`, `movement` or `any`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Placement => "placement",
            Phase::Movement => "movement",
            Phase::Any => "any",
        }
    }

    /// The phase named `name`.
    pub fn from_name(name: &str) -> Option<Phase> {
        [Phase::Placement, Phase::Movement, Phase::Any]
            .into_iter()
            .find(|phase| phase.name() == name)
    }

    fn admits(self, position: &Position) -> bool {
        match self {
            Phase::Placement => position.goats_in_hand() > 0,
            Phase::Movement => position.goats_in_hand() == 0,
            Phase::Any => true,
        }
    }
}

/// The most plies of one random game before a new one starts.
const MAX_PLIES: usize = 400;

/// `n` positions of the phase, not finished, from games of uniformly random
/// legal moves (the repetition policy honoured): each game stops at a ply
/// drawn uniformly from those of the phase it reaches, and gives one
/// position. The same seed gives the same positions. Fewer than `n` come
/// back only when no game reaches the phase in `n` × 20 tries (a rule set
/// whose games all end during placement, say).
pub fn sample_positions(rules: Ruleset, n: usize, phase: Phase, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut positions = Vec::with_capacity(n);
    let mut tries = n.saturating_mul(20).max(20);
    while positions.len() < n && tries > 0 {
        tries -= 1;
        let mut game = Game::new(rules);
        let mut seen: Vec<Position> = Vec::new();
        while game.len() < MAX_PLIES {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            if phase.admits(game.position()) {
                seen.push(*game.position());
            }
            game.push_unchecked(moves[rng.below(moves.len())]);
        }
        if !seen.is_empty() {
            positions.push(seen[rng.below(seen.len())]);
        }
    }
    positions
}
