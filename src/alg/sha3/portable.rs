//! The portable (reference) Keccak-f[1600]: plain Rust, no CPU-specific instructions.
//! The same code is the x86-64 `bmi2` backend, compiled there with BMI1/BMI2, where each
//! χ lane is one `ANDN` and one XOR and each rotation a `RORX`, which keeps its source
//! (so neither lane complementing nor register copies are needed).
//!
//! One round is written out lane by lane (generated from FIPS 202 §3.2: θ's combination
//! `d` of the column parities, then per output plane the five lanes `ρ` and `π` bring
//! together, χ on them, and the new column parities folded in as each lane is made),
//! indices and rotation counts constant. Rounds go from the state into a second array
//! and back, plane by plane, so that few values are live at once: with the state in 25
//! locals (one round rewritten in place), LLVM spilled and reloaded about 140 values a
//! round, and the hash ran at 2.38 ns/byte against 2.21 now (64 KiB, AMD Zen 3, BMI2).
//! Recomputing the parities at the start of each round instead of carrying them took
//! 2.56; four rounds an iteration instead of two, 2.34.

/// The round constants of ι (FIPS 202 §3.2.5, from the LFSR `rc`; computed here and
/// checked against the standard's list).
#[rustfmt::skip]
pub(super) const RC: [u64; 24] = [
    0x0000_0000_0000_0001,
    0x0000_0000_0000_8082,
    0x8000_0000_0000_808a,
    0x8000_0000_8000_8000,
    0x0000_0000_0000_808b,
    0x0000_0000_8000_0001,
    0x8000_0000_8000_8081,
    0x8000_0000_0000_8009,
    0x0000_0000_0000_008a,
    0x0000_0000_0000_0088,
    0x0000_0000_8000_8009,
    0x0000_0000_8000_000a,
    0x0000_0000_8000_808b,
    0x8000_0000_0000_008b,
    0x8000_0000_0000_8089,
    0x8000_0000_0000_8003,
    0x8000_0000_0000_8002,
    0x8000_0000_0000_0080,
    0x0000_0000_0000_800a,
    0x8000_0000_8000_000a,
    0x8000_0000_8000_8081,
    0x8000_0000_0000_8080,
    0x0000_0000_8000_0001,
    0x8000_0000_8000_8008,
];

