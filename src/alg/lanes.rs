//! Multi-buffer hashing: MD5, SHA-256, SHA-512 and BLAKE3 of many independent messages at
//! once, one message (for BLAKE3, one chunk or parent node) per SIMD lane (issue 23).
//!
//! These hashes are serial within a message, but N messages have N independent chains:
//! lane `i` of every vector register holds message `i`'s state, so one vector instruction
//! advances N messages. BLAKE3 is parallel within a message too, but a small file has few
//! chunks (one, a chain of 16 compressions, up to 1 KiB), so its lanes take the chunks and
//! then the parents of many files (`blake3_lanes`). Lanes per backend:
//!
//! | backend  | MD5, SHA-256, BLAKE3 | SHA-512 |
//! |----------|----------------------|---------|
//! | avx512   | 16                   | 8       |
//! | avx2     | 8                    | 4       |
//! | neon     | 8 (2 × 4)            | 4 (2 × 2) |
//! | portable | 8                    | 4       |
//!
//! Layout: this file owns the kernel table, the choice of kernel ([`Lanes`], which
//! `crate::files::batch` runs for the algorithms whose descriptor names a [`Kind`] in its
//! `read` hint) and the Merkle–Damgård hashes' jobs for the lane scheduler
//! ([`digest_many_on`]: padding, output); `scheduler` is the one lane scheduler
//! (refilling finished lanes, feeding idle ones) and `blake3_lanes` makes BLAKE3's chunks
//! and tree its jobs. Each backend is one file in `lanes/` that defines the same small set of vector primitives
//! (`add32`, `rotl32`, `md5_f`, `ch64`, the transposing message loads, ...) and expands
//! `kernels!` over them, which writes the compression loops once for every ISA: `md5`,
//! `sha256` and `sha512`, each `fn(state, lanes, blocks)`, compressing `blocks`
//! consecutive blocks of every lane's slice into its column of `state` (word-major:
//! word `w` of lane `i` at `state[w * LANES + i]`), and `blake3`, the same with each
//! lane's counter, flags and last block length.
//!
//! The portable backend (N lanes of scalar code) is the reference; a SIMD kernel is used
//! only where the CPU lacks a faster single-stream instruction set for the same hash
//! (see `chosen`): SHA-NI (x86) and the ARMv8 SHA-2 extensions beat 8- or 4-lane
//! SHA-256 on their own.

#![allow(clippy::too_many_arguments)]

use crate::backend::{self, Available, Backend, Entry, Table};
use crate::hasher::Digest;
use scheduler::{MAX_LANES, MAX_TAIL, MAX_WORDS, Step};

mod blake3_lanes;
mod consts;
mod portable;
mod scheduler;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512;
#[cfg(target_arch = "aarch64")]
#[allow(unsafe_code)]
mod neon;

/// The hashes with multi-buffer kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// MD5 (RFC 1321).
    Md5,
    /// SHA-256 (FIPS 180-4).
    Sha256,
    /// SHA-512 (FIPS 180-4).
    Sha512,
    /// BLAKE3's plain 32-byte hash: chunks and parent nodes of many messages in the lanes
    /// (`blake3_lanes`).
    Blake3,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 4] = [Kind::Md5, Kind::Sha256, Kind::Sha512, Kind::Blake3];

    /// The registry name of the algorithm.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Md5 => "md5",
            Kind::Sha256 => "sha256",
            Kind::Sha512 => "sha512",
            Kind::Blake3 => "blake3",
        }
    }

    /// Digest length in bytes.
    pub fn digest_len(self) -> usize {
        match self {
            Kind::Md5 => 16,
            Kind::Sha256 | Kind::Blake3 => 32,
            Kind::Sha512 => 64,
        }
    }

    /// Block length in bytes.
    pub fn block_len(self) -> usize {
        match self {
            Kind::Md5 | Kind::Sha256 | Kind::Blake3 => 64,
            Kind::Sha512 => 128,
        }
    }

    /// Inputs up to this size are hashed in lanes of `backend` (read whole into a batch's
    /// buffer); larger ones take the single-stream path. MD5 and SHA-2: [`MAX_INPUT`].
    /// BLAKE3: up to [`BLAKE3_MAX_INPUT`] ([`BLAKE3_AVX512_MAX_INPUT`] on AVX-512,
    /// [`BLAKE3_NEON_MAX_INPUT`] on NEON), past which
    /// the crate's own lanes over one message's chunks are as fast.
    pub fn max_input(self, backend: Backend) -> usize {
        match (self, backend) {
            (Kind::Blake3, Backend::Neon) => BLAKE3_NEON_MAX_INPUT,
            (Kind::Blake3, Backend::Avx512) => BLAKE3_AVX512_MAX_INPUT,
            (Kind::Blake3, _) => BLAKE3_MAX_INPUT,
            _ => MAX_INPUT,
        }
    }
}

/// One compression kernel: `compress(state, lanes, blocks)` absorbs `blocks` whole
/// blocks from the start of each of the `lanes` slices (exactly [`Kernel::lanes`] of
/// them, each at least `blocks` blocks long) into the word-major `state` (`words *
/// lanes` words). Every kernel checks those lengths itself (they guard its loads).
#[derive(Debug)]
struct Kernel<W: 'static> {
    lanes: usize,
    compress: fn(&mut [W], &[&[u8]], usize),
}

