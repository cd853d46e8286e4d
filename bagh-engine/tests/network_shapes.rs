//! Network files of either accumulator width (128 or 256), with the
//! board's 91 inputs or with the 25 of the goats under attack too: the
//! engine's inference, summed from scratch or updated move by move in a
//! search, gives what a plain computation of the file's arithmetic
//! (`docs/network.md`) gives, on seeded random networks and games; other
//! shapes are typed errors.

use bagh_core::{random_game, Position, Ruleset, Side, SplitMix64};
use bagh_engine::network::{Network, NetworkError, H1_WIDTHS, INPUTS, INPUTS_WITH_ATTACKS};

const H2: usize = 32;
const H3: usize = 32;
const OUTPUTS: usize = 4;

/// A network's integers, as the file lays them out.
struct Weights {
    width: usize,
    inputs: usize,
    w1: Vec<Vec<i16>>,
    b1: Vec<i16>,
    /// Per side to move (goats, then tigers): rows by output.
    w2: [Vec<Vec<i16>>; 2],
    b2: [Vec<i32>; 2],
    w3: [Vec<Vec<i16>>; 2],
    b3: [Vec<i32>; 2],
    w4: [Vec<Vec<i16>>; 2],
    b4: [Vec<i32>; 2],
}

fn uniform(rng: &mut SplitMix64, bound: i32) -> i32 {
    rng.below(2 * bound as usize + 1) as i32 - bound
}

fn matrix(rng: &mut SplitMix64, rows: usize, columns: usize, bound: i32) -> Vec<Vec<i16>> {
    (0..rows)
        .map(|_| (0..columns).map(|_| uniform(rng, bound) as i16).collect())
        .collect()
}

fn vector(rng: &mut SplitMix64, n: usize, bound: i32) -> Vec<i32> {
    (0..n).map(|_| uniform(rng, bound)).collect()
}

/// Weights small enough that no accumulator leaves 16 bits (fewer than 50
/// inputs are on), and spread so that the clamps cut both ways.
fn random_weights(width: usize, inputs: usize, seed: u64) -> Weights {
    let mut rng = SplitMix64::new(seed);
    let side = |rng: &mut SplitMix64, rows, columns, bound| {
        [
            matrix(rng, rows, columns, bound),
            matrix(rng, rows, columns, bound),
        ]
    };
    let biases = |rng: &mut SplitMix64, n, bound| [vector(rng, n, bound), vector(rng, n, bound)];
    Weights {
        width,
        inputs,
        w1: matrix(&mut rng, inputs, width, 40),
        b1: vector(&mut rng, width, 60)
            .into_iter()
            .map(|b| b as i16)
            .collect(),
        w2: side(&mut rng, H2, width, 300),
        b2: biases(&mut rng, H2, 30_000),
        w3: side(&mut rng, H3, H2, 600),
        b3: biases(&mut rng, H3, 30_000),
        w4: side(&mut rng, OUTPUTS, H3, 3_000),
        b4: biases(&mut rng, OUTPUTS, 100_000),
    }
}

/// The bytes of a network file holding `weights`.
fn file_bytes(weights: &Weights, rules: &str) -> Vec<u8> {
    let mut out = b"BAGHNET\0".to_vec();
    for n in [
        1,
        weights.inputs,
        weights.width,
        H2,
        H3,
        OUTPUTS,
        2,
        rules.len(),
    ] {
        out.extend((n as u32).to_le_bytes());
    }
    out.extend(rules.as_bytes());
    let i16s = |out: &mut Vec<u8>, rows: &[Vec<i16>]| {
        for v in rows.iter().flatten() {
            out.extend(v.to_le_bytes());
        }
    };
    let i32s = |out: &mut Vec<u8>, values: &[i32]| {
        for v in values {
            out.extend(v.to_le_bytes());
        }
    };
    i16s(&mut out, &weights.w1);
    i16s(&mut out, std::slice::from_ref(&weights.b1));
    for s in 0..2 {
        i16s(&mut out, &weights.w2[s]);
        i32s(&mut out, &weights.b2[s]);
        i16s(&mut out, &weights.w3[s]);
        i32s(&mut out, &weights.b3[s]);
        i16s(&mut out, &weights.w4[s]);
        i32s(&mut out, &weights.b4[s]);
    }
    let crc = crc32fast::hash(&out);
    out.extend(crc.to_le_bytes());
    out
}

/// The point of file `f` and rank `r`, if it is on the board.
fn point(f: i32, r: i32) -> Option<usize> {
    ((0..5).contains(&f) && (0..5).contains(&r)).then_some((r * 5 + f) as usize)
}

/// The goats a tiger could capture at once, from the board's lines: the
/// files, the ranks, and the diagonals through the points whose file and
/// rank add up to an even number.
fn attacked_goats(position: &Position) -> Vec<usize> {
    let on = |set: u32, p: usize| set >> p & 1 == 1;
    let (tigers, goats) = (position.tigers().bits(), position.goats().bits());
    let mut attacked = Vec::new();
    for m in (0..25).filter(|&m| on(goats, m)) {
        let (f, r) = ((m % 5) as i32, (m / 5) as i32);
        let mut directions = vec![(1, 0), (0, 1)];
        if (f + r) % 2 == 0 {
            directions.extend([(1, 1), (1, -1)]);
        }
        let under_attack = directions.iter().any(|&(df, dr)| {
            let ends = [point(f - df, r - dr), point(f + df, r + dr)];
            let [Some(a), Some(b)] = ends else {
                return false;
            };
            let empty = |p| !on(tigers, p) && !on(goats, p);
            (on(tigers, a) && empty(b)) || (on(tigers, b) && empty(a))
        });
        if under_attack {
            attacked.push(m);
        }
    }
    attacked
}

