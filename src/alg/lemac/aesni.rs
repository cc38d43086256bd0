//! AES-NI on 128-bit registers (SSE encoding): one `AESENC` per state block and step.
//!
//! The block loop and the tag are `schedule.rs`'s, over this file's vector operations. Its
//! register renaming suits the SSE encoding: `AESENC` is destructive there, so renaming
//! `S[i]` into `S[i+1]` in place costs no copies.
//!
//! The AES-128 key schedule and block encryption (key setup) also live here; the
//! `vaes512` kernel table entry uses them too (its features include AES-NI's).

use super::schedule::{absorb_body, finish_body, tag_body, whole_body};
use super::x86::{lanes, load, load4, store};
use super::{Block, Context, RoundKeys, State};
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

/// `a ^ b ^ c`, with `a ^ b` first (`c` is the late operand on the critical path).
#[inline]
#[target_feature(enable = "sse2")]
fn xor3(a: __m128i, b: __m128i, c: __m128i) -> __m128i {
    _mm_xor_si128(_mm_xor_si128(a, b), c)
}

#[inline]
#[target_feature(enable = "sse2")]
fn zero() -> __m128i {
    _mm_setzero_si128()
}

/// The tag from the final state (`schedule::tag_body`).
#[inline]
#[target_feature(enable = "aes,sse4.1")]
fn tag(ctx: &Context, s: [__m128i; 9], nonce_term: &Block) -> Block {
    tag_body!(ctx, s, nonce_term)
}

/// Absorbs whole 64-byte blocks (`blocks.len()` is a multiple of 64).
#[target_feature(enable = "aes,sse4.1")]
pub(super) fn absorb(state: &mut State, blocks: &[u8]) {
    absorb_body!(state, blocks)
}

/// One step of the AES-128 key schedule (the Intel white-paper formulation).
macro_rules! next_round_key {
    ($k:expr, $rcon:literal) => {{
        let k = $k;
        let t = _mm_shuffle_epi32::<0xff>(_mm_aeskeygenassist_si128::<$rcon>(k));
        let k = _mm_xor_si128(k, _mm_slli_si128::<4>(k));
        let k = _mm_xor_si128(k, _mm_slli_si128::<8>(k));
        _mm_xor_si128(k, t)
    }};
}

/// The AES-128 key schedule.
#[target_feature(enable = "aes,sse4.1")]
pub(super) fn expand_key(key: &Block) -> RoundKeys {
    let k0 = load(key);
    let k1 = next_round_key!(k0, 0x01);
    let k2 = next_round_key!(k1, 0x02);
    let k3 = next_round_key!(k2, 0x04);
    let k4 = next_round_key!(k3, 0x08);
    let k5 = next_round_key!(k4, 0x10);
    let k6 = next_round_key!(k5, 0x20);
    let k7 = next_round_key!(k6, 0x40);
    let k8 = next_round_key!(k7, 0x80);
    let k9 = next_round_key!(k8, 0x1b);
    let k10 = next_round_key!(k9, 0x36);
    [k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10].map(store)
}

/// AES-128 encryption of blocks under one expanded key.
#[target_feature(enable = "aes,sse4.1")]
pub(super) fn encrypt(keys: &RoundKeys, blocks: &mut [Block]) {
    let k = keys.each_ref().map(load);
    // Eight independent blocks at a time, round by round, to overlap AESENC latencies.
    for chunk in blocks.chunks_mut(8) {
        let mut x = [_mm_setzero_si128(); 8];
        for (x, b) in x.iter_mut().zip(chunk.iter()) {
            *x = _mm_xor_si128(load(b), k[0]);
        }
        for rk in &k[1..10] {
            for x in &mut x {
                *x = _mm_aesenc_si128(*x, *rk);
            }
        }
        for (x, b) in x.iter().zip(chunk.iter_mut()) {
            *b = store(_mm_aesenclast_si128(*x, k[10]));
        }
    }
}

/// Absorbs the padded last block (`tail`, the message's last 0..=63 bytes, padded) and four
/// zero blocks, then returns the tag.
#[target_feature(enable = "aes,sse4.1")]
pub(super) fn finish(ctx: &Context, state: &mut State, tail: &[u8], nonce_term: &Block) -> Block {
    finish_body!(ctx, state, tail, nonce_term)
}

/// A whole message from the key's initial state to the tag, the state in registers.
#[target_feature(enable = "aes,sse4.1")]
pub(super) fn whole(ctx: &Context, data: &[u8], nonce_term: &Block) -> Block {
    whole_body!(ctx, data, nonce_term)
}
