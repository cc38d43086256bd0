//! The registry: one descriptor per algorithm — canonical name, aliases, BSD labels,
//! key rule, output rule, class, nonce, backends and build function — in one table. The
//! CLI sees only this table and the [`Hasher`] trait.
//!
//! Adding an algorithm is one [`Algorithm`] entry in `ALL`; for a crate-backed hash the
//! build function is one adapter line (`build: crate::rustcrypto::digest::<sha2::Sha384>`,
//! see `rustcrypto.rs`). Adding a backend to an algorithm is one file in its folder plus one line in
//! its kernel table; the registry derives the backend list from that table.

use crate::backend::{Available, Backend};
use crate::hasher::{Error, Hasher};
use crate::key::Key;
pub use crate::key::KeyRule;

/// What output lengths an algorithm produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputRule {
    /// Always this many bytes.
    Fixed(usize),
    /// Extendable output: `default` bytes unless another count is asked for (at most
    /// [`XOF_MAX`] bytes).
    Xof {
        /// The length used when none is asked for.
        default: usize,
    },
    /// Any whole number of bytes from `min` to `max` (a length written in bits in tags
    /// such as `BLAKE2b-256`), `default` when none is asked for.
    Range {
        /// The shortest output, in bytes.
        min: usize,
        /// The longest output, in bytes.
        max: usize,
        /// The length used when none is asked for.
        default: usize,
    },
}

/// The largest output an extendable-output algorithm is asked for, in bytes.
pub const XOF_MAX: usize = 1 << 30;

impl OutputRule {
    /// The default output length in bytes.
    pub fn default_len(self) -> usize {
        match self {
            OutputRule::Fixed(n) | OutputRule::Xof { default: n } => n,
            OutputRule::Range { default, .. } => default,
        }
    }
}

/// How an algorithm's lines look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineStyle {
    /// `hex  name` (GNU, b3sum, xxhsum) or `LABEL (name) = hex` (`--tag`).
    Hex,
    /// POSIX `cksum`: `CRC SIZE name` in decimal; no name for standard input given
    /// implicitly.
    Cksum,
    /// `sum -s` (System V): `SUM BLOCKS name`, 512-byte blocks.
    SumSysv,
    /// `sum -r` (BSD): `SUM BLOCKS name` as `%05d %5d`, 1024-byte blocks.
    SumBsd,
}

/// What kind of function an algorithm is, for `khsum list` and for what its output may
/// be trusted with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A cryptographic hash (collision and preimage resistant); some have a keyed mode.
    CryptoHash,
    /// A MAC or PRF: a tag authenticates only under a secret key.
    Mac,
    /// A universal hash: NOT a MAC on its own (its output must be masked or fed to a PRF).
    UniversalHash,
    /// A checksum against accidental corruption, no security at all.
    Checksum,
}

impl Class {
    /// The short name `khsum list` prints.
    pub fn name(self) -> &'static str {
        match self {
            Class::CryptoHash => "hash",
            Class::Mac => "mac",
            Class::UniversalHash => "universal-hash",
            Class::Checksum => "checksum",
        }
    }
}

/// Per-hasher parameters beyond the key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Params {
    /// Output length in bytes, for algorithms with a choice of lengths.
    pub out_len: Option<usize>,
    /// A 16-byte nonce (LeMac); all zero when absent.
    pub nonce: Option<[u8; 16]>,
}

/// What a build function gets: everything checked against the descriptor already.
pub struct Build<'a> {
    /// The backend to build on, proven available.
    pub proof: Available,
    /// The key as given (`None`: unkeyed use).
    pub key: Option<&'a Key>,
    /// The key bytes to use: the given key, or the descriptor's default key (all zero,
    /// or empty for HMAC) when none was given; `None` for unkeyed algorithms and for
    /// Multimixer-128 (which reads [`Build::key`]).
    pub key_bytes: Option<&'a [u8]>,
    /// The output length in bytes, checked against the output rule.
    pub out_len: usize,
    /// The nonce, when the algorithm takes one (all zero when none was given).
    pub nonce: [u8; 16],
}

