//! MD5 (RFC 1321), byte-compatible with `md5sum`. Broken for security (collisions are
//! practical); khsum has it so that existing `md5sum` lists verify.
//!
//! One backend, the portable one (`md5/portable.rs`): MD5 is a single chain of 64 dependent
//! steps per block, each `a = b + ((a + f(b, c, d) + K + M) <<< s)`, so the speed is the
//! latency of that chain, not the instruction count, and SIMD cannot shorten it (a
//! multi-lane MD5 over several files is a different thing: `multi`). The block function
//! is written so that everything not depending on the newest word `b` is computed before
//! `b` arrives (see the file), which puts the chain at 4 cycles a step for the G and H
//! rounds and 5 for F and I: 288 cycles a block, 4.5 cycles a byte.

mod portable;

use crate::alg::mdhash::{Core, MdHasher};
use crate::backend::{self, Available, Backend, Entry, Table};
use crate::hasher::{Error, Hasher};

/// One backend's block function: absorbs whole 64-byte blocks.
struct Kernels {
    compress: fn(&mut [u32; 4], &[u8]),
}

/// Every backend's kernels, best first (only the portable one: see the module docs).
static KERNELS: &Table<Kernels> = &Table::new(&[Entry {
    backend: Backend::Portable,
    kernels: Kernels {
        compress: portable::compress,
    },
}]);

/// Backends, best first.
pub(crate) fn backends() -> Vec<Backend> {
    backend::backends(KERNELS)
}

/// Bytes per block.
const BLOCK: usize = 64;

/// The initial chaining value (RFC 1321 §3.3, words A, B, C, D).
const IV: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];

#[derive(Clone)]
struct Md5 {
    state: [u32; 4],
    kernels: &'static Entry<Kernels>,
}

impl Core for Md5 {
    const BLOCK: usize = BLOCK;
    const LEN_BYTES: usize = 8;
    const BIG_ENDIAN: bool = false;

    fn compress(&mut self, blocks: &[u8]) {
        (self.kernels.kernels.compress)(&mut self.state, blocks);
    }

    fn output(&self, out: &mut [u8]) {
        for (o, w) in out.chunks_exact_mut(4).zip(self.state) {
            o.copy_from_slice(&w.to_le_bytes());
        }
    }

    fn backend(&self) -> Backend {
        self.kernels.backend
    }
}

/// An MD5 hasher on the proven backend.
///
/// # Errors
/// A backend MD5 does not have.
pub(crate) fn new(proof: Available) -> Result<Box<dyn Hasher>, Error> {
    let Some(kernels) = backend::select(KERNELS, proof) else {
        let name = proof.backend();
        return Err(Error::BadParameter(format!("md5 has no {name} backend")));
    };
    Ok(Box::new(MdHasher::<Md5, BLOCK>::new(
        Md5 { state: IV, kernels },
        16,
    )))
}
