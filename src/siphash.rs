//! SipHash-2-4 and SipHash-1-3, 64- and 128-bit tags. (Being implemented: see issue 3.)

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};

/// Backends, best first.
pub(crate) const BACKENDS: &[Backend] = &[Backend::Portable];

/// Builds a SipHash-`c`-`c+2` hasher (`c` = 2 or 1), 128-bit when `wide`.
pub(crate) fn new(_b: Backend, _c: u8, _wide: bool, _key: &[u8]) -> Result<Box<dyn Hasher>, Error> {
    Err(Error::NotImplemented("siphash"))
}
