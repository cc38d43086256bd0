//! Multi-buffer NEON backend (aarch64): 4 lanes of MD5 and SHA-256 in 128-bit registers,
//! 2 lanes of SHA-512. A rotation is a shift and a shift-right-and-insert (`shl` +
//! `sri`); `bsl` (bit select) gives MD5's F and G, SHA-2's Ch and Maj in one or two
//! instructions, `orn` MD5's I in two.

use std::arch::aarch64::*;

/// Lanes of the 32-bit kernels (MD5, SHA-256).
pub(super) const LANES32: usize = 4;
/// Lanes of the 64-bit kernel (SHA-512).
pub(super) const LANES64: usize = 2;

type V32 = uint32x4_t;
type V64 = uint64x2_t;

#[inline]
#[target_feature(enable = "neon")]
fn load32(s: &[u32; LANES32]) -> V32 {
    // SAFETY: `s` is 16 readable bytes.
    unsafe { vld1q_u32(s.as_ptr()) }
}

#[inline]
#[target_feature(enable = "neon")]
fn store32(s: &mut [u32; LANES32], v: V32) {
    // SAFETY: `s` is 16 writable bytes.
    unsafe { vst1q_u32(s.as_mut_ptr(), v) }
}

#[inline]
#[target_feature(enable = "neon")]
fn load64(s: &[u64; LANES64]) -> V64 {
    // SAFETY: `s` is 16 readable bytes.
    unsafe { vld1q_u64(s.as_ptr()) }
}

#[inline]
#[target_feature(enable = "neon")]
fn store64(s: &mut [u64; LANES64], v: V64) {
    // SAFETY: `s` is 16 writable bytes.
    unsafe { vst1q_u64(s.as_mut_ptr(), v) }
}

/// 16 bytes of a block, from byte `at` (`at + 16 <= B`, checked).
#[inline]
#[target_feature(enable = "neon")]
fn load_bytes<const B: usize>(block: &[u8; B], at: usize) -> uint8x16_t {
    let part: &[u8; 16] = block[at..at + 16]
        .try_into()
        .expect("16 bytes in the block");
    // SAFETY: `part` is 16 readable bytes.
    unsafe { vld1q_u8(part.as_ptr()) }
}

#[inline]
#[target_feature(enable = "neon")]
fn add32(a: V32, b: V32) -> V32 {
    vaddq_u32(a, b)
}

#[inline]
#[target_feature(enable = "neon")]
fn xor3_32(a: V32, b: V32, c: V32) -> V32 {
    veorq_u32(veorq_u32(a, b), c)
}

#[inline]
#[target_feature(enable = "neon")]
fn splat32(k: u32) -> V32 {
    vdupq_n_u32(k)
}

#[inline]
#[target_feature(enable = "neon")]
fn rotl32<const L: i32, const R: i32>(a: V32) -> V32 {
    vsriq_n_u32::<R>(vshlq_n_u32::<L>(a), a)
}

#[inline]
#[target_feature(enable = "neon")]
fn shr32<const S: i32>(a: V32) -> V32 {
    vshrq_n_u32::<S>(a)
}

/// F(b, c, d): where b has a one, c; else d.
#[inline]
#[target_feature(enable = "neon")]
fn md5_f(b: V32, c: V32, d: V32) -> V32 {
    vbslq_u32(b, c, d)
}

/// G(b, c, d): where d has a one, b; else c.
#[inline]
#[target_feature(enable = "neon")]
fn md5_g(b: V32, c: V32, d: V32) -> V32 {
    vbslq_u32(d, b, c)
}

#[inline]
#[target_feature(enable = "neon")]
fn md5_h(b: V32, c: V32, d: V32) -> V32 {
    xor3_32(b, c, d)
}

/// I(b, c, d) = c ⊕ (b ∨ ¬d).
#[inline]
#[target_feature(enable = "neon")]
fn md5_i(b: V32, c: V32, d: V32) -> V32 {
    veorq_u32(c, vornq_u32(b, d))
}

#[inline]
#[target_feature(enable = "neon")]
fn ch32(e: V32, f: V32, g: V32) -> V32 {
    vbslq_u32(e, f, g)
}

/// Maj(a, b, c): where a and b differ, c; else a.
#[inline]
#[target_feature(enable = "neon")]
fn maj32(a: V32, b: V32, c: V32) -> V32 {
    vbslq_u32(veorq_u32(a, b), c, a)
}

