//! The portable multi-buffer reference: N lanes of plain scalar code, lane by lane
//! (8 lanes of MD5/SHA-256, 4 of SHA-512, as AVX2), the same kernels as every SIMD backend
//! (`super::kernels!`) over arrays instead of registers.

/// Lanes of the 32-bit kernels (MD5, SHA-256).
pub(super) const LANES32: usize = 8;
/// Lanes of the 64-bit kernel (SHA-512).
pub(super) const LANES64: usize = 4;

type V32 = [u32; LANES32];
type V64 = [u64; LANES64];

#[inline(always)]
fn map32(a: V32, f: impl Fn(u32) -> u32) -> V32 {
    let mut r = a;
    for x in &mut r {
        *x = f(*x);
    }
    r
}

#[inline(always)]
fn zip32(a: V32, b: V32, f: impl Fn(u32, u32) -> u32) -> V32 {
    let mut r = a;
    for (x, y) in r.iter_mut().zip(b) {
        *x = f(*x, y);
    }
    r
}

#[inline(always)]
fn zip3_32(a: V32, b: V32, c: V32, f: impl Fn(u32, u32, u32) -> u32) -> V32 {
    let mut r = a;
    for ((x, y), z) in r.iter_mut().zip(b).zip(c) {
        *x = f(*x, y, z);
    }
    r
}

#[inline(always)]
fn zip64(a: V64, b: V64, f: impl Fn(u64, u64) -> u64) -> V64 {
    let mut r = a;
    for (x, y) in r.iter_mut().zip(b) {
        *x = f(*x, y);
    }
    r
}

#[inline(always)]
fn zip3_64(a: V64, b: V64, c: V64, f: impl Fn(u64, u64, u64) -> u64) -> V64 {
    let mut r = a;
    for ((x, y), z) in r.iter_mut().zip(b).zip(c) {
        *x = f(*x, y, z);
    }
    r
}

#[inline(always)]
fn load32(s: &[u32; LANES32]) -> V32 {
    *s
}

#[inline(always)]
fn store32(s: &mut [u32; LANES32], v: V32) {
    *s = v;
}

#[inline(always)]
fn load64(s: &[u64; LANES64]) -> V64 {
    *s
}

#[inline(always)]
fn store64(s: &mut [u64; LANES64], v: V64) {
    *s = v;
}

#[inline(always)]
fn add32(a: V32, b: V32) -> V32 {
    zip32(a, b, u32::wrapping_add)
}

#[inline(always)]
fn xor3_32(a: V32, b: V32, c: V32) -> V32 {
    zip3_32(a, b, c, |x, y, z| x ^ y ^ z)
}

#[inline(always)]
fn splat32(k: u32) -> V32 {
    [k; LANES32]
}

#[inline(always)]
fn rotl32<const L: i32, const R: i32>(a: V32) -> V32 {
    map32(a, |x| x.rotate_left(L as u32))
}

#[inline(always)]
fn xor32(a: V32, b: V32) -> V32 {
    zip32(a, b, |x, y| x ^ y)
}

#[inline(always)]
fn rotr16_32(a: V32) -> V32 {
    map32(a, |x| x.rotate_right(16))
}

#[inline(always)]
fn rotr8_32(a: V32) -> V32 {
    map32(a, |x| x.rotate_right(8))
}

#[inline(always)]
fn shr32<const S: i32>(a: V32) -> V32 {
    map32(a, |x| x >> S)
}

/// RFC 1321's F(X, Y, Z) = XY v not(X) Z.
#[inline(always)]
fn md5_f(b: V32, c: V32, d: V32) -> V32 {
    zip3_32(b, c, d, |x, y, z| (x & y) | (!x & z))
}

/// G(X, Y, Z) = XZ v Y not(Z).
#[inline(always)]
fn md5_g(b: V32, c: V32, d: V32) -> V32 {
    zip3_32(b, c, d, |x, y, z| (x & z) | (y & !z))
}

/// H(X, Y, Z) = X xor Y xor Z.
#[inline(always)]
fn md5_h(b: V32, c: V32, d: V32) -> V32 {
    xor3_32(b, c, d)
}

/// I(X, Y, Z) = Y xor (X v not(Z)).
#[inline(always)]
fn md5_i(b: V32, c: V32, d: V32) -> V32 {
    zip3_32(b, c, d, |x, y, z| y ^ (x | !z))
}

/// FIPS 180-4 Ch(x, y, z) = (x ∧ y) ⊕ (¬x ∧ z).
#[inline(always)]
fn ch32(e: V32, f: V32, g: V32) -> V32 {
    zip3_32(e, f, g, |x, y, z| (x & y) ^ (!x & z))
}

/// Maj(x, y, z) = (x ∧ y) ⊕ (x ∧ z) ⊕ (y ∧ z).
#[inline(always)]
fn maj32(a: V32, b: V32, c: V32) -> V32 {
    zip3_32(a, b, c, |x, y, z| (x & y) ^ (x & z) ^ (y & z))
}

#[inline(always)]
fn add64(a: V64, b: V64) -> V64 {
    zip64(a, b, u64::wrapping_add)
}

#[inline(always)]
fn xor3_64(a: V64, b: V64, c: V64) -> V64 {
    zip3_64(a, b, c, |x, y, z| x ^ y ^ z)
}

#[inline(always)]
fn splat64(k: u64) -> V64 {
    [k; LANES64]
}

#[inline(always)]
fn rotr64<const R: i32, const L: i32>(a: V64) -> V64 {
    let mut r = a;
    for x in &mut r {
        *x = x.rotate_right(R as u32);
    }
    r
}

#[inline(always)]
fn shr64<const S: i32>(a: V64) -> V64 {
    let mut r = a;
    for x in &mut r {
        *x >>= S;
    }
    r
}

#[inline(always)]
fn ch64(e: V64, f: V64, g: V64) -> V64 {
    zip3_64(e, f, g, |x, y, z| (x & y) ^ (!x & z))
}

#[inline(always)]
fn maj64(a: V64, b: V64, c: V64) -> V64 {
    zip3_64(a, b, c, |x, y, z| (x & y) ^ (x & z) ^ (y & z))
}

/// Word `j` of every lane's block, as read by `word`.
#[inline(always)]
fn words32<const B: usize>(blocks: &[&[u8; B]; LANES32], word: fn([u8; 4]) -> u32) -> [V32; 16] {
    let mut x = [[0; LANES32]; 16];
    for (lane, block) in blocks.iter().enumerate() {
        let (w, _) = block.as_chunks::<4>();
        for (j, bytes) in w.iter().enumerate() {
            x[j][lane] = word(*bytes);
        }
    }
    x
}

#[inline(always)]
fn md5_words(blocks: &[&[u8; 64]; LANES32]) -> [V32; 16] {
    words32(blocks, u32::from_le_bytes)
}

#[inline(always)]
fn sha256_words(blocks: &[&[u8; 64]; LANES32]) -> [V32; 16] {
    words32(blocks, u32::from_be_bytes)
}

#[inline(always)]
fn sha512_words(blocks: &[&[u8; 128]; LANES64]) -> [V64; 16] {
    let mut x = [[0; LANES64]; 16];
    for (lane, block) in blocks.iter().enumerate() {
        let (w, _) = block.as_chunks::<8>();
        for (j, bytes) in w.iter().enumerate() {
            x[j][lane] = u64::from_be_bytes(*bytes);
        }
    }
    x
}

super::kernels!();
