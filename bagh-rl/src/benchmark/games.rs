//! Games of the agent against the tables' perfect players, played side by
//! side so that the agent answers them in batches.

use std::ops::Range;
use std::sync::Arc;

use bagh_core::{Game, Move, Side};
use bagh_engine::{PerfectPlayer, PerfectStyle, Player};
use bagh_tablebase::{Tablebase, TablebaseError};

use super::{checked, BenchmarkError, BenchmarkOptions, Rate};

/// How a game ended for the agent.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GameResult {
    /// The agent won.
    Win,
    /// A draw (the game's own end: repetition, no progress, a blockade
    /// that the rule set draws).
    Draw,
    /// The agent lost.
    Loss,
    /// Stopped at the ply limit.
    Unfinished,
}

/// One game against a perfect player.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentGame {
    /// The perfect player's style.
    pub opponent: PerfectStyle,
    /// The side the agent played.
    pub agent_side: Side,
    /// How it ended for the agent.
    pub result: GameResult,
    /// The agent's slips: moves that gave away a value that some legal
    /// move kept, by the tables (a move worse than the game's best legal
    /// move). Where no move is banned, these are all the moves that gave
    /// the tables' value away.
    pub losing_moves: u32,
    /// The agent's forced losses: moves that gave the tables' value away
    /// where the game's history (the `forbidden` repetition policy) had
    /// banned every move that keeps it, and that kept the best value a legal
    /// move had. `losing_moves + forced_losses` are the moves that gave the
    /// tables' value away.
    pub forced_losses: u32,
    /// The agent's moves.
    pub agent_moves: u32,
    /// The game's moves.
    pub game: Game,
}

/// Where the tables rank a value for its side (a loss lowest).
fn rank(value: bagh_tablebase::Value) -> u8 {
    match value {
        bagh_tablebase::Value::Loss => 0,
        bagh_tablebase::Value::Draw => 1,
        bagh_tablebase::Value::Win => 2,
    }
}

struct Table {
    game: Game,
    opponent: PerfectPlayer,
    agent_side: Side,
    losing_moves: u32,
    forced_losses: u32,
    agent_moves: u32,
}

impl Table {
    fn finished(&self, max_plies: usize) -> bool {
        self.game.is_game_over() || self.game.len() >= max_plies
    }
}

/// How one agent move is judged.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Judged {
    /// It kept the tables' value.
    Kept,
    /// A slip: some legal move did better.
    Slip,
    /// It lost the tables' value, but no legal move kept it (the history
    /// banned them all) and none did better.
    Forced,
}

/// Judges `mv` in `game` by the tables. The tables value positions as if
/// new, so under `forbidden` the history can ban every move that keeps the
/// value; the move is then measured against the best legal move instead.
fn judge(tables: &Tablebase, game: &Game, mv: Move) -> Result<Judged, TablebaseError> {
    let position = game.position();
    let after = |m: Move| -> Result<u8, TablebaseError> {
        let mut next = *position;
        next.play_unchecked(m);
        Ok(rank(tables.probe(&next)?.value.flip()))
    };
    let before = rank(tables.probe(position)?.value);
    let played = after(mv)?;
    if played >= before {
        return Ok(Judged::Kept);
    }
    let mut best = played;
    for m in game.legal_moves() {
        best = best.max(after(m)?);
        if best >= before {
            break;
        }
    }
    Ok(if played < best {
        Judged::Slip
    } else {
        Judged::Forced
    })
}

/// Plays the games of `range` among the `2 * options.games` of the
/// benchmark: `options.games` against each style (the random style's
/// first), the agent taking the goats in the even ones of each style; also
/// the agent's slips and forced losses among all its moves. A game's seed
/// depends on its index alone, so that any range plays its games as the
/// whole benchmark does.
pub(super) fn play<E>(
    tables: &Arc<Tablebase>,
    options: &BenchmarkOptions,
    range: Range<usize>,
    agent: &mut impl FnMut(&[&Game]) -> Result<Vec<Move>, E>,
) -> Result<(Vec<AgentGame>, Rate, Rate), BenchmarkError<E>> {
    let mut boards = Vec::new();
    for index in range {
        let (s, i) = (index / options.games, index % options.games);
        let style = [PerfectStyle::Random, PerfectStyle::Narrowing][s];
        let seed = options.seed ^ ((s as u64) << 32 | i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        boards.push(Table {
            game: Game::new(*tables.rules()),
            // The tables' players, as the benchmark defines them: no
            // search of the history, so that figures stay comparable.
            opponent: PerfectPlayer::new(Arc::clone(tables), style, seed).with_history_nodes(0),
            agent_side: if i % 2 == 0 { Side::Goat } else { Side::Tiger },
            losing_moves: 0,
            forced_losses: 0,
            agent_moves: 0,
        });
    }
    let mut losing = Rate::default();
    let mut forced = Rate::default();
    loop {
        // The perfect players move until the agent is to move.
        for board in boards.iter_mut() {
            while !board.finished(options.max_plies)
                && board.game.side_to_move() != board.agent_side
            {
                let mv = board
                    .opponent
                    .choose(&board.game)
                    .map_err(|e| BenchmarkError::Opponent(e.to_string()))?;
                board.game.push_unchecked(mv);
            }
        }
        let waiting: Vec<usize> = (0..boards.len())
            .filter(|&i| !boards[i].finished(options.max_plies))
            .take(options.batch.max(1))
            .collect();
        if waiting.is_empty() {
            break;
        }
        let refs: Vec<&Game> = waiting.iter().map(|&i| &boards[i].game).collect();
        let moves = checked(&refs, agent(&refs).map_err(BenchmarkError::Agent)?)?;
        for (&i, mv) in waiting.iter().zip(moves) {
            let board = &mut boards[i];
            let judged = judge(tables, &board.game, mv)?;
            let (slip, forced_loss) = (judged == Judged::Slip, judged == Judged::Forced);
            board.losing_moves += u32::from(slip);
            board.forced_losses += u32::from(forced_loss);
            board.agent_moves += 1;
            losing.add(slip);
            forced.add(forced_loss);
            board.game.push_unchecked(mv);
        }
    }
    let games = boards
        .into_iter()
        .map(|board| {
            let result = match board.game.outcome() {
                None => GameResult::Unfinished,
                Some(outcome) => match outcome.winner {
                    None => GameResult::Draw,
                    Some(winner) if winner == board.agent_side => GameResult::Win,
                    Some(_) => GameResult::Loss,
                },
            };
            AgentGame {
                opponent: board.opponent.style(),
                agent_side: board.agent_side,
                result,
                losing_moves: board.losing_moves,
                forced_losses: board.forced_losses,
                agent_moves: board.agent_moves,
                game: board.game,
            }
        })
        .collect();
    Ok((games, losing, forced))
}
