//! SIMD backends and run-time CPU feature detection.
//!
//! A [`Backend`] value names one implementation of an algorithm's block function. The
//! portable one is the reference; every other one needs CPU features that
//! [`Backend::is_available`] checks at run time (std's detection is cached, so asking is
//! cheap). Each algorithm keeps its own preference list and picks the first available
//! backend once, when a hasher is built. Tests and `khsum bench` force a backend through
//! [`crate::Algorithm::hasher_on`].

use std::fmt;

/// One implementation of an algorithm's block function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Backend {
    /// Plain Rust, no CPU-specific instructions: the reference implementation.
    Portable,
    /// SSE4.1 (128-bit integer vectors).
    Sse41,
    /// AVX2 (256-bit integer vectors).
    Avx2,
    /// AVX-512 F/VL/BW (512-bit integer vectors).
    Avx512,
    /// AVX-512 with the IFMA 52-bit multiply-add instructions.
    Avx512Ifma,
    /// AES-NI (one 128-bit AES round per instruction).
    AesNi,
    /// VAES on 256-bit registers (two AES blocks per instruction).
    Vaes256,
    /// VAES with AVX-512 (EVEX encoding, 32 vector registers, three-way XOR).
    Vaes512,
    /// The dependency crate picks its own implementation at run time (BLAKE3, SHA-2).
    Auto,
}

impl Backend {
    /// Every backend, in declaration order.
    pub const ALL: &'static [Backend] = &[
        Backend::Portable,
        Backend::Sse41,
        Backend::Avx2,
        Backend::Avx512,
        Backend::Avx512Ifma,
        Backend::AesNi,
        Backend::Vaes256,
        Backend::Vaes512,
        Backend::Auto,
    ];

    /// The short name used by `khsum list`, `khsum bench --backend` and test output.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            Backend::Sse41 => "sse4.1",
            Backend::Avx2 => "avx2",
            Backend::Avx512 => "avx512",
            Backend::Avx512Ifma => "avx512-ifma",
            Backend::AesNi => "aesni",
            Backend::Vaes256 => "vaes256",
            Backend::Vaes512 => "vaes512",
            Backend::Auto => "auto",
        }
    }

    /// Parses a name printed by [`Backend::name`].
    pub fn from_name(name: &str) -> Option<Backend> {
        Backend::ALL
            .iter()
            .copied()
            .find(|b| b.name().eq_ignore_ascii_case(name))
    }

    /// Whether this CPU (and OS) supports the backend. Under Miri only the portable and
    /// crate-dispatched backends are available.
    pub fn is_available(self) -> bool {
        match self {
            Backend::Portable | Backend::Auto => true,
            _ if cfg!(miri) => false,
            #[cfg(target_arch = "x86_64")]
            Backend::Sse41 => std::is_x86_feature_detected!("sse4.1"),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => std::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 => {
                std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512vl")
                    && std::is_x86_feature_detected!("avx512bw")
            }
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512Ifma => {
                Backend::Avx512.is_available() && std::is_x86_feature_detected!("avx512ifma")
            }
            #[cfg(target_arch = "x86_64")]
            Backend::AesNi => {
                std::is_x86_feature_detected!("aes") && std::is_x86_feature_detected!("sse4.1")
            }
            #[cfg(target_arch = "x86_64")]
            Backend::Vaes256 => {
                std::is_x86_feature_detected!("vaes") && std::is_x86_feature_detected!("avx2")
            }
            #[cfg(target_arch = "x86_64")]
            Backend::Vaes512 => {
                std::is_x86_feature_detected!("vaes") && Backend::Avx512.is_available()
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The first available backend of a preference list (best first). Every list ends
    /// with a backend that is always available, so this never fails; an empty list
    /// gives [`Backend::Portable`].
    pub fn best_of(prefs: &[Backend]) -> Backend {
        prefs
            .iter()
            .copied()
            .find(|b| b.is_available())
            .unwrap_or(Backend::Portable)
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The SIMD-related CPU features detected on this machine, for `khsum bench` headers.
pub fn detected_features() -> Vec<&'static str> {
    #[allow(unused_mut)]
    let mut v = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        macro_rules! probe {
            ($($f:tt),*) => {
                $( if std::is_x86_feature_detected!($f) { v.push($f); } )*
            };
        }
        probe!(
            "sse4.1",
            "avx",
            "avx2",
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
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &b in Backend::ALL {
            assert_eq!(Backend::from_name(b.name()), Some(b));
        }
        assert_eq!(Backend::from_name("nope"), None);
    }

    #[test]
    fn portable_always_available() {
        assert!(Backend::Portable.is_available());
        assert_eq!(Backend::best_of(&[]), Backend::Portable);
    }
}
