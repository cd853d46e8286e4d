//! The network's arithmetic, twice: portable loops that the compiler
//! vectorises for any processor, and, chosen at run time where the
//! processor has it, AVX2 (the accumulator's updates, the same loops
//! compiled 16 lanes wide; the dense layers, 16-bit multiply-adds of a
//! pair of inputs into 8 sums at once). The dense layers are most of a
//! node's cost, so the AVX2 path is where the search's speed with the
//! network is won. WebAssembly compiled with SIMD (`simd128`, fixed at
//! compile time: a module has no run-time check) has the same
//! multiply-adds 4 sums wide for the dense layers. The results are the
//! same integers every way.
//!
//! This is the crate's only `unsafe`: calling a function compiled for AVX2
//! is sound only on a processor that has it, which is checked first, and
//! the vector loads read within slices whose length is checked.
#![allow(unsafe_code)]

use super::{Accumulator, Bucket, H1_MAX, H1_WIDTHS, H2, H3, HIDDEN_SHIFT, ONE};

/// The narrow width, compiled on its own beside [`H1_MAX`].
const H1_NARROW: usize = H1_WIDTHS[0];

/// The first layer's rows, one per input, as the network keeps them.
type Rows = [[i16; H1_MAX]];

/// The raw outputs (loss, draw, win, then the distance where the network
/// has it) before scaling, from an accumulator of `h1` sums and the dense
/// layers of the side to move; `outputs` of them are computed.
pub(super) fn forward(h1: usize, acc: &Accumulator, bucket: &Bucket, outputs: usize) -> [i32; 4] {
    // Each width is compiled on its own, so that every loop has a length
    // the compiler knows.
    if h1 == H1_NARROW {
        forward_of::<H1_NARROW>(acc, bucket, outputs)
    } else {
        forward_of::<H1_MAX>(acc, bucket, outputs)
    }
}

/// Adds to the first `h1` sums of `acc` the rows of the first layer
/// whose bits are set in `add`, and takes away those set in `sub`.
pub(super) fn update(h1: usize, acc: &mut Accumulator, rows: &Rows, add: u128, sub: u128) {
    if h1 == H1_NARROW {
        update_of::<H1_NARROW>(acc, rows, add, sub);
    } else {
        update_of::<H1_MAX>(acc, rows, add, sub);
    }
}

#[inline(always)]
fn forward_of<const N: usize>(acc: &Accumulator, bucket: &Bucket, outputs: usize) -> [i32; 4] {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { forward_avx2::<N>(acc, bucket, outputs) };
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        let a = clamped::<N>(acc);
        let h2 = dense32_simd128::<N>(&a, &bucket.w2, &bucket.b2);
        let h3 = dense32_simd128::<H2>(&h2, &bucket.w3, &bucket.b3);
        return last_layer(&h3, bucket, outputs);
    }
    #[allow(unreachable_code)]
    forward_portable::<N>(acc, bucket, outputs)
}

#[inline(always)]
fn update_of<const N: usize>(acc: &mut Accumulator, rows: &Rows, add: u128, sub: u128) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has AVX2, checked just above.
        unsafe { update_avx2::<N>(acc, rows, add, sub) };
        return;
    }
    update_portable::<N>(acc, rows, add, sub);
}

/// Whether the processor has AVX2 (the standard library caches the
/// answer, so asking costs a load).
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn forward_avx2<const N: usize>(acc: &Accumulator, bucket: &Bucket, outputs: usize) -> [i32; 4] {
    let a = clamped::<N>(acc);
    let h2 = dense32_avx2::<N>(&a, &bucket.w2, &bucket.b2);
    let h3 = dense32_avx2::<H2>(&h2, &bucket.w3, &bucket.b3);
    last_layer(&h3, bucket, outputs)
}

