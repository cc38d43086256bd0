//! Crate-backed algorithms through RustCrypto's `digest` 0.10 traits: one generic adapter
//! for fixed-output hashes ([`digest`]: SHA-2, SHA-3, MD5, SM3), and SHA-1 with collision
//! detection: plain constructors, which the registry wraps in its descriptors
//! (`crate::algorithm`). (BLAKE2 is in `crate::blake2`.)
//!
//! SHA-1 is `sha1-checked` with collision detection and without its "safe hash" rewrite,
//! so the digest equals plain SHA-1 (what `sha1sum` prints) for every input; an input
//! that carries a known collision-attack pattern gets a [notice](Hasher::notice)
//! ([`SHA1_COLLISION`]).

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

/// What SHA-1 says of an input that carries a collision-attack pattern.
pub const SHA1_COLLISION: &str = "SHA-1 collision attack detected: this file was made to share its SHA-1 digest with a different file, so the digest does not vouch for its content";

/// SHA-1 with collision detection (Stevens and Shumow's counter-cryptanalysis, as `git`
/// uses it), digests equal to plain SHA-1.
#[derive(Clone)]
struct Sha1 {
    state: sha1_checked::Sha1,
    /// Set by [`Hasher::finish_into`].
    collision: bool,
}

impl Sha1 {
    fn finish(&mut self, out: &mut [u8]) {
        let fresh = Sha1::new().state;
        let result = std::mem::replace(&mut self.state, fresh).try_finalize();
        // With the "safe hash" rewrite off, the digest is plain SHA-1 in either case.
        out.copy_from_slice(result.hash());
        self.collision = result.has_collision();
    }

    fn new() -> Sha1 {
        Sha1 {
            state: sha1_checked::Sha1::builder()
                .detect_collision(true)
                .safe_hash(false)
                .build(),
            collision: false,
        }
    }
}

impl Hasher for Sha1 {
    fn update(&mut self, data: &[u8]) {
        Digest::update(&mut self.state, data);
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        self.finish(out);
        Ok(())
    }

    fn notice(&self) -> Option<&'static str> {
        self.collision.then_some(SHA1_COLLISION)
    }

    fn digest_whole(&self, data: &[u8]) -> Result<crate::hasher::Digest, Error> {
        let mut h = self.clone();
        Digest::update(&mut h.state, data);
        let mut d = crate::hasher::Digest::zeroed(20);
        h.finish(&mut d);
        Ok(d.with_notice(h.notice()))
    }

    fn output_len(&self) -> usize {
        20
    }

    fn backend(&self) -> Backend {
        Backend::Auto
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

/// SHA-1 with collision detection, digests equal to plain SHA-1.
pub(crate) fn sha1() -> Box<dyn Hasher> {
    Box::new(Sha1::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha1_notices_a_collision_attack_at_any_split() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sha1-collision");
        let attack = std::fs::read(dir.join("sha-mbles-1.bin")).unwrap();
        let plain = crate::testutil::TestRng::new(14).bytes(attack.len());
        let proto = crate::Algorithm::lookup("sha1")
            .unwrap()
            .hasher(None, &crate::Params::default())
            .unwrap();
        for (data, want) in [(&attack, Some(SHA1_COLLISION)), (&plain, None)] {
            let whole = proto.digest_whole(data).unwrap();
            assert_eq!(whole.notice(), want);
            for cut in [0, 1, 63, 64, 65, 300, data.len()] {
                let mut h = proto.box_clone();
                h.update(&data[..cut]);
                h.update(&data[cut..]);
                let mut out = [0u8; 20];
                h.finish_into(&mut out).unwrap();
                assert_eq!(h.notice(), want, "cut {cut}");
                assert_eq!(out[..], whole[..], "cut {cut}");
            }
        }
        assert_eq!(
            hex::encode(&*proto.digest_whole(&attack).unwrap()),
            "8ac60ba76f1999a1ab70223f225aefdc78d4ddc0"
        );
    }
}
