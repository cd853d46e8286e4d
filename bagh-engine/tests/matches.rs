//! Matches and the tables' perfect player: sides alternate, records read
//! back to the games played, bad players and openings are typed errors,
//! and perfect players win by the tables' distance and never give up a
//! value (on small rule sets solved here).

#![cfg(feature = "tablebase")]

mod common;

use bagh_core::{Game, Move, Point, Position, Record, Ruleset, Side, TigerMoves};
use bagh_engine::{
    play_match, Engine, EngineOptions, EnginePlayer, Limits, MatchError, MatchOptions, Openings,
    PerfectPlayer, PerfectStyle, Player,
};
use bagh_tablebase::Value;
use common::{forbidden, sample, shared_tables, small};

fn level(level: u8) -> EnginePlayer {
    let engine = Engine::new(EngineOptions {
        level: Some(level),
        hash_mb: 1,
        ..EngineOptions::default()
    })
    .unwrap();
    EnginePlayer::new(engine, Limits::depth(2))
}

/// Always the first legal move.
struct FirstMove;

impl Player for FirstMove {
    fn name(&self) -> String {
        "first move".into()
    }
    fn choose(&mut self, game: &Game) -> Result<Move, MatchError> {
        Ok(game.legal_moves()[0])
    }
}

/// A step from the centre onto itself: never legal.
struct Cheater;

impl Player for Cheater {
    fn name(&self) -> String {
        "cheater".into()
    }
    fn choose(&mut self, _: &Game) -> Result<Move, MatchError> {
        Ok(Move::Step {
            from: Point::C3,
            to: Point::C3,
        })
    }
}

