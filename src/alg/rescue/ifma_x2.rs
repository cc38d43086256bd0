//! Two Rp64_256 permutations at once on AVX-512 IFMA, for [`super::Rp64_256::permute_many`].
//!
//! The arithmetic is that of `ifma.rs` (two 48-bit limbs, B² ≡ −1; see there), on 512-bit
//! registers: register r holds elements 4r..4r+4 of the first state in its low 256 bits
//! and those of the second state in its high 256 bits. Every lane-wise step is then one
//! instruction for both states, and the MDS layer's broadcasts (`vpermq` with an
//! immediate) work within each 256-bit half, so each state only ever meets its own
//! elements. One permutation alone is bound by the latency of its squaring chain; two
//! interleaved in full-width registers fill the multipliers better (the amortised time
//! per permutation is printed by `cargo bench --bench rescue`).

use core::arch::x86_64::*;

use super::field::{EPSILON, P};
use super::{NUM_ROUNDS, STATE_WIDTH};

use super::limbs::{ARK1, ARK2, B, BIAS, LOW, PIECE_BIAS, WIDE_BIAS0, WIDE_BIAS1};

#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn splat(x: u64) -> __m512i {
    _mm512_set1_epi64(x as i64)
}

/// `[lo[0..4], hi[0..4]]` from 4 elements of each state.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn load_pair(a: &[u64], b: &[u64]) -> __m512i {
    assert!(a.len() >= 4 && b.len() >= 4);
    // SAFETY: both slices have at least 4 elements (asserted), so each unaligned 32-byte
    // load stays inside its slice.
    unsafe {
        let lo = _mm256_loadu_si256(a.as_ptr().cast());
        let hi = _mm256_loadu_si256(b.as_ptr().cast());
        _mm512_inserti64x4::<1>(_mm512_castsi256_si512(lo), hi)
    }
}

/// The same 4 elements in both halves.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn load4(a: &[u64]) -> __m512i {
    load_pair(a, a)
}

super::limbs::ifma_limbs!(
    "avx512f,avx512ifma",
    __m512i,
    add = _mm512_add_epi64,
    sub = _mm512_sub_epi64,
    and = _mm512_and_si512,
    slli = _mm512_slli_epi64,
    srli = _mm512_srli_epi64,
    srai = _mm512_srai_epi64,
    tern = _mm512_ternarylogic_epi64,
    lo52 = _mm512_madd52lo_epu64,
    hi52 = _mm512_madd52hi_epu64,
    zero = _mm512_setzero_si512
);

super::simd::sbox_chains!("avx512f,avx512ifma");

/// Lane `K` of each 256-bit half in every lane of that half.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn bcast<const K: i32>(x: __m512i) -> __m512i {
    _mm512_permutex_epi64::<K>(x)
}

/// Limbs to canonical elements: lo + hi·2^48 as a 128-bit value, reduced as in
/// `avx512::reduce`, then made canonical.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn limbs_out(x: Limbs) -> __m512i {
    let eps = splat(EPSILON);
    let lo = _mm512_add_epi64(x.lo, _mm512_slli_epi64::<48>(x.hi));
    let c = _mm512_cmplt_epu64_mask(lo, x.lo);
    let hi = _mm512_srli_epi64::<16>(x.hi);
    let hh = _mm512_srli_epi64::<32>(hi);
    let t1 = _mm512_sub_epi64(_mm512_slli_epi64::<32>(hi), _mm512_and_si512(hi, eps));
    let t1 = _mm512_mask_add_epi64(t1, c, t1, eps);
    let borrow = _mm512_cmplt_epu64_mask(lo, hh);
    let t0 = _mm512_sub_epi64(lo, hh);
    let r = _mm512_add_epi64(t0, t1);
    let carry = _mm512_cmplt_epu64_mask(r, t1);
    let r = _mm512_mask_sub_epi64(r, borrow, r, eps);
    let r = _mm512_mask_add_epi64(r, carry, r, eps);
    let p = splat(P);
    _mm512_mask_sub_epi64(r, _mm512_cmpge_epu64_mask(r, p), r, p)
}

/// Applies the permutation to `a` and to `b` (elements taken mod p; the results are
/// canonical).
#[target_feature(enable = "avx512f,avx512ifma")]
pub(crate) fn permute2(a: &mut [u64; STATE_WIDTH], b: &mut [u64; STATE_WIDTH]) {
    let mut x: Split = core::array::from_fn(|r| {
        let v = load_pair(&a[4 * r..], &b[4 * r..]);
        Limbs {
            lo: _mm512_and_si512(v, splat(LOW)),
            hi: _mm512_srli_epi64::<48>(v),
        }
    });
    for r in 0..NUM_ROUNDS {
        x = mds_ark(sbox(x), &ARK1[r]);
        x = mds_ark(inv_sbox(x), &ARK2[r]);
    }
    for (r, limbs) in x.iter().enumerate() {
        let v = limbs_out(*limbs);
        let mut out = [0u64; 8];
        // SAFETY: `out` is 8 writable u64 (64 bytes); the store is unaligned.
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), v) };
        a[4 * r..4 * r + 4].copy_from_slice(&out[..4]);
        b[4 * r..4 * r + 4].copy_from_slice(&out[4..]);
    }
}
