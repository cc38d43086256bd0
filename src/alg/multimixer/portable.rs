//! The portable block function: plain Rust, one block at a time. This is the reference
//! every SIMD backend is tested against.

/// Eight 32-bit words (key word + message word, already added) to the eight 64-bit
/// products of f_128 (ia.cr/2023/1357, Algorithm 2), in digest order.
pub(super) fn f128(x: &[u32; 8]) -> [u64; 8] {
    // u = N_alpha · x[0..4] with N_alpha = circ(1, 1, 1, 0);
    // v = N_beta  · x[4..8] with N_beta  = circ(0, 1, 1, 1); both mod 2^32.
    let mut u = [0u32; 4];
    let mut v = [0u32; 4];
    for i in 0..4 {
        u[i] = x[i]
            .wrapping_add(x[(i + 1) % 4])
            .wrapping_add(x[(i + 2) % 4]);
        v[i] = x[4 + (i + 1) % 4]
            .wrapping_add(x[4 + (i + 2) % 4])
            .wrapping_add(x[4 + (i + 3) % 4]);
    }
    let mut z = [0u64; 8];
    for i in 0..4 {
        z[i] = u64::from(x[i]) * u64::from(x[i + 4]);
        z[i + 4] = u64::from(u[i]) * u64::from(v[i]);
    }
    z
}

/// Absorbs whole blocks: `key` and `msg` have equal lengths, a multiple of 32 bytes.
/// `acc` holds the eight 64-bit sums in digest order.
pub(super) fn compress(acc: &mut [u64; 8], key: &[u8], msg: &[u8]) {
    debug_assert_eq!(key.len(), msg.len());
    debug_assert_eq!(msg.len() % 32, 0);
    for (k, m) in key.chunks_exact(32).zip(msg.chunks_exact(32)) {
        let mut x = [0u32; 8];
        for (i, w) in x.iter_mut().enumerate() {
            let kw = u32::from_le_bytes(k[4 * i..4 * i + 4].try_into().expect("4 bytes"));
            let mw = u32::from_le_bytes(m[4 * i..4 * i + 4].try_into().expect("4 bytes"));
            *w = kw.wrapping_add(mw);
        }
        let z = f128(&x);
        for (a, p) in acc.iter_mut().zip(z) {
            *a = a.wrapping_add(p);
        }
    }
}
