//! Multimixer-128 (K. Ghosh, P. Amiri Eliasi, J. Daemen: "Multimixer-128: Universal Keyed
//! Hashing Based on Integer Multiplication", ToSC 2023(3), ia.cr/2023/1357).
//!
//! Multimixer-128 is an ε-Δ-universal hash with ε = 2⁻¹²⁷. It takes a key **exactly as
//! long as the message**, a non-zero multiple of 32 bytes, and returns a 64-byte digest.
//! Per 32-byte block, the key and message are read as eight little-endian 32-bit words
//! and added word-wise (mod 2³²); the block function f_128 mixes the two halves with two
//! circulant matrices and forms eight 32×32→64-bit products, which are summed lane-wise
//! (mod 2⁶⁴) over all blocks. The digest is the eight 64-bit sums, little-endian. There
//! is no padding, no length encoding and no finalization.
//!
//! **It is not a MAC on its own.** A universal hash only bounds the probability that two
//! *different* messages collide under a *random, secret* key; its output reveals
//! information about the key and must be masked (e.g. added to a PRF output) or fed to a
//! PRF before it can authenticate anything. It is meant as the compression layer of a MAC
//! or of a Farfalle-style deck function. **A key must never be reused**: key material is
//! consumed at the rate of the message. khsum computes exactly the function of the paper
//! and builds no construction around it.
//!
//! Streaming: the hasher reads the key side by side with the message (the key offset
//! advances with the message), so memory stays bounded even when the key is a memory
//! map of a multi-GiB file. Length-rule violations are reported by
//! [`Hasher::finish_into`]; once the message given is longer than the key, nothing more is
//! absorbed (from the `update` call that overran it on), so no key byte past the end is
//! ever read.
//!
//! Backends: portable (plain Rust, the reference), AVX2 (one block per 256-bit register),
//! AVX-512 (two blocks per 512-bit register) and NEON on aarch64 (one block per register
//! pair, `UMLAL` into the sums); the SIMD ones form the 32×32→64-bit products in vector
//! multipliers and run several blocks per loop iteration. The backend is
//! chosen once, when the hasher is built. [`Hasher::update_large`] hashes inputs of
//! 4 MiB or more in 1 MiB parts on the rayon pool: the sums commute, so the parts are
//! independent and their sums are added.

use crate::backend::{self, Available, Backend, Entry, Table};
use crate::hasher::{BlockBuffer, Error, Hasher};
use crate::key::Key;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512;
#[cfg(target_arch = "aarch64")]
#[allow(unsafe_code)]
mod neon;
mod portable;

/// Bytes per block of key and of message.
pub const BLOCK_LEN: usize = 32;
/// Bytes of digest.
pub const DIGEST_LEN: usize = 64;

/// Inputs at least this long are split across the rayon pool by
/// [`Hasher::update_large`] (the sums commute, so parts can be hashed independently).
const PARALLEL_MIN: usize = 4 << 20;
/// The part size for parallel hashing.
const PARALLEL_CHUNK: usize = 1 << 20;

/// One backend's block function: absorbs whole blocks (`key` and `msg` of equal length,
/// a multiple of 32 bytes) into the eight sums `acc`, in digest order.
struct Kernels {
    compress: fn(&mut [u64; 8], &[u8], &[u8]),
}

