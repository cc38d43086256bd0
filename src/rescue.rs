//! Rescue Prime Rp64_256. (Being implemented: see issue 5.)

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};

/// Backends, best first.
pub(crate) const BACKENDS: &[Backend] = &[Backend::Portable];

/// Builds a Rescue Prime byte hasher.
pub(crate) fn new(_b: Backend) -> Result<Box<dyn Hasher>, Error> {
    Err(Error::NotImplemented("rescue-prime"))
}

/// Applies the Rp64_256 permutation on `backend` to a 12-element state (canonical
/// field elements), for the permutation known-answer test.
///
/// # Errors
/// A state that is not 12 elements.
pub fn kat_permutation(_b: Backend, _state: &[u64]) -> Result<Vec<u64>, Error> {
    Err(Error::NotImplemented("rescue-prime"))
}
