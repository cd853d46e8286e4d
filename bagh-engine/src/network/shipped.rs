//! The networks that ship with the crate, one per rule set that has one,
//! parsed once on first use.

use std::sync::{Arc, OnceLock};

use bagh_core::Ruleset;

use super::Network;

/// The shipped networks, by preset id.
const SHIPPED: [(&str, &[u8]); 3] = [
    ("bagh-chal", include_bytes!("../../networks/bagh-chal.bnn")),
    (
        "bagh-chal-blocked-loses",
        include_bytes!("../../networks/bagh-chal-blocked-loses.bnn"),
    ),
    (
        "two-tigers",
        include_bytes!("../../networks/two-tigers.bnn"),
    ),
];

impl Network {
    /// The network that ships for `rules`, if any (`bagh-chal`,
    /// `bagh-chal-blocked-loses` and `two-tigers`).
    pub fn shipped(rules: &Ruleset) -> Option<Arc<Network>> {
        static PARSED: OnceLock<Vec<(&'static str, Arc<Network>)>> = OnceLock::new();
        let id = rules.preset_id()?;
        let parsed = PARSED.get_or_init(|| {
            SHIPPED
                .iter()
                // The tests open every shipped network; one that failed to
                // parse would leave its rule set with the classic evaluation.
                .filter_map(|&(id, bytes)| Some((id, Arc::new(Network::from_bytes(bytes).ok()?))))
                .collect()
        });
        parsed
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, n)| n.clone())
    }
}
