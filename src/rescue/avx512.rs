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

/// The lanes where a < b (unsigned).
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn ltu(a: __m256i, b: __m256i) -> __mmask8 {
    _mm256_cmplt_epu64_mask(a, b)
}

/// a + b (mod p) where `b` is canonical.
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
pub(super) fn add_canon(a: __m256i, b: __m256i) -> __m256i {
    let s = _mm256_add_epi64(a, b);
    _mm256_mask_add_epi64(s, ltu(s, b), s, splat(EPSILON))
}

/// The canonical representative (subtract p where x ≥ p).
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
pub(super) fn canonical(x: __m256i) -> __m256i {
    let p = splat(P);
    _mm256_mask_sub_epi64(x, _mm256_cmpge_epu64_mask(x, p), x, p)
}

/// Reduces `lo + (hi + c)·2^64`, where `c` (0 or 1 per lane, as a mask) is a carry not
/// yet added into `hi`; see `field::reduce128`. Folding the carry into hl·(2^32 − 1)
/// (hl + c ≤ 2^32 still fits) and applying the borrow and the final carry as two
/// independent masked corrections keeps the dependency chain short: a carry and a borrow
/// cancel exactly (the wrapped intermediate is harmless), and either alone cannot wrap.
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
pub(super) fn reduce(lo: __m256i, hi: __m256i, c: __mmask8) -> __m256i {
    let eps = splat(EPSILON);
    let hh = _mm256_srli_epi64::<32>(hi);
    let t1 = _mm256_sub_epi64(_mm256_slli_epi64::<32>(hi), _mm256_and_si256(hi, eps));
    let t1 = _mm256_mask_add_epi64(t1, c, t1, eps);
    let borrow = ltu(lo, hh);
    let t0 = _mm256_sub_epi64(lo, hh);
    let r = _mm256_add_epi64(t0, t1);
    let carry = ltu(r, t1);
    let r = _mm256_mask_sub_epi64(r, borrow, r, eps);
    _mm256_mask_add_epi64(r, carry, r, eps)
}

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
