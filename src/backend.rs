//! SIMD backends, run-time CPU feature detection, and the proof that ties them together.
//!
//! A [`Backend`] names one implementation of an algorithm's block functions. The portable
//! one is the reference; every other one needs CPU features. An [`Available`] value is the
//! proof that this CPU has them: its only constructor, [`Available::detect`], runs the
//! feature detection of the architecture's module (`backend/x86.rs`, `backend/aarch64.rs`;
//! std caches the answers, so asking is cheap).
//!
//! Each algorithm keeps one private table of its kernels, one `Entry` per backend, best
//! first and the portable one last, with `cfg` on the entries only. A SIMD entry's
//! functions are the backend module's `#[target_feature]` functions wrapped by
//! `simd_kernel!` in safe closures; the table (a `Table`, whose entries only this module
//! can reach) is read only through `select`, `best` and `available`, which hand out an
//! entry only against an [`Available`] proof for its backend (or a detection on the spot).
//! That is the one place where the safety of calling a SIMD kernel is argued, and the
//! backend list of the registry is derived from the same table (`backends`). Tests and
//! `khsum bench` force a backend through [`crate::Algorithm::hasher_on`].

use std::fmt;

#[cfg(target_arch = "aarch64")]
mod aarch64;
#[cfg(target_arch = "x86_64")]
mod x86;

#[cfg(target_arch = "aarch64")]
use aarch64 as arch;
#[cfg(target_arch = "x86_64")]
use x86 as arch;

/// Architectures without SIMD backends: nothing beyond the portable code is detected.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
mod arch {
    pub(super) fn detect(_: super::Backend) -> bool {
        false
    }
    pub(super) fn features() -> Vec<&'static str> {
        Vec::new()
    }
}

/// One implementation of an algorithm's block functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Backend {
    /// Plain Rust, no CPU-specific instructions: the reference implementation.
    Portable,
    /// x86-64 SSE4.1 (128-bit integer vectors).
    Sse41,
    /// x86-64 AVX2 (256-bit integer vectors).
    Avx2,
    /// x86-64 AVX-512 F/VL/BW (512-bit integer vectors).
    Avx512,
    /// x86-64 AVX-512 with the IFMA 52-bit multiply-add instructions.
    Avx512Ifma,
    /// x86-64 AES-NI (one 128-bit AES round per instruction).
    AesNi,
    /// x86-64 VAES with AVX-512 (EVEX encoding, 32 vector registers, three-way XOR).
    Vaes512,
    /// x86-64 VAES on 256-bit registers with AVX2 (two AES blocks per instruction), for
    /// CPUs without AVX-512.
    Vaes256,
    /// aarch64 NEON (Advanced SIMD, 128-bit vectors; part of the aarch64 baseline).
    Neon,
    /// aarch64 NEON with the ARMv8 AES instructions (`AESE`/`AESMC`).
    ArmAes,
    /// x86-64 SHA extensions (`SHA1RNDS4`, `SHA1MSG1`, ...), SSE encoding.
    ShaNi,
    /// x86-64 scalar code with the BMI1 and BMI2 instructions (`ANDN`, `RORX`).
    Bmi2,
    /// aarch64 NEON with the ARMv8 SHA-1 and SHA-256 instructions (FEAT_SHA1, FEAT_SHA256).
    ArmSha2,
    /// aarch64 NEON with the ARMv8.2 SHA-512 and SHA-3 instructions (FEAT_SHA512,
    /// FEAT_SHA3: `SHA512H`, `EOR3`, `RAX1`, `XAR`, `BCAX`).
    ArmSha3,
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
        Backend::Vaes512,
        Backend::Vaes256,
        Backend::Neon,
        Backend::ArmAes,
        Backend::ShaNi,
        Backend::Bmi2,
        Backend::ArmSha2,
        Backend::ArmSha3,
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
            Backend::Vaes512 => "vaes512",
            Backend::Vaes256 => "vaes256",
            Backend::Neon => "neon",
            Backend::ArmAes => "armv8-aes",
            Backend::ShaNi => "sha-ni",
            Backend::Bmi2 => "bmi2",
            Backend::ArmSha2 => "armv8-sha2",
            Backend::ArmSha3 => "armv8-sha3",
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

    /// Whether this CPU (and OS) supports the backend: [`Available::detect`] as a yes/no.
    pub fn is_available(self) -> bool {
        Available::detect(self).is_some()
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The environment variable that turns backends off: backend names, separated by commas
/// (`KHSUM_DISABLE_BACKENDS=sha-ni,avx512`), which [`Available::detect`] then reports
/// absent, as if the CPU lacked them. For an emulator or virtual machine whose
/// instructions are wrong (Bochs 2.7's `SHA1RNDS4`: `.ci/bochs-avx512`) and for tests.
/// Names it does not know are ignored; `portable` and `auto` cannot be turned off.
pub const DISABLE_ENV: &str = "KHSUM_DISABLE_BACKENDS";

/// The backends [`DISABLE_ENV`] names, read once.
fn disabled() -> &'static [Backend] {
    static DISABLED: std::sync::OnceLock<Vec<Backend>> = std::sync::OnceLock::new();
    DISABLED.get_or_init(|| {
        std::env::var(DISABLE_ENV)
            .unwrap_or_default()
            .split(',')
            .filter_map(|name| Backend::from_name(name.trim()))
            .collect()
    })
}

