//! The tables' perfect player: it never gives up the value of a position,
//! wins by the shortest way the tables know and loses by the longest, and
//! plays only the moves the game's history allows.

use std::sync::Arc;

use bagh_core::{Game, Move, Repetition, SplitMix64};
use bagh_tablebase::{Tablebase, TablebaseError};

use crate::{Engine, EngineOptions, Limits, MatchError, Player};

/// How a [`PerfectPlayer`] picks among its equally good moves.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum PerfectStyle {
    /// At random (seeded), among every best move.
    #[default]
    Random,
    /// The best move that leaves the opponent the fewest moves keeping its
    /// own value (at random among those that tie): the hardest test of an
    /// opponent that holds a draw.
    Narrowing,
}

/// A player that plays perfectly by the tables.
///
/// Its moves are [`PerfectPlayer::perfect_moves`]: among the moves legal
/// in the game (so under `forbidden` never a banned one), those whose
/// result for it is the best the tables give: a win before a draw before a
/// loss, and among wins of the movement phase the fastest, among losses the
/// slowest. Choosing the fastest win keeps a winner from going round in
/// circles into a repetition draw.
///
/// The tables value positions as if new, and under `forbidden` the game's
/// history bans moves they assume: a side that holds a draw by going round
/// can run out of fresh moves. So under `forbidden`, in the movement phase
/// and wherever the history could change the tables' answer, the player
/// plays the move of the engine with the same tables, searched for about
/// [`history_nodes`](PerfectPlayer::with_history_nodes) nodes with the
/// game's history: at a drawn position the engine searches every drawing
/// move, bans and all, and plays the best, so it avoids the bans it sees
/// coming and plays on for a win when the opponent's are near. Beyond its
/// horizon the tables' caveat stands. There the style does not choose.
///
/// ```no_run
/// use std::sync::Arc;
/// use bagh_core::Game;
/// use bagh_engine::{PerfectPlayer, PerfectStyle, Player};
/// use bagh_tablebase::Tablebase;
///
/// let tables = Arc::new(Tablebase::open("target/tablebases/bagh-chal")?);
/// let mut perfect = PerfectPlayer::new(tables.clone(), PerfectStyle::Narrowing, 7);
/// let game = Game::new(*tables.rules());
/// let mv = perfect.choose(&game)?;
/// assert!(PerfectPlayer::perfect_moves(&tables, &game)?.contains(&mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct PerfectPlayer {
    tables: Arc<Tablebase>,
    style: PerfectStyle,
    rng: SplitMix64,
    history_nodes: u64,
    /// The engine that searches with the history, made when first needed.
    engine: Option<Box<Engine>>,
}

impl PerfectPlayer {
    /// The perfect player of `tables`, picking in `style`, its random
    /// choices seeded by `seed` (and by each game's seed in a match).
    pub fn new(tables: Arc<Tablebase>, style: PerfectStyle, seed: u64) -> PerfectPlayer {
        PerfectPlayer {
            tables,
            style,
            rng: SplitMix64::new(seed),
            history_nodes: PerfectPlayer::HISTORY_NODES,
            engine: None,
        }
    }

    /// The positions a move's search with the history visits by default.
    pub const HISTORY_NODES: u64 = 20_000;

    /// The same player, searching at most `nodes` positions a move with the
    /// game's history under `forbidden` (0: the tables alone, as if every
    /// position were new).
    pub fn with_history_nodes(mut self, nodes: u64) -> PerfectPlayer {
        self.history_nodes = nodes;
        self
    }

    /// The positions a move's search with the history visits at most.
    pub fn history_nodes(&self) -> u64 {
        self.history_nodes
    }

    /// The tables.
    pub fn tables(&self) -> &Arc<Tablebase> {
        &self.tables
    }

    /// The style.
    pub fn style(&self) -> PerfectStyle {
        self.style
    }

    /// Whether the history can change the tables' answer in `game`, so
    /// that the player searches it: `forbidden`, the movement phase, a
    /// draw or a win or loss the history may spoil.
    fn history_matters(&self, game: &Game) -> Result<bool, TablebaseError> {
        Ok(self.history_nodes > 0
            && game.rules().repetition() == Repetition::Forbidden
            && game.position().goats_in_hand() == 0
            && !game.is_game_over()
            && self.tables.probe_game_with(game, 1)?.proven.is_none())
    }

