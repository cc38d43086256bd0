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

use super::constants::{ARK1, ARK2};
use super::field::{EPSILON, P};
use super::simd::MDS_COLS;
use super::{NUM_ROUNDS, STATE_WIDTH};

const LOW: u64 = (1 << 48) - 1;
const B: u64 = 1 << 48;
const BIAS: u64 = 1u64.wrapping_sub(B);
const PIECE_BIAS: u64 = 1 << 35;
const BIAS_LO: u64 = 1;
const BIAS_HI: u64 = (1 << 32) - 1 - 160 * 8;

/// Elements as `lo + hi·2^48` (see `ifma::Limbs`), two states side by side.
#[derive(Clone, Copy)]
struct Limbs {
    lo: __m512i,
    hi: __m512i,
}

type Split = [Limbs; 3];

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
fn load_both(a: &[u64]) -> __m512i {
    load_pair(a, a)
}

#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn renormalise(z0: __m512i, z1: __m512i) -> Limbs {
    let c0 = _mm512_srai_epi64::<48>(z0);
    let c1 = _mm512_srai_epi64::<48>(z1);
    // 0xEA: (a & b) | c.
    let m0 = _mm512_ternarylogic_epi64::<0xEA>(z0, splat(LOW), splat(B));
    let m1 = _mm512_ternarylogic_epi64::<0xEA>(z1, splat(LOW), splat(B));
    Limbs {
        lo: _mm512_sub_epi64(m0, c1),
        hi: _mm512_add_epi64(m1, c0),
    }
}

#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn limbs_mul(x: Limbs, y: Limbs) -> Limbs {
    let zero = _mm512_setzero_si512();
    let l00 = _mm512_madd52lo_epu64(splat(BIAS), x.lo, y.lo);
    let h00 = _mm512_madd52hi_epu64(zero, x.lo, y.lo);
    let l11 = _mm512_madd52lo_epu64(zero, x.hi, y.hi);
    let h11 = _mm512_madd52hi_epu64(zero, x.hi, y.hi);
    let l01 = _mm512_madd52lo_epu64(zero, x.lo, y.hi);
    let h01 = _mm512_madd52hi_epu64(zero, x.lo, y.hi);
    let l10 = _mm512_madd52lo_epu64(zero, x.hi, y.lo);
    let h10 = _mm512_madd52hi_epu64(zero, x.hi, y.lo);
    let z0 = _mm512_sub_epi64(
        _mm512_sub_epi64(l00, l11),
        _mm512_slli_epi64::<4>(_mm512_add_epi64(h01, h10)),
    );
    let z1 = _mm512_add_epi64(
        _mm512_add_epi64(l01, l10),
        _mm512_slli_epi64::<4>(_mm512_sub_epi64(h00, h11)),
    );
    renormalise(z0, z1)
}

#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn limbs_square(x: Limbs) -> Limbs {
    let zero = _mm512_setzero_si512();
    let l0 = _mm512_madd52lo_epu64(splat(BIAS), x.lo, x.lo);
    let h0 = _mm512_madd52hi_epu64(zero, x.lo, x.lo);
    let l1 = _mm512_madd52lo_epu64(zero, x.hi, x.hi);
    let h1 = _mm512_madd52hi_epu64(zero, x.hi, x.hi);
    let lc = _mm512_madd52lo_epu64(zero, x.lo, x.hi);
    let hc = _mm512_madd52hi_epu64(zero, x.lo, x.hi);
    let z0 = _mm512_sub_epi64(_mm512_sub_epi64(l0, l1), _mm512_slli_epi64::<5>(hc));
    let z1 = _mm512_add_epi64(
        _mm512_add_epi64(lc, lc),
        _mm512_slli_epi64::<4>(_mm512_sub_epi64(h0, h1)),
    );
    renormalise(z0, z1)
}

#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn mul(x: Split, y: Split) -> Split {
    [
        limbs_mul(x[0], y[0]),
        limbs_mul(x[1], y[1]),
        limbs_mul(x[2], y[2]),
    ]
}

