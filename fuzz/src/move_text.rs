//! Move and point texts (`c3`, `a1a2`, `a1xa3`).

use bagh_core::{Move, Point};

use super::round_trip::{as_text, assert_text_round_trip};

/// Reads the text as a move and as a point; what reads writes back to
/// itself.
pub fn run(data: &[u8]) {
    let Some(text) = as_text(data) else { return };
    if let Ok(mv) = text.parse::<Move>() {
        assert_text_round_trip(&mv, str::parse::<Move>);
        // A capture is determined by its ends: the point jumped over is
        // the one between them.
        if let (Some(from), Some(over)) = (mv.from_point(), mv.over_point()) {
            assert_eq!(Move::capture(from, mv.to_point()), Some(mv));
            assert_ne!(over, from);
        }
    }
    if let Ok(point) = text.parse::<Point>() {
        assert_text_round_trip(&point, str::parse::<Point>);
        assert_eq!(Point::from_index(point.index()), Some(point));
    }
}
