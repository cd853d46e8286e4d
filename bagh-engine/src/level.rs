//! Playing levels for human opponents: a shallower search, and a choice
//! among the root moves by a softmax over their scores, drawn from a seeded
//! generator so that a seed replays the same game.
//!
//! A level below 20 caps the search's depth and plays with noise: its
//! strength is the level's, and a time limit is only an upper bound (it
//! answers as soon as its depth is searched, on a fast machine long before
//! its time). Level 20 has no cap and no noise: it searches for the whole
//! time (or to the depth or nodes) it is given, as full strength does
//! without tables, so that more time makes the top level stronger.

use bagh_core::{Move, SplitMix64};

use crate::Score;

/// The lowest and highest levels.
pub(crate) const LEVELS: std::ops::RangeInclusive<u8> = 1..=20;

/// The deepest search of a level: 1 at level 1, 11 at level 19, and no
/// cap but the limits at level 20 ([`crate::MAX_DEPTH`]).
pub(crate) fn depth(level: u8) -> u32 {
    // Level 20's "depth" is the deepest iteration a search starts.
    const TOP: u32 = crate::MAX_DEPTH;
    const DEPTHS: [u32; 20] = [
        1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, TOP,
    ];
    DEPTHS[usize::from(level.clamp(1, 20) - 1)]
}

/// The softmax temperature of a level in thousandths of a result (the
/// unit of `Score::Value`): 400 at level 1, falling quadratically to 0
/// (always the best move) at level 20.
pub(crate) fn temperature(level: u8) -> f64 {
    let gap = f64::from(20 - level.clamp(1, 20)) / 19.0;
    400.0 * gap * gap
}

/// The root lines a level compares: every move up to 12 while it plays
/// with some temperature, the best alone at level 20.
pub(crate) fn lines(level: u8) -> usize {
    if level >= 20 {
        1
    } else {
        12
    }
}

/// A move chosen among `lines` (best first) with probability proportional
/// to `exp((score - best) / temperature)`; the best at temperature 0.
pub(crate) fn choose(
    lines: &[(Move, Score)],
    temperature: f64,
    rng: &mut SplitMix64,
) -> Option<Move> {
    let (first, _) = *lines.first()?;
    if temperature <= 0.0 || lines.len() == 1 {
        return Some(first);
    }
    let best = lines.iter().map(|(_, s)| s.sort_key()).max().unwrap_or(0);
    let weights: Vec<f64> = lines
        .iter()
        // libm's exp, the same on every target (see the manifest).
        .map(|(_, s)| libm::exp(f64::from(s.sort_key() - best) / temperature))
        .collect();
    let total: f64 = weights.iter().sum();
    let mut target = rng.next_f64() * total;
    for (&(mv, _), w) in lines.iter().zip(&weights) {
        if target < *w {
            return Some(mv);
        }
        target -= w;
    }
    Some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_is_the_reference_stream() {
        // The first output of SplitMix64 seeded with 0.
        assert_eq!(SplitMix64::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn levels_get_deeper_and_colder() {
        for level in 2..=20 {
            assert!(depth(level) >= depth(level - 1));
            assert!(temperature(level) < temperature(level - 1));
        }
        assert_eq!(temperature(20), 0.0);
    }

    #[test]
    fn a_cold_choice_is_the_best_move() {
        let a: Move = "a1a2".parse().unwrap();
        let b: Move = "e1e2".parse().unwrap();
        let lines = [(a, Score::Value(10)), (b, Score::Value(900))];
        let mut rng = SplitMix64::new(1);
        assert_eq!(choose(&lines, 0.0, &mut rng), Some(a));
        // Hot enough, the weaker move comes up too; cold, almost never.
        let picks = |t| {
            let mut rng = SplitMix64::new(7);
            (0..1000)
                .filter(|_| choose(&lines, t, &mut rng) == Some(a))
                .count()
        };
        assert!(picks(10.0) < 5);
        assert!(picks(2000.0) > 300);
    }
}
