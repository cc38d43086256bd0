//! The AVX-512 Rp64_256 permutation. It uses the AVX-512 instructions on 256-bit
//! registers (AVX-512VL): unsigned compares into mask registers and masked additions
//! replace AVX2's emulated compares, while staying off 512-bit registers, whose use
//! lowers the clock frequency of many Intel cores. During the S-boxes elements 0..8 are
//! in two registers and elements 8..12 on the scalar multiplier (see `avx2.rs`, whose
//! structure this file follows). No branch depends on data.

use core::arch::x86_64::*;

use super::constants::{ARK1, ARK2, MDS_ROW0};
use super::field::{EPSILON, P};
use super::{NUM_ROUNDS, RATE_WIDTH, STATE_WIDTH};

/// The state as three registers.
#[derive(Clone, Copy)]
struct State([__m256i; 3]);

/// During the S-boxes: elements 0..8 in two registers, 8..12 in general-purpose
/// registers in Montgomery form, so the scalar multiplier works in parallel with the
/// vector units.
#[derive(Clone, Copy)]
struct Split {
    a: [__m256i; 2],
    b: [u64; 4],
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
#[target_feature(enable = "avx512f,avx512vl")]
fn split(s: State) -> Split {
    use super::field::{R2, mont_mul};
    let mut b = [0u64; 4];
    // SAFETY: `b` is 4 writable u64 (32 bytes); the store is unaligned.
    unsafe { _mm256_storeu_si256(b.as_mut_ptr().cast(), s.0[2]) };
    Split {
        a: [s.0[0], s.0[1]],
        b: [
            mont_mul(b[0], R2),
            mont_mul(b[1], R2),
            mont_mul(b[2], R2),
            mont_mul(b[3], R2),
        ],
    }
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn join(s: Split) -> State {
    use super::field::mont_reduce;
    let b = s.b.map(|x| mont_reduce(x, 0) as i64);
    State([s.a[0], s.a[1], _mm256_set_epi64x(b[3], b[2], b[1], b[0])])
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn splat(x: u64) -> __m256i {
    _mm256_set1_epi64x(x as i64)
}

/// The lanes where a < b (unsigned).
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn ltu(a: __m256i, b: __m256i) -> __mmask8 {
    _mm256_cmplt_epu64_mask(a, b)
}

/// a + b (mod p) where `b` is canonical.
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn add_canon(a: __m256i, b: __m256i) -> __m256i {
    let s = _mm256_add_epi64(a, b);
    _mm256_mask_add_epi64(s, ltu(s, b), s, splat(EPSILON))
}

/// The canonical representative (subtract p where x ≥ p).
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn canonical(x: __m256i) -> __m256i {
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
fn reduce(lo: __m256i, hi: __m256i, c: __mmask8) -> __m256i {
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

/// x·y reduced: with x = x1·2^32 + x0 and y likewise,
/// x·y = x0y0 + (x0y1 + x1y0)·2^32 + x1y1·2^64; the two middle terms are added to the
/// low word separately, so the high word never overflows (x1y1 + 2·(2^32 − 1) + 2 < 2^64)
/// and the low word's two carries are masks.
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn mul_red(x: __m256i, y: __m256i) -> __m256i {
    let xh = _mm256_srli_epi64::<32>(x);
    let yh = _mm256_srli_epi64::<32>(y);
    let ll = _mm256_mul_epu32(x, y);
    let lh = _mm256_mul_epu32(x, yh);
    let hl = _mm256_mul_epu32(xh, y);
    let hh = _mm256_mul_epu32(xh, yh);
    let lo1 = _mm256_add_epi64(ll, _mm256_slli_epi64::<32>(lh));
    let c1 = ltu(lo1, ll);
    let lo = _mm256_add_epi64(lo1, _mm256_slli_epi64::<32>(hl));
    let c2 = ltu(lo, lo1);
    let hi = _mm256_add_epi64(
        hh,
        _mm256_add_epi64(_mm256_srli_epi64::<32>(lh), _mm256_srli_epi64::<32>(hl)),
    );
    // One carry is added to hi here, the other folded in `reduce`.
    reduce(lo, _mm256_mask_add_epi64(hi, c1, hi, splat(1)), c2)
}

/// x² reduced. With x = x1·2^32 + x0: x² = x0² + x0·x1·2^33 + x1²·2^64, and
/// x1² + (x0·x1 >> 31) < 2^64, so only the low word's carry is left (folded in `reduce`).
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn square_red(x: __m256i) -> __m256i {
    let xh = _mm256_srli_epi64::<32>(x);
    let p0 = _mm256_mul_epu32(x, x);
    let p1 = _mm256_mul_epu32(x, xh);
    let p2 = _mm256_mul_epu32(xh, xh);
    let lo = _mm256_add_epi64(p0, _mm256_slli_epi64::<33>(p1));
    let carry = ltu(lo, p0);
    let hi = _mm256_add_epi64(p2, _mm256_srli_epi64::<31>(p1));
    reduce(lo, hi, carry)
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn mul(x: Split, y: Split) -> Split {
    use super::field::mont_mul;
    Split {
        a: [mul_red(x.a[0], y.a[0]), mul_red(x.a[1], y.a[1])],
        b: [
            gpr(mont_mul(x.b[0], y.b[0])),
            gpr(mont_mul(x.b[1], y.b[1])),
            gpr(mont_mul(x.b[2], y.b[2])),
            gpr(mont_mul(x.b[3], y.b[3])),
        ],
    }
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn square(x: Split) -> Split {
    use super::field::mont_mul;
    Split {
        a: [square_red(x.a[0]), square_red(x.a[1])],
        b: [
            gpr(mont_mul(x.b[0], x.b[0])),
            gpr(mont_mul(x.b[1], x.b[1])),
            gpr(mont_mul(x.b[2], x.b[2])),
            gpr(mont_mul(x.b[3], x.b[3])),
        ],
    }
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn exp_acc<const M: usize>(base: Split, tail: Split) -> Split {
    let mut r = base;
    for _ in 0..M {
        r = square(r);
    }
    mul(r, tail)
}

/// x^7.
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn sbox(x: State) -> State {
    let x = split(x);
    let x2 = square(x);
    let x3 = mul(x2, x);
    join(mul(square(x3), x))
}

/// x^(1/7): the chain of `field::exp_inv7_n`.
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
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

/// Column `j` of the MDS matrix: lane i holds MDS[i][j] = MDS_ROW0[(j − i) mod 12].
const fn mds_columns() -> [[u64; STATE_WIDTH]; STATE_WIDTH] {
    let mut cols = [[0u64; STATE_WIDTH]; STATE_WIDTH];
    let mut j = 0;
    while j < STATE_WIDTH {
        let mut i = 0;
        while i < STATE_WIDTH {
            cols[j][i] = MDS_ROW0[(j + STATE_WIDTH - i) % STATE_WIDTH];
            i += 1;
        }
        j += 1;
    }
    cols
}

const MDS_COLS: [[u64; STATE_WIDTH]; STATE_WIDTH] = mds_columns();

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn load(x: &[u64; STATE_WIDTH]) -> State {
    // SAFETY: `x` is 12 readable u64; the three unaligned loads read bytes 0..32, 32..64
    // and 64..96.
    unsafe {
        let p = x.as_ptr();
        State([
            _mm256_loadu_si256(p.cast()),
            _mm256_loadu_si256(p.add(4).cast()),
            _mm256_loadu_si256(p.add(8).cast()),
        ])
    }
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn store(s: State) -> [u64; STATE_WIDTH] {
    let mut out = [0u64; STATE_WIDTH];
    // SAFETY: `out` is 12 writable u64; the three unaligned stores write bytes 0..32,
    // 32..64 and 64..96.
    unsafe {
        let p = out.as_mut_ptr();
        _mm256_storeu_si256(p.cast(), s.0[0]);
        _mm256_storeu_si256(p.add(4).cast(), s.0[1]);
        _mm256_storeu_si256(p.add(8).cast(), s.0[2]);
    }
    out
}

/// state ← MDS · state: column sums of coefficient × 32-bit half, exact in 64 bits, then
/// lo + hi·2^32 reduced once (see `portable::mds`).
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn mds(s: State) -> State {
    let eps = splat(EPSILON);
    let v = store(s);
    let zero = _mm256_setzero_si256();
    let mut lo = [zero; 3];
    let mut hi = [zero; 3];
    for (j, col) in MDS_COLS.iter().enumerate() {
        let l = splat(v[j]);
        let h = splat(v[j] >> 32);
        let c = load(col);
        for k in 0..3 {
            lo[k] = _mm256_add_epi64(lo[k], _mm256_mul_epu32(l, c.0[k]));
            hi[k] = _mm256_add_epi64(hi[k], _mm256_mul_epu32(h, c.0[k]));
        }
    }
    let fold = |l: __m256i, h: __m256i| {
        let x = _mm256_add_epi64(l, _mm256_slli_epi64::<32>(h));
        // The carry of the low word goes into the top part (< 2^32), and
        // top·2^64 ≡ top·(2^32 − 1), which fits in 64 bits.
        let top = _mm256_srli_epi64::<32>(h);
        let top = _mm256_mask_add_epi64(top, ltu(x, l), top, splat(1));
        let t = _mm256_sub_epi64(_mm256_slli_epi64::<32>(top), top);
        let r = _mm256_add_epi64(x, t);
        _mm256_mask_add_epi64(r, ltu(r, t), r, eps)
    };
    State([fold(lo[0], hi[0]), fold(lo[1], hi[1]), fold(lo[2], hi[2])])
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn ark(s: State, k: &[u64; STATE_WIDTH]) -> State {
    let k = load(k);
    State([
        add_canon(s.0[0], k.0[0]),
        add_canon(s.0[1], k.0[1]),
        add_canon(s.0[2], k.0[2]),
    ])
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn permute(mut s: State) -> State {
    for r in 0..NUM_ROUNDS {
        s = ark(mds(sbox(s)), &ARK1[r]);
        s = ark(mds(inv_sbox(s)), &ARK2[r]);
    }
    State([canonical(s.0[0]), canonical(s.0[1]), canonical(s.0[2])])
}

/// For each block: adds it to the rate (state[4..12]) and applies the permutation.
/// Elements may be any `u64` (taken mod p); the state is canonical afterwards.
#[target_feature(enable = "avx512f,avx512vl")]
pub(crate) fn absorb(state: &mut [u64; STATE_WIDTH], blocks: &[[u64; RATE_WIDTH]]) {
    let s0 = load(state);
    let mut s = State([canonical(s0.0[0]), canonical(s0.0[1]), canonical(s0.0[2])]);
    for blk in blocks {
        let mut m = [0u64; STATE_WIDTH];
        m[STATE_WIDTH - RATE_WIDTH..].copy_from_slice(blk);
        let m = load(&m);
        s = State([
            add_canon(s.0[0], canonical(m.0[0])),
            add_canon(s.0[1], canonical(m.0[1])),
            add_canon(s.0[2], canonical(m.0[2])),
        ]);
        s = permute(s);
    }
    *state = store(s);
}
