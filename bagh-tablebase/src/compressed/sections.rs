//! The sections of a compressed file: which entries each holds, in the
//! numbering of the full tables, and where a position's entry is.
//!
//! One section per movement block (captured count and side to move, the
//! movement table's numbering) and one per placement run (goats placed and
//! captured, the goats to move, the layer files' numbering). A position is
//! looked up at its canonical entry (the smallest image of the goats under
//! the symmetries that map the tigers onto their representative), so the
//! other images of a symmetric tiger set are never read: the compressor
//! may store anything there. Placement sections number the goats in their
//! own order ([`PlacementOrder`]).

use bagh_core::{Position, Side};

use crate::layout::fold::smallest_image;
use crate::layout::indexing::colex_rank;
use crate::layout::Layout;
use crate::placement::runs::runs;

/// What a section holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Part {
    /// The movement block of `captured` goats captured, `side` to move:
    /// entries as in the movement table (value and distance).
    Movement { captured: u8, side: Side },
    /// The placement run of `placed` goats placed and `captured` captured,
    /// the goats to move: 0 loss, 1 draw, 2 win for the goats.
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
/// goats placed and captured.
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
    for placed in 0..u32::from(layout.rules.goats()) {
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

/// How placement sections number the goats next to each tiger
/// representative: by the colex rank of the goat set over the free points
/// taken farthest from the tigers first (king-move distance to the nearest
/// tiger, ties by point index). The points near the tigers, which decide
/// most values, then change slowest, and entries that differ only in far
/// goats sit side by side, in runs of equal values.
#[derive(Clone, Debug)]
pub(crate) struct PlacementOrder {
    /// By representative and board point: the point's place in the order.
    places: Vec<[u8; 25]>,
    /// By representative and place: the board point.
    points: Vec<[u8; 25]>,
}

impl PlacementOrder {
    pub fn new(layout: &Layout) -> PlacementOrder {
        let distance = |a: usize, b: usize| {
            let (fa, ra, fb, rb) = (a % 5, a / 5, b % 5, b / 5);
            fa.abs_diff(fb).max(ra.abs_diff(rb))
        };
        let mut places = Vec::with_capacity(layout.reps.len());
        let mut points = Vec::with_capacity(layout.reps.len());
        for rep in &layout.reps {
            let tigers: Vec<usize> = (0..25).filter(|&p| rep.bits & (1 << p) != 0).collect();
            let mut free: Vec<usize> = (0..25).filter(|&p| rep.bits & (1 << p) == 0).collect();
            let nearest = |p: usize| tigers.iter().map(|&t| distance(p, t)).min().unwrap_or(0);
            free.sort_by_key(|&p| (std::cmp::Reverse(nearest(p)), p));
            let mut place = [0u8; 25];
            let mut point = [0u8; 25];
            for (j, &p) in free.iter().enumerate() {
                place[p] = j as u8;
                point[j] = p as u8;
            }
            places.push(place);
            points.push(point);
        }
        PlacementOrder { places, points }
    }

    /// The rank of a goat set next to representative `rep`.
    #[inline]
    pub fn rank(&self, rep: usize, goats: u32) -> u64 {
        let place = &self.places[rep];
        let mut compact = 0u32;
        let mut rest = goats;
        while rest != 0 {
            compact |= 1 << place[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        crate::layout::indexing::colex_rank_fast(compact)
    }

    /// The goat set (board points) of a set of places next to `rep`.
    #[inline]
    pub fn goats(&self, rep: usize, compact: u32) -> u32 {
        let point = &self.points[rep];
        let mut goats = 0u32;
        let mut rest = compact;
        while rest != 0 {
            goats |= 1 << point[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        goats
    }
}

/// The canonical entry of the pieces `tigers` and `goats` in a placement
/// section of `run` entries per representative.
#[inline]
pub(crate) fn placement_index(
    layout: &Layout,
    order: &PlacementOrder,
    tigers: u32,
    goats: u32,
    run: u64,
) -> u64 {
    let code = layout.lookup[colex_rank(tigers) as usize];
    let rep = (code >> 8) as usize;
    let goats = smallest_image(code as u8, goats);
    rep as u64 * run + order.rank(rep, goats)
}

/// The movement section and entry of a position with no goats in hand and
/// fewer captures than the target, with the rule set's piece counts.
#[inline]
pub(crate) fn movement_entry(layout: &Layout, position: &Position) -> (usize, u64) {
    let captured = position.goats_captured();
    let side = position.side_to_move();
    let slot = layout.slot(
        position.tigers().bits(),
        position.goats().bits(),
        side,
        captured,
    );
    let layer = &layout.layers[captured as usize];
    let base = layer.offset + if side == Side::Tiger { layer.block } else { 0 };
    (
        2 * captured as usize + usize::from(side == Side::Tiger),
        slot.index - base,
    )
}