/// [`dense`] with 32 outputs: each pair of inputs that is not zero is
/// multiplied into the 32 sums by four multiply-adds of 16 pairs.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn dense32_avx2<const N: usize>(x: &[i16; N], w: &[i16], b: &[i32]) -> [i16; 32] {
    use std::arch::x86_64::*;
    // The loads below stay within these slices.
    let (w, b) = (&w[..N * 32], &b[..32]);
    let load = |at: &[i32]| {
        // SAFETY: `at` holds at least 8 values (32 bytes), read unaligned.
        unsafe { _mm256_loadu_si256(at.as_ptr().cast()) }
    };
    let mut sums = [
        load(&b[0..8]),
        load(&b[8..16]),
        load(&b[16..24]),
        load(&b[24..32]),
    ];
    for (pair, column) in x.chunks_exact(2).zip(w.chunks_exact(64)) {
        if pair[0] | pair[1] == 0 {
            continue;
        }
        let both = i32::from(pair[0] as u16) | (i32::from(pair[1] as u16) << 16);
        let xx = _mm256_set1_epi32(both);
        for (k, sum) in sums.iter_mut().enumerate() {
            // SAFETY: `column` holds 64 values, so 16 from 16k are in it.
            let weights = unsafe { _mm256_loadu_si256(column[16 * k..].as_ptr().cast()) };
            *sum = _mm256_add_epi32(*sum, _mm256_madd_epi16(xx, weights));
        }
    }
    let (zero, one) = (_mm256_setzero_si256(), _mm256_set1_epi32(ONE));
    let mut out = [0i32; 32];
    for (sum, chunk) in sums.iter().zip(out.chunks_exact_mut(8)) {
        let shifted = _mm256_srai_epi32::<{ HIDDEN_SHIFT as i32 }>(*sum);
        let clamped = _mm256_min_epi32(_mm256_max_epi32(shifted, zero), one);
        // SAFETY: `chunk` has room for 8 values (32 bytes), written unaligned.
        unsafe { _mm256_storeu_si256(chunk.as_mut_ptr().cast(), clamped) };
    }
    out.map(|v| v as i16)
}

/// [`dense`] with 32 outputs in WebAssembly's SIMD: each pair of inputs
/// that is not zero is multiplied into the 32 sums by eight dot products
/// of 4 pairs (`i32x4.dot_i16x8_s`, AVX2's `madd` 4 lanes wide).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn dense32_simd128<const N: usize>(x: &[i16; N], w: &[i16], b: &[i32]) -> [i16; 32] {
    use std::arch::wasm32::*;
    // The loads below stay within these slices.
    let (w, b) = (&w[..N * 32], &b[..32]);
    let mut sums: [v128; 8] = std::array::from_fn(|k| {
        // SAFETY: `b` holds 32 values, so 4 from 4k are in it; read unaligned.
        unsafe { v128_load(b[4 * k..].as_ptr().cast()) }
    });
    for (pair, column) in x.chunks_exact(2).zip(w.chunks_exact(64)) {
        if pair[0] | pair[1] == 0 {
            continue;
        }
        let both = i32::from(pair[0] as u16) | (i32::from(pair[1] as u16) << 16);
        let xx = i32x4_splat(both);
        for (k, sum) in sums.iter_mut().enumerate() {
            // SAFETY: `column` holds 64 values, so 8 from 8k are in it.
            let weights = unsafe { v128_load(column[8 * k..].as_ptr().cast()) };
            *sum = i32x4_add(*sum, i32x4_dot_i16x8(xx, weights));
        }
    }
    let (zero, one) = (i32x4_splat(0), i32x4_splat(ONE));
    let clamp = |sum: v128| i32x4_min(i32x4_max(i32x4_shr(sum, HIDDEN_SHIFT), zero), one);
    let mut out = [0i16; 32];
    for (two, chunk) in sums.chunks_exact(2).zip(out.chunks_exact_mut(8)) {
        // 0..=127 in each lane, so narrowing to 16 bits keeps every value.
        let packed = i16x8_narrow_i32x4(clamp(two[0]), clamp(two[1]));
        // SAFETY: `chunk` has room for 8 values (16 bytes), written unaligned.
        unsafe { v128_store(chunk.as_mut_ptr().cast(), packed) };
    }
    out
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn update_avx2<const N: usize>(acc: &mut Accumulator, rows: &Rows, add: u128, sub: u128) {
    update_portable::<N>(acc, rows, add, sub);
}

