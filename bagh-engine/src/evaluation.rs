//! Which static evaluation a search uses: the network trained on the
//! tables, or the classic weighed features ([`EvalWeights`]).

use std::sync::Arc;

use bagh_core::{Position, Ruleset};

use crate::network::{Network, NetworkOutput, Wdl};
use crate::{EngineError, EvalWeights};

/// The static evaluation of an [`Engine`](crate::Engine)'s search
/// ([`EngineOptions::evaluation`](crate::EngineOptions::evaluation)).
///
/// ```
/// use bagh_core::Ruleset;
/// use bagh_engine::Evaluation;
///
/// // bagh-chal ships a network; a rule set of one's own has none.
/// assert!(Evaluation::Default.network_for(&Ruleset::default())?.is_some());
/// let own = Ruleset::builder().goats(16).build()?;
/// assert!(Evaluation::Default.network_for(&own)?.is_none());
/// assert!(Evaluation::Classic.network_for(&Ruleset::default())?.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub enum Evaluation {
    /// The network shipped for the rule set ([`Network::shipped`]), and the
    /// classic evaluation for rule sets without one.
    #[default]
    Default,
    /// The classic evaluation, whatever the rule set.
    Classic,
    /// This network (it must have been trained for the game's rule set).
    Network(Arc<Network>),
}

impl Evaluation {
    /// The network this evaluation uses for a game under `rules`; `None`
    /// for the classic evaluation.
    ///
    /// Errors: a given network was trained for another rule set.
    pub fn network_for(&self, rules: &Ruleset) -> Result<Option<Arc<Network>>, EngineError> {
        match self {
            Evaluation::Default => Ok(Network::shipped(rules)),
            Evaluation::Classic => Ok(None),
            Evaluation::Network(network) => {
                let game_rules = rules.to_string();
                if network.rules() != game_rules {
                    return Err(EngineError::InvalidOption {
                        option: "evaluation",
                        reason: format!(
                            "the network was trained for rule set {:?}, the game is played under {game_rules:?}",
                            network.rules()
                        ),
                    });
                }
                Ok(Some(network.clone()))
            }
        }
    }
}

/// A static evaluation of one position ([`Engine::evaluate`](crate::Engine::evaluate)).
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct StaticEvaluation {
    /// The search's score for the side to move, in thousandths of a result
    /// (the unit of [`Score::Value`](crate::Score::Value)): with the
    /// network, 1000 times its win probability less its loss probability
    /// ([`Wdl::score`]), and where that is beyond ±800, up to ±400 on top
    /// that tells progress apart in a decided position (the network's
    /// distance to the end in the movement phase when it has one, the
    /// classic evaluation otherwise); with the classic evaluation, the
    /// weighed features on the same scale.
    pub score: i32,
    /// The network's win, draw and loss probabilities; `None` with the
    /// classic evaluation, which has none.
    pub wdl: Option<Wdl>,
    /// The network's estimate of the plies to the end where it predicts a
    /// result: `None` where a draw is at least as likely as a win and as a
    /// loss (a draw has no end to count to), with the classic evaluation,
    /// or with a network without the distance. [`Network::plies_to_end`]
    /// gives the raw estimate whatever the prediction.
    pub plies_to_end: Option<f32>,
}

impl StaticEvaluation {
    /// The score with its point of view, `turn` being the side to move of
    /// the position evaluated: its `Display` is how people read it.
    pub fn pov_score(&self, turn: bagh_core::Side) -> crate::PovScore {
        crate::Score::Value(self.score).pov(turn)
    }
}

/// The distance estimate, kept only where `wdl` predicts a result: a win
/// or a loss more likely than a draw.
fn predicted_plies(wdl: Wdl, plies: Option<f32>) -> Option<f32> {
    let decided = wdl.win.max(wdl.loss) > wdl.draw;
    plies.filter(|_| decided)
}

/// Where the network is sure of the result (a score beyond this), a
/// progress term (at most ±400) is added in, in full at the network's
/// extremes: a won position looks won to the network whatever the winner
/// does, and the progress term says which move brings the end nearer.
const SURE: i32 = 800;

/// The largest progress term.
const PROGRESS: i32 = 400;

/// The search's score from the network's score and, where the network is
/// sure, the progress term (see [`SURE`]), clamped to ±400.
#[inline]
pub(crate) fn blended(network: i32, progress: impl FnOnce() -> i32) -> i32 {
    let sureness = network.abs() - SURE;
    if sureness <= 0 {
        return network;
    }
    let progress = progress().clamp(-PROGRESS, PROGRESS);
    network + progress * sureness / (1000 - SURE)
}

