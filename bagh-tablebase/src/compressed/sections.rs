//! The sections of a compressed file: which entries each holds, in the
//! numbering of the full tables but for the order within each tiger set's
//! run ([`RunOrder`]), and where a position's entry is.
//!
//! One section per movement block (captured count and side to move, the
//! movement table's numbering) and one per placement run (goats placed,
//! at least one, and captured; the tigers to move, numbered as the layer
//! files number the goats-to-move positions of those counts). A position is
//! looked up at its canonical entry (the smallest image of the goats under
//! the symmetries that map the tigers onto their representative), so the
//! other images of a symmetric tiger set are never read: the compressor
//! may store anything there.

use bagh_core::{Position, Side};

use crate::layout::door::door_rank_among_free;
use crate::layout::indexing::rank_among_free;
use crate::layout::Layout;
use crate::placement::runs::runs;

/// What a section holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Part {
    /// The movement block of `captured` goats captured, `side` to move:
    /// entries as in the movement table (value and distance).
    Movement { captured: u8, side: Side },
    /// The placement run of `placed` goats placed (at least one) and
    /// `captured` captured, the tigers to move: the goats' value (0 loss,
    /// 1 draw, 2 win), or where a capture reaches it anything at least as
    /// good for the goats.
    Placement { placed: u8, captured: u8 },
}

impl Part {
    /// The code of the kind in the file: 0 movement, 1 placement.
    pub fn kind(self) -> u8 {
        match self {
            Part::Movement { .. } => 0,
            Part::Placement { .. } => 1,
        }
    }

    /// The layer a progress report names: goats placed, or 255 for the
    /// movement phase.
    pub fn layer(self) -> u8 {
        match self {
            Part::Movement { .. } => 255,
            Part::Placement { placed, .. } => placed,
        }
    }

    /// Whether a file that stores the placement layers `stores` accepts
    /// (by goats placed) holds this section: every movement section does.
    pub fn kept_by(self, stores: impl Fn(u8) -> bool) -> bool {
        match self {
            Part::Movement { .. } => true,
            Part::Placement { placed, .. } => stores(placed),
        }
    }

    /// The two numbers that name the section in the file.
    pub fn numbers(self) -> (u8, u8) {
        match self {
            Part::Movement { captured, side } => (captured, u8::from(side == Side::Tiger)),
            Part::Placement { placed, captured } => (placed, captured),
        }
    }
}

impl std::fmt::Display for Part {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Part::Movement { captured, side } => write!(
                f,
                "movement, {captured} captured, {} to move",
                match side {
                    Side::Goat => "goats",
                    Side::Tiger => "tigers",
                }
            ),
            Part::Placement { placed, captured } => {
                write!(f, "placement, {placed} placed, {captured} captured")
            }
        }
    }
}

/// A section's place in the layout: what it holds and its number of entries.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct SectionShape {
    pub part: Part,
    pub entries: u64,
    /// Entries per tiger representative.
    pub run: u64,
}

/// Every section of a rule set, in file order: the movement blocks by
/// captured count (goats to move, then tigers), then the placement runs by
/// goats placed (from one) and captured.
pub(crate) fn shapes(layout: &Layout) -> Vec<SectionShape> {
    let mut out = Vec::new();
    for layer in &layout.layers {
        for side in [Side::Goat, Side::Tiger] {
            out.push(SectionShape {
                part: Part::Movement {
                    captured: layer.captured,
                    side,
                },
                entries: layer.block,
                run: layer.run,
            });
        }
    }
    let reps = layout.reps.len() as u64;
    for placed in 1..u32::from(layout.rules.goats()) {
        for run in runs(layout, placed) {
            out.push(SectionShape {
                part: Part::Placement {
                    placed: placed as u8,
                    captured: run.captured,
                },
                entries: run.len * reps,
                run: run.len,
            });
        }
    }
    out
}

/// How a compressed file numbers the entries of a run (one tiger
/// representative's goat sets, or in the movement phase the sets the
/// movement table numbers: the goats or the empty points).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum RunOrder {
    /// As the full tables do: colex order over the free points.
    Colex,
    /// Revolving-door order over the free points up and down the files
    /// (`layout::door`): neighbouring entries differ by one goat's move,
    /// so runs of equal values are longer.
    Door,
}

/// The orders of a file's runs, which its format version fixes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Orders {
    /// The placement runs: revolving door from version 4.
    pub placement: RunOrder,
    /// The movement blocks' runs: revolving door from version 5.
    pub movement: RunOrder,
}

impl Orders {
    /// The orders of a file of format `version`.
    pub fn of_version(version: u32) -> Orders {
        let door_from = |first| {
            if version >= first {
                RunOrder::Door
            } else {
                RunOrder::Colex
            }
        };
        Orders {
            placement: door_from(4),
            movement: door_from(5),
        }
    }
}

