//! VecEnv against a plain loop over bagh-core games: the same moves give
//! the same observations, masks, rewards and flags, with next-step resets.

// Environments are rows of several parallel arrays: indexing reads best.
#![allow(clippy::needless_range_loop)]

use bagh_core::{Game, Ruleset, Side, SplitMix64};
use bagh_rl::{
    encode, write_game_mask, write_game_observation, Buffers, EnvError, Opponent, VecEnv,
    VecEnvOptions, NUM_ACTIONS, OBSERVATION_SIZE,
};

struct Out {
    obs: Vec<f32>,
    masks: Vec<bool>,
    to_play: Vec<i8>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
}

impl Out {
    fn new(n: usize) -> Out {
        Out {
            obs: vec![0.0; n * OBSERVATION_SIZE],
            masks: vec![false; n * NUM_ACTIONS],
            to_play: vec![0; n],
            rewards: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
        }
    }

    fn buffers(&mut self) -> Buffers<'_> {
        Buffers {
            observations: &mut self.obs,
            masks: &mut self.masks,
            to_play: &mut self.to_play,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
        }
    }
}

/// Checks env `i`'s row against the reference game.
fn check_row(out: &Out, i: usize, game: &Game) {
    let mut obs = [0.0; OBSERVATION_SIZE];
    write_game_observation(game, &mut obs);
    assert_eq!(
        &out.obs[i * OBSERVATION_SIZE..(i + 1) * OBSERVATION_SIZE],
        &obs[..]
    );
    // A finished game's row holds the mask of a new game's start, so that
    // the action the next step ignores can be sampled from it.
    let mut mask = [false; NUM_ACTIONS];
    if game.is_game_over() {
        write_game_mask(&Game::from_position(*game.start()), &mut mask);
        assert!(mask.iter().any(|&legal| legal));
    } else {
        write_game_mask(game, &mut mask);
    }
    assert_eq!(
        &out.masks[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS],
        &mask[..]
    );
    let side = i8::from(game.side_to_move() == Side::Tiger);
    assert_eq!(out.to_play[i], side);
}