#[inline]
#[target_feature(enable = "neon")]
fn add64(a: V64, b: V64) -> V64 {
    vaddq_u64(a, b)
}

#[inline]
#[target_feature(enable = "neon")]
fn xor3_64(a: V64, b: V64, c: V64) -> V64 {
    veorq_u64(veorq_u64(a, b), c)
}

#[inline]
#[target_feature(enable = "neon")]
fn splat64(k: u64) -> V64 {
    vdupq_n_u64(k)
}

#[inline]
#[target_feature(enable = "neon")]
fn rotr64<const R: i32, const L: i32>(a: V64) -> V64 {
    vsriq_n_u64::<R>(vshlq_n_u64::<L>(a), a)
}

#[inline]
#[target_feature(enable = "neon")]
fn shr64<const S: i32>(a: V64) -> V64 {
    vshrq_n_u64::<S>(a)
}

#[inline]
#[target_feature(enable = "neon")]
fn ch64(e: V64, f: V64, g: V64) -> V64 {
    vbslq_u64(e, f, g)
}

#[inline]
#[target_feature(enable = "neon")]
fn maj64(a: V64, b: V64, c: V64) -> V64 {
    vbslq_u64(veorq_u64(a, b), c, a)
}

/// Word `j` of the 4 lanes' 64-byte blocks in column `j` (little-endian words).
#[inline]
#[target_feature(enable = "neon")]
fn words32(blocks: &[&[u8; 64]; LANES32]) -> [V32; 16] {
    let mut out = [vdupq_n_u32(0); 16];
    for quarter in 0..4 {
        let r: [V32; 4] = [
            vreinterpretq_u32_u8(load_bytes(blocks[0], 16 * quarter)),
            vreinterpretq_u32_u8(load_bytes(blocks[1], 16 * quarter)),
            vreinterpretq_u32_u8(load_bytes(blocks[2], 16 * quarter)),
            vreinterpretq_u32_u8(load_bytes(blocks[3], 16 * quarter)),
        ];
        // 4×4 transpose: t0 = r0[0] r1[0] r0[2] r1[2], t1 = r0[1] r1[1] r0[3] r1[3], ...
        let t0 = vreinterpretq_u64_u32(vtrn1q_u32(r[0], r[1]));
        let t1 = vreinterpretq_u64_u32(vtrn2q_u32(r[0], r[1]));
        let t2 = vreinterpretq_u64_u32(vtrn1q_u32(r[2], r[3]));
        let t3 = vreinterpretq_u64_u32(vtrn2q_u32(r[2], r[3]));
        out[4 * quarter] = vreinterpretq_u32_u64(vtrn1q_u64(t0, t2));
        out[4 * quarter + 1] = vreinterpretq_u32_u64(vtrn1q_u64(t1, t3));
        out[4 * quarter + 2] = vreinterpretq_u32_u64(vtrn2q_u64(t0, t2));
        out[4 * quarter + 3] = vreinterpretq_u32_u64(vtrn2q_u64(t1, t3));
    }
    out
}

#[inline]
#[target_feature(enable = "neon")]
fn md5_words(blocks: &[&[u8; 64]; LANES32]) -> [V32; 16] {
    words32(blocks)
}

#[inline]
#[target_feature(enable = "neon")]
fn sha256_words(blocks: &[&[u8; 64]; LANES32]) -> [V32; 16] {
    let mut w = words32(blocks);
    for x in &mut w {
        *x = vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(*x)));
    }
    w
}

/// Word `j` of the 2 lanes' 128-byte blocks in column `j`, big-endian.
#[inline]
#[target_feature(enable = "neon")]
fn sha512_words(blocks: &[&[u8; 128]; LANES64]) -> [V64; 16] {
    let mut out = [vdupq_n_u64(0); 16];
    for pair in 0..8 {
        let r0 = vreinterpretq_u64_u8(vrev64q_u8(load_bytes(blocks[0], 16 * pair)));
        let r1 = vreinterpretq_u64_u8(vrev64q_u8(load_bytes(blocks[1], 16 * pair)));
        out[2 * pair] = vtrn1q_u64(r0, r1);
        out[2 * pair + 1] = vtrn2q_u64(r0, r1);
    }
    out
}

super::kernels!(#[target_feature(enable = "neon")]);
