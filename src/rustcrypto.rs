//! Crate-backed algorithms through RustCrypto's `digest` 0.10 traits: one generic adapter
//! for fixed-output hashes ([`digest`]: SHA-224, SHA-256, SM3), a plain constructor, which
//! the registry wraps in its descriptors (`crate::algorithm`). (BLAKE2 is in
//! `crate::blake2`; MD5, SHA-1, the SHA-512 family and SHA-3 are khsum's own,
//! `crate::md5`, `crate::sha1`, `crate::sha512`, `crate::sha3`.)

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};
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
pub(crate) fn digest<D>() -> Box<dyn Hasher>
where
    D: Digest + Clone + Send + Sync + 'static,
{
    Box::new(Plain(D::new(), <D as Digest>::output_size()))
}