fn self_play_matches_games(rules: Ruleset, threads: usize, max_plies: Option<u32>) {
    let n = 7;
    let mut env = VecEnv::new(VecEnvOptions {
        threads,
        max_plies,
        ..VecEnvOptions::new(n, rules)
    })
    .unwrap();
    let mut out = Out::new(n);
    env.reset(&mut out.buffers()).unwrap();
    let mut games: Vec<Game> = (0..n).map(|_| Game::new(rules)).collect();
    let mut pending_reset = vec![false; n];
    let mut rng = SplitMix64::new(5);
    let mut episodes = 0;
    for i in 0..n {
        check_row(&out, i, &games[i]);
    }
    for _ in 0..400 {
        let mut actions = vec![0i64; n];
        let mut movers = vec![Side::Goat; n];
        for i in 0..n {
            if pending_reset[i] {
                actions[i] = 12345; // ignored: the env starts a new game
                continue;
            }
            let moves = games[i].legal_moves();
            let mv = moves[rng.below(moves.len())];
            actions[i] = encode(mv) as i64;
            movers[i] = games[i].side_to_move();
            games[i].push(mv).unwrap();
        }
        env.step(&actions, &mut out.buffers()).unwrap();
        for i in 0..n {
            if pending_reset[i] {
                games[i] = Game::new(rules);
                pending_reset[i] = false;
                assert_eq!(
                    (out.rewards[i], out.terminated[i], out.truncated[i]),
                    (0.0, false, false)
                );
                check_row(&out, i, &games[i]);
                continue;
            }
            check_row(&out, i, &games[i]);
            let outcome = games[i].outcome();
            assert_eq!(out.terminated[i], outcome.is_some());
            let expected_reward = match outcome.and_then(|o| o.winner) {
                Some(w) if w == movers[i] => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
            assert_eq!(out.rewards[i], expected_reward);
            let limit_reached = max_plies.is_some_and(|m| games[i].len() >= m as usize);
            assert_eq!(out.truncated[i], outcome.is_none() && limit_reached);
            if out.terminated[i] || out.truncated[i] {
                pending_reset[i] = true;
                episodes += 1;
            }
        }
    }
    assert!(episodes > 0);
}

#[test]
fn self_play_is_the_games_of_its_moves() {
    for (_, rules) in Ruleset::presets() {
        self_play_matches_games(rules, 1, Some(60));
        self_play_matches_games(rules, 3, None);
    }
}

#[test]
fn a_bad_action_names_its_environment_and_changes_nothing() {
    // On 3 threads each environment is a thread's rows: the bad action of
    // one thread's rows stops the others' too.
    for threads in [1, 3] {
        let mut env = VecEnv::new(VecEnvOptions {
            threads,
            ..VecEnvOptions::new(3, Ruleset::default())
        })
        .unwrap();
        let mut out = Out::new(3);
        env.reset(&mut out.buffers()).unwrap();
        let before = out.obs.clone();
        // c3 (12) is legal everywhere; a1 (0) holds a tiger.
        let error = env.step(&[12, 0, 12], &mut out.buffers()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "environment 1: action 0 (a1) is not a legal move in T3T/5/5/5/T3T g 20 0"
        );
        assert!(matches!(error, EnvError::Action { env: 1, .. }));
        let error = env.step(&[12, 12, -1], &mut out.buffers()).unwrap_err();
        assert!(matches!(error, EnvError::Action { env: 2, .. }));
        // The first bad environment is named, whichever thread holds it.
        let error = env.step(&[0, 12, 0], &mut out.buffers()).unwrap_err();
        assert!(matches!(error, EnvError::Action { env: 0, .. }));
        assert_eq!(out.obs, before);
        for i in 0..3 {
            assert_eq!(env.game(i).map(Game::len), Some(0), "{threads} threads");
        }
        let error = env.step(&[12, 12], &mut out.buffers()).unwrap_err();
        assert_eq!(error.to_string(), "actions: expected length 3, got 2");
    }
}

#[test]
fn random_actions_do_not_depend_on_the_threads() {
    let n = 10;
    let played: Vec<Vec<i64>> = [1, 2, 4]
        .into_iter()
        .map(|threads| {
            let mut env = VecEnv::new(VecEnvOptions {
                threads,
                seed: 9,
                ..VecEnvOptions::new(n, Ruleset::default())
            })
            .unwrap();
            let mut out = Out::new(n);
            env.reset(&mut out.buffers()).unwrap();
            let mut all = Vec::new();
            let mut actions = vec![0; n];
            for _ in 0..50 {
                env.random_actions(&mut actions);
                env.step(&actions, &mut out.buffers()).unwrap();
                all.extend_from_slice(&actions);
            }
            all
        })
        .collect();
    assert_eq!(played[0], played[1]);
    assert_eq!(played[0], played[2]);
    // Not all zero: the games were played.
    assert!(played[0].iter().any(|&a| a != 0));
}

#[test]
fn against_an_opponent_the_agent_always_has_the_move() {
    for agent in [Side::Goat, Side::Tiger] {
        for opponent in [Opponent::Random, Opponent::Level(1)] {
            let n = 4;
            let mut env = VecEnv::new(VecEnvOptions {
                opponent: Some(opponent.clone()),
                agent,
                threads: 2,
                seed: 3,
                ..VecEnvOptions::new(n, Ruleset::default())
            })
            .unwrap();
            let mut out = Out::new(n);
            env.reset(&mut out.buffers()).unwrap();
            let mut actions = vec![0; n];
            let (mut ended, mut pending) = (0, vec![false; n]);
            for _ in 0..150 {
                for i in 0..n {
                    let game = env.game(i).unwrap();
                    if !pending[i] {
                        assert_eq!(game.side_to_move(), agent, "{opponent:?}");
                    }
                }
                env.random_actions(&mut actions);
                env.step(&actions, &mut out.buffers()).unwrap();
                for i in 0..n {
                    pending[i] = out.terminated[i];
                    if out.terminated[i] {
                        ended += 1;
                        let winner = env.game(i).unwrap().outcome().unwrap().winner;
                        let expected = match winner {
                            Some(w) if w == agent => 1.0,
                            Some(_) => -1.0,
                            None => 0.0,
                        };
                        assert_eq!(out.rewards[i], expected);
                    }
                }
            }
            if matches!(opponent, Opponent::Random) {
                assert!(ended > 0);
            }
        }
    }
}

#[test]
fn options_are_checked() {
    let rules = Ruleset::default();
    for (options, name) in [
        (VecEnvOptions::new(0, rules), "num_envs"),
        (
            VecEnvOptions {
                threads: 0,
                ..VecEnvOptions::new(1, rules)
            },
            "threads",
        ),
        (
            VecEnvOptions {
                opponent: Some(Opponent::Level(21)),
                ..VecEnvOptions::new(1, rules)
            },
            "opponent",
        ),
    ] {
        match VecEnv::new(options) {
            Err(EnvError::Invalid { name: got, .. }) => assert_eq!(got, name),
            other => panic!("{other:?}"),
        }
    }
}
