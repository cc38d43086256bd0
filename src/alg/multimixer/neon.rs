//! The NEON block function (aarch64): one 32-byte block as two 128-bit registers of four
//! 32-bit words, the circulant sums by `EXT` rotations, and the eight 32×32→64-bit
//! products accumulated by `UMLAL`/`UMLAL2` straight into the 64-bit sums. Two blocks per
//! loop iteration, with their own accumulators, so the multiply-accumulate chains overlap.

use std::arch::aarch64::*;

/// The eight sums as four registers: products x·y of lanes 0, 1 and 2, 3, then u·v of
/// lanes 0, 1 and 2, 3 (digest order).
type Acc = [uint64x2_t; 4];

#[inline]
#[target_feature(enable = "neon")]
fn words(p: &[u8; 16]) -> uint32x4_t {
    // SAFETY: `p` is 16 readable bytes; byte loads have no alignment requirement, and the
    // words are little-endian on little-endian aarch64 (the only byte order Rust targets
    // for aarch64 Linux, macOS and Windows).
    unsafe { vreinterpretq_u32_u8(vld1q_u8(p.as_ptr())) }
}

/// Adds the products of one block (key `k`, message `m`) to `acc`.
#[inline]
#[target_feature(enable = "neon")]
fn block(acc: &mut Acc, k: &[u8; 32], m: &[u8; 32]) {
    let (k, _) = k.as_chunks::<16>();
    let (m, _) = m.as_chunks::<16>();
    // x = key + message, word-wise mod 2^32: a = x[0..4], b = x[4..8].
    let a = vaddq_u32(words(&k[0]), words(&m[0]));
    let b = vaddq_u32(words(&k[1]), words(&m[1]));
    // u[i] = a[i] + a[i+1] + a[i+2];  v[i] = b[i+1] + b[i+2] + b[i+3]  (indices mod 4).
    let (a1, a2) = (vextq_u32::<1>(a, a), vextq_u32::<2>(a, a));
    let u = vaddq_u32(vaddq_u32(a, a1), a2);
    let (b1, b2, b3) = (
        vextq_u32::<1>(b, b),
        vextq_u32::<2>(b, b),
        vextq_u32::<3>(b, b),
    );
    let v = vaddq_u32(vaddq_u32(b1, b2), b3);
    acc[0] = vmlal_u32(acc[0], vget_low_u32(a), vget_low_u32(b));
    acc[1] = vmlal_high_u32(acc[1], a, b);
    acc[2] = vmlal_u32(acc[2], vget_low_u32(u), vget_low_u32(v));
    acc[3] = vmlal_high_u32(acc[3], u, v);
}

/// Absorbs whole blocks: `key` and `msg` have equal lengths, a multiple of 32 bytes.
/// `acc` holds the eight 64-bit sums in digest order. (Not inlined into the kernel table's
/// wrapper, so the loop keeps its own symbol for `benches/arm_mca.py`.)
#[inline(never)]
#[target_feature(enable = "neon")]
pub(super) fn compress(acc: &mut [u64; 8], key: &[u8], msg: &[u8]) {
    debug_assert_eq!(key.len(), msg.len());
    let zero = vdupq_n_u64(0);
    let (mut even, mut odd): (Acc, Acc) = ([zero; 4], [zero; 4]);
    let (kb, _) = key.as_chunks::<32>();
    let (mb, _) = msg.as_chunks::<32>();
    let (kp, kr) = kb.as_chunks::<2>();
    let (mp, mr) = mb.as_chunks::<2>();
    for ([k0, k1], [m0, m1]) in kp.iter().zip(mp) {
        block(&mut even, k0, m0);
        block(&mut odd, k1, m1);
    }
    for (k, m) in kr.iter().zip(mr) {
        block(&mut even, k, m);
    }
    for (i, pair) in acc.as_chunks_mut::<2>().0.iter_mut().enumerate() {
        let s = vaddq_u64(even[i], odd[i]);
        pair[0] = pair[0].wrapping_add(vgetq_lane_u64::<0>(s));
        pair[1] = pair[1].wrapping_add(vgetq_lane_u64::<1>(s));
    }
}