/// One BLAKE3 compression kernel (`blake3_lanes::Compress`).
#[derive(Debug)]
struct Blake3Kernel {
    lanes: usize,
    compress: blake3_lanes::Compress,
}

/// One backend's kernels.
#[derive(Debug)]
struct Kernels {
    md5: Kernel<u32>,
    sha256: Kernel<u32>,
    sha512: Kernel<u64>,
    blake3: Blake3Kernel,
}

/// Every backend's kernels, best first, the portable reference last. SAFETY of the SIMD
/// entries: see [`crate::backend::simd_kernel`]; this table is read only through
/// `backend::select` and `backend::best`.
#[allow(unsafe_code)]
static KERNELS: &Table<Kernels> = &Table::new(&[
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Avx512,
        kernels: Kernels {
            md5: Kernel {
                lanes: avx512::LANES32,
                compress: backend::simd_kernel!(avx512::md5, |s, l, n|),
            },
            sha256: Kernel {
                lanes: avx512::LANES32,
                compress: backend::simd_kernel!(avx512::sha256, |s, l, n|),
            },
            sha512: Kernel {
                lanes: avx512::LANES64,
                compress: backend::simd_kernel!(avx512::sha512, |s, l, n|),
            },
            blake3: Blake3Kernel {
                lanes: avx512::LANES32,
                compress: backend::simd_kernel!(avx512::blake3, |s, l, n, p|),
            },
        },
    },
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Avx2,
        kernels: Kernels {
            md5: Kernel {
                lanes: avx2::LANES32,
                compress: backend::simd_kernel!(avx2::md5, |s, l, n|),
            },
            sha256: Kernel {
                lanes: avx2::LANES32,
                compress: backend::simd_kernel!(avx2::sha256, |s, l, n|),
            },
            sha512: Kernel {
                lanes: avx2::LANES64,
                compress: backend::simd_kernel!(avx2::sha512, |s, l, n|),
            },
            blake3: Blake3Kernel {
                lanes: avx2::LANES32,
                compress: backend::simd_kernel!(avx2::blake3, |s, l, n, p|),
            },
        },
    },
    #[cfg(target_arch = "aarch64")]
    Entry {
        backend: Backend::Neon,
        kernels: Kernels {
            md5: Kernel {
                lanes: neon::LANES32,
                compress: backend::simd_kernel!(neon::md5, |s, l, n|),
            },
            sha256: Kernel {
                lanes: neon::LANES32,
                compress: backend::simd_kernel!(neon::sha256, |s, l, n|),
            },
            sha512: Kernel {
                lanes: neon::LANES64,
                compress: backend::simd_kernel!(neon::sha512, |s, l, n|),
            },
            blake3: Blake3Kernel {
                lanes: neon::LANES32,
                compress: backend::simd_kernel!(neon::blake3, |s, l, n, p|),
            },
        },
    },
    Entry {
        backend: Backend::Portable,
        kernels: Kernels {
            md5: Kernel {
                lanes: portable::LANES32,
                compress: portable::md5,
            },
            sha256: Kernel {
                lanes: portable::LANES32,
                compress: portable::sha256,
            },
            sha512: Kernel {
                lanes: portable::LANES64,
                compress: portable::sha512,
            },
            blake3: Blake3Kernel {
                lanes: portable::LANES32,
                compress: portable::blake3,
            },
        },
    },
]);

/// The backends with multi-buffer kernels on this architecture, best first (the
/// portable reference last).
pub fn backends() -> Vec<Backend> {
    backend::backends(KERNELS)
}

/// The backends of [`backends`] this CPU has.
pub fn available_backends() -> Vec<Backend> {
    backends()
        .into_iter()
        .filter(|b| b.is_available())
        .collect()
}

/// Lanes of `kind`'s kernel on `backend` (`None`: no such kernel on this architecture).
pub fn lanes(kind: Kind, backend: Backend) -> Option<usize> {
    // Read from the backend modules, not the table: its entries are reached only with an
    // `Available` proof (`backend::Table`).
    if !backends().contains(&backend) {
        return None;
    }
    let (words32, words64) = match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Avx512 => (avx512::LANES32, avx512::LANES64),
        #[cfg(target_arch = "x86_64")]
        Backend::Avx2 => (avx2::LANES32, avx2::LANES64),
        #[cfg(target_arch = "aarch64")]
        Backend::Neon => (neon::LANES32, neon::LANES64),
        _ => (portable::LANES32, portable::LANES64),
    };
    Some(match kind {
        Kind::Md5 | Kind::Sha256 | Kind::Blake3 => words32,
        Kind::Sha512 => words64,
    })
}

/// The name `khsum bench` and `khsum selftest` give a kernel: backend and lanes
/// (`avx2x8`).
pub fn label(kind: Kind, backend: Backend) -> String {
    format!("{}x{}", backend.name(), lanes(kind, backend).unwrap_or(0))
}

