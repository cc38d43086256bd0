//! HighwayHash-64/128/256 (Alakuijala, Cox, Wassenberg, "Fast keyed hash/pseudo-random
//! function using SIMD multiply and permute", 2016), byte-compatible with
//! google/highwayhash and minio/highwayhash.
//!
//! Layout: this file owns the state (plain data in the portable layout: `v0`, `v1`,
//! `mul0`, `mul1` as four `u64` lanes each), the 32-byte packet buffering, the
//! remainder packet, the output words and the dispatch. Each backend is one file in
//! `highway/` with the same functions:
//!
//! - `update_packets(&mut State, packets)`: absorbs whole 32-byte packets (the hot loop,
//!   run once per `update` call so vector loads and stores of the state are amortised);
//! - `finalize(&State, tail, words) -> [u64; 4]`: finishes a copy of the state: the
//!   0..=31-byte tail (if any), the 4, 6 or 10 permute-and-update rounds and the output
//!   words, all in the backend's registers;
//! - `whole(&State, data, words) -> [u64; 4]`: a whole message from a keyed state, which
//!   never leaves registers (the one-call `Hasher::digest_whole_into`);
//! - `hash(key, data, words) -> [u64; 4]`: the same with the key setup included (the
//!   one-shot [`hash_words`]).
//!
//! The portable backend is the reference; SSE4.1 keeps each state vector in two 128-bit
//! halves, AVX2 in one 256-bit register. (An AVX-512VL build of the AVX2 code measured
//! no faster: the work is one latency-bound dependency chain, 7 cycles a packet, that
//! wider registers do not shorten.) The backend is chosen once, when the hasher is built.
//!
//! Output: each 64-bit result word little-endian, words in lane order (minio's byte
//! form; the C/C++ API returns the words).

use crate::backend::{self, Available, Backend, Entry, Table};
use crate::hasher::{BlockBuffer, Error, Hasher};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

/// The entry points of a SIMD backend, each with `#[target_feature(enable = $feat)]`, over
/// the backend's own `Regs` (`regs`, `unregs`, `regs_from_key`), `update`, `load_packet`,
/// `prefetch` and `finish`. The packet loop lives here, for every ISA alike: two packets
/// (one cache line) per iteration, prefetching [`PREFETCH`] bytes ahead.
macro_rules! packet_entry_points {
    ($feat:literal) => {
        /// Absorbs whole packets, the state in registers.
        #[inline]
        #[target_feature(enable = $feat)]
        fn absorb(r: &mut Regs, packets: &[[u8; PACKET]]) {
            let (pairs, last) = packets.as_chunks::<2>();
            for [p, q] in pairs {
                prefetch(p.as_ptr().wrapping_add(super::PREFETCH));
                update(r, load_packet(p));
                update(r, load_packet(q));
            }
            for p in last {
                update(r, load_packet(p));
            }
        }

        /// Absorbs whole 32-byte packets (`packets.len()` a multiple of 32). Never inlined
        /// into the kernel table's wrapper (where the features are baseline, as NEON's),
        /// so the loop keeps its own symbol for `benches/arm_mca.py`.
        #[inline(never)]
        #[target_feature(enable = $feat)]
        pub(super) fn update_packets(s: &mut State, packets: &[u8]) {
            let mut r = regs(s);
            absorb(&mut r, packets.as_chunks::<PACKET>().0);
            unregs(s, &r);
        }

        /// Finishes a copy of the state: absorbs the 0..=31-byte `tail` (nothing when
        /// empty), runs the permute-and-update rounds and returns the `words` (1, 2 or 4)
        /// output words.
        #[target_feature(enable = $feat)]
        pub(super) fn finalize(s: &State, tail: &[u8], words: usize) -> [u64; 4] {
            finish(regs(s), tail, words)
        }

        /// The hash of `data` as a whole message from the state `s` (left unchanged), the
        /// state in registers throughout: the one-call path (`Hasher::digest_whole_into`).
        #[target_feature(enable = $feat)]
        pub(super) fn whole(s: &State, data: &[u8], words: usize) -> [u64; 4] {
            let mut r = regs(s);
            let (packets, tail) = data.as_chunks::<PACKET>();
            absorb(&mut r, packets);
            finish(r, tail, words)
        }

        /// One-shot hash of `data` under `key`, with the state in registers throughout.
        #[target_feature(enable = $feat)]
        pub(super) fn hash(key: &[u8; 32], data: &[u8], words: usize) -> [u64; 4] {
            let mut r = regs_from_key(key);
            let (packets, tail) = data.as_chunks::<PACKET>();
            absorb(&mut r, packets);
            finish(r, tail, words)
        }
    };
}
use packet_entry_points;

