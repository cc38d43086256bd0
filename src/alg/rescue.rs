//! Rescue Prime Rp64_256: the Rescue-XLIX sponge over the Goldilocks field
//! p = 2^64 − 2^32 + 1, as Winterfell (winter-crypto 0.13.1) instantiates it.
//!
//! State: 12 field elements; capacity 0..4, rate 4..12, digest 4..8. Permutation: 7 rounds
//! of x^7 → MDS → ARK1 → x^(1/7) → MDS → ARK2 (constants in `rescue/constants.rs`, from
//! Winterfell; see `kats/rescue_rp64_256_constants.txt`). Element hashing: the element
//! count goes into `state[0]`, elements are added into the rate 8 at a time with a
//! permutation after each full block and one more for a final partial block (zero
//! padded); no element input means no permutation (an all-zero digest). [`Rp64_256`]
//! offers the permutation, `hash_elements`, `merge` and byte hashing, bit-for-bit equal to
//! winter-crypto's (see `tests/rescue.rs`).
//!
//! # Hashing bytes (`khsum -a rescue-prime`)
//!
//! Bytes are cut into 7-byte chunks, each read as a little-endian integer (always below
//! p); the last chunk, full or not, gets one `0x01` byte appended (then zeros up to 8
//! bytes). The number of chunks, ⌈len/7⌉, goes into `state[0]` before anything is absorbed,
//! and the chunks are absorbed like elements. The digest is the four canonical digest
//! elements, each 8 bytes little-endian (32 bytes). Empty input gives the all-zero digest.
//!
//! **Difference from winter-crypto 0.13.1.** For every input of at most 56 bytes, khsum's
//! `rescue-prime` digest equals the bytes of `Rp64_256::hash(bytes)` in winter-crypto
//! 0.13.1. Longer inputs follow the padding that `hash` is documented to apply, which the
//! 0.13.1 code does not: it compares a position inside the rate with the total number of
//! chunks to find the last chunk, so above 56 bytes it never finds it. It then panics when
//! the length is not a multiple of 7, and leaves out the `0x01` padding byte when the
//! length is a multiple of 7. khsum always pads the last chunk. Its digests of inputs
//! longer than 56 bytes therefore cannot be checked against winter-crypto 0.13.1: the
//! crate panics or returns a different value.
//!
//! # Streaming
//!
//! The chunk count enters `state[0]` before the first permutation, and the permutation is
//! not linear, so nothing can be absorbed before the total length is known (Winterfell
//! says so too: "cannot be used in a stream mode"). A [`RescueHasher`] whose length has
//! been announced ([`RescueHasher::with_len`], [`RescueHasher::expect_len`]) absorbs as
//! data arrives, in constant memory, and fails at [`Hasher::finish_into`] if the length
//! differs. Without an announced length, it keeps the input in memory until
//! `finalize`.
//!
//! # Backends
//!
//! The backend is chosen once ([`Rp64_256::new`]) and each backend file exposes one
//! function, `absorb(state, blocks)`, that runs the permutation over a run of rate blocks,
//! so register loads and dispatch are paid once per run. Portable `u64` arithmetic
//! (`rescue/portable.rs`, over `rescue/field.rs`, Montgomery form inside the
//! permutation) is the reference.
//!
//! The inverse S-box x^(1/7) is the cost centre: 71 multiplications per element and round
//! in every backend (63 of them squarings; the chain of `field::exp_inv7_with` and
//! `simd.rs`, with e = 16·S·(2^32 + 3) + 7, S = Σ_{i<10} 8^i). Within one
//! permutation that is a chain of about 500 dependent squarings: the time is set by the
//! latency and the throughput of one squaring step over all twelve elements.
//!
//! `rescue/ifma.rs` (AVX-512 IFMA, the fastest) keeps every element as two 48-bit limbs,
//! x0 + x1·2^48, and uses 2^96 ≡ −1 (mod p): a product is four 52-bit multiply-adds and a
//! few additions and shifts, with no carry detection at all (the 64-bit lanes have room to
//! spare), and the limbs are renormalised with two shifts and two ternary-logic operations.
//! The MDS layer reads and writes limbs (its products are added by the multiplier itself)
//! and takes the round constants into its sums; it reads each S-box's last products
//! before they are renormalised. Measured on a Sapphire-Rapids-class Xeon
//! (`RESCUE_BENCH_MIN=1 cargo bench --bench rescue`): one permutation about 2.96 µs
//! against winter-crypto's 4.58 µs (0.65×). Most of it is the S-boxes: about 510
//! dependent steps of about 20 core cycles inside the long squaring runs (at the measured
//! 4.2 GHz), where the three vector ports are the limit; the 14 linear layers add only
//! about 0.08 µs (measured by replacing them with additions).
//!
//! `rescue/avx512.rs` and `rescue/avx2.rs` split the work: during the S-boxes, elements
//! 0..8 are in two 256-bit registers (64×64-bit products from three or four 32×32-bit
//! multiplies, reduced with compares and masks instead of branches, the carries arranged
//! for a short dependency chain) while elements 8..12 run on the scalar multiplier in
//! Montgomery form; the linear layers use all 12 elements in three registers.
//! `rescue/avx512.rs` uses the AVX-512 instructions on 256-bit registers (AVX-512VL:
//! unsigned compares into mask registers, masked additions); full 512-bit registers
//! measured slower there. `rescue/avx2.rs` emulates the unsigned compares.
//!
//! [`Rp64_256::permute_many`] permutes several states; on AVX-512 IFMA two states share
//! each 512-bit register (`rescue/ifma_x2.rs`), which fills the multipliers that one
//! state's dependency chain leaves idle: about 2.3 µs per permutation (0.50× winter-crypto).
//!
//! The state is plain data, `[u64; 12]`, canonical (in [0, p)) between calls; inputs
//! may be any `u64`, taken mod p.

