//! Games of the agent against the tables' perfect players, played side by
//! side so that the agent answers them in batches.

use std::sync::Arc;

use bagh_core::{Game, Side};
use bagh_engine::{PerfectPlayer, PerfectStyle, Player};
use bagh_tablebase::Tablebase;

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
    /// The agent's moves that gave the value away (by the tables, which
    /// ignore the game's history).
    pub losing_moves: u32,
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
    agent_moves: u32,
}

impl Table {
    fn finished(&self, max_plies: usize) -> bool {
        self.game.is_game_over() || self.game.len() >= max_plies
    }
}

/// Plays `options.games` games against each style, the agent taking the
/// goats in the even ones; also the value-losing moves among all its moves.
pub(super) fn play<E>(
    tables: &Arc<Tablebase>,
    options: &BenchmarkOptions,
    agent: &mut impl FnMut(&[&Game]) -> Result<Vec<bagh_core::Move>, E>,
) -> Result<(Vec<AgentGame>, Rate), BenchmarkError<E>> {
    let mut boards = Vec::new();
    for (s, style) in [PerfectStyle::Random, PerfectStyle::Narrowing]
        .into_iter()
        .enumerate()
    {
        for i in 0..options.games {
            let seed =
                options.seed ^ ((s as u64) << 32 | i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            boards.push(Table {
                game: Game::new(*tables.rules()),
                // The tables' players, as the benchmark defines them: no
                // search of the history, so that figures stay comparable.
                opponent: PerfectPlayer::new(Arc::clone(tables), style, seed).with_history_nodes(0),
                agent_side: if i % 2 == 0 { Side::Goat } else { Side::Tiger },
                losing_moves: 0,
                agent_moves: 0,
            });
        }
    }
    let mut losing = Rate::default();
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
            let position = *board.game.position();
            let before = tables.probe(&position)?.value;
            let after = tables
                .probe(
                    &position
                        .play(mv)
                        .map_err(|e| BenchmarkError::BadAnswer(e.to_string()))?,
                )?
                .value
                .flip();
            let lost = rank(after) < rank(before);
            board.losing_moves += u32::from(lost);
            board.agent_moves += 1;
            losing.add(lost);
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
                agent_moves: board.agent_moves,
                game: board.game,
            }
        })
        .collect();
    Ok((games, losing))
}
