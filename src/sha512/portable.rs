//! The portable (reference) SHA-512 block function: plain Rust, no CPU-specific
//! instructions.

use super::K;

/// The 80 rounds of one block on `state` (with the feed-forward), `wk(t)` giving
/// `W[t] + K[t]`. Inlined into each backend, so it compiles with the backend's features.
#[inline(always)]
pub(super) fn rounds(state: &mut [u64; 8], wk: impl Fn(usize) -> u64) {
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
    let mut bc = b ^ c;
    for t in (0..80).step_by(8) {
        eight_rounds!([a, b, c, d, e, f, g, h], bc, |i| wk(t + i));
    }
    for (s, x) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
        *s = s.wrapping_add(x);
    }
}

/// SHA-512's small sigma functions (FIPS 180-4 §4.1.3).
fn sigma0(x: u64) -> u64 {
    x.rotate_right(1) ^ x.rotate_right(8) ^ (x >> 7)
}

fn sigma1(x: u64) -> u64 {
    x.rotate_right(19) ^ x.rotate_right(61) ^ (x >> 6)
}

/// Absorbs whole 128-byte blocks.
pub(super) fn compress(state: &mut [u64; 8], blocks: &[u8]) {
    let (blocks, rest) = blocks.as_chunks::<128>();
    debug_assert!(rest.is_empty(), "partial block passed to compress");
    for block in blocks {
        let mut w = [0u64; 80];
        for (t, word) in block.as_chunks::<8>().0.iter().enumerate() {
            w[t] = u64::from_be_bytes(*word);
        }
        for t in 16..80 {
            w[t] = sigma1(w[t - 2])
                .wrapping_add(w[t - 7])
                .wrapping_add(sigma0(w[t - 15]))
                .wrapping_add(w[t - 16]);
        }
        rounds(state, |t| w[t].wrapping_add(K[t]));
    }
}