/// Every backend's kernels, best first. SAFETY of the SIMD entries: see
/// [`crate::backend::simd_kernel`]; this table is read only through `backend::select`
/// and `backend::best`.
#[allow(unsafe_code)]
static KERNELS: &Table<Kernels> = &Table::new(&[
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Avx512,
        kernels: Kernels {
            compress: backend::simd_kernel!(avx512::compress, |acc, key, msg|),
        },
    },
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Avx2,
        kernels: Kernels {
            compress: backend::simd_kernel!(avx2::compress, |acc, key, msg|),
        },
    },
    #[cfg(target_arch = "aarch64")]
    Entry {
        backend: Backend::Neon,
        kernels: Kernels {
            compress: backend::simd_kernel!(neon::compress, |acc, key, msg|),
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

/// Absorbs whole blocks: `key` and `msg` have equal lengths, a multiple of 32 bytes.
#[inline]
fn compress(k: &Entry<Kernels>, acc: &mut [u64; 8], key: &[u8], msg: &[u8]) {
    debug_assert_eq!(key.len(), msg.len());
    debug_assert_eq!(msg.len() % BLOCK_LEN, 0);
    (k.kernels.compress)(acc, key, msg);
}

/// The kernels of the proven backend.
fn kernels(proof: Available) -> Result<&'static Entry<Kernels>, Error> {
    backend::select(KERNELS, proof).ok_or_else(|| {
        Error::BadParameter(format!("multimixer-128 has no {} backend", proof.backend()))
    })
}

/// The streaming state: plain data in digest order.
#[derive(Clone)]
struct Multimixer {
    kernels: &'static Entry<Kernels>,
    /// The whole key; blocks are read at `pos`.
    key: Key,
    /// The eight 64-bit sums, in digest order.
    acc: [u64; 8],
    /// Bytes of message (and key) absorbed as whole blocks.
    pos: usize,
    /// A partial message block.
    buf: BlockBuffer<BLOCK_LEN>,
    /// Message bytes given so far (absorbed or not).
    msg_len: u64,
}

/// Builds a Multimixer-128 hasher; `key` must end up exactly as long as the message.
///
/// # Errors
/// A backend Multimixer-128 does not have.
pub(crate) fn new(proof: Available, key: Key) -> Result<Box<dyn Hasher>, Error> {
    Ok(Box::new(Multimixer {
        kernels: kernels(proof)?,
        key,
        acc: [0; 8],
        pos: 0,
        buf: BlockBuffer::default(),
        msg_len: 0,
    }))
}

impl Multimixer {
    /// Whether the message given so far is already longer than the key.
    fn overrun(&self) -> bool {
        self.msg_len > self.key.len() as u64
    }

    /// Absorbs whole blocks on the rayon pool; the caller guarantees the buffer is empty
    /// and the key covers `msg`.
    fn absorb_parallel(&mut self, msg: &[u8]) {
        use rayon::prelude::*;
        debug_assert!(self.buf.pending().is_empty());
        debug_assert_eq!(msg.len() % BLOCK_LEN, 0);
        let key = &self.key.bytes()[self.pos..self.pos + msg.len()];
        let k = self.kernels;
        let sum = msg
            .par_chunks(PARALLEL_CHUNK)
            .zip(key.par_chunks(PARALLEL_CHUNK))
            .map(|(m, kb)| {
                let mut acc = [0u64; 8];
                compress(k, &mut acc, kb, m);
                acc
            })
            .reduce(|| [0u64; 8], add_sums);
        self.acc = add_sums(self.acc, sum);
        self.pos += msg.len();
        self.msg_len += msg.len() as u64;
    }
}

/// Lane-wise sum mod 2⁶⁴.
fn add_sums(a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
    std::array::from_fn(|i| a[i].wrapping_add(b[i]))
}

impl Hasher for Multimixer {
    fn update(&mut self, data: &[u8]) {
        self.msg_len = self.msg_len.saturating_add(data.len() as u64);
        if self.overrun() {
            // Longer than the key: finalize reports it; absorb nothing more.
            self.buf.wipe();
            return;
        }
        // Every absorbed block lies within the first `msg_len <= key.len()` bytes.
        let key = self.key.bytes();
        if self.buf.pending().is_empty() && data.len().is_multiple_of(BLOCK_LEN) {
            // Whole blocks and nothing buffered: straight to the block function.
            compress(
                self.kernels,
                &mut self.acc,
                &key[self.pos..self.pos + data.len()],
                data,
            );
            self.pos += data.len();
            return;
        }
        let (acc, pos, k) = (&mut self.acc, &mut self.pos, self.kernels);
        self.buf.update(data, false, |blocks| {
            compress(k, acc, &key[*pos..*pos + blocks.len()], blocks);
            *pos += blocks.len();
        });
    }

    fn update_large(&mut self, data: &[u8]) {
        if data.len() < PARALLEL_MIN || rayon::current_num_threads() < 2 {
            return self.update(data);
        }
        // Complete a partial block first, so the rest starts on a block boundary.
        let head = (BLOCK_LEN - self.buf.pending().len()) % BLOCK_LEN;
        self.update(&data[..head]);
        let rest = &data[head..];
        let whole = rest.len() / BLOCK_LEN * BLOCK_LEN;
        if self.overrun() || self.msg_len + whole as u64 > self.key.len() as u64 {
            return self.update(rest);
        }
        self.absorb_parallel(&rest[..whole]);
        self.update(&rest[whole..]);
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        let (k, m) = (self.key.len() as u64, self.msg_len);
        if m != k || m == 0 || !m.is_multiple_of(BLOCK_LEN as u64) {
            return Err(Error::BadInput(format!(
                "multimixer-128 needs a key exactly as long as the message, a non-zero \
                 multiple of 32 bytes: key is {k} bytes, message is {m} bytes"
            )));
        }
        // A memory-mapped key file that changed while it was read (truncated, rewritten)
        // gives no tag.
        if !self.key.unchanged() {
            return Err(Error::BadInput("key file changed while being read".into()));
        }
        debug_assert_eq!(self.pos as u64, m);
        for (o, w) in out.chunks_exact_mut(8).zip(&self.acc) {
            o.copy_from_slice(&w.to_le_bytes());
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
        self.kernels.backend
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

impl Drop for Multimixer {
    fn drop(&mut self) {
        // The sums and the buffered block depend on secret key material.
        zeroize::Zeroize::zeroize(&mut self.acc);
        self.buf.wipe();
    }
}

/// Multimixer-128's block function f_128 on `backend`: eight 32-bit input words
/// (key + message already added) to eight 64-bit products, for its known-answer test.
///
/// # Errors
/// An input that is not 8 words, or a backend this CPU lacks.
pub fn kat_f128(b: Backend, words: &[u32]) -> Result<Vec<u64>, Error> {
    let k = Available::detect(b)
        .ok_or_else(|| Error::BadParameter(format!("this CPU lacks the {b} backend")))
        .and_then(kernels)?;
    if words.len() != 8 {
        return Err(Error::BadInput(format!(
            "f_128 takes 8 32-bit words, got {}",
            words.len()
        )));
    }
    // The words as a key block against an all-zero message block: x = key + 0.
    let key: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut acc = [0u64; 8];
    compress(k, &mut acc, &key, &[0u8; BLOCK_LEN]);
    Ok(acc.to_vec())
}
