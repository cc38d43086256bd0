//! The registry: the one place that defines every algorithm khsum knows — its canonical
//! name, aliases, BSD `--tag` label, key rule, output length and backends — and builds
//! hashers for it.

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};
use crate::key::Key;

/// What key an algorithm takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyRule {
    /// Unkeyed (a plain hash).
    None,
    /// Exactly `len` bytes. Without a key, `hash` mode uses the all-zero key (a
    /// fingerprint, not a MAC) — except BLAKE3, whose unkeyed mode is the plain hash.
    Fixed(usize),
    /// Any length (HMAC). Without a key, `hash` mode uses the empty key.
    Any,
    /// Exactly as long as the message, a non-zero multiple of 32 bytes (Multimixer-128).
    /// There is no unkeyed mode.
    SameAsMessage,
}

/// What output lengths an algorithm produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputRule {
    /// Always this many bytes.
    Fixed(usize),
    /// Extendable output: `default` bytes unless `--length` asks for another count.
    Xof {
        /// The length used when none is asked for.
        default: usize,
    },
}

/// Which implementation an entry maps to (private: the CLI sees only the registry).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Blake3,
    Sha256,
    Sha512,
    HmacSha256,
    SipHash { c: u8, wide: bool },
    Highway { words: usize },
    LeMac,
    Rescue,
    Multimixer,
}

/// Per-hasher parameters beyond the key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Params {
    /// Output length in bytes, for extendable-output algorithms (BLAKE3).
    pub out_len: Option<usize>,
    /// A 16-byte nonce (LeMac); all zero when absent.
    pub nonce: Option<[u8; 16]>,
}

/// One algorithm of the registry. Entries are compared by canonical name.
#[derive(Debug)]
pub struct Algorithm {
    /// Canonical name, as `-a` takes it and `khsum list` prints it.
    pub name: &'static str,
    /// Other names `-a` accepts.
    pub aliases: &'static [&'static str],
    /// The label of BSD-style (`--tag`) lines.
    pub bsd_label: &'static str,
    /// The key the algorithm takes.
    pub key: KeyRule,
    /// The output lengths it produces.
    pub output: OutputRule,
    /// Whether a tag of this algorithm is a MAC on its own.
    pub is_mac: bool,
    /// One line for `khsum list` and `--help`.
    pub summary: &'static str,
    kind: Kind,
}

macro_rules! alg {
    ($name:expr, [$($alias:expr),*], $label:expr, $key:expr, $out:expr, $mac:expr, $kind:expr, $summary:expr) => {
        Algorithm {
            name: $name,
            aliases: &[$($alias),*],
            bsd_label: $label,
            key: $key,
            output: $out,
            is_mac: $mac,
            kind: $kind,
            summary: $summary,
        }
    };
}

static ALL: &[Algorithm] = &[
    alg!("blake3", ["b3"], "BLAKE3", KeyRule::Fixed(32), OutputRule::Xof { default: 32 }, true,
        Kind::Blake3, "BLAKE3 hash (default); keyed mode with a 32-byte key"),
    alg!("sha256", ["sha-256", "sha2-256"], "SHA256", KeyRule::None, OutputRule::Fixed(32), false,
        Kind::Sha256, "SHA-256 (FIPS 180-4), byte-compatible with sha256sum"),
    alg!("sha512", ["sha-512", "sha2-512"], "SHA512", KeyRule::None, OutputRule::Fixed(64), false,
        Kind::Sha512, "SHA-512 (FIPS 180-4), byte-compatible with sha512sum"),
    alg!("hmac-sha256", [], "HMAC-SHA256", KeyRule::Any, OutputRule::Fixed(32), true,
        Kind::HmacSha256, "HMAC-SHA256 (RFC 2104), any key length"),
    alg!("siphash-2-4", ["siphash", "siphash24"], "SIPHASH-2-4", KeyRule::Fixed(16), OutputRule::Fixed(8), true,
        Kind::SipHash { c: 2, wide: false }, "SipHash-2-4 PRF/MAC, 64-bit tag, 16-byte key"),
    alg!("siphash-2-4-128", ["siphash24-128"], "SIPHASH-2-4-128", KeyRule::Fixed(16), OutputRule::Fixed(16), true,
        Kind::SipHash { c: 2, wide: true }, "SipHash-2-4 PRF/MAC, 128-bit tag, 16-byte key"),
    alg!("siphash-1-3", ["siphash13"], "SIPHASH-1-3", KeyRule::Fixed(16), OutputRule::Fixed(8), true,
        Kind::SipHash { c: 1, wide: false }, "SipHash-1-3 (faster, smaller margin), 64-bit tag"),
    alg!("siphash-1-3-128", ["siphash13-128"], "SIPHASH-1-3-128", KeyRule::Fixed(16), OutputRule::Fixed(16), true,
        Kind::SipHash { c: 1, wide: true }, "SipHash-1-3, 128-bit tag"),
    alg!("highwayhash-64", ["highway64"], "HIGHWAYHASH-64", KeyRule::Fixed(32), OutputRule::Fixed(8), true,
        Kind::Highway { words: 1 }, "HighwayHash keyed hash, 64-bit output, 32-byte key"),
    alg!("highwayhash-128", ["highway128"], "HIGHWAYHASH-128", KeyRule::Fixed(32), OutputRule::Fixed(16), true,
        Kind::Highway { words: 2 }, "HighwayHash keyed hash, 128-bit output, 32-byte key"),
    alg!("highwayhash-256", ["highway256", "highwayhash"], "HIGHWAYHASH-256", KeyRule::Fixed(32), OutputRule::Fixed(32), true,
        Kind::Highway { words: 4 }, "HighwayHash keyed hash, 256-bit output, 32-byte key"),
    alg!("lemac", [], "LEMAC", KeyRule::Fixed(16), OutputRule::Fixed(16), true,
        Kind::LeMac, "LeMac AES-round MAC, 16-byte key, 16-byte nonce (--nonce), 16-byte tag"),
    alg!("rescue-prime", ["rp64_256", "rescue"], "RESCUE-PRIME", KeyRule::None, OutputRule::Fixed(32), false,
        Kind::Rescue, "Rescue Prime Rp64_256 over Goldilocks (Winterfell-compatible)"),
    alg!("multimixer-128", ["multimixer"], "MULTIMIXER-128", KeyRule::SameAsMessage, OutputRule::Fixed(64), false,
        Kind::Multimixer, "Multimixer-128 universal hash: NOT a MAC alone; key as long as the message, never reused"),
];

