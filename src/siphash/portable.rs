//! The portable (reference) block function: plain Rust, no CPU-specific instructions.

use super::{BLOCK, State};

/// Absorbs `blocks` (a whole number of 8-byte little-endian words) with `C` SipRounds
/// per word.
pub(super) fn compress<const C: usize>(state: &mut State, blocks: &[u8]) {
    let (words, rest) = blocks.as_chunks::<BLOCK>();
    debug_assert!(rest.is_empty(), "partial block passed to compress");
    for w in words {
        state.absorb::<C>(u64::from_le_bytes(*w));
    }
}
