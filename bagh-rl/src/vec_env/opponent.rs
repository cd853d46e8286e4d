//! The opponents of single-agent environments: uniformly random moves, an
//! engine level, or perfect play by the tables.

use std::sync::Arc;

use bagh_core::{Game, Move, SplitMix64};
use bagh_engine::{Engine, EngineOptions, Limits, PerfectPlayer, MAX_DEPTH};
use bagh_tablebase::Tablebase;

/// Who answers the agent's moves in a [`VecEnv`](crate::VecEnv).
#[derive(Clone, Debug)]
pub enum Opponent {
    /// A uniformly random legal move, from the environment's seeded generator.
    Random,
    /// The engine at a playing level from 1 (weakest) to 20, without tables.
    Level(u8),
    /// Perfect play by the tables: one of bagh-engine's
    /// [`PerfectPlayer::perfect_moves`] (the best result the tables give
    /// among the moves the game's history allows, the fastest win and the
    /// slowest loss in the movement phase), chosen uniformly by the
    /// environment's generator.
    Perfect(Arc<Tablebase>),
}

/// An opponent ready to play: the engine is made once per worker thread.
pub(crate) enum Player {
    Random,
    Level(Box<Engine>),
    Perfect(Arc<Tablebase>),
}

impl Player {
    pub(crate) fn new(opponent: &Opponent, seed: u64) -> Result<Player, String> {
        Ok(match opponent {
            Opponent::Random => Player::Random,
            Opponent::Level(level) => {
                let options = EngineOptions {
                    level: Some(*level),
                    hash_mb: 1,
                    seed,
                    ..EngineOptions::default()
                };
                Player::Level(Box::new(Engine::new(options).map_err(|e| e.to_string())?))
            }
            Opponent::Perfect(tables) => Player::Perfect(Arc::clone(tables)),
        })
    }

    /// The move to play in `game`, whose legal moves are `moves` (not empty).
    pub(crate) fn choose(
        &mut self,
        game: &Game,
        moves: &[Move],
        rng: &mut SplitMix64,
    ) -> Result<Move, String> {
        let random = |rng: &mut SplitMix64| moves[rng.below(moves.len())];
        match self {
            Player::Random => Ok(random(rng)),
            Player::Level(engine) => engine
                .best_move(game, &Limits::depth(MAX_DEPTH))
                .map_err(|e| e.to_string()),
            Player::Perfect(tables) => {
                let best = PerfectPlayer::perfect_moves(tables, game).map_err(|e| e.to_string())?;
                Ok(if best.is_empty() {
                    random(rng)
                } else {
                    best[rng.below(best.len())]
                })
            }
        }
    }
}
