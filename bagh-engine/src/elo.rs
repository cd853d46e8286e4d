//! The Elo difference of a match score, with a 95% interval.
//!
//! With `w` wins, `d` draws and `l` losses in `n` games, the score is
//! `p = (w + d / 2) / n` and the difference `-400 log10(1 / p - 1)`. The
//! interval comes from the standard error of the mean game score,
//! `sqrt((w (1 - p)^2 + d (1/2 - p)^2 + l p^2) / n) / sqrt(n)`: the
//! difference at `p - 1.96 se` and at `p + 1.96 se`. A score of 0 or 1
//! has no finite difference and no spread; its interval is then Wilson's
//! for a proportion, `(n / (n + z^2))` away from the sweep, so that a
//! clean sweep of 4 games still bounds the difference on one side.
//!
//! ```
//! use bagh_engine::{format_elo, Tally};
//!
//! let tally = Tally { wins: 60, draws: 30, losses: 10 };
//! assert_eq!(tally.score(), 0.75);
//! assert_eq!(format_elo(tally.elo().difference), "+190.8");
//! ```

/// Wins, draws and losses of the first player.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Games drawn (or stopped unfinished).
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

/// An Elo difference and its 95% interval (infinite at a score of 0 or 1).
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct EloEstimate {
    /// The difference of the first player over the second.
    pub difference: f64,
    /// The low end of the 95% interval.
    pub low: f64,
    /// The high end of the 95% interval.
    pub high: f64,
}

/// The Elo difference of a score fraction.
fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl Tally {
    /// The number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score fraction, 0.5 for no games.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
    }

    /// The Elo difference and its 95% interval. A bound is infinite where
    /// the interval reaches a score of 0 or 1, which no Elo difference
    /// expresses: after a sweep (2-0) the difference and the high bound are
    /// infinite, and the low bound is Wilson's (-113.4 for 2-0); few games
    /// with a lopsided score can give an infinite bound too.
    pub fn elo(&self) -> EloEstimate {
        let n = f64::from(self.games().max(1));
        let p = self.score();
        let variance = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        let margin = 1.96 * (variance / n).sqrt();
        // A sweep: Wilson's bound, n / (n + z^2) of the way from the other end.
        let wilson = n / (n + 1.96 * 1.96);
        let (low, high) = if p >= 1.0 {
            (wilson, 1.0)
        } else if p <= 0.0 {
            (0.0, 1.0 - wilson)
        } else {
            (p - margin, p + margin)
        };
        EloEstimate {
            difference: elo(p),
            low: elo(low),
            high: elo(high),
        }
    }
}

/// An Elo difference as text, to one decimal: `+35.2`, `-inf`, `+inf`.
pub fn format_elo(value: f64) -> String {
    if value.is_infinite() {
        if value > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // Adding 0 turns -0.0 into 0.0.
        format!("{:+.1}", value + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_no_difference() {
        let tally = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let estimate = tally.elo();
        assert_eq!(estimate.difference, 0.0);
        assert!(estimate.low < -100.0 && estimate.high > 100.0);
        assert!((estimate.low + estimate.high).abs() < 1e-9);
    }

    #[test]
    fn three_quarters_is_about_191() {
        let tally = Tally {
            wins: 60,
            draws: 30,
            losses: 10,
        };
        let estimate = tally.elo();
        assert!((estimate.difference - 190.85).abs() < 0.1);
        assert!(estimate.low < estimate.difference && estimate.difference < estimate.high);
    }

    #[test]
    fn a_clean_sweep_is_infinite() {
        let tally = Tally {
            wins: 4,
            draws: 0,
            losses: 0,
        };
        assert_eq!(format_elo(tally.elo().difference), "+inf");
        // Wilson: 4 / (4 + 1.96^2) = 0.5101, which is +7.0 Elo.
        assert_eq!(format_elo(tally.elo().low), "+7.0");
        assert_eq!(format_elo(tally.elo().high), "+inf");
        let swept = Tally {
            wins: 0,
            draws: 0,
            losses: 4,
        };
        assert_eq!(format_elo(swept.elo().high), "-7.0");
        assert_eq!(format_elo(-35.26), "-35.3");
        assert_eq!(format_elo(-0.0), "+0.0");
        assert_eq!(Tally::default().score(), 0.5);
    }
}
