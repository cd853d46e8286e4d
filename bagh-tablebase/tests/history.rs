//! `probe_game` proven by play: a value it proves is one its side
//! actually gets. The side it says wins, moving by the search's bounds,
//! wins every game against random replies and against the tables' own
//! best moves; the side it says draws never loses. The games are played by
//! `Game` with its bans, so the result is the rules' word, not the
//! search's. Rule sets small enough: a lone tiger and a lone goat, where
//! `forbidden` turns most of the tables' draws into wins and losses.

mod common;

use bagh_core::{Game, Move, Point, PointSet, Position, Ruleset, Setup, Side, SplitMix64};
use bagh_tablebase::{HistorySearch, Tablebase, TablebaseError, Value};
use common::tables::{quiet, temp_path};

fn build(name: &str, rules: Ruleset) -> Tablebase {
    let dir = temp_path(name);
    std::fs::remove_dir_all(&dir).ok();
    Tablebase::build(rules, &dir, &quiet()).unwrap()
}

/// The move with the best proven lower bound for the side to move.
fn searched_move(search: &mut HistorySearch<'_>, game: &Game) -> Move {
    search.allow(100_000);
    let moves = search.probe_moves(game).unwrap();
    moves.iter().max_by_key(|(_, lo, _)| *lo).unwrap().0
}

/// A reply of the other side: at random, or the tables' best (which
/// ignore the history), chosen by `seed`.
fn other_move(tables: &Tablebase, game: &Game, rng: &mut SplitMix64, tables_best: bool) -> Move {
    let legal = game.legal_moves();
    if tables_best {
        let best = tables.best_moves(game.position()).unwrap();
        if let Some(mv) = best.iter().find(|mv| legal.contains(mv)) {
            return *mv;
        }
    }
    legal[rng.below(legal.len())]
}

/// The result for `side` of `game` played to its end, `side` moving by
/// the search, the other side by `other_move`.
fn play_out(tables: &Tablebase, mut game: Game, side: Side, seed: u64) -> Value {
    let mut search = HistorySearch::new(tables, 0);
    let mut rng = SplitMix64::new(seed);
    let tables_best = seed.is_multiple_of(2);
    for _ in 0..2_000 {
        if let Some(outcome) = game.outcome() {
            return match outcome.winner {
                None => Value::Draw,
                Some(winner) if winner == side => Value::Win,
                Some(_) => Value::Loss,
            };
        }
        let mv = if game.side_to_move() == side {
            searched_move(&mut search, &game)
        } else {
            other_move(tables, &game, &mut rng, tables_best)
        };
        game.push(mv).unwrap();
    }
    panic!("a game under forbidden ends");
}

/// Every position of a lone tiger and a lone goat on the board, goats to
/// move and tigers to move, that is not over.
fn lone_pieces(rules: Ruleset) -> Vec<Position> {
    let mut out = Vec::new();
    for tiger in Point::ALL {
        for goat in Point::ALL.into_iter().filter(|p| *p != tiger) {
            for side in [Side::Goat, Side::Tiger] {
                let setup = Setup {
                    tigers: PointSet::single(tiger),
                    goats: PointSet::single(goat),
                    side,
                    goats_in_hand: 0,
                    goats_captured: 0,
                };
                let p = Position::from_setup(setup, rules).unwrap();
                if !p.is_game_over() {
                    out.push(p);
                }
            }
        }
    }
    out
}

fn lone_rules(tiger: Point) -> Ruleset {
    Ruleset::builder()
        .tigers([tiger])
        .goats(1)
        .capture_target(1)
        .build()
        .unwrap()
}

/// A game of `rules` from its start after `plies` random moves that are
/// not captures (fewer if it ends), seeded by `seed`.
fn wandered(rules: Ruleset, plies: usize, seed: u64) -> Game {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(rules);
    for _ in 0..plies {
        let quiet: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|mv| !mv.is_capture())
            .collect();
        if quiet.is_empty() {
            break;
        }
        game.push(quiet[rng.below(quiet.len())]).unwrap();
    }
    game
}

