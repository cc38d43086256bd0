//! Test support, in one place for the unit tests, `tests/`, `benches/` and `fuzz/`: one
//! deterministic generator ([`TestRng`]), one split-point helper ([`split_points`] picks
//! where to cut a message, [`pieces`] cuts it), one key helper ([`key_for`]) and one
//! forger ([`xxh128_preimage`]: a file made to match a listed digest under XXH128).
//!
//! It is part of the library, not a dev-dependency, because integration tests, benches
//! and fuzz targets can only reach public items, and because the known-answer harness
//! ([`crate::tools::kat`], also run by `khsum selftest`) cuts its messages at [`split_points`].
//! Hidden from the documentation: no part of the API, free to change.

use crate::{Algorithm, Key, KeyRule};

/// A small deterministic generator (SplitMix64): the same seed gives the same stream on
/// every platform, so a failure reproduces from its seed. Never for secrets.
#[derive(Clone, Debug)]
pub struct TestRng {
    state: u64,
}

impl TestRng {
    /// A generator seeded with `seed` (any value, zero included).
    pub const fn new(seed: u64) -> TestRng {
        TestRng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A value in `0..bound` (the high half of a 64×64-bit product; its bias, below
    /// `bound / 2^64`, does not matter to a test).
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "TestRng::below(0)");
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }

    /// Fills `buf` with random bytes (eight per step, little-endian).
    pub fn fill(&mut self, buf: &mut [u8]) {
        let mut words = buf.chunks_exact_mut(8);
        for w in &mut words {
            w.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        let rest = words.into_remainder();
        if !rest.is_empty() {
            let w = self.next_u64().to_le_bytes();
            rest.copy_from_slice(&w[..rest.len()]);
        }
    }

    /// `len` random bytes.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        let mut v = vec![0; len];
        self.fill(&mut v);
        v
    }

    /// `N` random bytes.
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        let mut a = [0; N];
        self.fill(&mut a);
        a
    }
}

/// Where to cut a message of `len` bytes: every point for short messages; for long ones
/// the ends, the middle and the points around block and SIMD-width boundaries. Sorted,
/// no duplicates, all in `0..=len`.
pub fn split_points(len: usize) -> Vec<usize> {
    if len <= 300 {
        return (0..=len).collect();
    }
    let mut v: Vec<usize> = [0, 1, len / 2, len - 1, len]
        .into_iter()
        .chain([8usize, 16, 32, 64, 128, 256, 512].iter().flat_map(|&b| {
            let k = len / b / 2 * b;
            [b - 1, b, b + 1, k.saturating_sub(1), k, k + 1]
        }))
        .filter(|&p| p <= len)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// `data` cut at `cuts`: `cuts.len() + 1` pieces that concatenate to `data`. Each cut is
/// taken modulo `data.len() + 1`, so any `usize` (a proptest draw, say) is a valid cut,
/// and the cuts are sorted first; equal cuts give empty pieces.
pub fn pieces<'a>(data: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut at: Vec<usize> = cuts.iter().map(|&c| c % (data.len() + 1)).collect();
    at.sort_unstable();
    let mut out = Vec::with_capacity(at.len() + 1);
    let mut start = 0;
    for c in at {
        out.push(&data[start..c]);
        start = c;
    }
    out.push(&data[start..]);
    out
}

/// A key that `alg` takes for a message of `msg_len` bytes, made from `seed`: none for
/// an unkeyed algorithm; otherwise as many bytes as the key rule asks for (its fixed
/// length, the seed's length for any-length keys, the message length for
/// Multimixer-128), byte `i` being `seed[i % seed.len()] ^ i` (an empty seed counts as
/// zeros), so that even a one-byte seed gives a varied key.
pub fn key_for(alg: &Algorithm, seed: &[u8], msg_len: usize) -> Option<Key> {
    let len = match alg.key {
        KeyRule::None => return None,
        KeyRule::Fixed(n) => n,
        KeyRule::Any => seed.len(),
        KeyRule::SameAsMessage => msg_len,
    };
    let byte = |i: usize| seed.get(i % seed.len().max(1)).copied().unwrap_or(0) ^ i as u8;
    Some(Key::from_bytes((0..len).map(byte).collect()))
}

