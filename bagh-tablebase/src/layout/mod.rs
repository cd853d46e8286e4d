//! The layout of a table: which entry holds which position.
//!
//! Entries are grouped into layers, one per captured count `c` below the
//! capture target (`goats - c` goats on the board, none in hand). A layer
//! holds the goats-to-move block, then the tigers-to-move block. A block is
//! one run of `C(25 - tigers, goats on board)` entries for each tiger set
//! that is the smallest image of its symmetry class (a "representative"),
//! in increasing bitmask order. Inside a run, the goats are numbered by the
//! colex rank of the goat set among the points free of tigers (or of the
//! empty set, whichever is smaller), counting the free points from `a1` up.
//!
//! A position is stored at the entry of its canonical image (see
//! [`fold`]). When a representative tiger set is symmetric, some
//! goat sets of its run are images of others; those entries are unused.

pub(crate) mod door;
pub(crate) mod fold;
pub(crate) mod indexing;

use bagh_core::{PointSet, Position, Ruleset, Setup, Side};

use indexing::{binomial, colex_rank, colex_unrank, next_subset, rank_among_free};

/// A tiger set that is the smallest image of its class.
#[derive(Clone, Debug)]
pub(crate) struct TigerRep {
    /// The tiger points.
    pub bits: u32,
    /// The symmetries that map the set onto itself (bit `s` for `Symmetry::ALL[s]`).
    pub stabilizer: u8,
    /// The points free of tigers, in increasing order.
    pub free: [u8; 25],
}

/// One captured count.
#[derive(Clone, Debug)]
pub(crate) struct Layer {
    /// Goats captured.
    pub captured: u8,
    /// Goats on the board.
    pub goats: u32,
    /// Whether runs are numbered by the goat set (else by the empty set).
    pub rank_goats: bool,
    /// Size of the numbered set (goats or empty points).
    pub k: u32,
    /// Entries per tiger representative: `C(free points, goats)`.
    pub run: u64,
    /// Entries per side: `run * representatives`.
    pub block: u64,
    /// Index of the layer's first entry in the whole table.
    pub offset: u64,
}

impl Layer {
    /// Entries in the layer (both sides).
    pub fn len(&self) -> u64 {
        2 * self.block
    }
}

/// Where each position lives in a table for one rule set.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub rules: Ruleset,
    /// Number of tigers.
    pub tigers: u32,
    /// Points free of tigers: `25 - tigers`.
    pub free: u32,
    pub reps: Vec<TigerRep>,
    /// By colex rank of a tiger set: `representative << 8 | symmetries`,
    /// the symmetries that map the set onto its representative.
    pub lookup: Vec<u32>,
    /// By captured count.
    pub layers: Vec<Layer>,
    /// Entries in the whole table.
    pub entries: u64,
}

/// Where a position lives: its layer and its entry index in the whole table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Slot {
    pub layer: usize,
    pub index: u64,
}

impl Layout {
    /// The layout for `rules`.
    pub fn new(rules: Ruleset) -> Layout {
        let tigers = rules.tiger_count() as u32;
        let free = 25 - tigers;
        let sets = binomial(25, tigers);
        let mut lookup = vec![0u32; sets as usize];
        let mut reps: Vec<TigerRep> = Vec::new();
        let mut rep_of = std::collections::HashMap::new();
        // Representatives in increasing bitmask order: walk the sets in colex
        // (= numeric) order and keep the ones equal to their smallest image.
        let mut set: u32 = (1u32 << tigers) - 1;
        for _ in 0..sets {
            let (smallest, _) = fold::canonical(set);
            if smallest == set {
                let mut points = [0u8; 25];
                let mut n = 0;
                for p in 0..25u8 {
                    if set & (1 << p) == 0 {
                        points[n] = p;
                        n += 1;
                    }
                }
                let (_, stabilizer) = fold::canonical(set);
                rep_of.insert(set, reps.len() as u32);
                reps.push(TigerRep {
                    bits: set,
                    stabilizer,
                    free: points,
                });
            }
            if tigers > 0 {
                set = next_subset(set);
            }
        }
        let mut set: u32 = (1u32 << tigers) - 1;
        for entry in lookup.iter_mut() {
            let (smallest, mask) = fold::canonical(set);
            *entry = rep_of[&smallest] << 8 | mask as u32;
            if tigers > 0 {
                set = next_subset(set);
            }
        }
        let mut layers = Vec::new();
        let mut offset = 0;
        for captured in 0..rules.capture_target() {
            let goats = u32::from(rules.goats() - captured);
            let run = binomial(free, goats);
            let rank_goats = 2 * goats <= free || goats > free;
            let k = if rank_goats { goats } else { free - goats };
            let block = run * reps.len() as u64;
            layers.push(Layer {
                captured,
                goats,
                rank_goats,
                k,
                run,
                block,
                offset,
            });
            offset += 2 * block;
        }
        Layout {
            rules,
            tigers,
            free,
            reps,
            lookup,
            layers,
            entries: offset,
        }
    }

