//! VAES with AVX-512: the block loop and the tag of `schedule.rs` in EVEX encoding, with 32
//! vector registers, so the nine state blocks, the delay line and the message words all
//! stay in registers, and `VPTERNLOGQ` makes the three-way XOR one instruction. It uses no
//! 512-bit AES instructions (see the module documentation of `lemac.rs` for why the state
//! is not packed several blocks per register). Key setup is AES-NI's (`aesni.rs`), chosen
//! in the kernel table.

use super::schedule::{absorb_body, finish_body, tag_body, whole_body};
use super::x86::{lanes, load, load4, store};
use super::{Block, Context, State};
use std::arch::x86_64::*;

/// One full AES round with round key `k`.
#[inline]
#[target_feature(enable = "aes")]
fn aesenc(x: __m128i, k: __m128i) -> __m128i {
    _mm_aesenc_si128(x, k)
}

/// The last AES round (no MixColumns) with round key `k`.
#[inline]
#[target_feature(enable = "aes")]
fn aesenclast(x: __m128i, k: __m128i) -> __m128i {
    _mm_aesenclast_si128(x, k)
}

#[inline]
#[target_feature(enable = "sse2")]
fn xor(a: __m128i, b: __m128i) -> __m128i {
    _mm_xor_si128(a, b)
}

/// `a ^ b ^ c` in one instruction (AVX-512VL `VPTERNLOGQ`).
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn xor3(a: __m128i, b: __m128i, c: __m128i) -> __m128i {
    _mm_ternarylogic_epi64::<0x96>(a, b, c)
}

#[inline]
#[target_feature(enable = "sse2")]
fn zero() -> __m128i {
    _mm_setzero_si128()
}

/// The tag from the final state (`schedule::tag_body`).
#[inline]
#[target_feature(enable = "aes,vaes,avx512f,avx512vl,avx512bw")]
fn tag(ctx: &Context, s: [__m128i; 9], nonce_term: &Block) -> Block {
    tag_body!(ctx, s, nonce_term)
}

/// Absorbs whole 64-byte blocks (`blocks.len()` is a multiple of 64).
#[target_feature(enable = "aes,vaes,avx512f,avx512vl,avx512bw")]
pub(super) fn absorb(state: &mut State, blocks: &[u8]) {
    absorb_body!(state, blocks)
}

/// Absorbs the padded last block (`tail`, the message's last 0..=63 bytes, padded) and four
/// zero blocks, then returns the tag.
#[target_feature(enable = "aes,vaes,avx512f,avx512vl,avx512bw")]
pub(super) fn finish(ctx: &Context, state: &mut State, tail: &[u8], nonce_term: &Block) -> Block {
    finish_body!(ctx, state, tail, nonce_term)
}

/// A whole message from the key's initial state to the tag, the state in registers.
#[target_feature(enable = "aes,vaes,avx512f,avx512vl,avx512bw")]
pub(super) fn whole(ctx: &Context, data: &[u8], nonce_term: &Block) -> Block {
    whole_body!(ctx, data, nonce_term)
}
