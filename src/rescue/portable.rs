//! The portable Rp64_256 permutation: plain `u64` arithmetic, the reference backend.

use super::constants::{ARK1, ARK2, MDS_ROW0};
use super::field::{
    R2, add, exp_inv7_with, exp7_with, mont_mul, mont_reduce, reduce96, to_mont_const,
};
use super::{NUM_ROUNDS, RATE_WIDTH, STATE_WIDTH};

/// Multiplies the state by the circulant MDS matrix.
///
/// The coefficients are below 2^5, so each element is split into 32-bit halves and the
/// two row sums are accumulated exactly in `u64` (each below 12·26·2^32 < 2^41); the
/// result `lo + hi·2^32` (< 2^74) is reduced once.
#[inline(always)]
pub(super) fn mds(s: &[u64; STATE_WIDTH]) -> [u64; STATE_WIDTH] {
    let mut out = [0u64; STATE_WIDTH];
    for (i, o) in out.iter_mut().enumerate() {
        let mut t = 0u128;
        for (j, x) in s.iter().enumerate() {
            let c = MDS_ROW0[(j + STATE_WIDTH - i) % STATE_WIDTH];
            t += (*x as u128) * (c as u128);
        }
        *o = reduce96(t as u64, (t >> 64) as u32);
    }
    out
}

/// A round-constant table in Montgomery form.
const fn to_mont_rows(t: &[[u64; STATE_WIDTH]; NUM_ROUNDS]) -> [[u64; STATE_WIDTH]; NUM_ROUNDS] {
    let mut out = [[0u64; STATE_WIDTH]; NUM_ROUNDS];
    let mut r = 0;
    while r < NUM_ROUNDS {
        let mut i = 0;
        while i < STATE_WIDTH {
            out[r][i] = to_mont_const(t[r][i]);
            i += 1;
        }
        r += 1;
    }
    out
}

const ARK1_MONT: [[u64; STATE_WIDTH]; NUM_ROUNDS] = to_mont_rows(&ARK1);
const ARK2_MONT: [[u64; STATE_WIDTH]; NUM_ROUNDS] = to_mont_rows(&ARK2);

/// The 7-round Rescue-XLIX permutation. Input elements may be any `u64` (taken mod p);
/// output elements are canonical.
///
/// Inside, elements are kept in Montgomery form (x·2^64 mod p), whose reduction
/// (`field::mont_reduce`) takes fewer operations than the direct one. The MDS layer and
/// the additions are linear with integer coefficients, so they act on Montgomery forms
/// unchanged; the round constants are converted at compile time.
#[inline(always)]
pub(super) fn permute(state: &mut [u64; STATE_WIDTH]) {
    let mut s = [0u64; STATE_WIDTH];
    for (m, x) in s.iter_mut().zip(state.iter()) {
        *m = mont_mul(*x, R2);
    }
    for r in 0..NUM_ROUNDS {
        s = exp7_with(s, mont_mul);
        s = mds(&s);
        for (x, c) in s.iter_mut().zip(&ARK1_MONT[r]) {
            *x = add(*x, *c);
        }
        s = exp_inv7_with(s, mont_mul);
        s = mds(&s);
        for (x, c) in s.iter_mut().zip(&ARK2_MONT[r]) {
            *x = add(*x, *c);
        }
    }
    // mont_reduce(x, 0) = x·2^−64 mod p, canonical (x < p·2^64).
    for (o, x) in state.iter_mut().zip(s) {
        *o = mont_reduce(x, 0);
    }
}

/// For each block: adds it to the rate part of the state (elements 4..12, field
/// addition), then applies the permutation. The state stays canonical.
pub(crate) fn absorb(state: &mut [u64; STATE_WIDTH], blocks: &[[u64; RATE_WIDTH]]) {
    for b in blocks {
        for (x, m) in state[STATE_WIDTH - RATE_WIDTH..].iter_mut().zip(b) {
            *x = add(*x, *m);
        }
        permute(state);
    }
}
