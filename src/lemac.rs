//! LeMac. (Being implemented: see issue 4.)

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};

/// Backends, best first.
pub(crate) const BACKENDS: &[Backend] = &[Backend::Portable];

/// Builds a LeMac hasher for a 16-byte key and nonce.
pub(crate) fn new(_b: Backend, _key: &[u8], _nonce: &[u8; 16]) -> Result<Box<dyn Hasher>, Error> {
    Err(Error::NotImplemented("lemac"))
}
