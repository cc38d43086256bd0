//! HMAC-SHA256 through RustCrypto's `hmac` and `sha2` crates (the plain SHA-2 hashes go
//! through `rustcrypto::digest`). `sha2` detects SHA-NI (and AVX2 for SHA-512) at run
//! time inside its own compression functions, which contain no AVX code before SHA-NI
//! instructions.

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};
use hmac::Mac;

#[derive(Clone)]
struct HmacSha256(hmac::Hmac<sha2::Sha256>);

impl Hasher for HmacSha256 {
    fn update(&mut self, data: &[u8]) {
        self.0.update(data);
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

    fn digest_whole_into(&self, data: &[u8], out: &mut [u8]) -> Result<(), Error> {
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
    <hmac::Hmac<sha2::Sha256> as Mac>::new_from_slice(&[]).expect("HMAC accepts any key length")
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
    let mac = <hmac::Hmac<sha2::Sha256> as Mac>::new_from_slice(key)
        .expect("HMAC accepts keys of any length");
    Box::new(HmacSha256(mac))
}