    /// The engine's move with the tables, searched with the game's history
    /// for about `history_nodes` nodes: at a drawn root it searches every
    /// drawing move, bans and all, and keeps the best. `None` if the
    /// engine cannot answer (it can: the game is not over and the limit is
    /// valid), and then the tables alone choose.
    fn searched_move(&mut self, game: &Game) -> Option<Move> {
        if self.engine.is_none() {
            let options = EngineOptions {
                tablebase: Some(self.tables.clone()),
                ..EngineOptions::default()
            };
            self.engine = Engine::new(options).ok().map(Box::new);
        }
        let engine = self.engine.as_mut()?;
        let limits = Limits::nodes(self.history_nodes);
        let analysis = engine.analyse(game, &limits, 1, |_| {}).ok()?;
        Some(analysis.best_move)
    }

    /// The best moves of `game` by the tables among those its history
    /// allows (see [`PerfectPlayer`]); empty when the game is over.
    ///
    /// Errors: the tables cannot answer (another rule set, or placement
    /// layers not built).
    pub fn perfect_moves(tables: &Tablebase, game: &Game) -> Result<Vec<Move>, TablebaseError> {
        let position = game.position();
        let mut best: Option<(u8, i32)> = None;
        let mut moves = Vec::new();
        for mv in game.legal_moves() {
            let Ok(after) = position.play(mv) else {
                continue;
            };
            let key = tables.probe(&after)?.rank_for_mover();
            if best.is_none_or(|b| key > b) {
                best = Some(key);
                moves.clear();
            }
            if best == Some(key) {
                moves.push(mv);
            }
        }
        Ok(moves)
    }

    /// How many moves of `game` keep the value of its position for the side
    /// to move (0 when it is over): the replies the narrowing style leaves.
    pub fn value_keeping_moves(tables: &Tablebase, game: &Game) -> Result<usize, TablebaseError> {
        if game.is_game_over() {
            return Ok(0);
        }
        let position = game.position();
        let value = tables.probe(position)?.value;
        let mut count = 0;
        for mv in game.legal_moves() {
            let Ok(after) = position.play(mv) else {
                continue;
            };
            count += usize::from(tables.probe(&after)?.value.flip() == value);
        }
        Ok(count)
    }

    /// A move of `game` in this player's style; `None` when it is over.
    pub fn pick(&mut self, game: &Game) -> Result<Option<Move>, TablebaseError> {
        if self.history_matters(game)? {
            if let Some(mv) = self.searched_move(game) {
                return Ok(Some(mv));
            }
        }
        let mut moves = PerfectPlayer::perfect_moves(&self.tables, game)?;
        if self.style == PerfectStyle::Narrowing && moves.len() > 1 {
            let mut fewest = usize::MAX;
            let mut narrowest = Vec::new();
            for mv in moves {
                let mut next = game.clone();
                if next.push(mv).is_err() {
                    continue;
                }
                let replies = PerfectPlayer::value_keeping_moves(&self.tables, &next)?;
                if replies < fewest {
                    fewest = replies;
                    narrowest.clear();
                }
                if replies == fewest {
                    narrowest.push(mv);
                }
            }
            moves = narrowest;
        }
        Ok((!moves.is_empty()).then(|| moves[self.rng.below(moves.len())]))
    }
}

impl Player for PerfectPlayer {
    /// `perfect (random)` or `perfect (narrowing)`.
    fn name(&self) -> String {
        match self.style {
            PerfectStyle::Random => "perfect (random)",
            PerfectStyle::Narrowing => "perfect (narrowing)",
        }
        .into()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed);
        if let Some(engine) = self.engine.as_mut() {
            engine.new_game();
        }
    }

    fn choose(&mut self, game: &Game) -> Result<Move, MatchError> {
        match self.pick(game)? {
            Some(mv) => Ok(mv),
            None => Err(MatchError::Player {
                player: self.name(),
                message: "asked to move in a finished game".into(),
            }),
        }
    }
}