#[inline(always)]
fn update_portable<const N: usize>(acc: &mut Accumulator, rows: &Rows, add: u128, sub: u128) {
    let sums = &mut acc.0[..N];
    for input in ones(add) {
        for (a, &w) in sums.iter_mut().zip(&rows[input][..N]) {
            *a = a.wrapping_add(w);
        }
    }
    for input in ones(sub) {
        for (a, &w) in sums.iter_mut().zip(&rows[input][..N]) {
            *a = a.wrapping_sub(w);
        }
    }
}

/// The indices of the set bits of `set`, lowest first.
#[inline(always)]
fn ones(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let bit = set.trailing_zeros() as usize;
            set &= set - 1;
            bit
        })
    })
}

#[inline(always)]
fn forward_portable<const N: usize>(
    acc: &Accumulator,
    bucket: &Bucket,
    outputs: usize,
) -> [i32; 4] {
    let a = clamped::<N>(acc);
    let h2 = dense::<N, H2>(&a, &bucket.w2, &bucket.b2);
    let h3 = dense::<H2, H3>(&h2, &bucket.w3, &bucket.b3);
    last_layer(&h3, bucket, outputs)
}

/// The first `N` sums of the accumulator after the first layer's clamp
/// to 0..=127.
#[inline(always)]
fn clamped<const N: usize>(acc: &Accumulator) -> [i16; N] {
    let mut sums = [0i16; N];
    sums.copy_from_slice(&acc.0[..N]);
    sums.map(|s| s.clamp(0, ONE as i16))
}

/// The output layer, a row of weights per output.
#[inline(always)]
fn last_layer(h3: &[i16; H3], bucket: &Bucket, outputs: usize) -> [i32; 4] {
    let mut out = [0i32; 4];
    for (k, o) in out.iter_mut().enumerate().take(outputs) {
        *o = dot(h3, &bucket.w4[k * H3..(k + 1) * H3]) + bucket.b4[k];
    }
    out
}

#[inline(always)]
fn dot(x: &[i16], w: &[i16]) -> i32 {
    x.iter()
        .zip(w)
        .map(|(&a, &b)| i32::from(a) * i32::from(b))
        .sum()
}

/// One clamped dense layer: `N` inputs of 0..=127, 1024ths as weights
/// stored a pair of inputs at a time ([`pair_columns`]), so that each pair
/// of inputs adds into all `M` sums at once, and pairs of zeros (the
/// clamp makes many) are skipped.
#[inline(always)]
fn dense<const N: usize, const M: usize>(x: &[i16; N], w: &[i16], b: &[i32]) -> [i16; M] {
    let mut sums = [0i32; M];
    sums.copy_from_slice(&b[..M]);
    for (pair, column) in x.chunks_exact(2).zip(w.chunks_exact(2 * M)) {
        let (x0, x1) = (i32::from(pair[0]), i32::from(pair[1]));
        if x0 | x1 == 0 {
            continue;
        }
        for (sum, w) in sums.iter_mut().zip(column.chunks_exact(2)) {
            *sum += x0 * i32::from(w[0]) + x1 * i32::from(w[1]);
        }
    }
    sums.map(|sum| (sum >> HIDDEN_SHIFT).clamp(0, ONE) as i16)
}

