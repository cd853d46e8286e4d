//! Players of a match: anything that chooses a move in a game. The engine
//! (at full strength or at a level) and the tables' perfect player are
//! players; a front end wraps its own callables (a Python function, a
//! person at a terminal) in one.

use bagh_core::{Game, Move};

use crate::{Engine, Limits, MatchError};

/// Something that chooses moves: the two sides of [`play_match`](crate::play_match).
///
/// ```
/// use bagh_core::{Game, Move};
/// use bagh_engine::{MatchError, Player};
///
/// /// Always the first legal move.
/// struct FirstMove;
///
/// impl Player for FirstMove {
///     fn name(&self) -> String {
///         "first move".into()
///     }
///     fn choose(&mut self, game: &Game) -> Result<Move, MatchError> {
///         Ok(game.legal_moves()[0])
///     }
/// }
///
/// let game = Game::new(Default::default());
/// assert_eq!(FirstMove.choose(&game)?, game.legal_moves()[0]);
/// # Ok::<(), MatchError>(())
/// ```
pub trait Player {
    /// The player's name, for reports and the records' tags.
    fn name(&self) -> String;

    /// Called before each game: forget the last one, and seed any random
    /// choice with `seed` (a match gives every game its own).
    fn new_game(&mut self, seed: u64) {
        let _ = seed;
    }

    /// The move to play in `game`, whose side to move is this player's and
    /// which is not over. A move that is not legal in the game ends the
    /// match with [`MatchError::IllegalMove`].
    fn choose(&mut self, game: &Game) -> Result<Move, MatchError>;
}

/// The engine as a player: its [`Engine::best_move`] within `limits`.
///
/// ```
/// use bagh_core::Game;
/// use bagh_engine::{Engine, EngineOptions, EnginePlayer, Limits, Player};
///
/// let engine = Engine::new(EngineOptions { level: Some(3), ..EngineOptions::default() })?;
/// let mut player = EnginePlayer::new(engine, Limits::depth(2));
/// assert_eq!(player.name(), "bagh level 3");
/// let game = Game::new(Default::default());
/// assert!(game.legal_moves().contains(&player.choose(&game)?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct EnginePlayer {
    /// The engine; its options (a level, tables, threads) are the player's.
    pub engine: Engine,
    /// The limits of every move's search.
    pub limits: Limits,
    /// The name given by [`EnginePlayer::named`], if any.
    name: Option<String>,
}

impl EnginePlayer {
    /// The engine playing within `limits`.
    pub fn new(engine: Engine, limits: Limits) -> EnginePlayer {
        EnginePlayer {
            engine,
            limits,
            name: None,
        }
    }

    /// The same player under `name` (two levels of one engine in a match
    /// are told apart by name).
    pub fn named(self, name: impl Into<String>) -> EnginePlayer {
        EnginePlayer {
            name: Some(name.into()),
            ..self
        }
    }
}

impl Player for EnginePlayer {
    /// The name given, or `bagh`, `bagh level 5`, `bagh with tables`.
    fn name(&self) -> String {
        if let Some(name) = &self.name {
            return name.clone();
        }
        self.engine.name()
    }

    /// Clears the engine's table and seeds a level's choices.
    fn new_game(&mut self, seed: u64) {
        self.engine.new_game_seeded(seed);
    }

    fn choose(&mut self, game: &Game) -> Result<Move, MatchError> {
        Ok(self.engine.best_move(game, &self.limits)?)
    }
}
