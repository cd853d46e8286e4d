//! The order in which a compressed probe's search tries placements and the
//! tigers' captures. A goats-to-move search stops at the first placement
//! that reaches its cap, and a bound's captures at the first that refutes
//! it, so trying first what settled the earlier searches of the probe
//! reads fewer entries: on `best_moves` of bagh-chal, about half as many
//! tokens decoded as in the order of the board and of the move generator.

use arrayvec::ArrayVec;

use bagh_core::{Move, MoveList, Point, PointSet};

/// What one probe has learnt of which moves settle its searches.
pub(super) struct SearchOrder {
    /// How often a placement on each point reached its search's cap.
    cutoffs: [u32; 25],
    /// How often each tiger move (by its start and end) refuted a
    /// placement.
    refutations: [u16; 625],
}

impl Default for SearchOrder {
    fn default() -> SearchOrder {
        SearchOrder {
            cutoffs: [0; 25],
            refutations: [0; 625],
        }
    }
}

impl SearchOrder {
    /// The points of `empty`, those whose placements reached a cap most
    /// often first.
    pub fn placements(&self, empty: PointSet) -> ArrayVec<Point, 32> {
        let mut points: ArrayVec<Point, 32> = empty.iter().collect();
        points.sort_by_key(|point| std::cmp::Reverse(self.cutoffs[point.index()]));
        points
    }

    /// Notes that the placement on `point` reached its search's cap.
    pub fn placement_settled(&mut self, point: Point) {
        self.cutoffs[point.index()] += 1;
    }

    /// Puts `first` (where it is among them) first, then the captures that
    /// refuted the most placements.
    pub fn sort_captures(&self, captures: &mut MoveList, first: Option<Move>) {
        captures.sort_unstable_by_key(|mv| {
            (
                Some(*mv) != first,
                std::cmp::Reverse(self.refutations[move_key(*mv)]),
            )
        });
    }

    /// Notes that the tigers' move `mv` refuted a placement.
    pub fn refuted(&mut self, mv: Move) {
        let count = &mut self.refutations[move_key(mv)];
        *count = count.saturating_add(1);
    }
}

/// A move's index by its start and end points (a placement's start counted
/// as the first point).
fn move_key(mv: Move) -> usize {
    let from = mv.from_point().map_or(0, Point::index);
    from * 25 + mv.to_point().index()
}