/// The search's score of a position from what the network says of it: in
/// a decided movement position, the network's own estimate of the distance
/// to the end, when it has one (the winner's score grows as the end
/// nears, the loser's as it recedes); elsewhere the classic evaluation
/// (captures, trapped tigers, mobility), which tells progress apart too.
#[inline]
pub(crate) fn network_score(
    output: NetworkOutput,
    position: &Position,
    classic: impl FnOnce() -> i32,
) -> i32 {
    let score = output.wdl.score();
    blended(score, || match output.distance {
        Some(distance) if position.goats_in_hand() == 0 => {
            score.signum() * (PROGRESS as f32 * (1.0 - distance)).round() as i32
        }
        _ => classic(),
    })
}

/// The static evaluation of `position` by `network`, or by `weights`
/// without one.
pub(crate) fn evaluate_with(
    position: &Position,
    network: Option<&Network>,
    weights: &EvalWeights,
) -> StaticEvaluation {
    match network {
        Some(network) => {
            let output = network.evaluate(position);
            StaticEvaluation {
                score: network_score(output, position, || {
                    crate::eval::evaluate(position, weights)
                }),
                wdl: Some(output.wdl),
                plies_to_end: predicted_plies(
                    output.wdl,
                    output.distance.map(crate::network::plies_from_distance),
                ),
            }
        }
        None => StaticEvaluation {
            score: crate::eval::evaluate(position, weights),
            wdl: None,
            plies_to_end: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use bagh_core::{PointSet, Position, Ruleset, Setup, Side};

    use super::{blended, network_score, predicted_plies};
    use crate::network::{NetworkOutput, Wdl};

    /// A two-tigers position with 10 of the 18 goats on the board, the
    /// others in hand or captured.
    fn position(goats_in_hand: u8) -> Position {
        let setup = Setup {
            tigers: PointSet::from_bits(0b11),
            goats: PointSet::from_bits(0b1111_1111_1100),
            goats_in_hand,
            goats_captured: 8 - goats_in_hand,
            side: Side::Goat,
        };
        let rules = Ruleset::preset("two-tigers").unwrap();
        Position::from_setup(setup, rules).unwrap()
    }

    fn sure(win: f32, loss: f32, distance: Option<f32>) -> NetworkOutput {
        let draw = 1.0 - win - loss;
        NetworkOutput {
            wdl: Wdl { win, draw, loss },
            distance,
        }
    }

    #[test]
    fn in_a_decided_movement_position_the_distance_tells_progress() {
        let movement = position(0);
        let score = |output| network_score(output, &movement, || unreachable!());
        // The winner's score grows as the end nears, up to 400 at the end.
        assert_eq!(score(sure(1.0, 0.0, Some(0.0))), 1400);
        assert_eq!(score(sure(1.0, 0.0, Some(1.0))), 1000);
        assert!(score(sure(1.0, 0.0, Some(0.3))) > score(sure(1.0, 0.0, Some(0.4))));
        // The loser's grows as the end recedes.
        assert_eq!(score(sure(0.0, 1.0, Some(0.0))), -1400);
        assert!(score(sure(0.0, 1.0, Some(0.4))) > score(sure(0.0, 1.0, Some(0.3))));
        // Not sure: nothing added.
        assert_eq!(score(sure(0.5, 0.1, Some(0.0))), 400);
    }

    #[test]
    fn without_a_distance_or_with_goats_in_hand_the_classic_evaluation_tells_it() {
        let (movement, placement) = (position(0), position(8));
        assert_eq!(network_score(sure(1.0, 0.0, None), &movement, || 250), 1250);
        assert_eq!(
            network_score(sure(1.0, 0.0, Some(0.0)), &placement, || 250),
            1250
        );
        assert_eq!(
            network_score(sure(0.0, 1.0, Some(0.0)), &placement, || -900),
            -1400
        );
    }

    #[test]
    fn a_distance_is_given_only_where_a_result_is_predicted() {
        let wdl = |win, draw, loss| Wdl { win, draw, loss };
        assert_eq!(predicted_plies(wdl(0.1, 0.8, 0.1), Some(8.7)), None);
        assert_eq!(predicted_plies(wdl(0.4, 0.4, 0.2), Some(8.7)), None);
        assert_eq!(predicted_plies(wdl(0.5, 0.3, 0.2), Some(8.7)), Some(8.7));
        assert_eq!(predicted_plies(wdl(0.1, 0.3, 0.6), Some(30.0)), Some(30.0));
        assert_eq!(predicted_plies(wdl(0.9, 0.1, 0.0), None), None);
    }

    #[test]
    fn the_classic_evaluation_counts_only_where_the_network_is_sure() {
        // Not sure: the classic evaluation is not even computed.
        assert_eq!(blended(500, || unreachable!()), 500);
        assert_eq!(blended(-800, || unreachable!()), -800);
        // Continuous at the edge, all of it (clamped to ±400) at 1000.
        assert_eq!(blended(801, || 400), 803);
        assert_eq!(blended(1000, || 400), 1400);
        assert_eq!(blended(1000, || 10_000), 1400);
        assert_eq!(blended(-1000, || -400), -1400);
        assert_eq!(blended(900, || -400), 700);
    }
}