impl PartialEq for Algorithm {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Algorithm {}

impl Algorithm {
    /// Every algorithm, in registry order.
    pub fn all() -> &'static [Algorithm] {
        ALL
    }

    /// The default algorithm (BLAKE3).
    pub fn default_algorithm() -> &'static Algorithm {
        &ALL[0]
    }

    /// Looks an algorithm up by canonical name or alias (case-insensitive).
    ///
    /// # Errors
    /// [`Error::UnknownAlgorithm`] when nothing matches.
    pub fn lookup(name: &str) -> Result<&'static Algorithm, Error> {
        ALL.iter()
            .find(|a| {
                a.name.eq_ignore_ascii_case(name)
                    || a.aliases.iter().any(|x| x.eq_ignore_ascii_case(name))
            })
            .ok_or_else(|| Error::UnknownAlgorithm(name.to_string()))
    }

    /// Looks an algorithm up by the label of a BSD-style line. Besides the labels khsum
    /// writes, `BLAKE3-256` is accepted.
    pub fn from_bsd_label(label: &str) -> Option<&'static Algorithm> {
        if label == "BLAKE3-256" {
            return Some(&ALL[0]);
        }
        ALL.iter().find(|a| a.bsd_label == label)
    }

    /// Backends that can run this algorithm, best first; the last is always available.
    pub fn backends(&self) -> &'static [Backend] {
        match self.kind {
            Kind::Blake3 | Kind::Sha256 | Kind::Sha512 | Kind::HmacSha256 => &[Backend::Auto],
            Kind::SipHash { .. } => crate::siphash::BACKENDS,
            Kind::Highway { .. } => crate::highway::BACKENDS,
            Kind::LeMac => crate::lemac::BACKENDS,
            Kind::Rescue => crate::rescue::BACKENDS,
            Kind::Multimixer => crate::multimixer::BACKENDS,
        }
    }

    /// The backends of [`Algorithm::backends`] that this CPU supports.
    pub fn available_backends(&self) -> Vec<Backend> {
        self.backends()
            .iter()
            .copied()
            .filter(|b| b.is_available())
            .collect()
    }

    /// The backend a hasher built by [`Algorithm::hasher`] uses on this CPU.
    pub fn best_backend(&self) -> Backend {
        Backend::best_of(self.backends())
    }

    /// The output length for a requested `--length` (bytes).
    ///
    /// # Errors
    /// [`Error::BadLength`] when the algorithm cannot produce that many bytes.
    pub fn output_len(&self, requested: Option<usize>) -> Result<usize, Error> {
        match (self.output, requested) {
            (OutputRule::Fixed(n), None) => Ok(n),
            (OutputRule::Fixed(n), Some(r)) if r == n => Ok(n),
            (OutputRule::Fixed(n), Some(r)) => Err(Error::BadLength(format!(
                "{} produces {n} bytes; --length {r} is not supported",
                self.name
            ))),
            (OutputRule::Xof { default }, None) => Ok(default),
            (OutputRule::Xof { .. }, Some(0)) => {
                Err(Error::BadLength("--length must be at least 1".into()))
            }
            (OutputRule::Xof { .. }, Some(r)) if r > (1 << 30) => Err(Error::BadLength(
                format!("--length {r} is too large (at most 1073741824 bytes)"),
            )),
            (OutputRule::Xof { .. }, Some(r)) => Ok(r),
        }
    }

    /// Builds a hasher on the best backend for this CPU. `key` is `None` for an unkeyed
    /// computation; keyed algorithms then use their documented default key (all zero),
    /// except Multimixer-128, which has no unkeyed mode.
    ///
    /// # Errors
    /// A key or parameter that does not fit the algorithm.
    pub fn hasher(&self, key: Option<&Key>, params: &Params) -> Result<Box<dyn Hasher>, Error> {
        self.build(self.best_backend(), key, params)
    }

    /// Builds a hasher on a given backend, or returns `None` when this CPU lacks it or
    /// the algorithm has no such backend (for tests and benchmarks).
    pub fn hasher_on(
        &self,
        backend: Backend,
        key: Option<&Key>,
        params: &Params,
    ) -> Option<Result<Box<dyn Hasher>, Error>> {
        if !self.backends().contains(&backend) || !backend.is_available() {
            return None;
        }
        Some(self.build(backend, key, params))
    }

    fn build(
        &self,
        backend: Backend,
        key: Option<&Key>,
        params: &Params,
    ) -> Result<Box<dyn Hasher>, Error> {
        let out_len = self.output_len(params.out_len)?;
        if params.nonce.is_some() && self.kind != Kind::LeMac {
            return Err(Error::BadParameter(format!(
                "{} takes no nonce (--nonce is for lemac)",
                self.name
            )));
        }
        let zero;
        let key_bytes: Option<&[u8]> = match (self.key, key) {
            (KeyRule::None, Some(_)) => return Err(Error::KeyNotAllowed(self.name)),
            (KeyRule::None, None) => None,
            (KeyRule::Fixed(n), Some(k)) => {
                if k.len() != n {
                    return Err(Error::BadKey(format!(
                        "{} needs a {n}-byte key, got {} bytes",
                        self.name,
                        k.len()
                    )));
                }
                Some(k.bytes())
            }
            (KeyRule::Fixed(n), None) => {
                zero = vec![0u8; n];
                Some(&zero)
            }
            (KeyRule::Any, k) => Some(k.map_or(&[][..], Key::bytes)),
            (KeyRule::SameAsMessage, None) => return Err(Error::KeyRequired(self.name)),
            (KeyRule::SameAsMessage, Some(_)) => None,
        };
        match self.kind {
            // BLAKE3 without a key is the plain hash (what b3sum prints), not keyed mode.
            Kind::Blake3 => crate::blake3::new(key.and(key_bytes), out_len),
            Kind::Sha256 => Ok(crate::sha::sha256()),
            Kind::Sha512 => Ok(crate::sha::sha512()),
            Kind::HmacSha256 => Ok(crate::sha::hmac_sha256(key_bytes.unwrap_or_default())),
            Kind::SipHash { c, wide } => {
                crate::siphash::new(backend, c, wide, key_bytes.unwrap_or_default())
            }
            Kind::Highway { words } => {
                crate::highway::new(backend, words, key_bytes.unwrap_or_default())
            }
            Kind::LeMac => crate::lemac::new(
                backend,
                key_bytes.unwrap_or_default(),
                &params.nonce.unwrap_or([0; 16]),
            ),
            Kind::Rescue => crate::rescue::new(backend),
            Kind::Multimixer => match key {
                Some(k) => crate::multimixer::new(backend, k.clone()),
                None => Err(Error::KeyRequired(self.name)),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_labels_and_aliases_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for a in Algorithm::all() {
            assert!(seen.insert(a.name.to_ascii_lowercase()), "{}", a.name);
            for x in a.aliases {
                assert!(seen.insert(x.to_ascii_lowercase()), "{x}");
            }
            assert_eq!(Algorithm::from_bsd_label(a.bsd_label).unwrap().name, a.name);
            assert_eq!(Algorithm::lookup(a.name).unwrap().name, a.name);
            assert!(a.backends().last().unwrap().is_available());
        }
    }

    #[test]
    fn canonical_names_are_the_agreed_ones() {
        let names: Vec<_> = Algorithm::all().iter().map(|a| a.name).collect();
        assert_eq!(
            names,
            [
                "blake3",
                "sha256",
                "sha512",
                "hmac-sha256",
                "siphash-2-4",
                "siphash-2-4-128",
                "siphash-1-3",
                "siphash-1-3-128",
                "highwayhash-64",
                "highwayhash-128",
                "highwayhash-256",
                "lemac",
                "rescue-prime",
                "multimixer-128"
            ]
        );
    }

    #[test]
    fn wrong_key_length_is_an_error() {
        let a = Algorithm::lookup("blake3").unwrap();
        let k = Key::from_bytes(vec![1; 31]);
        let e = a.hasher(Some(&k), &Params::default()).err().unwrap();
        assert_eq!(e.to_string(), "blake3 needs a 32-byte key, got 31 bytes");
        let s = Algorithm::lookup("sha256").unwrap();
        assert_eq!(
            s.hasher(Some(&k), &Params::default()).err().unwrap(),
            Error::KeyNotAllowed("sha256")
        );
    }
}