    /// The largest layer's number of entries.
    pub fn largest_layer(&self) -> u64 {
        self.layers.iter().map(Layer::len).max().unwrap_or(0)
    }

    /// The set a run of `layer` numbers for the goats `goats` beside the
    /// tigers `tigers`: the goats, or the empty points where those are
    /// fewer.
    #[inline]
    pub fn numbered(&self, layer: &Layer, tigers: u32, goats: u32) -> u32 {
        if layer.rank_goats {
            goats
        } else {
            !(goats | tigers) & PointSet::FULL.bits()
        }
    }

    /// The representative (its index) of a tiger set and the canonical
    /// image of the goats: the smallest among the images under the
    /// symmetries that map the tigers onto the representative.
    #[inline]
    pub fn canonical(&self, tigers: u32, goats: u32) -> (usize, u32) {
        let code = self.lookup[colex_rank(tigers) as usize];
        (
            (code >> 8) as usize,
            fold::smallest_image(code as u8, goats),
        )
    }

    /// The entry of a movement-phase position with fewer captures than the
    /// target and consistent piece counts (the caller checks).
    #[inline]
    pub fn slot(&self, tigers: u32, goats: u32, side: Side, captured: u8) -> Slot {
        let layer_index = captured as usize;
        let layer = &self.layers[layer_index];
        let (rep_index, goats) = self.canonical(tigers, goats);
        let rep = &self.reps[rep_index];
        let index = layer.offset
            + if side == Side::Tiger { layer.block } else { 0 }
            + rep_index as u64 * layer.run
            + rank_among_free(rep.bits, self.numbered(layer, rep.bits, goats));
        Slot {
            layer: layer_index,
            index,
        }
    }

    /// The entry of a position, if it is in the table's range (no goats in
    /// hand, fewer captures than the target, piece counts that match).
    pub fn slot_of(&self, position: &Position) -> Option<Slot> {
        if (*position.rules()) != self.rules
            || position.goats_in_hand() != 0
            || position.goats_captured() >= self.rules.capture_target()
        {
            return None;
        }
        let layer = &self.layers[position.goats_captured() as usize];
        let (t, g) = (position.tigers().bits(), position.goats().bits());
        if t & g != 0 || t.count_ones() != self.tigers || g.count_ones() != layer.goats {
            return None;
        }
        Some(self.slot(t, g, position.side_to_move(), position.goats_captured()))
    }

    /// The position at `index` of layer `layer` (relative to the layer's
    /// start), as stored: the representative's tigers and the goat set of
    /// the entry (which may be an unused, non-canonical one).
    pub fn position(&self, layer: usize, index: u64) -> Position {
        let l = &self.layers[layer];
        let side = if index >= l.block {
            Side::Tiger
        } else {
            Side::Goat
        };
        let within = index % l.block;
        let rep = &self.reps[(within / l.run) as usize];
        let numbered = self.expand(rep, colex_unrank(within % l.run, self.free, l.k));
        self.make(l, rep, numbered, side)
    }

    /// The board points of a subset of a representative's free points.
    #[inline]
    pub fn expand(&self, rep: &TigerRep, compact: u32) -> u32 {
        expand_over(&rep.free, compact)
    }

