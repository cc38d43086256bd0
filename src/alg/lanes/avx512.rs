//! Multi-buffer AVX-512 backend: 16 lanes of MD5 and SHA-256, 8 of SHA-512, in 512-bit
//! registers, with AVX-512F's rotates (`vprold`, `vprorq`) and three-input logic
//! (`vpternlog`) for MD5's F, G, H, I, SHA-2's Ch, Maj and the three-way XORs. The
//! message words come in through the AVX2 backend's transposes, one per half of the lanes.
//!
//! Every `vpternlog` immediate is computed from the boolean function it stands for
//! ([`ternary`]), not written by hand.

use super::avx2;
use std::arch::x86_64::*;

/// Lanes of the 32-bit kernels (MD5, SHA-256).
pub(super) const LANES32: usize = 16;
/// Lanes of the 64-bit kernel (SHA-512).
pub(super) const LANES64: usize = 8;

type V32 = __m512i;
type V64 = __m512i;

/// The `vpternlog` immediate of a bitwise function of three inputs: its value on the
/// truth-table columns A = 0xF0, B = 0xCC, C = 0xAA (bit `4a + 2b + c` of the immediate is
/// f(a, b, c), Intel's definition).
macro_rules! ternary {
    (|$a:ident, $b:ident, $c:ident| $f:expr) => {{
        let ($a, $b, $c): (u8, u8, u8) = (0xF0, 0xCC, 0xAA);
        ($f) as i32
    }};
}

const XOR3: i32 = ternary!(|a, b, c| a ^ b ^ c);
const F: i32 = ternary!(|b, c, d| (b & c) | (!b & d));
const G: i32 = ternary!(|b, c, d| (b & d) | (c & !d));
const I: i32 = ternary!(|b, c, d| c ^ (b | !d));
const CH: i32 = ternary!(|e, f, g| (e & f) ^ (!e & g));
const MAJ: i32 = ternary!(|a, b, c| (a & b) ^ (a & c) ^ (b & c));

