//! A share with its 95% interval (Wilson's score interval, which stays
//! inside [0, 1] and is honest for small counts and shares near 0 or 1).

/// `count` of `total`, with its interval.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Rate {
    /// The cases counted (kept values, value-losing moves, ...).
    pub count: u64,
    /// The cases in all.
    pub total: u64,
}

impl Rate {
    /// Counts one case, `hit` or not.
    pub fn add(&mut self, hit: bool) {
        self.count += u64::from(hit);
        self.total += 1;
    }

    /// The share, 0 when there is no case.
    pub fn share(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.count as f64 / self.total as f64
        }
    }

    /// The 95% Wilson score interval of the share; (0, 1) with no case.
    ///
    /// ```
    /// use bagh_rl::benchmark::Rate;
    ///
    /// let rate = Rate { count: 90, total: 100 };
    /// let (low, high) = rate.interval();
    /// assert!((low - 0.8256).abs() < 1e-4 && (high - 0.9448).abs() < 1e-4);
    /// ```
    pub fn interval(&self) -> (f64, f64) {
        if self.total == 0 {
            return (0.0, 1.0);
        }
        let z = 1.959_963_984_540_054_f64;
        let n = self.total as f64;
        let p = self.share();
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// The two counts together.
    pub fn merge(&self, other: &Rate) -> Rate {
        Rate {
            count: self.count + other.count,
            total: self.total + other.total,
        }
    }
}
