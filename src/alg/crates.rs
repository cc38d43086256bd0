//! The algorithms khsum takes from well-kept crates, each a thin [`Hasher`] over the
//! crate's own state: SHA-224, SHA-256, SM3 and RIPEMD-160 through RustCrypto's `digest`
//! traits (`sha2` detects SHA-NI at run time), HMAC-SHA256 through `hmac`, BLAKE2b and
//! BLAKE2s through `blake2b_simd`/`blake2s_simd` (SSE4.1/AVX2 or NEON chosen at run time;
//! the output length a parameter of the hash, `b2sum -l`, not a truncation; RustCrypto's
//! `blake2`, portable code on stable Rust, took 1.09x `b2sum`'s time on 256 MiB), and
//! xxHash (XXH32, XXH64, XXH3, XXH128, seed 0) through `twox-hash`, with digests in
//! xxhsum's canonical byte order (big-endian, XXH128's high half first). The constructors
//! are what the registry's build functions call (`crate::algorithm`). BLAKE3 is in
//! [`super::blake3`]; MD5, SHA-1, the SHA-512 family and SHA-3 are khsum's own.

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};

// RustCrypto `digest` hashes.

#[derive(Clone)]
struct Plain<D>(D, usize);

impl<D> Hasher for Plain<D>
where
    D: sha2::Digest + Clone + Send + Sync + 'static,
{
    fn update(&mut self, data: &[u8]) {
        sha2::Digest::update(&mut self.0, data);
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        let d = std::mem::replace(&mut self.0, D::new());
        sha2::Digest::finalize_into(d, out.into());
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
        self.1
    }

    fn backend(&self) -> Backend {
        Backend::Auto
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

/// Any RustCrypto `Digest` with a fixed output (SHA-224, SHA-256, SM3, RIPEMD-160).
pub(crate) fn digest<D>() -> Box<dyn Hasher>
where
    D: sha2::Digest + Clone + Send + Sync + 'static,
{
    Box::new(Plain(D::new(), <D as sha2::Digest>::output_size()))
}

// HMAC-SHA256: `sha2` inside `hmac`.

#[derive(Clone)]
struct HmacSha256(hmac::Hmac<sha2::Sha256>);

impl Hasher for HmacSha256 {
    fn update(&mut self, data: &[u8]) {
        hmac::Mac::update(&mut self.0, data);
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        // Finalized in place (no moved copy of the key-derived states left behind), the
        // tag written straight into `out`; the state is then overwritten (keyless), and
        // the stack the crate's finalization used (its copy of the outer state) scrubbed.
        hmac::digest::FixedOutputReset::finalize_into_reset(&mut self.0, out.into());
        self.0 = keyless_hmac();
        zeroize::optimization_barrier(&self.0);
        crate::hasher::scrub_stack();
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
        32
    }

    fn backend(&self) -> Backend {
        Backend::Auto
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

fn keyless_hmac() -> hmac::Hmac<sha2::Sha256> {
    <hmac::Hmac<sha2::Sha256> as hmac::Mac>::new_from_slice(&[])
        .expect("HMAC accepts any key length")
}

impl Drop for HmacSha256 {
    fn drop(&mut self) {
        // The hmac crate keeps key-derived inner and outer hash states and does not wipe
        // them: overwrite them with a keyless state, and keep the compiler from dropping
        // that store as dead.
        self.0 = keyless_hmac();
        zeroize::optimization_barrier(&self.0);
    }
}

/// An HMAC-SHA256 hasher (RFC 2104); any key length is valid.
pub(crate) fn hmac_sha256(key: &[u8]) -> Box<dyn Hasher> {
    let mac = <hmac::Hmac<sha2::Sha256> as hmac::Mac>::new_from_slice(key)
        .expect("HMAC accepts keys of any length");
    Box::new(HmacSha256(mac))
}

// BLAKE2b and BLAKE2s.

/// The two BLAKE2 states, unkeyed.
#[derive(Clone)]
enum Blake2State {
    B(blake2b_simd::State),
    S(blake2s_simd::State),
}

#[derive(Clone)]
struct Blake2 {
    state: Blake2State,
    len: usize,
}

impl Hasher for Blake2 {
    fn update(&mut self, data: &[u8]) {
        match &mut self.state {
            Blake2State::B(s) => {
                s.update(data);
            }
            Blake2State::S(s) => {
                s.update(data);
            }
        }
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        match &self.state {
            Blake2State::B(s) => out.copy_from_slice(s.finalize().as_bytes()),
            Blake2State::S(s) => out.copy_from_slice(s.finalize().as_bytes()),
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
        state: Blake2State::B(state),
        len,
    })
}

/// BLAKE2s with `len` bytes of output, 1 to 32 (the registry checks it).
pub(crate) fn blake2s(len: usize) -> Box<dyn Hasher> {
    let state = blake2s_simd::Params::new().hash_length(len).to_state();
    Box::new(Blake2 {
        state: Blake2State::S(state),
        len,
    })
}

// xxHash: fast non-cryptographic checksums; they catch accidental corruption, never
// tampering.

/// One xxHash state and how to read its result in canonical bytes.
#[derive(Clone)]
enum XxhState {
    X32(twox_hash::XxHash32),
    X64(twox_hash::XxHash64),
    X3(twox_hash::XxHash3_64),
    X128(twox_hash::XxHash3_128),
}

#[derive(Clone)]
struct Xxh(XxhState);

impl Hasher for Xxh {
    fn update(&mut self, data: &[u8]) {
        match &mut self.0 {
            XxhState::X32(h) => std::hash::Hasher::write(h, data),
            XxhState::X64(h) => std::hash::Hasher::write(h, data),
            XxhState::X3(h) => std::hash::Hasher::write(h, data),
            XxhState::X128(h) => h.write(data),
        }
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        match &self.0 {
            XxhState::X32(h) => out.copy_from_slice(&h.finish_32().to_be_bytes()),
            XxhState::X64(h) => out.copy_from_slice(&std::hash::Hasher::finish(h).to_be_bytes()),
            XxhState::X3(h) => out.copy_from_slice(&std::hash::Hasher::finish(h).to_be_bytes()),
            XxhState::X128(h) => out.copy_from_slice(&h.finish_128().to_be_bytes()),
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
        match self.0 {
            XxhState::X32(_) => 4,
            XxhState::X64(_) | XxhState::X3(_) => 8,
            XxhState::X128(_) => 16,
        }
    }

    fn backend(&self) -> Backend {
        Backend::Auto
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

/// XXH32, seed 0.
pub(crate) fn xxh32() -> Box<dyn Hasher> {
    Box::new(Xxh(XxhState::X32(twox_hash::XxHash32::with_seed(0))))
}

/// XXH64, seed 0.
pub(crate) fn xxh64() -> Box<dyn Hasher> {
    Box::new(Xxh(XxhState::X64(twox_hash::XxHash64::with_seed(0))))
}

/// XXH3 with 64-bit output, seed 0.
pub(crate) fn xxh3() -> Box<dyn Hasher> {
    Box::new(Xxh(XxhState::X3(twox_hash::XxHash3_64::new())))
}

/// XXH3 with 128-bit output (XXH128), seed 0.
pub(crate) fn xxh128() -> Box<dyn Hasher> {
    Box::new(Xxh(XxhState::X128(twox_hash::XxHash3_128::new())))
}
