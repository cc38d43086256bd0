//! AES-NI on 128-bit registers (SSE encoding): one `AESENC` per state block and step.
//!
//! The block loop renames registers instead of moving data: the register holding `S[i]`
//! becomes `S[i+1]` in place (`AESENC` is destructive in SSE encoding, so this costs no
//! copies), and the one holding `S[8]` becomes the new `S[0]`. After nine steps the
//! naming is back where it started, so the loop body is nine steps long.
//!
//! Key setup and the tag also live here; the VAES backends reuse them.

use super::{Block, Context, RoundKeys, State};
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
    // SAFETY: each load reads 16 of the 64 bytes of `m`; `loadu` has no alignment
    // requirement.
    unsafe {
        let p = m.as_ptr();
        [
            _mm_loadu_si128(p.cast()),
            _mm_loadu_si128(p.add(16).cast()),
            _mm_loadu_si128(p.add(32).cast()),
            _mm_loadu_si128(p.add(48).cast()),
        ]
    }
}

/// `a ^ b ^ c`, with `a ^ b` first (`c` is the late operand on the critical path).
macro_rules! xor3 {
    ($a:expr, $b:expr, $c:expr) => {
        _mm_xor_si128(_mm_xor_si128($a, $b), $c)
    };
}

/// One LeMac step on message block `$m`; `$s0..$s8` name the registers holding
/// `S[0]..S[8]`. Afterwards `$s8` holds the new `S[0]` and `$si` the new `S[i+1]`.
macro_rules! step {
    ($x3:ident, $m:expr, $r:ident, $s0:ident, $s1:ident, $s2:ident, $s3:ident, $s4:ident, $s5:ident,
     $s6:ident, $s7:ident, $s8:ident) => {{
        let [m0, m1, m2, m3] = load4($m);
        let [rr, r0, r1, r2] = $r;
        $s8 = $x3!($s0, m2, $s8);
        $s7 = _mm_aesenc_si128($s7, m3);
        $s6 = _mm_aesenc_si128($s6, m1);
        $s5 = _mm_aesenc_si128($s5, m1);
        $s4 = _mm_aesenc_si128($s4, m0);
        $s3 = _mm_aesenc_si128($s3, m0);
        $s2 = _mm_aesenc_si128($s2, _mm_xor_si128(r1, r2));
        $s1 = _mm_aesenc_si128($s1, m3);
        $s0 = _mm_aesenc_si128($s0, m3);
        $r = [m2, _mm_xor_si128(rr, m1), r0, r1];
    }};
}

/// The block loop, shared with the VAES backends, which expand it inside their own
/// `#[target_feature]` function (VEX/EVEX encoding, and 32 registers with AVX-512).
macro_rules! absorb_body {
    ($x3:ident, $state:expr, $blocks:expr) => {{
        let state: &mut State = $state;
        let (blocks, rest) = $blocks.as_chunks::<64>();
        debug_assert!(rest.is_empty());
        let [
            mut a0,
            mut a1,
            mut a2,
            mut a3,
            mut a4,
            mut a5,
            mut a6,
            mut a7,
            mut a8,
        ] = state.s.each_ref().map(load);
        let mut r = state.r.each_ref().map(load);
        let (groups, tail) = blocks.as_chunks::<9>();
        for g in groups {
            step!($x3, &g[0], r, a0, a1, a2, a3, a4, a5, a6, a7, a8);
            step!($x3, &g[1], r, a8, a0, a1, a2, a3, a4, a5, a6, a7);
            step!($x3, &g[2], r, a7, a8, a0, a1, a2, a3, a4, a5, a6);
            step!($x3, &g[3], r, a6, a7, a8, a0, a1, a2, a3, a4, a5);
            step!($x3, &g[4], r, a5, a6, a7, a8, a0, a1, a2, a3, a4);
            step!($x3, &g[5], r, a4, a5, a6, a7, a8, a0, a1, a2, a3);
            step!($x3, &g[6], r, a3, a4, a5, a6, a7, a8, a0, a1, a2);
            step!($x3, &g[7], r, a2, a3, a4, a5, a6, a7, a8, a0, a1);
            step!($x3, &g[8], r, a1, a2, a3, a4, a5, a6, a7, a8, a0);
        }
        for m in tail {
            step!($x3, m, r, a0, a1, a2, a3, a4, a5, a6, a7, a8);
            (a0, a1, a2, a3, a4, a5, a6, a7, a8) = (a8, a0, a1, a2, a3, a4, a5, a6, a7);
        }
        state.s = [a0, a1, a2, a3, a4, a5, a6, a7, a8].map(store);
        state.r = r.map(store);
    }};
}
pub(super) use {absorb_body, step};

/// Absorbs whole 64-byte blocks (`blocks.len()` is a multiple of 64).
#[target_feature(enable = "aes,sse4.1")]
pub(super) fn absorb(state: &mut State, blocks: &[u8]) {
    absorb_body!(xor3, state, blocks)
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

/// The finalization, shared with the VAES backends: absorbs the padded last block and
/// four zero blocks, then computes the tag (see `portable::finish`) with the nine
/// independent ten-round chains interleaved.
macro_rules! finish_body {
    ($x3:ident, $ctx:expr, $state:expr, $last:expr, $nonce_term:expr) => {{
        let (ctx, state): (&Context, &mut State) = ($ctx, $state);
        absorb_body!($x3, &mut *state, &$last[..]);
        absorb_body!($x3, &mut *state, &[0u8; 4 * 64][..]);
        let sk = ctx.subkeys.each_ref().map(load);
        let mut x: [__m128i; 9] = std::array::from_fn(|i| _mm_xor_si128(load(&state.s[i]), sk[i]));
        for round in 1..10 {
            for i in 0..9 {
                x[i] = _mm_aesenc_si128(x[i], sk[i + round]);
            }
        }
        let mut t = load($nonce_term);
        for v in x {
            t = _mm_xor_si128(t, _mm_aesenc_si128(v, _mm_setzero_si128()));
        }
        let k = ctx.keys[1].each_ref().map(load);
        t = _mm_xor_si128(t, k[0]);
        for rk in &k[1..10] {
            t = _mm_aesenc_si128(t, *rk);
        }
        store(_mm_aesenclast_si128(t, k[10]))
    }};
}
pub(super) use finish_body;

/// Absorbs the padded last block and four zero blocks, then returns the tag.
#[target_feature(enable = "aes,sse4.1")]
pub(super) fn finish(
    ctx: &Context,
    state: &mut State,
    last: &[u8; 64],
    nonce_term: &Block,
) -> Block {
    finish_body!(xor3, ctx, state, last, nonce_term)
}
