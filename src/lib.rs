//! khsum: file checksums and keyed MACs.
//!
//! The library owns everything the `khsum` binary does: the [`Algorithm`] registry and
//! the one streaming trait [`Hasher`] are all the CLI sees of an algorithm. Its folders
//! are floors, and a module imports only from its own floor or those below (checked by
//! `tests/layout.rs`):
//!
//! 1. the core: the vocabulary ([`spec`]), the trait ([`hasher`]), the backend seam
//!    ([`backend`]) and keys ([`key`]);
//! 2. [`alg`]: every algorithm, each with a portable reference and SIMD backends chosen
//!    at run time, the crate adapters, and the multi-buffer lanes;
//! 3. [`algorithm`]: the registry of descriptors, every per-algorithm rule in one table;
//! 4. [`files`]: opening, stamping and reading inputs, trees, names, batches, the
//!    parallel map, progress and the multi-algorithm hasher;
//! 5. [`lists`]: checksum-list grammar, the proof rules, verification, `--update` and
//!    `--json` records;
//! 6. [`tools`]: known-answer tests and measurement.
//!
//! `unsafe` code is denied crate-wide and allowed only in SIMD backend modules, the
//! memory-map reader (`files::io::mmap`) and the record of standard streams closed at
//! startup (`files::io::stdio`: an `.init_array` entry and one `fcntl`), each with a
//! `// SAFETY:` comment.

pub mod backend;
pub mod hasher;
pub mod key;
pub mod spec;

pub mod alg;

pub mod algorithm;

pub mod files;

pub mod lists;

pub mod tools;

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
