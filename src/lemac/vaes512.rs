//! VAES with AVX-512: the AES-NI block loop in EVEX encoding, with 32 vector registers, so
//! the nine state blocks, the delay line and the message words all stay in registers.
//!
//! See `aesni.rs` for the register renaming, and the module documentation of `lemac.rs`
//! for why the state is not packed several blocks per register.

use super::aesni::{absorb_body, finish_body, load, load4, step, store};
use super::{Block, Context, State};
use std::arch::x86_64::*;

/// `a ^ b ^ c` in one instruction (AVX-512VL `VPTERNLOGQ`).
macro_rules! xor3 {
    ($a:expr, $b:expr, $c:expr) => {
        _mm_ternarylogic_epi64::<0x96>($a, $b, $c)
    };
}

/// Absorbs whole 64-byte blocks (`blocks.len()` is a multiple of 64).
#[target_feature(enable = "aes,vaes,avx512f,avx512vl,avx512bw")]
pub(super) fn absorb(state: &mut State, blocks: &[u8]) {
    absorb_body!(xor3, state, blocks)
}

/// Absorbs the padded last block and four zero blocks, then returns the tag.
#[target_feature(enable = "aes,vaes,avx512f,avx512vl,avx512bw")]
pub(super) fn finish(
    ctx: &Context,
    state: &mut State,
    last: &[u8; 64],
    nonce_term: &Block,
) -> Block {
    finish_body!(xor3, ctx, state, last, nonce_term)
}