use crate::backend::{self, Available, Backend, Entry, Table};
use crate::hasher::{BlockBuffer, Error, Hasher};

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512;
mod constants;
pub mod field;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod ifma;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod ifma_x2;
// Used by the IFMA backends only (x86-64).
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(dead_code, unused_macros, unused_imports)
)]
mod limbs;
mod portable;
#[cfg(target_arch = "x86_64")]
mod simd;

/// Elements in the state.
pub const STATE_WIDTH: usize = 12;
/// Elements in the rate part (state[4..12]).
pub const RATE_WIDTH: usize = 8;
/// Elements in a digest (state[4..8]).
pub const DIGEST_WIDTH: usize = 4;
/// Rounds of the permutation.
pub const NUM_ROUNDS: usize = 7;
/// Bytes per field element when hashing bytes.
pub const CHUNK_LEN: usize = 7;
/// Bytes per rate block when hashing bytes (8 chunks).
pub const BLOCK_LEN: usize = CHUNK_LEN * RATE_WIDTH;
/// Bytes in a digest.
pub const DIGEST_LEN: usize = 32;

const RATE_START: usize = STATE_WIDTH - RATE_WIDTH;

/// Two permutations interleaved.
type Permute2 = fn(&mut [u64; STATE_WIDTH], &mut [u64; STATE_WIDTH]);

/// One backend's functions over whole states.
struct Kernels {
    /// For each block: adds it to the rate part of the state, then permutes.
    absorb: fn(&mut [u64; STATE_WIDTH], &[[u64; RATE_WIDTH]]),
    /// Two permutations interleaved, where the backend has such a kernel.
    permute2: Option<Permute2>,
}

/// Every backend's kernels, best first. SAFETY of the SIMD entries: see
/// [`crate::backend::simd_kernel`]; this table is read only through `backend::select`
/// and `backend::best`.
#[allow(unsafe_code)]
static KERNELS: &Table<Kernels> = &Table::new(&[
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Avx512Ifma,
        kernels: Kernels {
            absorb: backend::simd_kernel!(ifma::absorb, |s, b|),
            permute2: Some(backend::simd_kernel!(ifma_x2::permute2, |a, b|)),
        },
    },
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Avx512,
        kernels: Kernels {
            absorb: backend::simd_kernel!(avx512::absorb, |s, b|),
            permute2: None,
        },
    },
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Avx2,
        kernels: Kernels {
            absorb: backend::simd_kernel!(avx2::absorb, |s, b|),
            permute2: None,
        },
    },
    Entry {
        backend: Backend::Portable,
        kernels: Kernels {
            absorb: portable::absorb,
            permute2: None,
        },
    },
]);

/// Backends, best first.
pub(crate) fn backends() -> Vec<Backend> {
    backend::backends(KERNELS)
}

