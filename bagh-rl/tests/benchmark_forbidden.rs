//! The benchmark under the `forbidden` repetition policy, where a game's
//! history can ban every move that keeps the tables' value: an agent
//! playing a best legal move is charged with no slip while the history
//! does force losses on it, and a recount by replaying the games finds the
//! report's slips and forced losses.

mod support;

use bagh_core::{Game, Move, Side};
use bagh_engine::PerfectStyle;
use bagh_rl::benchmark::{evaluate, AgentGame, BenchmarkOptions, Rate};
use bagh_tablebase::{Tablebase, Value};

use support::{assert_perfect, first, perfect};

const RULES: &str = "tigers=c3 goats=4 capture_target=2 repetition=forbidden";

fn options() -> BenchmarkOptions {
    support::options(200, 6, 2, 5)
}

fn order(value: Value) -> u8 {
    match value {
        Value::Loss => 0,
        Value::Draw => 1,
        Value::Win => 2,
    }
}

/// The recount of one game: (moves below the tables' value, those of them
/// where a legal move of the game kept it, those where a legal move did
/// better than the one played), by replaying the game and probing every
/// legal move at each of the agent's turns.
fn recount(tables: &Tablebase, game: &AgentGame) -> (u32, u32, u32) {
    let mut replay = Game::from_position(*game.game.start());
    let (mut lost, mut keeping_left, mut worse_than_best) = (0, 0, 0);
    for &mv in game.game.moves() {
        if replay.side_to_move() == game.agent_side {
            let position = *replay.position();
            let before = order(tables.probe(&position).unwrap().value);
            let after = |m: Move| {
                order(
                    tables
                        .probe(&position.play(m).unwrap())
                        .unwrap()
                        .value
                        .flip(),
                )
            };
            let results: Vec<u8> = replay.legal_moves().iter().map(|&m| after(m)).collect();
            let best = *results.iter().max().unwrap();
            if after(mv) < before {
                lost += 1;
                keeping_left += u32::from(best >= before);
            }
            worse_than_best += u32::from(after(mv) < best);
        }
        replay.push(mv).unwrap();
    }
    (lost, keeping_left, worse_than_best)
}

#[test]
fn a_best_legal_move_agent_is_charged_nothing_while_the_history_forces_losses() {
    let (_dir, tables) = support::tables(RULES);
    let report = evaluate(&tables, &options(), perfect(&tables)).unwrap();
    assert_perfect(&report, 200);
    for style in [PerfectStyle::Random, PerfectStyle::Narrowing] {
        assert_eq!(report.games_kept(style), Rate { count: 6, total: 6 });
    }
    // Not vacuous: the history did ban every keeping move, and the tables'
    // value was lost there.
    assert!(report.forced_losses.count > 0);
    let forced_games = report.games_forced(PerfectStyle::Random).count
        + report.games_forced(PerfectStyle::Narrowing).count;
    assert!(forced_games > 0);
    let mut all_lost = 0;
    for game in &report.games {
        let (lost, keeping_left, _) = recount(&tables, game);
        assert_eq!(keeping_left, 0);
        assert_eq!((game.losing_moves, game.forced_losses), (0, lost));
        all_lost += u64::from(lost);
    }
    assert_eq!(report.forced_losses.count, all_lost);
    assert_eq!(report.forced_losses.total, report.losing_moves.total);
    assert!(report
        .to_markdown()
        .contains("| losses forced by the history (per 1,000) |"));
}

#[test]
fn slips_and_forced_losses_are_what_a_recount_finds() {
    let (_dir, tables) = support::tables(RULES);
    // The first legal move: slips of its own, and forced losses too.
    let report = evaluate(&tables, &options(), first).unwrap();
    let (mut slips, mut moves, mut kept) = (0, 0, 0);
    for game in &report.games {
        let (lost, _, worse_than_best) = recount(&tables, game);
        assert_eq!(game.losing_moves, worse_than_best);
        // Every move below the tables' value is a slip or a forced loss.
        assert_eq!(game.losing_moves + game.forced_losses, lost);
        slips += u64::from(worse_than_best);
        moves += u64::from(game.agent_moves);
        kept += u64::from(worse_than_best == 0 && game.opponent == PerfectStyle::Random);
        let turns = game
            .game
            .moves()
            .iter()
            .enumerate()
            .filter(|(ply, _)| {
                let goats_first = game.game.start().side_to_move() == Side::Goat;
                (ply % 2 == 0) == (goats_first == (game.agent_side == Side::Goat))
            })
            .count();
        assert_eq!(game.agent_moves as usize, turns);
    }
    assert!(slips > 0);
    assert_eq!(
        report.losing_moves,
        Rate {
            count: slips,
            total: moves
        }
    );
    assert_eq!(report.games_kept(PerfectStyle::Random).count, kept);
}
