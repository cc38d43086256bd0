//! The AVX-512 block function: two 32-byte blocks per 512-bit register, eight blocks per
//! loop iteration, with `vpmuludq` (32×32→64-bit) products. A final odd block is read
//! with a masked load, its missing partner being all zero (whose products are zero).
//!
//! Per block (each 256-bit half), with x = key + message as eight 32-bit lanes
//! `[x0 .. x7]`:
//! - `y = vpermd(x, [0,4,1,5,2,6,3,7])` puts each pair `(x_i, x_{i+4})` in one 64-bit
//!   lane, and `vpmuludq(y, y >> 32)` gives `z0..z3` in order;
//! - `e = x + rot1(x) + rot2(x)` (word rotations within each 128-bit lane) holds
//!   `u0..u3` in its low half and, in its high half, three-term sums of which `v` is a
//!   rotation: `v_j = e[4 + (j+1) mod 4]`. So `vpmuludq(e, vpermd(e, [5,_,7,_,3,_,1,_]))`
//!   multiplies the even lanes `[u0, u2, v3, v1]` by `[v0, v2, u3, u1]`, giving
//!   `[z4, z6, z7, z5]`.
//!
//! The accumulators keep that lane order (and one copy per block of a register) inside
//! the function; they are converted from and back to digest order once per call.

use core::arch::x86_64::*;

/// Loads 64 bytes from the start of `bytes`.
#[inline]
#[target_feature(enable = "avx512f")]
fn load(bytes: &[u8]) -> __m512i {
    assert!(bytes.len() >= 64);
    // SAFETY: `bytes` has at least 64 readable bytes (asserted; the check folds away for
    // fixed-size chunks) and `loadu` has no alignment requirement.
    unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) }
}

/// Loads one 32-byte block into the low half, zeroing the high half.
#[inline]
#[target_feature(enable = "avx512f")]
fn load_half(bytes: &[u8]) -> __m512i {
    assert!(bytes.len() >= 32);
    // SAFETY: the mask selects the first eight 32-bit words, the 32 readable bytes of
    // `bytes` (asserted); masked-off words are not accessed, and `loadu` has no alignment
    // requirement.
    unsafe { _mm512_maskz_loadu_epi32(0x00ff, bytes.as_ptr().cast()) }
}

/// The lane permutations: `y` pairs and the `v` partners of `e`, for both halves.
#[inline]
#[target_feature(enable = "avx512f")]
fn indices() -> (__m512i, __m512i) {
    (
        _mm512_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15),
        _mm512_setr_epi32(5, 5, 7, 7, 3, 3, 1, 1, 13, 13, 15, 15, 11, 11, 9, 9),
    )
}

/// Two blocks (key and message words): `(z0..z3, [z4, z6, z7, z5])` per half.
#[inline]
#[target_feature(enable = "avx512f")]
fn blocks(k: __m512i, m: __m512i, iy: __m512i, ie: __m512i) -> (__m512i, __m512i) {
    let x = _mm512_add_epi32(k, m);
    let y = _mm512_permutexvar_epi32(iy, x);
    let p = _mm512_mul_epu32(y, _mm512_srli_epi64::<32>(y));
    let e = _mm512_add_epi32(
        x,
        _mm512_add_epi32(
            _mm512_shuffle_epi32::<0x39>(x),
            _mm512_shuffle_epi32::<0x4e>(x),
        ),
    );
    let q = _mm512_mul_epu32(e, _mm512_permutexvar_epi32(ie, e));
    (p, q)
}

/// Absorbs whole blocks: `key` and `msg` have equal lengths, a multiple of 32 bytes.
/// `acc` holds the eight 64-bit sums in digest order.
#[target_feature(enable = "avx512f")]
pub(super) fn compress(acc: &mut [u64; 8], key: &[u8], msg: &[u8]) {
    assert_eq!(key.len(), msg.len());
    debug_assert_eq!(msg.len() % 32, 0);
    let (iy, ie) = indices();
    let a = acc.map(|v| v as i64);
    let mut p0 = _mm512_setr_epi64(a[0], a[1], a[2], a[3], 0, 0, 0, 0);
    let mut q0 = _mm512_setr_epi64(a[4], a[6], a[7], a[5], 0, 0, 0, 0);
    let mut p1 = _mm512_setzero_si512();
    let mut q1 = _mm512_setzero_si512();

    const STEP: usize = 256;
    let mut kc = key.chunks_exact(STEP);
    let mut mc = msg.chunks_exact(STEP);
    for (k, m) in (&mut kc).zip(&mut mc) {
        prefetch(k);
        prefetch(m);
        let (pa, qa) = blocks(load(&k[0..64]), load(&m[0..64]), iy, ie);
        let (pb, qb) = blocks(load(&k[64..128]), load(&m[64..128]), iy, ie);
        let (pc, qc) = blocks(load(&k[128..192]), load(&m[128..192]), iy, ie);
        let (pd, qd) = blocks(load(&k[192..256]), load(&m[192..256]), iy, ie);
        p0 = _mm512_add_epi64(p0, _mm512_add_epi64(pa, pc));
        q0 = _mm512_add_epi64(q0, _mm512_add_epi64(qa, qc));
        p1 = _mm512_add_epi64(p1, _mm512_add_epi64(pb, pd));
        q1 = _mm512_add_epi64(q1, _mm512_add_epi64(qb, qd));
    }
    let mut kc = kc.remainder().chunks_exact(64);
    let mut mc = mc.remainder().chunks_exact(64);
    for (k, m) in (&mut kc).zip(&mut mc) {
        let (p, q) = blocks(load(k), load(m), iy, ie);
        p0 = _mm512_add_epi64(p0, p);
        q0 = _mm512_add_epi64(q0, q);
    }
    let (k, m) = (kc.remainder(), mc.remainder());
    if !m.is_empty() {
        let (p, q) = blocks(load_half(k), load_half(m), iy, ie);
        p1 = _mm512_add_epi64(p1, p);
        q1 = _mm512_add_epi64(q1, q);
    }

    let (p, q) = (
        store(_mm512_add_epi64(p0, p1)),
        store(_mm512_add_epi64(q0, q1)),
    );
    let s = |v: [u64; 8], i: usize| v[i].wrapping_add(v[i + 4]);
    *acc = [
        s(p, 0),
        s(p, 1),
        s(p, 2),
        s(p, 3),
        s(q, 0),
        s(q, 3),
        s(q, 1),
        s(q, 2),
    ];
}

/// The eight 64-bit lanes of `v`.
#[inline]
#[target_feature(enable = "avx512f")]
fn store(v: __m512i) -> [u64; 8] {
    let mut out = [0u64; 8];
    // SAFETY: `out` is 64 writable bytes and `storeu` has no alignment requirement.
    unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), v) };
    out
}

/// How far ahead of the loads the loop asks for cache lines, in bytes: a little help
/// for inputs larger than L2.
const PREFETCH_AHEAD: usize = 2048;

/// Hints the cache lines [`PREFETCH_AHEAD`] bytes past the four lines of `chunk` (a
/// prefetch never faults, even past the end of the input).
#[inline]
#[target_feature(enable = "avx512f")]
fn prefetch(chunk: &[u8]) {
    let p = chunk.as_ptr().wrapping_add(PREFETCH_AHEAD);
    for i in 0..4 {
        _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(64 * i).cast());
    }
}
