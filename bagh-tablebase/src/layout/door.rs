//! The revolving-door order of the k-subsets of n points: each subset
//! differs from the one before by one point in and one point out, so
//! neighbouring entries differ by one goat's move. Compressed files
//! number the goat sets of a placement run (from format 4) and the sets
//! of a movement run (from format 5) in this order over
//! the free points taken file by file, up the a file, down the b file and
//! so on ([`NUMBERING`]), which makes their runs of equal values longer
//! than the colex order of the full tables does (measured by the
//! `orders` study of the `bagh-research` crate's `prediction_runs` example).
//!
//! The order is defined by `R(n, k) = R(n - 1, k)` followed by
//! `R(n - 1, k - 1)` reversed, each with point `n - 1` added. So the
//! rank of `{p_1 < ... < p_k}` is `r_k`, where `r_0 = 0` and
//! `r_i = C(p_i + 1, i) - 1 - r_(i-1)`.

use super::fold::{map_points, point_map_table, PointMapTable};
use super::indexing::{
    binomial, chunk_table, compress, sum_of_chunks, ChunkTable, RankTerm, BINOMIAL,
};
use super::{expand_over, Layout};

/// The number each board point (index `5 × rank + file`) takes: up the a
/// file, down the b file, up the c file, and so on.
pub(crate) const NUMBERING: [u8; 25] = {
    let mut out = [0u8; 25];
    let mut p = 0;
    while p < 25 {
        let (rank, file) = (p / 5, p % 5);
        out[p] = (5 * file + if file % 2 == 1 { 4 - rank } else { rank }) as u8;
        p += 1;
    }
    out
};

/// [`NUMBERING`] applied to bitboards.
static RENUMBER: PointMapTable = point_map_table(&NUMBERING);

/// The revolving-door rank's terms: the rank of a set of `k` bits is
/// `(-1)^k` times the sum of `(-1)^i (C(p_i + 1, i) - 1)`, which unrolls the
/// recurrence.
static DOOR_CHUNKS: ChunkTable = chunk_table(RankTerm::Door);

/// The revolving-door rank of the set of bit positions (below 25) of
/// `bits` among the subsets of the same size, by four table lookups.
#[inline]
pub(crate) fn door_rank(bits: u32) -> u64 {
    let sum = sum_of_chunks(&DOOR_CHUNKS, bits);
    let rank = if bits.count_ones().is_multiple_of(2) {
        sum
    } else {
        -sum
    };
    rank as u64
}

/// [`door_rank`] by the recurrence, one step a bit.
#[cfg(test)]
fn door_rank_by_steps(bits: u32) -> u64 {
    let mut rank = 0;
    let mut rest = bits;
    let mut i = 1;
    while rest != 0 {
        let p = rest.trailing_zeros() as usize;
        rank = BINOMIAL[p + 1][i] - 1 - rank;
        rest &= rest - 1;
        i += 1;
    }
    rank
}

/// The `k`-subset of `n` points (a bitmask) of revolving-door rank `rank`,
/// the inverse of [`door_rank`]; `rank` must be below `C(n, k)`.
pub(crate) fn door_unrank(mut rank: u64, n: u32, k: u32) -> u32 {
    let mut bits = 0;
    let mut top = n;
    for i in (1..=k as usize).rev() {
        // The largest p below top with C(p, i) <= rank.
        let mut p = top as usize - 1;
        while BINOMIAL[p][i] > rank {
            p -= 1;
        }
        bits |= 1 << p;
        rank = BINOMIAL[p + 1][i] - 1 - rank;
        top = p as u32;
    }
    bits
}

/// A board bitmask with its points renumbered by [`NUMBERING`].
#[inline]
pub(crate) fn renumber(bits: u32) -> u32 {
    map_points(&RENUMBER, bits)
}

/// The rank of a goat set among the subsets of the same size of the points
/// free of `tigers`, in revolving-door order over those points as
/// [`NUMBERING`] orders them: a compressed file's numbering of a placement
/// run (from format 4) and of a movement run (from format 5).
#[inline]
pub(crate) fn door_rank_among_free(tigers: u32, goats: u32) -> u64 {
    door_rank(compress(renumber(tigers), renumber(goats)))
}

/// The sets of a run (one tiger representative's `k`-subsets of its free
/// points) in revolving-door order over those points as [`NUMBERING`]
/// orders them: what a compressed file numbers 0, 1, 2, ... in a run.
pub(crate) struct DoorSets {
    /// Each representative's free points, by [`free_points_renumbered`].
    frees: Vec<Vec<u8>>,
    /// The `k`-subsets of the free points' numbers, by rank.
    subsets: Vec<u32>,
}

