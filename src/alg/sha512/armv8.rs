//! SHA-512 on the ARMv8.2 SHA-512 instructions: two rounds per `SHA512H`/`SHA512H2` pair,
//! the message schedule by `SHA512SU0`/`SHA512SU1`, two words per register.
//!
//! The state is in four registers of two words, `(a, b)`, `(c, d)`, `(e, f)`, `(g, h)`;
//! every two rounds their roles move on by one (the new `(a, b)` is made in the register
//! that held `(g, h)`, and `(c, d)` gains what `d` gains: Arm Architecture Reference
//! Manual, the pseudocode of `SHA512H` and `SHA512H2`), so a macro names them in turn.

use super::K;
use std::arch::aarch64::*;

/// Absorbs whole 128-byte blocks.
#[target_feature(enable = "sha3")]
pub(super) fn compress(state: &mut [u64; 8], blocks: &[u8]) {
    let (blocks, rest) = blocks.as_chunks::<128>();
    debug_assert!(rest.is_empty(), "partial block passed to compress");
    let load = |s: &[u64]| {
        let pair: &[u64; 2] = s.try_into().expect("2 words");
        // SAFETY: `pair` is 16 readable bytes.
        unsafe { vld1q_u64(pair.as_ptr()) }
    };
    let (mut ab, mut cd, mut ef, mut gh) = (
        load(&state[0..2]),
        load(&state[2..4]),
        load(&state[4..6]),
        load(&state[6..8]),
    );
    for block in blocks {
        let start = [ab, cd, ef, gh];
        let mut w: [uint64x2_t; 8] = std::array::from_fn(|j| {
            let bytes: &[u8; 16] = block[16 * j..16 * j + 16].try_into().expect("16 bytes");
            // SAFETY: `bytes` is 16 readable bytes.
            vreinterpretq_u64_u8(vrev64q_u8(unsafe { vld1q_u8(bytes.as_ptr()) }))
        });
        // Two rounds with `W + K` of words t, t + 1 in `wk`: the registers in their roles
        // (a, b), (c, d), (e, f), (g, h); (g, h) becomes the new (a, b), (c, d) the new
        // (e, f).
        macro_rules! two {
            ($ab:ident, $cd:ident, $ef:ident, $gh:ident, $wk:expr) => {{
                let wk = $wk;
                let sum = vaddq_u64(vextq_u64::<1>(wk, wk), $gh);
                let mid = vsha512hq_u64(sum, vextq_u64::<1>($ef, $gh), vextq_u64::<1>($cd, $ef));
                $gh = vsha512h2q_u64(mid, $cd, $ab);
                $cd = vaddq_u64($cd, mid);
            }};
        }
        for t in (0..80).step_by(16) {
            let mut kw = |j: usize| {
                if t > 0 {
                    let next = vsha512su0q_u64(w[j], w[(j + 1) % 8]);
                    w[j] = vsha512su1q_u64(
                        next,
                        w[(j + 7) % 8],
                        vextq_u64::<1>(w[(j + 4) % 8], w[(j + 5) % 8]),
                    );
                }
                vaddq_u64(w[j], load(&K[t + 2 * j..t + 2 * j + 2]))
            };
            two!(ab, cd, ef, gh, kw(0));
            two!(gh, ab, cd, ef, kw(1));
            two!(ef, gh, ab, cd, kw(2));
            two!(cd, ef, gh, ab, kw(3));
            two!(ab, cd, ef, gh, kw(4));
            two!(gh, ab, cd, ef, kw(5));
            two!(ef, gh, ab, cd, kw(6));
            two!(cd, ef, gh, ab, kw(7));
        }
        ab = vaddq_u64(ab, start[0]);
        cd = vaddq_u64(cd, start[1]);
        ef = vaddq_u64(ef, start[2]);
        gh = vaddq_u64(gh, start[3]);
    }
    for (j, v) in [ab, cd, ef, gh].into_iter().enumerate() {
        let pair: &mut [u64; 2] = (&mut state[2 * j..2 * j + 2]).try_into().expect("2 words");
        // SAFETY: `pair` is 16 writable bytes.
        unsafe { vst1q_u64(pair.as_mut_ptr(), v) };
    }
}
