//! Agents measured against perfect play: the share of critical positions
//! where their move keeps the value, games against the tables' perfect
//! players, and value-losing moves per 1,000, each with a 95% interval.
//!
//! The tables value a position as if it were new. Under the `forbidden`
//! repetition policy a game's history can ban every move that keeps the
//! value; the agent is charged only with its own slips (a move worse than
//! the best legal one), and the losses the history forced are counted apart
//! ([`BenchmarkReport::forced_losses`]), so that an agent playing a best
//! legal move by the tables scores perfectly.
//!
//! An agent is a function from a batch of games (each with its side to
//! move the agent's) to one legal move per game; front ends wrap a policy
//! over observations and masks, an engine at a level, or random play
//! ([`random_move`]).
//!
//! A measurement splits into parts, a range of the critical positions and
//! a range of the games each ([`Part`], [`evaluate_part`]), measured on any
//! machine and merged into the whole's report ([`merge`]): the same figures
//! for an agent that answers each game alone.
//!
//! ```
//! use bagh_core::{Game, Move, Point, Ruleset, SplitMix64};
//! use bagh_rl::benchmark::{evaluate, BenchmarkOptions};
//! use bagh_tablebase::{BuildOptions, Tablebase};
//! use std::sync::Arc;
//!
//! let rules = Ruleset::builder().tigers([Point::C3]).goats(5).capture_target(2).build()?;
//! let dir = tempfile::tempdir()?;
//! let tables = Arc::new(Tablebase::build(rules, dir.path(), &BuildOptions::default())?);
//! let mut rng = SplitMix64::new(1);
//! let random = |games: &[&Game]| -> Result<Vec<Move>, ()> {
//!     Ok(games.iter().map(|g| { let m = g.legal_moves(); m[rng.below(m.len())] }).collect())
//! };
//! let options = BenchmarkOptions { positions: 100, games: 4, ..BenchmarkOptions::default() };
//! let report = evaluate(&tables, &options, random).unwrap();
//! assert_eq!(report.critical_all().total, 100);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod games;
mod part;
mod random;
mod rate;
mod report;

use std::sync::Arc;

use bagh_core::{Game, Move, Side};
use bagh_engine::PerfectStyle;
use bagh_tablebase::{Tablebase, TablebaseError};

pub use bagh_engine::critical::{critical_positions, sample, Critical, HELD_OUT_SEED};
pub use games::{AgentGame, GameResult};
pub use part::{evaluate_part, merge, MergeError, Part, PartReport};
pub use random::random_move;
pub use rate::Rate;

/// What to measure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchmarkOptions {
    /// Critical positions judged (0: none).
    pub positions: usize,
    /// The seed of the first random game that gives them.
    pub first_seed: u64,
    /// Games against each perfect player's style, half as the goats, half
    /// as the tigers (0: none).
    pub games: usize,
    /// The seed of the perfect players.
    pub seed: u64,
    /// Plies after which a game is stopped unfinished.
    pub max_plies: usize,
    /// The most games or positions handed to the agent at once.
    pub batch: usize,
}

impl Default for BenchmarkOptions {
    fn default() -> BenchmarkOptions {
        BenchmarkOptions {
            positions: 1000,
            first_seed: HELD_OUT_SEED,
            games: 20,
            seed: 0,
            max_plies: 300,
            batch: 256,
        }
    }
}

/// Why a measurement stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BenchmarkError<E> {
    /// The tables could not answer.
    #[error(transparent)]
    Tables(#[from] TablebaseError),
    /// The agent failed.
    #[error("the agent failed")]
    Agent(E),
    /// The agent answered a wrong number of moves, or an illegal one.
    #[error("the agent: {0}")]
    BadAnswer(String),
    /// A perfect player could not move.
    #[error("a perfect player: {0}")]
    Opponent(String),
    /// A part that reaches past the positions or the games measured.
    #[error("the part: {0}")]
    Part(String),
}