impl DoorSets {
    /// The sets of `k` points of every run of `layout`.
    pub fn new(layout: &Layout, k: u32) -> DoorSets {
        DoorSets {
            frees: layout
                .reps
                .iter()
                .map(|rep| free_points_renumbered(rep.bits))
                .collect(),
            subsets: (0..binomial(layout.free, k))
                .map(|rank| door_unrank(rank, layout.free, k))
                .collect(),
        }
    }

    /// The board points of the set of rank `rank` in the run of
    /// representative `rep`.
    #[inline]
    pub fn set(&self, rep: usize, rank: u64) -> u32 {
        expand_over(&self.frees[rep], self.subsets[rank as usize])
    }
}

/// The free points of a tiger set (board indices) in the order of
/// [`NUMBERING`]: the `i`-th is the point of bit `i` of the subsets that
/// [`door_rank_among_free`] ranks.
pub(crate) fn free_points_renumbered(tigers: u32) -> Vec<u8> {
    let mut free: Vec<u8> = (0..25u8).filter(|&p| tigers & (1 << p) == 0).collect();
    free.sort_by_key(|&p| NUMBERING[usize::from(p)]);
    free
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::indexing::binomial;

    /// The subsets by the recursive definition, to check the ranks by.
    fn by_definition(n: u32, k: u32) -> Vec<u32> {
        if k == 0 {
            return vec![0];
        }
        if k == n {
            return vec![(1 << n) - 1];
        }
        let mut out = by_definition(n - 1, k);
        out.extend(
            by_definition(n - 1, k - 1)
                .into_iter()
                .rev()
                .map(|s| s | 1 << (n - 1)),
        );
        out
    }

    #[test]
    fn ranks_follow_the_definition_and_unrank_inverts_them() {
        for n in 0..=12 {
            for k in 0..=n {
                let subsets = by_definition(n, k);
                assert_eq!(subsets.len() as u64, binomial(n, k));
                for (rank, &subset) in subsets.iter().enumerate() {
                    assert_eq!(
                        door_rank_by_steps(subset),
                        rank as u64,
                        "n {n} k {k} {subset:b}"
                    );
                    assert_eq!(door_rank(subset), rank as u64, "n {n} k {k} {subset:b}");
                    assert_eq!(door_unrank(rank as u64, n, k), subset);
                }
            }
        }
    }

    #[test]
    fn the_tables_rank_as_the_recurrence_does_on_25_points() {
        for k in [1, 5, 12, 20, 25] {
            for rank in (0..binomial(25, k)).step_by(997) {
                let subset = door_unrank(rank, 25, k);
                assert_eq!(door_rank_by_steps(subset), rank);
                assert_eq!(door_rank(subset), rank, "k {k} {subset:b}");
            }
        }
    }

    #[test]
    fn neighbours_differ_by_one_point_in_and_one_out() {
        let (n, k) = (21, 9);
        let mut before = door_unrank(0, n, k);
        for rank in 1..binomial(n, k) {
            let subset = door_unrank(rank, n, k);
            assert_eq!((before ^ subset).count_ones(), 2, "rank {rank}");
            before = subset;
        }
    }

    #[test]
    fn the_numbering_goes_up_and_down_the_files() {
        let mut seen = [false; 25];
        for &n in &NUMBERING {
            seen[usize::from(n)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        // a1 0, a5 4, b5 5, b1 9, c1 10, e5 24.
        assert_eq!(
            [
                NUMBERING[0],
                NUMBERING[20],
                NUMBERING[21],
                NUMBERING[1],
                NUMBERING[2],
                NUMBERING[24]
            ],
            [0, 4, 5, 9, 10, 24]
        );
        for (p, &n) in NUMBERING.iter().enumerate() {
            assert_eq!(renumber(1 << p), 1 << n);
        }
        assert_eq!(renumber((1 << 25) - 1), (1 << 25) - 1);
    }

    #[test]
    fn a_run_is_numbered_densely_over_the_free_points() {
        // With a tiger on a1, a2 is the first free point and b1, after a2
        // to a5 and b5 to b2, the ninth.
        assert_eq!(free_points_renumbered(1)[..2], [5, 10]);
        assert_eq!(door_rank_among_free(1, 1 << 1), door_rank(1 << 8));
        let tigers = 0b1_0000_0000_0100_0000_0001;
        let free = free_points_renumbered(tigers);
        let mut seen = vec![false; binomial(22, 3) as usize];
        for rank in 0..binomial(22, 3) {
            let subset = door_unrank(rank, 22, 3);
            let goats: u32 = (0..22)
                .filter(|i| subset & (1 << i) != 0)
                .map(|i| 1u32 << free[i])
                .sum();
            assert_eq!(goats & tigers, 0);
            assert_eq!(door_rank_among_free(tigers, goats), rank);
            assert!(!seen[rank as usize]);
            seen[rank as usize] = true;
        }
    }
}
