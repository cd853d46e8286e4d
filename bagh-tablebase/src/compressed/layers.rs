//! Which placement layers a compressed file stores. A layer is the
//! tigers-to-move positions of one count of goats placed. A probe that
//! needs a position of a layer the file leaves out searches every tiger
//! move into the goats' placements of the next layer, which is stored (or
//! into the movement phase): the file is smaller, and probes near a
//! missing layer search one ply more, each time a capture's search crosses
//! one. Late layers are cheap to leave out (few empty points, shallow
//! searches); every other layer from the start makes the file about half
//! the size and probes in the first half of placement take milliseconds to
//! seconds on bagh-chal.

use super::format::RECORD;
use super::sections::SectionShape;

/// Which placement layers [`CompressedTables::compress_with`] stores.
///
/// ```
/// use bagh_tablebase::PlacementLayers;
///
/// // Twenty goats: layers of 1 to 19 goats placed.
/// assert!(PlacementLayers::Alternate.stores(20, 19));
/// assert!(!PlacementLayers::Alternate.stores(20, 18));
/// assert!(PlacementLayers::Every.stores(20, 18));
/// let late = PlacementLayers::leaving_out([16, 18]);
/// assert!(!late.stores(20, 16) && late.stores(20, 17));
/// assert_eq!(late.left_out(20), vec![16, 18]);
/// assert_eq!(PlacementLayers::Alternate.left_out(6), vec![2, 4]);
/// assert!(late.check(20).is_ok());
/// assert!(PlacementLayers::leaving_out([16, 17]).check(20).is_err());
/// assert!(PlacementLayers::leaving_out([200]).check(20).is_err());
/// ```
///
/// [`CompressedTables::compress_with`]: crate::CompressedTables::compress_with
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PlacementLayers {
    /// Every layer: placement probes in microseconds.
    #[default]
    Every,
    /// Every other layer, the last one kept (the one before the movement
    /// phase): about half the placement part's size, for placement probes
    /// that are up to thousands of times slower.
    Alternate,
    /// Every layer but those whose bits are set (bit `p`: the layer of `p`
    /// goats placed); made by [`leaving_out`](Self::leaving_out).
    LeavingOut(u32),
}

impl PlacementLayers {
    /// Whether a file of this kind, for a rule set of `goats` goats, stores
    /// the layer of `placed` goats placed (from 1 to `goats - 1`).
    pub fn stores(self, goats: u8, placed: u8) -> bool {
        match self {
            PlacementLayers::Every => true,
            PlacementLayers::Alternate => (goats - 1).abs_diff(placed).is_multiple_of(2),
            PlacementLayers::LeavingOut(bits) => placed >= 32 || bits & (1 << placed) == 0,
        }
    }

    /// Every layer but those of `placed` goats placed. No rule set has a
    /// layer of 0 goats placed, nor of 32 or more (at most 24 goats), so
    /// such counts set bit 0, which [`check`](Self::check) refuses.
    pub fn leaving_out(placed: impl IntoIterator<Item = u8>) -> PlacementLayers {
        PlacementLayers::LeavingOut(
            placed
                .into_iter()
                .fold(0, |bits, p| bits | 1 << if p < 32 { p } else { 0 }),
        )
    }

    /// The layers left out, for a rule set of `goats` goats.
    pub fn left_out(self, goats: u8) -> Vec<u8> {
        (1..goats).filter(|&p| !self.stores(goats, p)).collect()
    }

    /// Whether a file of a rule set of `goats` goats can leave these layers
    /// out: each from 1 to `goats - 1` goats placed, and never two adjacent
    /// ones (a probe would search two plies more). The error says why not.
    pub fn check(self, goats: u8) -> Result<(), String> {
        if let PlacementLayers::LeavingOut(bits) = self {
            if let Some(p) = (0..32u8).find(|&p| bits & (1 << p) != 0 && (p == 0 || p >= goats)) {
                let which = match p {
                    0 => "0 goats placed, or of 32 or more,".to_string(),
                    _ => format!("{p} goats placed"),
                };
                return Err(format!(
                    "there is no placement layer of {which} to leave out: \
                     the layers are of 1 to {} goats placed",
                    goats - 1
                ));
            }
        }
        let stored: Vec<bool> = (0..goats).map(|p| p > 0 && self.stores(goats, p)).collect();
        match unsearchable(&stored) {
            Some(p) => Err(format!(
                "the placement layers of {p} and {} goats placed cannot both be left out",
                p + 1
            )),
            None => Ok(()),
        }
    }
}

