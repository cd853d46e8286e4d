//! The sections of a compressed file: which entries each holds, in the
//! numbering of the full tables, and where a position's entry is.
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
use crate::layout::fold::smallest_image;
use crate::layout::indexing::{colex_rank, rank_among_free};
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

/// How a compressed file numbers the entries of a placement run (one
/// tiger representative's goat sets).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum PlacementOrder {
    /// As the full tables' layer files do: colex order over the free
    /// points (format versions 2 and 3).
    Colex,
    /// Revolving-door order over the free points up and down the files
    /// (`layout::door`; format version 4): neighbouring entries differ by
    /// one goat's move, so runs of equal values are longer.
    Door,
}

impl PlacementOrder {
    /// The order of a file of format `version`.
    pub fn of_version(version: u32) -> PlacementOrder {
        if version >= 4 {
            PlacementOrder::Door
        } else {
            PlacementOrder::Colex
        }
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
    order: PlacementOrder,
) -> u64 {
    let code = layout.lookup[colex_rank(tigers) as usize];
    let rep = (code >> 8) as usize;
    let goats = smallest_image(code as u8, goats);
    let tigers = layout.reps[rep].bits;
    rep as u64 * run
        + match order {
            PlacementOrder::Colex => rank_among_free(tigers, goats),
            PlacementOrder::Door => door_rank_among_free(tigers, goats),
        }
}

/// The movement section and entry of a position with no goats in hand and
/// fewer captures than the target, with the rule set's piece counts.
#[inline]
pub(crate) fn movement_entry(layout: &Layout, position: &Position) -> (usize, u64) {
    movement_entry_of(
        layout,
        position.tigers().bits(),
        position.goats().bits(),
        position.side_to_move(),
        position.goats_captured(),
    )
}

/// The movement section and entry of these pieces (bitmasks), side to
/// move and captured count (fewer than the target, the rule set's piece
/// counts).
#[inline]
pub(crate) fn movement_entry_of(
    layout: &Layout,
    tigers: u32,
    goats: u32,
    side: Side,
    captured: u8,
) -> (usize, u64) {
    let slot = layout.slot(tigers, goats, side, captured);
    let layer = &layout.layers[captured as usize];
    let base = layer.offset + if side == Side::Tiger { layer.block } else { 0 };
    (
        2 * captured as usize + usize::from(side == Side::Tiger),
        slot.index - base,
    )
}
