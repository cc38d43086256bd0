//! Keccak-f[1600] for x86-64 with BMI1/BMI2: the portable code compiled with `ANDN` and
//! `RORX` (see `portable.rs`).

use super::portable::absorb_blocks;

/// Absorbs whole blocks of `rate` bytes.
#[target_feature(enable = "bmi1,bmi2")]
pub(super) fn absorb(a: &mut [u64; 25], blocks: &[u8], rate: usize) {
    absorb_blocks(a, blocks, rate);
}
