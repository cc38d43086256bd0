//! BLAKE2b and BLAKE2s (RFC 7693) through the `blake2b_simd` and `blake2s_simd` crates,
//! which pick SSE4.1/AVX2 (x86-64) or NEON (aarch64) code at run time. The output length
//! is a parameter of the hash (`b2sum -l`), not a truncation: 1 to 64 bytes for BLAKE2b, 1
//! to 32 for BLAKE2s. (The RustCrypto `blake2` crate, portable code only on stable Rust,
//! took 1.09x `b2sum`'s time on 256 MiB; it stays a dev-dependency, for the differential
//! test.)

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};

/// The two BLAKE2 states, unkeyed.
#[derive(Clone)]
enum State {
    B(blake2b_simd::State),
    S(blake2s_simd::State),
}

#[derive(Clone)]
struct Blake2 {
    state: State,
    len: usize,
}

impl Hasher for Blake2 {
    fn update(&mut self, data: &[u8]) {
        match &mut self.state {
            State::B(s) => {
                s.update(data);
            }
            State::S(s) => {
                s.update(data);
            }
        }
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        match &self.state {
            State::B(s) => out.copy_from_slice(s.finalize().as_bytes()),
            State::S(s) => out.copy_from_slice(s.finalize().as_bytes()),
        }
        Ok(())
    }

    fn digest_whole_into(&self, data: &[u8], out: &mut [u8]) -> Result<(), Error> {
        crate::hasher::whole_on_stack(self, data, out)
    }

    fn output_len(&self) -> usize {
        self.len
    }

    fn backend(&self) -> Backend {
        Backend::Auto
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

/// BLAKE2b with `len` bytes of output, 1 to 64 (`b2sum -l`; the registry checks it).
pub(crate) fn blake2b(len: usize) -> Box<dyn Hasher> {
    let state = blake2b_simd::Params::new().hash_length(len).to_state();
    Box::new(Blake2 {
        state: State::B(state),
        len,
    })
}

/// BLAKE2s with `len` bytes of output, 1 to 32 (the registry checks it).
pub(crate) fn blake2s(len: usize) -> Box<dyn Hasher> {
    let state = blake2s_simd::Params::new().hash_length(len).to_state();
    Box::new(Blake2 {
        state: State::S(state),
        len,
    })
}
