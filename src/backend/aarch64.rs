//! aarch64 feature detection: NEON (Advanced SIMD), the ARMv8 cryptographic extensions
//! (AES with PMULL, SHA3) and CRC32. Each backend's feature set is the union of the
//! `#[target_feature]` sets of every kernel a table entry for it may call.

use super::Backend;
use std::arch::is_aarch64_feature_detected as has;

/// Whether this CPU has every feature `backend`'s kernels enable.
pub(super) fn detect(backend: Backend) -> bool {
    match backend {
        Backend::Portable | Backend::Auto => true,
        Backend::Neon => has!("neon"),
        Backend::ArmAes => has!("neon") && has!("aes"),
        Backend::ArmSha2 => has!("neon") && has!("sha2"),
        Backend::ArmSha3 => has!("neon") && has!("sha3"),
        Backend::Sse41
        | Backend::Avx2
        | Backend::Avx512
        | Backend::Avx512Ifma
        | Backend::AesNi
        | Backend::Vaes512
        | Backend::Vaes256
        | Backend::ShaNi
        | Backend::Bmi2 => false,
    }
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
