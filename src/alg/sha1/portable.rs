//! The portable (reference) SHA-1 block function with collision detection: plain Rust,
//! no CPU-specific instructions.

use super::dc;

/// Absorbs whole 64-byte blocks into `state`; true when a block carries a collision
/// attack (see `dc`).
pub(super) fn compress(state: &mut [u32; 5], blocks: &[u8]) -> bool {
    let (blocks, rest) = blocks.as_chunks::<64>();
    debug_assert!(rest.is_empty(), "partial block passed to compress");
    let mut found = false;
    for block in blocks {
        let mut w = [0u32; 80];
        for (t, word) in block.as_chunks::<4>().0.iter().enumerate() {
            w[t] = u32::from_be_bytes(*word);
        }
        for t in 16..80 {
            w[t] = (w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]).rotate_left(1);
        }
        let ihv_in = *state;
        let mut s = ihv_in;
        // Four loops, so each step's round function is known where it is compiled.
        for t in 0..20 {
            s = dc::step(t, s, &w);
        }
        for t in 20..40 {
            s = dc::step(t, s, &w);
        }
        for t in 40..60 {
            s = dc::step(t, s, &w);
        }
        for t in 60..80 {
            s = dc::step(t, s, &w);
        }
        for (h, x) in state.iter_mut().zip(s) {
            *h = h.wrapping_add(x);
        }
        let mask = dc::ubc_mask::<0>(&w);
        if mask != 0 {
            found |= dc::dv_check::<0>(&ihv_in, state, &w, mask);
        }
    }
    found
}
