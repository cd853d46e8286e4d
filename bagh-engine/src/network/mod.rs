//! The evaluation network: a small quantized network trained on the tables'
//! values (`training/train_eval.py`, model card in `docs/engine.md`).
//!
//! 91 sparse inputs (a tiger or a goat on each point, goats in hand, goats
//! captured, the side to move) feed an accumulator of 128 or 256 16-bit
//! sums (the file says which); a
//! move changes a few inputs, so the search updates the accumulator by
//! adding and removing a few columns instead of summing them all again.
//! Then two small dense layers with 16-bit weights, one copy per side to
//! move, give the win, draw and loss probabilities for the side to move,
//! and (in networks trained with it) an estimate of how far the end is.
//! Plain Rust loops that compilers vectorise: no run-time dependency.
//!
//! ```no_run
//! use bagh_core::{Position, Ruleset};
//! use bagh_engine::network::Network;
//!
//! let network = Network::shipped(&Ruleset::default()).expect("bagh-chal ships a network");
//! let wdl = network.wdl(&Position::new(Ruleset::default()));
//! assert!((wdl.win + wdl.draw + wdl.loss - 1.0).abs() < 1e-4);
//! ```

mod file;
mod kernels;
mod shipped;

use bagh_core::{Position, Side};

pub use file::{NetworkError, NETWORK_MAGIC, NETWORK_VERSION};

/// Inputs: 25 tiger points, 25 goat points, 32 counts of goats in hand, 8
/// counts of goats captured, tigers to move.
pub const INPUTS: usize = 91;
/// The accumulator widths a network file may have, narrowest first. A
/// wider accumulator costs more a node and predicts better; the shipped
/// networks are the narrow ones, the wide one having played no better
/// (`docs/engine.md`).
pub const H1_WIDTHS: [usize; 2] = [128, 256];
/// The widest accumulator: the room a search keeps for each position's
/// sums, whatever the network's width.
pub const H1_MAX: usize = H1_WIDTHS[1];
/// The second layer's width.
pub const H2: usize = 32;
/// The third layer's width.
pub const H3: usize = 32;
/// Loss, draw, win.
pub const OUTPUTS: usize = 3;
/// The outputs of a network that also estimates the distance to the end:
/// loss, draw, win, then ln(1 + plies) / ln(256).
pub const OUTPUTS_WITH_DISTANCE: usize = 4;
/// The distance output's scale: it is ln(1 + plies) / ln(256).
const DISTANCE_SCALE: f32 = 5.545_177_4; // ln(256)
/// One copy of the dense layers per side to move.
pub const BUCKETS: usize = 2;

const GOAT_INPUTS: usize = 25;
const HAND_INPUTS: usize = 50;
const MAX_HAND: u8 = 31;
const CAPTURED_INPUTS: usize = 82;
const MAX_CAPTURED: u8 = 7;
const TIGERS_TO_MOVE: usize = 90;
/// The accumulator's and hidden layers' clamp: 1.0 in the float model.
const ONE: i32 = 127;
/// Hidden weights are 1024ths.
const HIDDEN_SHIFT: u32 = 10;
/// The output's scale: 127 (activations) times 1024 (output weights).
const OUTPUT_SCALE: f32 = 127.0 * 1024.0;
/// Biases of the dense layers stay below this, so that no sum overflows an
/// `i32`: at most 256 products of 127 by 32767 (1,065 million) and the
/// bias.
const MAX_BIAS: i32 = 1 << 28;

/// Win, draw and loss probabilities for the side to move.
#[derive(Copy, Clone, PartialEq, Debug, Default)]
pub struct Wdl {
    /// The side to move wins.
    pub win: f32,
    /// A draw.
    pub draw: f32,
    /// The side to move loses.
    pub loss: f32,
}

impl Wdl {
    /// The search's score: 1000 times the win probability less the loss
    /// probability, so a sure draw scores 0 like a proven one.
    pub fn score(self) -> i32 {
        (1000.0 * (self.win - self.loss)).round() as i32
    }

    /// The most likely result for the side to move, a tie going to the
    /// better one: the network's guess of the tables' value.
    #[cfg(feature = "tablebase")]
    pub fn most_likely(self) -> bagh_tablebase::Value {
        use bagh_tablebase::Value;
        if self.win >= self.draw && self.win >= self.loss {
            Value::Win
        } else if self.draw >= self.loss {
            Value::Draw
        } else {
            Value::Loss
        }
    }
}