/// One round from `a` into `e`, ι included; `c` holds the column parities of `a` on entry
/// and of `e` on return (each output lane is folded in as it is made).
#[inline(always)]
#[rustfmt::skip]
fn round(a: &[u64; 25], e: &mut [u64; 25], c: &mut [u64; 5], rc: u64) {
    let d = [c[4] ^ c[1].rotate_left(1), c[0] ^ c[2].rotate_left(1), c[1] ^ c[3].rotate_left(1), c[2] ^ c[4].rotate_left(1), c[3] ^ c[0].rotate_left(1)];
    let mut n = [0u64; 5];
    let b = [(a[0] ^ d[0]), (a[6] ^ d[1]).rotate_left(44), (a[12] ^ d[2]).rotate_left(43), (a[18] ^ d[3]).rotate_left(21), (a[24] ^ d[4]).rotate_left(14)];
    let v = b[0] ^ (!b[1] & b[2]);
    e[0] = v;
    n[0] ^= v;
    let v = b[1] ^ (!b[2] & b[3]);
    e[1] = v;
    n[1] ^= v;
    let v = b[2] ^ (!b[3] & b[4]);
    e[2] = v;
    n[2] ^= v;
    let v = b[3] ^ (!b[4] & b[0]);
    e[3] = v;
    n[3] ^= v;
    let v = b[4] ^ (!b[0] & b[1]);
    e[4] = v;
    n[4] ^= v;
    let b = [(a[3] ^ d[3]).rotate_left(28), (a[9] ^ d[4]).rotate_left(20), (a[10] ^ d[0]).rotate_left(3), (a[16] ^ d[1]).rotate_left(45), (a[22] ^ d[2]).rotate_left(61)];
    let v = b[0] ^ (!b[1] & b[2]);
    e[5] = v;
    n[0] ^= v;
    let v = b[1] ^ (!b[2] & b[3]);
    e[6] = v;
    n[1] ^= v;
    let v = b[2] ^ (!b[3] & b[4]);
    e[7] = v;
    n[2] ^= v;
    let v = b[3] ^ (!b[4] & b[0]);
    e[8] = v;
    n[3] ^= v;
    let v = b[4] ^ (!b[0] & b[1]);
    e[9] = v;
    n[4] ^= v;
    let b = [(a[1] ^ d[1]).rotate_left(1), (a[7] ^ d[2]).rotate_left(6), (a[13] ^ d[3]).rotate_left(25), (a[19] ^ d[4]).rotate_left(8), (a[20] ^ d[0]).rotate_left(18)];
    let v = b[0] ^ (!b[1] & b[2]);
    e[10] = v;
    n[0] ^= v;
    let v = b[1] ^ (!b[2] & b[3]);
    e[11] = v;
    n[1] ^= v;
    let v = b[2] ^ (!b[3] & b[4]);
    e[12] = v;
    n[2] ^= v;
    let v = b[3] ^ (!b[4] & b[0]);
    e[13] = v;
    n[3] ^= v;
    let v = b[4] ^ (!b[0] & b[1]);
    e[14] = v;
    n[4] ^= v;
    let b = [(a[4] ^ d[4]).rotate_left(27), (a[5] ^ d[0]).rotate_left(36), (a[11] ^ d[1]).rotate_left(10), (a[17] ^ d[2]).rotate_left(15), (a[23] ^ d[3]).rotate_left(56)];
    let v = b[0] ^ (!b[1] & b[2]);
    e[15] = v;
    n[0] ^= v;
    let v = b[1] ^ (!b[2] & b[3]);
    e[16] = v;
    n[1] ^= v;
    let v = b[2] ^ (!b[3] & b[4]);
    e[17] = v;
    n[2] ^= v;
    let v = b[3] ^ (!b[4] & b[0]);
    e[18] = v;
    n[3] ^= v;
    let v = b[4] ^ (!b[0] & b[1]);
    e[19] = v;
    n[4] ^= v;
    let b = [(a[2] ^ d[2]).rotate_left(62), (a[8] ^ d[3]).rotate_left(55), (a[14] ^ d[4]).rotate_left(39), (a[15] ^ d[0]).rotate_left(41), (a[21] ^ d[1]).rotate_left(2)];
    let v = b[0] ^ (!b[1] & b[2]);
    e[20] = v;
    n[0] ^= v;
    let v = b[1] ^ (!b[2] & b[3]);
    e[21] = v;
    n[1] ^= v;
    let v = b[2] ^ (!b[3] & b[4]);
    e[22] = v;
    n[2] ^= v;
    let v = b[3] ^ (!b[4] & b[0]);
    e[23] = v;
    n[3] ^= v;
    let v = b[4] ^ (!b[0] & b[1]);
    e[24] = v;
    n[4] ^= v;
    e[0] ^= rc;
    n[0] ^= rc;
    *c = n;
}

/// Keccak-f[1600] on the state (lane `x + 5 y` at index `x + 5 y`), with `e` as the
/// other half of a double buffer: rounds go from `a` to `e` and back.
#[inline(always)]
pub(super) fn permute(a: &mut [u64; 25], e: &mut [u64; 25]) {
    let mut c: [u64; 5] =
        std::array::from_fn(|x| a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20]);
    for rc in RC.chunks_exact(2) {
        round(a, e, &mut c, rc[0]);
        round(e, a, &mut c, rc[1]);
    }
}

/// Absorbs whole blocks of `rate` bytes: each XOR-ed into the first lanes
/// (little-endian), then the permutation.
#[inline(always)]
pub(super) fn absorb_blocks(a: &mut [u64; 25], blocks: &[u8], rate: usize) {
    debug_assert_eq!(blocks.len() % rate, 0, "partial block passed to absorb");
    let mut e = [0u64; 25];
    let e = std::hint::black_box(&mut e);
    for block in blocks.chunks_exact(rate) {
        for (lane, word) in a.iter_mut().zip(block.as_chunks::<8>().0) {
            *lane ^= u64::from_le_bytes(*word);
        }
        permute(a, e);
    }
}

/// The portable entry point.
pub(super) fn absorb(a: &mut [u64; 25], blocks: &[u8], rate: usize) {
    absorb_blocks(a, blocks, rate);
}
