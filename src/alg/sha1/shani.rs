//! SHA-1 on the x86-64 SHA extensions: four steps per `SHA1RNDS4`, the message schedule
//! by `SHA1MSG1`/`SHA1MSG2`, whose 80 expanded words are kept for the collision check
//! (`dc`), which runs in scalar registers beside the SHA units. SSE encoding only (no AVX
//! in this file: see the guide's note on SHA-NI after AVX code).
//!
//! Register layout (Intel, "New Instructions Supporting the Secure Hash Algorithm on
//! Intel Architecture Processors", 2013): `ABCD` with A in the top lane; E in the top
//! lane of its own register; each message register holds four words with the first in
//! the top lane, so the word `W[t]` of group `g = t / 4` sits in lane `3 - t % 4`, and
//! the groups stored one after another put `W[t]` at index `t ^ 3`.

use super::dc;
use std::arch::x86_64::*;

/// The five chaining words from the `ABCD` register and E.
#[inline]
#[target_feature(enable = "sha,sse4.1")]
fn unpack(abcd: __m128i, e: u32) -> [u32; 5] {
    [
        _mm_extract_epi32::<3>(abcd) as u32,
        _mm_extract_epi32::<2>(abcd) as u32,
        _mm_extract_epi32::<1>(abcd) as u32,
        _mm_extract_epi32::<0>(abcd) as u32,
        e,
    ]
}

/// Absorbs whole 64-byte blocks into `state`; true when a block carries a collision
/// attack.
#[target_feature(enable = "sha,sse4.1")]
pub(super) fn compress(state: &mut [u32; 5], blocks: &[u8]) -> bool {
    let (blocks, rest) = blocks.as_chunks::<64>();
    debug_assert!(rest.is_empty(), "partial block passed to compress");
    // Reverses all 16 bytes: big-endian words, the first in the top lane.
    let bswap = _mm_set_epi64x(0x0001_0203_0405_0607, 0x0809_0a0b_0c0d_0e0f);
    let [a, b, c, d, e0] = *state;
    let mut abcd = _mm_set_epi32(a as i32, b as i32, c as i32, d as i32);
    let mut e = e0;
    let mut found = false;
    let mut words = [0u32; 80];
    for block in blocks {
        let (abcd_in, e_in) = (abcd, e);
        let e_reg = _mm_set_epi32(e as i32, 0, 0, 0);
        let mut w = [_mm_setzero_si128(); 20];
        for (g, chunk) in block.as_chunks::<16>().0.iter().enumerate() {
            // SAFETY: `chunk` is 16 readable bytes; the load is unaligned.
            let m = unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) };
            w[g] = _mm_shuffle_epi8(m, bswap);
        }
        for g in 4..20 {
            let t = _mm_xor_si128(_mm_sha1msg1_epu32(w[g - 4], w[g - 3]), w[g - 2]);
            w[g] = _mm_sha1msg2_epu32(t, w[g - 1]);
        }
        // Steps 0-3 take E plus the words; later groups get E from SHA1NEXTE (the A of
        // four steps before, rotated), which also adds the words.
        let mut prev = abcd;
        abcd = _mm_sha1rnds4_epu32::<0>(abcd, _mm_add_epi32(e_reg, w[0]));
        macro_rules! four {
            ($($g:literal $f:literal),*) => {$(
                let x = _mm_sha1nexte_epu32(prev, w[$g]);
                prev = abcd;
                abcd = _mm_sha1rnds4_epu32::<$f>(abcd, x);
            )*};
        }
        four!(1 0, 2 0, 3 0, 4 0, 5 1, 6 1, 7 1, 8 1, 9 1, 10 2);
        four!(11 2, 12 2, 13 2, 14 2, 15 3, 16 3, 17 3, 18 3, 19 3);
        e = _mm_extract_epi32::<3>(_mm_sha1nexte_epu32(prev, e_reg)) as u32;
        abcd = _mm_add_epi32(abcd, abcd_in);
        for (g, v) in w.iter().enumerate() {
            // SAFETY: `words[4 * g..4 * g + 4]` is 16 writable bytes (g < 20); the store
            // is unaligned.
            unsafe { _mm_storeu_si128(words[4 * g..4 * g + 4].as_mut_ptr().cast(), *v) };
        }
        let mask = dc::ubc_mask::<3>(&words);
        if mask != 0 {
            found |= dc::dv_check::<3>(&unpack(abcd_in, e_in), &unpack(abcd, e), &words, mask);
        }
    }
    *state = unpack(abcd, e);
    found
}