/// The digests of `msgs` (in order) through `kind`'s kernel on `backend`, or `None` when
/// this CPU lacks the backend or there is no such kernel (tests, benchmarks, selftest).
pub fn digest_many_on(kind: Kind, backend: Backend, msgs: &[&[u8]]) -> Option<Vec<Digest>> {
    Some(Lanes::on(kind, backend)?.digest_many(msgs))
}

/// The environment variable that overrides the choice of kernel, for tests and
/// measurements: `off` (single-stream only), `on` (the best SIMD kernel even where a
/// single-stream hash instruction set exists), or a backend name (`portable`, `avx2`,
/// `avx512`, `neon`: that kernel, if this CPU has it; otherwise single-stream).
pub const ENV: &str = "KHSUM_MULTI_BUFFER";

/// Files up to this size are hashed in lanes (read whole into a batch's buffer); larger
/// ones take the single-stream path. Measured on AMD Zen 3 (EPYC, family 25 model 1)
/// with AVX2: see the README's multi-buffer section for the table.
pub const MAX_INPUT: usize = 256 * 1024;

/// BLAKE3 inputs up to this size are hashed in lanes ([`Kind::max_input`]). Measured on
/// AMD Zen 3 (EPYC, family 25 model 1) with AVX2, trees of 5,000 equal files at `-j1`
/// (PERFORMANCE.md): lanes took 0.86x the crate's time at 1.5 KB, 0.83x at 4 KB and
/// 0.95x at 8 KB, but 1.17x at 16 KiB, where the crate runs 16 chunks in its own lanes on
/// data still in cache from the read, and the lanes wait for a batch.
pub const BLAKE3_MAX_INPUT: usize = 8 * 1024;

/// BLAKE3 inputs up to this size are hashed in AVX-512 lanes. Measured on AMD Zen 4
/// (EPYC, AVX-512), trees of 5,000 equal files at `-j1`, 21 alternating runs
/// (PERFORMANCE.md): the 16 lanes took 0.93x the crate's time at 1.5 KB, 0.98x at 4 KiB,
/// but 1.11x at 8 KiB and 1.21x at 16 KiB: the crate's own AVX-512 code takes a
/// message's 8 chunks at once on data still in cache from the read.
pub const BLAKE3_AVX512_MAX_INPUT: usize = 4 * 1024;

/// BLAKE3 inputs up to this size are hashed in NEON lanes. In LLVM's cycle model
/// (`python3 benches/mb_mca.py blake3 blake3_2k blake3_4k`; no ARM machine measured) 8
/// lanes took 0.48x and 0.49x the crate's cycles per message at 1 and 2 KiB on Neoverse
/// N1, 0.36x on Cortex-A76, but 1.24x at 4 KiB on N1 (0.86x on A76), where the crate's
/// own 4-lane NEON code takes a message's 4 chunks at once; below 4 chunks it hashes them
/// one after another.
pub const BLAKE3_NEON_MAX_INPUT: usize = 3 * 1024;

/// The kernel a hasher of `kind` uses for many small inputs on this CPU, if any: the best
/// SIMD backend it has, unless the CPU hashes `kind` faster one message at a time with
/// dedicated instructions (SHA-256 with SHA-NI or the ARMv8 SHA-2 instructions, SHA-512
/// with the ARMv8.2 SHA-512 instructions), or [`ENV`] says otherwise. The portable kernel
/// (the reference) is never chosen on its own: one scalar message at a time is as fast.
fn chosen(kind: Kind) -> Option<&'static Entry<Kernels>> {
    let wish = std::env::var(ENV).unwrap_or_default();
    let forced = |b: Backend| Available::detect(b).and_then(|p| backend::select(KERNELS, p));
    let best = backend::best(KERNELS);
    match wish.as_str() {
        "off" => return None,
        "on" => {}
        "" if hash_instructions(kind, best.backend) => return None,
        "" => {}
        name => return Backend::from_name(name).and_then(forced),
    }
    Some(best).filter(|e| e.backend != Backend::Portable && pays(kind, e.backend))
}

/// Whether `kind`'s kernel on `backend` beats one message at a time in scalar code. Not
/// SHA-512 on NEON: its 64-bit rotations take two instructions each, and in LLVM's cycle
/// model 4 NEON lanes (two registers per word) took 0.74x (Neoverse N1) and 0.87x
/// (Cortex-A76) the speed of the `sha2` crate's scalar code per message
/// (`benches/mb_mca.py`); MD5 (2.41x, 1.82x) and SHA-256 (1.37x, 1.54x) pay.
fn pays(kind: Kind, backend: Backend) -> bool {
    !(kind == Kind::Sha512 && backend == Backend::Neon)
}

