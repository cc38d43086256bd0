//! Multi-buffer AVX2 backend: 8 lanes of MD5 and SHA-256 (one `u32` per lane of a 256-bit
//! register), 4 lanes of SHA-512. AVX2 has no vector rotate: a rotation is two shifts and
//! an OR. The message words are brought into lanes by 8×8 (32-bit) and 4×4 (64-bit)
//! transposes of the lanes' blocks, which the AVX-512 backend reuses for its two halves.

use std::arch::x86_64::*;

/// Lanes of the 32-bit kernels (MD5, SHA-256).
pub(super) const LANES32: usize = 8;
/// Lanes of the 64-bit kernel (SHA-512).
pub(super) const LANES64: usize = 4;

type V32 = __m256i;
type V64 = __m256i;

#[inline]
#[target_feature(enable = "avx2")]
fn load32(s: &[u32; LANES32]) -> V32 {
    // SAFETY: `s` is 32 readable bytes; the load is unaligned.
    unsafe { _mm256_loadu_si256(s.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn store32(s: &mut [u32; LANES32], v: V32) {
    // SAFETY: `s` is 32 writable bytes; the store is unaligned.
    unsafe { _mm256_storeu_si256(s.as_mut_ptr().cast(), v) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn load64(s: &[u64; LANES64]) -> V64 {
    // SAFETY: `s` is 32 readable bytes; the load is unaligned.
    unsafe { _mm256_loadu_si256(s.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn store64(s: &mut [u64; LANES64], v: V64) {
    // SAFETY: `s` is 32 writable bytes; the store is unaligned.
    unsafe { _mm256_storeu_si256(s.as_mut_ptr().cast(), v) }
}

/// 32 bytes of a block, from byte `at` (`at + 32 <= B`, checked).
#[inline]
#[target_feature(enable = "avx2")]
fn load_bytes<const B: usize>(block: &[u8; B], at: usize) -> __m256i {
    let part: &[u8; 32] = block[at..at + 32]
        .try_into()
        .expect("32 bytes in the block");
    // SAFETY: `part` is 32 readable bytes; the load is unaligned.
    unsafe { _mm256_loadu_si256(part.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn add32(a: V32, b: V32) -> V32 {
    _mm256_add_epi32(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
fn xor3_32(a: V32, b: V32, c: V32) -> V32 {
    _mm256_xor_si256(_mm256_xor_si256(a, b), c)
}

#[inline]
#[target_feature(enable = "avx2")]
fn splat32(k: u32) -> V32 {
    _mm256_set1_epi32(k as i32)
}

#[inline]
#[target_feature(enable = "avx2")]
fn rotl32<const L: i32, const R: i32>(a: V32) -> V32 {
    _mm256_or_si256(_mm256_slli_epi32::<L>(a), _mm256_srli_epi32::<R>(a))
}

#[inline]
#[target_feature(enable = "avx2")]
fn xor32(a: V32, b: V32) -> V32 {
    _mm256_xor_si256(a, b)
}

/// A rotation by whole bytes is one byte shuffle (`vpshufb`), not two shifts and an OR.
/// The rotation by 16 takes its mask through `black_box`: with a constant mask LLVM
/// rewrites it as two word shuffles (`vpshuflw` + `vpshufhw`), twice the shuffle work.
#[inline]
#[target_feature(enable = "avx2")]
fn rotr16_32(a: V32) -> V32 {
    _mm256_shuffle_epi8(a, load_bytes(std::hint::black_box(&ROTR16), 0))
}

#[inline]
#[target_feature(enable = "avx2")]
fn rotr8_32(a: V32) -> V32 {
    _mm256_shuffle_epi8(a, load_bytes(&ROTR8, 0))
}

#[inline]
#[target_feature(enable = "avx2")]
fn shr32<const S: i32>(a: V32) -> V32 {
    _mm256_srli_epi32::<S>(a)
}

/// F(b, c, d) = (b ∧ c) ∨ (¬b ∧ d), as d ⊕ (b ∧ (c ⊕ d)).
#[inline]
#[target_feature(enable = "avx2")]
fn md5_f(b: V32, c: V32, d: V32) -> V32 {
    _mm256_xor_si256(d, _mm256_and_si256(b, _mm256_xor_si256(c, d)))
}

/// G(b, c, d) = (b ∧ d) ∨ (c ∧ ¬d), as c ⊕ (d ∧ (b ⊕ c)).
#[inline]
#[target_feature(enable = "avx2")]
fn md5_g(b: V32, c: V32, d: V32) -> V32 {
    _mm256_xor_si256(c, _mm256_and_si256(d, _mm256_xor_si256(b, c)))
}

#[inline]
#[target_feature(enable = "avx2")]
fn md5_h(b: V32, c: V32, d: V32) -> V32 {
    xor3_32(b, c, d)
}

/// I(b, c, d) = c ⊕ (b ∨ ¬d).
#[inline]
#[target_feature(enable = "avx2")]
fn md5_i(b: V32, c: V32, d: V32) -> V32 {
    let not_d = _mm256_xor_si256(d, _mm256_set1_epi32(-1));
    _mm256_xor_si256(c, _mm256_or_si256(b, not_d))
}

/// Ch(e, f, g) = (e ∧ f) ⊕ (¬e ∧ g), as g ⊕ (e ∧ (f ⊕ g)).
#[inline]
#[target_feature(enable = "avx2")]
fn ch32(e: V32, f: V32, g: V32) -> V32 {
    md5_f(e, f, g)
}

/// Maj(a, b, c) = (a ∧ b) ∨ (c ∧ (a ∨ b)).
#[inline]
#[target_feature(enable = "avx2")]
fn maj32(a: V32, b: V32, c: V32) -> V32 {
    _mm256_or_si256(
        _mm256_and_si256(a, b),
        _mm256_and_si256(c, _mm256_or_si256(a, b)),
    )
}

#[inline]
#[target_feature(enable = "avx2")]
fn add64(a: V64, b: V64) -> V64 {
    _mm256_add_epi64(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
fn xor3_64(a: V64, b: V64, c: V64) -> V64 {
    xor3_32(a, b, c)
}

#[inline]
#[target_feature(enable = "avx2")]
fn splat64(k: u64) -> V64 {
    _mm256_set1_epi64x(k as i64)
}

#[inline]
#[target_feature(enable = "avx2")]
fn rotr64<const R: i32, const L: i32>(a: V64) -> V64 {
    _mm256_or_si256(_mm256_srli_epi64::<R>(a), _mm256_slli_epi64::<L>(a))
}

#[inline]
#[target_feature(enable = "avx2")]
fn shr64<const S: i32>(a: V64) -> V64 {
    _mm256_srli_epi64::<S>(a)
}

#[inline]
#[target_feature(enable = "avx2")]
fn ch64(e: V64, f: V64, g: V64) -> V64 {
    md5_f(e, f, g)
}

#[inline]
#[target_feature(enable = "avx2")]
fn maj64(a: V64, b: V64, c: V64) -> V64 {
    maj32(a, b, c)
}

/// Transposes 8 rows of 8 `u32` (row `r` = 8 words of lane `r`) into 8 columns (column
/// `j` = word `j` of lanes 0..8).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn transpose8x8(r: [__m256i; 8]) -> [__m256i; 8] {
    // Pairs of rows interleaved by 32-bit word: t0 = r0[0] r1[0] r0[1] r1[1] | r0[4] ...
    let t0 = _mm256_unpacklo_epi32(r[0], r[1]);
    let t1 = _mm256_unpackhi_epi32(r[0], r[1]);
    let t2 = _mm256_unpacklo_epi32(r[2], r[3]);
    let t3 = _mm256_unpackhi_epi32(r[2], r[3]);
    let t4 = _mm256_unpacklo_epi32(r[4], r[5]);
    let t5 = _mm256_unpackhi_epi32(r[4], r[5]);
    let t6 = _mm256_unpacklo_epi32(r[6], r[7]);
    let t7 = _mm256_unpackhi_epi32(r[6], r[7]);
    // Four rows per word: u0 = r0[0] r1[0] r2[0] r3[0] | r0[4] r1[4] r2[4] r3[4].
    let u0 = _mm256_unpacklo_epi64(t0, t2);
    let u1 = _mm256_unpackhi_epi64(t0, t2);
    let u2 = _mm256_unpacklo_epi64(t1, t3);
    let u3 = _mm256_unpackhi_epi64(t1, t3);
    let u4 = _mm256_unpacklo_epi64(t4, t6);
    let u5 = _mm256_unpackhi_epi64(t4, t6);
    let u6 = _mm256_unpacklo_epi64(t5, t7);
    let u7 = _mm256_unpackhi_epi64(t5, t7);
    // Rows 0..4 and 4..8 of one word: the low 128-bit halves give words 0..4, the high
    // halves words 4..8.
    [
        _mm256_permute2x128_si256::<0x20>(u0, u4),
        _mm256_permute2x128_si256::<0x20>(u1, u5),
        _mm256_permute2x128_si256::<0x20>(u2, u6),
        _mm256_permute2x128_si256::<0x20>(u3, u7),
        _mm256_permute2x128_si256::<0x31>(u0, u4),
        _mm256_permute2x128_si256::<0x31>(u1, u5),
        _mm256_permute2x128_si256::<0x31>(u2, u6),
        _mm256_permute2x128_si256::<0x31>(u3, u7),
    ]
}

/// Transposes 4 rows of 4 `u64` into 4 columns.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn transpose4x4(r: [__m256i; 4]) -> [__m256i; 4] {
    // t0 = r0[0] r1[0] | r0[2] r1[2]; t1 = r0[1] r1[1] | r0[3] r1[3].
    let t0 = _mm256_unpacklo_epi64(r[0], r[1]);
    let t1 = _mm256_unpackhi_epi64(r[0], r[1]);
    let t2 = _mm256_unpacklo_epi64(r[2], r[3]);
    let t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    [
        _mm256_permute2x128_si256::<0x20>(t0, t2),
        _mm256_permute2x128_si256::<0x20>(t1, t3),
        _mm256_permute2x128_si256::<0x31>(t0, t2),
        _mm256_permute2x128_si256::<0x31>(t1, t3),
    ]
}

/// Byte order within each 32-bit word reversed (big-endian words).
const BSWAP32: [u8; 32] = {
    let mut m = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        m[i] = (i - i % 4 + 3 - i % 4) as u8 % 16;
        i += 1;
    }
    m
};

/// Each 32-bit word rotated right by `r` bytes: result byte `i` of a word is its byte
/// `(i + r) % 4` (little-endian).
const fn rotr_bytes(r: usize) -> [u8; 32] {
    let mut m = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        m[i] = ((i - i % 4 + (i + r) % 4) % 16) as u8;
        i += 1;
    }
    m
}

/// Rotations right by 16 and by 8 bits, as byte shuffles.
const ROTR16: [u8; 32] = rotr_bytes(2);
const ROTR8: [u8; 32] = rotr_bytes(1);

/// Byte order within each 64-bit word reversed.
const BSWAP64: [u8; 32] = {
    let mut m = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        m[i] = (i - i % 8 + 7 - i % 8) as u8 % 16;
        i += 1;
    }
    m
};

/// Word `j` of every lane's 64-byte block in column `j`, byte-swapped with `swap` (or not:
/// `None`).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn words32(blocks: &[&[u8; 64]; LANES32], swap: Option<&[u8; 32]>) -> [__m256i; 16] {
    let mut out = [_mm256_setzero_si256(); 16];
    for half in 0..2 {
        let mut rows = [_mm256_setzero_si256(); 8];
        for (row, block) in rows.iter_mut().zip(blocks) {
            *row = load_bytes(block, 32 * half);
        }
        let cols = transpose8x8(rows);
        for (o, c) in out[8 * half..8 * half + 8].iter_mut().zip(cols) {
            *o = match swap {
                Some(m) => _mm256_shuffle_epi8(c, load_bytes(m, 0)),
                None => c,
            };
        }
    }
    out
}

#[inline]
#[target_feature(enable = "avx2")]
fn md5_words(blocks: &[&[u8; 64]; LANES32]) -> [V32; 16] {
    words32(blocks, None)
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn sha256_words(blocks: &[&[u8; 64]; LANES32]) -> [V32; 16] {
    words32(blocks, Some(&BSWAP32))
}

/// Word `j` of every lane's 128-byte block in column `j`, big-endian.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn sha512_words(blocks: &[&[u8; 128]; LANES64]) -> [V64; 16] {
    let swap = load_bytes(&BSWAP64, 0);
    let mut out = [_mm256_setzero_si256(); 16];
    for quarter in 0..4 {
        let mut rows = [_mm256_setzero_si256(); 4];
        for (row, block) in rows.iter_mut().zip(blocks) {
            *row = load_bytes(block, 32 * quarter);
        }
        let cols = transpose4x4(rows);
        for (o, c) in out[4 * quarter..4 * quarter + 4].iter_mut().zip(cols) {
            *o = _mm256_shuffle_epi8(c, swap);
        }
    }
    out
}

super::kernels!(#[target_feature(enable = "avx2")]);