/// The inputs that are on, as `docs/network.md` lists them.
fn inputs(position: &Position, count: usize) -> Vec<usize> {
    let mut on: Vec<usize> = (0..25)
        .filter(|&p| position.tigers().bits() >> p & 1 == 1)
        .collect();
    on.extend(
        (0..25)
            .filter(|&p| position.goats().bits() >> p & 1 == 1)
            .map(|p| 25 + p),
    );
    on.push(50 + usize::from(position.goats_in_hand().min(31)));
    on.push(82 + usize::from(position.goats_captured().min(7)));
    if position.side_to_move() == Side::Tiger {
        on.push(90);
    }
    if count == INPUTS_WITH_ATTACKS {
        on.extend(attacked_goats(position).into_iter().map(|p| INPUTS + p));
    }
    on
}

/// One clamped layer: rows of 1024ths, each sum shifted right by 10.
fn layer(x: &[i32], rows: &[Vec<i16>], biases: &[i32]) -> Vec<i32> {
    rows.iter()
        .zip(biases)
        .map(|(row, &b)| {
            let sum: i32 = b + x
                .iter()
                .zip(row)
                .map(|(&x, &w)| x * i32::from(w))
                .sum::<i32>();
            (sum >> 10).clamp(0, 127)
        })
        .collect()
}

/// Loss, draw and win for the side to move, computed the plain way.
fn reference(weights: &Weights, position: &Position) -> [f32; 3] {
    let on = inputs(position, weights.inputs);
    let accumulator: Vec<i32> = (0..weights.width)
        .map(|j| {
            let sum: i32 = on.iter().map(|&i| i32::from(weights.w1[i][j])).sum();
            (i32::from(weights.b1[j]) + sum).clamp(0, 127)
        })
        .collect();
    let s = usize::from(position.side_to_move() == Side::Tiger);
    let h2 = layer(&accumulator, &weights.w2[s], &weights.b2[s]);
    let h3 = layer(&h2, &weights.w3[s], &weights.b3[s]);
    let logits: Vec<f32> = (0..3)
        .map(|o| {
            let sum: i32 = h3
                .iter()
                .zip(&weights.w4[s][o])
                .map(|(&x, &w)| x * i32::from(w))
                .sum();
            (sum + weights.b4[s][o]) as f32 / (127.0 * 1024.0)
        })
        .collect();
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = logits.iter().map(|z| (z - top).exp()).collect();
    let total: f32 = e.iter().sum();
    [e[0] / total, e[1] / total, e[2] / total]
}

/// Every shape a network file may have: widths by input counts.
fn shapes() -> impl Iterator<Item = (usize, usize)> {
    H1_WIDTHS
        .into_iter()
        .flat_map(|w| [INPUTS, INPUTS_WITH_ATTACKS].map(|i| (w, i)))
}

#[test]
fn every_shape_gives_the_plain_arithmetic_of_its_file() {
    let rules = Ruleset::default();
    for (width, count) in shapes() {
        for seed in 0..3 {
            let weights = random_weights(width, count, 100 * width as u64 + count as u64 + seed);
            let network = Network::from_bytes(&file_bytes(&weights, &rules.to_string())).unwrap();
            assert_eq!((network.width(), network.inputs()), (width, count));
            let mut positions = 0;
            for game_seed in 0..30 {
                let game = random_game(Position::new(rules), game_seed, 160);
                for position in game.positions() {
                    let wdl = network.wdl(position);
                    let expected = reference(&weights, position);
                    let got = [wdl.loss, wdl.draw, wdl.win];
                    for (g, e) in got.iter().zip(expected) {
                        assert!(
                            (g - e).abs() < 1e-5,
                            "width {width}, {count} inputs, seed {seed}: {got:?} against \
                             {expected:?} for {position}"
                        );
                    }
                    positions += 1;
                }
            }
            assert!(positions > 1_000, "{positions} positions");
        }
    }
}

#[test]
fn the_engine_searches_with_a_network_of_every_shape() {
    use bagh_engine::{Engine, EngineOptions, Evaluation, Limits};
    let rules = Ruleset::default();
    for (width, count) in shapes() {
        let bytes = file_bytes(&random_weights(width, count, 7), &rules.to_string());
        let network = std::sync::Arc::new(Network::from_bytes(&bytes).unwrap());
        let mut engine = Engine::new(EngineOptions {
            evaluation: Evaluation::Network(network),
            ..EngineOptions::default()
        })
        .unwrap();
        let game = random_game(Position::new(rules), 5, 30);
        let analysis = engine.analyse(&game, &Limits::depth(5), 1, |_| {}).unwrap();
        assert!(
            game.legal_moves().contains(&analysis.best_move),
            "width {width}, {count} inputs: {}",
            analysis.best_move
        );
    }
}

/// A file of `inputs` inputs whose shape number at `at` is set to `value`:
/// the reader's message.
fn shape_error(inputs: usize, at: usize, value: u32) -> String {
    let mut bytes = file_bytes(&random_weights(128, inputs, 1), "bagh-chal");
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
    match Network::from_bytes(&bytes) {
        Err(NetworkError::Format { reason, .. }) => reason,
        other => panic!("{other:?}"),
    }
}

#[test]
fn other_widths_and_input_counts_are_typed_errors() {
    // The input count is the second number of the shape, at byte 12; the
    // first layer's width the third, at byte 16.
    let width = shape_error(INPUTS, 16, 64);
    assert!(
        width.contains("shape") && width.contains("[128, 256]"),
        "{width}"
    );
    let inputs = shape_error(INPUTS_WITH_ATTACKS, 12, 100);
    assert!(
        inputs.contains("shape [100,") && inputs.contains("116 inputs"),
        "{inputs}"
    );
}