/// Whether this CPU has instructions that hash one `kind` message faster than its
/// multi-buffer kernel on `lanes`. SHA-256 against SHA-NI: 8 AVX2 lanes measured slower
/// than SHA-NI single-stream on the small-file tree on AMD Zen 3 (the README's
/// multi-buffer section), 16 AVX-512 lanes faster on AMD Zen 4 (0.88x and 0.96x its time
/// in two runs of `benches/multibuf.sh`; PERFORMANCE.md), so SHA-NI keeps SHA-256 unless
/// the lanes are AVX-512. The ARM cases are not measured, so the dedicated instructions
/// keep their place there.
fn hash_instructions(kind: Kind, lanes: Backend) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        kind == Kind::Sha256 && lanes != Backend::Avx512 && std::is_x86_feature_detected!("sha")
    }
    #[cfg(target_arch = "aarch64")]
    {
        use std::arch::is_aarch64_feature_detected as has;
        let _ = lanes;
        match kind {
            Kind::Md5 => false,
            Kind::Sha256 => has!("sha2"),
            Kind::Sha512 => has!("sha3"),
            Kind::Blake3 => false,
        }
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        let _ = (kind, lanes);
        false
    }
}

/// The multi-buffer kernel that hashes many small inputs of one kind on this CPU: what
/// `crate::files::batch` runs the small files of a batch through, one per lane.
#[derive(Clone, Copy, Debug)]
pub struct Lanes {
    kind: Kind,
    backend: Backend,
    kernels: &'static Kernels,
}

impl Lanes {
    /// The kernel for `kind` on this CPU, if one is worth using: the best SIMD kernel,
    /// unless the CPU hashes `kind` faster one message at a time with dedicated
    /// instructions, or [`ENV`] says otherwise (read once per process).
    pub fn chosen(kind: Kind) -> Option<Lanes> {
        static CHOSEN: [std::sync::OnceLock<Option<Lanes>>; 4] =
            [const { std::sync::OnceLock::new() }; 4];
        let i = Kind::ALL.iter().position(|&k| k == kind).expect("a kind");
        *CHOSEN[i].get_or_init(|| {
            chosen(kind).map(|e| Lanes {
                kind,
                backend: e.backend,
                kernels: &e.kernels,
            })
        })
    }

    /// `kind`'s kernel on `backend`, or `None` when this CPU lacks the backend or there
    /// is no such kernel (tests, benchmarks).
    pub fn on(kind: Kind, backend: Backend) -> Option<Lanes> {
        let entry = backend::select(KERNELS, Available::detect(backend)?)?;
        Some(Lanes {
            kind,
            backend: entry.backend,
            kernels: &entry.kernels,
        })
    }

    /// The hash it computes.
    pub fn kind(self) -> Kind {
        self.kind
    }

    /// The backend of its kernel.
    pub fn backend(self) -> Backend {
        self.backend
    }

    /// Inputs up to this size are worth reading whole and hashing in these lanes
    /// ([`Kind::max_input`]).
    pub fn max_input(self) -> usize {
        self.kind.max_input(self.backend)
    }

    /// The digests of `msgs`, in order, one message per lane.
    pub fn digest_many(self, msgs: &[&[u8]]) -> Vec<Digest> {
        run(self.kind, self.kernels, msgs)
    }
}

/// The backend whose kernel hashes many small `kind` inputs on this CPU (for `khsum
/// list`, the bench and the README), if any.
pub fn chosen_backend(kind: Kind) -> Option<Backend> {
    Lanes::chosen(kind).map(Lanes::backend)
}

/// Runs `msgs` through `kind`'s kernel of `k`.
fn run(kind: Kind, k: &Kernels, msgs: &[&[u8]]) -> Vec<Digest> {
    match kind {
        Kind::Md5 => lanes_run::<Md5>(&k.md5, msgs),
        Kind::Sha256 => lanes_run::<Sha256>(&k.sha256, msgs),
        Kind::Sha512 => lanes_run::<Sha512>(&k.sha512, msgs),
        Kind::Blake3 => blake3_lanes::digest_many(k.blake3.compress, k.blake3.lanes, msgs),
    }
}

/// What the lane scheduler's Merkle–Damgård jobs ([`MdJobs`]) need to know of a hash.
trait Spec {
    /// A state word.
    type W: Copy + Default + 'static;
    /// Block length in bytes.
    const BLOCK: usize;
    /// Bytes of the length field that ends the padding.
    const LEN_BYTES: usize;
    /// The initial state.
    const IV: &'static [Self::W];
    /// Digest length in bytes.
    const OUT: usize;
    /// Writes the message length `len` (bytes) into the padding's length field.
    fn put_len(field: &mut [u8], len: u64);
    /// Writes the digest of the final state words.
    fn put_digest(out: &mut [u8], words: &[Self::W]);
}

struct Md5;
struct Sha256;
struct Sha512;

impl Spec for Md5 {
    type W = u32;
    const BLOCK: usize = 64;
    const LEN_BYTES: usize = 8;
    const IV: &'static [u32] = &consts::MD5_IV;
    const OUT: usize = 16;
    fn put_len(field: &mut [u8], len: u64) {
        // RFC 1321 3.2: the length in bits modulo 2^64, low-order word first.
        field.copy_from_slice(&len.wrapping_mul(8).to_le_bytes());
    }
    fn put_digest(out: &mut [u8], words: &[u32]) {
        for (o, w) in out.chunks_exact_mut(4).zip(words) {
            o.copy_from_slice(&w.to_le_bytes());
        }
    }
}

