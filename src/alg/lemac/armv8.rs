//! ARMv8 AES (aarch64 cryptographic extension): the block loop and the tag of
//! `schedule.rs` over NEON registers, and the AES-128 block encryption for key setup.
//!
//! `AESE(x, k)` is AddRoundKey, SubBytes and ShiftRows; `AESMC` is MixColumns. An x86
//! `AESENC(x, k)` (SubBytes, ShiftRows, MixColumns, then the key) is therefore
//! `AESMC(AESE(x, 0)) ^ k`: the AESE/AESMC pair stays adjacent, so cores that fuse the two
//! (most Cortex-A and Neoverse cores, Apple's) run it as one operation, and the key XOR is
//! a separate `EOR` off the pair. The 32 vector registers hold the nine state blocks, the
//! delay line and the message words without spilling.
//!
//! The AES-128 key schedule is the portable one (`portable.rs`, constant-time): it runs
//! three times per key, and its S-box lookups do not map onto `AESE` without a
//! rearrangement that is not worth its complexity here.

use super::schedule::{absorb_body, finish_body, tag_body, whole_body};
use super::{Block, Context, RoundKeys, State};
use std::arch::aarch64::*;

#[inline(always)]
fn load(b: &Block) -> uint8x16_t {
    // SAFETY: `b` is 16 readable bytes; `vld1q_u8` has no alignment requirement (NEON is
    // part of the aarch64 baseline).
    unsafe { vld1q_u8(b.as_ptr()) }
}

#[inline(always)]
fn store(v: uint8x16_t) -> Block {
    let mut b = [0u8; 16];
    // SAFETY: `b` is 16 writable bytes; `vst1q_u8` has no alignment requirement.
    unsafe { vst1q_u8(b.as_mut_ptr(), v) };
    b
}

/// A block from two little-endian 64-bit words (`w[0]` the low one), built in registers.
#[inline]
#[target_feature(enable = "neon")]
fn lanes(w: [u64; 2]) -> uint8x16_t {
    vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(w[0]), vcreate_u64(w[1])))
}

/// The four message words of a 64-byte block.
#[inline(always)]
fn load4(m: &[u8; 64]) -> [uint8x16_t; 4] {
    let (words, _) = m.as_chunks::<16>();
    [
        load(&words[0]),
        load(&words[1]),
        load(&words[2]),
        load(&words[3]),
    ]
}

#[inline]
#[target_feature(enable = "neon")]
fn zero() -> uint8x16_t {
    vdupq_n_u8(0)
}

#[inline]
#[target_feature(enable = "neon")]
fn xor(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t {
    veorq_u8(a, b)
}

/// `a ^ b ^ c`, with `a ^ b` first (`c` is the late operand on the critical path).
#[inline]
#[target_feature(enable = "neon")]
fn xor3(a: uint8x16_t, b: uint8x16_t, c: uint8x16_t) -> uint8x16_t {
    veorq_u8(veorq_u8(a, b), c)
}

/// One full AES round with round key `k` (x86 `AESENC`).
#[inline]
#[target_feature(enable = "neon,aes")]
fn aesenc(x: uint8x16_t, k: uint8x16_t) -> uint8x16_t {
    veorq_u8(vaesmcq_u8(vaeseq_u8(x, zero())), k)
}

/// The last AES round (no MixColumns) with round key `k` (x86 `AESENCLAST`).
#[inline]
#[target_feature(enable = "neon,aes")]
fn aesenclast(x: uint8x16_t, k: uint8x16_t) -> uint8x16_t {
    veorq_u8(vaeseq_u8(x, zero()), k)
}

/// The tag from the final state (`schedule::tag_body`).
#[inline]
#[target_feature(enable = "neon,aes")]
fn tag(ctx: &Context, s: [uint8x16_t; 9], nonce_term: &Block) -> Block {
    tag_body!(ctx, s, nonce_term)
}

/// Absorbs whole 64-byte blocks (`blocks.len()` is a multiple of 64).
#[target_feature(enable = "neon,aes")]
pub(super) fn absorb(state: &mut State, blocks: &[u8]) {
    absorb_body!(state, blocks)
}

/// Absorbs the padded last block (`tail`, the message's last 0..=63 bytes, padded) and four
/// zero blocks, then returns the tag.
#[target_feature(enable = "neon,aes")]
pub(super) fn finish(ctx: &Context, state: &mut State, tail: &[u8], nonce_term: &Block) -> Block {
    finish_body!(ctx, state, tail, nonce_term)
}

/// AES-128 encryption of blocks under one expanded key: `AESE` with round keys 0..=8
/// each followed by `AESMC`, then `AESE` with round key 9 and the XOR of round key 10.
#[target_feature(enable = "neon,aes")]
pub(super) fn encrypt(keys: &RoundKeys, blocks: &mut [Block]) {
    let k = keys.each_ref().map(load);
    // Eight independent blocks at a time, round by round, to overlap AESE latencies.
    for chunk in blocks.chunks_mut(8) {
        let mut x = [zero(); 8];
        for (x, b) in x.iter_mut().zip(chunk.iter()) {
            *x = load(b);
        }
        for rk in &k[..9] {
            for x in &mut x {
                *x = vaesmcq_u8(vaeseq_u8(*x, *rk));
            }
        }
        for (x, b) in x.iter().zip(chunk.iter_mut()) {
            *b = store(veorq_u8(vaeseq_u8(*x, k[9]), k[10]));
        }
    }
}

/// A whole message from the key's initial state to the tag, the state in registers.
#[target_feature(enable = "neon,aes")]
pub(super) fn whole(ctx: &Context, data: &[u8], nonce_term: &Block) -> Block {
    whole_body!(ctx, data, nonce_term)
}
