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
