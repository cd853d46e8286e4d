//! Fuzz check `network_files`: bytes read as an evaluation network file
//! (`.bnn`, the layout in `docs/network.md`), as `evaluation=PATH` reads a
//! user's file.
//!
//! The first byte chooses what the rest is:
//! - even: the file itself, as it came;
//! - odd: changes to the shipped `bagh-chal` network (128 wide), or to that
//!   network widened to 256 with zeros, each change a byte position and a
//!   value to XOR in; the checksum is then recomputed, so that the changes
//!   reach the shape, size and weight checks behind it.
//!
//! Beyond "no panic" it checks the reader's promise: a file either fails
//! with a typed error or gives a network whose probabilities, summed from
//! scratch and move by move along a game, add up to 1; and the widened
//! network, unchanged, evaluates exactly as the one it came from.
//!
//! Not part of `lib.rs`: the fuzz target and bagh-engine's own test
//! (`bagh-engine/tests/fuzz_inputs.rs`, which replays the committed inputs)
//! include this file by path.

use bagh_core::{random_game, Position, Ruleset};
use bagh_engine::network::Network;

/// The shipped network of `bagh-chal`, 128 wide.
const SHIPPED: &[u8] = include_bytes!("../../bagh-engine/networks/bagh-chal.bnn");

/// Header: magic (8), version, inputs, width, two hidden widths, outputs,
/// buckets, the rule set's length: 4 bytes each.
const HEADER: usize = 40;

fn u32_at(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize
}

/// `bytes` (a well-formed network of width 128) with its accumulator
/// widened to 256: each row of the first layer and of the second layer's
/// weights gets 128 zeros, which leave every output as it was.
fn widened(bytes: &[u8]) -> Vec<u8> {
    let (inputs, width, hidden) = (u32_at(bytes, 12), u32_at(bytes, 16), u32_at(bytes, 20));
    let (outputs, buckets) = (u32_at(bytes, 28), u32_at(bytes, 32));
    let body_start = HEADER + u32_at(bytes, 36);
    let mut out = bytes[..body_start].to_vec();
    out[16..20].copy_from_slice(&(2 * width as u32).to_le_bytes());
    let mut at = body_start;
    // Rows of `width` 16-bit values, each followed by as many zeros.
    let rows = |out: &mut Vec<u8>, at: &mut usize, count: usize| {
        for _ in 0..count {
            out.extend_from_slice(&bytes[*at..*at + 2 * width]);
            out.extend(std::iter::repeat_n(0u8, 2 * width));
            *at += 2 * width;
        }
    };
    rows(&mut out, &mut at, inputs + 1); // the first layer's rows, then its biases
    let rest = 4 * hidden + 2 * hidden * hidden + 4 * hidden + 2 * outputs * hidden + 4 * outputs;
    for _ in 0..buckets {
        rows(&mut out, &mut at, hidden);
        out.extend_from_slice(&bytes[at..at + rest]);
        at += rest;
    }
    with_checksum(out)
}

/// `body` with a CRC-32 of it appended.
fn with_checksum(mut body: Vec<u8>) -> Vec<u8> {
    let crc = crc32fast::hash(&body);
    body.extend(crc.to_le_bytes());
    body
}

/// The probabilities of every position of a short seeded game, from
/// scratch; a search's incremental updates are the engine's own tests'.
fn evaluations(network: &Network) -> Vec<[f32; 3]> {
    let rules = Ruleset::default();
    let game = random_game(Position::new(rules), 1, 40);
    game.positions()
        .iter()
        .map(|position| {
            let wdl = network.wdl(position);
            let sum = wdl.win + wdl.draw + wdl.loss;
            assert!((sum - 1.0).abs() < 1e-4, "probabilities add to {sum}");
            [wdl.loss, wdl.draw, wdl.win]
        })
        .collect()
}

pub fn run(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let bytes = if mode % 2 == 0 {
        rest.to_vec()
    } else {
        let base = if mode & 2 == 0 {
            SHIPPED.to_vec()
        } else {
            widened(SHIPPED)
        };
        let mut body = base[..base.len() - 4].to_vec();
        for change in rest.chunks_exact(3) {
            let at = usize::from(u16::from_le_bytes([change[0], change[1]]));
            // Most of a file is weights; spread the changes over all of it.
            let at = at * body.len() / 65_536;
            body[at] ^= change[2];
        }
        with_checksum(body)
    };
    let unchanged = mode % 2 == 1 && rest.len() < 3;
    match Network::from_bytes(&bytes) {
        Ok(network) => {
            let got = evaluations(&network);
            if unchanged && mode & 2 != 0 {
                let original = Network::from_bytes(SHIPPED).expect("the shipped network opens");
                assert_eq!(network.width(), 2 * original.width());
                assert_eq!(got, evaluations(&original), "widening changed the outputs");
            }
        }
        Err(error) => assert!(!unchanged, "an unchanged network failed to open: {error}"),
    }
}
