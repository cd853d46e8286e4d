//! The exponential of the network's softmax, written out so that every
//! target computes it to the same bit: std's `exp` is the platform C
//! library's natively (glibc here) and a port of musl's in WebAssembly, and
//! the two differ in the last bit now and then. These are plain `f32`
//! additions and multiplications, which IEEE 754 rounds the same everywhere
//! (Rust never fuses them), and cheaper than either library's, which
//! matters at three calls a node.

/// log2(e).
const LOG2_E: f32 = std::f32::consts::LOG2_E;
/// ln(2) in two parts (Cody and Waite): the high part has its last 9 bits
/// zero, so `k * LN2_HI` is exact for every `k` used here (|k| <= 126).
const LN2_HI: f32 = 0.693_145_75;
const LN2_LO: f32 = 1.428_606_8e-6;
/// 1.5 * 2^23: adding and taking it away again rounds to a whole number.
const ROUNDER: f32 = 12_582_912.0;
/// Below this, e^x is under the smallest normal `f32`, and 0 is given.
const LOWEST: f32 = -87.0;

/// e^x for x <= 0 (a logit less the largest), within about 2 units in
/// the last place; 0 below -87.
#[inline]
pub(super) fn exp_nonpositive(x: f32) -> f32 {
    if x < LOWEST {
        return 0.0;
    }
    // x = k ln 2 + r, |r| <= ln(2) / 2.
    let k = (x * LOG2_E + ROUNDER) - ROUNDER;
    let r = (x - k * LN2_HI) - k * LN2_LO;
    // e^r by its Taylor series to r^7 / 7!, whose remainder is under 2^-27
    // for |r| <= 0.35.
    let p = 1.0
        + r * (1.0
            + r * (1.0 / 2.0
                + r * (1.0 / 6.0
                    + r * (1.0 / 24.0
                        + r * (1.0 / 120.0 + r * (1.0 / 720.0 + r * (1.0 / 5040.0)))))));
    // 2^k as the bits of a float: k is in -126..=0 here.
    let two_k = f32::from_bits(((k as i32 + 127) as u32) << 23);
    p * two_k
}

#[cfg(test)]
mod tests {
    use super::exp_nonpositive;

    /// Against f64's exp rounded to f32, over the range the softmax uses
    /// and past where the result leaves the normal floats.
    #[test]
    fn it_is_within_a_few_units_in_the_last_place() {
        let mut worst = 0f64;
        for i in 0..=870_000 {
            let x = -(i as f32) * 1e-4;
            let ours = f64::from(exp_nonpositive(x));
            let exact = f64::from(x).exp();
            let ulp = f64::from(f32::EPSILON) * exact;
            worst = worst.max((ours - exact).abs() / ulp);
        }
        assert!(worst <= 2.0, "{worst} units in the last place");
        assert_eq!(exp_nonpositive(0.0), 1.0);
        assert_eq!(exp_nonpositive(-87.5), 0.0);
        assert_eq!(exp_nonpositive(-1000.0), 0.0);
    }
}