#[test]
fn proven_values_are_what_the_sides_get_in_play() {
    let rules = lone_rules(Point::C3);
    let tables = build("history-lone", rules);
    // Values the search proved (more than one node), and tables' wins it
    // trusted at once: a few of the second kind are enough.
    let (mut searched, mut trusted) = (0, 0);
    for seed in 0..400 {
        let game = wandered(rules, 60 + (seed as usize % 8) * 30, seed);
        if game.is_game_over() {
            continue;
        }
        let answer = tables.probe_game_with(&game, 5_000).unwrap();
        let Some(proven) = answer.proven else {
            continue;
        };
        if answer.nodes == 1 {
            if trusted == 4 {
                continue;
            }
            trusted += 1;
        } else {
            searched += 1;
        }
        let mover = game.side_to_move();
        for play_seed in 0..4 {
            match proven {
                // The mover gets at least its value, and the other side at
                // least the opposite.
                Value::Win | Value::Draw => {
                    let got = play_out(&tables, game.clone(), mover, play_seed);
                    assert!(got >= proven, "seed {seed}: proven {proven}, got {got}");
                }
                Value::Loss => {
                    let got = play_out(&tables, game.clone(), !mover, play_seed);
                    assert_eq!(got, Value::Win, "seed {seed}: proven loss");
                }
            }
        }
    }
    // The tables say draw in nearly all of these, and the search proves
    // few within its budget: 28 of the 400 games, 5 of them by search.
    assert_eq!(trusted, 4);
    assert!(searched >= 3, "{searched} proven by search");
}

#[test]
fn wins_the_history_cannot_touch_need_no_search() {
    // After a capture the stretch starts afresh: the tables' wins hold.
    let rules: Ruleset = "tigers=c3 goats=4 capture_target=1".parse().unwrap();
    let tables = build("history-trusted", rules);
    let mut checked = 0;
    for seed in 0..200 {
        let plies = (seed % 30) as u32;
        let game = bagh_core::random_game(bagh_core::Position::new(rules), seed, plies);
        if game.is_game_over() {
            continue;
        }
        // Only these are searched: a search of any other position may spend
        // its whole budget.
        let fresh = game.no_progress_plies() == 0;
        if tables.probe(game.position()).unwrap().value != Value::Draw && fresh {
            let answer = tables.probe_game(&game).unwrap();
            assert_eq!(answer.proven, Some(answer.tables.value), "seed {seed}");
            assert_eq!(answer.nodes, 1);
            checked += 1;
        }
    }
    assert!(checked >= 5, "{checked}");
}

#[test]
fn other_repetition_policies_take_the_tables_at_their_word() {
    for policy in ["allowed", "draw(3)"] {
        let rules: Ruleset = format!("tigers=c3 goats=1 capture_target=1 repetition={policy}")
            .parse()
            .unwrap();
        let tables = build(&format!("history-{policy}"), rules);
        for position in lone_pieces(rules).into_iter().step_by(7) {
            let answer = tables.probe_game(&Game::from_position(position)).unwrap();
            assert_eq!(
                answer.proven,
                Some(answer.tables.value),
                "{policy} {position}"
            );
            assert!(
                answer.nodes <= 1,
                "{policy} {position}: {} nodes",
                answer.nodes
            );
        }
    }
}

#[test]
fn a_spent_budget_proves_nothing_and_a_finished_game_needs_none() {
    let rules: Ruleset = "tigers=c3 goats=3 capture_target=1".parse().unwrap();
    let tables = build("history-budget", rules);
    let start = Game::new(rules);
    let answer = tables.probe_game_with(&start, 50).unwrap();
    assert_eq!(answer.proven, None);
    assert_eq!(answer.value(), answer.tables.value);
    assert!(answer.nodes <= 50);

    // A goat placed beside the tiger, captured: the goats have lost.
    let mut over = Game::new(lone_rules(Point::C3));
    over.push("c2".parse().unwrap()).unwrap();
    let capture = over.legal_captures()[0];
    over.push(capture).unwrap();
    assert!(over.is_game_over());
    let lone = build("history-over", lone_rules(Point::C3));
    let answer = lone.probe_game(&over).unwrap();
    assert_eq!(answer.proven, Some(Value::Loss));
    assert_eq!(answer.nodes, 1);
}

#[test]
fn another_rule_set_is_refused() {
    let tables = build("history-foreign", lone_rules(Point::C3));
    let game = Game::new(lone_rules(Point::A1));
    assert!(matches!(
        tables.probe_game(&game),
        Err(TablebaseError::RulesMismatch { .. })
    ));
}
