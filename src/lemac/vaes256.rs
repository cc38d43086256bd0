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

/// One step at position `T` (0..8) of the eight-step rotation. `y` holds the slots,
/// `z` is `S[0]`, `r` the delay line `[RR, R0, R1, R2]` broadcast to both lanes.
#[inline]
#[target_feature(enable = "aes,vaes,avx2")]
fn ring_step<const T: usize>(
    y: &mut [__m256i; 4],
    z: &mut __m128i,
    r: &mut [__m256i; 4],
    m: &[u8; 64],
) {
    // SAFETY: each load reads 16 of the 64 bytes of `m`; no alignment is required.
    let w = |i: usize| unsafe { _mm_loadu_si128(m.as_ptr().add(16 * i).cast()) };
    let (w0, w1, w2, w3) = (w(0), w(1), w(2), w(3));
    let b = |v: __m128i| _mm256_broadcastsi128_si256(v);
    let (b0, b1, b2, b3) = (b(w0), b(w1), b(w2), b(w3));
    let [rr, r0, r1, r2] = *r;
    let x = _mm256_xor_si256(r1, r2);
    // The key that produces S[a+1], for a = 0..8.
    let key = [b3, b3, x, b0, b0, b1, b1, b3];
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
    *z = _mm_xor_si128(_mm_xor_si128(*z, w2), s8);
    for (j, v) in y.iter_mut().enumerate() {
        let a = (j + T + 1) % 8;
        let k = _mm256_blend_epi32::<0xf0>(key[a], key[(a + 4) % 8]);
        *v = _mm256_aesenc_epi128(*v, k);
    }
    *r = [b2, _mm256_xor_si256(rr, b1), r0, r1];
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
        let mut r = state
            .r
            .each_ref()
            .map(|b| _mm256_broadcastsi128_si256(load(b)));
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
        state.r = r.map(|v| store(_mm256_castsi256_si128(v)));
    }
    absorb_body!(state, tail.as_flattened())
}
