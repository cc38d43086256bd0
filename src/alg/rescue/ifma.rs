//! The AVX-512 IFMA Rp64_256 permutation: between the linear layers all twelve elements
//! are kept in three pairs of 256-bit registers as two 48-bit limbs each and multiplied by
//! the 52-bit multiply-add instructions (`vpmadd52luq`/`vpmadd52huq`), which never need a
//! carry or a compare. One squaring's chain is 15 cycles (measured alone) against about 20
//! for the 32-bit multiplies of `avx512.rs`; three independent chains run at about 20
//! cycles a step, bound by the three vector ports (19 operations per register pair and
//! step), where `avx512.rs`'s two vector chains plus four scalar lanes took about 25.
//!
//! # Representation
//!
//! With B = 2^48, B² = 2^96 ≡ −1 (mod p), so an element kept as two limbs, x = x0 + x1·B,
//! multiplies like a complex number:
//!
//! (x0 + x1·B)(y0 + y1·B) ≡ (x0y0 − x1y1) + (x0y1 + x1y0)·B.
//!
//! Limbs are below X = 2^49 + 64 (not canonical; x0 + x1·B may exceed p), so they fit the
//! 52-bit multiplier inputs and every product is below X² < 2^98.01. IFMA returns a
//! product as lo + hi·2^52 (lo < 2^52, hi < 2^46.01), and 2^52 = 16·B, so
//! ab·B^k = lo·B^k + 16·hi·B^(k+1). Collecting the four products of a multiplication:
//!
//! z0 = l00 − l11 − 16·(h01 + h10),   z1 = l01 + l10 + 16·(h00 − h11),
//!
//! with |z0| < 2^52.7 and −2^50.01 < z1 < 2^53.2, as signed 64-bit lanes (a squaring
//! computes the cross product once: z0 = l0 − l1 − 32·hc, z1 = 2·lc + 16·(h0 − h1)).
//! No carry is ever looked at: the lanes have 11 spare bits. Renormalising splits each
//! limb at bit 48 with an arithmetic shift, zi = mi + ci·B (0 ≤ mi < B, ci small and
//! signed), and moves the carries across, using B² ≡ −1:
//!
//! y0 = m0 + B − c1,   y1 = m1 + B + c0,
//!
//! where the added B in each limb (one `vpternlogq` computes (zi & (B−1)) | B) keeps both
//! limbs positive. It adds B + B² ≡ B − 1 to the value, which is subtracted in advance
//! through the accumulator of the first product: l00 comes with 1 − B added for free.
//! With −26 ≤ c0 ≤ 14 and −5 ≤ c1 ≤ 36 the new limbs are in [2^48 − 36, 2^49 + 13], below
//! X again. The chain from limbs to limbs is one multiplier latency, three additions or
//! shifts and the two renormalising operations.
//!
//! Elements enter as x0 = x mod 2^48, x1 = x >> 48 and leave, at the end of the
//! permutation, through one 128-bit reduction (`avx512::reduce`). In between they stay in
//! limbs: the MDS layer reads the S-boxes' last products before they are even renormalised
//! (z0 and z1 with constant biases that keep them positive, [`Wide`]; the MDS sums are exact
//! and cancel the biases through the round constants, see [`mds_ark`]) and writes limbs
//! ([`sums_to_limbs`]), so no S-box output is ever reduced to a `u64`.
//!
//! All twelve elements are in vector registers: putting four of them on the scalar
//! multiplier (as `avx512.rs` does) measured slower here, as the scalar Montgomery
//! multiplications compete for the same ports and add conversions at every S-box.

use core::arch::x86_64::*;

use super::field::{EPSILON, P};
use super::limbs::{ARK1, ARK2, B, BIAS, LOW, PIECE_BIAS, WIDE_BIAS0, WIDE_BIAS1, ifma_limbs};
use super::{NUM_ROUNDS, RATE_WIDTH, STATE_WIDTH};

super::simd::avx512_field!("avx512f,avx512vl,avx512ifma");

ifma_limbs!(
    "avx512f,avx512vl,avx512ifma",
    __m256i,
    add = _mm256_add_epi64,
    sub = _mm256_sub_epi64,
    and = _mm256_and_si256,
    slli = _mm256_slli_epi64,
    srli = _mm256_srli_epi64,
    srai = _mm256_srai_epi64,
    tern = _mm256_ternarylogic_epi64,
    lo52 = _mm256_madd52lo_epu64,
    hi52 = _mm256_madd52hi_epu64,
    zero = _mm256_setzero_si256
);

/// Four elements from `x` (at least four long).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn load4(x: &[u64]) -> __m256i {
    assert!(x.len() >= 4);
    // SAFETY: `x` has at least 4 elements (asserted): the unaligned 32-byte load stays
    // inside it.
    unsafe { _mm256_loadu_si256(x.as_ptr().cast()) }
}

/// Any `u64` lanes into limbs.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn limbs_in(x: __m256i) -> Limbs {
    Limbs {
        lo: _mm256_and_si256(x, splat(LOW)),
        hi: _mm256_srli_epi64::<48>(x),
    }
}

/// Limbs into `u64` lanes (reduced, not canonical): lo + hi·2^48 is the 128-bit value
/// (lo + (hi << 48) mod 2^64) + (hi >> 16 + carry)·2^64.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn limbs_out(x: Limbs) -> __m256i {
    let lo = _mm256_add_epi64(x.lo, _mm256_slli_epi64::<48>(x.hi));
    let carry = _mm256_cmplt_epu64_mask(lo, x.lo);
    reduce(lo, _mm256_srli_epi64::<16>(x.hi), carry)
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn split(s: State) -> Split {
    [limbs_in(s.0[0]), limbs_in(s.0[1]), limbs_in(s.0[2])]
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn join(s: Split) -> State {
    State([limbs_out(s[0]), limbs_out(s[1]), limbs_out(s[2])])
}

super::simd::vector_rounds!("avx512f,avx512vl,avx512ifma");