/// Rp64_256 on one backend. Holding a value proves that its backend is one of this
/// algorithm's and that the CPU supports it (it holds the kernel-table entry that an
/// [`Available`] proof selected).
#[derive(Clone, Copy)]
pub struct Rp64_256 {
    kernels: &'static Entry<Kernels>,
}

impl std::fmt::Debug for Rp64_256 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Rp64_256({})", self.backend())
    }
}

impl PartialEq for Rp64_256 {
    fn eq(&self, other: &Self) -> bool {
        self.backend() == other.backend()
    }
}

impl Eq for Rp64_256 {}

impl Rp64_256 {
    /// Rp64_256 on `backend`, or `None` when this algorithm has no such backend or the
    /// CPU lacks it.
    pub fn new(backend: Backend) -> Option<Self> {
        Self::on(Available::detect(backend)?)
    }

    /// Rp64_256 on the proven backend, or `None` when this algorithm has no such backend.
    pub fn on(proof: Available) -> Option<Self> {
        backend::select(KERNELS, proof).map(|kernels| Self { kernels })
    }

    /// Rp64_256 on the best backend this CPU supports.
    pub fn best() -> Self {
        Self {
            kernels: backend::best(KERNELS),
        }
    }

    /// The backend in use.
    pub fn backend(self) -> Backend {
        self.kernels.backend
    }

    /// For each block in turn: adds it to the rate part of `state` (field addition) and
    /// applies the permutation. Elements may be any `u64` (taken mod p); on return the
    /// state is canonical (if `blocks` is not empty).
    pub fn absorb(self, state: &mut [u64; STATE_WIDTH], blocks: &[[u64; RATE_WIDTH]]) {
        (self.kernels.kernels.absorb)(state, blocks);
    }

    /// Applies the permutation to `state` (elements taken mod p; the result is
    /// canonical). Winterfell's `Rp64_256::apply_permutation`.
    pub fn apply_permutation(self, state: &mut [u64; STATE_WIDTH]) {
        self.absorb(state, &[[0; RATE_WIDTH]]);
    }

    /// Applies the permutation to every state in `states` (elements taken mod p; the
    /// results are canonical): the same as [`Rp64_256::apply_permutation`] on each, in
    /// less time per state where the backend can interleave states. On
    /// [`Backend::Avx512Ifma`] two states share each 512-bit register (see
    /// `rescue/ifma_x2.rs`); the other backends permute one state after the other.
    pub fn permute_many(self, states: &mut [[u64; STATE_WIDTH]]) {
        if let Some(permute2) = self.kernels.kernels.permute2 {
            let (pairs, rest) = states.as_chunks_mut::<2>();
            for [a, b] in pairs {
                permute2(a, b);
            }
            for s in rest {
                self.apply_permutation(s);
            }
            return;
        }
        for s in states {
            self.apply_permutation(s);
        }
    }

    /// Hashes a sequence of field elements (taken mod p): Winterfell's
    /// `Rp64_256::hash_elements` over base-field elements.
    pub fn hash_elements(self, elements: &[u64]) -> [u64; DIGEST_WIDTH] {
        let mut state = [0u64; STATE_WIDTH];
        state[0] = field::canonical(elements.len() as u64);
        let (blocks, rest) = elements.as_chunks::<RATE_WIDTH>();
        self.absorb(&mut state, blocks);
        if !rest.is_empty() {
            let mut last = [0u64; RATE_WIDTH];
            last[..rest.len()].copy_from_slice(rest);
            self.absorb(&mut state, &[last]);
        }
        digest_elements(&state)
    }

    /// Merges two digests into one: Winterfell's `Rp64_256::merge` (equal to
    /// `hash_elements` of their 8 elements).
    pub fn merge(self, digests: &[[u64; DIGEST_WIDTH]; 2]) -> [u64; DIGEST_WIDTH] {
        let mut state = [0u64; STATE_WIDTH];
        state[0] = RATE_WIDTH as u64;
        let mut block = [0u64; RATE_WIDTH];
        block[..DIGEST_WIDTH].copy_from_slice(&digests[0]);
        block[DIGEST_WIDTH..].copy_from_slice(&digests[1]);
        self.absorb(&mut state, &[block]);
        digest_elements(&state)
    }

