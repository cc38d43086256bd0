//! The AVX2 block function: one 32-byte block per 256-bit register, four blocks per loop
//! iteration, with `vpmuludq` (32×32→64-bit) products.
//!
//! Per block, with x = key + message as eight 32-bit lanes `[x0 .. x7]`:
//! - `y = vpermd(x, [0,4,1,5,2,6,3,7])` puts each pair `(x_i, x_{i+4})` in one 64-bit
//!   lane, and `vpmuludq(y, y >> 32)` gives `z0..z3` in order;
//! - `e = x + rot1(x) + rot2(x)` (word rotations within each 128-bit half) holds
//!   `u0..u3` in its low half and, in its high half, three-term sums of which `v` is a
//!   rotation: `v_j = e[4 + (j+1) mod 4]`. So `vpmuludq(e, vpermd(e, [5,_,7,_,3,_,1,_]))`
//!   multiplies the even lanes `[u0, u2, v3, v1]` by `[v0, v2, u3, u1]`, giving
//!   `[z4, z6, z7, z5]`.
//!
//! The accumulators keep that lane order inside the function; they are converted from
//! and back to digest order once per call.

use core::arch::x86_64::*;

/// Loads 32 bytes from the start of `bytes`.
#[inline]
#[target_feature(enable = "avx2")]
fn load(bytes: &[u8]) -> __m256i {
    assert!(bytes.len() >= 32);
    // SAFETY: `bytes` has at least 32 readable bytes (asserted; the check folds away for
    // fixed-size chunks) and `loadu` has no alignment requirement.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}

/// The lane permutations: `y` pairs and the `v` partners of `e`.
#[inline]
#[target_feature(enable = "avx2")]
fn indices() -> (__m256i, __m256i) {
    (
        _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7),
        _mm256_setr_epi32(5, 5, 7, 7, 3, 3, 1, 1),
    )
}

/// One block (key and message words): `(z0..z3, [z4, z6, z7, z5])`.
#[inline]
#[target_feature(enable = "avx2")]
fn block(k: __m256i, m: __m256i, iy: __m256i, ie: __m256i) -> (__m256i, __m256i) {
    let x = _mm256_add_epi32(k, m);
    let y = _mm256_permutevar8x32_epi32(x, iy);
    let p = _mm256_mul_epu32(y, _mm256_srli_epi64::<32>(y));
    let e = _mm256_add_epi32(
        x,
        _mm256_add_epi32(
            _mm256_shuffle_epi32::<0x39>(x),
            _mm256_shuffle_epi32::<0x4e>(x),
        ),
    );
    let q = _mm256_mul_epu32(e, _mm256_permutevar8x32_epi32(e, ie));
    (p, q)
}

/// Absorbs whole blocks: `key` and `msg` have equal lengths, a multiple of 32 bytes.
/// `acc` holds the eight 64-bit sums in digest order.
#[target_feature(enable = "avx2")]
pub(super) fn compress(acc: &mut [u64; 8], key: &[u8], msg: &[u8]) {
    assert_eq!(key.len(), msg.len());
    debug_assert_eq!(msg.len() % 32, 0);
    let (iy, ie) = indices();
    let a = acc.map(|v| v as i64);
    let mut p0 = _mm256_setr_epi64x(a[0], a[1], a[2], a[3]);
    let mut q0 = _mm256_setr_epi64x(a[4], a[6], a[7], a[5]);
    let mut p1 = _mm256_setzero_si256();
    let mut q1 = _mm256_setzero_si256();

    const STEP: usize = 128;
    let mut kc = key.chunks_exact(STEP);
    let mut mc = msg.chunks_exact(STEP);
    for (k, m) in (&mut kc).zip(&mut mc) {
        prefetch(k);
        prefetch(m);
        let (pa, qa) = block(load(&k[0..32]), load(&m[0..32]), iy, ie);
        let (pb, qb) = block(load(&k[32..64]), load(&m[32..64]), iy, ie);
        let (pc, qc) = block(load(&k[64..96]), load(&m[64..96]), iy, ie);
        let (pd, qd) = block(load(&k[96..128]), load(&m[96..128]), iy, ie);
        p0 = _mm256_add_epi64(p0, _mm256_add_epi64(pa, pc));
        q0 = _mm256_add_epi64(q0, _mm256_add_epi64(qa, qc));
        p1 = _mm256_add_epi64(p1, _mm256_add_epi64(pb, pd));
        q1 = _mm256_add_epi64(q1, _mm256_add_epi64(qb, qd));
    }
    for (k, m) in kc
        .remainder()
        .chunks_exact(32)
        .zip(mc.remainder().chunks_exact(32))
    {
        let (p, q) = block(load(k), load(m), iy, ie);
        p0 = _mm256_add_epi64(p0, p);
        q0 = _mm256_add_epi64(q0, q);
    }

    let p = _mm256_add_epi64(p0, p1);
    let q = _mm256_add_epi64(q0, q1);
    let (p, q) = (store(p), store(q));
    *acc = [p[0], p[1], p[2], p[3], q[0], q[3], q[1], q[2]];
}

/// The four 64-bit lanes of `v`.
#[inline]
#[target_feature(enable = "avx2")]
fn store(v: __m256i) -> [u64; 4] {
    let mut out = [0u64; 4];
    // SAFETY: `out` is 32 writable bytes and `storeu` has no alignment requirement.
    unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), v) };
    out
}

/// How far ahead of the loads the loop asks for cache lines, in bytes: a little help
/// for inputs larger than L2.
const PREFETCH_AHEAD: usize = 2048;

/// Hints the cache lines [`PREFETCH_AHEAD`] bytes past the two lines of `chunk` (a
/// prefetch never faults, even past the end of the input).
#[inline]
#[target_feature(enable = "avx2")]
fn prefetch(chunk: &[u8]) {
    let p = chunk.as_ptr().wrapping_add(PREFETCH_AHEAD);
    _mm_prefetch::<_MM_HINT_T0>(p.cast());
    _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(64).cast());
}