#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn square(x: Split) -> Split {
    [limbs_square(x[0]), limbs_square(x[1]), limbs_square(x[2])]
}

#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn exp_acc<const M: usize>(base: Split, tail: Split) -> Split {
    let mut r = base;
    for _ in 0..M {
        r = square(r);
    }
    mul(r, tail)
}

#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn sbox(x: Split) -> Split {
    let x2 = square(x);
    let x3 = mul(x2, x);
    let x4 = square(x2);
    mul(x3, x4)
}

#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn inv_sbox(x: Split) -> Split {
    let t1 = square(x);
    let t2 = square(t1);
    let t3 = exp_acc::<3>(t2, t2);
    let t4 = exp_acc::<6>(t3, t3);
    let t5 = exp_acc::<12>(t4, t4);
    let t6 = exp_acc::<6>(t5, t3);
    let t7 = exp_acc::<31>(t6, t6);
    let a = square(square(mul(square(t7), t6)));
    let b = mul(mul(t1, t2), x);
    mul(a, b)
}

/// Lane `K` of each 256-bit half in every lane of that half.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn bcast<const K: i32>(x: __m512i) -> __m512i {
    _mm512_permutex_epi64::<K>(x)
}

#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn sums_to_limbs(lo: __m512i, hi: __m512i) -> Limbs {
    Limbs {
        lo: _mm512_add_epi64(
            lo,
            _mm512_slli_epi64::<32>(_mm512_and_si512(hi, splat(0xffff))),
        ),
        hi: _mm512_srli_epi64::<16>(hi),
    }
}

/// `ifma::mds_ark` for both states.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn mds_ark(s: Split, k: &[u64; STATE_WIDTH]) -> Split {
    let eps = splat(EPSILON);
    let zero = _mm512_setzero_si512();
    // sums[part][lo/hi][register]
    let mut sums = [[[zero; 3]; 2]; 3];
    for (r, kr) in k.chunks_exact(4).enumerate() {
        let kr = load_both(kr);
        sums[0][0][r] = _mm512_add_epi64(_mm512_and_si512(kr, eps), splat(BIAS_LO));
        sums[0][1][r] = _mm512_add_epi64(_mm512_srli_epi64::<32>(kr), splat(BIAS_HI));
    }
    let mut column = |j: usize, q0: __m512i, q1: __m512i| {
        let [lo, hi] = &mut sums[j % 3];
        for (r, (l, h)) in lo.iter_mut().zip(hi.iter_mut()).enumerate() {
            let c = load_both(&MDS_COLS[j][4 * r..]);
            *l = _mm512_madd52lo_epu64(*l, q0, c);
            *h = _mm512_madd52lo_epu64(*h, q1, c);
        }
    };
    for (r, &Limbs { lo, hi }) in s.iter().enumerate() {
        let top = _mm512_srli_epi64::<16>(hi);
        let q0 = _mm512_sub_epi64(
            _mm512_ternarylogic_epi64::<0xEA>(lo, eps, splat(PIECE_BIAS)),
            top,
        );
        let q1 = _mm512_add_epi64(
            _mm512_add_epi64(
                _mm512_srli_epi64::<32>(lo),
                _mm512_srli_epi64::<32>(_mm512_slli_epi64::<48>(hi)),
            ),
            top,
        );
        column(4 * r, bcast::<0x00>(q0), bcast::<0x00>(q1));
        column(4 * r + 1, bcast::<0x55>(q0), bcast::<0x55>(q1));
        column(4 * r + 2, bcast::<0xAA>(q0), bcast::<0xAA>(q1));
        column(4 * r + 3, bcast::<0xFF>(q0), bcast::<0xFF>(q1));
    }
    let [a, b, c] = sums;
    let sum = |i: usize, r: usize| _mm512_add_epi64(_mm512_add_epi64(a[i][r], b[i][r]), c[i][r]);
    [
        sums_to_limbs(sum(0, 0), sum(1, 0)),
        sums_to_limbs(sum(0, 1), sum(1, 1)),
        sums_to_limbs(sum(0, 2), sum(1, 2)),
    ]
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