/// Builds a hasher from checked parameters.
pub type BuildFn = fn(&Build<'_>) -> Result<Box<dyn Hasher>, Error>;

/// One algorithm of the registry. Entries are compared by canonical name.
pub struct Algorithm {
    /// Canonical name, as `-a` takes it and `khsum list` prints it.
    pub name: &'static str,
    /// Other names `-a` accepts.
    pub aliases: &'static [&'static str],
    /// The labels of BSD-style (`--tag`) lines: the first is written, all are read.
    pub labels: &'static [&'static str],
    /// What untagged lines put before the digest (`XXH3_` for xxhsum's XXH3 lines, which
    /// would otherwise look like XXH64's); empty for almost every algorithm.
    pub untagged_prefix: &'static str,
    /// How its lines look: a hex digest, or the legacy `cksum`/`sum` number columns.
    pub line: LineStyle,
    /// The key the algorithm takes.
    pub key: KeyRule,
    /// The output lengths it produces.
    pub output: OutputRule,
    /// What kind of function it is.
    pub class: Class,
    /// Whether it takes a nonce.
    pub nonce: bool,
    /// One line for `khsum list` and `--help`.
    pub summary: &'static str,
    /// The `alg=` ids of its records in `kats/` (the upstream collection's ids).
    pub kat_ids: &'static [&'static str],
    /// Its backends, best first (derived from its kernel table).
    backends: fn() -> Vec<Backend>,
    /// Builds a hasher.
    build: BuildFn,
}

impl std::fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Algorithm")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

fn crate_dispatched() -> Vec<Backend> {
    vec![Backend::Auto]
}

/// SipHash-`C`-`C+2`, 128-bit output when `WIDE`.
fn siphash<const C: u8, const WIDE: bool>(b: &Build<'_>) -> Result<Box<dyn Hasher>, Error> {
    crate::siphash::new(b.proof, C, WIDE, b.key_bytes.unwrap_or_default())
}

/// HighwayHash with `W` output words.
fn highway<const W: usize>(b: &Build<'_>) -> Result<Box<dyn Hasher>, Error> {
    crate::highway::new(b.proof, W, b.key_bytes.unwrap_or_default())
}

