//! x86-64 feature detection. Each backend's feature set is the union of the
//! `#[target_feature]` sets of every kernel that a table entry for it may call
//! (including kernels it shares with a smaller backend, such as LeMac's AES-NI key
//! setup under `vaes512` and `vaes256`).

use super::Backend;
use std::is_x86_feature_detected as has;

/// Whether this CPU has every feature `backend`'s kernels enable.
pub(super) fn detect(backend: Backend) -> bool {
    let avx512 = || has!("avx512f") && has!("avx512vl") && has!("avx512bw");
    match backend {
        Backend::Portable | Backend::Auto => true,
        Backend::Sse41 => has!("sse4.1"),
        // With BMI1/BMI2 (every AVX2 CPU has them): SHA-512's AVX2 kernel runs its rounds
        // with `RORX` and `ANDN`.
        Backend::Avx2 => has!("avx2") && has!("bmi1") && has!("bmi2"),
        Backend::Avx512 => avx512(),
        Backend::Avx512Ifma => avx512() && has!("avx512ifma"),
        Backend::AesNi => has!("aes") && has!("sse4.1"),
        Backend::Vaes512 => has!("aes") && has!("sse4.1") && has!("vaes") && avx512(),
        Backend::Vaes256 => has!("aes") && has!("sse4.1") && has!("avx2") && has!("vaes"),
        Backend::ShaNi => has!("sha") && has!("sse4.1"),
        Backend::Bmi2 => has!("bmi1") && has!("bmi2"),
        Backend::Neon | Backend::ArmAes | Backend::ArmSha2 | Backend::ArmSha3 => false,
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
    probe!(
        "sse4.1",
        "avx",
        "avx2",
        "bmi1",
        "bmi2",
        "avx512f",
        "avx512vl",
        "avx512bw",
        "avx512ifma",
        "avx512vbmi2",
        "aes",
        "vaes",
        "pclmulqdq",
        "vpclmulqdq",
        "sha"
    );
    v
}
