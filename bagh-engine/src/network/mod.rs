//! The evaluation network: a small quantized network trained on the tables'
//! values (`training/train_eval.py`, model card in the [guide](crate::guide::engine)).
//!
//! Sparse inputs (a tiger or a goat on each point, goats in hand, goats
//! captured, the side to move, and in networks that have them the goats a
//! tiger could capture at once) feed an accumulator of 128 or 256 16-bit
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

mod exp;
mod file;
mod kernels;
mod shipped;

use bagh_core::{goats_under_attack, Position, Side};

pub use file::{NetworkError, NETWORK_MAGIC, NETWORK_VERSION};

/// The board's inputs: 25 tiger points, 25 goat points, 32 counts of goats
/// in hand, 8 counts of goats captured, tigers to move.
pub const INPUTS: usize = 91;
/// The inputs of a network that also sees the goats under attack: the
/// board's, then one per point, on where a tiger could capture the goat
/// there at once. A capture is a three-point pattern, which one linear
/// layer of single points cannot read; given it, the network is right
/// more often (the [guide](crate::guide::engine)).
pub const INPUTS_WITH_ATTACKS: usize = INPUTS + 25;
/// The accumulator widths a network file may have, narrowest first. A
/// wider accumulator costs more a node and predicts better; the shipped
/// networks are the narrow ones, the wide one having played no better
/// (the [guide](crate::guide::engine)).
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
const ATTACKED_INPUTS: usize = INPUTS;
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
    /// [`INPUTS`] or [`INPUTS_WITH_ATTACKS`].
    inputs: usize,
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
        inputs: usize,
        w1: &[i16],
        b1: &[i16],
        buckets: Vec<Bucket>,
        outputs: usize,
    ) -> Result<Network, String> {
        let mut rows = vec![[0i16; H1_MAX]; inputs];
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
            // Any set of goats may be under attack, as far as this bound knows.
            let attacked: i32 = (ATTACKED_INPUTS..inputs).map(w).sum();
            let worst =
                i32::from(bias[j]).abs() + points + hand + captured + w(TIGERS_TO_MOVE) + attacked;
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
            inputs,
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

    /// How many inputs the network reads: [`INPUTS`], or
    /// [`INPUTS_WITH_ATTACKS`] for one that also sees the goats under attack.
    pub fn inputs(&self) -> usize {
        self.inputs
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
    /// assert!(network.has_distance());
    /// let plies = network.plies_to_end(&Position::new(rules));
    /// assert!(plies.is_some_and(|p| (0.0..=255.0).contains(&p)));
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
        kernels::update(self.h1, &mut acc, &self.w1, self.inputs_on(position), 0);
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
        let (before, after) = (self.inputs_on(prev), self.inputs_on(next));
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

    /// The inputs that are on in `position`, one bit each (there are fewer
    /// than 128).
    fn inputs_on(&self, position: &Position) -> u128 {
        let board = board_inputs(position);
        if self.inputs == INPUTS {
            return board;
        }
        let attacked = goats_under_attack(position.tigers(), position.goats());
        board | u128::from(attacked.bits()) << ATTACKED_INPUTS
    }

    /// The dense layers for `side` to move.
    fn bucket(&self, side: Side) -> &Bucket {
        &self.buckets[usize::from(side == Side::Tiger)]
    }
}

/// Plies from the distance output, ln(1 + plies) / ln(256). libm's
/// `expm1f` is the same on every target, std's is the platform's (see the
/// manifest).
pub(crate) fn plies_from_distance(distance: f32) -> f32 {
    libm::expm1f(distance * DISTANCE_SCALE)
}

fn hand_input(position: &Position) -> usize {
    HAND_INPUTS + usize::from(position.goats_in_hand().min(MAX_HAND))
}

fn captured_input(position: &Position) -> usize {
    CAPTURED_INPUTS + usize::from(position.goats_captured().min(MAX_CAPTURED))
}

/// The board's inputs that are on in `position`, one bit each.
fn board_inputs(position: &Position) -> u128 {
    let side = u128::from(position.side_to_move() == Side::Tiger) << TIGERS_TO_MOVE;
    u128::from(position.tigers().bits())
        | u128::from(position.goats().bits()) << GOAT_INPUTS
        | 1 << hand_input(position)
        | 1 << captured_input(position)
        | side
}

fn softmax(logits: [f32; OUTPUTS]) -> Wdl {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e = logits.map(|z| exp::exp_nonpositive(z - top));
    let sum: f32 = e.iter().sum();
    Wdl {
        loss: e[0] / sum,
        draw: e[1] / sum,
        win: e[2] / sum,
    }
}

#[cfg(test)]
mod tests;
