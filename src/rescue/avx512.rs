//! The AVX-512 Rp64_256 permutation: the 12-element state in two 512-bit registers
//! (elements 0..8 and 8..12; the upper four lanes of the second register are unused).
//!
//! Field products use four 32×32→64-bit multiplies (`vpmuludq`) per lane and the same
//! reduction as `field::reduce128`, with carries and borrows taken from unsigned compares
//! into mask registers: no branch depends on data.

use core::arch::x86_64::*;

use super::constants::{ARK1, ARK2, MDS_ROW0};
use super::{NUM_ROUNDS, RATE_WIDTH, STATE_WIDTH};

/// The state as two registers.
#[derive(Clone, Copy)]
struct State {
    a: __m512i,
    b: __m512i,
}

/// During the S-boxes: elements 0..8 in a register, 8..12 in general-purpose registers
/// in Montgomery form, so the scalar multiplier works in parallel with the vector units.
#[derive(Clone, Copy)]
struct Split {
    a: __m512i,
    b0: u64,
    b1: u64,
    b2: u64,
    b3: u64,
}

/// Keeps `x` in a general-purpose register: without this, LLVM packs the four scalar
/// lanes into vector registers (SLP vectorisation), which costs far more than it saves
/// here. The empty `asm!` emits no instruction.
#[inline(always)]
fn gpr(mut x: u64) -> u64 {
    // SAFETY: the assembly template is empty: it executes nothing, reads and writes no
    // memory, and leaves `x` unchanged in the register it was given.
    unsafe {
        core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags))
    };
    x
}

