//! Multi-buffer NEON backend (aarch64): 8 lanes of MD5 and SHA-256, 4 of SHA-512, each
//! state word in TWO 128-bit registers (4 + 4 `u32` lanes, 2 + 2 `u64` lanes). One
//! register per word (4 and 2 lanes) left the cores waiting on each step's latency: in
//! LLVM's cycle model (benches/mb_mca.py) 4-lane MD5 was only 1.04-1.38x the scalar code
//! on Cortex-A76 and Neoverse N1; two independent registers per word keep both vector
//! pipes busy. A rotation is a shift and a shift-right-and-insert (`shl` + `sri`); `bsl`
//! (bit select) gives MD5's F and G, SHA-2's Ch and Maj in one or two instructions, `orn`
//! MD5's I in two.

use std::arch::aarch64::*;

/// Lanes of the 32-bit kernels (MD5, SHA-256).
pub(super) const LANES32: usize = 8;
/// Lanes of the 64-bit kernel (SHA-512).
pub(super) const LANES64: usize = 4;

/// Lanes per register.
const HALF32: usize = 4;
const HALF64: usize = 2;

/// A state word of 8 lanes: lanes 0..4 and 4..8.
#[derive(Clone, Copy)]
struct V32(uint32x4_t, uint32x4_t);
/// A state word of 4 lanes: lanes 0..2 and 2..4.
#[derive(Clone, Copy)]
struct V64(uint64x2_t, uint64x2_t);

#[inline]
#[target_feature(enable = "neon")]
fn load32_1(s: &[u32; HALF32]) -> R32 {
    // SAFETY: `s` is 16 readable bytes.
    unsafe { vld1q_u32(s.as_ptr()) }
}

#[inline]
#[target_feature(enable = "neon")]
fn store32_1(s: &mut [u32; HALF32], v: R32) {
    // SAFETY: `s` is 16 writable bytes.
    unsafe { vst1q_u32(s.as_mut_ptr(), v) }
}

#[inline]
#[target_feature(enable = "neon")]
fn load64_1(s: &[u64; HALF64]) -> R64 {
    // SAFETY: `s` is 16 readable bytes.
    unsafe { vld1q_u64(s.as_ptr()) }
}

