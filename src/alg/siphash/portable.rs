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

/// SipHash-`C`-`D` of `data` as a whole message from the keyed `state` (left unchanged):
/// the tag words `[h1, h2]` (`h2` zero unless `wide`). The working copy is a local the
/// optimizer keeps in registers (no stack copy of the state to wipe: wiping one would
/// force it into memory, about a third of a 32-byte message's time).
pub(super) fn whole<const C: usize, const D: usize>(
    state: &State,
    data: &[u8],
    wide: bool,
) -> [u64; 2] {
    let mut s = state.clone();
    let (words, tail) = data.as_chunks::<BLOCK>();
    for w in words {
        s.absorb::<C>(u64::from_le_bytes(*w));
    }
    let (h1, h2) = s.finish::<C, D>(tail, data.len() as u64, wide);
    [h1, h2.unwrap_or(0)]
}