#[inline]
#[target_feature(enable = "avx512f")]
fn split(s: State) -> Split {
    use super::field::{R2, mont_mul};
    let mut b = [0u64; 8];
    // SAFETY: `b` is 8 writable u64 (64 bytes); the store is unaligned.
    unsafe { _mm512_storeu_si512(b.as_mut_ptr().cast(), s.b) };
    Split {
        a: s.a,
        b0: mont_mul(b[0], R2),
        b1: mont_mul(b[1], R2),
        b2: mont_mul(b[2], R2),
        b3: mont_mul(b[3], R2),
    }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn join(s: Split) -> State {
    use super::field::mont_reduce;
    State {
        a: s.a,
        b: _mm512_set_epi64(
            0,
            0,
            0,
            0,
            mont_reduce(s.b3, 0) as i64,
            mont_reduce(s.b2, 0) as i64,
            mont_reduce(s.b1, 0) as i64,
            mont_reduce(s.b0, 0) as i64,
        ),
    }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn splat(x: u64) -> __m512i {
    _mm512_set1_epi64(x as i64)
}

/// a + b (mod p) where `b` is canonical (so one correction by EPSILON suffices).
#[inline]
#[target_feature(enable = "avx512f")]
fn add_canon(a: __m512i, b: __m512i) -> __m512i {
    let s = _mm512_add_epi64(a, b);
    let carry = _mm512_cmplt_epu64_mask(s, b);
    _mm512_mask_add_epi64(s, carry, s, splat(super::field::EPSILON))
}

/// The canonical representative (subtract p where x ≥ p).
#[inline]
#[target_feature(enable = "avx512f")]
fn canonical(x: __m512i) -> __m512i {
    let p = splat(super::field::P);
    let ge = _mm512_cmpge_epu64_mask(x, p);
    _mm512_mask_sub_epi64(x, ge, x, p)
}

/// Reduces `lo + (hi + c)·2^64`, where `c` (0 or 1 per lane, as a mask) is a carry
/// not yet added into `hi`; see `field::reduce128`. Folding the carry into hl·(2^32 − 1)
/// (hl + c ≤ 2^32 still fits) and applying the borrow and the final carry as two
/// independent masked corrections keeps the dependency chain short.
#[inline]
#[target_feature(enable = "avx512f")]
fn reduce(lo: __m512i, hi: __m512i, c: __mmask8) -> __m512i {
    let eps = splat(super::field::EPSILON);
    let hh = _mm512_srli_epi64::<32>(hi);
    // (hl + c)·(2^32 − 1) ≤ 2^64 − 2^32.
    let t1 = _mm512_sub_epi64(_mm512_slli_epi64::<32>(hi), _mm512_and_si512(hi, eps));
    let t1 = _mm512_mask_add_epi64(t1, c, t1, eps);
    // lo − hh: a borrow took 2^64 ≡ EPSILON too much.
    let borrow = _mm512_cmplt_epu64_mask(lo, hh);
    let t0 = _mm512_sub_epi64(lo, hh);
    let r = _mm512_add_epi64(t0, t1);
    let carry = _mm512_cmplt_epu64_mask(r, t1);
    // Net correction (carry − borrow)·EPSILON; the wrapped intermediate is harmless
    // because a carry and a borrow cancel exactly, and either alone cannot wrap.
    let r = _mm512_mask_sub_epi64(r, borrow, r, eps);
    _mm512_mask_add_epi64(r, carry, r, eps)
}

/// x·y as `reduce` inputs: with x = x1·2^32 + x0 and y likewise,
/// x·y = x0y0 + (x0y1 + x1y0)·2^32 + x1y1·2^64; the two middle terms are split so that
/// the high word never overflows and the low word's two carries are returned as masks.
#[inline]
#[target_feature(enable = "avx512f")]
fn mul_red(x: __m512i, y: __m512i) -> __m512i {
    let xh = _mm512_srli_epi64::<32>(x);
    let yh = _mm512_srli_epi64::<32>(y);
    let ll = _mm512_mul_epu32(x, y);
    let lh = _mm512_mul_epu32(x, yh);
    let hl = _mm512_mul_epu32(xh, y);
    let hh = _mm512_mul_epu32(xh, yh);
    let lo1 = _mm512_add_epi64(ll, _mm512_slli_epi64::<32>(lh));
    let c1 = _mm512_cmplt_epu64_mask(lo1, ll);
    let lo = _mm512_add_epi64(lo1, _mm512_slli_epi64::<32>(hl));
    let c2 = _mm512_cmplt_epu64_mask(lo, lo1);
    // hh + (lh >> 32) + (hl >> 32) + 2 < 2^64 (x1y1 ≤ 2^64 − 2^33 + 1).
    let hi = _mm512_add_epi64(
        hh,
        _mm512_add_epi64(_mm512_srli_epi64::<32>(lh), _mm512_srli_epi64::<32>(hl)),
    );
    // Both carries: one is added to hi here, the other folded in `reduce`.
    let hi = _mm512_mask_add_epi64(hi, c1, hi, _mm512_set1_epi64(1));
    reduce(lo, hi, c2)
}

/// x² reduced. With x = x1·2^32 + x0: x² = x0² + x0·x1·2^33 + x1²·2^64, and
/// x1² + (x0·x1 >> 31) < 2^64, so only the low word's carry is left (folded in `reduce`).
#[inline]
#[target_feature(enable = "avx512f")]
fn square_red(x: __m512i) -> __m512i {
    let xh = _mm512_srli_epi64::<32>(x);
    let p0 = _mm512_mul_epu32(x, x);
    let p1 = _mm512_mul_epu32(x, xh);
    let p2 = _mm512_mul_epu32(xh, xh);
    let lo = _mm512_add_epi64(p0, _mm512_slli_epi64::<33>(p1));
    let carry = _mm512_cmplt_epu64_mask(lo, p0);
    let hi = _mm512_add_epi64(p2, _mm512_srli_epi64::<31>(p1));
    reduce(lo, hi, carry)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn mul(x: Split, y: Split) -> Split {
    use super::field::mont_mul;
    Split {
        a: mul_red(x.a, y.a),
        b0: gpr(mont_mul(x.b0, y.b0)),
        b1: gpr(mont_mul(x.b1, y.b1)),
        b2: gpr(mont_mul(x.b2, y.b2)),
        b3: gpr(mont_mul(x.b3, y.b3)),
    }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn square(x: Split) -> Split {
    use super::field::mont_mul;
    Split {
        a: square_red(x.a),
        b0: gpr(mont_mul(x.b0, x.b0)),
        b1: gpr(mont_mul(x.b1, x.b1)),
        b2: gpr(mont_mul(x.b2, x.b2)),
        b3: gpr(mont_mul(x.b3, x.b3)),
    }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn exp_acc<const M: usize>(base: Split, tail: Split) -> Split {
    let mut r = base;
    for _ in 0..M {
        r = square(r);
    }
    mul(r, tail)
}

/// x^7.
#[inline]
#[target_feature(enable = "avx512f")]
fn sbox(x: State) -> State {
    let x = split(x);
    let x2 = square(x);
    let x3 = mul(x2, x);
    join(mul(square(x3), x))
}

/// x^(1/7): the chain of `field::exp_inv7_n`.
#[inline]
#[target_feature(enable = "avx512f")]
fn inv_sbox(x: State) -> State {
    let x = split(x);
    let t1 = square(x);
    let t2 = square(t1);
    let t3 = exp_acc::<3>(t2, t2);
    let t4 = exp_acc::<6>(t3, t3);
    let t5 = exp_acc::<12>(t4, t4);
    let t6 = exp_acc::<6>(t5, t3);
    let t7 = exp_acc::<31>(t6, t6);
    let a = square(square(mul(square(t7), t6)));
    let b = mul(mul(t1, t2), x);
    join(mul(a, b))
}

/// Column `j` of the MDS matrix, split over the two registers' lanes:
/// lane i holds MDS[i][j] = MDS_ROW0[(j − i) mod 12].
const fn mds_columns() -> [[[u64; 8]; 2]; STATE_WIDTH] {
    let mut cols = [[[0u64; 8]; 2]; STATE_WIDTH];
    let mut j = 0;
    while j < STATE_WIDTH {
        let mut i = 0;
        while i < STATE_WIDTH {
            cols[j][i / 8][i % 8] = MDS_ROW0[(j + STATE_WIDTH - i) % STATE_WIDTH];
            i += 1;
        }
        j += 1;
    }
    cols
}

const MDS_COLS: [[[u64; 8]; 2]; STATE_WIDTH] = mds_columns();

/// A round-constant table split over the two registers (upper lanes of the second zero).
const fn split_rows(t: &[[u64; STATE_WIDTH]; NUM_ROUNDS]) -> [[[u64; 8]; 2]; NUM_ROUNDS] {
    let mut out = [[[0u64; 8]; 2]; NUM_ROUNDS];
    let mut r = 0;
    while r < NUM_ROUNDS {
        let mut i = 0;
        while i < STATE_WIDTH {
            out[r][i / 8][i % 8] = t[r][i];
            i += 1;
        }
        r += 1;
    }
    out
}

const ARK1_V: [[[u64; 8]; 2]; NUM_ROUNDS] = split_rows(&ARK1);
const ARK2_V: [[[u64; 8]; 2]; NUM_ROUNDS] = split_rows(&ARK2);

#[inline]
#[target_feature(enable = "avx512f")]
fn vec(x: &[u64; 8]) -> __m512i {
    // SAFETY: `x` is 8 readable u64 (64 bytes); the load is unaligned.
    unsafe { _mm512_loadu_si512(x.as_ptr().cast()) }
}

/// state ← MDS · state. Each element is split into 32-bit halves; lane sums of
/// coefficient × half are exact in 64 bits (< 12·26·2^32), then lo + hi·2^32 is reduced.
#[inline]
#[target_feature(enable = "avx512f")]
fn mds(s: State) -> State {
    let eps = splat(super::field::EPSILON);
    let ah = _mm512_srli_epi64::<32>(s.a);
    let bh = _mm512_srli_epi64::<32>(s.b);
    let zero = _mm512_setzero_si512();
    let (mut la, mut ha, mut lb, mut hb) = (zero, zero, zero, zero);
    for (j, col) in MDS_COLS.iter().enumerate() {
        let idx = splat((j % 8) as u64);
        let (lo, hi) = if j < 8 { (s.a, ah) } else { (s.b, bh) };
        let lo = _mm512_permutexvar_epi64(idx, lo);
        let hi = _mm512_permutexvar_epi64(idx, hi);
        let (ca, cb) = (vec(&col[0]), vec(&col[1]));
        la = _mm512_add_epi64(la, _mm512_mul_epu32(lo, ca));
        ha = _mm512_add_epi64(ha, _mm512_mul_epu32(hi, ca));
        lb = _mm512_add_epi64(lb, _mm512_mul_epu32(lo, cb));
        hb = _mm512_add_epi64(hb, _mm512_mul_epu32(hi, cb));
    }
    let fold = |l: __m512i, h: __m512i| {
        // x = l + h·2^32 < 2^74: low 64 bits and the (small) high part.
        let x = _mm512_add_epi64(l, _mm512_slli_epi64::<32>(h));
        let c = _mm512_cmplt_epu64_mask(x, l);
        let top = _mm512_mask_add_epi64(
            _mm512_srli_epi64::<32>(h),
            c,
            _mm512_srli_epi64::<32>(h),
            _mm512_set1_epi64(1),
        );
        // top < 2^32: top·2^64 ≡ top·(2^32 − 1), which fits in 64 bits.
        let t = _mm512_sub_epi64(_mm512_slli_epi64::<32>(top), top);
        let r = _mm512_add_epi64(x, t);
        let c = _mm512_cmplt_epu64_mask(r, t);
        _mm512_mask_add_epi64(r, c, r, eps)
    };
    State {
        a: fold(la, ha),
        b: fold(lb, hb),
    }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn ark(s: State, k: &[[u64; 8]; 2]) -> State {
    State {
        a: add_canon(s.a, vec(&k[0])),
        b: add_canon(s.b, vec(&k[1])),
    }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn permute(mut s: State) -> State {
    for r in 0..NUM_ROUNDS {
        s = ark(mds(sbox(s)), &ARK1_V[r]);
        s = ark(mds(inv_sbox(s)), &ARK2_V[r]);
    }
    State {
        a: canonical(s.a),
        b: canonical(s.b),
    }
}

/// For each block: adds it to the rate (state[4..12]) and applies the permutation.
/// Elements may be any `u64` (taken mod p); the state is canonical afterwards.
#[target_feature(enable = "avx512f")]
pub(crate) fn absorb(state: &mut [u64; STATE_WIDTH], blocks: &[[u64; RATE_WIDTH]]) {
    let mut buf = [[0u64; 8]; 2];
    buf[0].copy_from_slice(&state[..8]);
    buf[1][..4].copy_from_slice(&state[8..]);
    let mut s = State {
        a: canonical(vec(&buf[0])),
        b: canonical(vec(&buf[1])),
    };
    for blk in blocks {
        let m = canonical(vec(blk));
        // Block elements 0..4 go to lanes 4..8 of `a`, elements 4..8 to lanes 0..4 of `b`.
        let ma = _mm512_inserti64x4::<1>(_mm512_setzero_si512(), _mm512_castsi512_si256(m));
        let mb = _mm512_zextsi256_si512(_mm512_extracti64x4_epi64::<1>(m));
        s.a = add_canon(s.a, ma);
        s.b = add_canon(s.b, mb);
        s = permute(s);
    }
    // SAFETY: each `buf[i]` is 8 writable u64 (64 bytes); the stores are unaligned.
    unsafe {
        _mm512_storeu_si512(buf[0].as_mut_ptr().cast(), s.a);
        _mm512_storeu_si512(buf[1].as_mut_ptr().cast(), s.b);
    }
    state[..8].copy_from_slice(&buf[0]);
    state[8..].copy_from_slice(&buf[1][..4]);
}