#[inline]
#[target_feature(enable = "neon")]
fn store64_1(s: &mut [u64; HALF64], v: R64) {
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
fn add32_1(a: R32, b: R32) -> R32 {
    vaddq_u32(a, b)
}

#[inline]
#[target_feature(enable = "neon")]
fn xor3_32_1(a: R32, b: R32, c: R32) -> R32 {
    veorq_u32(veorq_u32(a, b), c)
}

#[inline]
#[target_feature(enable = "neon")]
fn splat32_1(k: u32) -> R32 {
    vdupq_n_u32(k)
}

#[inline]
#[target_feature(enable = "neon")]
fn rotl32_1<const L: i32, const R: i32>(a: R32) -> R32 {
    vsriq_n_u32::<R>(vshlq_n_u32::<L>(a), a)
}

#[inline]
#[target_feature(enable = "neon")]
fn shr32_1<const S: i32>(a: R32) -> R32 {
    vshrq_n_u32::<S>(a)
}

/// F(b, c, d): where b has a one, c; else d.
#[inline]
#[target_feature(enable = "neon")]
fn md5_f_1(b: R32, c: R32, d: R32) -> R32 {
    vbslq_u32(b, c, d)
}

/// G(b, c, d): where d has a one, b; else c.
#[inline]
#[target_feature(enable = "neon")]
fn md5_g_1(b: R32, c: R32, d: R32) -> R32 {
    vbslq_u32(d, b, c)
}

#[inline]
#[target_feature(enable = "neon")]
fn md5_h_1(b: R32, c: R32, d: R32) -> R32 {
    xor3_32_1(b, c, d)
}

/// I(b, c, d) = c ⊕ (b ∨ ¬d).
#[inline]
#[target_feature(enable = "neon")]
fn md5_i_1(b: R32, c: R32, d: R32) -> R32 {
    veorq_u32(c, vornq_u32(b, d))
}

#[inline]
#[target_feature(enable = "neon")]
fn ch32_1(e: R32, f: R32, g: R32) -> R32 {
    vbslq_u32(e, f, g)
}

/// Maj(a, b, c): where a and b differ, c; else a.
#[inline]
#[target_feature(enable = "neon")]
fn maj32_1(a: R32, b: R32, c: R32) -> R32 {
    vbslq_u32(veorq_u32(a, b), c, a)
}

#[inline]
#[target_feature(enable = "neon")]
fn add64_1(a: R64, b: R64) -> R64 {
    vaddq_u64(a, b)
}

#[inline]
#[target_feature(enable = "neon")]
fn xor3_64_1(a: R64, b: R64, c: R64) -> R64 {
    veorq_u64(veorq_u64(a, b), c)
}

#[inline]
#[target_feature(enable = "neon")]
fn splat64_1(k: u64) -> R64 {
    vdupq_n_u64(k)
}

#[inline]
#[target_feature(enable = "neon")]
fn rotr64_1<const R: i32, const L: i32>(a: R64) -> R64 {
    vsriq_n_u64::<R>(vshlq_n_u64::<L>(a), a)
}

#[inline]
#[target_feature(enable = "neon")]
fn shr64_1<const S: i32>(a: R64) -> R64 {
    vshrq_n_u64::<S>(a)
}

#[inline]
#[target_feature(enable = "neon")]
fn ch64_1(e: R64, f: R64, g: R64) -> R64 {
    vbslq_u64(e, f, g)
}

#[inline]
#[target_feature(enable = "neon")]
fn maj64_1(a: R64, b: R64, c: R64) -> R64 {
    vbslq_u64(veorq_u64(a, b), c, a)
}

/// Word `j` of the 4 lanes' 64-byte blocks in column `j` (little-endian words).
#[inline]
#[target_feature(enable = "neon")]
fn words32_1(blocks: &[&[u8; 64]; HALF32]) -> [R32; 16] {
    let mut out = [vdupq_n_u32(0); 16];
    for quarter in 0..4 {
        let r: [R32; 4] = [
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
fn md5_words_1(blocks: &[&[u8; 64]; HALF32]) -> [R32; 16] {
    words32_1(blocks)
}

#[inline]
#[target_feature(enable = "neon")]
fn sha256_words_1(blocks: &[&[u8; 64]; HALF32]) -> [R32; 16] {
    let mut w = words32_1(blocks);
    for x in &mut w {
        *x = vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(*x)));
    }
    w
}

/// Word `j` of the 2 lanes' 128-byte blocks in column `j`, big-endian.
#[inline]
#[target_feature(enable = "neon")]
fn sha512_words_1(blocks: &[&[u8; 128]; HALF64]) -> [R64; 16] {
    let mut out = [vdupq_n_u64(0); 16];
    for pair in 0..8 {
        let r0 = vreinterpretq_u64_u8(vrev64q_u8(load_bytes(blocks[0], 16 * pair)));
        let r1 = vreinterpretq_u64_u8(vrev64q_u8(load_bytes(blocks[1], 16 * pair)));
        out[2 * pair] = vtrn1q_u64(r0, r1);
        out[2 * pair + 1] = vtrn2q_u64(r0, r1);
    }
    out
}

type R32 = uint32x4_t;
type R64 = uint64x2_t;

/// One register's lanes of a state word: `s` split in halves.
fn halves<T, const N: usize, const H: usize>(s: &[T; N]) -> (&[T; H], &[T; H]) {
    let (a, b) = s.split_at(H);
    (a.try_into().expect("half"), b.try_into().expect("half"))
}

#[inline]
#[target_feature(enable = "neon")]
fn load32(s: &[u32; LANES32]) -> V32 {
    let (a, b) = halves::<_, LANES32, HALF32>(s);
    V32(load32_1(a), load32_1(b))
}

#[inline]
#[target_feature(enable = "neon")]
fn store32(s: &mut [u32; LANES32], v: V32) {
    let (a, b) = s.split_at_mut(HALF32);
    store32_1(a.try_into().expect("half"), v.0);
    store32_1(b.try_into().expect("half"), v.1);
}

#[inline]
#[target_feature(enable = "neon")]
fn load64(s: &[u64; LANES64]) -> V64 {
    let (a, b) = halves::<_, LANES64, HALF64>(s);
    V64(load64_1(a), load64_1(b))
}

#[inline]
#[target_feature(enable = "neon")]
fn store64(s: &mut [u64; LANES64], v: V64) {
    let (a, b) = s.split_at_mut(HALF64);
    store64_1(a.try_into().expect("half"), v.0);
    store64_1(b.try_into().expect("half"), v.1);
}

#[inline]
#[target_feature(enable = "neon")]
fn add32(a: V32, b: V32) -> V32 {
    V32(add32_1(a.0, b.0), add32_1(a.1, b.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn xor3_32(a: V32, b: V32, c: V32) -> V32 {
    V32(xor3_32_1(a.0, b.0, c.0), xor3_32_1(a.1, b.1, c.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn md5_f(a: V32, b: V32, c: V32) -> V32 {
    V32(md5_f_1(a.0, b.0, c.0), md5_f_1(a.1, b.1, c.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn md5_g(a: V32, b: V32, c: V32) -> V32 {
    V32(md5_g_1(a.0, b.0, c.0), md5_g_1(a.1, b.1, c.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn md5_h(a: V32, b: V32, c: V32) -> V32 {
    V32(md5_h_1(a.0, b.0, c.0), md5_h_1(a.1, b.1, c.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn md5_i(a: V32, b: V32, c: V32) -> V32 {
    V32(md5_i_1(a.0, b.0, c.0), md5_i_1(a.1, b.1, c.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn ch32(a: V32, b: V32, c: V32) -> V32 {
    V32(ch32_1(a.0, b.0, c.0), ch32_1(a.1, b.1, c.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn maj32(a: V32, b: V32, c: V32) -> V32 {
    V32(maj32_1(a.0, b.0, c.0), maj32_1(a.1, b.1, c.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn add64(a: V64, b: V64) -> V64 {
    V64(add64_1(a.0, b.0), add64_1(a.1, b.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn xor3_64(a: V64, b: V64, c: V64) -> V64 {
    V64(xor3_64_1(a.0, b.0, c.0), xor3_64_1(a.1, b.1, c.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn ch64(a: V64, b: V64, c: V64) -> V64 {
    V64(ch64_1(a.0, b.0, c.0), ch64_1(a.1, b.1, c.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn maj64(a: V64, b: V64, c: V64) -> V64 {
    V64(maj64_1(a.0, b.0, c.0), maj64_1(a.1, b.1, c.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn splat32(k: u32) -> V32 {
    V32(splat32_1(k), splat32_1(k))
}

#[inline]
#[target_feature(enable = "neon")]
fn splat64(k: u64) -> V64 {
    V64(splat64_1(k), splat64_1(k))
}

#[inline]
#[target_feature(enable = "neon")]
fn rotl32<const L: i32, const R: i32>(a: V32) -> V32 {
    V32(rotl32_1::<L, R>(a.0), rotl32_1::<L, R>(a.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn xor32(a: V32, b: V32) -> V32 {
    V32(veorq_u32(a.0, b.0), veorq_u32(a.1, b.1))
}

/// A rotation by 16 is swapping the 16-bit halves of each word (`rev32`).
#[inline]
#[target_feature(enable = "neon")]
fn rotr16_32_1(a: R32) -> R32 {
    vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(a)))
}

#[inline]
#[target_feature(enable = "neon")]
fn rotr16_32(a: V32) -> V32 {
    V32(rotr16_32_1(a.0), rotr16_32_1(a.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn rotr8_32(a: V32) -> V32 {
    rotl32::<24, 8>(a)
}

#[inline]
#[target_feature(enable = "neon")]
fn shr32<const S: i32>(a: V32) -> V32 {
    V32(shr32_1::<S>(a.0), shr32_1::<S>(a.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn rotr64<const R: i32, const L: i32>(a: V64) -> V64 {
    V64(rotr64_1::<R, L>(a.0), rotr64_1::<R, L>(a.1))
}

#[inline]
#[target_feature(enable = "neon")]
fn shr64<const S: i32>(a: V64) -> V64 {
    V64(shr64_1::<S>(a.0), shr64_1::<S>(a.1))
}

/// Joins the words of the two register halves' lanes.
#[inline]
#[target_feature(enable = "neon")]
fn join32(lo: [R32; 16], hi: [R32; 16]) -> [V32; 16] {
    let mut out = [V32(lo[0], hi[0]); 16];
    for ((o, l), h) in out.iter_mut().zip(lo).zip(hi) {
        *o = V32(l, h);
    }
    out
}

#[inline]
#[target_feature(enable = "neon")]
fn md5_words(blocks: &[&[u8; 64]; LANES32]) -> [V32; 16] {
    let (a, b) = halves::<_, LANES32, HALF32>(blocks);
    join32(md5_words_1(a), md5_words_1(b))
}

#[inline]
#[target_feature(enable = "neon")]
fn sha256_words(blocks: &[&[u8; 64]; LANES32]) -> [V32; 16] {
    let (a, b) = halves::<_, LANES32, HALF32>(blocks);
    join32(sha256_words_1(a), sha256_words_1(b))
}

#[inline]
#[target_feature(enable = "neon")]
fn sha512_words(blocks: &[&[u8; 128]; LANES64]) -> [V64; 16] {
    let (a, b) = halves::<_, LANES64, HALF64>(blocks);
    let (lo, hi) = (sha512_words_1(a), sha512_words_1(b));
    let mut out = [V64(lo[0], hi[0]); 16];
    for ((o, l), h) in out.iter_mut().zip(lo).zip(hi) {
        *o = V64(l, h);
    }
    out
}

super::kernels!(#[target_feature(enable = "neon")]);