    /// Hashes bytes as described in the module documentation (equal to winter-crypto
    /// 0.13.1's `Rp64_256::hash(bytes)` up to 56 bytes).
    pub fn hash_bytes(self, bytes: &[u8]) -> [u8; DIGEST_LEN] {
        let mut state = initial_byte_state(bytes.len() as u64);
        if !bytes.is_empty() {
            // Everything but the last (possibly full) block.
            let body = (bytes.len() - 1) / BLOCK_LEN * BLOCK_LEN;
            absorb_byte_blocks(self, &mut state, &bytes[..body]);
            self.absorb(&mut state, &[last_block(&bytes[body..])]);
        }
        digest_bytes(&state)
    }
}

/// The state before absorbing `len` bytes: the chunk count in state[0].
fn initial_byte_state(len: u64) -> [u64; STATE_WIDTH] {
    let mut state = [0u64; STATE_WIDTH];
    state[0] = field::canonical(len.div_ceil(CHUNK_LEN as u64));
    state
}

/// One full 56-byte block as 8 elements (no padding).
#[inline(always)]
fn block_elements(block: &[u8; BLOCK_LEN]) -> [u64; RATE_WIDTH] {
    let (chunks, _) = block.as_chunks::<CHUNK_LEN>();
    let mut out = [0u64; RATE_WIDTH];
    for (o, c) in out.iter_mut().zip(chunks) {
        let mut b = [0u8; 8];
        b[..CHUNK_LEN].copy_from_slice(c);
        *o = u64::from_le_bytes(b);
    }
    out
}

/// The final block (1 to 56 bytes): 7-byte chunks, the last one followed by 0x01.
fn last_block(tail: &[u8]) -> [u64; RATE_WIDTH] {
    debug_assert!(!tail.is_empty() && tail.len() <= BLOCK_LEN);
    let mut out = [0u64; RATE_WIDTH];
    let n = tail.len().div_ceil(CHUNK_LEN);
    for (i, (o, c)) in out.iter_mut().zip(tail.chunks(CHUNK_LEN)).enumerate() {
        let mut b = [0u8; 8];
        b[..c.len()].copy_from_slice(c);
        if i == n - 1 {
            b[c.len()] = 1;
        }
        *o = u64::from_le_bytes(b);
    }
    out
}

/// Absorbs whole 56-byte blocks (`data.len()` a multiple of [`BLOCK_LEN`]), converting
/// them in batches so the backend call is amortised.
fn absorb_byte_blocks(rp: Rp64_256, state: &mut [u64; STATE_WIDTH], data: &[u8]) {
    const BATCH: usize = 64;
    let (blocks, rest) = data.as_chunks::<BLOCK_LEN>();
    debug_assert!(rest.is_empty());
    let mut elems = [[0u64; RATE_WIDTH]; BATCH];
    for run in blocks.chunks(BATCH) {
        for (e, b) in elems.iter_mut().zip(run) {
            *e = block_elements(b);
        }
        rp.absorb(state, &elems[..run.len()]);
    }
}

fn digest_elements(state: &[u64; STATE_WIDTH]) -> [u64; DIGEST_WIDTH] {
    let mut d = [0u64; DIGEST_WIDTH];
    for (o, x) in d
        .iter_mut()
        .zip(&state[RATE_START..RATE_START + DIGEST_WIDTH])
    {
        *o = field::canonical(*x);
    }
    d
}

fn digest_bytes(state: &[u64; STATE_WIDTH]) -> [u8; DIGEST_LEN] {
    let mut out = [0u8; DIGEST_LEN];
    for (o, x) in out.chunks_exact_mut(8).zip(digest_elements(state)) {
        o.copy_from_slice(&x.to_le_bytes());
    }
    out
}

/// The most bytes a [`RescueHasher`] without an announced length keeps in memory (a pipe,
/// standard input that is not a file): a longer input is an error at
/// [`Hasher::finish_into`], so memory stays bounded.
pub const BUFFER_MAX: usize = 64 << 20;

/// Where a [`RescueHasher`] is.
#[derive(Clone)]
enum Mode {
    /// Total length not announced: the input is kept until `finalize`.
    Buffered(Vec<u8>),
    /// Total length not announced and more than [`BUFFER_MAX`] bytes given, or memory for
    /// them not available: the bytes are dropped, `finalize` fails.
    Overflow {
        /// Memory could not be allocated (rather than the limit passed).
        no_memory: bool,
    },
    /// Total length announced: blocks are absorbed as they arrive. The buffer keeps the
    /// last block, full or not, because its last chunk is padded.
    Streaming {
        state: [u64; STATE_WIDTH],
        buf: BlockBuffer<BLOCK_LEN>,
        expected: u64,
        seen: u64,
    },
}