/// The accumulator of one position: the first layer's sums before the
/// clamp, in the first `h1` entries of the network (the rest stay 0).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(align(32))]
pub(crate) struct Accumulator([i16; H1_MAX]);

/// The dense layers for one side to move, in 16 bits so that the products
/// pair up in one multiply-add; `w2` and `w3` as the kernels read them
/// (`kernels::pair_columns`), `w4` a row per output.
#[derive(Clone, Debug)]
struct Bucket {
    w2: Vec<i16>,
    b2: Vec<i32>,
    w3: Vec<i16>,
    b3: Vec<i32>,
    w4: Vec<i16>,
    b4: Vec<i32>,
}

/// What the network says of a position: the probabilities, and how far
/// the end is when it was trained to say.
#[derive(Copy, Clone, PartialEq, Debug)]
pub(crate) struct NetworkOutput {
    pub(crate) wdl: Wdl,
    /// The distance output, ln(1 + plies to the end) / ln(256), clamped to
    /// 0..=1; `None` for a network of three outputs.
    pub(crate) distance: Option<f32>,
}

/// A quantized evaluation network for one rule set.
#[derive(Clone, Debug)]
pub struct Network {
    rules: String,
    /// The accumulator's width, one of [`H1_WIDTHS`].
    h1: usize,
    /// One row per input, zero past `h1`.
    w1: Vec<[i16; H1_MAX]>,
    b1: [i16; H1_MAX],
    buckets: Vec<Bucket>,
    /// [`OUTPUTS`] or [`OUTPUTS_WITH_DISTANCE`].
    outputs: usize,
}

impl Network {
    /// Checks that no sum can overflow, whatever the position.
    fn from_parts(
        rules: String,
        h1: usize,
        w1: &[i16],
        b1: &[i16],
        buckets: Vec<Bucket>,
        outputs: usize,
    ) -> Result<Network, String> {
        let mut rows = vec![[0i16; H1_MAX]; INPUTS];
        for (row, chunk) in rows.iter_mut().zip(w1.chunks_exact(h1)) {
            row[..h1].copy_from_slice(chunk);
        }
        let mut bias = [0i16; H1_MAX];
        bias[..h1].copy_from_slice(b1);
        for j in 0..h1 {
            let w = |f: usize| i32::from(rows[f][j]).abs();
            let points: i32 = (0..25).map(|p| w(p).max(w(GOAT_INPUTS + p))).sum();
            let hand = (HAND_INPUTS..CAPTURED_INPUTS).map(w).max().unwrap_or(0);
            let captured = (CAPTURED_INPUTS..TIGERS_TO_MOVE).map(w).max().unwrap_or(0);
            let worst = i32::from(bias[j]).abs() + points + hand + captured + w(TIGERS_TO_MOVE);
            if worst > i32::from(i16::MAX) {
                return Err(format!(
                    "accumulator {j} may reach {worst}, past 16 bits: the weights are too large"
                ));
            }
        }
        for (k, b) in buckets.iter().enumerate() {
            if b.b2
                .iter()
                .chain(&b.b3)
                .chain(&b.b4)
                .any(|x| x.abs() >= MAX_BIAS)
            {
                return Err(format!("bucket {k}: a bias of 2^28 or more"));
            }
        }
        Ok(Network {
            rules,
            h1,
            w1: rows,
            b1: bias,
            buckets,
            outputs,
        })
    }

    /// The text form of the rule set the network was trained for.
    pub fn rules(&self) -> &str {
        &self.rules
    }

    /// Win, draw and loss probabilities of `position` for its side to move.
    pub fn wdl(&self, position: &Position) -> Wdl {
        self.evaluate(position).wdl
    }

    /// The accumulator's width, one of [`H1_WIDTHS`].
    pub fn width(&self) -> usize {
        self.h1
    }

    /// Whether the network estimates the distance to the end
    /// ([`Network::plies_to_end`]).
    pub fn has_distance(&self) -> bool {
        self.outputs == OUTPUTS_WITH_DISTANCE
    }

    /// The network's estimate of the plies to the end of a decided game
    /// under perfect play, for a network trained with distances (`None`
    /// otherwise). It was trained on the movement phase's wins and losses
    /// only: elsewhere the figure means little.
    ///
    /// ```
    /// use bagh_core::{Position, Ruleset};
    /// use bagh_engine::network::Network;
    ///
    /// let rules = Ruleset::preset("two-tigers")?;
    /// let network = Network::shipped(&rules).expect("two-tigers ships a network");
    /// let plies = network.plies_to_end(&Position::new(rules));
    /// assert!(plies.is_some_and(|p| (0.0..=255.0).contains(&p)));
    /// // bagh-chal's network predates the distance.
    /// let bagh_chal = Network::shipped(&Ruleset::default()).unwrap();
    /// assert!(!bagh_chal.has_distance());
    /// # Ok::<(), bagh_core::ParseError>(())
    /// ```
    pub fn plies_to_end(&self, position: &Position) -> Option<f32> {
        self.evaluate(position).distance.map(plies_from_distance)
    }

