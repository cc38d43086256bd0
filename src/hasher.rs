//! The one streaming trait every algorithm implements, the library's error type, and a
//! shared block buffer that turns arbitrary `update` slices into whole blocks.

use crate::backend::Backend;
use std::fmt;

/// A streaming hash or MAC computation, already keyed and configured.
///
/// Build one with [`crate::Algorithm::hasher`]; for many inputs, build one prototype and
/// [`Hasher::box_clone`] it per input, so key setup is done once.
pub trait Hasher: Send + Sync {
    /// Absorbs `data`. Any split of the input across calls gives the same result.
    fn update(&mut self, data: &[u8]);

    /// Absorbs a large in-memory buffer (a memory-mapped file), possibly on several
    /// threads. Equivalent to [`Hasher::update`].
    fn update_large(&mut self, data: &[u8]) {
        self.update(data);
    }

    /// Announces the total input length before the first `update`, when the caller knows
    /// it (a regular file's size). Algorithms that encode the length before the data
    /// (Rescue Prime's byte hash) then stream in constant memory instead of buffering;
    /// the others ignore it. A wrong announcement is an error at `finalize`.
    fn expect_len(&mut self, _total: u64) {}

    /// Finishes the computation, writing the digest or tag into `out`, which is exactly
    /// [`Hasher::output_len`] bytes long. The hasher is spent afterwards (it may only be
    /// dropped). Implementations write straight into `out`, without a heap buffer.
    ///
    /// # Errors
    /// Algorithms with constraints on the whole input (Multimixer-128's key must be as long
    /// as the message) report them here.
    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error>;

    /// After [`Hasher::finish_into`]: a warning about the input that its digest alone does
    /// not show. SHA-1 reports a known collision-attack pattern in the input here (its
    /// digest is then not evidence of the content); every other algorithm has none.
    fn notice(&self) -> Option<&'static str> {
        None
    }

    /// Whether the input itself is secret (BLAKE3's key derivation: the input is key
    /// material): readers then wipe the buffers the input passed through.
    fn input_is_secret(&self) -> bool {
        false
    }

    /// The number of bytes [`Hasher::finish_into`] writes.
    fn output_len(&self) -> usize;

    /// The backend whose block function this hasher runs.
    fn backend(&self) -> Backend;

    /// A copy of this hasher in its current state (key setup included).
    fn box_clone(&self) -> Box<dyn Hasher>;

    /// The digest of `data` as one whole input, written into `out` (exactly
    /// [`Hasher::output_len`] bytes), computed on a copy of this hasher (left unchanged):
    /// the same bytes as [`Hasher::box_clone`], [`Hasher::expect_len`],
    /// [`Hasher::update_large`] and [`Hasher::finish_into`], and that copy's
    /// [notice](Hasher::notice), which it returns. This is the one-call path the CLI takes
    /// for every file that fits its read buffer, so every algorithm overrides it without a
    /// heap copy of its state (most with [`whole_on_stack`]; LeMac and HighwayHash keep
    /// the state in registers from the key's initial state to the tag).
    ///
    /// # Errors
    /// As [`Hasher::finish_into`].
    fn digest_whole_into(
        &self,
        data: &[u8],
        out: &mut [u8],
    ) -> Result<Option<&'static str>, Error> {
        let mut h = self.box_clone();
        h.expect_len(data.len() as u64);
        h.update_large(data);
        h.finish_into(out)?;
        Ok(h.notice())
    }
}

impl dyn Hasher + '_ {
    /// Finishes the computation and returns the digest or tag bytes
    /// ([`Hasher::output_len`] of them), through [`Hasher::finish_into`].
    ///
    /// # Errors
    /// As [`Hasher::finish_into`].
    pub fn finalize(mut self: Box<Self>) -> Result<Vec<u8>, Error> {
        let n = self.output_len();
        if n > Digest::INLINE {
            let mut out = vec![0; n];
            self.finish_into(&mut out)?;
            return Ok(out);
        }
        // Allocated first, so the allocator's work overlaps the finalization (often one
        // long dependency chain), and never zeroed: a zeroed vector is `calloc` (LLVM
        // turns malloc and a zeroing loop into it too), which misses glibc's per-thread
        // cache; measured 4-6 ns a digest.
        let mut out = Vec::with_capacity(n);
        let mut d = [0; Digest::INLINE];
        self.finish_into(&mut d[..n])?;
        out.extend_from_slice(&d[..n]);
        Ok(out)
    }

    /// [`Hasher::digest_whole_into`] into a [`Digest`] (on the stack up to 64 bytes),
    /// which carries the [notice](Hasher::notice).
    ///
    /// # Errors
    /// As [`Hasher::finish_into`].
    pub fn digest_whole(&self, data: &[u8]) -> Result<Digest, Error> {
        let mut d = Digest::zeroed(self.output_len());
        let notice = self.digest_whole_into(data, &mut d)?;
        Ok(d.with_notice(notice))
    }
}

