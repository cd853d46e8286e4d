//! Which placement layers a compressed file stores. A layer is the
//! tigers-to-move positions of one count of goats placed. A probe that
//! needs a position of a layer the file leaves out searches every tiger
//! move into the goats' placements of the next layer, which is stored: the
//! file is about half the size, and probes near a missing layer search
//! one ply more, each time a capture's search crosses one (on bagh-chal,
//! milliseconds to seconds in the first half of placement).

/// Which placement layers [`CompressedTables::compress_with`] stores.
///
/// ```
/// use bagh_tablebase::PlacementLayers;
///
/// // Twenty goats: layers of 1 to 19 goats placed.
/// assert!(PlacementLayers::Alternate.stores(20, 19));
/// assert!(!PlacementLayers::Alternate.stores(20, 18));
/// assert!(PlacementLayers::Every.stores(20, 18));
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
}

impl PlacementLayers {
    /// Whether a file of this kind, for a rule set of `goats` goats, stores
    /// the layer of `placed` goats placed (from 1 to `goats - 1`).
    pub fn stores(self, goats: u8, placed: u8) -> bool {
        match self {
            PlacementLayers::Every => true,
            PlacementLayers::Alternate => (goats - 1).abs_diff(placed).is_multiple_of(2),
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

#[cfg(test)]
mod tests {
    use super::{unsearchable, PlacementLayers};

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
}