    /// What the network says of `position`, its accumulator summed from
    /// scratch (the search updates one instead).
    pub(crate) fn evaluate(&self, position: &Position) -> NetworkOutput {
        self.output(&self.accumulate(position), position.side_to_move())
    }

    /// The search's score of `position` ([`Wdl::score`]).
    pub fn score(&self, position: &Position) -> i32 {
        self.wdl(position).score()
    }

    /// The accumulator of `position`, summed from scratch.
    pub(crate) fn accumulate(&self, position: &Position) -> Accumulator {
        let mut acc = Accumulator(self.b1);
        kernels::update(self.h1, &mut acc, &self.w1, inputs(position), 0);
        acc
    }

    /// The accumulator of `next` from `acc`, that of `prev`: only the
    /// inputs that differ are added or taken away.
    pub(crate) fn update(
        &self,
        acc: &Accumulator,
        prev: &Position,
        next: &Position,
    ) -> Accumulator {
        let (before, after) = (inputs(prev), inputs(next));
        let mut out = *acc;
        kernels::update(
            self.h1,
            &mut out,
            &self.w1,
            after & !before,
            before & !after,
        );
        out
    }

    /// What the network says for the side to move `side` from an
    /// accumulator.
    pub(crate) fn output(&self, acc: &Accumulator, side: Side) -> NetworkOutput {
        let raw = kernels::forward(self.h1, acc, self.bucket(side), self.outputs);
        let out = |k: usize| raw[k] as f32 / OUTPUT_SCALE;
        NetworkOutput {
            wdl: softmax([out(0), out(1), out(2)]),
            distance: self.has_distance().then(|| out(OUTPUTS).clamp(0.0, 1.0)),
        }
    }

    /// The dense layers for `side` to move.
    fn bucket(&self, side: Side) -> &Bucket {
        &self.buckets[usize::from(side == Side::Tiger)]
    }
}

/// Plies from the distance output, ln(1 + plies) / ln(256).
pub(crate) fn plies_from_distance(distance: f32) -> f32 {
    (distance * DISTANCE_SCALE).exp_m1()
}

fn hand_input(position: &Position) -> usize {
    HAND_INPUTS + usize::from(position.goats_in_hand().min(MAX_HAND))
}

fn captured_input(position: &Position) -> usize {
    CAPTURED_INPUTS + usize::from(position.goats_captured().min(MAX_CAPTURED))
}

/// The inputs that are on in `position`, one bit each (there are fewer
/// than 128).
fn inputs(position: &Position) -> u128 {
    let side = u128::from(position.side_to_move() == Side::Tiger) << TIGERS_TO_MOVE;
    u128::from(position.tigers().bits())
        | u128::from(position.goats().bits()) << GOAT_INPUTS
        | 1 << hand_input(position)
        | 1 << captured_input(position)
        | side
}

fn softmax(logits: [f32; OUTPUTS]) -> Wdl {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e = logits.map(|z| (z - top).exp());
    let sum: f32 = e.iter().sum();
    Wdl {
        loss: e[0] / sum,
        draw: e[1] / sum,
        win: e[2] / sum,
    }
}

#[cfg(test)]
mod tests {
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
    pub(crate) fn random_network(width: usize, seed: u64) -> Network {
        let mut rng = bagh_core::SplitMix64::new(seed);
        let mut draw = |n: usize, bound: i32| -> Vec<i32> {
            (0..n)
                .map(|_| rng.below(2 * bound as usize + 1) as i32 - bound)
                .collect()
        };
        let i16s = |v: Vec<i32>| v.into_iter().map(|x| x as i16).collect::<Vec<i16>>();
        let w1 = i16s(draw(INPUTS * width, 40));
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
        Network::from_parts(rules, width, &w1, &b1, buckets, OUTPUTS_WITH_DISTANCE).unwrap()
    }

    #[test]
    fn updates_along_games_equal_sums_from_scratch() {
        let shipped = Network::shipped(&Ruleset::default()).expect("bagh-chal ships a network");
        let networks = [(*shipped).clone(), random_network(H1_MAX, 3)];
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
}