/// What an agent did.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchmarkReport {
    /// Critical positions where the agent's move kept the value, by phase
    /// (0 placement, 1 movement) and side (0 goats, 1 tigers).
    pub critical: [[Rate; 2]; 2],
    /// The first and the next unused seed of the critical positions.
    pub seeds: (u64, u64),
    /// Every game against a perfect player.
    pub games: Vec<AgentGame>,
    /// The agent's slips among all its game moves: moves that gave away a
    /// value that some legal move kept (see [`AgentGame::losing_moves`]).
    pub losing_moves: Rate,
    /// The agent's forced losses among all its game moves: the tables'
    /// value lost where the history had banned every move that keeps it,
    /// by a best legal move (see [`AgentGame::forced_losses`]).
    pub forced_losses: Rate,
}

impl BenchmarkReport {
    /// The critical positions over both phases and sides.
    pub fn critical_all(&self) -> Rate {
        self.critical
            .iter()
            .flatten()
            .fold(Rate::default(), |all, r| all.merge(r))
    }

    /// Games of `style` where the agent never gave away a value that some
    /// legal move kept: no slip of its own (a loss the history forced does
    /// not count against it).
    pub fn games_kept(&self, style: PerfectStyle) -> Rate {
        self.count_games(style, |g| g.losing_moves == 0)
    }

    /// Games of `style` where the history forced at least one loss of the
    /// tables' value on the agent.
    pub fn games_forced(&self, style: PerfectStyle) -> Rate {
        self.count_games(style, |g| g.forced_losses > 0)
    }

    fn count_games(&self, style: PerfectStyle, hit: impl Fn(&AgentGame) -> bool) -> Rate {
        let mut rate = Rate::default();
        for game in self.games.iter().filter(|g| g.opponent == style) {
            rate.add(hit(game));
        }
        rate
    }
}

/// Measures `agent` on the tables' rule set (see the module docs). The
/// agent gets at most `options.batch` games a call, each with the agent to
/// move, and answers one legal move for each.
pub fn evaluate<E>(
    tables: &Arc<Tablebase>,
    options: &BenchmarkOptions,
    mut agent: impl FnMut(&[&Game]) -> Result<Vec<Move>, E>,
) -> Result<BenchmarkReport, BenchmarkError<E>> {
    let (positions, next_seed) = critical_positions(tables, options.first_seed, options.positions)?;
    let critical = judge_critical(&positions, options.batch, &mut agent)?;
    let (games, losing_moves, forced_losses) =
        games::play(tables, options, 0..2 * options.games, &mut agent)?;
    Ok(BenchmarkReport {
        critical,
        seeds: (options.first_seed, next_seed),
        games,
        losing_moves,
        forced_losses,
    })
}

/// The critical positions where the agent's move kept the value, by phase
/// and side, the agent answering at most `batch` positions a call.
fn judge_critical<E>(
    positions: &[Critical],
    batch: usize,
    agent: &mut impl FnMut(&[&Game]) -> Result<Vec<Move>, E>,
) -> Result<[[Rate; 2]; 2], BenchmarkError<E>> {
    let mut critical: [[Rate; 2]; 2] = Default::default();
    for chunk in positions.chunks(batch.max(1)) {
        let games: Vec<Game> = chunk
            .iter()
            .map(|c| Game::from_position(c.position))
            .collect();
        let refs: Vec<&Game> = games.iter().collect();
        let moves = checked(&refs, agent(&refs).map_err(BenchmarkError::Agent)?)?;
        for (c, mv) in chunk.iter().zip(moves) {
            let phase = usize::from(c.position.goats_in_hand() == 0);
            let side = usize::from(c.position.side_to_move() == Side::Tiger);
            critical[phase][side].add(c.keeping.contains(&mv));
        }
    }
    Ok(critical)
}

/// The agent's answer, checked: one legal move a game.
fn checked<E>(games: &[&Game], moves: Vec<Move>) -> Result<Vec<Move>, BenchmarkError<E>> {
    if moves.len() != games.len() {
        return Err(BenchmarkError::BadAnswer(format!(
            "{} moves for {} games",
            moves.len(),
            games.len()
        )));
    }
    for (i, (game, mv)) in games.iter().zip(&moves).enumerate() {
        if !game.is_legal(*mv) {
            return Err(BenchmarkError::BadAnswer(format!(
                "{mv} is not legal in game {i} of the batch ({})",
                game.position()
            )));
        }
    }
    Ok(moves)
}
