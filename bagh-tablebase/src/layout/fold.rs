//! Symmetry folding: the images of a bitboard under the board's eight
//! symmetries by table lookup, canonical forms, and the number of positions
//! up to symmetry by Burnside's lemma.
//!
//! A position and its seven images have the same value and distance, so the
//! table stores one of them: the one whose tiger set is the smallest bitmask
//! and, among those, whose goat set is the smallest bitmask.

use bagh_core::{Point, Symmetry};

/// A map of the 25 points (`map[p]` is where point `p` goes) applied to
/// bitboards rank by rank: `table[r][v]` is the image of the points of rank
/// `r` whose files are the bits of `v`.
pub(crate) type PointMapTable = [[u32; 32]; 5];

/// The [`PointMapTable`] of `map`.
pub(crate) const fn point_map_table(map: &[u8; 25]) -> PointMapTable {
    let mut table = [[0u32; 32]; 5];
    let mut rank = 0;
    while rank < 5 {
        let mut files = 0;
        while files < 32 {
            let mut image = 0u32;
            let mut file = 0;
            while file < 5 {
                if files & (1 << file) != 0 {
                    image |= 1 << map[5 * rank + file];
                }
                file += 1;
            }
            table[rank][files] = image;
            files += 1;
        }
        rank += 1;
    }
    table
}

/// The image of a bitboard under the map of `table`, by five lookups.
#[inline(always)]
pub(crate) fn map_points(table: &PointMapTable, bits: u32) -> u32 {
    table[0][(bits & 31) as usize]
        | table[1][((bits >> 5) & 31) as usize]
        | table[2][((bits >> 10) & 31) as usize]
        | table[3][((bits >> 15) & 31) as usize]
        | table[4][((bits >> 20) & 31) as usize]
}

/// `TABLES[s]`: the map of `Symmetry::ALL[s]`.
static TABLES: [PointMapTable; 8] = {
    let mut tables = [[[0u32; 32]; 5]; 8];
    let mut s = 0;
    while s < 8 {
        let mut map = [0u8; 25];
        let mut p = 0;
        while p < 25 {
            let Some(point) = Point::new((p % 5) as u8, (p / 5) as u8) else {
                unreachable!()
            };
            map[p] = Symmetry::ALL[s].apply(point).index() as u8;
            p += 1;
        }
        tables[s] = point_map_table(&map);
        s += 1;
    }
    tables
};

/// The image of a bitboard under `Symmetry::ALL[symmetry]`.
#[inline(always)]
pub(crate) fn image(symmetry: usize, bits: u32) -> u32 {
    map_points(&TABLES[symmetry], bits)
}

/// The smallest image of `bits`, and the set of symmetries (bit `s` for
/// `Symmetry::ALL[s]`) that map `bits` to it.
pub(crate) fn canonical(bits: u32) -> (u32, u8) {
    let mut best = u32::MAX;
    let mut mask = 0u8;
    for s in 0..8 {
        let img = image(s, bits);
        if img < best {
            best = img;
            mask = 1 << s;
        } else if img == best {
            mask |= 1 << s;
        }
    }
    (best, mask)
}

/// The smallest image of `bits` under the symmetries of `mask`.
#[inline]
pub(crate) fn smallest_image(mask: u8, bits: u32) -> u32 {
    if mask == 1 {
        return bits;
    }
    let mut best = u32::MAX;
    let mut rest = mask;
    while rest != 0 {
        let s = rest.trailing_zeros() as usize;
        best = best.min(image(s, bits));
        rest &= rest - 1;
    }
    best
}

/// The number of pairs (tiger set of `tigers` points, disjoint goat set of
/// `goats` points) up to the eight symmetries, by Burnside's lemma: the mean
/// over the symmetries of the number of pairs each one leaves unchanged. A
/// pair is unchanged when both sets are unions of the symmetry's cycles.
pub(crate) fn count_orbits(tigers: usize, goats: usize) -> u64 {
    if tigers + goats > 25 {
        return 0;
    }
    let mut total = 0u64;
    for s in 0..8 {
        let mut seen = 0u32;
        // ways[a][b]: pairs of unions of the cycles so far with a and b points.
        let mut ways = vec![vec![0u64; goats + 1]; tigers + 1];
        ways[0][0] = 1;
        for start in 0..25u32 {
            if seen & (1 << start) != 0 {
                continue;
            }
            let mut len = 0;
            let mut point = start;
            loop {
                seen |= 1 << point;
                len += 1;
                point = image(s, 1 << point).trailing_zeros();
                if point == start {
                    break;
                }
            }
            let mut next = ways.clone();
            for a in 0..=tigers {
                for b in 0..=goats {
                    let w = ways[a][b];
                    if w == 0 {
                        continue;
                    }
                    if a + len <= tigers {
                        next[a + len][b] += w;
                    }
                    if b + len <= goats {
                        next[a][b + len] += w;
                    }
                }
            }
            ways = next;
        }
        total += ways[tigers][goats];
    }
    total / 8
}

#[cfg(test)]
mod tests {
    use super::*;
    use bagh_core::PointSet;

    #[test]
    fn images_match_symmetry_apply() {
        for (s, symmetry) in Symmetry::ALL.into_iter().enumerate() {
            for bits in [0u32, 1, 0b1011, 0x1ff_ffff, 0x0a5_a5a5] {
                let set = PointSet::from_bits(bits);
                assert_eq!(image(s, bits), symmetry.apply_set(set).bits());
            }
        }
    }

    #[test]
    fn orbits_of_single_points() {
        // 25 points fall into 6 classes: corners, edge midpoints, the points
        // beside the corners, the inner diagonal points, the inner edge points, the centre.
        assert_eq!(count_orbits(1, 0), 6);
        assert_eq!(count_orbits(0, 0), 1);
    }
}
