//! VAES on 256-bit registers: the eight AES rounds of a step run as four `VAESENC ymm`.
//!
//! State blocks `S[1..=8]` live in eight 128-bit slots of four registers and never move:
//! a slot holding `S[i]` becomes `S[i+1]` in place, and the slot holding `S[8]` is read
//! out (for the new `S[0]`, kept in its own register) and refilled with the old `S[0]`
//! before the round, so it comes out as the new `S[1]`. The logical index of each slot
//! thus rotates with period eight, and the loop body is eight steps long. Round keys are
//! built without cross-lane shuffles: each is two message words, taken from 128-bit
//! broadcast loads and one in-lane blend. Only the read-out and refill of a high lane
//! cross lanes. Fewer than eight remaining blocks go through the 128-bit loop of
//! `aesni.rs` (VEX-encoded here).

use super::State;
use super::aesni::{absorb_body, load, load4, step, store};
use std::arch::x86_64::*;

/// `a ^ b ^ c` for the 128-bit tail loop.
macro_rules! xor3 {
    ($a:expr, $b:expr, $c:expr) => {
        _mm_xor_si128(_mm_xor_si128($a, $b), $c)
    };
}

/// One step at position `T` (0..8) of the eight-step rotation. `y` holds the slots,
/// `z` is `S[0]`, `r` the delay line `[RR, R0, R1, R2]` broadcast to both lanes.
#[inline]
#[target_feature(enable = "aes,vaes,avx2")]
fn ring_step<const T: usize>(
    y: &mut [__m256i; 4],
    z: &mut __m128i,
    r: &mut [__m128i; 4],
    m: &[u8; 64],
) {
    // Word index of the key that produces S[a+1], for a = 0..8 (4 stands for R1 ^ R2).
    const KEY: [usize; 8] = [3, 3, 4, 0, 0, 1, 1, 3];
    // An opaque zero: each high-lane key word is loaded from an address the compiler
    // cannot prove equal to any other (`zero << j` differs per register), so each load
    // folds into `VINSERTI128 ymm, m128` (a load and a blend on any vector port) instead
    // of being shared and becoming a lane shuffle on port 5.
    let zero = std::hint::black_box(0usize);
    // SAFETY: each load reads 16 of the 64 bytes of `m` (`zero << j` is 0); no alignment
    // is required.
    let w = |i: usize| unsafe { _mm_loadu_si128(m.as_ptr().add(16 * i).cast()) };
    // SAFETY: as above.
    let w_hi = |i: usize, j: usize| unsafe {
        _mm_loadu_si128(m.as_ptr().add(16 * i + (zero << j)).cast())
    };
    let [rr, r0, r1, r2] = *r;
    let x = _mm_xor_si128(r1, r2);
    // The slot holding S[8]: read it out, put the old S[0] in its place.
    let h = (15 - T) % 8;
    let (j, high) = (h % 4, h >= 4);
    let s8 = if high {
        _mm256_extracti128_si256::<1>(y[j])
    } else {
        _mm256_castsi256_si128(y[j])
    };
    y[j] = if high {
        _mm256_inserti128_si256::<1>(y[j], *z)
    } else {
        _mm256_blend_epi32::<0x0f>(y[j], _mm256_castsi128_si256(*z))
    };
    *z = _mm_xor_si128(_mm_xor_si128(*z, w(2)), s8);
    for (j, v) in y.iter_mut().enumerate() {
        let a = (j + T + 1) % 8;
        let (lo, hi) = (KEY[a], KEY[(a + 4) % 8]);
        let lo = if lo == 4 { x } else { w(lo) };
        let hi = if hi == 4 { x } else { w_hi(hi, j) };
        let k = _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(lo), hi);
        *v = _mm256_aesenc_epi128(*v, k);
    }
    *r = [w(2), _mm_xor_si128(rr, w(1)), r0, r1];
}

/// Absorbs whole 64-byte blocks (`blocks.len()` is a multiple of 64).
#[target_feature(enable = "aes,vaes,avx2")]
pub(super) fn absorb(state: &mut State, blocks: &[u8]) {
    let (whole, rest) = blocks.as_chunks::<64>();
    debug_assert!(rest.is_empty());
    let (groups, tail) = whole.as_chunks::<8>();
    if !groups.is_empty() {
        let mut y: [__m256i; 4] = std::array::from_fn(|j| {
            _mm256_inserti128_si256::<1>(
                _mm256_castsi128_si256(load(&state.s[j + 1])),
                load(&state.s[j + 5]),
            )
        });
        let mut z = load(&state.s[0]);
        let mut r = state.r.each_ref().map(load);
        for g in groups {
            ring_step::<0>(&mut y, &mut z, &mut r, &g[0]);
            ring_step::<1>(&mut y, &mut z, &mut r, &g[1]);
            ring_step::<2>(&mut y, &mut z, &mut r, &g[2]);
            ring_step::<3>(&mut y, &mut z, &mut r, &g[3]);
            ring_step::<4>(&mut y, &mut z, &mut r, &g[4]);
            ring_step::<5>(&mut y, &mut z, &mut r, &g[5]);
            ring_step::<6>(&mut y, &mut z, &mut r, &g[6]);
            ring_step::<7>(&mut y, &mut z, &mut r, &g[7]);
        }
        state.s[0] = store(z);
        for (j, v) in y.iter().enumerate() {
            state.s[j + 1] = store(_mm256_castsi256_si128(*v));
            state.s[j + 5] = store(_mm256_extracti128_si256::<1>(*v));
        }
        state.r = r.map(store);
    }
    absorb_body!(xor3, state, tail.as_flattened())
}
