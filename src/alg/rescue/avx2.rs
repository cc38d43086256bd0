//! The AVX2 Rp64_256 permutation: the 12-element state in three 256-bit registers
//! (elements 0..4, 4..8, 8..12).
//!
//! The arithmetic is that of `avx512.rs` (see there for the carry bookkeeping), with
//! AVX2's lack of unsigned compares and mask registers made up for by comparing with the
//! sign bit flipped and by masks held as all-ones lanes: no branch depends on data.
//! During the S-boxes elements 0..8 are in two registers and elements 8..12 on the scalar
//! multiplier, in Montgomery form, which overlaps scalar and vector work.

use core::arch::x86_64::*;

use super::constants::{ARK1, ARK2};
use super::field::{EPSILON, P};
use super::{NUM_ROUNDS, RATE_WIDTH, STATE_WIDTH};

/// All-ones lanes where a < b (unsigned).
#[inline]
#[target_feature(enable = "avx2")]
fn ltu(a: __m256i, b: __m256i) -> __m256i {
    let sign = splat(1 << 63);
    _mm256_cmpgt_epi64(_mm256_xor_si256(b, sign), _mm256_xor_si256(a, sign))
}

/// a + b (mod p) where `b` is canonical.
#[inline]
#[target_feature(enable = "avx2")]
fn add_canon(a: __m256i, b: __m256i) -> __m256i {
    let s = _mm256_add_epi64(a, b);
    _mm256_add_epi64(s, _mm256_and_si256(ltu(s, b), splat(EPSILON)))
}

/// The canonical representative (subtract p where x ≥ p).
#[inline]
#[target_feature(enable = "avx2")]
fn canonical(x: __m256i) -> __m256i {
    let p = splat(P);
    _mm256_sub_epi64(x, _mm256_andnot_si256(ltu(x, p), p))
}

/// Reduces `lo + (hi + c)·2^64`, `c` an all-ones-or-zero carry mask (see
/// `avx512::reduce`).
#[inline]
#[target_feature(enable = "avx2")]
fn reduce(lo: __m256i, hi: __m256i, c: __m256i) -> __m256i {
    let eps = splat(EPSILON);
    let hh = _mm256_srli_epi64::<32>(hi);
    let t1 = _mm256_sub_epi64(_mm256_slli_epi64::<32>(hi), _mm256_and_si256(hi, eps));
    let t1 = _mm256_add_epi64(t1, _mm256_and_si256(c, eps));
    let borrow = ltu(lo, hh);
    let t0 = _mm256_sub_epi64(lo, hh);
    let r = _mm256_add_epi64(t0, t1);
    let carry = ltu(r, t1);
    let r = _mm256_sub_epi64(r, _mm256_and_si256(borrow, eps));
    _mm256_add_epi64(r, _mm256_and_si256(carry, eps))
}

/// `x` plus one in the lanes where the carry vector `c` is all ones (−1).
#[inline]
#[target_feature(enable = "avx2")]
fn add_carry(x: __m256i, c: __m256i) -> __m256i {
    _mm256_sub_epi64(x, c)
}

/// Folds a column sum's low and high words into one reduced element (see `mds`).
#[inline]
#[target_feature(enable = "avx2")]
fn fold(l: __m256i, h: __m256i, eps: __m256i) -> __m256i {
    let x = _mm256_add_epi64(l, _mm256_slli_epi64::<32>(h));
    // The carry of the low word (−1 where set) goes into the top part.
    let top = _mm256_sub_epi64(_mm256_srli_epi64::<32>(h), ltu(x, l));
    let t = _mm256_sub_epi64(_mm256_slli_epi64::<32>(top), top);
    let r = _mm256_add_epi64(x, t);
    _mm256_add_epi64(r, _mm256_and_si256(ltu(r, t), eps))
}

super::simd::u64_lanes!("avx2");
super::simd::vector_rounds!("avx2");
