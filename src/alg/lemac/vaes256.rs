//! VAES on 256-bit registers with AVX2, for CPUs that have VAES but not AVX-512 (AMD Zen 3
//! and Zen 4 without AVX-512 in use, Intel Alder Lake and later client cores).
//!
//! The one-call path (`whole`: a message from the
//! key's initial state to the tag) and the streaming finalization run `schedule.rs`'s
//! 128-bit steps in VEX encoding (three-operand AES, no SSE code after the caller's AVX
//! code): a 64-byte message 58 ns against 67 ns for the SSE code on AMD Zen 3. The
//! streaming block loop is AES-NI's SSE loop (chosen in the kernel table), which measured
//! faster there at 1 MiB than its VEX encoding; the absorbing state is not packed two
//! blocks per register, because that puts a lane crossing on the `S[0] -> ... -> S[8] ->
//! S[0]` chain (see the module documentation of `lemac.rs` for the layouts and the measured
//! cost on AMD Zen 3). Key setup is AES-NI's (`aesni.rs`), chosen in the kernel table.
//!
//! The tag's nine independent ten-round chains run one block per register too. They ran
//! as four `VAESENC ymm` pairs plus one 128-bit chain before (round keys two at a time
//! from the consecutive subkeys, the pairs packed once before the chains and folded once
//! after), which halves the AES instructions but puts a lane insert and an extract on the
//! tag's latency, and measured slower on AMD Zen 3 against the C++ one-shot in one
//! process (`benches/lemac_cpp.sh`, three alternating runs): 64 bytes 44.4-45.9 ns
//! against 39.0-39.7 ns, 1 KiB 70.4-71.6 against 69.6-70.6. So this backend uses no
//! 256-bit AES instruction at present; what sets it apart from `aesni` is the VEX
//! encoding of the one-call path and the finalization.

use super::schedule::{finish_body, tag_body, whole_body};
use super::x86::{lanes, load, load4, store};
use super::{Block, Context, State};
use std::arch::x86_64::*;

/// One full AES round with round key `k`.
#[inline]
#[target_feature(enable = "aes,avx")]
fn aesenc(x: __m128i, k: __m128i) -> __m128i {
    _mm_aesenc_si128(x, k)
}

/// The last AES round (no MixColumns) with round key `k`.
#[inline]
#[target_feature(enable = "aes,avx")]
fn aesenclast(x: __m128i, k: __m128i) -> __m128i {
    _mm_aesenclast_si128(x, k)
}

#[inline]
#[target_feature(enable = "avx")]
fn xor(a: __m128i, b: __m128i) -> __m128i {
    _mm_xor_si128(a, b)
}

/// `a ^ b ^ c`, with `a ^ b` first (`c` is the late operand on the critical path).
#[inline]
#[target_feature(enable = "avx")]
fn xor3(a: __m128i, b: __m128i, c: __m128i) -> __m128i {
    _mm_xor_si128(_mm_xor_si128(a, b), c)
}

#[inline]
#[target_feature(enable = "avx")]
fn zero() -> __m128i {
    _mm_setzero_si128()
}

/// The tag from the final state, one chain per register (see the module docs).
#[inline]
#[target_feature(enable = "aes,avx2,vaes")]
fn tag(ctx: &Context, s: [__m128i; 9], nonce_term: &Block) -> Block {
    tag_body!(ctx, s, nonce_term)
}

/// Absorbs the padded last block (`tail`, the message's last 0..=63 bytes, padded) and four
/// zero blocks, then returns the tag.
#[target_feature(enable = "aes,avx2,vaes")]
pub(super) fn finish(ctx: &Context, state: &mut State, tail: &[u8], nonce_term: &Block) -> Block {
    finish_body!(ctx, state, tail, nonce_term)
}

/// A whole message from the key's initial state to the tag, the state in registers.
#[target_feature(enable = "aes,avx2,vaes")]
pub(super) fn whole(ctx: &Context, data: &[u8], nonce_term: &Block) -> Block {
    whole_body!(ctx, data, nonce_term)
}