static ALL: &[Algorithm] = &[
    Algorithm {
        name: "blake3",
        aliases: &["b3"],
        labels: &["BLAKE3", "BLAKE3-256"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::Fixed(32),
        output: OutputRule::Xof { default: 32 },
        class: Class::CryptoHash,
        nonce: false,
        summary: "BLAKE3 hash (default); keyed mode with a 32-byte key",
        kat_ids: &["blake3", "blake3-keyed", "blake3-derive-key"],
        backends: crate_dispatched,
        // Without a key BLAKE3 is the plain hash (what b3sum prints), not keyed mode.
        build: |b| crate::blake3::new(b.key.and(b.key_bytes), b.out_len),
    },
    Algorithm {
        name: "sha256",
        aliases: &["sha-256", "sha2-256"],
        labels: &["SHA256", "SHA2-256"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(32),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SHA-256 (FIPS 180-4), byte-compatible with sha256sum",
        kat_ids: &["sha256"],
        backends: crate_dispatched,
        build: crate::rustcrypto::digest::<sha2::Sha256>,
    },
    Algorithm {
        name: "sha512",
        aliases: &["sha-512", "sha2-512"],
        labels: &["SHA512", "SHA2-512"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(64),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SHA-512 (FIPS 180-4), byte-compatible with sha512sum",
        kat_ids: &["sha512"],
        backends: crate_dispatched,
        build: crate::rustcrypto::digest::<sha2::Sha512>,
    },
    Algorithm {
        name: "sha224",
        aliases: &["sha-224", "sha2-224"],
        labels: &["SHA224", "SHA2-224"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(28),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SHA-224 (FIPS 180-4), byte-compatible with sha224sum",
        kat_ids: &["sha224"],
        backends: crate_dispatched,
        build: crate::rustcrypto::digest::<sha2::Sha224>,
    },
    Algorithm {
        name: "sha384",
        aliases: &["sha-384", "sha2-384"],
        labels: &["SHA384", "SHA2-384"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(48),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SHA-384 (FIPS 180-4), byte-compatible with sha384sum",
        kat_ids: &["sha384"],
        backends: crate_dispatched,
        build: crate::rustcrypto::digest::<sha2::Sha384>,
    },
    Algorithm {
        name: "sha512-224",
        aliases: &["sha-512/224", "sha512/224"],
        labels: &["SHA512-224", "SHA2-512/224", "SHA512/224"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(28),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SHA-512/224 (FIPS 180-4)",
        kat_ids: &["sha512-224"],
        backends: crate_dispatched,
        build: crate::rustcrypto::digest::<sha2::Sha512_224>,
    },
    Algorithm {
        name: "sha512-256",
        aliases: &["sha-512/256", "sha512/256"],
        labels: &["SHA512-256", "SHA2-512/256", "SHA512/256"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(32),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SHA-512/256 (FIPS 180-4)",
        kat_ids: &["sha512-256"],
        backends: crate_dispatched,
        build: crate::rustcrypto::digest::<sha2::Sha512_256>,
    },
    Algorithm {
        name: "sha3-224",
        aliases: &["sha3_224"],
        labels: &["SHA3-224"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(28),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SHA3-224 (FIPS 202)",
        kat_ids: &["sha3-224"],
        backends: crate_dispatched,
        build: crate::rustcrypto::digest::<sha3::Sha3_224>,
    },
    Algorithm {
        name: "sha3-256",
        aliases: &["sha3_256"],
        labels: &["SHA3-256"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(32),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SHA3-256 (FIPS 202)",
        kat_ids: &["sha3-256"],
        backends: crate_dispatched,
        build: crate::rustcrypto::digest::<sha3::Sha3_256>,
    },
    Algorithm {
        name: "sha3-384",
        aliases: &["sha3_384"],
        labels: &["SHA3-384"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(48),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SHA3-384 (FIPS 202)",
        kat_ids: &["sha3-384"],
        backends: crate_dispatched,
        build: crate::rustcrypto::digest::<sha3::Sha3_384>,
    },
    Algorithm {
        name: "sha3-512",
        aliases: &["sha3_512"],
        labels: &["SHA3-512"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(64),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SHA3-512 (FIPS 202)",
        kat_ids: &["sha3-512"],
        backends: crate_dispatched,
        build: crate::rustcrypto::digest::<sha3::Sha3_512>,
    },
    Algorithm {
        name: "blake2b",
        aliases: &["blake2b-512", "b2"],
        labels: &["BLAKE2b"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Range {
            min: 1,
            max: 64,
            default: 64,
        },
        class: Class::CryptoHash,
        nonce: false,
        summary: "BLAKE2b (RFC 7693), byte-compatible with b2sum; -l in bits like b2sum",
        kat_ids: &["blake2b"],
        backends: crate_dispatched,
        build: crate::blake2::blake2b,
    },
    Algorithm {
        name: "blake2s",
        aliases: &["blake2s-256"],
        labels: &["BLAKE2s"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Range {
            min: 1,
            max: 32,
            default: 32,
        },
        class: Class::CryptoHash,
        nonce: false,
        summary: "BLAKE2s (RFC 7693), up to 256-bit output",
        kat_ids: &["blake2s"],
        backends: crate_dispatched,
        build: crate::blake2::blake2s,
    },
    Algorithm {
        name: "sm3",
        aliases: &[],
        labels: &["SM3"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(32),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SM3 (GB/T 32905-2016), byte-compatible with cksum -a sm3",
        kat_ids: &["sm3"],
        backends: crate_dispatched,
        build: crate::rustcrypto::digest::<sm3::Sm3>,
    },
    Algorithm {
        name: "md5",
        aliases: &["md-5"],
        labels: &["MD5"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(16),
        class: Class::CryptoHash,
        nonce: false,
        summary: "MD5 (RFC 1321), md5sum-compatible. BROKEN for security: collisions are practical",
        kat_ids: &["md5"],
        backends: crate::md5::backends,
        build: crate::md5::build,
    },
    Algorithm {
        name: "sha1",
        aliases: &["sha-1"],
        labels: &["SHA1"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(20),
        class: Class::CryptoHash,
        nonce: false,
        summary: "SHA-1 (FIPS 180-4), sha1sum-compatible, collision detection. BROKEN for security",
        kat_ids: &["sha1"],
        backends: crate_dispatched,
        build: crate::rustcrypto::sha1,
    },
    Algorithm {
        name: "xxh32",
        aliases: &["xxhash32"],
        labels: &["XXH32"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(4),
        class: Class::Checksum,
        nonce: false,
        summary: "XXH32 checksum (not cryptographic), xxhsum -H0 compatible",
        kat_ids: &["xxh32"],
        backends: crate_dispatched,
        build: crate::xxh::xxh32,
    },
    Algorithm {
        name: "xxh64",
        aliases: &["xxhash64", "xxhash"],
        labels: &["XXH64"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(8),
        class: Class::Checksum,
        nonce: false,
        summary: "XXH64 checksum (not cryptographic), xxhsum -H1 compatible",
        kat_ids: &["xxh64"],
        backends: crate_dispatched,
        build: crate::xxh::xxh64,
    },
    Algorithm {
        name: "xxh3",
        aliases: &["xxh3-64", "xxhash3"],
        labels: &["XXH3"],
        untagged_prefix: "XXH3_",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(8),
        class: Class::Checksum,
        nonce: false,
        summary: "XXH3 64-bit checksum (not cryptographic), xxhsum -H3 compatible",
        kat_ids: &["xxh3"],
        backends: crate_dispatched,
        build: crate::xxh::xxh3,
    },
    Algorithm {
        name: "xxh128",
        aliases: &["xxh3-128", "xxhash128"],
        labels: &["XXH128"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(16),
        class: Class::Checksum,
        nonce: false,
        summary: "XXH3 128-bit checksum (not cryptographic), xxhsum -H2 compatible",
        kat_ids: &["xxh128"],
        backends: crate_dispatched,
        build: crate::xxh::xxh128,
    },
    Algorithm {
        name: "crc",
        aliases: &["cksum"],
        labels: &["CRC"],
        untagged_prefix: "",
        line: LineStyle::Cksum,
        key: KeyRule::None,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        nonce: false,
        summary: "POSIX cksum CRC (not cryptographic): 'CRC SIZE name' like cksum",
        kat_ids: &["crc"],
        backends: crate_dispatched,
        build: crate::legacy::cksum,
    },
    Algorithm {
        name: "crc32b",
        aliases: &[],
        labels: &["CRC32B"],
        untagged_prefix: "",
        line: LineStyle::Cksum,
        key: KeyRule::None,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        nonce: false,
        summary: "zlib/Ethernet CRC-32 (not cryptographic), like cksum -a crc32b",
        kat_ids: &["crc32b"],
        backends: crate_dispatched,
        build: crate::legacy::crc32b,
    },
    Algorithm {
        name: "sysv",
        aliases: &["sum-s"],
        labels: &["SYSV"],
        untagged_prefix: "",
        line: LineStyle::SumSysv,
        key: KeyRule::None,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        nonce: false,
        summary: "System V sum (not cryptographic), like sum -s",
        kat_ids: &["sysv"],
        backends: crate_dispatched,
        build: crate::legacy::sysv,
    },
    Algorithm {
        name: "bsd",
        aliases: &["sum-r"],
        labels: &["BSD"],
        untagged_prefix: "",
        line: LineStyle::SumBsd,
        key: KeyRule::None,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        nonce: false,
        summary: "BSD sum (not cryptographic), like sum -r",
        kat_ids: &["bsd"],
        backends: crate_dispatched,
        build: crate::legacy::bsd,
    },
    Algorithm {
        name: "hmac-sha256",
        aliases: &[],
        labels: &["HMAC-SHA256"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::Any,
        output: OutputRule::Fixed(32),
        class: Class::Mac,
        nonce: false,
        summary: "HMAC-SHA256 (RFC 2104), any key length",
        kat_ids: &["hmac-sha256"],
        backends: crate_dispatched,
        build: |b| Ok(crate::sha::hmac_sha256(b.key_bytes.unwrap_or_default())),
    },
    Algorithm {
        name: "siphash-2-4",
        aliases: &["siphash", "siphash24"],
        labels: &["SIPHASH-2-4"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(8),
        class: Class::Mac,
        nonce: false,
        summary: "SipHash-2-4 PRF/MAC, 64-bit tag, 16-byte key",
        kat_ids: &["siphash24-64"],
        backends: crate::siphash::backends,
        build: siphash::<2, false>,
    },
    Algorithm {
        name: "siphash-2-4-128",
        aliases: &["siphash24-128"],
        labels: &["SIPHASH-2-4-128"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        nonce: false,
        summary: "SipHash-2-4 PRF/MAC, 128-bit tag, 16-byte key",
        kat_ids: &["siphash24-128"],
        backends: crate::siphash::backends,
        build: siphash::<2, true>,
    },
    Algorithm {
        name: "siphash-1-3",
        aliases: &["siphash13"],
        labels: &["SIPHASH-1-3"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(8),
        class: Class::Mac,
        nonce: false,
        summary: "SipHash-1-3 (faster, smaller margin), 64-bit tag",
        kat_ids: &["siphash13-64"],
        backends: crate::siphash::backends,
        build: siphash::<1, false>,
    },
    Algorithm {
        name: "siphash-1-3-128",
        aliases: &["siphash13-128"],
        labels: &["SIPHASH-1-3-128"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        nonce: false,
        summary: "SipHash-1-3, 128-bit tag",
        kat_ids: &["siphash13-128"],
        backends: crate::siphash::backends,
        build: siphash::<1, true>,
    },
    Algorithm {
        name: "highwayhash-64",
        aliases: &["highway64"],
        labels: &["HIGHWAYHASH-64"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::Fixed(32),
        output: OutputRule::Fixed(8),
        class: Class::Mac,
        nonce: false,
        summary: "HighwayHash keyed hash, 64-bit output, 32-byte key",
        kat_ids: &["highwayhash64"],
        backends: crate::highway::backends,
        build: highway::<1>,
    },
    Algorithm {
        name: "highwayhash-128",
        aliases: &["highway128"],
        labels: &["HIGHWAYHASH-128"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::Fixed(32),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        nonce: false,
        summary: "HighwayHash keyed hash, 128-bit output, 32-byte key",
        kat_ids: &["highwayhash128"],
        backends: crate::highway::backends,
        build: highway::<2>,
    },
    Algorithm {
        name: "highwayhash-256",
        aliases: &["highway256", "highwayhash"],
        labels: &["HIGHWAYHASH-256"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::Fixed(32),
        output: OutputRule::Fixed(32),
        class: Class::Mac,
        nonce: false,
        summary: "HighwayHash keyed hash, 256-bit output, 32-byte key",
        kat_ids: &["highwayhash256"],
        backends: crate::highway::backends,
        build: highway::<4>,
    },
    Algorithm {
        name: "lemac",
        aliases: &[],
        labels: &["LEMAC"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        nonce: true,
        summary: "LeMac AES-round MAC, 16-byte key, 16-byte nonce (--nonce), 16-byte tag",
        kat_ids: &["lemac"],
        backends: crate::lemac::backends,
        build: |b| crate::lemac::new(b.proof, b.key_bytes.unwrap_or_default(), &b.nonce),
    },
    Algorithm {
        name: "rescue-prime",
        aliases: &["rp64_256", "rescue"],
        labels: &["RESCUE-PRIME"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::None,
        output: OutputRule::Fixed(32),
        class: Class::CryptoHash,
        nonce: false,
        summary: "Rescue Prime Rp64_256 over Goldilocks (Winterfell-compatible)",
        kat_ids: &[],
        backends: crate::rescue::backends,
        build: |b| crate::rescue::new(b.proof),
    },
    Algorithm {
        name: "multimixer-128",
        aliases: &["multimixer"],
        labels: &["MULTIMIXER-128"],
        untagged_prefix: "",
        line: LineStyle::Hex,
        key: KeyRule::SameAsMessage,
        output: OutputRule::Fixed(64),
        class: Class::UniversalHash,
        nonce: false,
        summary: "Multimixer-128 universal hash: NOT a MAC alone; key as long as the message, never reused",
        kat_ids: &["multimixer128"],
        backends: crate::multimixer::backends,
        build: |b| match b.key {
            Some(k) => crate::multimixer::new(b.proof, k.clone()),
            None => Err(Error::KeyRequired("multimixer-128")),
        },
    },
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

    /// Looks an algorithm up by any of the labels of its BSD-style lines.
    pub fn from_bsd_label(label: &str) -> Option<&'static Algorithm> {
        ALL.iter().find(|a| a.labels.contains(&label))
    }

    /// Looks an algorithm up by the `alg=` id of a record in `kats/`.
    pub fn from_kat_id(id: &str) -> Option<&'static Algorithm> {
        ALL.iter().find(|a| a.kat_ids.contains(&id))
    }

    /// The label BSD-style lines are written with.
    pub fn bsd_label(&self) -> &'static str {
        self.labels[0]
    }

    /// The label for a digest of `out_len` bytes: for a range of lengths or an extendable
    /// output, a non-default length is written in bits after a dash, as `b2sum` does
    /// (`BLAKE2b-256`, `BLAKE3-512`).
    pub fn label_for(&self, out_len: usize) -> std::borrow::Cow<'static, str> {
        match self.output {
            OutputRule::Range { default, .. } | OutputRule::Xof { default }
                if out_len != default =>
            {
                format!("{}-{}", self.labels[0], 8 * out_len).into()
            }
            _ => self.labels[0].into(),
        }
    }

    /// Parses a BSD-style label: the algorithm, and the output length in bytes when the
    /// label names one (`BLAKE2b-256`: 32), for algorithms with a range of lengths.
    pub fn from_label(label: &str) -> Option<(&'static Algorithm, Option<usize>)> {
        if let Some(a) = Algorithm::from_bsd_label(label) {
            return Some((a, None));
        }
        let (base, bits) = label.rsplit_once('-')?;
        let a = Algorithm::from_bsd_label(base)?;
        let (min, max) = match a.output {
            OutputRule::Range { min, max, .. } => (min, max),
            OutputRule::Xof { .. } => (1, XOF_MAX),
            OutputRule::Fixed(_) => return None,
        };
        // Digits only, no leading zero, as b2sum writes them.
        if bits.starts_with('0') || !bits.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let bits: usize = bits.parse().ok().filter(|b| b % 8 == 0)?;
        (min..=max)
            .contains(&(bits / 8))
            .then_some((a, Some(bits / 8)))
    }

    /// Whether a tag of this algorithm (in its keyed mode, where it has one) is a MAC.
    pub fn is_mac(&self) -> bool {
        self.class == Class::Mac || (self.class == Class::CryptoHash && self.key != KeyRule::None)
    }

    /// Backends that can run this algorithm, best first; the last is always available.
    pub fn backends(&self) -> Vec<Backend> {
        (self.backends)()
    }

    /// The backends of [`Algorithm::backends`] that this CPU supports.
    pub fn available_backends(&self) -> Vec<Backend> {
        self.backends()
            .into_iter()
            .filter(|b| b.is_available())
            .collect()
    }

    /// The backend a hasher built by [`Algorithm::hasher`] uses on this CPU.
    pub fn best_backend(&self) -> Backend {
        self.best().backend()
    }

    fn best(&self) -> Available {
        self.backends()
            .into_iter()
            .find_map(Available::detect)
            .unwrap_or(Available::PORTABLE)
    }

    /// The output length in bytes for a requested length (`None`: the default).
    ///
    /// # Errors
    /// [`Error::BadLength`] when the algorithm cannot produce that many bytes.
    pub fn output_len(&self, requested: Option<usize>) -> Result<usize, Error> {
        let Some(r) = requested else {
            return Ok(self.output.default_len());
        };
        let fits = match self.output {
            OutputRule::Fixed(n) => r == n,
            OutputRule::Xof { .. } => (1..=XOF_MAX).contains(&r),
            OutputRule::Range { min, max, .. } => (min..=max).contains(&r),
        };
        if fits {
            Ok(r)
        } else {
            Err(Error::BadLength {
                alg: self.name,
                requested: r,
                rule: self.output,
            })
        }
    }

    /// Builds a hasher on the best backend for this CPU. `key` is `None` for an unkeyed
    /// computation; keyed algorithms then use their documented default key (all zero),
    /// except Multimixer-128, which has no unkeyed mode.
    ///
    /// # Errors
    /// A key or parameter that does not fit the algorithm.
    pub fn hasher(&self, key: Option<&Key>, params: &Params) -> Result<Box<dyn Hasher>, Error> {
        self.build(self.best(), key, params)
    }

    /// Builds a hasher on a given backend, or returns `None` when this CPU lacks it or
    /// the algorithm has no such backend (for tests and benchmarks).
    pub fn hasher_on(
        &self,
        backend: Backend,
        key: Option<&Key>,
        params: &Params,
    ) -> Option<Result<Box<dyn Hasher>, Error>> {
        let proof = Available::detect(backend)?;
        if !self.backends().contains(&backend) {
            return None;
        }
        Some(self.build(proof, key, params))
    }

    fn build(
        &self,
        proof: Available,
        key: Option<&Key>,
        params: &Params,
    ) -> Result<Box<dyn Hasher>, Error> {
        let out_len = self.output_len(params.out_len)?;
        if params.nonce.is_some() && !self.nonce {
            return Err(Error::NonceNotAllowed(self.name));
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
        (self.build)(&Build {
            proof,
            key,
            key_bytes,
            out_len,
            nonce: params.nonce.unwrap_or([0; 16]),
        })
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
            for l in a.labels {
                assert_eq!(Algorithm::from_bsd_label(l).unwrap().name, a.name);
            }
            for id in a.kat_ids {
                assert_eq!(Algorithm::from_kat_id(id).unwrap().name, a.name);
            }
            assert_eq!(Algorithm::lookup(a.name).unwrap().name, a.name);
            assert!(a.backends().last().unwrap().is_available());
            assert!(a.output_len(None).is_ok());
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
                "sha224",
                "sha384",
                "sha512-224",
                "sha512-256",
                "sha3-224",
                "sha3-256",
                "sha3-384",
                "sha3-512",
                "blake2b",
                "blake2s",
                "sm3",
                "md5",
                "sha1",
                "xxh32",
                "xxh64",
                "xxh3",
                "xxh128",
                "crc",
                "crc32b",
                "sysv",
                "bsd",
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
    fn labels_with_lengths() {
        let b2 = Algorithm::lookup("blake2b").unwrap();
        assert_eq!(b2.label_for(64), "BLAKE2b");
        assert_eq!(b2.label_for(32), "BLAKE2b-256");
        assert_eq!(Algorithm::from_label("BLAKE2b"), Some((b2, None)));
        assert_eq!(Algorithm::from_label("BLAKE2b-256"), Some((b2, Some(32))));
        assert_eq!(Algorithm::from_label("BLAKE2b-512"), Some((b2, Some(64))));
        for bad in [
            "BLAKE2b-0",
            "BLAKE2b-7",
            "BLAKE2b-520",
            "BLAKE2b-0256",
            "SHA256-128",
        ] {
            assert_eq!(Algorithm::from_label(bad), None, "{bad}");
        }
        let b3 = Algorithm::lookup("blake3").unwrap();
        assert_eq!(b3.label_for(32), "BLAKE3");
        assert_eq!(b3.label_for(64), "BLAKE3-512");
        assert_eq!(Algorithm::from_label("BLAKE3-512"), Some((b3, Some(64))));
        assert_eq!(Algorithm::from_label("BLAKE3-256"), Some((b3, None)));
        let sha = Algorithm::lookup("sha512-256").unwrap();
        assert_eq!(Algorithm::from_label("SHA512-256"), Some((sha, None)));
        assert_eq!(sha.label_for(32), "SHA512-256");
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
