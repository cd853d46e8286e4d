//! The Elo interval of a match where a bound is infinite: a sweep keeps a
//! finite bound on the other side, Wilson's score interval for a
//! proportion, computed here from its general formula.

use bagh_engine::{format_elo, Tally};

const Z: f64 = 1.96;

/// Wilson's score interval for `successes` of `n` at 95%.
fn wilson(successes: f64, n: f64) -> (f64, f64) {
    let p = successes / n;
    let centre = p + Z * Z / (2.0 * n);
    let spread = Z * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + Z * Z / n;
    ((centre - spread) / scale, (centre + spread) / scale)
}

/// The Elo difference of a score fraction: `p = 1 / (1 + 10^(-d/400))`.
fn elo(p: f64) -> f64 {
    400.0 * (p / (1.0 - p)).log10()
}

#[test]
fn a_two_nil_match_has_an_infinite_high_bound_and_wilsons_low_one() {
    let sweep = Tally {
        wins: 2,
        draws: 0,
        losses: 0,
    };
    let estimate = sweep.elo();
    assert_eq!(estimate.difference, f64::INFINITY);
    assert_eq!(estimate.high, f64::INFINITY);
    let (low, _) = wilson(2.0, 2.0);
    assert!((estimate.low - elo(low)).abs() < 1e-9, "{estimate:?}");
    assert_eq!(format_elo(estimate.low), "-113.4");
    // And the mirror image for a 0-2 match.
    let swept = Tally {
        wins: 0,
        draws: 0,
        losses: 2,
    };
    let estimate = swept.elo();
    assert_eq!(
        (estimate.difference, estimate.low),
        (f64::NEG_INFINITY, f64::NEG_INFINITY)
    );
    let (_, high) = wilson(0.0, 2.0);
    assert!((estimate.high - elo(high)).abs() < 1e-9, "{estimate:?}");
}

#[test]
fn more_games_give_two_finite_bounds() {
    let tally = Tally {
        wins: 12,
        draws: 6,
        losses: 2,
    };
    let estimate = tally.elo();
    assert!(
        estimate.low.is_finite() && estimate.high.is_finite(),
        "{estimate:?}"
    );
    assert!(estimate.low < estimate.difference && estimate.difference < estimate.high);
}