/// Why a file's set of stored layers cannot be searched: two adjacent
/// layers left out (a probe would search two plies more, which nothing
/// this library writes asks for). `stored[placed]` for placed 1 to
/// `goats - 1`.
pub(crate) fn unsearchable(stored: &[bool]) -> Option<u8> {
    (1..stored.len().saturating_sub(1))
        .find(|&placed| !stored[placed] && !stored[placed + 1])
        .map(|placed| placed as u8)
}

/// The shapes of the sections a file stores, of `all` the layout's: the
/// placement layers its section records name (every one in version 2),
/// never two adjacent ones missing.
pub(crate) fn stored_shapes(
    all: Vec<SectionShape>,
    records: &[u8],
    version: u32,
    goats: u8,
) -> Result<Vec<SectionShape>, String> {
    let mut stored = vec![false; usize::from(goats)];
    for record in records.chunks_exact(RECORD) {
        if record[0] == 1 {
            if let Some(layer) = stored.get_mut(usize::from(record[1])) {
                *layer = true;
            }
        }
    }
    let missing = (1..stored.len()).filter(|&placed| !stored[placed]).count();
    if version == 2 && missing > 0 {
        return Err(format!(
            "a version 2 file stores every placement layer, this one leaves out {missing}"
        ));
    }
    if let Some(placed) = unsearchable(&stored) {
        return Err(format!(
            "the placement layers of {placed} and {} goats placed are both left out",
            placed + 1
        ));
    }
    Ok(all
        .into_iter()
        .filter(|shape| shape.part.kept_by(|placed| stored[usize::from(placed)]))
        .collect())
}

#[cfg(test)]
mod tests {
    use bagh_core::{Point, Ruleset};

    use super::{stored_shapes, unsearchable, PlacementLayers};
    use crate::compressed::format::RECORD;
    use crate::compressed::sections::{shapes, Part, SectionShape};
    use crate::layout::Layout;

    #[test]
    fn alternate_layers_keep_the_last_and_never_two_missing() {
        for goats in 2..=24u8 {
            let stored: Vec<bool> = (0..goats)
                .map(|placed| placed > 0 && PlacementLayers::Alternate.stores(goats, placed))
                .collect();
            assert!(stored[usize::from(goats - 1)], "{goats} goats");
            assert_eq!(unsearchable(&stored), None, "{goats} goats");
            let kept = stored.iter().filter(|s| **s).count();
            assert_eq!(kept, usize::from(goats) / 2, "{goats} goats");
        }
        assert_eq!(unsearchable(&[false, true, false, false, true]), Some(2));
        assert_eq!(unsearchable(&[false, true, false, true, false]), None);
    }

    /// Section records naming the sections of `shapes` whose layer passes
    /// `keep` (only their first three bytes matter here).
    fn records(shapes: &[SectionShape], keep: impl Fn(u8) -> bool) -> Vec<u8> {
        let mut out = Vec::new();
        for shape in shapes {
            if let Part::Placement { placed, .. } = shape.part {
                if !keep(placed) {
                    continue;
                }
            }
            let (a, b) = shape.part.numbers();
            let mut record = [0u8; RECORD];
            record[..3].copy_from_slice(&[shape.part.kind(), a, b]);
            out.extend_from_slice(&record);
        }
        out
    }

    #[test]
    fn the_records_say_which_layers_are_stored() {
        let rules = Ruleset::builder()
            .tigers([Point::C3])
            .goats(6)
            .capture_target(2)
            .build()
            .unwrap();
        let all = shapes(&Layout::new(rules));
        let layers = |shapes: &[SectionShape]| {
            let mut placed: Vec<u8> = shapes
                .iter()
                .filter_map(|s| match s.part {
                    Part::Placement { placed, .. } => Some(placed),
                    Part::Movement { .. } => None,
                })
                .collect();
            placed.dedup();
            placed
        };
        let every = records(&all, |_| true);
        for version in [2, 3] {
            let stored = stored_shapes(all.clone(), &every, version, 6).unwrap();
            assert_eq!(stored, all);
        }
        let some = records(&all, |placed| placed != 2 && placed != 4);
        let stored = stored_shapes(all.clone(), &some, 3, 6).unwrap();
        assert_eq!(layers(&stored), vec![1, 3, 5]);
        assert_eq!(stored.len(), some.len() / RECORD);
        let error = stored_shapes(all.clone(), &some, 2, 6).unwrap_err();
        assert!(error.contains("leaves out 2"), "{error}");
        let adjacent = records(&all, |placed| placed != 3 && placed != 4);
        let error = stored_shapes(all.clone(), &adjacent, 3, 6).unwrap_err();
        assert!(error.contains("of 3 and 4 goats placed"), "{error}");
    }
}