/// How far ahead of the packet being absorbed the SIMD packet loop prefetches. The loop
/// is one dependency chain, so demand loads from memory stall it; prefetching 2 KiB
/// ahead took a 256 MiB buffer from about 3 to about 5 GB/s on the development machine
/// (memory-bound there), and costs nothing measurable in cache.
const PREFETCH: usize = 2048;

mod portable;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2;
#[cfg(target_arch = "aarch64")]
#[allow(unsafe_code)]
mod neon;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sse41;

/// One backend's block functions.
struct Kernels {
    /// Absorbs whole packets.
    update_packets: fn(&mut State, &[u8]),
    /// Finishes a copy of the state (tail, rounds, output words).
    finalize: fn(&State, &[u8], usize) -> [u64; 4],
    /// A whole message from a keyed state, the state in registers.
    whole: fn(&State, &[u8], usize) -> [u64; 4],
    /// One-shot hash with the state in registers.
    hash: fn(&[u8; 32], &[u8], usize) -> [u64; 4],
}

/// Every backend's kernels, best first. SAFETY of the SIMD entries: see
/// [`crate::backend::simd_kernel`]; this table is read only through `backend::select`
/// and `backend::best`.
#[allow(unsafe_code)]
static KERNELS: &Table<Kernels> = &Table::new(&[
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Avx2,
        kernels: Kernels {
            update_packets: backend::simd_kernel!(avx2::update_packets, |s, p|),
            finalize: backend::simd_kernel!(avx2::finalize, |s, t, w|),
            whole: backend::simd_kernel!(avx2::whole, |s, d, w|),
            hash: backend::simd_kernel!(avx2::hash, |k, d, w|),
        },
    },
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Sse41,
        kernels: Kernels {
            update_packets: backend::simd_kernel!(sse41::update_packets, |s, p|),
            finalize: backend::simd_kernel!(sse41::finalize, |s, t, w|),
            whole: backend::simd_kernel!(sse41::whole, |s, d, w|),
            hash: backend::simd_kernel!(sse41::hash, |k, d, w|),
        },
    },
    #[cfg(target_arch = "aarch64")]
    Entry {
        backend: Backend::Neon,
        kernels: Kernels {
            update_packets: backend::simd_kernel!(neon::update_packets, |s, p|),
            finalize: backend::simd_kernel!(neon::finalize, |s, t, w|),
            whole: backend::simd_kernel!(neon::whole, |s, d, w|),
            hash: backend::simd_kernel!(neon::hash, |k, d, w|),
        },
    },
    Entry {
        backend: Backend::Portable,
        kernels: Kernels {
            update_packets: portable::update_packets,
            finalize: portable::finalize,
            whole: portable::whole,
            hash: portable::hash,
        },
    },
]);

/// Backends, best first.
pub(crate) fn backends() -> Vec<Backend> {
    backend::backends(KERNELS)
}

/// Bytes per packet (one update of the state).
pub(crate) const PACKET: usize = 32;

/// Initial `mul0` lanes: hex digits of pi. Source: google/highwayhash `c/highwayhash.c`,
/// `HighwayHashReset` (lane order 0..3).
const INIT_MUL0: [u64; 4] = [
    0xdbe6_d5d5_fe4c_ce2f,
    0xa409_3822_299f_31d0,
    0x1319_8a2e_0370_7344,
    0x243f_6a88_85a3_08d3,
];

/// Initial `mul1` lanes. Source: google/highwayhash `c/highwayhash.c`, `HighwayHashReset`.
const INIT_MUL1: [u64; 4] = [
    0x3bd3_9e10_cb0e_f593,
    0xc0ac_f169_b5f1_8a8c,
    0xbe54_66cf_34e9_0c6c,
    0x4528_21e6_38d0_1377,
];

/// The byte permutation "zipper merge" applies to each pair of lanes (lane `2i` = bytes
/// 0..8, lane `2i + 1` = bytes 8..16): result byte `j` is source byte `ZIPPER[j]`.
/// Source: google/highwayhash `highwayhash/hh_avx2.h`, `ZipperMerge` (the `_mm256_shuffle_epi8`
/// mask `lo = 0x000F010E05020C03`, `hi = 0x070806090D0A040B`, read byte by byte).
pub(crate) const ZIPPER: [u8; 16] = [3, 12, 2, 5, 14, 1, 15, 0, 11, 4, 10, 13, 9, 6, 8, 7];