impl Spec for Sha256 {
    type W = u32;
    const BLOCK: usize = 64;
    const LEN_BYTES: usize = 8;
    const IV: &'static [u32] = &consts::SHA256_IV;
    const OUT: usize = 32;
    fn put_len(field: &mut [u8], len: u64) {
        // FIPS 180-4 5.1.1: the length in bits as a 64-bit big-endian number.
        field.copy_from_slice(&len.wrapping_mul(8).to_be_bytes());
    }
    fn put_digest(out: &mut [u8], words: &[u32]) {
        for (o, w) in out.chunks_exact_mut(4).zip(words) {
            o.copy_from_slice(&w.to_be_bytes());
        }
    }
}

impl Spec for Sha512 {
    type W = u64;
    const BLOCK: usize = 128;
    const LEN_BYTES: usize = 16;
    const IV: &'static [u64] = &consts::SHA512_IV;
    const OUT: usize = 64;
    fn put_len(field: &mut [u8], len: u64) {
        // FIPS 180-4 5.1.2: the length in bits as a 128-bit big-endian number.
        field.copy_from_slice(&(u128::from(len) * 8).to_be_bytes());
    }
    fn put_digest(out: &mut [u8], words: &[u64]) {
        for (o, w) in out.chunks_exact_mut(8).zip(words) {
            o.copy_from_slice(&w.to_be_bytes());
        }
    }
}

/// The Merkle–Damgård messages of one batch, as the lane scheduler's jobs: each
/// message's whole blocks in place, then its padded last block or two.
struct MdJobs<'k, 'a, S: Spec> {
    kernel: &'k Kernel<S::W>,
    msgs: &'k [&'a [u8]],
}

impl<'a, S: Spec> scheduler::Jobs<'a> for MdJobs<'_, 'a, S> {
    type W = S::W;
    const BLOCK: usize = S::BLOCK;

    fn iv(&self) -> &[S::W] {
        S::IV
    }

    fn data(&self, j: usize) -> &'a [u8] {
        self.msgs[j]
    }

    /// The padding: the message's trailing bytes, 0x80, zeros and the length field.
    fn start(&self, j: usize, tail: &mut [u8; MAX_TAIL]) -> (usize, usize) {
        let msg = self.msgs[j];
        let body = msg.len() / S::BLOCK;
        let rest = &msg[body * S::BLOCK..];
        let blocks = if rest.len() + 1 + S::LEN_BYTES <= S::BLOCK {
            1
        } else {
            2
        };
        let end = blocks * S::BLOCK;
        tail[..end].fill(0);
        tail[..rest.len()].copy_from_slice(rest);
        tail[rest.len()] = 0x80;
        S::put_len(&mut tail[end - S::LEN_BYTES..end], msg.len() as u64);
        (body, blocks)
    }

    fn compress(&self, state: &mut [S::W], data: &[&[u8]], blocks: usize, _: &[Option<Step>]) {
        (self.kernel.compress)(state, data, blocks);
    }
}

/// Hashes every message of `msgs` in the lanes of `k` ([`scheduler::run`]), longest first,
/// and returns the digests in the order of `msgs`.
fn lanes_run<S: Spec>(k: &Kernel<S::W>, msgs: &[&[u8]]) -> Vec<Digest> {
    let mut order: Vec<usize> = (0..msgs.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(msgs[i].len()));
    let mut words = vec![[S::W::default(); MAX_WORDS]; msgs.len()];
    scheduler::run(&MdJobs::<S> { kernel: k, msgs }, k.lanes, order, &mut words);
    words
        .iter()
        .map(|w| {
            let mut d = Digest::zeroed(S::OUT);
            S::put_digest(&mut d, &w[..S::IV.len()]);
            d
        })
        .collect()
}

/// Splits a kernel's `lanes` argument into one `&[u8; B]` per lane for the block at byte
/// `at`: the length checks that make the backends' loads in bounds.
#[inline(always)]
fn block_refs<'a, const B: usize, const N: usize>(
    lanes: &[&'a [u8]],
    at: usize,
) -> [&'a [u8; B]; N] {
    let mut out: [&[u8; B]; N] = [&[0; B]; N];
    for (o, l) in out.iter_mut().zip(lanes) {
        *o = l[at..at + B].try_into().expect("a whole block");
    }
    out
}

