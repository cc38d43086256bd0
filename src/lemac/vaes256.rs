//! VAES on 256-bit registers with AVX2, for CPUs that have VAES but not AVX-512 (AMD Zen 3
//! and Zen 4 without AVX-512 in use, Intel Alder Lake and later client cores).
//!
//! Two state blocks per `ymm` register where the steps are independent: the tag's nine
//! ten-round chains run as four `VAESENC ymm` pairs plus one 128-bit chain, their round
//! keys loaded two at a time straight from the consecutive subkeys (`(subkeys[i + r],
//! subkeys[i + 1 + r])` is one unaligned 32-byte load), and the pairs are packed once
//! before the chains and folded once after. The one-call path (`whole`: a message from the
//! key's initial state to the tag) and the streaming finalization run `schedule.rs`'s
//! 128-bit steps in VEX encoding (three-operand AES, no SSE code after the caller's AVX
//! code): a 64-byte message 58 ns against 67 ns for the SSE code on AMD Zen 3. The
//! streaming block loop is AES-NI's SSE loop (chosen in the kernel table), which measured
//! faster there at 1 MiB than its VEX encoding; the absorbing state is not packed two
//! blocks per register, because that puts a lane crossing on the `S[0] -> ... -> S[8] ->
//! S[0]` chain (see the module documentation of `lemac.rs` for the layouts and the measured
//! cost on AMD Zen 3). Key setup is AES-NI's (`aesni.rs`), chosen in the kernel table.

use super::schedule::{finish_body, tag_key3, whole_body};
use super::x86::{lanes, load, load4, store};
use super::{Block, Context, State};
use std::arch::x86_64::*;

/// Two consecutive blocks as one 256-bit vector (`b[0]` in the low half).
#[inline]
#[target_feature(enable = "avx2")]
fn load2(b: &[Block; 2]) -> __m256i {
    // SAFETY: `b` is 32 readable bytes; `loadu` has no alignment requirement.
    unsafe { _mm256_loadu_si256(b.as_ptr().cast()) }
}

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

/// The tag from the final state: the chains of `S[0..8]` two per register (`S[2j]` low,
/// `S[2j + 1]` high), `S[8]` alone, then `E_K3` of their XOR with the nonce term.
#[inline]
#[target_feature(enable = "aes,avx2,vaes")]
fn tag(ctx: &Context, s: [__m128i; 9], nonce_term: &Block) -> Block {
    let sk = &ctx.subkeys;
    let pair =
        |j: usize| _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(s[2 * j]), s[2 * j + 1]);
    // Round keys (subkeys[2j + r], subkeys[2j + 1 + r]) for pair j and round r.
    let keys = |j: usize, r: usize| {
        let at: &[Block; 2] = sk[2 * j + r..][..2].try_into().expect("two subkeys");
        load2(at)
    };
    let mut x: [__m256i; 4] = std::array::from_fn(|j| _mm256_xor_si256(pair(j), keys(j, 0)));
    let mut x8 = xor(s[8], load(&sk[8]));
    for r in 1..10 {
        for (j, x) in x.iter_mut().enumerate() {
            *x = _mm256_aesenc_epi128(*x, keys(j, r));
        }
        x8 = aesenc(x8, load(&sk[8 + r]));
    }
    let z = _mm256_setzero_si256();
    let y = _mm256_xor_si256(
        _mm256_xor_si256(_mm256_aesenc_epi128(x[0], z), _mm256_aesenc_epi128(x[1], z)),
        _mm256_xor_si256(_mm256_aesenc_epi128(x[2], z), _mm256_aesenc_epi128(x[3], z)),
    );
    let folded = xor(_mm256_castsi256_si128(y), _mm256_extracti128_si256::<1>(y));
    let t = xor3(load(nonce_term), aesenc(x8, zero()), folded);
    tag_key3!(ctx, t)
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
