//! The AVX-512 Rp64_256 permutation. It uses the AVX-512 instructions on 256-bit
//! registers (AVX-512VL): unsigned compares into mask registers and masked additions
//! replace AVX2's emulated compares, while staying off 512-bit registers, whose use
//! lowers the clock frequency of many Intel cores. During the S-boxes elements 0..8 are
//! in two registers and elements 8..12 on the scalar multiplier (see `avx2.rs`, whose
//! structure this file follows). No branch depends on data.

use core::arch::x86_64::*;

use super::constants::{ARK1, ARK2};
use super::field::{EPSILON, P};
use super::{NUM_ROUNDS, RATE_WIDTH, STATE_WIDTH};

super::simd::avx512_field!("avx512f,avx512vl");

/// `x` plus one in the lanes of the carry mask `c`.
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn add_carry(x: __m256i, c: __mmask8) -> __m256i {
    _mm256_mask_add_epi64(x, c, x, splat(1))
}

/// Folds a column sum's low and high words into one reduced element (see `mds`).
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn fold(l: __m256i, h: __m256i, eps: __m256i) -> __m256i {
    let x = _mm256_add_epi64(l, _mm256_slli_epi64::<32>(h));
    // The carry of the low word goes into the top part (< 2^32), and
    // top·2^64 ≡ top·(2^32 − 1), which fits in 64 bits.
    let top = _mm256_srli_epi64::<32>(h);
    let top = _mm256_mask_add_epi64(top, ltu(x, l), top, splat(1));
    let t = _mm256_sub_epi64(_mm256_slli_epi64::<32>(top), top);
    let r = _mm256_add_epi64(x, t);
    _mm256_mask_add_epi64(r, ltu(r, t), r, eps)
}

super::simd::u64_lanes!("avx512f,avx512vl");
super::simd::vector_rounds!("avx512f,avx512vl");
