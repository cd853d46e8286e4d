//! The batched search against the tables of a small rule set: a uniform
//! evaluator finds forced short wins, and an evaluator that reads the
//! tables chooses moves that keep the tables' value.

use bagh_core::{Game, Point, PointSet, Position, Ruleset, Setup, Side};
use bagh_rl::{
    decode, position_from_observation, sample_positions, Mcts, MctsOptions, Phase, NUM_ACTIONS,
    OBSERVATION_SIZE,
};
use bagh_tablebase::{BuildOptions, Tablebase, Value};

/// One tiger, four goats, two captures win; repetition allowed, so that
/// the tables' values are those of the games.
fn rules() -> Ruleset {
    "tigers=c3 goats=4 capture_target=2 repetition=allowed"
        .parse()
        .unwrap()
}

fn tables(dir: &std::path::Path) -> Tablebase {
    Tablebase::build(rules(), dir, &BuildOptions::default()).unwrap()
}

fn uniform(_: &[f32], _: &[bool], logits: &mut [f32], values: &mut [f32]) -> Result<(), ()> {
    logits.fill(0.0);
    values.fill(0.0);
    Ok(())
}

fn keeps_the_win(tables: &Tablebase, position: &Position, action: i64) -> bool {
    let mv = decode(action as usize, position).unwrap();
    tables.probe(&position.play(mv).unwrap()).unwrap().value == Value::Loss
}

#[test]
fn a_uniform_evaluator_finds_forced_short_wins() {
    let dir = tempfile::tempdir().unwrap();
    let tables = tables(dir.path());
    let mut wins: Vec<Position> = sample_positions(rules(), 400, Phase::Movement, 1)
        .into_iter()
        .filter(|p| {
            let probe = tables.probe(p).unwrap();
            probe.value == Value::Win && matches!(probe.distance, Some(1 | 3))
        })
        .collect();
    wins.sort_by_key(|p| p.to_string());
    wins.dedup();
    assert!(wins.len() >= 5, "{}", wins.len());
    let games: Vec<Game> = wins.iter().map(|p| Game::from_position(*p)).collect();
    // A Gumbel root shares few visits among its actions at first, and its
    // noise outweighs a small q: it is asked for the wins in one ply alone.
    for gumbel in [false, true] {
        let mut mcts = Mcts::new::<()>(MctsOptions {
            simulations: 400,
            batch_size: 32,
            gumbel,
            ..MctsOptions::default()
        })
        .unwrap();
        let out = mcts.search(&games, uniform).unwrap();
        let mut checked = 0;
        for (i, position) in wins.iter().enumerate() {
            if gumbel && tables.probe(position).unwrap().distance != Some(1) {
                continue;
            }
            checked += 1;
            assert!(
                keeps_the_win(&tables, position, out.actions[i]),
                "gumbel {gumbel}: {position}"
            );
            assert!(out.values[i] > 0.0, "{position}: {}", out.values[i]);
        }
        assert!(checked > 0);
    }
}

#[test]
fn an_evaluator_that_reads_the_tables_agrees_with_them() {
    let dir = tempfile::tempdir().unwrap();
    let tables = tables(dir.path());
    let mut positions = sample_positions(rules(), 40, Phase::Any, 2);
    positions.retain(|p| tables.probe(p).unwrap().value != Value::Loss);
    let games: Vec<Game> = positions.iter().map(|p| Game::from_position(*p)).collect();
    let mut mcts = Mcts::new::<()>(MctsOptions {
        simulations: 200,
        batch_size: 64,
        ..MctsOptions::default()
    })
    .unwrap();
    let mut calls = 0;
    let out = mcts
        .search(&games, |obs, masks, logits, values| {
            calls += 1;
            assert_eq!(obs.len() / OBSERVATION_SIZE, masks.len() / NUM_ACTIONS);
            assert!(values.len() <= 64);
            logits.fill(0.0);
            for (i, value) in values.iter_mut().enumerate() {
                let position =
                    position_from_observation(&obs[i * OBSERVATION_SIZE..], rules()).unwrap();
                *value = match tables.probe(&position).unwrap().value {
                    Value::Win => 1.0,
                    Value::Draw => 0.0,
                    Value::Loss => -1.0,
                };
            }
            Ok::<(), ()>(())
        })
        .unwrap();
    assert!(calls > 1);
    for (i, position) in positions.iter().enumerate() {
        let root = tables.probe(position).unwrap().value;
        let mv = decode(out.actions[i] as usize, position).unwrap();
        let after = tables.probe(&position.play(mv).unwrap()).unwrap().value;
        assert_eq!(after, root.flip(), "{position}: {mv}");
        // The mean over the visits, exploration included: a win shows.
        if root == Value::Win {
            assert!(out.values[i] > 0.0, "{position}: {}", out.values[i]);
        }
        let total: f32 = out.policies[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS]
            .iter()
            .sum();
        assert!((total - 1.0).abs() < 1e-4);
    }
}

