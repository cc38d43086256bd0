//! khsum: file checksums and keyed MACs.
//!
//! The library owns everything the `khsum` binary does: the [`Algorithm`] registry and
//! the one streaming trait [`Hasher`] are all the CLI sees of an algorithm. Each algorithm
//! lives in one module with a portable reference implementation and SIMD backends chosen
//! at run time ([`Backend`]); the rest of the crate is input handling, checksum-list
//! grammar and measurement.
//!
//! `unsafe` code is denied crate-wide and allowed only in SIMD backend modules, the
//! memory-map reader (`io::mmap`) and the record of standard streams closed at startup
//! (`io::stdio`: an `.init_array` entry and one `fcntl`), each with a `// SAFETY:`
//! comment.

pub mod algorithm;
pub mod backend;
pub mod batch;
pub mod checkfile;
pub mod hasher;
pub mod inputs;
pub mod io;
pub mod kat;
pub mod key;
pub mod measure;
pub mod multi;
pub mod names;
pub mod parallel;
pub mod progress;
pub mod proof;
pub mod record;
pub mod spec;
pub mod update;
pub mod verify;
pub mod walk;

mod blake2;
pub mod blake3;
mod legacy;
mod md5;
mod mdhash;
mod rustcrypto;
mod sha;
mod sha1;
mod sha3;
mod sha512;
mod xxh;

pub mod highway;
pub mod lemac;
pub mod mb;
pub mod multimixer;
pub mod rescue;
pub mod siphash;

pub use algorithm::Algorithm;
pub use backend::{Available, Backend};
pub use hasher::{Digest, Error, Hasher};
pub use key::Key;
pub use spec::KeyRule;
pub use spec::{Class, LineStyle, OutputRule, Params};

/// Compares two digests or tags in constant time (for equal lengths; a length mismatch
/// is never equal).
pub fn digests_equal(a: &[u8], b: &[u8]) -> bool {
    use subtle::ConstantTimeEq;
    a.len() == b.len() && bool::from(a.ct_eq(b))
}

// Test support shared by unit tests, `tests/`, `benches/` and `fuzz/` (no part of the API).
#[doc(hidden)]
pub mod testutil;