/// The streaming byte hasher behind `khsum -a rescue-prime` (see the module
/// documentation for the byte encoding and for why the total length matters).
#[derive(Clone)]
pub struct RescueHasher {
    rp: Rp64_256,
    mode: Mode,
}

impl RescueHasher {
    /// A hasher on `rp`'s backend for an input of unknown length (kept in memory until
    /// [`Hasher::finish_into`]).
    pub fn new(rp: Rp64_256) -> Self {
        Self {
            rp,
            mode: Mode::Buffered(Vec::new()),
        }
    }

    /// A hasher for an input of exactly `len` bytes, absorbed as it arrives in constant
    /// memory; [`Hasher::finish_into`] fails if the input had another length.
    pub fn with_len(rp: Rp64_256, len: u64) -> Self {
        let mut h = Self::new(rp);
        h.expect_len(len);
        h
    }

    /// Announces the total input length, counting bytes already given. After this the
    /// hasher streams in constant memory. Ignored if a length was announced before.
    pub fn expect_len(&mut self, len: u64) {
        if let Mode::Buffered(pending) = &mut self.mode {
            let pending = std::mem::take(pending);
            self.mode = Mode::Streaming {
                state: initial_byte_state(len),
                buf: BlockBuffer::default(),
                expected: len,
                seen: 0,
            };
            self.update(&pending);
        }
    }
}

impl Hasher for RescueHasher {
    fn update(&mut self, data: &[u8]) {
        let rp = self.rp;
        match &mut self.mode {
            Mode::Buffered(v) => {
                let grown = v.len().saturating_add(data.len());
                if grown > BUFFER_MAX {
                    self.mode = Mode::Overflow { no_memory: false };
                } else if v.try_reserve(data.len()).is_err() {
                    self.mode = Mode::Overflow { no_memory: true };
                } else {
                    v.extend_from_slice(data);
                }
            }
            Mode::Overflow { .. } => {}
            Mode::Streaming {
                state, buf, seen, ..
            } => {
                *seen = seen.saturating_add(data.len() as u64);
                buf.update(data, true, |blocks| absorb_byte_blocks(rp, state, blocks));
            }
        }
    }

    fn expect_len(&mut self, total: u64) {
        RescueHasher::expect_len(self, total);
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        match std::mem::replace(&mut self.mode, Mode::Buffered(Vec::new())) {
            Mode::Buffered(v) => out.copy_from_slice(&self.rp.hash_bytes(&v)),
            Mode::Overflow { no_memory: false } => {
                return Err(Error::BadInput(format!(
                    "rescue-prime needs the input's length before hashing it: from a pipe at most {BUFFER_MAX} bytes are held in memory, and this input is longer (hash it as a regular file, which streams)"
                )));
            }
            Mode::Overflow { no_memory: true } => {
                return Err(Error::OutOfMemory(
                    "rescue-prime: out of memory holding an input of unknown length (hash it as a regular file, which streams)".into(),
                ));
            }
            Mode::Streaming {
                mut state,
                buf,
                expected,
                seen,
            } => {
                if seen != expected {
                    return Err(Error::BadInput(format!(
                        "rescue-prime: expected {expected} input bytes, got {seen}"
                    )));
                }
                if !buf.pending().is_empty() {
                    self.rp.absorb(&mut state, &[last_block(buf.pending())]);
                }
                out.copy_from_slice(&digest_bytes(&state));
            }
        }
        Ok(())
    }

