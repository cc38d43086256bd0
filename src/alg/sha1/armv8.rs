//! SHA-1 on the ARMv8 SHA-1 instructions: four steps per `SHA1C`/`SHA1P`/`SHA1M`, E by
//! `SHA1H`, the message schedule by `SHA1SU0`/`SHA1SU1`, whose 80 expanded words (in
//! natural lane order) are kept for the collision check (`dc`).

use super::dc;
use std::arch::aarch64::*;

/// The round constants (FIPS 180-4 §4.2.1).
const K: [u32; 4] = [0x5a82_7999, 0x6ed9_eba1, 0x8f1b_bcdc, 0xca62_c1d6];

/// Absorbs whole 64-byte blocks into `state`; true when a block carries a collision
/// attack.
#[target_feature(enable = "sha2")]
pub(super) fn compress(state: &mut [u32; 5], blocks: &[u8]) -> bool {
    let (blocks, rest) = blocks.as_chunks::<64>();
    debug_assert!(rest.is_empty(), "partial block passed to compress");
    let k = K.map(|c| vdupq_n_u32(c));
    let abcd_words: &[u32; 4] = state[..4].try_into().expect("4 words");
    // SAFETY: `abcd_words` is 16 readable bytes.
    let mut abcd = unsafe { vld1q_u32(abcd_words.as_ptr()) };
    let mut e = state[4];
    let mut found = false;
    let mut words = [0u32; 80];
    for block in blocks {
        let (abcd_in, e_in) = (abcd, e);
        let mut w = [vdupq_n_u32(0); 20];
        for (g, chunk) in block.as_chunks::<16>().0.iter().enumerate() {
            // SAFETY: `chunk` is 16 readable bytes.
            let m = unsafe { vld1q_u8(chunk.as_ptr()) };
            w[g] = vreinterpretq_u32_u8(vrev32q_u8(m));
        }
        for g in 4..20 {
            w[g] = vsha1su1q_u32(vsha1su0q_u32(w[g - 4], w[g - 3], w[g - 2]), w[g - 1]);
        }
        let mut ee = e;
        macro_rules! four {
            ($op:ident, $($g:literal)*) => {$(
                let wk = vaddq_u32(w[$g], k[$g / 5]);
                let next = vsha1h_u32(vgetq_lane_u32::<0>(abcd));
                abcd = $op(abcd, ee, wk);
                ee = next;
            )*};
        }
        four!(vsha1cq_u32, 0 1 2 3 4);
        four!(vsha1pq_u32, 5 6 7 8 9);
        four!(vsha1mq_u32, 10 11 12 13 14);
        four!(vsha1pq_u32, 15 16 17 18 19);
        abcd = vaddq_u32(abcd, abcd_in);
        e = e_in.wrapping_add(ee);
        for (g, v) in w.iter().enumerate() {
            let dst: &mut [u32; 4] = (&mut words[4 * g..4 * g + 4]).try_into().expect("4 words");
            // SAFETY: `dst` is 16 writable bytes.
            unsafe { vst1q_u32(dst.as_mut_ptr(), *v) };
        }
        let mask = dc::ubc_mask::<0>(&words);
        if mask != 0 {
            let lanes = |v: uint32x4_t, e: u32| {
                [
                    vgetq_lane_u32::<0>(v),
                    vgetq_lane_u32::<1>(v),
                    vgetq_lane_u32::<2>(v),
                    vgetq_lane_u32::<3>(v),
                    e,
                ]
            };
            found |= dc::dv_check::<0>(&lanes(abcd_in, e_in), &lanes(abcd, e), &words, mask);
        }
    }
    let mut out = [0u32; 4];
    // SAFETY: `out` is 16 writable bytes.
    unsafe { vst1q_u32(out.as_mut_ptr(), abcd) };
    state[..4].copy_from_slice(&out);
    state[4] = e;
    found
}
