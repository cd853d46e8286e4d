//! The network's own checks: updates against sums from scratch, the search
//! path's accumulators, and the probabilities.

use bagh_core::{random_game, Game, Ruleset};

use super::*;
use crate::path::GamePath;

#[cfg(feature = "tablebase")]
#[test]
fn the_most_likely_result_is_the_largest_probability_ties_to_the_better() {
    use bagh_tablebase::Value;
    let wdl = |win, draw, loss| Wdl { win, draw, loss }.most_likely();
    assert_eq!(wdl(0.2, 0.5, 0.3), Value::Draw);
    assert_eq!(wdl(0.6, 0.1, 0.3), Value::Win);
    assert_eq!(wdl(0.1, 0.3, 0.6), Value::Loss);
    assert_eq!(wdl(0.4, 0.4, 0.2), Value::Win);
    assert_eq!(wdl(0.2, 0.4, 0.4), Value::Draw);
}

/// A network of `width` with seeded random weights, small enough for
/// its checks: the tests of the width no shipped network has.
pub(crate) fn random_network(width: usize, inputs: usize, seed: u64) -> Network {
    let mut rng = bagh_core::SplitMix64::new(seed);
    let mut draw = |n: usize, bound: i32| -> Vec<i32> {
        (0..n)
            .map(|_| rng.below(2 * bound as usize + 1) as i32 - bound)
            .collect()
    };
    let i16s = |v: Vec<i32>| v.into_iter().map(|x| x as i16).collect::<Vec<i16>>();
    let w1 = i16s(draw(inputs * width, 40));
    let b1 = i16s(draw(width, 60));
    let buckets = (0..BUCKETS)
        .map(|_| Bucket {
            w2: kernels::pair_columns(&i16s(draw(H2 * width, 300)), width, H2),
            b2: draw(H2, 30_000),
            w3: kernels::pair_columns(&i16s(draw(H3 * H2, 600)), H2, H3),
            b3: draw(H3, 30_000),
            w4: i16s(draw(OUTPUTS_WITH_DISTANCE * H3, 3_000)),
            b4: draw(OUTPUTS_WITH_DISTANCE, 100_000),
        })
        .collect();
    let rules = Ruleset::default().to_string();
    Network::from_parts(
        rules,
        width,
        inputs,
        &w1,
        &b1,
        buckets,
        OUTPUTS_WITH_DISTANCE,
    )
    .unwrap()
}

#[test]
fn updates_along_games_equal_sums_from_scratch() {
    let shipped = Network::shipped(&Ruleset::default()).expect("bagh-chal ships a network");
    let networks = [
        (*shipped).clone(),
        random_network(H1_MAX, INPUTS, 3),
        random_network(H1_WIDTHS[0], INPUTS_WITH_ATTACKS, 4),
    ];
    for (network, id) in networks
        .iter()
        .flat_map(|n| ["bagh-chal", "two-tigers", "bagh-chal-blocked-loses"].map(|id| (n, id)))
    {
        let rules = Ruleset::preset(id).unwrap();
        for seed in 0..40 {
            let game = random_game(Position::new(rules), seed, 200);
            let mut acc = network.accumulate(game.start());
            let mut prev = *game.start();
            for &mv in game.moves() {
                let next = prev.play(mv).unwrap();
                acc = network.update(&acc, &prev, &next);
                assert_eq!(
                    acc,
                    network.accumulate(&next),
                    "{id} seed {seed} after {mv}"
                );
                prev = next;
            }
        }
    }
}

#[test]
fn the_search_path_keeps_its_accumulators_through_pushes_and_pops() {
    let network = Network::shipped(&Ruleset::default()).unwrap();
    let game = random_game(Position::new(Ruleset::default()), 3, 30);
    let mut path = GamePath::new(&game).with_network(network.clone());
    let score = |p: &Position| network.evaluate(p);
    assert_eq!(path.network_output(), Some(score(game.position())));
    let mut line = Game::from_position(*game.position());
    for _ in 0..6 {
        let Some(&mv) = line.legal_moves().first() else {
            break;
        };
        path.push(mv);
        line.push(mv).unwrap();
        assert_eq!(path.network_output(), Some(score(line.position())));
    }
    for _ in 0..line.moves().len() {
        path.pop();
    }
    assert_eq!(path.network_output(), Some(score(game.position())));
}

#[test]
fn probabilities_add_up_and_the_score_follows_them() {
    let network = Network::shipped(&Ruleset::default()).unwrap();
    let game = random_game(Position::new(Ruleset::default()), 11, 80);
    for position in game.positions() {
        let wdl = network.wdl(position);
        assert!((wdl.win + wdl.draw + wdl.loss - 1.0).abs() < 1e-5);
        assert!([wdl.win, wdl.draw, wdl.loss]
            .iter()
            .all(|p| (0.0..=1.0).contains(p)));
        assert_eq!(wdl.score(), (1000.0 * (wdl.win - wdl.loss)).round() as i32);
    }
}
