//! The Merkle–Damgård frame shared by khsum's own MD5, SHA-1 and SHA-512 kernels: block
//! buffering, the message length, and the final padding (a `0x80` byte, zeros, and the
//! message length in bits, in the last 8 or 16 bytes of the last block), around a
//! [`Core`] that owns the chaining value and the block function its backend chose.
//!
//! Each algorithm module defines the core; this file turns it into a [`Hasher`].

use crate::backend::Backend;
use crate::hasher::{BlockBuffer, Error, Hasher};

/// The per-algorithm part of a Merkle–Damgård hash.
pub(crate) trait Core: Clone + Send + Sync + 'static {
    /// Bytes per block (64 or 128).
    const BLOCK: usize;
    /// Bytes of the length field at the end of the last block (8 or 16).
    const LEN_BYTES: usize;
    /// Whether the length field is big-endian (SHA) rather than little-endian (MD5).
    const BIG_ENDIAN: bool;

    /// Absorbs whole blocks (`blocks.len()` a multiple of [`Core::BLOCK`]).
    fn compress(&mut self, blocks: &[u8]);

    /// Writes the digest (the chaining value after the last block), `out.len()` bytes
    /// of it (SHA-512/224 and /256 keep a prefix).
    fn output(&self, out: &mut [u8]);

    /// After the last block: a notice about the input (SHA-1's collision detection).
    fn notice(&self) -> Option<&'static str> {
        None
    }

    /// The backend whose block function this core runs.
    fn backend(&self) -> Backend;
}

/// A [`Core`] with its buffer: `N` is `C::BLOCK` (a separate parameter because array
/// lengths cannot name an associated constant on stable Rust).
#[derive(Clone)]
pub(crate) struct MdHasher<C: Core, const N: usize> {
    core: C,
    buf: BlockBuffer<N>,
    /// Bytes absorbed so far (wrapping, as the length field is the length modulo 2^64
    /// bits for 64-byte blocks; for SHA-512 the upper half of the 128-bit field is the
    /// bits that overflow).
    len: u128,
    out_len: usize,
}

impl<C: Core, const N: usize> MdHasher<C, N> {
    /// A hasher over `core` (the initial chaining value) producing `out_len` bytes.
    pub(crate) fn new(core: C, out_len: usize) -> Self {
        debug_assert_eq!(C::BLOCK, N);
        MdHasher {
            core,
            buf: BlockBuffer::default(),
            len: 0,
            out_len,
        }
    }

    fn absorb(&mut self, data: &[u8]) {
        self.len = self.len.wrapping_add(data.len() as u128);
        let core = &mut self.core;
        self.buf.update(data, false, |blocks| core.compress(blocks));
    }

    /// Pads and absorbs the last block or two, then writes the digest.
    fn finish(&mut self, out: &mut [u8]) {
        let pending = self.buf.pending();
        let mut last = [[0u8; N]; 2];
        let flat = last.as_flattened_mut();
        flat[..pending.len()].copy_from_slice(pending);
        flat[pending.len()] = 0x80;
        let blocks = if pending.len() < N - C::LEN_BYTES {
            1
        } else {
            2
        };
        let end = blocks * N;
        let bits = self.len.wrapping_mul(8);
        let field = &mut flat[end - C::LEN_BYTES..end];
        if C::BIG_ENDIAN {
            field.copy_from_slice(&bits.to_be_bytes()[16 - C::LEN_BYTES..]);
        } else {
            field.copy_from_slice(&bits.to_le_bytes()[..C::LEN_BYTES]);
        }
        self.core.compress(&flat[..end]);
        self.core.output(out);
    }
}

impl<C: Core, const N: usize> Hasher for MdHasher<C, N> {
    fn update(&mut self, data: &[u8]) {
        self.absorb(data);
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        self.finish(out);
        Ok(())
    }

    fn notice(&self) -> Option<&'static str> {
        self.core.notice()
    }

    fn digest_whole_into(
        &self,
        data: &[u8],
        out: &mut [u8],
    ) -> Result<Option<&'static str>, Error> {
        let mut h = self.clone();
        h.absorb(data);
        h.finish(out);
        Ok(h.core.notice())
    }

    fn output_len(&self) -> usize {
        self.out_len
    }

    fn backend(&self) -> Backend {
        self.core.backend()
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}
