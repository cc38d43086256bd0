//! Crate-backed algorithms through RustCrypto's `digest` 0.10 traits: one generic adapter
//! for fixed-output hashes ([`digest`]: SHA-2, SHA-3, MD5, SM3, SHA-1), and one for the
//! variable-output BLAKE2 hashes ([`blake2b`], [`blake2s`]), whose output length is a
//! parameter of the hash (not a truncation). Each registry entry names its adapter in one
//! line, e.g. `build: crate::rustcrypto::digest::<sha2::Sha384>`.
//!
//! SHA-1 is `sha1-checked` with collision detection and without its "safe hash" rewrite,
//! so the digest equals plain SHA-1 (what `sha1sum` prints) for every input.

use crate::algorithm::Build;
use crate::backend::Backend;
use crate::hasher::{Error, Hasher};
use blake2::digest::{Update, VariableOutput};
use sha2::Digest;

#[derive(Clone)]
struct Plain<D>(D, usize);

impl<D> Hasher for Plain<D>
where
    D: Digest + Clone + Send + Sync + 'static,
{
    fn update(&mut self, data: &[u8]) {
        Digest::update(&mut self.0, data);
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        let d = std::mem::replace(&mut self.0, D::new());
        d.finalize_into(out.into());
        Ok(())
    }

    fn digest_whole_into(&self, data: &[u8], out: &mut [u8]) -> Result<(), Error> {
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

/// The registry's build function for any RustCrypto `Digest` with a fixed output.
pub(crate) fn digest<D>(_: &Build<'_>) -> Result<Box<dyn Hasher>, Error>
where
    D: Digest + Clone + Send + Sync + 'static,
{
    Ok(Box::new(Plain(D::new(), <D as Digest>::output_size())))
}

/// SHA-1 with collision detection, digests equal to plain SHA-1.
pub(crate) fn sha1(_: &Build<'_>) -> Result<Box<dyn Hasher>, Error> {
    let h = sha1_checked::Sha1::builder()
        .detect_collision(true)
        .safe_hash(false)
        .build();
    Ok(Box::new(Plain(h, 20)))
}

/// A variable-output BLAKE2 hash (the length is part of the hash's parameters).
#[derive(Clone)]
struct Blake2<V>(V, usize);

impl<V> Hasher for Blake2<V>
where
    V: VariableOutput + Update + Clone + Send + Sync + 'static,
{
    fn update(&mut self, data: &[u8]) {
        Update::update(&mut self.0, data);
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        // An unkeyed state: the copy holds no secret.
        self.0
            .clone()
            .finalize_variable(out)
            .map_err(|_| Error::BadParameter("blake2: bad output length".into()))
    }

    fn digest_whole_into(&self, data: &[u8], out: &mut [u8]) -> Result<(), Error> {
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

fn blake2<V>(b: &Build<'_>) -> Result<Box<dyn Hasher>, Error>
where
    V: VariableOutput + Update + Clone + Send + Sync + 'static,
{
    let v = V::new(b.out_len)
        .map_err(|_| Error::BadParameter(format!("blake2: no {}-byte output", b.out_len)))?;
    Ok(Box::new(Blake2(v, b.out_len)))
}

/// BLAKE2b with 1 to 64 bytes of output (`b2sum -l`).
pub(crate) fn blake2b(b: &Build<'_>) -> Result<Box<dyn Hasher>, Error> {
    blake2::<blake2::Blake2bVar>(b)
}

/// BLAKE2s with 1 to 32 bytes of output.
pub(crate) fn blake2s(b: &Build<'_>) -> Result<Box<dyn Hasher>, Error> {
    blake2::<blake2::Blake2sVar>(b)
}