    fn digest_whole_into(
        &self,
        data: &[u8],
        out: &mut [u8],
    ) -> Result<Option<&'static str>, Error> {
        crate::hasher::whole_on_stack(self, data, out)
    }

    fn output_len(&self) -> usize {
        DIGEST_LEN
    }

    fn backend(&self) -> Backend {
        self.rp.backend()
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

/// Builds a Rescue Prime byte hasher on the proven backend.
pub(crate) fn new(proof: Available) -> Result<Box<dyn Hasher>, Error> {
    let rp = Rp64_256::on(proof).ok_or_else(|| unavailable(proof.backend()))?;
    Ok(Box::new(RescueHasher::new(rp)))
}

fn unavailable(b: Backend) -> Error {
    Error::BadParameter(format!(
        "rescue-prime: backend {b} is not available on this CPU or not implemented"
    ))
}

/// Applies the Rp64_256 permutation on `backend` to a 12-element state (canonical
/// field elements), for the permutation known-answer test.
///
/// # Errors
/// A state that is not 12 elements, or a backend that is not available.
pub fn kat_permutation(b: Backend, state: &[u64]) -> Result<Vec<u64>, Error> {
    let rp = Rp64_256::new(b).ok_or_else(|| unavailable(b))?;
    let mut s: [u64; STATE_WIDTH] = state.try_into().map_err(|_| {
        Error::BadInput(format!(
            "rescue-prime: a state has {STATE_WIDTH} elements, not {}",
            state.len()
        ))
    })?;
    rp.apply_permutation(&mut s);
    Ok(s.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables in `constants.rs` equal `kats/rescue_rp64_256_constants.txt`, and the
    /// MDS matrix there is the circulant of `MDS_ROW0`.
    #[test]
    fn constant_tables_equal_the_data_file() {
        let text = include_str!("../../kats/rescue_rp64_256_constants.txt");
        let mut seen = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let f: Vec<(&str, &str)> = line.split(' ').filter_map(|x| x.split_once('=')).collect();
            let get = |k: &str| f.iter().find(|(n, _)| *n == k).map(|(_, v)| *v);
            let name = get("name").unwrap();
            let num = |s: &str| s.parse::<u64>().unwrap();
            if let Some(v) = get("value") {
                let want = match name {
                    "p" => field::P,
                    "alpha" => 7,
                    "inv_alpha" => 10540996611094048183,
                    "rounds" => NUM_ROUNDS as u64,
                    _ => panic!("unknown scalar {name}"),
                };
                assert_eq!(num(v), want, "{name}");
                seen += 1;
                continue;
            }
            let row: usize = get("row").unwrap().parse().unwrap();
            let values: Vec<u64> = get("values").unwrap().split(',').map(num).collect();
            match name {
                "mds" => {
                    let want: Vec<u64> = (0..STATE_WIDTH)
                        .map(|j| constants::MDS_ROW0[(j + STATE_WIDTH - row) % STATE_WIDTH])
                        .collect();
                    assert_eq!(values, want, "mds row {row}");
                }
                "inv_mds" => continue,
                "ark1" => assert_eq!(values, constants::ARK1[row], "ark1 row {row}"),
                "ark2" => assert_eq!(values, constants::ARK2[row], "ark2 row {row}"),
                _ => panic!("unknown table {name}"),
            }
            seen += 1;
        }
        assert_eq!(seen, 4 + 12 + 7 + 7);
    }

    /// `permute_many` equals `apply_permutation` on each state, on every backend, for an
    /// odd number of states (pairs and a leftover) including non-canonical elements.
    #[test]
    fn permute_many_equals_one_at_a_time() {
        let mut rng = crate::testutil::TestRng::new(3);
        let edges = [0, 1, field::P - 1, field::P, field::P + 1, u64::MAX];
        let mut states: Vec<[u64; STATE_WIDTH]> = (0..9)
            .map(|i| {
                std::array::from_fn(|j| {
                    if (i + j) % 5 == 0 {
                        edges[(i * 7 + j) % 6]
                    } else {
                        rng.next_u64()
                    }
                })
            })
            .collect();
        states.push([u64::MAX; STATE_WIDTH]);
        states.push([field::P; STATE_WIDTH]);
        let portable = Rp64_256::new(Backend::Portable).unwrap();
        let want: Vec<_> = states
            .iter()
            .map(|s| {
                let mut s = *s;
                portable.apply_permutation(&mut s);
                s
            })
            .collect();
        for &b in Backend::ALL {
            let Some(rp) = Rp64_256::new(b) else { continue };
            for n in [0, 1, 2, 3, states.len()] {
                let mut got = states[..n].to_vec();
                rp.permute_many(&mut got);
                assert_eq!(got, want[..n], "backend {b}, {n} states");
            }
        }
    }

    #[test]
    fn last_block_pads_the_last_chunk() {
        assert_eq!(last_block(&[0xaa])[0], 0x01aa);
        let b = last_block(&[1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(b[0], 0x0107_0605_0403_0201);
        assert_eq!(&b[1..], &[0; 7]);
        let b = last_block(&[0xff; 8]);
        assert_eq!(b[0], 0x00ff_ffff_ffff_ffff);
        assert_eq!(b[1], 0x01ff);
    }
}
