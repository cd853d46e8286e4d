//! Root noise from the seeded generator: Dirichlet (AlphaZero) and
//! Gumbel (Gumbel MuZero) samples.

use bagh_core::SplitMix64;

/// A uniform number in (0, 1), never 0.
fn open_unit(rng: &mut SplitMix64) -> f64 {
    (rng.next_f64() + f64::EPSILON).min(1.0 - f64::EPSILON)
}

/// A standard normal sample (Box-Muller).
fn normal(rng: &mut SplitMix64) -> f64 {
    let (u, v) = (open_unit(rng), open_unit(rng));
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// A Gamma(`alpha`, 1) sample (Marsaglia and Tsang, 2000; for `alpha` < 1
/// through Gamma(`alpha` + 1) times U^(1/`alpha`)).
pub(crate) fn gamma(alpha: f64, rng: &mut SplitMix64) -> f64 {
    if alpha < 1.0 {
        return gamma(alpha + 1.0, rng) * open_unit(rng).powf(1.0 / alpha);
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u = open_unit(rng);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// `n` weights of a symmetric Dirichlet(`alpha`) sample.
pub(crate) fn dirichlet(alpha: f64, n: usize, rng: &mut SplitMix64) -> Vec<f32> {
    let samples: Vec<f64> = (0..n).map(|_| gamma(alpha, rng)).collect();
    let total: f64 = samples.iter().sum();
    samples
        .iter()
        .map(|s| {
            if total > 0.0 {
                (s / total) as f32
            } else {
                1.0 / n as f32
            }
        })
        .collect()
}

/// A standard Gumbel sample.
pub(crate) fn gumbel(rng: &mut SplitMix64) -> f32 {
    (-(-open_unit(rng).ln()).ln()) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_and_gumbel_have_their_means() {
        let mut rng = SplitMix64::new(3);
        for alpha in [0.3, 1.0, 2.5] {
            let mean: f64 = (0..20_000).map(|_| gamma(alpha, &mut rng)).sum::<f64>() / 20_000.0;
            assert!(
                (mean - alpha).abs() < 0.05 * alpha.max(1.0),
                "{alpha}: {mean}"
            );
        }
        // The Euler-Mascheroni constant.
        let mean: f32 = (0..20_000).map(|_| gumbel(&mut rng)).sum::<f32>() / 20_000.0;
        assert!((mean - 0.5772).abs() < 0.03, "{mean}");
        let weights = dirichlet(0.3, 10, &mut rng);
        assert!((weights.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    }
}
