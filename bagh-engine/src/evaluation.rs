//! Which static evaluation a search uses: the network trained on the
//! tables, or the classic weighed features ([`EvalWeights`]).

use std::sync::Arc;

use bagh_core::{Position, Ruleset};

use crate::network::{Network, Wdl};
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
    /// The search's score for the side to move: with the network, 1000 times
    /// its win probability less its loss probability ([`Wdl::score`]), and
    /// where that is beyond ±800, up to the classic evaluation (clamped to
    /// ±400)
    /// on top, which tells progress apart in a decided position; with the
    /// classic evaluation, centi-goats.
    pub score: i32,
    /// The network's win, draw and loss probabilities; `None` with the
    /// classic evaluation, which has none.
    pub wdl: Option<Wdl>,
}

/// Where the network is sure of the result (a score beyond this), the
/// classic evaluation (clamped to ±400) is added in, in full at the
/// network's extremes: a won position
/// looks won to the network whatever the winner does, and the classic
/// terms (captures, trapped tigers, mobility) say which move makes progress.
const SURE: i32 = 800;

/// The search's score from the network's score and, where the network is
/// sure, the classic evaluation's (see [`SURE`]).
#[inline]
pub(crate) fn blended(network: i32, classic: impl FnOnce() -> i32) -> i32 {
    let sureness = network.abs() - SURE;
    if sureness <= 0 {
        return network;
    }
    let progress = classic().clamp(-400, 400);
    network + progress * sureness / (1000 - SURE)
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
            let wdl = network.wdl(position);
            StaticEvaluation {
                score: blended(wdl.score(), || crate::eval::evaluate(position, weights)),
                wdl: Some(wdl),
            }
        }
        None => StaticEvaluation {
            score: crate::eval::evaluate(position, weights),
            wdl: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::blended;

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