/// [`Hasher::digest_whole_into`] for hashers whose state is a plain value: the copy lives
/// on the stack (and is dropped, with its wiping, when done).
///
/// # Errors
/// As [`Hasher::finish_into`].
#[inline]
pub fn whole_on_stack<H: Hasher + Clone>(
    proto: &H,
    data: &[u8],
    out: &mut [u8],
) -> Result<Option<&'static str>, Error> {
    let mut h = proto.clone();
    h.expect_len(data.len() as u64);
    h.update_large(data);
    h.finish_into(out)?;
    Ok(h.notice())
}

/// A digest or tag: up to [`Digest::INLINE`] bytes held inline (no heap allocation), longer
/// ones (BLAKE3's extended output) on the heap. Dereferences to its bytes; equality is
/// equality of the bytes. It may carry the hasher's [notice](Hasher::notice) about the
/// input.
#[derive(Clone)]
pub struct Digest(Repr, Option<&'static str>);

#[derive(Clone)]
enum Repr {
    Inline {
        len: u8,
        bytes: [u8; Digest::INLINE],
    },
    Heap(Vec<u8>),
}

impl Digest {
    /// The longest digest held without a heap allocation (SHA-512, BLAKE2b,
    /// Multimixer-128).
    pub const INLINE: usize = 64;

    /// `len` zero bytes.
    pub fn zeroed(len: usize) -> Digest {
        if len <= Digest::INLINE {
            Digest(
                Repr::Inline {
                    len: len as u8,
                    bytes: [0; Digest::INLINE],
                },
                None,
            )
        } else {
            Digest(Repr::Heap(vec![0; len]), None)
        }
    }

    /// The [notice](Hasher::notice) of the hasher that made this digest, if any: a
    /// warning to show with the digest (SHA-1: a collision attack in the input).
    pub fn notice(&self) -> Option<&'static str> {
        self.1
    }

    /// Attaches a hasher's [notice](Hasher::notice).
    pub fn with_notice(mut self, notice: Option<&'static str>) -> Digest {
        self.1 = notice;
        self
    }
}

impl From<Vec<u8>> for Digest {
    fn from(v: Vec<u8>) -> Digest {
        if v.len() <= Digest::INLINE {
            let mut d = Digest::zeroed(v.len());
            d.copy_from_slice(&v);
            d
        } else {
            Digest(Repr::Heap(v), None)
        }
    }
}

impl std::ops::Deref for Digest {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match &self.0 {
            Repr::Inline { len, bytes } => &bytes[..usize::from(*len)],
            Repr::Heap(v) => v,
        }
    }
}

impl std::ops::DerefMut for Digest {
    fn deref_mut(&mut self) -> &mut [u8] {
        match &mut self.0 {
            Repr::Inline { len, bytes } => &mut bytes[..usize::from(*len)],
            Repr::Heap(v) => v,
        }
    }
}

impl AsRef<[u8]> for Digest {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl fmt::Debug for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digest({})", hex::encode(&**self))
    }
}

impl PartialEq for Digest {
    fn eq(&self, other: &Digest) -> bool {
        **self == **other
    }
}

impl Eq for Digest {}

impl PartialEq<[u8]> for Digest {
    fn eq(&self, other: &[u8]) -> bool {
        **self == *other
    }
}

impl PartialEq<Vec<u8>> for Digest {
    fn eq(&self, other: &Vec<u8>) -> bool {
        **self == **other
    }
}

impl PartialEq<Digest> for Vec<u8> {
    fn eq(&self, other: &Digest) -> bool {
        **self == **other
    }
}

impl<const N: usize> PartialEq<[u8; N]> for Digest {
    fn eq(&self, other: &[u8; N]) -> bool {
        **self == other[..]
    }
}

