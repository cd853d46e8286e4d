//! Un-moving: the positions of a layer one in-layer move before a given
//! one, which the retrograde analysis updates when that one is settled.

use arrayvec::ArrayVec;
use bagh_core::{
    goats_under_attack, Direction, Point, PointSet, Position, Side, TigerMoves, MAX_MOVES,
};

use super::build::Solver;

/// Whether some tiger can capture.
#[inline]
fn has_capture(tigers: PointSet, goats: PointSet) -> bool {
    !goats_under_attack(tigers, goats).is_empty()
}

impl Solver<'_> {
    /// The distinct canonical positions of the layer one in-layer move
    /// before `position`, as local indices.
    pub(super) fn predecessors(
        &self,
        layer: usize,
        position: &Position,
    ) -> ArrayVec<u32, MAX_MOVES> {
        let mut out = ArrayVec::<u32, MAX_MOVES>::new();
        let (tigers, goats) = (position.tigers(), position.goats());
        let empty = position.empty();
        let c = position.goats_captured();
        match position.side_to_move() {
            Side::Tiger => {
                // The goats moved last: a goat on `to` came from an empty neighbour.
                for to in goats {
                    for d in Direction::ALL {
                        if let Some(from) = d.step(to) {
                            if empty.contains(from) {
                                let before = goats ^ PointSet::single(from) ^ PointSet::single(to);
                                out.push(self.local(
                                    layer,
                                    tigers.bits(),
                                    before.bits(),
                                    Side::Goat,
                                    c,
                                ));
                            }
                        }
                    }
                }
            }
            Side::Goat => {
                // The tigers moved last, without capturing.
                let slide = position.rules().tiger_moves() == TigerMoves::Slide;
                let mandatory = position.rules().mandatory_capture();
                for to in tigers {
                    for d in Direction::ALL {
                        let mut from: Option<Point> = d.step(to);
                        while let Some(point) = from {
                            if !empty.contains(point) {
                                break;
                            }
                            let before = tigers ^ PointSet::single(point) ^ PointSet::single(to);
                            if !(mandatory && has_capture(before, goats)) {
                                out.push(self.local(
                                    layer,
                                    before.bits(),
                                    goats.bits(),
                                    Side::Tiger,
                                    c,
                                ));
                            }
                            if !slide {
                                break;
                            }
                            from = d.step(point);
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        let mut deduped = ArrayVec::new();
        for p in out {
            if deduped.last() != Some(&p) {
                deduped.push(p);
            }
        }
        deduped
    }
}
