//! BLAKE3 through the official `blake3` crate, which dispatches its own SIMD backends
//! (SSE2/SSE4.1/AVX2/AVX-512) at run time. Large in-memory inputs are hashed on all
//! rayon threads with the crate's tree-parallel `update_rayon`.

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};

/// Inputs at least this long go through `update_rayon`; below it the thread hand-off
/// costs more than it gains (the blake3 crate documents 128 KiB as a rough threshold).
const RAYON_MIN: usize = 128 * 1024;

#[derive(Clone)]
struct Blake3 {
    inner: ::blake3::Hasher,
    out_len: usize,
    /// Where the output starts in the extendable output (b3sum's `--seek`).
    seek: u64,
    /// Keyed mode: the state holds key words and is wiped on drop.
    keyed: bool,
    /// Key derivation: the input is key material (readers wipe their buffers).
    derive: bool,
}

/// Builds a BLAKE3 hasher: keyed mode when `key` (32 bytes) is given, `out_len` bytes of
/// extendable output from byte `seek` on.
pub(crate) fn new(key: Option<&[u8]>, out_len: usize, seek: u64) -> Result<Box<dyn Hasher>, Error> {
    let inner = match key {
        None => ::blake3::Hasher::new(),
        Some(k) => {
            let mut arr = zeroize::Zeroizing::new([0u8; 32]);
            if k.len() != 32 {
                return Err(Error::BadKey(format!(
                    "blake3 needs a 32-byte key, got {} bytes",
                    k.len()
                )));
            }
            arr.copy_from_slice(k);
            ::blake3::Hasher::new_keyed(&arr)
        }
    };
    Ok(Box::new(Blake3 {
        inner,
        out_len,
        seek,
        keyed: key.is_some(),
        derive: false,
    }))
}

/// Builds a BLAKE3 hasher in key-derivation mode (`derive_key`, as `b3sum --derive-key`):
/// the input is the key material, `context` a hard-coded, globally unique, application-
/// specific string, and the output (`out_len` bytes from byte `seek` on) the derived key.
/// The state holds key material and is wiped on drop.
pub fn derive_key(context: &str, out_len: usize, seek: u64) -> Box<dyn Hasher> {
    Box::new(Blake3 {
        inner: ::blake3::Hasher::new_derive_key(context),
        out_len,
        seek,
        keyed: true,
        derive: true,
    })
}

/// The digest into `out`: the plain 32-byte hash through `finalize` (cheaper than the
/// extendable output's block-by-block reader), anything else through the extendable
/// output, from byte `seek` on (as `b3sum --seek` positions its output reader). A keyed
/// state (`secret`) always takes the reader: it holds the root's chaining value and block
/// (for a one-chunk message, the key words themselves), which `finalize` would leave in
/// the crate's dead stack frame; khsum holds the reader and wipes it, as it wipes the
/// state and its copies when they are dropped. The stack below is not scrubbed:
/// overwriting 4 KiB of it after each keyed message made a tag of 64 bytes cost seven
/// times the unkeyed hash (SECURITY.md says what is not wiped).
fn finish(h: &::blake3::Hasher, seek: u64, out: &mut [u8], secret: bool) {
    if !secret && out.len() == ::blake3::OUT_LEN && seek == 0 {
        out.copy_from_slice(h.finalize().as_bytes());
    } else {
        let mut reader = h.finalize_xof();
        reader.set_position(seek);
        reader.fill(out);
        if secret {
            zeroize::Zeroize::zeroize(&mut reader);
        }
    }
}

impl Hasher for Blake3 {
    fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
    }

    fn update_large(&mut self, data: &[u8]) {
        if data.len() >= RAYON_MIN {
            self.inner.update_rayon(data);
        } else {
            self.inner.update(data);
        }
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        finish(&self.inner, self.seek, out, self.keyed);
        Ok(())
    }

    fn input_is_secret(&self) -> bool {
        self.derive
    }

    fn digest_whole_into(
        &self,
        data: &[u8],
        out: &mut [u8],
    ) -> Result<Option<&'static str>, Error> {
        let fresh = !self.keyed && self.inner.count() == 0;
        if fresh && out.len() == ::blake3::OUT_LEN && self.seek == 0 && data.len() < RAYON_MIN {
            // The crate's one-call function: no hasher state at all (64 B: 69 ns against
            // 112 ns through a hasher and the extendable output).
            out.copy_from_slice(::blake3::hash(data).as_bytes());
            return Ok(None);
        }
        // On the stack: a fresh unkeyed hasher is cheap to build; a keyed (or already
        // started) one is copied (about 2 KiB), and a keyed copy is wiped when dropped.
        let mut h = Blake3 {
            inner: if self.keyed || self.inner.count() != 0 {
                self.inner.clone()
            } else {
                ::blake3::Hasher::new()
            },
            out_len: self.out_len,
            seek: self.seek,
            keyed: self.keyed,
            derive: self.derive,
        };
        h.update_large(data);
        finish(&h.inner, self.seek, out, self.keyed);
        Ok(None)
    }

    fn output_len(&self) -> usize {
        self.out_len
    }

    fn backend(&self) -> Backend {
        Backend::Auto
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

impl Drop for Blake3 {
    fn drop(&mut self) {
        // The crate's Hasher holds the key words and the chaining values: its Zeroize
        // (the crate's `zeroize` feature) wipes them all. (An unkeyed state holds no
        // secret.)
        if self.keyed {
            zeroize::Zeroize::zeroize(&mut self.inner);
        }
    }
}