/// Proof that this CPU supports a backend. The only constructor is [`Available::detect`],
/// which runs the CPU-feature detection, so code holding one may run the backend's
/// `#[target_feature]` kernels. Under Miri only the portable and crate-dispatched
/// backends are detected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Available(Backend);

impl Available {
    /// Detects `backend` on this CPU: `Some(proof)` when its features are all present.
    /// A backend named in [`DISABLE_ENV`] is not detected.
    pub fn detect(backend: Backend) -> Option<Available> {
        let present = match backend {
            Backend::Portable | Backend::Auto => true,
            _ if cfg!(miri) => false,
            _ if disabled().contains(&backend) => false,
            _ => arch::detect(backend),
        };
        present.then_some(Available(backend))
    }

    /// The portable backend, which every CPU has.
    pub const PORTABLE: Available = Available(Backend::Portable);

    /// The backend this proves available.
    pub fn backend(self) -> Backend {
        self.0
    }
}

/// One row of an algorithm's kernel table: a backend and its kernels (a struct of
/// function pointers defined by the algorithm).
#[derive(Debug)]
pub(crate) struct Entry<K: 'static> {
    /// The backend whose CPU features the kernels need.
    pub(crate) backend: Backend,
    /// The kernels, callable once an [`Available`] proof for `backend` selected the entry.
    pub(crate) kernels: K,
}

/// An algorithm's kernel table: its entries, best first, readable only through
/// [`select`], [`best`] and [`available`], which hand out an entry only for a backend
/// this CPU has (an [`Available`] proof, or the detection run on the spot). The entries
/// are private to this module, so no code elsewhere can index a table and call a SIMD
/// kernel without that check: the types enforce it.
#[derive(Debug)]
pub(crate) struct Table<K: 'static>(&'static [Entry<K>]);

impl<K> Table<K> {
    /// A table of these entries (best first, the portable one last).
    pub(crate) const fn new(entries: &'static [Entry<K>]) -> Table<K> {
        Table(entries)
    }
}

/// The entry of `table` for the proven backend, or `None` when the algorithm has no such
/// backend (on this architecture).
pub(crate) fn select<K>(table: &'static Table<K>, proof: Available) -> Option<&'static Entry<K>> {
    table.0.iter().find(|e| e.backend == proof.backend())
}

/// The first entry of `table` (best first) whose backend this CPU has. Every table ends
/// with its portable entry, which is always available.
///
/// # Panics
/// If `table` has no available entry (a table without its portable entry).
pub(crate) fn best<K>(table: &'static Table<K>) -> &'static Entry<K> {
    available(table)
        .next()
        .expect("every kernel table ends with an available (portable) entry")
}

/// The entries of `table` whose backends this CPU has, best first (for tests that run
/// every backend).
pub(crate) fn available<K>(table: &'static Table<K>) -> impl Iterator<Item = &'static Entry<K>> {
    table
        .0
        .iter()
        .filter(|e| Available::detect(e.backend).is_some())
}

/// The backends of `table`, best first.
pub(crate) fn backends<K>(table: &'static Table<K>) -> Vec<Backend> {
    table.0.iter().map(|e| e.backend).collect()
}

/// Wraps a backend module's `#[target_feature]` function in a safe closure, for a SIMD
/// entry of a kernel table: `simd_kernel!(avx2::update_packets, |state, packets|)`.
///
/// Only kernel tables use this: a [`Table`]'s entries are private to this module and read
/// only through [`select`], [`best`] and [`available`], which return an entry only when
/// an [`Available`] proof for the entry's backend exists, that is, after the CPU-feature
/// detection for that backend succeeded. Each backend's detection covers every feature its kernels
/// enable (see `backend/x86.rs`).
macro_rules! simd_kernel {
    ($f:path, |$($arg:ident),*|) => {
        |$($arg),*| {
            // SAFETY: the closure lives in a kernel-table entry, reachable only through
            // `backend::select` / `backend::best` with an `Available` proof for the
            // entry's backend, whose detection covers every feature `$f` enables.
            unsafe { $f($($arg),*) }
        }
    };
}
pub(crate) use simd_kernel;

/// The SIMD-related CPU features detected on this machine, for `khsum list` and the
/// `khsum bench` header.
pub fn detected_features() -> Vec<&'static str> {
    if cfg!(miri) {
        return Vec::new();
    }
    arch::features()
}

/// The architecture khsum was built for, as `khsum bench` headers print it.
pub fn target_arch() -> &'static str {
    std::env::consts::ARCH
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
        assert_eq!(
            Available::detect(Backend::Portable),
            Some(Available::PORTABLE)
        );
        assert!(Backend::Auto.is_available());
        static T: Table<()> = Table::new(&[Entry {
            backend: Backend::Portable,
            kernels: (),
        }]);
        let t = &T;
        assert_eq!(best(t).backend, Backend::Portable);
        assert!(select(t, Available::PORTABLE).is_some());
        assert_eq!(backends(t), [Backend::Portable]);
    }
}