/// A 16-byte input whose XXH3-128 (seed 0), in the canonical big-endian form `xxhsum -H2`
/// prints, is `target`: XXH128 is a checksum, not a hash to trust against an adversary,
/// and this finds a preimage in a few multiplications (the tests craft a file whose
/// XXH128 equals another file's listed MD5).
///
/// XXH3-128 of a 9-16 byte input is, by the xxHash specification (`doc/xxhash_spec.md` in
/// Cyan4973/xxHash, "XXH3_128_9to16", and the constants below from its "XXH3 Algorithm
/// Overview" and "Seed and Secret" sections), a chain of invertible steps; this runs it
/// backwards for a 16-byte input. With `F`, `L` the input's two little-endian words and
/// `s0..s3` the default secret's bytes 32..64 as little-endian words:
///
/// ```text
/// val1 = (s0 ^ s1) ^ F ^ L               val2 = (s2 ^ s3) ^ L
/// m    = val1 * PRIME64_1 (64x64->128)
/// low  = lo(m) + (15 << 54)              high = hi(m) + val2 + lo32(val2) * (PRIME32_2 - 1)
/// low ^= bswap64(high)
/// {low, high} = {low, high} * PRIME64_2 (mod 2^128)
/// digest = avalanche(high) || avalanche(low) (big-endian)
/// ```
///
/// Backwards: `avalanche` is two self-inverse xorshifts around a multiplication by an odd
/// constant; the 128-bit product is undone by PRIME64_2's inverse modulo 2^128; `lo(m)`
/// gives `val1` by PRIME64_1's inverse modulo 2^64, hence `hi(m)`; and `val2 + lo32(val2)
/// * (PRIME32_2 - 1)` is `(hi32(val2) << 32) + lo32(val2) * PRIME32_2`, whose low half gives
/// `lo32(val2)` by PRIME32_2's inverse modulo 2^32 and whose high half then gives the rest.
pub fn xxh128_preimage(target: [u8; 16]) -> [u8; 16] {
    // xxHash specification, "XXH3 Algorithm Overview".
    const PRIME32_2: u32 = 0x85EB_CA77;
    const PRIME64_1: u64 = 0x9E37_79B1_85EB_CA87;
    const PRIME64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
    const PRIME_MX1: u64 = 0x1656_6791_9E37_79F9;
    // xxHash specification, "Seed and Secret": defaultSecret[32..64], the words
    // XXH3_128_9to16 reads.
    const SECRET_32_64: [u8; 32] = [
        0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72,
        0x21, 0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a,
        0x26, 0x4c,
    ];
    // The inverse of an odd number modulo 2^bits, by Newton's iteration (each step
    // doubles the correct low bits; x * x = 1 modulo 8 for odd x gives the first 3).
    fn inv64(x: u64) -> u64 {
        (0..6).fold(x, |y, _| {
            y.wrapping_mul(2u64.wrapping_sub(x.wrapping_mul(y)))
        })
    }
    fn inv128(x: u128) -> u128 {
        (0..7).fold(x, |y, _| {
            y.wrapping_mul(2u128.wrapping_sub(x.wrapping_mul(y)))
        })
    }
    // avalanche(x) = x ^= x >> 37; x *= PRIME_MX1; x ^= x >> 32; both xorshifts shift by
    // half the width or more, so each is its own inverse.
    let unavalanche = |x: u64| {
        let x = x ^ (x >> 32);
        let x = x.wrapping_mul(inv64(PRIME_MX1));
        x ^ (x >> 37)
    };
    let word = |i: usize| u64::from_le_bytes(SECRET_32_64[8 * i..8 * i + 8].try_into().unwrap());
    let (s0, s1, s2, s3) = (word(0), word(1), word(2), word(3));

    let digest = u128::from_be_bytes(target);
    let high = unavalanche((digest >> 64) as u64);
    let low = unavalanche(digest as u64);
    // Undo {low, high} * PRIME64_2 modulo 2^128.
    let before =
        ((u128::from(high) << 64) | u128::from(low)).wrapping_mul(inv128(u128::from(PRIME64_2)));
    let (low, high) = (before as u64, (before >> 64) as u64);
    let low = low ^ high.swap_bytes();
    let m_lo = low.wrapping_sub(15 << 54);
    let val1 = m_lo.wrapping_mul(inv64(PRIME64_1));
    let m_hi = ((u128::from(val1) * u128::from(PRIME64_1)) >> 64) as u64;
    // high = m_hi + (hi32(val2) << 32) + lo32(val2) * PRIME32_2 (mod 2^64).
    let t = high.wrapping_sub(m_hi);
    let inv32 = inv64(u64::from(PRIME32_2)) as u32;
    let b = (t as u32).wrapping_mul(inv32);
    let a = t.wrapping_sub(u64::from(b) * u64::from(PRIME32_2)) >> 32;
    let val2 = (a << 32) | u64::from(b);
    let last = val2 ^ s2 ^ s3;
    let first = val1 ^ s0 ^ s1 ^ last;
    let mut input = [0; 16];
    input[..8].copy_from_slice(&first.to_le_bytes());
    input[8..].copy_from_slice(&last.to_le_bytes());
    input
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_splitmix64() {
        // SplitMix64 from seed 0: the first outputs, computed by hand from the definition
        // (state += golden gamma; two xor-shift-multiply rounds and a final xor-shift).
        let mut r = TestRng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(r.next_u64(), 0x06c4_5d18_8009_454f);
        // Same seed, same stream; fill is the little-endian words, the tail cut short.
        let mut a = TestRng::new(42);
        let mut b = TestRng::new(42);
        let w = [a.next_u64(), a.next_u64()];
        let bytes = b.bytes(13);
        assert_eq!(bytes[..8], w[0].to_le_bytes());
        assert_eq!(bytes[8..], w[1].to_le_bytes()[..5]);
        assert_eq!(TestRng::new(42).array::<13>().to_vec(), bytes);
        let mut r = TestRng::new(7);
        assert!((0..1000).all(|_| r.below(3) < 3));
        let ones = (0..1000).filter(|_| r.below(2) == 1).count();
        assert!((400..600).contains(&ones), "{ones}");
    }

    #[test]
    fn split_points_are_sorted_and_in_range() {
        assert_eq!(split_points(0), [0]);
        assert_eq!(split_points(3), [0, 1, 2, 3]);
        assert_eq!(split_points(300).len(), 301);
        for len in [301, 1000, 4096, 1 << 20] {
            let p = split_points(len);
            assert!(p.windows(2).all(|w| w[0] < w[1]), "{len}: {p:?}");
            assert_eq!((p[0], p[p.len() - 1]), (0, len));
            let must = [1, 7, 8, 9, 63, 64, 65, 511, 512, 513, len / 2, len - 1];
            for m in must.into_iter().filter(|&m| m <= len) {
                assert!(p.contains(&m), "{len}: {m} missing");
            }
        }
    }

    #[test]
    fn pieces_concatenate_to_the_data() {
        let data: Vec<u8> = (0..10).collect();
        assert_eq!(pieces(&data, &[]), [&data[..]]);
        assert_eq!(
            pieces(&data, &[7, 3]),
            [&data[..3], &data[3..7], &data[7..]]
        );
        // Modulo len + 1: 11 is 0, 21 is 10; equal cuts give an empty piece.
        assert_eq!(
            pieces(&data, &[11, 21, 4, 4]),
            [&data[..0], &data[..4], &[][..], &data[4..], &[][..]]
        );
        assert_eq!(pieces(&[], &[usize::MAX]), [&b""[..], &b""[..]]);
    }

    #[test]
    fn keys_follow_the_key_rule() {
        let alg = |n| Algorithm::lookup(n).unwrap();
        assert!(key_for(alg("sha256"), b"x", 5).is_none());
        let k = key_for(alg("siphash-2-4"), &[0x10, 0x20], 0).unwrap();
        assert_eq!(k.bytes()[..4], [0x10, 0x21, 0x12, 0x23]);
        assert_eq!(k.len(), 16);
        assert_eq!(
            key_for(alg("highwayhash-64"), &[], 0).unwrap().bytes()[31],
            31
        );
        assert_eq!(
            key_for(alg("hmac-sha256"), b"abc", 9).unwrap().bytes(),
            b"aca"
        );
        assert_eq!(key_for(alg("multimixer-128"), b"k", 64).unwrap().len(), 64);
        for a in Algorithm::all() {
            let key = key_for(a, b"seed", 96);
            assert!(
                a.hasher(key.as_ref(), &crate::Params::default()).is_ok(),
                "{}",
                a.name
            );
        }
    }

    /// The preimage hashes to its target: against the `twox-hash` crate on random
    /// targets (and the all-zero and all-one ones), and against `xxhsum -H2` (a missing
    /// xxhsum fails the test, as in the CLI tests; `.ci/run` installs it).
    #[test]
    fn xxh128_preimages_hash_to_their_target() {
        let xxh128 = |data: &[u8]| twox_hash::XxHash3_128::oneshot(data).to_be_bytes();
        let mut rng = TestRng::new(0x0128);
        let mut targets = vec![[0u8; 16], [0xff; 16]];
        targets.extend((0..1000).map(|_| rng.array::<16>()));
        for t in &targets {
            let p = xxh128_preimage(*t);
            assert_eq!(xxh128(&p), *t, "{}", hex::encode(t));
        }
        // xxhsum, on files holding the first few preimages.
        let dir = tempfile::tempdir().unwrap();
        let names: Vec<String> = (0..8).map(|i| format!("p{i}")).collect();
        for (n, t) in names.iter().zip(&targets) {
            std::fs::write(dir.path().join(n), xxh128_preimage(*t)).unwrap();
        }
        let out = std::process::Command::new("xxhsum")
            .arg("-H2")
            .args(&names)
            .current_dir(dir.path())
            .output()
            .expect("xxhsum (Debian package xxhash) is needed for this test");
        assert!(out.status.success());
        let want: String = names
            .iter()
            .zip(&targets)
            .map(|(n, t)| format!("{}  {n}\n", hex::encode(t)))
            .collect();
        assert_eq!(String::from_utf8_lossy(&out.stdout), want);
    }
}
