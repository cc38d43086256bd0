//! aarch64 feature detection: NEON (Advanced SIMD), the ARMv8 cryptographic extensions
//! (AES with PMULL, SHA3) and CRC32. No algorithm has an aarch64 backend yet, so every
//! backend but the portable one (and the crates' own dispatch) is absent here; the
//! features are still reported by `khsum list` and the bench header.

use super::Backend;
use std::arch::is_aarch64_feature_detected as has;

/// Whether this CPU has every feature `backend`'s kernels enable.
pub(super) fn detect(backend: Backend) -> bool {
    matches!(backend, Backend::Portable | Backend::Auto)
}

/// The SIMD-related features of this CPU, for `khsum list` and bench headers.
pub(super) fn features() -> Vec<&'static str> {
    let mut v = Vec::new();
    macro_rules! probe {
        ($($f:tt),*) => {
            $( if has!($f) { v.push($f); } )*
        };
    }
    probe!("neon", "aes", "pmull", "sha2", "sha3", "crc");
    v
}
