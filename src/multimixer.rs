//! Multimixer-128. (Being implemented: see issue 6.)

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};
use crate::key::Key;

/// Backends, best first.
pub(crate) const BACKENDS: &[Backend] = &[Backend::Portable];

/// Builds a Multimixer-128 hasher; `key` must end up exactly as long as the message.
pub(crate) fn new(_b: Backend, _key: Key) -> Result<Box<dyn Hasher>, Error> {
    Err(Error::NotImplemented("multimixer-128"))
}

/// Multimixer-128's block function f_128 on `backend`: eight 32-bit input words
/// (key + message already added) to eight 64-bit products, for its known-answer test.
///
/// # Errors
/// An input that is not 8 words.
pub fn kat_f128(_b: Backend, _words: &[u32]) -> Result<Vec<u64>, Error> {
    Err(Error::NotImplemented("multimixer-128"))
}
