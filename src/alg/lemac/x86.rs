//! Loads and stores of 128-bit blocks in the x86-64 baseline (SSE2), shared by the x86
//! backends (`aesni.rs`, `vaes256.rs`, `vaes512.rs`). Each backend's instructions beyond
//! the baseline stay in its own file.

use super::Block;
use std::arch::x86_64::*;

#[inline(always)]
pub(super) fn load(b: &Block) -> __m128i {
    // SAFETY: `b` is 16 readable bytes; `loadu` has no alignment requirement (SSE2 is
    // part of the x86_64 baseline).
    unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
}

#[inline(always)]
pub(super) fn store(v: __m128i) -> Block {
    let mut b = [0u8; 16];
    // SAFETY: `b` is 16 writable bytes; `storeu` has no alignment requirement.
    unsafe { _mm_storeu_si128(b.as_mut_ptr().cast(), v) };
    b
}

/// The four message words of a 64-byte block.
#[inline(always)]
pub(super) fn load4(m: &[u8; 64]) -> [__m128i; 4] {
    let (words, _) = m.as_chunks::<16>();
    [
        load(&words[0]),
        load(&words[1]),
        load(&words[2]),
        load(&words[3]),
    ]
}

/// A block from two little-endian 64-bit words (`w[0]` the low one), built in registers.
#[inline]
#[target_feature(enable = "sse2")]
pub(super) fn lanes(w: [u64; 2]) -> __m128i {
    _mm_set_epi64x(w[1] as i64, w[0] as i64)
}