#[inline]
#[target_feature(enable = "avx512f")]
fn load32(s: &[u32; LANES32]) -> V32 {
    // SAFETY: `s` is 64 readable bytes; the load is unaligned.
    unsafe { _mm512_loadu_si512(s.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn store32(s: &mut [u32; LANES32], v: V32) {
    // SAFETY: `s` is 64 writable bytes; the store is unaligned.
    unsafe { _mm512_storeu_si512(s.as_mut_ptr().cast(), v) }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn load64(s: &[u64; LANES64]) -> V64 {
    // SAFETY: `s` is 64 readable bytes; the load is unaligned.
    unsafe { _mm512_loadu_si512(s.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn store64(s: &mut [u64; LANES64], v: V64) {
    // SAFETY: `s` is 64 writable bytes; the store is unaligned.
    unsafe { _mm512_storeu_si512(s.as_mut_ptr().cast(), v) }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn add32(a: V32, b: V32) -> V32 {
    _mm512_add_epi32(a, b)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn xor3_32(a: V32, b: V32, c: V32) -> V32 {
    _mm512_ternarylogic_epi32::<XOR3>(a, b, c)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn splat32(k: u32) -> V32 {
    _mm512_set1_epi32(k as i32)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn rotl32<const L: i32, const R: i32>(a: V32) -> V32 {
    _mm512_rol_epi32::<L>(a)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn xor32(a: V32, b: V32) -> V32 {
    _mm512_xor_si512(a, b)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn rotr16_32(a: V32) -> V32 {
    _mm512_ror_epi32::<16>(a)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn rotr8_32(a: V32) -> V32 {
    _mm512_ror_epi32::<8>(a)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn shr32<const S: i32>(a: V32) -> V32 {
    // (The immediate form takes a `u32` count; a constant count folds to it.)
    _mm512_srl_epi32(a, _mm_set_epi64x(0, i64::from(S)))
}

#[inline]
#[target_feature(enable = "avx512f")]
fn md5_f(b: V32, c: V32, d: V32) -> V32 {
    _mm512_ternarylogic_epi32::<F>(b, c, d)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn md5_g(b: V32, c: V32, d: V32) -> V32 {
    _mm512_ternarylogic_epi32::<G>(b, c, d)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn md5_h(b: V32, c: V32, d: V32) -> V32 {
    xor3_32(b, c, d)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn md5_i(b: V32, c: V32, d: V32) -> V32 {
    _mm512_ternarylogic_epi32::<I>(b, c, d)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn ch32(e: V32, f: V32, g: V32) -> V32 {
    _mm512_ternarylogic_epi32::<CH>(e, f, g)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn maj32(a: V32, b: V32, c: V32) -> V32 {
    _mm512_ternarylogic_epi32::<MAJ>(a, b, c)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn add64(a: V64, b: V64) -> V64 {
    _mm512_add_epi64(a, b)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn xor3_64(a: V64, b: V64, c: V64) -> V64 {
    _mm512_ternarylogic_epi64::<XOR3>(a, b, c)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn splat64(k: u64) -> V64 {
    _mm512_set1_epi64(k as i64)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn rotr64<const R: i32, const L: i32>(a: V64) -> V64 {
    _mm512_ror_epi64::<R>(a)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn shr64<const S: i32>(a: V64) -> V64 {
    _mm512_srl_epi64(a, _mm_set_epi64x(0, i64::from(S)))
}

#[inline]
#[target_feature(enable = "avx512f")]
fn ch64(e: V64, f: V64, g: V64) -> V64 {
    _mm512_ternarylogic_epi64::<CH>(e, f, g)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn maj64(a: V64, b: V64, c: V64) -> V64 {
    _mm512_ternarylogic_epi64::<MAJ>(a, b, c)
}

/// Two 256-bit halves as one register: `lo` in lanes 0..8 (32-bit) or 0..4 (64-bit).
#[inline]
#[target_feature(enable = "avx512f")]
fn join(lo: __m256i, hi: __m256i) -> __m512i {
    _mm512_inserti64x4::<1>(_mm512_castsi256_si512(lo), hi)
}

/// The lanes' blocks in two halves of `H` lanes each.
#[inline]
fn halves<'a, 'b, const B: usize, const N: usize, const H: usize>(
    blocks: &'a [&'b [u8; B]; N],
) -> (&'a [&'b [u8; B]; H], &'a [&'b [u8; B]; H]) {
    let (lo, hi) = blocks.split_at(H);
    (
        lo.try_into().expect("half the lanes"),
        hi.try_into().expect("half the lanes"),
    )
}

/// Word `j` of the 16 lanes' blocks: words of lanes 0..8 and 8..16 from the AVX2
/// transposes, joined.
#[inline]
#[target_feature(enable = "avx512f")]
fn join_words(lo: [__m256i; 16], hi: [__m256i; 16]) -> [__m512i; 16] {
    let mut out = [_mm512_setzero_si512(); 16];
    for ((o, l), h) in out.iter_mut().zip(lo).zip(hi) {
        *o = join(l, h);
    }
    out
}

#[inline]
#[target_feature(enable = "avx512f")]
fn md5_words(blocks: &[&[u8; 64]; LANES32]) -> [V32; 16] {
    let (lo, hi) = halves::<64, LANES32, { avx2::LANES32 }>(blocks);
    join_words(avx2::words32(lo, None), avx2::words32(hi, None))
}

#[inline]
#[target_feature(enable = "avx512f")]
fn sha256_words(blocks: &[&[u8; 64]; LANES32]) -> [V32; 16] {
    let (lo, hi) = halves::<64, LANES32, { avx2::LANES32 }>(blocks);
    join_words(avx2::sha256_words(lo), avx2::sha256_words(hi))
}

#[inline]
#[target_feature(enable = "avx512f")]
fn sha512_words(blocks: &[&[u8; 128]; LANES64]) -> [V64; 16] {
    let (lo, hi) = halves::<128, LANES64, { avx2::LANES64 }>(blocks);
    join_words(avx2::sha512_words(lo), avx2::sha512_words(hi))
}

super::kernels!(#[target_feature(enable = "avx512f")]);

#[cfg(test)]
mod tests {
    /// The immediates against the tables every AVX-512 reference lists (0x96 for a
    /// three-way XOR, 0xCA for a bit select, 0xE8 for a majority).
    #[test]
    fn ternary_logic_immediates() {
        assert_eq!(super::XOR3, 0x96);
        assert_eq!(super::F, 0xCA);
        assert_eq!(super::CH, 0xCA);
        assert_eq!(super::MAJ, 0xE8);
        assert_eq!(super::G, 0xE4);
        assert_eq!(super::I, 0x39);
    }
}