    /// The position with a representative's tigers and the numbered set
    /// `numbered` (board points) of layer `l`.
    #[inline]
    pub fn make(&self, l: &Layer, rep: &TigerRep, numbered: u32, side: Side) -> Position {
        let goats = if l.rank_goats {
            numbered
        } else {
            !(numbered | rep.bits) & PointSet::FULL.bits()
        };
        position_of(&self.rules, rep.bits, goats, side, 0, l.captured)
    }

    /// Whether the entry with this representative and goat set is the
    /// canonical one (else it is an unused image of another entry).
    #[inline]
    pub fn is_canonical(rep: &TigerRep, goats: u32) -> bool {
        rep.stabilizer == 1 || fold::smallest_image(rep.stabilizer, goats) == goats
    }

    #[cfg(test)]
    /// The number of canonical entries of each layer and side, by
    /// enumeration (only the runs of symmetric representatives need it).
    pub fn count_canonical(&self) -> Vec<u64> {
        self.layers
            .iter()
            .map(|l| {
                let mut count = 0u64;
                for rep in &self.reps {
                    if rep.stabilizer == 1 {
                        count += l.run;
                        continue;
                    }
                    let mut compact = (1u32 << l.k) - 1;
                    for _ in 0..l.run {
                        let numbered = self.expand(rep, compact);
                        let position = self.make(l, rep, numbered, Side::Goat);
                        if Layout::is_canonical(rep, position.goats().bits()) {
                            count += 1;
                        }
                        if l.k > 0 {
                            compact = next_subset(compact);
                        }
                    }
                }
                count
            })
            .collect()
    }
}

/// The board points of the subset `compact` of the points `free` lists
/// (bit `i` of `compact` is the point `free[i]`).
#[inline]
pub(crate) fn expand_over(free: &[u8], compact: u32) -> u32 {
    let mut bits = 0;
    let mut rest = compact;
    while rest != 0 {
        bits |= 1 << free[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    bits
}

/// The position with these boards and counters, which the tables' own
/// numbering guarantees to be valid under `rules` (the tiger count of a
/// representative, the goats of a layer or a run, fewer captures than the
/// target).
#[inline]
pub(crate) fn position_of(
    rules: &Ruleset,
    tigers: u32,
    goats: u32,
    side: Side,
    goats_in_hand: u8,
    goats_captured: u8,
) -> Position {
    let setup = Setup {
        tigers: PointSet::from_bits(tigers),
        goats: PointSet::from_bits(goats),
        side,
        goats_in_hand,
        goats_captured,
    };
    Position::from_setup(setup, *rules)
        .expect("the tables number only positions with the rule set's piece counts")
}

/// The tigers and goats after a tiger's step or capture (as bitmasks), and
/// whether it captured; `None` for a placement.
#[inline]
pub(crate) fn after_tiger_move(
    tigers: u32,
    goats: u32,
    mv: bagh_core::Move,
) -> Option<(u32, u32, bool)> {
    use bagh_core::Move;
    match mv {
        Move::Step { from, to } => {
            Some((tigers ^ (1 << from.index() | 1 << to.index()), goats, false))
        }
        Move::Capture { from, over, to } => Some((
            tigers ^ (1 << from.index() | 1 << to.index()),
            goats & !(1 << over.index()),
            true,
        )),
        Move::Place { .. } => None,
    }
}

/// The number of movement-phase positions up to symmetry, both sides to
/// move, by Burnside's lemma.
pub(crate) fn count_positions(rules: &Ruleset) -> u64 {
    (0..rules.capture_target())
        .map(|c| 2 * fold::count_orbits(rules.tiger_count(), usize::from(rules.goats() - c)))
        .sum()
}

/// Whether a position of the layout's rule set has its piece counts
/// (tigers, and goats on the board, in hand and captured) and fewer
/// captures than the target, so that the tables number it.
pub(crate) fn counts_match(layout: &Layout, position: &Position) -> bool {
    let rules = &layout.rules;
    let (t, g) = (position.tigers().bits(), position.goats().bits());
    let accounted = u32::from(position.goats_in_hand()) + u32::from(position.goats_captured());
    position.goats_captured() < rules.capture_target()
        && t & g == 0
        && t.count_ones() == layout.tigers
        && g.count_ones() + accounted == u32::from(rules.goats())
}