/// The HighwayHash state, in the portable layout every backend loads and stores.
/// Key-derived, so it is wiped on drop.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub(crate) struct State {
    pub(crate) v0: [u64; 4],
    pub(crate) v1: [u64; 4],
    pub(crate) mul0: [u64; 4],
    pub(crate) mul1: [u64; 4],
}

impl State {
    /// The initial state for a key of four 64-bit lanes.
    pub(crate) fn new(key: &[u64; 4]) -> State {
        let mut s = State {
            v0: [0; 4],
            v1: [0; 4],
            mul0: INIT_MUL0,
            mul1: INIT_MUL1,
        };
        for i in 0..4 {
            s.v0[i] = INIT_MUL0[i] ^ key[i];
            s.v1[i] = INIT_MUL1[i] ^ key[i].rotate_left(32);
        }
        s
    }

    /// The output words after finalization: 1, 2 or 4 of them (the rest are zero).
    pub(crate) fn output(&self, words: usize) -> [u64; 4] {
        let w = |i: usize| [self.v0[i], self.mul0[i], self.v1[i], self.mul1[i]];
        let sum = |x: [u64; 4]| x.iter().fold(0u64, |a, &b| a.wrapping_add(b));
        match words {
            1 => [sum(w(0)), 0, 0, 0],
            2 => {
                // Lanes i and i + 2 (v0/mul0 from the low half, v1/mul1 from the high one).
                let h =
                    |i: usize| sum([self.v0[i], self.mul0[i], self.v1[i + 2], self.mul1[i + 2]]);
                [h(0), h(1), 0, 0]
            }
            _ => {
                let a = |i: usize| self.v0[i].wrapping_add(self.mul0[i]);
                let b = |i: usize| self.v1[i].wrapping_add(self.mul1[i]);
                let (lo0, lo1) = modular_reduction([a(0), a(1), b(0), b(1)]);
                let (hi0, hi1) = modular_reduction([a(2), a(3), b(2), b(3)]);
                [lo0, lo1, hi0, hi1]
            }
        }
    }
}

/// Reduces the 256-bit number `x` (four 64-bit limbs, least significant first, top two
/// bits ignored) modulo the irreducible polynomial x^128 + x^2 + x over GF(2), giving
/// two limbs. (HighwayHash-256's final step, as specified by google/highwayhash
/// `c/highwayhash.c`, `ModularReduction`.)
fn modular_reduction(x: [u64; 4]) -> (u64, u64) {
    let [a0, a1, a2, a3] = x;
    let a3 = a3 & (u64::MAX >> 2);
    // The high 128 bits (a3:a2) times (x^2 + x), folded onto the low 128 bits.
    let hi = (u128::from(a3) << 64) | u128::from(a2);
    let folded = (hi << 1) ^ (hi << 2);
    (a0 ^ folded as u64, a1 ^ (folded >> 64) as u64)
}

/// Permute-and-update rounds of finalization for `words` output words.
pub(crate) fn rounds(words: usize) -> usize {
    match words {
        1 => 4,
        2 => 6,
        _ => 10,
    }
}

/// The packet that absorbs a 1..=31-byte tail: whole 4-byte groups first; then, for
/// tails of 16 or more bytes, the last four bytes into bytes 28..32; otherwise the 1..=3
/// leftover bytes (first, middle, last) into bytes 16..19. (The state is also adjusted
/// by the tail length; the backends do that.)
pub(crate) fn remainder_packet(tail: &[u8]) -> [u8; PACKET] {
    debug_assert!(!tail.is_empty() && tail.len() < PACKET);
    let mut p = [0u8; PACKET];
    let n = tail.len();
    let whole = n & !3;
    p[..whole].copy_from_slice(&tail[..whole]);
    if n & 16 != 0 {
        p[28..].copy_from_slice(&tail[n - 4..]);
    } else {
        let rest = &tail[whole..];
        if let (Some(&first), Some(&last)) = (rest.first(), rest.last()) {
            p[16] = first;
            p[17] = rest[rest.len() / 2];
            p[18] = last;
        }
    }
    p
}