/// What can go wrong when configuring or running an algorithm. The messages name no
/// command-line option: the CLI adds how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The algorithm name is not in the registry.
    UnknownAlgorithm(String),
    /// The key does not fit the algorithm; the text says what is required.
    BadKey(String),
    /// The algorithm needs a key and none was given.
    KeyRequired(&'static str),
    /// A key was given to an algorithm that takes none.
    KeyNotAllowed(&'static str),
    /// A nonce was given to an algorithm that takes none.
    NonceNotAllowed(&'static str),
    /// An output position was given to an algorithm without an extendable output.
    SeekNotAllowed(&'static str),
    /// The requested output length is not one the algorithm produces.
    BadLength {
        /// The algorithm's canonical name.
        alg: &'static str,
        /// The length asked for, in bytes.
        requested: usize,
        /// What the algorithm produces.
        rule: crate::spec::OutputRule,
    },
    /// Some other parameter (a backend, an option) does not fit.
    BadParameter(String),
    /// The input does not satisfy the algorithm's constraints (e.g. a length rule).
    BadInput(String),
    /// Memory the input needs could not be allocated (the text says for what).
    OutOfMemory(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::spec::{OutputRule, XOF_MAX};
        match self {
            Error::UnknownAlgorithm(n) => write!(f, "unknown algorithm '{n}'"),
            Error::BadKey(s)
            | Error::BadParameter(s)
            | Error::BadInput(s)
            | Error::OutOfMemory(s) => f.write_str(s),
            Error::KeyRequired(a) => write!(f, "{a} needs a key"),
            Error::KeyNotAllowed(a) => write!(f, "{a} takes no key"),
            Error::NonceNotAllowed(a) => write!(f, "{a} takes no nonce"),
            Error::SeekNotAllowed(a) => write!(f, "{a} has no extendable output to seek in"),
            Error::BadLength {
                alg,
                requested,
                rule,
            } => match rule {
                OutputRule::Fixed(n) => {
                    write!(f, "{alg} produces {n} bytes, not {requested}")
                }
                OutputRule::Xof { .. } if *requested == 0 => {
                    f.write_str("the output length must be at least 1 byte")
                }
                OutputRule::Xof { .. } => write!(
                    f,
                    "an output length of {requested} bytes is too large (at most {XOF_MAX})"
                ),
                OutputRule::Range { min, max, .. } => {
                    write!(f, "{alg} produces {min} to {max} bytes, not {requested}")
                }
            },
        }
    }
}

impl std::error::Error for Error {}

/// Buffers a partial block between `update` calls, so an algorithm's block function only
/// ever sees whole `N`-byte blocks.
#[derive(Clone)]
pub struct BlockBuffer<const N: usize> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> Default for BlockBuffer<N> {
    fn default() -> Self {
        Self {
            buf: [0; N],
            len: 0,
        }
    }
}

impl<const N: usize> BlockBuffer<N> {
    /// Feeds `data`, calling `blocks` with runs of whole blocks (as one contiguous slice,
    /// a multiple of `N` bytes long). When `keep_last` is true a full final block is kept
    /// in the buffer rather than processed, for algorithms whose last block is special
    /// even when it is full.
    pub fn update(&mut self, mut data: &[u8], keep_last: bool, mut blocks: impl FnMut(&[u8])) {
        if self.len > 0 {
            let take = (N - self.len).min(data.len());
            self.buf[self.len..self.len + take].copy_from_slice(&data[..take]);
            self.len += take;
            data = &data[take..];
            if self.len < N || (keep_last && data.is_empty()) {
                return;
            }
            blocks(&self.buf);
            self.len = 0;
        }
        let mut whole = data.len() / N * N;
        if keep_last && whole == data.len() && whole > 0 {
            whole -= N;
        }
        if whole > 0 {
            blocks(&data[..whole]);
        }
        let rest = &data[whole..];
        self.buf[..rest.len()].copy_from_slice(rest);
        self.len = rest.len();
    }

    /// The buffered bytes (fewer than `N`, or exactly `N` with `keep_last`).
    pub fn pending(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// Overwrites the buffer with zeros (for buffers that held secret data).
    pub fn wipe(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.buf);
        self.len = 0;
    }
}

/// Overwrites the stack just below the caller's frame with zeros: where the functions
/// the caller just returned from (a crate's finalization of a keyed state, whose
/// temporaries khsum cannot reach) kept their locals. Best effort: it cannot reach
/// registers, nor copies a callee left deeper than this or in another thread's stack.
#[inline(never)]
pub fn scrub_stack() {
    let mut area = [0u8; 4096];
    zeroize::Zeroize::zeroize(&mut area[..]);
    std::hint::black_box(&area);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(cuts: &[usize], data: &[u8], keep_last: bool) -> (Vec<u8>, Vec<u8>) {
        let mut b = BlockBuffer::<8>::default();
        let mut out = Vec::new();
        for piece in crate::testutil::pieces(data, cuts) {
            b.update(piece, keep_last, |blk| {
                assert_eq!(blk.len() % 8, 0);
                out.extend_from_slice(blk)
            });
        }
        (out, b.pending().to_vec())
    }

    #[test]
    fn any_split_gives_same_blocks() {
        let data: Vec<u8> = (0..50u8).collect();
        for keep_last in [false, true] {
            let (whole, tail) = collect(&[], &data, keep_last);
            for a in 0..data.len() {
                for b in [0, 1, 7, 8, 9, 20] {
                    let (o, t) = collect(&[a, (a + b).min(data.len())], &data, keep_last);
                    assert_eq!((&o, &t), (&whole, &tail), "split {a},{b} keep {keep_last}");
                }
            }
        }
        let (o, t) = collect(&[], &data[..48], true);
        assert_eq!((o.len(), t.len()), (40, 8));
        let (o, t) = collect(&[], &data[..48], false);
        assert_eq!((o.len(), t.len()), (48, 0));
        let (o, t) = collect(&[], &[], true);
        assert_eq!((o.len(), t.len()), (0, 0));
    }
}
