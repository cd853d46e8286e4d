//! The JSON shape of `bagh stats --json`: the library's statistics with
//! positions as position strings and sides by name.

use bagh_core::Ruleset;
use bagh_tablebase::Statistics;
use serde::Serialize;

/// `{"rules", "movement": {"positions", "layers"}, "placement": null or {"positions", "layers"}}`.
#[derive(Serialize)]
pub struct JsonStatistics {
    rules: String,
    movement: JsonMovement,
    placement: Option<JsonPlacement>,
}

#[derive(Serialize)]
struct JsonMovement {
    positions: u64,
    layers: Vec<JsonMovementLayer>,
}

/// Values for the side to move.
#[derive(Serialize)]
struct JsonMovementLayer {
    captured: u8,
    side: &'static str,
    positions: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    longest_win: Option<JsonLongestWin>,
}

#[derive(Serialize)]
struct JsonLongestWin {
    distance: u16,
    position: String,
}

#[derive(Serialize)]
struct JsonPlacement {
    positions: u64,
    layers: Vec<JsonPlacementLayer>,
}

/// Values for the goats, to move.
#[derive(Serialize)]
struct JsonPlacementLayer {
    placed: u8,
    captured: u8,
    positions: u64,
    wins: u64,
    draws: u64,
    losses: u64,
}

impl JsonStatistics {
    /// The statistics of the tables of `rules`.
    pub fn new(rules: &Ruleset, stats: &Statistics) -> JsonStatistics {
        let movement = JsonMovement {
            positions: stats.movement.positions,
            layers: stats
                .movement
                .layers
                .iter()
                .map(|l| JsonMovementLayer {
                    captured: l.captured,
                    side: l.side.name(),
                    positions: l.positions,
                    wins: l.wins,
                    draws: l.draws,
                    losses: l.losses,
                    longest_win: l.longest_win.as_ref().map(|(distance, position)| {
                        JsonLongestWin {
                            distance: *distance,
                            position: position.to_string(),
                        }
                    }),
                })
                .collect(),
        };
        let placement = stats.placement.as_ref().map(|p| JsonPlacement {
            positions: p.positions,
            layers: p
                .layers
                .iter()
                .map(|l| JsonPlacementLayer {
                    placed: l.placed,
                    captured: l.captured,
                    positions: l.positions,
                    wins: l.wins,
                    draws: l.draws,
                    losses: l.losses,
                })
                .collect(),
        });
        JsonStatistics {
            rules: rules.to_string(),
            movement,
            placement,
        }
    }
}