/// [`remainder_packet`] as four little-endian lanes, computed in registers (the SIMD
/// backends use this: a packet assembled byte by byte in memory and then loaded as a
/// vector would stall on store forwarding).
#[inline(always)]
pub(crate) fn remainder_lanes(tail: &[u8]) -> [u64; 4] {
    debug_assert!(!tail.is_empty() && tail.len() < PACKET);
    let u32_at =
        |at: usize| u32::from_le_bytes([tail[at], tail[at + 1], tail[at + 2], tail[at + 3]]);
    let n = tail.len();
    let whole = n & !3;
    let mut lanes = [0u64; 4];
    for (k, lane) in lanes.iter_mut().enumerate() {
        // Whole 4-byte groups: each lane gets eight, four or none of them.
        let at = 8 * k;
        *lane = match whole.saturating_sub(at) {
            0 => 0,
            4 => u64::from(u32_at(at)),
            _ => u64::from(u32_at(at)) | (u64::from(u32_at(at + 4)) << 32),
        };
    }
    if n & 16 != 0 {
        lanes[3] |= u64::from(u32_at(n - 4)) << 32;
    } else if whole < n {
        let rest = &tail[whole..];
        lanes[2] = u64::from(rest[0])
            | (u64::from(rest[rest.len() / 2]) << 8)
            | (u64::from(rest[rest.len() - 1]) << 16);
    }
    lanes
}

/// A streaming HighwayHash computation.
///
/// `repr(C)` with the state last: `box_clone` copies the struct with `memcpy`, whose
/// final stores (glibc's vector copy writes the last 128 bytes as two 64-byte stores,
/// last) then cover the state exactly, so the backend's 32-byte loads of it can be
/// forwarded from those stores instead of waiting for them to reach the cache (measured:
/// about 15 ns of a 64-byte hash when the state came first).
#[derive(Clone)]
#[repr(C)]
struct Highway {
    buf: BlockBuffer<PACKET>,
    words: usize,
    kernels: &'static Entry<Kernels>,
    /// Whether message bytes ever sat in `buf` (then it is wiped on drop).
    buffered: bool,
    state: State,
}

impl Drop for Highway {
    fn drop(&mut self) {
        if self.buffered {
            self.buf.wipe();
        }
    }
}

impl Highway {
    /// Absorbs whole packets.
    #[inline]
    fn update_packets(k: &Entry<Kernels>, state: &mut State, packets: &[u8]) {
        debug_assert_eq!(packets.len() % PACKET, 0);
        (k.kernels.update_packets)(state, packets);
    }
}

/// Finishes a copy of `state`: absorbs the tail, runs the finalization rounds and
/// returns the `words` output words (the lanes past `words` zero).
#[inline]
fn finalize(k: &Entry<Kernels>, state: &State, tail: &[u8], words: usize) -> [u64; 4] {
    let mut out = (k.kernels.finalize)(state, tail, words);
    // Backends leave lanes past `words` unspecified.
    out[words..].fill(0);
    out
}

/// The output words, each little-endian, in lane order.
#[inline(always)]
fn write_words(out: &mut [u8], words: &[u64]) {
    for (o, w) in out.chunks_exact_mut(8).zip(words) {
        o.copy_from_slice(&w.to_le_bytes());
    }
}

impl Hasher for Highway {
    fn update(&mut self, mut data: &[u8]) {
        if self.buf.pending().is_empty() {
            // Nothing buffered: whole packets go straight to the backend.
            let whole = data.len() / PACKET * PACKET;
            if whole > 0 {
                Highway::update_packets(self.kernels, &mut self.state, &data[..whole]);
                data = &data[whole..];
            }
            if data.is_empty() {
                return;
            }
        }
        let (state, k) = (&mut self.state, self.kernels);
        self.buf.update(data, false, |packets| {
            Highway::update_packets(k, state, packets)
        });
        // Bytes enter the buffer only when some remain there at the end of a call.
        self.buffered |= !self.buf.pending().is_empty();
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        let words = finalize(self.kernels, &self.state, self.buf.pending(), self.words);
        write_words(out, &words[..self.words]);
        Ok(())
    }

