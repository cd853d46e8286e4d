//! The shipped networks: the engine's integer inference gives exactly the
//! probabilities that the trainer's own simulation of it gives, and stays
//! near the float model it was quantized from, on held-out positions
//! (`networks/<id>.check`, written by `training/train_eval.py`), the
//! distance estimate too where the network has one; damaged files are
//! typed errors.

use bagh_core::{PointSet, Position, Ruleset, Setup, Side};
use bagh_engine::network::{Network, NetworkError, Wdl};

const SHIPPED: [&str; 3] = ["bagh-chal", "bagh-chal-blocked-loses", "two-tigers"];

struct CheckLine {
    position: Position,
    float: [f32; 3],
    quantized: [f32; 3],
    /// The float and the integer network's distance outputs, for a
    /// network that has one.
    distance: Option<(f32, f32)>,
}

/// Plies to the end from a distance output, ln(1 + plies) / ln(256),
/// clamped to 0..=1 as the engine clamps it.
fn plies(output: f32) -> f32 {
    (output.clamp(0.0, 1.0) * 256f32.ln()).exp_m1()
}

fn check_lines(id: &str, rules: Ruleset) -> Vec<CheckLine> {
    let path = format!("{}/networks/{id}.check", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            // Loss, draw and win of each model, or each followed by its distance.
            let with_distance = f.len() == 13;
            assert!(f.len() == 11 || with_distance, "{path}: {line}");
            let n = |i: usize| f[i].parse::<u32>().unwrap();
            let p = |i: usize| f[i].parse::<f32>().unwrap();
            let setup = Setup {
                tigers: PointSet::from_bits(n(0)),
                goats: PointSet::from_bits(n(1)),
                goats_in_hand: n(2) as u8,
                goats_captured: n(3) as u8,
                side: if n(4) == 1 { Side::Tiger } else { Side::Goat },
            };
            let q = if with_distance { 9 } else { 8 };
            CheckLine {
                position: Position::from_setup(setup, rules).unwrap(),
                float: [p(5), p(6), p(7)],
                quantized: [p(q), p(q + 1), p(q + 2)],
                distance: with_distance.then(|| (p(8), p(12))),
            }
        })
        .collect()
}

fn as_array(w: Wdl) -> [f32; 3] {
    [w.loss, w.draw, w.win]
}

fn argmax(p: [f32; 3]) -> usize {
    (0..3).max_by(|&a, &b| p[a].total_cmp(&p[b])).unwrap()
}

#[test]
fn integer_inference_matches_the_trainer_and_the_float_model() {
    for id in SHIPPED {
        let rules = Ruleset::preset(id).unwrap();
        let network = Network::shipped(&rules).unwrap();
        assert_eq!(network.rules(), id);
        let lines = check_lines(id, rules);
        assert!(lines.len() >= 256, "{id}: {} check positions", lines.len());
        let (mut agree, mut total_gap, mut distance_gap) = (0usize, 0f64, 0f64);
        for line in &lines {
            let ours = as_array(network.wdl(&line.position));
            for k in 0..3 {
                assert!(
                    (ours[k] - line.quantized[k]).abs() < 2e-5,
                    "{id}: {:?} gives {ours:?}, the trainer's integer inference {:?}",
                    line.position.to_string(),
                    line.quantized
                );
                total_gap += f64::from((ours[k] - line.float[k]).abs());
            }
            agree += usize::from(argmax(ours) == argmax(line.float));
            let estimate = network.plies_to_end(&line.position);
            assert_eq!(estimate.is_some(), network.has_distance(), "{id}");
            assert_eq!(line.distance.is_some(), network.has_distance(), "{id}");
            if let (Some(estimate), Some((float, quantized))) = (estimate, line.distance) {
                let (want, near) = (plies(quantized), plies(float));
                assert!(
                    (estimate - want).abs() <= 1e-3 * (1.0 + want),
                    "{id}: {:?} gives {estimate} plies, the trainer's integer inference {want}",
                    line.position.to_string()
                );
                distance_gap += f64::from((estimate - near).abs());
            }
        }
        if network.has_distance() {
            let mean = distance_gap / lines.len() as f64;
            assert!(
                mean < 1.0,
                "{id}: the distance is {mean} plies from the float model's on average"
            );
        }
        let mean_gap = total_gap / (3 * lines.len()) as f64;
        assert!(
            mean_gap < 0.02,
            "{id}: mean gap to the float model {mean_gap}"
        );
        assert!(
            agree * 100 >= lines.len() * 97,
            "{id}: {agree} of {} agree",
            lines.len()
        );
    }
}

fn shipped_bytes() -> Vec<u8> {
    std::fs::read(format!(
        "{}/networks/bagh-chal.bnn",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn damaged_files_are_typed_errors() {
    let bytes = shipped_bytes();
    assert!(Network::from_bytes(&bytes).is_ok());
    let mut crc = bytes.clone();
    crc[100] ^= 1;
    let mut shape = bytes.clone();
    shape[16] = 64;
    let mut version = bytes.clone();
    version[8] = 2;
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (bytes[..bytes.len() / 2].to_vec(), "truncated"),
        (bytes[..2].to_vec(), "too short"),
        ([b"NOTANET\0".as_slice(), &bytes[8..]].concat(), "magic"),
        (crc, "checksum"),
        (shape, "shape"),
        (version, "version 2"),
        (
            [
                &bytes[..bytes.len() - 4],
                &[0u8; 8],
                &bytes[bytes.len() - 4..],
            ]
            .concat(),
            "after the output layer",
        ),
    ];
    for (damaged, expected) in cases {
        match Network::from_bytes(&damaged) {
            Err(NetworkError::Format {
                source_name,
                reason,
            }) => {
                assert_eq!(source_name, "bytes");
                assert!(reason.contains(expected), "{reason:?} lacks {expected:?}");
            }
            other => panic!("{expected}: {other:?}"),
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.bnn");
    std::fs::write(&path, &bytes[..40]).unwrap();
    let error = Network::open(&path).unwrap_err().to_string();
    assert!(
        error.contains("net.bnn") && error.contains("truncated"),
        "{error}"
    );
    assert!(matches!(
        Network::open(dir.path().join("missing.bnn")),
        Err(NetworkError::Io { .. })
    ));
}

#[test]
fn no_damage_panics_and_only_the_intact_file_opens() {
    let bytes = shipped_bytes();
    let mut rng = bagh_core::SplitMix64::new(23);
    for _ in 0..3_000 {
        let mut damaged = bytes.clone();
        match rng.below(3) {
            0 => {
                let at = rng.below(damaged.len());
                damaged[at] ^= 1 << rng.below(8);
            }
            1 => damaged.truncate(rng.below(bytes.len())),
            _ => {
                let at = rng.below(damaged.len());
                damaged.insert(at, rng.next_u64() as u8);
            }
        }
        // Checksum, sizes and bounds catch every change: never a panic, and
        // never a network from damaged bytes.
        assert!(Network::from_bytes(&damaged).is_err());
    }
    let garbage: Vec<u8> = (0..bytes.len()).map(|_| rng.next_u64() as u8).collect();
    assert!(Network::from_bytes(&garbage).is_err());
}
