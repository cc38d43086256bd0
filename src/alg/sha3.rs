//! SHA3-224, SHA3-256, SHA3-384 and SHA3-512 (FIPS 202): the Keccak-f[1600] sponge with
//! the SHA-3 padding (`01` domain bits, then `10*1`), byte-compatible with OpenSSL and
//! `sha3sum`.
//!
//! Backends, one file each in `sha3/`:
//! - `bmi2` (x86-64 BMI1/BMI2): the portable rounds compiled with `ANDN` and `RORX`;
//! - `portable`: the reference, one round written out lane by lane.
//!
//! Before khsum had its own, these were the `sha3` crate (the `keccak` crate's
//! permutation, compiled for the x86-64 baseline without `ANDN`): 1.13 times `openssl
//! dgst -sha3-256`'s time; it is the oracle of the differential tests now.

mod portable;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod bmi2;

use crate::backend::{self, Available, Backend, Entry, Table};
use crate::hasher::{BlockBuffer, Error, Hasher};

/// One backend's sponge function: absorbs whole blocks of `rate` bytes.
struct Kernels {
    absorb: fn(&mut [u64; 25], &[u8], usize),
}

/// Every backend's kernels, best first. SAFETY of the SIMD entries: see
/// [`crate::backend::simd_kernel`]; this table is read only through `backend::select`.
#[allow(unsafe_code)]
static KERNELS: &Table<Kernels> = &Table::new(&[
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Bmi2,
        kernels: Kernels {
            absorb: backend::simd_kernel!(bmi2::absorb, |a, b, r|),
        },
    },
    Entry {
        backend: Backend::Portable,
        kernels: Kernels {
            absorb: portable::absorb,
        },
    },
]);

/// Backends, best first.
pub(crate) fn backends() -> Vec<Backend> {
    backend::backends(KERNELS)
}

/// A SHA-3 hash with rate `R` bytes (200 minus twice the output length).
#[derive(Clone)]
struct Sha3<const R: usize> {
    state: [u64; 25],
    buf: BlockBuffer<R>,
    out_len: usize,
    kernels: &'static Entry<Kernels>,
}

impl<const R: usize> Sha3<R> {
    fn absorb(&mut self, data: &[u8]) {
        let (state, absorb) = (&mut self.state, self.kernels.kernels.absorb);
        self.buf
            .update(data, false, |blocks| absorb(state, blocks, R));
    }

    /// Pads (FIPS 202 §6.1 and B.2: the bits `01`, then `1 0* 1`, as the bytes `0x06 ..
    /// 0x80`, one byte `0x86` when only one is left), absorbs the last block and writes
    /// the first `out.len()` bytes of the state (little-endian lanes).
    fn finish(&mut self, out: &mut [u8]) {
        let pending = self.buf.pending();
        let mut last = [0u8; R];
        last[..pending.len()].copy_from_slice(pending);
        last[pending.len()] ^= 0x06;
        last[R - 1] ^= 0x80;
        (self.kernels.kernels.absorb)(&mut self.state, &last, R);
        let mut bytes = [0u8; 200];
        for (b, lane) in bytes.chunks_exact_mut(8).zip(self.state) {
            b.copy_from_slice(&lane.to_le_bytes());
        }
        out.copy_from_slice(&bytes[..out.len()]);
    }
}

impl<const R: usize> Hasher for Sha3<R> {
    fn update(&mut self, data: &[u8]) {
        self.absorb(data);
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        self.finish(out);
        Ok(())
    }

    fn digest_whole_into(
        &self,
        data: &[u8],
        out: &mut [u8],
    ) -> Result<Option<&'static str>, Error> {
        let mut h = self.clone();
        h.absorb(data);
        h.finish(out);
        Ok(None)
    }

    fn output_len(&self) -> usize {
        self.out_len
    }

    fn backend(&self) -> Backend {
        self.kernels.backend
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

/// A SHA-3 hasher on the proven backend: `out_len` 28, 32, 48 or 64 bytes.
///
/// # Errors
/// A backend SHA-3 does not have, or another output length.
pub(crate) fn new(proof: Available, out_len: usize) -> Result<Box<dyn Hasher>, Error> {
    let Some(kernels) = backend::select(KERNELS, proof) else {
        let name = proof.backend();
        return Err(Error::BadParameter(format!("sha3 has no {name} backend")));
    };
    fn boxed<const R: usize>(out_len: usize, kernels: &'static Entry<Kernels>) -> Box<dyn Hasher> {
        Box::new(Sha3::<R> {
            state: [0; 25],
            buf: BlockBuffer::default(),
            out_len,
            kernels,
        })
    }
    match out_len {
        28 => Ok(boxed::<144>(out_len, kernels)),
        32 => Ok(boxed::<136>(out_len, kernels)),
        48 => Ok(boxed::<104>(out_len, kernels)),
        64 => Ok(boxed::<72>(out_len, kernels)),
        _ => Err(Error::BadParameter(format!(
            "SHA-3 has no {out_len}-byte output"
        ))),
    }
}
