//! SHA-1 (FIPS 180-4) with collision detection, byte-compatible with `sha1sum`: the
//! digest is plain SHA-1 for every input, and an input carrying a known collision-attack
//! pattern gets a [notice](Hasher::notice) ([`SHA1_COLLISION`]). Broken for security.
//!
//! Each backend computes the digest its fastest way and keeps the expanded message it
//! computes anyway; the detection (`sha1/dc.rs`, shared by all backends) runs sha1dc's
//! unavoidable-bit-condition check on it, and recompresses in software only the rare
//! blocks the check flags (4.7% of random blocks). Backends, one file each:
//! - `shani` (x86-64 SHA extensions): the digest in the SHA units, the check in scalar
//!   registers beside them;
//! - `armv8` (aarch64 SHA-1 instructions);
//! - `portable`: the reference, the textbook compression.
//!
//! Before khsum had its own, SHA-1 was the `sha1-checked` crate (sha1dc's software
//! compression with the check), which took 1.64 to 1.8 times GNU `sha1sum`'s time (which
//! has no detection); it is the oracle of the differential tests now.

mod dc;
mod portable;

#[cfg(target_arch = "aarch64")]
#[allow(unsafe_code)]
mod armv8;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod shani;

use crate::alg::mdhash::{Core, MdHasher};
use crate::backend::{self, Available, Backend, Entry, Table};
use crate::hasher::{Error, Hasher};

/// What SHA-1 says of an input that carries a collision-attack pattern.
pub const SHA1_COLLISION: &str = "SHA-1 collision attack detected: this file was made to share its SHA-1 digest with a different file, so the digest does not vouch for its content";

/// One backend's block function: absorbs whole 64-byte blocks, true when one of them
/// carries a collision attack.
struct Kernels {
    compress: fn(&mut [u32; 5], &[u8]) -> bool,
}

/// Every backend's kernels, best first. SAFETY of the SIMD entries: see
/// [`crate::backend::simd_kernel`]; this table is read only through `backend::select`.
#[allow(unsafe_code)]
static KERNELS: &Table<Kernels> = &Table::new(&[
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::ShaNi,
        kernels: Kernels {
            compress: backend::simd_kernel!(shani::compress, |s, b|),
        },
    },
    #[cfg(target_arch = "aarch64")]
    Entry {
        backend: Backend::ArmSha2,
        kernels: Kernels {
            compress: backend::simd_kernel!(armv8::compress, |s, b|),
        },
    },
    Entry {
        backend: Backend::Portable,
        kernels: Kernels {
            compress: portable::compress,
        },
    },
]);

/// Backends, best first.
pub(crate) fn backends() -> Vec<Backend> {
    backend::backends(KERNELS)
}

/// Bytes per block.
const BLOCK: usize = 64;

/// The initial chaining value (FIPS 180-4 §5.3.1).
const IV: [u32; 5] = [
    0x6745_2301,
    0xefcd_ab89,
    0x98ba_dcfe,
    0x1032_5476,
    0xc3d2_e1f0,
];

#[derive(Clone)]
struct Sha1 {
    state: [u32; 5],
    /// Whether any block so far carried a collision attack.
    collision: bool,
    kernels: &'static Entry<Kernels>,
}

impl Core for Sha1 {
    const BLOCK: usize = BLOCK;
    const LEN_BYTES: usize = 8;
    const BIG_ENDIAN: bool = true;

    fn compress(&mut self, blocks: &[u8]) {
        self.collision |= (self.kernels.kernels.compress)(&mut self.state, blocks);
    }

    fn output(&self, out: &mut [u8]) {
        for (o, w) in out.chunks_exact_mut(4).zip(self.state) {
            o.copy_from_slice(&w.to_be_bytes());
        }
    }

    fn notice(&self) -> Option<&'static str> {
        self.collision.then_some(SHA1_COLLISION)
    }

    fn backend(&self) -> Backend {
        self.kernels.backend
    }
}