/// The rank of `numbered` (points free of `tigers`) among the sets of its
/// size of those points, in `order`.
#[inline]
pub(crate) fn rank_in_run(tigers: u32, numbered: u32, order: RunOrder) -> u64 {
    match order {
        RunOrder::Colex => rank_among_free(tigers, numbered),
        RunOrder::Door => door_rank_among_free(tigers, numbered),
    }
}

/// The canonical entry of the pieces `tigers` and `goats` in a placement
/// section of `run` entries per representative, numbered in `order`.
#[inline]
pub(crate) fn placement_index(
    layout: &Layout,
    tigers: u32,
    goats: u32,
    run: u64,
    order: RunOrder,
) -> u64 {
    let (rep, goats) = layout.canonical(tigers, goats);
    let tigers = layout.reps[rep].bits;
    rep as u64 * run + rank_in_run(tigers, goats, order)
}

/// The movement section and entry of a position with no goats in hand and
/// fewer captures than the target, with the rule set's piece counts, its
/// runs numbered in `order`.
#[inline]
pub(crate) fn movement_entry(
    layout: &Layout,
    position: &Position,
    order: RunOrder,
) -> (usize, u64) {
    movement_entry_of(
        layout,
        position.tigers().bits(),
        position.goats().bits(),
        position.side_to_move(),
        position.goats_captured(),
        order,
    )
}

/// The movement section and entry of these pieces (bitmasks), side to
/// move and captured count (fewer than the target, the rule set's piece
/// counts), its runs numbered in `order`.
#[inline]
pub(crate) fn movement_entry_of(
    layout: &Layout,
    tigers: u32,
    goats: u32,
    side: Side,
    captured: u8,
    order: RunOrder,
) -> (usize, u64) {
    let section = 2 * captured as usize + usize::from(side == Side::Tiger);
    let layer = &layout.layers[captured as usize];
    let (rep, goats) = layout.canonical(tigers, goats);
    let tigers = layout.reps[rep].bits;
    let numbered = layout.numbered(layer, tigers, goats);
    (
        section,
        rep as u64 * layer.run + rank_in_run(tigers, numbered, order),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::door::{door_unrank, free_points_renumbered};
    use bagh_core::Ruleset;

    /// In revolving-door order, the entries of a movement run follow the
    /// order's sequence of sets: entry `r` holds the sets of rank `r`,
    /// which differ from the sets before by one goat's move; in colex
    /// order, entry `r` is the movement table's own.
    #[test]
    fn movement_runs_follow_the_revolving_door() {
        let mut kinds = Vec::new();
        for id in ["bagh-chal", "two-tigers"] {
            let layout = Layout::new(Ruleset::preset(id).unwrap());
            // Tiger sets with no symmetry, whose entries are all their own.
            let plain: Vec<usize> = (0..layout.reps.len())
                .filter(|&r| layout.reps[r].stabilizer == 1)
                .collect();
            for layer in &layout.layers {
                let captured = layer.captured;
                kinds.push(layer.rank_goats);
                for rep_index in [plain[0], plain[plain.len() / 2], plain[plain.len() - 1]] {
                    let rep = &layout.reps[rep_index];
                    let free = free_points_renumbered(rep.bits);
                    let mut before: Option<u32> = None;
                    for rank in (0..layer.run).take(2_000) {
                        let subset = door_unrank(rank, layout.free, layer.k);
                        let numbered = crate::layout::expand_over(&free, subset);
                        let goats = layout.numbered(layer, rep.bits, numbered);
                        let (section, index) = movement_entry_of(
                            &layout,
                            rep.bits,
                            goats,
                            Side::Tiger,
                            captured,
                            RunOrder::Door,
                        );
                        assert_eq!(section, 2 * usize::from(captured) + 1);
                        assert_eq!(index, rep_index as u64 * layer.run + rank);
                        if let Some(before) = before {
                            let moved = before ^ goats;
                            assert_eq!(moved.count_ones(), 2, "rank {rank}");
                        }
                        before = Some(goats);
                        let (_, colex) = movement_entry_of(
                            &layout,
                            rep.bits,
                            goats,
                            Side::Tiger,
                            captured,
                            RunOrder::Colex,
                        );
                        let slot = layout.slot(rep.bits, goats, Side::Tiger, captured);
                        assert_eq!(colex, slot.index - layer.offset - layer.block);
                    }
                }
            }
        }
        // Runs that number the goats and runs that number the empty points.
        assert!(kinds.contains(&true) && kinds.contains(&false));
    }
}