/// A dense layer's weights, `M` rows of `N`, rearranged for [`dense`]:
/// for each pair of inputs, the two weights of every output side by side.
pub(super) fn pair_columns(rows: &[i16], n: usize, m: usize) -> Vec<i16> {
    let mut out = Vec::with_capacity(n * m);
    for pair in 0..n / 2 {
        for j in 0..m {
            out.push(rows[j * n + 2 * pair]);
            out.push(rows[j * n + 2 * pair + 1]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use bagh_core::{random_game, Position, Ruleset};

    use super::*;
    use crate::network::Network;

    /// Both compilations give the same integers, position by position
    /// (on a processor without AVX2 only the portable one runs), at every
    /// width a network file may have.
    #[test]
    fn the_avx2_kernels_agree_with_the_portable_ones() {
        let shipped = |id| (*Network::shipped(&Ruleset::preset(id).unwrap()).unwrap()).clone();
        let networks = [
            ("bagh-chal", shipped("bagh-chal")),
            ("two-tigers", shipped("two-tigers")),
            (
                "bagh-chal",
                crate::network::tests::random_network(H1_MAX, crate::network::INPUTS, 5),
            ),
        ];
        let mut widths: Vec<usize> = networks.iter().map(|(_, n)| n.width()).collect();
        widths.sort_unstable();
        widths.dedup();
        assert_eq!(widths, H1_WIDTHS, "both widths are checked");
        for (id, network) in networks {
            let rules = Ruleset::preset(id).unwrap();
            for seed in 0..20 {
                let game = random_game(Position::new(rules), seed, 200);
                for position in game.positions() {
                    let acc = network.accumulate(position);
                    let bucket = network.bucket(position.side_to_move());
                    let h1 = network.h1;
                    let portable = if h1 == H1_NARROW {
                        forward_portable::<H1_NARROW>(&acc, bucket, network.outputs)
                    } else {
                        forward_portable::<H1_MAX>(&acc, bucket, network.outputs)
                    };
                    assert_eq!(forward(h1, &acc, bucket, network.outputs), portable);
                    let (add, sub) = (1 << 3 | 1 << 40 | 1 << 90, 1 << 3 | 1 << 60);
                    let (mut wide, mut narrow) = (acc, acc);
                    update(h1, &mut wide, &network.w1, add, sub);
                    if h1 == H1_NARROW {
                        update_portable::<H1_NARROW>(&mut narrow, &network.w1, add, sub);
                    } else {
                        update_portable::<H1_MAX>(&mut narrow, &network.w1, add, sub);
                    }
                    assert_eq!(wide, narrow, "{id} width {h1} seed {seed}");
                }
            }
        }
    }

    /// The paired layout gives what rows of weights give, summed the
    /// plain way, for inputs with and without zero pairs.
    #[test]
    fn a_dense_layer_of_paired_columns_is_the_rows_dot_products() {
        const N: usize = 32;
        let rows: Vec<i16> = (0..N * 32)
            .map(|i| ((i * 7919) % 2001) as i16 - 1000)
            .collect();
        let bias: Vec<i32> = (0..32i32).map(|j| (j - 16) * 3000).collect();
        let paired = pair_columns(&rows, N, 32);
        for seed in 0..50usize {
            let x: [i16; N] = std::array::from_fn(|i| {
                let v = (i * 31 + seed * 17) % 200;
                if v < 90 {
                    0
                } else {
                    (v - 73) as i16
                }
            });
            let expected: [i16; 32] = std::array::from_fn(|j| {
                let sum: i32 = (0..N)
                    .map(|i| i32::from(x[i]) * i32::from(rows[j * N + i]))
                    .sum();
                ((sum + bias[j]) >> 10).clamp(0, 127) as i16
            });
            assert_eq!(dense::<N, 32>(&x, &paired, &bias), expected, "seed {seed}");
            #[cfg(target_arch = "x86_64")]
            if has_avx2() {
                // SAFETY: the processor has AVX2, checked just above.
                let wide = unsafe { dense32_avx2::<N>(&x, &paired, &bias) };
                assert_eq!(wide, expected, "seed {seed}");
            }
        }
    }
}