/// A SHA-1 hasher with collision detection on the proven backend.
///
/// # Errors
/// A backend SHA-1 does not have.
pub(crate) fn new(proof: Available) -> Result<Box<dyn Hasher>, Error> {
    let Some(kernels) = backend::select(KERNELS, proof) else {
        let name = proof.backend();
        return Err(Error::BadParameter(format!("sha1 has no {name} backend")));
    };
    Ok(Box::new(MdHasher::<Sha1, BLOCK>::new(
        Sha1 {
            state: IV,
            collision: false,
            kernels,
        },
        20,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::TestRng;

    /// sha1dc through the `sha1-checked` crate: the digest and whether it detected an
    /// attack.
    fn oracle(data: &[u8]) -> (Vec<u8>, bool) {
        let mut h = sha1_checked::Sha1::builder()
            .detect_collision(true)
            .safe_hash(false)
            .build();
        sha2::Digest::update(&mut h, data);
        let r = h.try_finalize();
        (r.hash().to_vec(), r.has_collision())
    }

    /// One condition: bit `sa` of `W[a]` XOR bit `sb` of `W[b]` is `v`, as `(a, sa, b, sb, v)`.
    type Condition = (usize, usize, usize, usize, u32);

    /// sha1dc's directly verifiable conditions (`tests/data/sha1dc/ubc_conditions.txt`): for each DV, the
    /// list of `(a, sa, b, sb, v)`, "bit `sa` of `W[a]` XOR bit `sb` of `W[b]` is `v`".
    fn sha1dc_conditions() -> Vec<Vec<Condition>> {
        let text = include_str!("../../tests/data/sha1dc/ubc_conditions.txt");
        let mut dvs: Vec<Vec<Condition>> = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let n: Vec<usize> = line.split(' ').map(|x| x.parse().unwrap()).collect();
            let [dv, a, sa, b, sb, v] = n[..] else {
                panic!("bad line {line}")
            };
            if dv == dvs.len() {
                dvs.push(Vec::new());
            }
            assert_eq!(dv + 1, dvs.len(), "DVs in order");
            dvs[dv].push((a, sa, b, sb, v as u32));
        }
        assert_eq!(
            (dvs.len(), dvs.iter().map(Vec::len).sum::<usize>()),
            (32, 373)
        );
        dvs
    }

    /// Bit `j` of expanded word `t`, as the set of the 512 message bits (bit `32 s + i`:
    /// bit `i` of word `s`) whose XOR it is.
    fn forms() -> Vec<[[u64; 8]; 32]> {
        let mut f = vec![[[0u64; 8]; 32]; 80];
        for t in 0..80 {
            for j in 0..32 {
                if t < 16 {
                    let bit = 32 * t + j;
                    f[t][j][bit / 64] |= 1 << (bit % 64);
                } else {
                    // Bit j of a rotation left by one is bit j - 1 of the word.
                    let i = (j + 31) % 32;
                    f[t][j] = std::array::from_fn(|k| {
                        f[t - 3][i][k] ^ f[t - 8][i][k] ^ f[t - 14][i][k] ^ f[t - 16][i][k]
                    });
                }
            }
        }
        f
    }

    /// A random 64-byte block whose expanded message satisfies the `conditions` (linear
    /// equations over the message bits, solved by Gaussian elimination with random free
    /// bits), except the `flip`th, which it violates; `None` when that is impossible
    /// (the conditions are dependent).
    fn block_meeting(
        conditions: &[Condition],
        flip: Option<usize>,
        f: &[[[u64; 8]; 32]],
        rng: &mut TestRng,
    ) -> Option<[u8; 64]> {
        let bit = |v: &[u64; 8], p: usize| v[p / 64] >> (p % 64) & 1 == 1;
        // Reduced rows: (pivot bit, form, value), each pivot in no other row.
        let mut rows: Vec<(usize, [u64; 8], u32)> = Vec::new();
        for (i, &(a, sa, b, sb, v)) in conditions.iter().enumerate() {
            let mut form: [u64; 8] = std::array::from_fn(|k| f[a][sa][k] ^ f[b][sb][k]);
            let mut value = v ^ u32::from(flip == Some(i));
            for (p, rf, rv) in &rows {
                if bit(&form, *p) {
                    form.iter_mut().zip(rf).for_each(|(x, y)| *x ^= y);
                    value ^= rv;
                }
            }
            let Some(p) = (0..512).find(|&p| bit(&form, p)) else {
                if value != 0 {
                    return None;
                }
                continue;
            };
            for (_, rf, rv) in &mut rows {
                if bit(rf, p) {
                    rf.iter_mut().zip(&form).for_each(|(x, y)| *x ^= y);
                    *rv ^= value;
                }
            }
            rows.push((p, form, value));
        }
        let mut x: [u64; 8] = std::array::from_fn(|_| rng.next_u64());
        for (p, form, value) in &rows {
            x[p / 64] &= !(1 << (p % 64));
            let parity = form
                .iter()
                .zip(&x)
                .map(|(a, b)| (a & b).count_ones())
                .sum::<u32>();
            if parity & 1 != *value {
                x[p / 64] |= 1 << (p % 64);
            }
        }
        let mut block = [0u8; 64];
        for (t, word) in block.chunks_exact_mut(4).enumerate() {
            let bits = (x[t / 2] >> (32 * (t % 2))) as u32;
            word.copy_from_slice(&bits.to_be_bytes());
        }
        Some(block)
    }

    fn expanded(block: &[u8; 64]) -> [u32; 80] {
        let words: [u32; 16] = std::array::from_fn(|t| {
            u32::from_be_bytes(block[4 * t..4 * t + 4].try_into().unwrap())
        });
        dc::expand(&words)
    }

    /// The mask sha1dc's verifiable check gives.
    fn sha1dc_mask(conditions: &[Vec<Condition>], w: &[u32; 80]) -> u32 {
        let holds = |&(a, sa, b, sb, v): &Condition| ((w[a] >> sa) ^ (w[b] >> sb)) & 1 == v;
        (0..32)
            .filter(|&d| conditions[d].iter().all(holds))
            .map(|d| 1 << d)
            .sum()
    }

    #[test]
    fn the_condition_check_equals_sha1dcs() {
        // Against sha1dc's directly verifiable conditions: for each DV, blocks meeting all
        // of them, and blocks violating exactly one; and random blocks. khsum's mask must
        // be sha1dc's, in both lane orders the backends use.
        let dvs = sha1dc_conditions();
        let f = forms();
        let mut rng = TestRng::new(26);
        let check = |w: [u32; 80]| {
            let want = sha1dc_mask(&dvs, &w);
            assert_eq!(dc::ubc_mask::<0>(&w), want);
            let swapped: [u32; 80] = std::array::from_fn(|i| w[i ^ 3]);
            assert_eq!(dc::ubc_mask::<3>(&swapped), want);
            want
        };
        let (mut met, mut violated) = (0, 0);
        for (dv, conditions) in dvs.iter().enumerate() {
            for _ in 0..8 {
                let block = block_meeting(conditions, None, &f, &mut rng).unwrap();
                assert_eq!(check(expanded(&block)) >> dv & 1, 1, "DV {dv}");
                met += 1;
            }
            for flip in 0..conditions.len() {
                if let Some(block) = block_meeting(conditions, Some(flip), &f, &mut rng) {
                    assert_eq!(check(expanded(&block)) >> dv & 1, 0, "DV {dv}, {flip}");
                    violated += 1;
                }
            }
        }
        for _ in 0..5000 {
            check(dc::expand(&std::array::from_fn(|_| rng.next_u64() as u32)));
        }
        assert_eq!(met, 256);
        assert!(violated >= 300, "{violated}");
    }

    #[test]
    fn every_disturbance_vector_is_recompressed_as_sha1dc_does() {
        // For each DV, blocks that pass all its conditions (so every backend runs the
        // recompression for it), after a random prefix and before a random tail: every
        // backend gives sha1dc's digest and verdict (no attack: these blocks make no
        // collision).
        let dvs = sha1dc_conditions();
        let f = forms();
        let mut rng = TestRng::new(52);
        let alg = crate::Algorithm::lookup("sha1").unwrap();
        for conditions in &dvs {
            for _ in 0..4 {
                let block = block_meeting(conditions, None, &f, &mut rng).unwrap();
                let prefix = 64 * rng.below(3) as usize;
                let tail = rng.below(130) as usize;
                let mut msg = rng.bytes(prefix);
                msg.extend_from_slice(&block);
                msg.extend(rng.bytes(tail));
                let (want, attack) = oracle(&msg);
                assert!(!attack);
                for b in alg.available_backends() {
                    let proto = alg.hasher_on(b, None, &crate::Params::default());
                    let d = proto.unwrap().unwrap().digest_whole(&msg).unwrap();
                    assert_eq!((d.to_vec(), d.notice()), (want.clone(), None), "{b}");
                }
            }
        }
    }

    #[test]
    fn random_blocks_are_rarely_flagged() {
        // About 4.7% of random blocks pass some DV's conditions (the measured rate of
        // sha1dc's check); the speed of the whole design rests on that.
        let mut rng = TestRng::new(3);
        let n = 20_000;
        let flagged = (0..n)
            .filter(|_| {
                let m: [u32; 16] = std::array::from_fn(|_| rng.next_u64() as u32);
                dc::ubc_mask::<0>(&dc::expand(&m)) != 0
            })
            .count();
        assert!((600..1300).contains(&flagged), "{flagged} of {n}");
    }

    #[test]
    fn a_collision_attack_is_noticed_at_any_split_on_every_backend() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sha1-collision");
        let attack = std::fs::read(dir.join("sha-mbles-1.bin")).unwrap();
        let plain = crate::testutil::TestRng::new(14).bytes(attack.len());
        let alg = crate::Algorithm::lookup("sha1").unwrap();
        for b in alg.available_backends() {
            let proto = alg
                .hasher_on(b, None, &crate::Params::default())
                .unwrap()
                .unwrap();
            assert_eq!(proto.backend(), b);
            for (data, want) in [(&attack, Some(SHA1_COLLISION)), (&plain, None)] {
                let whole = proto.digest_whole(data).unwrap();
                assert_eq!(whole.notice(), want, "{b}");
                for cut in [0, 1, 63, 64, 65, 300, data.len()] {
                    let mut h = proto.box_clone();
                    h.update(&data[..cut]);
                    h.update(&data[cut..]);
                    let mut out = [0u8; 20];
                    h.finish_into(&mut out).unwrap();
                    assert_eq!(h.notice(), want, "{b}: cut {cut}");
                    assert_eq!(out[..], whole[..], "{b}: cut {cut}");
                }
            }
            assert_eq!(
                hex::encode(&*proto.digest_whole(&attack).unwrap()),
                "8ac60ba76f1999a1ab70223f225aefdc78d4ddc0"
            );
        }
    }
}