#[test]
fn finished_games_and_bad_options() {
    // The tigers have made their two captures: the game is over.
    let over = Position::from_setup(
        Setup {
            tigers: PointSet::single(Point::C3),
            goats: [Point::A1, Point::B1].into_iter().collect(),
            side: Side::Goat,
            goats_in_hand: 0,
            goats_captured: 2,
        },
        rules(),
    )
    .unwrap();
    let game = Game::from_position(over);
    let mut mcts = Mcts::new::<()>(MctsOptions::default()).unwrap();
    let out = mcts.search(&[game], uniform).unwrap();
    assert_eq!(out.actions, vec![-1]);
    assert_eq!(out.values, vec![-1.0]); // the goats to move have lost
    assert!(out.policies.iter().all(|p| *p == 0.0));
    for options in [
        MctsOptions {
            simulations: 0,
            ..MctsOptions::default()
        },
        MctsOptions {
            batch_size: 0,
            ..MctsOptions::default()
        },
        MctsOptions {
            dirichlet_weight: 2.0,
            ..MctsOptions::default()
        },
    ] {
        assert!(Mcts::new::<()>(options).is_err());
    }
    // The evaluator's error stops the search.
    let mut mcts = Mcts::new::<&str>(MctsOptions::default()).unwrap();
    let error = mcts
        .search(&[Game::new(rules())], |_, _, _, _| Err("no network"))
        .unwrap_err();
    assert_eq!(error, bagh_rl::MctsError::Evaluator("no network"));
}

#[test]
fn answers_the_search_cannot_use_are_refused() {
    // A value outside [-1, 1], a NaN value, and a NaN logit of a legal
    // action, at the root's batch and later: each stops the search with
    // the leaf named, instead of being clamped or read as a draw.
    type Answer = fn(&mut [f32], &mut [f32], &[bool]);
    let answers: [(Answer, &str); 4] = [
        (|_, values, _| values.fill(1.5), "value 1.5"),
        (|_, values, _| values.fill(f32::NAN), "value NaN"),
        (
            |logits, _, masks| {
                let legal = masks.iter().position(|&m| m).unwrap();
                logits[legal] = f32::NAN;
            },
            "logit of legal action",
        ),
        (|_, values, _| values.fill(-2.0), "value -2"),
    ];
    for (after, &(answer, expected)) in [0usize, 3]
        .into_iter()
        .flat_map(|after| answers.iter().map(move |entry| (after, entry)))
    {
        let mut calls = 0;
        let mut mcts = Mcts::new::<()>(MctsOptions {
            simulations: 64,
            batch_size: 4,
            ..MctsOptions::default()
        })
        .unwrap();
        let error = mcts
            .search(&[Game::new(rules())], |_, masks, logits, values| {
                logits.fill(0.0);
                values.fill(0.0);
                if calls >= after {
                    answer(logits, values, masks);
                }
                calls += 1;
                Ok::<(), ()>(())
            })
            .unwrap_err();
        assert!(
            matches!(error, bagh_rl::MctsError::BadAnswer { .. }),
            "{error:?}"
        );
        assert!(error.to_string().contains(expected), "{error}");
    }
    // Legal extremes are accepted: values -1 and 1, a masked logit of NaN.
    let mut mcts = Mcts::new::<()>(MctsOptions {
        simulations: 32,
        ..MctsOptions::default()
    })
    .unwrap();
    let out = mcts
        .search(&[Game::new(rules())], |_, masks, logits, values| {
            for (logit, &legal) in logits.iter_mut().zip(masks) {
                *logit = if legal { 0.0 } else { f32::NAN };
            }
            for (i, value) in values.iter_mut().enumerate() {
                *value = if i % 2 == 0 { 1.0 } else { -1.0 };
            }
            Ok::<(), ()>(())
        })
        .unwrap();
    assert!(out.actions[0] >= 0);
}
