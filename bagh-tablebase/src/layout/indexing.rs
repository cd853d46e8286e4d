//! Combinatorial indexing: binomial coefficients and the colex rank of a set
//! of points, which numbers the `k`-subsets of `n` points densely from 0 to
//! `C(n, k) - 1`.
//!
//! The colex rank of the subset `{p_1 < p_2 < ... < p_k}` is
//! `C(p_1, 1) + C(p_2, 2) + ... + C(p_k, k)`. Ordering subsets by their rank is
//! the same as ordering their bitmasks as integers, so
//! [`next_subset`] walks the subsets in rank order.

/// `BINOMIAL[n][k]` is `C(n, k)` for `n, k <= 25` (0 when `k > n`).
pub(crate) const BINOMIAL: [[u64; 26]; 26] = {
    let mut table = [[0u64; 26]; 26];
    let mut n = 0;
    while n < 26 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// `C(n, k)`, 0 when `k > n` or `n > 25`.
pub(crate) const fn binomial(n: u32, k: u32) -> u64 {
    if n > 25 || k > n {
        0
    } else {
        BINOMIAL[n as usize][k as usize]
    }
}

/// The colex rank of the set of bit positions of `bits` among all subsets of
/// the same size.
#[inline]
pub(crate) fn colex_rank(bits: u32) -> u64 {
    let mut rank = 0;
    let mut rest = bits;
    let mut i = 1;
    while rest != 0 {
        rank += BINOMIAL[rest.trailing_zeros() as usize][i];
        rest &= rest - 1;
        i += 1;
    }
    rank
}

/// A rank that is a sum of one term a set bit, the term depending on the
/// bit's position `p` and its number `i` in the set (from 1).
#[derive(Copy, Clone)]
pub(crate) enum RankTerm {
    /// `C(p, i)`: the colex rank.
    Colex,
    /// `(-1)^i (C(p + 1, i) - 1)`: the revolving-door rank, up to its sign
    /// (`layout::door`).
    Door,
}

/// `table[j][v][b]`: what the bits `v` of chunk `j` (bit positions `7j` to
/// `7j + 6`) add to a rank when `b` set bits lie below the chunk; see
/// [`sum_of_chunks`].
pub(crate) type ChunkTable = [[[i32; 26]; 128]; 4];

/// The [`ChunkTable`] of a rank's terms.
pub(crate) const fn chunk_table(term: RankTerm) -> ChunkTable {
    let mut table = [[[0i32; 26]; 128]; 4];
    let mut j = 0;
    while j < 4 {
        let mut v = 0;
        while v < 128 {
            let mut b = 0;
            while b < 26 {
                let mut sum = 0i64;
                let mut i = b + 1;
                let mut bit = 0;
                while bit < 7 {
                    if v & (1 << bit) != 0 {
                        let p = 7 * j + bit;
                        if p < 25 && i <= 25 {
                            sum += match term {
                                RankTerm::Colex => BINOMIAL[p][i] as i64,
                                RankTerm::Door if i % 2 == 0 => BINOMIAL[p + 1][i] as i64 - 1,
                                RankTerm::Door => 1 - BINOMIAL[p + 1][i] as i64,
                            };
                        }
                        i += 1;
                    }
                    bit += 1;
                }
                table[j][v][b] = sum as i32;
                b += 1;
            }
            v += 1;
        }
        j += 1;
    }
    table
}

/// The sum of the terms of the bits (positions below 25) of `bits`, by
/// four lookups in `table`.
#[inline(always)]
pub(crate) fn sum_of_chunks(table: &ChunkTable, bits: u32) -> i64 {
    let c0 = (bits & 127) as usize;
    let c1 = ((bits >> 7) & 127) as usize;
    let c2 = ((bits >> 14) & 127) as usize;
    let c3 = ((bits >> 21) & 127) as usize;
    let b1 = c0.count_ones() as usize;
    let b2 = b1 + c1.count_ones() as usize;
    let b3 = b2 + c2.count_ones() as usize;
    i64::from(table[0][c0][0])
        + i64::from(table[1][c1][b1])
        + i64::from(table[2][c2][b2.min(25)])
        + i64::from(table[3][c3][b3.min(25)])
}

static COLEX_CHUNKS: ChunkTable = chunk_table(RankTerm::Colex);

/// [`colex_rank`] by four table lookups, for sets of bit positions below 25
/// (the inner loop of the placement induction).
#[inline(always)]
pub(crate) fn colex_rank_fast(bits: u32) -> u64 {
    sum_of_chunks(&COLEX_CHUNKS, bits) as u64
}

/// The points of `bits` renumbered among the points free of `tigers`
/// (the bits of `tigers` removed, the bits above them shifted down).
#[inline(always)]
pub(crate) fn compress(tigers: u32, bits: u32) -> u32 {
    let mut x = bits;
    let mut rest = tigers;
    while rest != 0 {
        let high = 31 - rest.leading_zeros();
        let low = (1u32 << high) - 1;
        x = (x & low) | ((x >> 1) & !low);
        rest &= low;
    }
    x
}

/// The rank of a set of points (goats, or empty points) among the subsets
/// of the same size of the points free of `tigers`: the colex rank of the
/// set renumbered among those points. Both tables number their runs by it.
#[inline(always)]
pub(crate) fn rank_among_free(tigers: u32, bits: u32) -> u64 {
    colex_rank_fast(compress(tigers, bits))
}

/// The `k`-subset (as a bitmask of positions below `n`) with colex rank
/// `rank`; the inverse of [`colex_rank`]. `rank` must be below `C(n, k)`.
pub(crate) fn colex_unrank(mut rank: u64, n: u32, k: u32) -> u32 {
    let mut bits = 0;
    let mut top = n;
    for i in (1..=k).rev() {
        // The largest p < top with C(p, i) <= rank.
        let mut p = top - 1;
        while BINOMIAL[p as usize][i as usize] > rank {
            p -= 1;
        }
        rank -= BINOMIAL[p as usize][i as usize];
        bits |= 1 << p;
        top = p;
    }
    bits
}

/// The next larger integer with as many bits set as `x` (Gosper's hack):
/// the subset after `x` in colex order. `x` must not be 0.
#[inline]
pub(crate) fn next_subset(x: u32) -> u32 {
    let lowest = x & x.wrapping_neg();
    let ripple = x.wrapping_add(lowest);
    (((ripple ^ x) >> 2) / lowest) | ripple
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials() {
        assert_eq!(binomial(25, 4), 12_650);
        assert_eq!(binomial(21, 16), 20_349);
        assert_eq!(binomial(5, 6), 0);
        assert_eq!(binomial(0, 0), 1);
    }

    #[test]
    fn fast_rank_is_colex_rank() {
        let mut x: u32 = 0x9e37_79b9;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let bits = x & 0x1ff_ffff;
            assert_eq!(colex_rank_fast(bits), colex_rank(bits), "{bits:#x}");
        }
        assert_eq!(colex_rank_fast(0x1ff_ffff), 0);
    }

    #[test]
    fn compress_removes_the_tiger_points() {
        // Tigers on bits 1 and 4; goats on 0, 2, 5 become 0, 1, 3.
        assert_eq!(compress(0b10010, 0b100101), 0b1011);
        assert_eq!(compress(0, 0b101), 0b101);
    }

    #[test]
    fn rank_among_free_counts_places_among_free_points() {
        // Tigers on a1 and c1: b1 is free point 0, d1 free point 1, e1 free point 2.
        // {b1, e1} is {0, 2} among the free points: C(0,1) + C(2,2) = 1.
        let tigers = 0b00101;
        assert_eq!(rank_among_free(tigers, 0b10010), 1);
        // Every 2-subset of the 23 free points gets a distinct rank below C(23, 2).
        let mut seen = std::collections::HashSet::new();
        for a in 0..25 {
            for b in a + 1..25 {
                let set = 1u32 << a | 1u32 << b;
                if set & tigers == 0 {
                    assert!(seen.insert(rank_among_free(tigers, set)));
                }
            }
        }
        assert_eq!(seen.len() as u64, binomial(23, 2));
        assert!(seen.iter().all(|&r| r < binomial(23, 2)));
    }

    #[test]
    fn rank_unrank_round_trip() {
        for (n, k) in [(7, 3), (10, 0), (10, 10), (21, 4)] {
            let mut subset = (1u32 << k) - 1;
            for rank in 0..binomial(n, k) {
                assert_eq!(colex_rank(subset), rank);
                assert_eq!(colex_unrank(rank, n, k), subset);
                if k > 0 {
                    subset = next_subset(subset);
                }
            }
        }
    }
}