/// Writes, inside a backend module, the kernels `md5`, `sha256`, `sha512` and `blake3` and
/// their block functions over the module's primitives, each function carrying the given
/// attributes (the backend's `#[target_feature]`). The module defines:
///
/// - `LANES32`, `LANES64`: lanes of the 32-bit and 64-bit vectors `V32`, `V64`;
/// - `load32(&[u32; LANES32]) -> V32`, `store32(&mut [u32; LANES32], V32)`, and `load64`,
///   `store64` likewise;
/// - `add32`, `xor32`, `xor3_32`, `splat32(u32)`, `rotl32::<L, R>` (rotate left by `L`,
///   `R` = 32 − `L`), `shr32::<S>`; `md5_f`, `md5_g`, `md5_h`, `md5_i` (RFC 1321's F, G,
///   H, I), `ch32`, `maj32`, `xor32`, `rotr16_32` and `rotr8_32` (rotations right by 16
///   and 8, which a backend may do with byte shuffles); and the 64-bit `add64`, `xor3_64`, `splat64`,
///   `rotr64::<R, L>` (rotate right by `R`, `L` = 64 − `R`), `shr64::<S>`, `ch64`, `maj64`;
/// - `md5_words(&[&[u8; 64]; LANES32]) -> [V32; 16]`: word `j` of every lane's block,
///   little-endian; `sha256_words` the same big-endian; `sha512_words(&[&[u8; 128];
///   LANES64]) -> [V64; 16]`, big-endian.
macro_rules! kernels {
    ($(#[$attr:meta])*) => {
        /// Compresses `blocks` MD5 blocks of every lane into `state`.
        $(#[$attr])*
        pub(super) fn md5(state: &mut [u32], lanes: &[&[u8]], blocks: usize) {
            assert_eq!(lanes.len(), LANES32, "one slice per lane");
            let (st, rest) = state.as_chunks_mut::<LANES32>();
            assert!(st.len() == 4 && rest.is_empty(), "four state words per lane");
            let mut s = [load32(&st[0]), load32(&st[1]), load32(&st[2]), load32(&st[3])];
            for b in 0..blocks {
                let x = md5_words(&super::block_refs::<64, LANES32>(lanes, b * 64));
                md5_block(&mut s, &x);
            }
            for (w, v) in st.iter_mut().zip(s) {
                store32(w, v);
            }
        }

        /// One MD5 step: `b + ((a + f + k + m) <<< L)`.
        #[inline]
        $(#[$attr])*
        fn md5_step<const L: i32, const R: i32>(a: V32, b: V32, f: V32, k: u32, m: V32) -> V32 {
            add32(b, rotl32::<L, R>(add32(add32(a, f), add32(splat32(k), m))))
        }

        /// The 64 steps of RFC 1321 3.4 on one block of every lane.
        #[inline]
        $(#[$attr])*
        fn md5_block(s: &mut [V32; 4], x: &[V32; 16]) {
            let k = &super::consts::MD5_K;
            let [mut a, mut b, mut c, mut d] = *s;
            let mut i = 0;
            while i < 16 {
                a = md5_step::<7, 25>(a, b, md5_f(b, c, d), k[i], x[i]);
                d = md5_step::<12, 20>(d, a, md5_f(a, b, c), k[i + 1], x[i + 1]);
                c = md5_step::<17, 15>(c, d, md5_f(d, a, b), k[i + 2], x[i + 2]);
                b = md5_step::<22, 10>(b, c, md5_f(c, d, a), k[i + 3], x[i + 3]);
                i += 4;
            }
            while i < 32 {
                let m = |j: usize| x[(5 * j + 1) % 16];
                a = md5_step::<5, 27>(a, b, md5_g(b, c, d), k[i], m(i));
                d = md5_step::<9, 23>(d, a, md5_g(a, b, c), k[i + 1], m(i + 1));
                c = md5_step::<14, 18>(c, d, md5_g(d, a, b), k[i + 2], m(i + 2));
                b = md5_step::<20, 12>(b, c, md5_g(c, d, a), k[i + 3], m(i + 3));
                i += 4;
            }
            while i < 48 {
                let m = |j: usize| x[(3 * j + 5) % 16];
                a = md5_step::<4, 28>(a, b, md5_h(b, c, d), k[i], m(i));
                d = md5_step::<11, 21>(d, a, md5_h(a, b, c), k[i + 1], m(i + 1));
                c = md5_step::<16, 16>(c, d, md5_h(d, a, b), k[i + 2], m(i + 2));
                b = md5_step::<23, 9>(b, c, md5_h(c, d, a), k[i + 3], m(i + 3));
                i += 4;
            }
            while i < 64 {
                let m = |j: usize| x[(7 * j) % 16];
                a = md5_step::<6, 26>(a, b, md5_i(b, c, d), k[i], m(i));
                d = md5_step::<10, 22>(d, a, md5_i(a, b, c), k[i + 1], m(i + 1));
                c = md5_step::<15, 17>(c, d, md5_i(d, a, b), k[i + 2], m(i + 2));
                b = md5_step::<21, 11>(b, c, md5_i(c, d, a), k[i + 3], m(i + 3));
                i += 4;
            }
            s[0] = add32(s[0], a);
            s[1] = add32(s[1], b);
            s[2] = add32(s[2], c);
            s[3] = add32(s[3], d);
        }

        /// The eight 32-bit state words of every lane (SHA-256, BLAKE3), word-major, as
        /// rows of lanes; checks that there is one slice per lane.
        fn state8_32<'a>(state: &'a mut [u32], lanes: &[&[u8]]) -> &'a mut [[u32; LANES32]] {
            assert_eq!(lanes.len(), LANES32, "one slice per lane");
            let (st, rest) = state.as_chunks_mut::<LANES32>();
            assert!(st.len() == 8 && rest.is_empty(), "eight state words per lane");
            st
        }

        /// Loads the eight state words of `state8_32` into vectors.
        #[inline]
        $(#[$attr])*
        fn load8_32(st: &[[u32; LANES32]]) -> [V32; 8] {
            [
                load32(&st[0]),
                load32(&st[1]),
                load32(&st[2]),
                load32(&st[3]),
                load32(&st[4]),
                load32(&st[5]),
                load32(&st[6]),
                load32(&st[7]),
            ]
        }

        /// Compresses `blocks` SHA-256 blocks of every lane into `state`.
        $(#[$attr])*
        pub(super) fn sha256(state: &mut [u32], lanes: &[&[u8]], blocks: usize) {
            let st = state8_32(state, lanes);
            let mut s = load8_32(st);
            for b in 0..blocks {
                let mut w = sha256_words(&super::block_refs::<64, LANES32>(lanes, b * 64));
                sha256_block(&mut s, &mut w);
            }
            for (w, v) in st.iter_mut().zip(s) {
                store32(w, v);
            }
        }

        /// The 64 rounds of FIPS 180-4 6.2.2 on one block of every lane, the message
        /// schedule computed in place in `w` (16 words, index t mod 16).
        #[inline]
        $(#[$attr])*
        fn sha256_block(s: &mut [V32; 8], w: &mut [V32; 16]) {
            let k = &super::consts::SHA256_K;
            let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *s;
            for t in 0..64 {
                if t >= 16 {
                    // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16].
                    let w2 = w[(t + 14) % 16];
                    let w15 = w[(t + 1) % 16];
                    let s1 = xor3_32(rotl32::<15, 17>(w2), rotl32::<13, 19>(w2), shr32::<10>(w2));
                    let s0 = xor3_32(rotl32::<25, 7>(w15), rotl32::<14, 18>(w15), shr32::<3>(w15));
                    w[t % 16] = add32(add32(w[t % 16], s0), add32(w[(t + 9) % 16], s1));
                }
                // Σ1(e) = ROTR6 ^ ROTR11 ^ ROTR25; Σ0(a) = ROTR2 ^ ROTR13 ^ ROTR22.
                let big1 = xor3_32(rotl32::<26, 6>(e), rotl32::<21, 11>(e), rotl32::<7, 25>(e));
                let big0 = xor3_32(rotl32::<30, 2>(a), rotl32::<19, 13>(a), rotl32::<10, 22>(a));
                let t1 = add32(
                    add32(h, big1),
                    add32(add32(ch32(e, f, g), splat32(k[t])), w[t % 16]),
                );
                let t2 = add32(big0, maj32(a, b, c));
                h = g;
                g = f;
                f = e;
                e = add32(d, t1);
                d = c;
                c = b;
                b = a;
                a = add32(t1, t2);
            }
            for (x, v) in s.iter_mut().zip([a, b, c, d, e, f, g, h]) {
                *x = add32(*x, v);
            }
        }

        /// Compresses `blocks` SHA-512 blocks of every lane into `state`.
        $(#[$attr])*
        pub(super) fn sha512(state: &mut [u64], lanes: &[&[u8]], blocks: usize) {
            assert_eq!(lanes.len(), LANES64, "one slice per lane");
            let (st, rest) = state.as_chunks_mut::<LANES64>();
            assert!(st.len() == 8 && rest.is_empty(), "eight state words per lane");
            let mut s = [
                load64(&st[0]),
                load64(&st[1]),
                load64(&st[2]),
                load64(&st[3]),
                load64(&st[4]),
                load64(&st[5]),
                load64(&st[6]),
                load64(&st[7]),
            ];
            for b in 0..blocks {
                let mut w = sha512_words(&super::block_refs::<128, LANES64>(lanes, b * 128));
                sha512_block(&mut s, &mut w);
            }
            for (w, v) in st.iter_mut().zip(s) {
                store64(w, v);
            }
        }

        /// The 80 rounds of FIPS 180-4 6.4.2 on one block of every lane.
        #[inline]
        $(#[$attr])*
        fn sha512_block(s: &mut [V64; 8], w: &mut [V64; 16]) {
            let k = &super::consts::SHA512_K;
            let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *s;
            for t in 0..80 {
                if t >= 16 {
                    // σ0 = ROTR1 ^ ROTR8 ^ SHR7; σ1 = ROTR19 ^ ROTR61 ^ SHR6.
                    let w2 = w[(t + 14) % 16];
                    let w15 = w[(t + 1) % 16];
                    let s1 = xor3_64(rotr64::<19, 45>(w2), rotr64::<61, 3>(w2), shr64::<6>(w2));
                    let s0 = xor3_64(rotr64::<1, 63>(w15), rotr64::<8, 56>(w15), shr64::<7>(w15));
                    w[t % 16] = add64(add64(w[t % 16], s0), add64(w[(t + 9) % 16], s1));
                }
                // Σ1(e) = ROTR14 ^ ROTR18 ^ ROTR41; Σ0(a) = ROTR28 ^ ROTR34 ^ ROTR39.
                let big1 = xor3_64(rotr64::<14, 50>(e), rotr64::<18, 46>(e), rotr64::<41, 23>(e));
                let big0 = xor3_64(rotr64::<28, 36>(a), rotr64::<34, 30>(a), rotr64::<39, 25>(a));
                let t1 = add64(
                    add64(h, big1),
                    add64(add64(ch64(e, f, g), splat64(k[t])), w[t % 16]),
                );
                let t2 = add64(big0, maj64(a, b, c));
                h = g;
                g = f;
                f = e;
                e = add64(d, t1);
                d = c;
                c = b;
                b = a;
                a = add64(t1, t2);
            }
            for (x, v) in s.iter_mut().zip([a, b, c, d, e, f, g, h]) {
                *x = add64(*x, v);
            }
        }

        /// Compresses `blocks` BLAKE3 blocks of every lane into its chaining value in
        /// `state` (8 words per lane), each lane with its own counter, flags and last
        /// block length from `p` (see `blake3_lanes::Params`).
        $(#[$attr])*
        pub(super) fn blake3(
            state: &mut [u32],
            lanes: &[&[u8]],
            blocks: usize,
            p: &super::blake3_lanes::Params,
        ) {
            let st = state8_32(state, lanes);
            let mut cv = load8_32(st);
            let t_lo = load32(super::lane_words(&p.counter_lo));
            let t_hi = load32(super::lane_words(&p.counter_hi));
            let base = load32(super::lane_words(&p.base));
            let start = load32(super::lane_words(&p.start));
            let end = load32(super::lane_words(&p.end));
            let last_len = load32(super::lane_words(&p.last_len));
            for b in 0..blocks {
                let m = md5_words(&super::block_refs::<64, LANES32>(lanes, b * 64));
                let mut flags = base;
                let mut len = splat32(64);
                if b == 0 {
                    flags = xor32(flags, start);
                }
                if b + 1 == blocks {
                    flags = xor32(flags, end);
                    len = last_len;
                }
                blake3_block(&mut cv, &m, [t_lo, t_hi, len, flags]);
            }
            for (w, v) in st.iter_mut().zip(cv) {
                store32(w, v);
            }
        }

        /// BLAKE3's G function (the specification's section 2.2) on state words `i` of
        /// `v`, with message words `x` and `y`.
        #[inline]
        $(#[$attr])*
        fn blake3_g(v: &mut [V32; 16], i: [usize; 4], x: V32, y: V32) {
            let [a, b, c, d] = i;
            v[a] = add32(add32(v[a], v[b]), x);
            v[d] = rotr16_32(xor32(v[d], v[a]));
            v[c] = add32(v[c], v[d]);
            v[b] = rotl32::<20, 12>(xor32(v[b], v[c]));
            v[a] = add32(add32(v[a], v[b]), y);
            v[d] = rotr8_32(xor32(v[d], v[a]));
            v[c] = add32(v[c], v[d]);
            v[b] = rotl32::<25, 7>(xor32(v[b], v[c]));
        }

        /// Round `R` of BLAKE3's compression: the columns, then the diagonals, the message
        /// words in the order of `R` permutations (`consts::BLAKE3_SCHEDULE`), so no
        /// words move between rounds.
        #[inline]
        $(#[$attr])*
        fn blake3_round<const R: usize>(v: &mut [V32; 16], m: &[V32; 16]) {
            let s = &super::consts::BLAKE3_SCHEDULE[R];
            blake3_g(v, [0, 4, 8, 12], m[s[0]], m[s[1]]);
            blake3_g(v, [1, 5, 9, 13], m[s[2]], m[s[3]]);
            blake3_g(v, [2, 6, 10, 14], m[s[4]], m[s[5]]);
            blake3_g(v, [3, 7, 11, 15], m[s[6]], m[s[7]]);
            blake3_g(v, [0, 5, 10, 15], m[s[8]], m[s[9]]);
            blake3_g(v, [1, 6, 11, 12], m[s[10]], m[s[11]]);
            blake3_g(v, [2, 7, 8, 13], m[s[12]], m[s[13]]);
            blake3_g(v, [3, 4, 9, 14], m[s[14]], m[s[15]]);
        }

        /// BLAKE3's compression function on one block of every lane: seven rounds over
        /// the chaining value, the IV's first four words and `tail` (counter low and high
        /// words, block length, flags); the new chaining value is the first half of the
        /// state XOR the second.
        #[inline]
        $(#[$attr])*
        fn blake3_block(cv: &mut [V32; 8], m: &[V32; 16], tail: [V32; 4]) {
            let iv = &super::consts::BLAKE3_IV;
            let mut v = [
                cv[0], cv[1], cv[2], cv[3], cv[4], cv[5], cv[6], cv[7],
                splat32(iv[0]), splat32(iv[1]), splat32(iv[2]), splat32(iv[3]),
                tail[0], tail[1], tail[2], tail[3],
            ];
            blake3_round::<0>(&mut v, m);
            blake3_round::<1>(&mut v, m);
            blake3_round::<2>(&mut v, m);
            blake3_round::<3>(&mut v, m);
            blake3_round::<4>(&mut v, m);
            blake3_round::<5>(&mut v, m);
            blake3_round::<6>(&mut v, m);
            for (i, c) in cv.iter_mut().enumerate() {
                *c = xor32(v[i], v[i + 8]);
            }
        }
    };
}
use kernels;

/// The first [`N`] of a per-lane array: one lane's value each, as a kernel loads them.
#[inline(always)]
fn lane_words<const N: usize>(a: &[u32; MAX_LANES]) -> &[u32; N] {
    a[..N].try_into().expect("no more lanes than MAX_LANES")
}
