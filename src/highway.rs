//! HighwayHash-64/128/256. (Being implemented: see issue 3.)

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};

/// Backends, best first.
pub(crate) const BACKENDS: &[Backend] = &[Backend::Portable];

/// Builds a HighwayHash hasher with `words` 64-bit output words (1, 2 or 4).
pub(crate) fn new(_b: Backend, _words: usize, _key: &[u8]) -> Result<Box<dyn Hasher>, Error> {
    Err(Error::NotImplemented("highwayhash"))
}
