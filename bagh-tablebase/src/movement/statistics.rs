//! Win, draw and loss counts of a movement table, by layer and side.

use bagh_core::{Position, Side};

use super::entry;
use super::MovementTable;

/// Counts of one layer (goats captured) and one side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementLayerStatistics {
    /// Goats captured.
    pub captured: u8,
    /// The side to move.
    pub side: Side,
    /// Positions up to symmetry.
    pub positions: u64,
    /// Wins for the side to move.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses for the side to move.
    pub losses: u64,
    /// The longest win for the side to move: its distance and a position.
    pub longest_win: Option<(u16, Position)>,
}

/// The counts of a whole movement table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementStatistics {
    /// By captured count, goats to move first.
    pub layers: Vec<MovementLayerStatistics>,
    /// Positions up to symmetry, in all.
    pub positions: u64,
}

/// Scans every entry of the table.
pub(super) fn scan(table: &MovementTable) -> MovementStatistics {
    let layout = table.layout();
    let mut layers = Vec::new();
    for (li, l) in layout.layers.iter().enumerate() {
        for (s, side) in [Side::Goat, Side::Tiger].into_iter().enumerate() {
            let mut stats = MovementLayerStatistics {
                captured: l.captured,
                side,
                positions: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                longest_win: None,
            };
            let mut longest: Option<(u16, u64)> = None;
            let start = s as u64 * l.block;
            for local in start..start + l.block {
                let e = table.entry(l.offset + local);
                match entry::tag(e) {
                    entry::UNUSED => continue,
                    entry::TAG_WIN => {
                        stats.wins += 1;
                        let d = entry::distance(e);
                        if longest.is_none_or(|(best, _)| d > best) {
                            longest = Some((d, local));
                        }
                    }
                    entry::TAG_LOSS => stats.losses += 1,
                    _ => stats.draws += 1,
                }
                stats.positions += 1;
            }
            stats.longest_win = longest.map(|(d, local)| (d, layout.position(li, local)));
            layers.push(stats);
        }
    }
    MovementStatistics {
        positions: layers.iter().map(|l| l.positions).sum(),
        layers,
    }
}