    fn digest_whole_into(
        &self,
        data: &[u8],
        out: &mut [u8],
    ) -> Result<Option<&'static str>, Error> {
        if !self.buf.pending().is_empty() {
            return crate::hasher::whole_on_stack(self, data, out);
        }
        // The prototype's state is read, never copied: the kernel keeps its working copy
        // in registers.
        let words = (self.kernels.kernels.whole)(&self.state, data, self.words);
        write_words(out, &words[..self.words]);
        Ok(None)
    }

    fn output_len(&self) -> usize {
        8 * self.words
    }

    fn backend(&self) -> Backend {
        self.kernels.backend
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

/// Parses a 32-byte key into four little-endian lanes.
fn key_lanes(key: &[u8]) -> Result<Zeroizing<[u64; 4]>, Error> {
    if key.len() != 32 {
        return Err(bad_key(key.len()));
    }
    let mut lanes = Zeroizing::new([0u64; 4]);
    for (l, c) in lanes.iter_mut().zip(key.chunks_exact(8)) {
        *l = u64::from_le_bytes(c.try_into().unwrap_or_default());
    }
    Ok(lanes)
}

fn bad_key(len: usize) -> Error {
    Error::BadKey(format!("highwayhash needs a 32-byte key, got {len} bytes"))
}

fn check_words(words: usize) -> Result<(), Error> {
    if matches!(words, 1 | 2 | 4) {
        Ok(())
    } else {
        Err(Error::BadParameter(format!(
            "highwayhash produces 1, 2 or 4 words, not {words}"
        )))
    }
}

fn no_backend(b: Backend) -> Error {
    Error::BadParameter(format!("highwayhash has no {b} backend"))
}

/// Builds a HighwayHash hasher with `words` 64-bit output words (1, 2 or 4) on the
/// proven backend.
pub(crate) fn new(proof: Available, words: usize, key: &[u8]) -> Result<Box<dyn Hasher>, Error> {
    check_words(words)?;
    let kernels = backend::select(KERNELS, proof).ok_or_else(|| no_backend(proof.backend()))?;
    let lanes = key_lanes(key)?;
    Ok(Box::new(Highway {
        state: State::new(&lanes),
        buf: BlockBuffer::default(),
        words,
        buffered: false,
        kernels,
    }))
}

/// One-shot HighwayHash of `data` on `backend` (for benchmarks and callers that hold the
/// whole message), with the state in registers throughout: `words` output words (1, 2 or
/// 4) in lanes `0..words`, the other lanes zero.
///
/// # Errors
/// A key that is not 32 bytes, an unsupported word count, or a backend that this CPU
/// lacks or HighwayHash does not have.
pub fn hash_words(
    backend: Backend,
    words: usize,
    key: &[u8],
    data: &[u8],
) -> Result<[u64; 4], Error> {
    check_words(words)?;
    let k = Available::detect(backend)
        .and_then(|proof| backend::select(KERNELS, proof))
        .ok_or_else(|| no_backend(backend))?;
    let Ok(key) = <&[u8; 32]>::try_from(key) else {
        return Err(bad_key(key.len()));
    };
    let mut out = (k.kernels.hash)(key, data, words);
    out[words..].fill(0);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zipper_table_is_a_permutation() {
        let mut seen = [false; 16];
        for &i in &ZIPPER {
            assert!(!seen[usize::from(i)]);
            seen[usize::from(i)] = true;
        }
    }

    #[test]
    fn remainder_packet_layout() {
        let tail: Vec<u8> = (1..=31).collect();
        // 3 bytes: first, middle, last into 16..19.
        let p = remainder_packet(&tail[..3]);
        assert_eq!(&p[16..19], &[1, 2, 3]);
        assert!(p[..16].iter().chain(&p[19..]).all(|&b| b == 0));
        // 2 bytes: first, second (middle = index 1), last.
        let p = remainder_packet(&tail[..2]);
        assert_eq!(&p[16..19], &[1, 2, 2]);
        // 7 bytes: one whole group, then bytes 5,6,7 (first, middle, last of 3).
        let p = remainder_packet(&tail[..7]);
        assert_eq!(&p[..4], &[1, 2, 3, 4]);
        assert_eq!(&p[16..19], &[5, 6, 7]);
        // 8 bytes: two whole groups, nothing else.
        let p = remainder_packet(&tail[..8]);
        assert_eq!(&p[..8], &tail[..8]);
        assert!(p[8..].iter().all(|&b| b == 0));
        // 18 bytes: 16 whole, the last four (15..18) into 28..32.
        let p = remainder_packet(&tail[..18]);
        assert_eq!(&p[..16], &tail[..16]);
        assert_eq!(&p[28..], &tail[14..18]);
        assert!(p[16..28].iter().all(|&b| b == 0));
        // 31 bytes: 28 whole, then the last four.
        let p = remainder_packet(&tail);
        assert_eq!(&p[..28], &tail[..28]);
        assert_eq!(&p[28..], &tail[27..31]);
    }

    #[test]
    fn remainder_lanes_match_packet() {
        let tail: Vec<u8> = (0..31).map(|i| 0x80 | i).collect();
        for n in 1..32 {
            let p = remainder_packet(&tail[..n]);
            let want: Vec<u64> = p
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
                .collect();
            assert_eq!(remainder_lanes(&tail[..n]).to_vec(), want, "{n}");
        }
    }

    #[test]
    fn modular_reduction_small_cases() {
        // Nothing above bit 127: unchanged.
        assert_eq!(modular_reduction([5, 7, 0, 0]), (5, 7));
        // x^128 = x^2 + x.
        assert_eq!(modular_reduction([0, 0, 1, 0]), (0b110, 0));
        // x^191 = x^65 + x^64 (reduced limb by limb: bits carried into the upper limb).
        assert_eq!(modular_reduction([0, 0, 1 << 63, 0]), (0, 0b11));
        // The top two bits of the input are ignored.
        assert_eq!(modular_reduction([0, 0, 0, 3 << 62]), (0, 0));
    }

    #[test]
    fn initial_state_from_key() {
        let s = State::new(&[0; 4]);
        assert_eq!((s.v0, s.v1), (INIT_MUL0, INIT_MUL1));
        let s = State::new(&[1 << 32, 0, 0, 0]);
        assert_eq!(s.v0[0], INIT_MUL0[0] ^ (1 << 32));
        assert_eq!(s.v1[0], INIT_MUL1[0] ^ 1);
    }

    fn available() -> Vec<&'static Entry<Kernels>> {
        backend::available(KERNELS).collect()
    }

    fn portable() -> &'static Entry<Kernels> {
        backend::select(KERNELS, Available::PORTABLE).unwrap()
    }

    /// Every backend agrees with the portable one on the raw state after whole packets,
    /// and on the output words for every tail length and word count.
    #[test]
    fn backends_agree_with_portable() {
        let data: Vec<u8> = (0..32 * 5 + 31).map(|i| (i * 7 + 3) as u8).collect();
        let key = [1u64, 2, 3, u64::MAX];
        for b in available() {
            for packets in 0..=5 {
                let mut want = State::new(&key);
                let mut got = State::new(&key);
                let (p, tails) = data.split_at(packets * 32);
                portable::update_packets(&mut want, p);
                Highway::update_packets(b, &mut got, p);
                let msg = format!("{} packets {packets}", b.backend);
                assert_eq!(got.v0, want.v0, "{msg}");
                assert_eq!(got.v1, want.v1, "{msg}");
                assert_eq!(got.mul0, want.mul0, "{msg}");
                assert_eq!(got.mul1, want.mul1, "{msg}");
                for tail in 0..32 {
                    for words in [1, 2, 4] {
                        let t = &tails[..tail];
                        assert_eq!(
                            finalize(b, &got, t, words),
                            finalize(portable(), &want, t, words),
                            "{msg} tail {tail} words {words}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn one_shot_matches_streaming() {
        let key: Vec<u8> = (0..32).collect();
        let data: Vec<u8> = (0..200u8).collect();
        for b in available().into_iter().map(|e| e.backend) {
            for words in [1, 2, 4] {
                for len in [0, 1, 31, 32, 33, 64, 200] {
                    let mut h = new(Available::detect(b).unwrap(), words, &key).unwrap();
                    h.update(&data[..len]);
                    let bytes = h.finalize().unwrap();
                    let w = hash_words(b, words, &key, &data[..len]).unwrap();
                    let want: Vec<u8> = w[..words].iter().flat_map(|x| x.to_le_bytes()).collect();
                    assert_eq!(bytes, want, "{b} {words} {len}");
                }
            }
        }
    }

    #[test]
    fn bad_key_and_words() {
        assert!(matches!(
            new(Available::PORTABLE, 4, &[0; 31]),
            Err(Error::BadKey(_))
        ));
        assert!(matches!(
            new(Available::PORTABLE, 3, &[0; 32]),
            Err(Error::BadParameter(_))
        ));
    }
}
