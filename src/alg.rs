//! Every algorithm: one module each, with its portable reference and SIMD backends in a
//! folder of its own (one file per instruction set, over whole blocks, chosen once from
//! the CPU's features through the proof token, `crate::backend`), the crates khsum takes
//! algorithms from (`crates`), and the multi-buffer lanes that hash many small inputs
//! at once ([`lanes`]). Nothing here knows the registry (`crate::algorithm`), which builds
//! these.

pub mod blake3;
pub(crate) mod crates;
pub mod highway;
pub mod lanes;
pub(crate) mod legacy;
pub mod lemac;
pub(crate) mod md5;
pub(crate) mod mdhash;
pub mod multimixer;
pub mod rescue;
pub(crate) mod sha1;
pub(crate) mod sha3;
pub(crate) mod sha512;
pub mod siphash;