#[test]
fn sides_alternate_and_records_read_back() {
    let rules = Ruleset::default();
    let options = MatchOptions {
        games: 4,
        openings: Openings::Random { plies: 6 },
        seed: 9,
        max_plies: 60,
    };
    let mut heard = 0;
    let report = play_match(rules, &mut level(6), &mut FirstMove, &options, |_| {
        heard += 1;
        Ok(())
    })
    .unwrap();
    assert_eq!(heard, 4);
    assert_eq!(
        report.players,
        ["bagh level 6".to_string(), "first move".into()]
    );
    assert_eq!(report.games.len(), 4);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for (i, played) in report.games.iter().enumerate() {
        let first_goats = i % 2 == 0;
        assert_eq!(played.first_side == Side::Goat, first_goats);
        let (goats, tigers) = if first_goats {
            ("bagh level 6", "first move")
        } else {
            ("first move", "bagh level 6")
        };
        assert_eq!(
            (played.goats.as_str(), played.tigers.as_str()),
            (goats, tigers)
        );
        assert_eq!(played.opening_plies, 6);
        // A pair shares its opening.
        let pair_first = &report.games[i - i % 2].game;
        assert_eq!(played.game.moves()[..6], pair_first.moves()[..6]);
        assert_eq!(played.finished, played.game.is_game_over());
        assert!(played.finished || played.game.len() == 60);
        match played.game.outcome().and_then(|o| o.winner) {
            Some(winner) if winner == played.first_side => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        let text = played.record().unwrap().to_string();
        let record: Record = text.parse().unwrap();
        assert_eq!(record.tag("Goats"), Some(goats));
        assert_eq!(record.tag("Round"), Some((i + 1).to_string().as_str()));
        assert_eq!(record.game().moves(), played.game.moves());
    }
    assert_eq!(
        (report.tally.wins, report.tally.draws, report.tally.losses),
        (wins, draws, losses)
    );
}

#[test]
fn an_illegal_move_names_the_player_and_the_game() {
    let options = MatchOptions {
        games: 2,
        ..MatchOptions::default()
    };
    let error = play_match(
        Ruleset::default(),
        &mut FirstMove,
        &mut Cheater,
        &options,
        |_| Ok(()),
    )
    .unwrap_err();
    match error {
        MatchError::IllegalMove { player, round, .. } => {
            assert_eq!(player, "cheater");
            assert_eq!(round, 1);
        }
        other => panic!("expected an illegal move, got {other:?}"),
    }
}

#[test]
fn openings_of_another_rule_set_or_finished_are_refused() {
    let two_tigers = Ruleset::preset("two-tigers").unwrap();
    let options = MatchOptions {
        openings: Openings::Games(vec![Game::new(two_tigers)]),
        ..MatchOptions::default()
    };
    let error = play_match(
        Ruleset::default(),
        &mut FirstMove,
        &mut FirstMove,
        &options,
        |_| Ok(()),
    )
    .unwrap_err();
    assert!(
        matches!(error, MatchError::Opening { index: 0, .. }),
        "{error}"
    );
    let over = bagh_core::random_game(Position::new(Ruleset::default()), 3, 1_000);
    assert!(over.is_game_over());
    let options = MatchOptions {
        openings: Openings::Games(vec![Game::new(Ruleset::default()), over]),
        games: 4,
        ..MatchOptions::default()
    };
    let error = play_match(
        Ruleset::default(),
        &mut FirstMove,
        &mut FirstMove,
        &options,
        |_| Ok(()),
    )
    .unwrap_err();
    assert!(
        matches!(error, MatchError::Opening { index: 1, .. }),
        "{error}"
    );
    let empty = MatchOptions {
        openings: Openings::Games(Vec::new()),
        ..MatchOptions::default()
    };
    assert!(matches!(
        play_match(
            Ruleset::default(),
            &mut FirstMove,
            &mut FirstMove,
            &empty,
            |_| Ok(())
        ),
        Err(MatchError::Opening { .. })
    ));
}

/// From won movement positions, two perfect players end the game in
/// exactly the tables' distance, with the side to move winning; from
/// drawn ones, the game never leaves the draw.
#[test]
fn perfect_players_win_by_the_tables_distance() {
    let rules = small(&[Point::C3], 6, 2, TigerMoves::Step, false);
    let tables = shared_tables(rules);
    let positions = sample(rules, 400, |p| p.goats_in_hand() == 0);
    let (mut decided, mut drawn) = (0, 0);
    for (i, position) in positions.iter().enumerate() {
        let probe = tables.probe(position).unwrap();
        let style = if i % 2 == 0 {
            PerfectStyle::Random
        } else {
            PerfectStyle::Narrowing
        };
        let mut players = [
            PerfectPlayer::new(tables.clone(), style, i as u64),
            PerfectPlayer::new(tables.clone(), PerfectStyle::Random, 7 + i as u64),
        ];
        let mut game = Game::from_position(*position);
        while !game.is_game_over() && game.len() < 200 {
            let value = tables.probe(game.position()).unwrap().value;
            let mv = players[game.len() % 2].choose(&game).unwrap();
            let after = tables.probe(&game.position().play(mv).unwrap()).unwrap();
            assert_eq!(
                after.value.flip(),
                value,
                "{position}: {mv} gave up the value"
            );
            game.push(mv).unwrap();
        }
        match probe.value {
            Value::Draw => {
                drawn += 1;
                assert!(game.outcome().and_then(|o| o.winner).is_none());
            }
            value => {
                decided += 1;
                let distance = usize::from(probe.distance.unwrap());
                assert_eq!(game.len(), distance, "{position}: {value:?}");
                let winner = game.outcome().unwrap().winner.unwrap();
                let mover = position.side_to_move();
                let expected = if value == Value::Win { mover } else { !mover };
                assert_eq!(winner, expected, "{position}");
            }
        }
    }
    assert!(
        decided > 50 && drawn > 20,
        "{decided} decided, {drawn} drawn"
    );
}

/// Under `forbidden` a drawn game is a fight for fresh positions: the
/// player that searches the history wins it against the player that
/// trusts the tables alone, from either side, and never gives up a value
/// the tables give it while a move keeps it.
#[test]
fn searching_the_history_beats_the_tables_alone_under_forbidden() {
    let rules = forbidden(small(&[Point::C3], 6, 2, TigerMoves::Step, false));
    let tables = shared_tables(rules);
    let options = MatchOptions {
        games: 4,
        seed: 1,
        ..MatchOptions::default()
    };
    let mut searching = PerfectPlayer::new(tables.clone(), PerfectStyle::Random, 1);
    let mut trusting =
        PerfectPlayer::new(tables.clone(), PerfectStyle::Random, 2).with_history_nodes(0);
    let report = play_match(rules, &mut searching, &mut trusting, &options, |_| Ok(())).unwrap();
    assert_eq!(report.tally.losses, 0, "{:?}", report.tally);
    assert!(report.tally.wins >= 3, "{:?}", report.tally);
    for played in &report.games {
        let searcher = played.first_side;
        let mut game = Game::from_position(*played.game.start());
        for (ply, mv) in played.game.moves().iter().enumerate() {
            if ply >= played.opening_plies && game.side_to_move() == searcher {
                let value = tables.probe(game.position()).unwrap().value;
                let kept = PerfectPlayer::value_keeping_moves(&tables, &game).unwrap() > 0;
                let after = tables.probe(&game.position().play(*mv).unwrap()).unwrap();
                assert!(
                    !kept || after.value.flip() == value,
                    "{} ply {ply}",
                    played.game
                );
            }
            game.push(*mv).unwrap();
        }
    }
}

/// A perfect player beats a weak level from the start of a rule set the
/// tigers win, as tigers; the engine with tables does the same.
#[test]
fn perfect_play_converts_a_won_start() {
    // Two sliding tigers against four goats; blocked goats lose.
    let rules = small(&[Point::B3, Point::D3], 4, 2, TigerMoves::Slide, true);
    let tables = shared_tables(rules);
    let start = tables.probe(&Position::new(rules)).unwrap().value;
    assert_eq!(start, Value::Loss, "the goats to move lose");
    let options = MatchOptions {
        games: 6,
        openings: Openings::Random { plies: 0 },
        seed: 3,
        max_plies: 400,
    };
    let mut perfect = PerfectPlayer::new(tables.clone(), PerfectStyle::Narrowing, 1);
    let report = play_match(rules, &mut perfect, &mut level(3), &options, |_| Ok(())).unwrap();
    let mut with_tables = EnginePlayer::new(
        Engine::new(EngineOptions {
            tablebase: Some(tables.clone()),
            ..EngineOptions::default()
        })
        .unwrap(),
        Limits::depth(4),
    );
    let report_tables =
        play_match(rules, &mut with_tables, &mut level(3), &options, |_| Ok(())).unwrap();
    for report in [report, report_tables] {
        for played in &report.games {
            if played.first_side == Side::Tiger {
                assert_eq!(played.first_won(), Some(true), "{}", played.game);
            }
        }
    }
}
