//! The registry: one descriptor per algorithm holds every rule about it — canonical
//! name, aliases, BSD labels, the names of its checksum lists, key rule, output rule,
//! class, nonce, key derivation, backends and build function — in one table. The CLI sees
//! only this table and the [`Hasher`] trait.
//!
//! Adding an algorithm is one [`Algorithm`] entry in `ALL`, stating only what differs
//! from [`DEFAULT`]; a crate-backed hash's build function wraps the adapter's plain
//! constructor (`build: |_| Ok(crate::rustcrypto::digest::<sha2::Sha384>())`). Adding a
//! backend to an algorithm is one file in its folder plus one line in its kernel table;
//! the registry derives the backend list from that table.

use crate::backend::{Available, Backend};
use crate::hasher::{Error, Hasher};
use crate::key::Key;
pub use crate::spec::{Class, KeyRule, LineStyle, OutputRule, Params, XOF_MAX};

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

/// Builds a key-derivation hasher (BLAKE3's `derive_key` mode): the context string and
/// the output length in bytes (checked against the output rule); its input is key
/// material.
pub type DeriveFn = fn(&str, usize) -> Box<dyn Hasher>;

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
    /// The stems of the names its checksum lists go by (`sha256`: `SHA256SUMS`,
    /// `sha256sum.txt`, `x.sha256`, `x.sha256sum`, `terraform_1.5.0_SHA256SUMS`,
    /// `SHA256SUMS-amd64`; see [`Algorithm::from_list_name`]).
    pub list_stems: &'static [&'static str],
    /// Whole list names that follow no stem pattern (Node.js's `SHASUMS256.txt`).
    pub list_names: &'static [&'static str],
    /// Its key-derivation mode (`--derive-key`), if it has one.
    pub derive: Option<DeriveFn>,
    /// How common its lists are: the order in which detection tries the algorithms a
    /// digest's length allows (lower first; see `crate::verify`).
    pub rank: u8,
    /// Rare or slow: detection tries it only on a small file.
    pub rare: bool,
    /// Its backends, best first (derived from its kernel table).
    backends: fn() -> Vec<Backend>,
    /// Builds a hasher.
    build: BuildFn,
}

/// What every descriptor has unless it says otherwise: an unkeyed cryptographic hash
/// with hex lines, no nonce, no key derivation, no list names, one crate-dispatched
/// backend. `name`, `labels`, `output`, `summary`, `kat_ids` and `build` are always
/// stated (a test checks that no entry keeps these placeholders).
pub const DEFAULT: Algorithm = Algorithm {
    name: "",
    aliases: &[],
    labels: &[],
    untagged_prefix: "",
    line: LineStyle::Hex,
    key: KeyRule::None,
    output: OutputRule::Fixed(0),
    class: Class::CryptoHash,
    nonce: false,
    summary: "",
    kat_ids: &[],
    list_stems: &[],
    list_names: &[],
    derive: None,
    rank: 100,
    rare: false,
    backends: crate_dispatched,
    build: |_| Err(Error::BadParameter("no build function".into())),
};

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
        rank: 2,
        aliases: &["b3"],
        labels: &["BLAKE3"],
        key: KeyRule::Fixed(32),
        output: OutputRule::Xof { default: 32 },
        summary: "BLAKE3 hash (default); keyed mode with a 32-byte key",
        kat_ids: &["blake3", "blake3-keyed", "blake3-derive-key"],
        list_stems: &["b3", "blake3"],
        derive: Some(crate::blake3::derive_key),
        // Without a key BLAKE3 is the plain hash (what b3sum prints), not keyed mode.
        build: |b| crate::blake3::new(b.key.and(b.key_bytes), b.out_len),
        ..DEFAULT
    },
    Algorithm {
        name: "sha256",
        rank: 1,
        aliases: &["sha-256", "sha2-256"],
        labels: &["SHA256", "SHA2-256"],
        output: OutputRule::Fixed(32),
        summary: "SHA-256 (FIPS 180-4), byte-compatible with sha256sum",
        kat_ids: &["sha256"],
        list_stems: &["sha256"],
        list_names: &["SHASUMS256"],
        build: |_| Ok(crate::rustcrypto::digest::<sha2::Sha256>()),
        ..DEFAULT
    },
    Algorithm {
        name: "sha512",
        rank: 5,
        aliases: &["sha-512", "sha2-512"],
        labels: &["SHA512", "SHA2-512"],
        output: OutputRule::Fixed(64),
        summary: "SHA-512 (FIPS 180-4), byte-compatible with sha512sum",
        kat_ids: &["sha512"],
        list_stems: &["sha512"],
        backends: crate::sha512::backends,
        build: |b| crate::sha512::new(b.proof, 64),
        ..DEFAULT
    },
    Algorithm {
        name: "sha224",
        rank: 21,
        aliases: &["sha-224", "sha2-224"],
        labels: &["SHA224", "SHA2-224"],
        output: OutputRule::Fixed(28),
        summary: "SHA-224 (FIPS 180-4), byte-compatible with sha224sum",
        kat_ids: &["sha224"],
        list_stems: &["sha224"],
        build: |_| Ok(crate::rustcrypto::digest::<sha2::Sha224>()),
        ..DEFAULT
    },
    Algorithm {
        name: "sha384",
        rank: 20,
        aliases: &["sha-384", "sha2-384"],
        labels: &["SHA384", "SHA2-384"],
        output: OutputRule::Fixed(48),
        summary: "SHA-384 (FIPS 180-4), byte-compatible with sha384sum",
        kat_ids: &["sha384"],
        list_stems: &["sha384"],
        backends: crate::sha512::backends,
        build: |b| crate::sha512::new(b.proof, 48),
        ..DEFAULT
    },
    Algorithm {
        name: "sha512-224",
        rank: 24,
        aliases: &["sha-512/224", "sha512/224"],
        labels: &["SHA512-224", "SHA2-512/224", "SHA512/224"],
        output: OutputRule::Fixed(28),
        summary: "SHA-512/224 (FIPS 180-4)",
        kat_ids: &["sha512-224"],
        backends: crate::sha512::backends,
        build: |b| crate::sha512::new(b.proof, 28),
        ..DEFAULT
    },
    Algorithm {
        name: "sha512-256",
        rank: 23,
        aliases: &["sha-512/256", "sha512/256"],
        labels: &["SHA512-256", "SHA2-512/256", "SHA512/256"],
        output: OutputRule::Fixed(32),
        summary: "SHA-512/256 (FIPS 180-4)",
        kat_ids: &["sha512-256"],
        backends: crate::sha512::backends,
        build: |b| crate::sha512::new(b.proof, 32),
        ..DEFAULT
    },
    Algorithm {
        name: "sha3-224",
        rank: 33,
        rare: true,
        aliases: &["sha3_224"],
        labels: &["SHA3-224"],
        output: OutputRule::Fixed(28),
        summary: "SHA3-224 (FIPS 202)",
        kat_ids: &["sha3-224"],
        list_stems: &["sha3-224"],
        backends: crate::sha3::backends,
        build: |b| crate::sha3::new(b.proof, 28),
        ..DEFAULT
    },
    Algorithm {
        name: "sha3-256",
        rank: 30,
        rare: true,
        aliases: &["sha3_256"],
        labels: &["SHA3-256"],
        output: OutputRule::Fixed(32),
        summary: "SHA3-256 (FIPS 202)",
        kat_ids: &["sha3-256"],
        list_stems: &["sha3-256"],
        backends: crate::sha3::backends,
        build: |b| crate::sha3::new(b.proof, 32),
        ..DEFAULT
    },
    Algorithm {
        name: "sha3-384",
        rank: 32,
        rare: true,
        aliases: &["sha3_384"],
        labels: &["SHA3-384"],
        output: OutputRule::Fixed(48),
        summary: "SHA3-384 (FIPS 202)",
        kat_ids: &["sha3-384"],
        list_stems: &["sha3-384"],
        backends: crate::sha3::backends,
        build: |b| crate::sha3::new(b.proof, 48),
        ..DEFAULT
    },
    Algorithm {
        name: "sha3-512",
        rank: 31,
        rare: true,
        aliases: &["sha3_512"],
        labels: &["SHA3-512"],
        output: OutputRule::Fixed(64),
        summary: "SHA3-512 (FIPS 202)",
        kat_ids: &["sha3-512"],
        list_stems: &["sha3-512"],
        backends: crate::sha3::backends,
        build: |b| crate::sha3::new(b.proof, 64),
        ..DEFAULT
    },
    Algorithm {
        name: "blake2b",
        rank: 6,
        aliases: &["blake2b-512", "b2"],
        labels: &["BLAKE2b", "BLAKE2B"],
        output: OutputRule::Range {
            min: 1,
            max: 64,
            default: 64,
        },
        summary: "BLAKE2b (RFC 7693), byte-compatible with b2sum; -l in bits like b2sum",
        kat_ids: &["blake2b"],
        list_stems: &["b2", "blake2b"],
        build: |b| Ok(crate::blake2::blake2b(b.out_len)),
        ..DEFAULT
    },
    Algorithm {
        name: "blake2s",
        rank: 22,
        aliases: &["blake2s-256"],
        labels: &["BLAKE2s", "BLAKE2S"],
        output: OutputRule::Range {
            min: 1,
            max: 32,
            default: 32,
        },
        summary: "BLAKE2s (RFC 7693), up to 256-bit output",
        kat_ids: &["blake2s"],
        list_stems: &["blake2s"],
        build: |b| Ok(crate::blake2::blake2s(b.out_len)),
        ..DEFAULT
    },
    Algorithm {
        name: "sm3",
        rank: 34,
        rare: true,
        labels: &["SM3"],
        output: OutputRule::Fixed(32),
        summary: "SM3 (GB/T 32905-2016), byte-compatible with cksum -a sm3",
        kat_ids: &["sm3"],
        list_stems: &["sm3"],
        build: |_| Ok(crate::rustcrypto::digest::<sm3::Sm3>()),
        ..DEFAULT
    },
    Algorithm {
        name: "md5",
        rank: 3,
        aliases: &["md-5"],
        labels: &["MD5"],
        output: OutputRule::Fixed(16),
        summary: "MD5 (RFC 1321), md5sum-compatible. BROKEN for security: collisions are practical",
        kat_ids: &["md5"],
        list_stems: &["md5"],
        backends: crate::md5::backends,
        build: |b| crate::md5::new(b.proof),
        ..DEFAULT
    },
    Algorithm {
        name: "sha1",
        rank: 4,
        aliases: &["sha-1"],
        labels: &["SHA1"],
        output: OutputRule::Fixed(20),
        summary: "SHA-1 (FIPS 180-4), sha1sum-compatible, collision detection. BROKEN for security",
        kat_ids: &["sha1"],
        list_stems: &["sha1"],
        backends: crate::sha1::backends,
        build: |b| crate::sha1::new(b.proof),
        ..DEFAULT
    },
    Algorithm {
        name: "xxh32",
        rank: 10,
        aliases: &["xxhash32"],
        labels: &["XXH32"],
        output: OutputRule::Fixed(4),
        class: Class::Checksum,
        summary: "XXH32 checksum (not cryptographic), xxhsum -H0 compatible",
        kat_ids: &["xxh32"],
        list_stems: &["xxh32"],
        build: |_| Ok(crate::xxh::xxh32()),
        ..DEFAULT
    },
    Algorithm {
        name: "xxh64",
        rank: 7,
        aliases: &["xxhash64", "xxhash"],
        labels: &["XXH64"],
        output: OutputRule::Fixed(8),
        class: Class::Checksum,
        summary: "XXH64 checksum (not cryptographic), xxhsum -H1 compatible",
        kat_ids: &["xxh64"],
        list_stems: &["xxh64"],
        build: |_| Ok(crate::xxh::xxh64()),
        ..DEFAULT
    },
    Algorithm {
        name: "xxh3",
        rank: 8,
        aliases: &["xxh3-64", "xxhash3"],
        labels: &["XXH3"],
        untagged_prefix: "XXH3_",
        output: OutputRule::Fixed(8),
        class: Class::Checksum,
        summary: "XXH3 64-bit checksum (not cryptographic), xxhsum -H3 compatible",
        kat_ids: &["xxh3"],
        list_stems: &["xxh3"],
        build: |_| Ok(crate::xxh::xxh3()),
        ..DEFAULT
    },
    Algorithm {
        name: "xxh128",
        rank: 9,
        aliases: &["xxh3-128", "xxhash128"],
        labels: &["XXH128"],
        output: OutputRule::Fixed(16),
        class: Class::Checksum,
        summary: "XXH3 128-bit checksum (not cryptographic), xxhsum -H2 compatible",
        kat_ids: &["xxh128"],
        list_stems: &["xxh128"],
        build: |_| Ok(crate::xxh::xxh128()),
        ..DEFAULT
    },
    Algorithm {
        name: "crc",
        rank: 12,
        aliases: &["cksum"],
        labels: &["CRC"],
        line: LineStyle::Cksum,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        summary: "POSIX cksum CRC (not cryptographic): 'CRC SIZE name' like cksum",
        kat_ids: &["crc"],
        build: |_| Ok(crate::legacy::cksum()),
        ..DEFAULT
    },
    Algorithm {
        name: "crc32b",
        rank: 15,
        labels: &["CRC32B"],
        line: LineStyle::Cksum,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        summary: "zlib/Ethernet CRC-32 (not cryptographic), like cksum -a crc32b",
        kat_ids: &["crc32b"],
        build: |_| Ok(crate::legacy::crc32b()),
        ..DEFAULT
    },
    Algorithm {
        name: "crc32",
        rank: 11,
        labels: &["CRC32"],
        output: OutputRule::Fixed(4),
        class: Class::Checksum,
        summary: "zlib/Ethernet CRC-32 in hex (not cryptographic), like rhash --crc32 and SFV lists",
        kat_ids: &["crc32"],
        list_stems: &["sfv", "crc32"],
        build: |_| Ok(crate::legacy::crc32()),
        ..DEFAULT
    },
    Algorithm {
        name: "sysv",
        rank: 14,
        aliases: &["sum-s"],
        labels: &["SYSV"],
        line: LineStyle::SumSysv,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        summary: "System V sum (not cryptographic), like sum -s",
        kat_ids: &["sysv"],
        build: |_| Ok(crate::legacy::sysv()),
        ..DEFAULT
    },
    Algorithm {
        name: "bsd",
        rank: 13,
        aliases: &["sum-r"],
        labels: &["BSD"],
        line: LineStyle::SumBsd,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        summary: "BSD sum (not cryptographic), like sum -r",
        kat_ids: &["bsd"],
        build: |_| Ok(crate::legacy::bsd()),
        ..DEFAULT
    },
    Algorithm {
        name: "hmac-sha256",
        labels: &["HMAC-SHA256"],
        key: KeyRule::Any,
        output: OutputRule::Fixed(32),
        class: Class::Mac,
        summary: "HMAC-SHA256 (RFC 2104), any key length",
        kat_ids: &["hmac-sha256"],
        build: |b| Ok(crate::sha::hmac_sha256(b.key_bytes.unwrap_or_default())),
        ..DEFAULT
    },
    Algorithm {
        name: "siphash-2-4",
        aliases: &["siphash", "siphash24"],
        labels: &["SIPHASH-2-4"],
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(8),
        class: Class::Mac,
        summary: "SipHash-2-4 PRF/MAC, 64-bit tag, 16-byte key",
        kat_ids: &["siphash24-64"],
        backends: crate::siphash::backends,
        build: siphash::<2, false>,
        ..DEFAULT
    },
    Algorithm {
        name: "siphash-2-4-128",
        aliases: &["siphash24-128"],
        labels: &["SIPHASH-2-4-128"],
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        summary: "SipHash-2-4 PRF/MAC, 128-bit tag, 16-byte key",
        kat_ids: &["siphash24-128"],
        backends: crate::siphash::backends,
        build: siphash::<2, true>,
        ..DEFAULT
    },
    Algorithm {
        name: "siphash-1-3",
        aliases: &["siphash13"],
        labels: &["SIPHASH-1-3"],
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(8),
        class: Class::Mac,
        summary: "SipHash-1-3 (faster, smaller margin), 64-bit tag",
        kat_ids: &["siphash13-64"],
        backends: crate::siphash::backends,
        build: siphash::<1, false>,
        ..DEFAULT
    },
    Algorithm {
        name: "siphash-1-3-128",
        aliases: &["siphash13-128"],
        labels: &["SIPHASH-1-3-128"],
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        summary: "SipHash-1-3, 128-bit tag",
        kat_ids: &["siphash13-128"],
        backends: crate::siphash::backends,
        build: siphash::<1, true>,
        ..DEFAULT
    },
    Algorithm {
        name: "highwayhash-64",
        aliases: &["highway64"],
        labels: &["HIGHWAYHASH-64"],
        key: KeyRule::Fixed(32),
        output: OutputRule::Fixed(8),
        class: Class::Mac,
        summary: "HighwayHash keyed hash, 64-bit output, 32-byte key",
        kat_ids: &["highwayhash64"],
        backends: crate::highway::backends,
        build: highway::<1>,
        ..DEFAULT
    },
    Algorithm {
        name: "highwayhash-128",
        aliases: &["highway128"],
        labels: &["HIGHWAYHASH-128"],
        key: KeyRule::Fixed(32),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        summary: "HighwayHash keyed hash, 128-bit output, 32-byte key",
        kat_ids: &["highwayhash128"],
        backends: crate::highway::backends,
        build: highway::<2>,
        ..DEFAULT
    },
    Algorithm {
        name: "highwayhash-256",
        aliases: &["highway256", "highwayhash"],
        labels: &["HIGHWAYHASH-256"],
        key: KeyRule::Fixed(32),
        output: OutputRule::Fixed(32),
        class: Class::Mac,
        summary: "HighwayHash keyed hash, 256-bit output, 32-byte key",
        kat_ids: &["highwayhash256"],
        backends: crate::highway::backends,
        build: highway::<4>,
        ..DEFAULT
    },
    Algorithm {
        name: "lemac",
        labels: &["LEMAC"],
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        nonce: true,
        summary: "LeMac AES-round MAC, 16-byte key, 16-byte nonce (--nonce), 16-byte tag",
        kat_ids: &["lemac"],
        backends: crate::lemac::backends,
        build: |b| crate::lemac::new(b.proof, b.key_bytes.unwrap_or_default(), &b.nonce),
        ..DEFAULT
    },
    Algorithm {
        name: "rescue-prime",
        rank: 35,
        rare: true,
        aliases: &["rp64_256", "rescue"],
        labels: &["RESCUE-PRIME"],
        output: OutputRule::Fixed(32),
        summary: "Rescue Prime Rp64_256 over Goldilocks (Winterfell-compatible)",
        kat_ids: &[],
        backends: crate::rescue::backends,
        build: |b| crate::rescue::new(b.proof),
        ..DEFAULT
    },
    Algorithm {
        name: "multimixer-128",
        aliases: &["multimixer"],
        labels: &["MULTIMIXER-128"],
        key: KeyRule::SameAsMessage,
        output: OutputRule::Fixed(64),
        class: Class::UniversalHash,
        summary: "Multimixer-128 universal hash: NOT a MAC alone; key as long as the message, never reused",
        kat_ids: &["multimixer128"],
        backends: crate::multimixer::backends,
        build: |b| match b.key {
            Some(k) => crate::multimixer::new(b.proof, k.clone()),
            None => Err(Error::KeyRequired("multimixer-128")),
        },
        ..DEFAULT
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

    /// Whether it takes a key at all (BLAKE3's keyed mode included).
    pub fn takes_key(&self) -> bool {
        self.key != KeyRule::None
    }

    /// Whether its output means anything only under a key: a MAC (whose keyless
    /// fingerprint under the all-zero key authenticates nothing) or a universal hash with
    /// a key as long as the message (no keyless mode at all). Lines of such an algorithm
    /// need a key to be checked, and it never takes part in detecting a list's algorithm.
    /// BLAKE3 takes a key but does not need one: unkeyed, it is the plain hash.
    pub fn needs_key(&self) -> bool {
        self.class == Class::Mac || self.key == KeyRule::SameAsMessage
    }

    /// The algorithm a checksum list's file name implies for its untagged lines, from
    /// the last component of the name, without regard to case and less a trailing `.txt`
    /// or `.asc` (a signed list). For a stem `s` of [`Algorithm::list_stems`] the names
    /// are `sSUMS` and `sSUM` (`SHA256SUMS`, `sha256sum.txt`), `*.s`, `*.ssum` and
    /// `*.ssums` (`x.sha256`, `x.sha256sum`, Debian's `coreutils.md5sums`), `*_sSUMS`
    /// and `*-sSUMS` (HashiCorp's `terraform_1.5.0_SHA256SUMS`) and `sSUMS-*`
    /// (`SHA256SUMS-amd64`); [`Algorithm::list_names`] are matched whole.
    pub fn from_list_name(name: &[u8]) -> Option<&'static Algorithm> {
        let base = name.rsplit(|&c| c == b'/' || c == b'\\').next()?;
        let base = std::str::from_utf8(base).ok()?.to_ascii_lowercase();
        let base = base
            .strip_suffix(".txt")
            .or_else(|| base.strip_suffix(".asc"))
            .unwrap_or(&base);
        let stem_matches = |stem: &str| {
            let sums = format!("{stem}sums");
            base == sums
                || base == format!("{stem}sum")
                || [stem, &format!("{stem}sum"), &sums]
                    .iter()
                    .any(|s| base.ends_with(&format!(".{s}")))
                || base.ends_with(&format!("_{sums}"))
                || base.ends_with(&format!("-{sums}"))
                || base.starts_with(&format!("{sums}-"))
        };
        ALL.iter().find(|a| {
            a.list_stems.iter().any(|s| stem_matches(s))
                || a.list_names.iter().any(|n| n.eq_ignore_ascii_case(base))
        })
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

    /// Builds a hasher in the algorithm's key-derivation mode (`--derive-key`), whose
    /// input is key material, with the output length of `params`; `None` when the
    /// algorithm has no such mode.
    ///
    /// # Errors
    /// An output length the algorithm cannot produce.
    pub fn derive_hasher(
        &self,
        context: &str,
        params: &Params,
    ) -> Option<Result<Box<dyn Hasher>, Error>> {
        let derive = self.derive?;
        Some(self.output_len(params.out_len).map(|n| derive(context, n)))
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
    fn every_entry_states_what_has_no_default() {
        for a in Algorithm::all() {
            assert!(!a.name.is_empty() && !a.summary.is_empty(), "{a:?}");
            assert!(!a.labels.is_empty(), "{}", a.name);
            assert_ne!(a.output, DEFAULT.output, "{}", a.name);
            // The placeholder build function fails; every real one builds (with a key
            // where there is no keyless mode).
            let key = crate::testutil::key_for(a, b"k", 64);
            assert!(
                a.hasher(key.as_ref(), &Params::default()).is_ok(),
                "{}",
                a.name
            );
        }
    }

    #[test]
    fn list_names_as_projects_publish_them() {
        let cases: &[(&str, Option<&str>)] = &[
            ("SHA256SUMS", Some("sha256")),
            ("sha256sums.txt", Some("sha256")),
            ("SHA256SUMS.asc", Some("sha256")),
            ("SHASUMS256.txt", Some("sha256")),
            ("terraform_1.5.0_SHA256SUMS", Some("sha256")),
            ("SHA256SUMS-amd64", Some("sha256")),
            ("x.sha256sum", Some("sha256")),
            ("x.sha256", Some("sha256")),
            ("sha256sum.txt", Some("sha256")),
            ("dir/sub/MD5SUMS", Some("md5")),
            ("/var/lib/dpkg/info/coreutils.md5sums", Some("md5")),
            ("f.md5", Some("md5")),
            ("SHA1SUMS", Some("sha1")),
            ("SHA512SUMS", Some("sha512")),
            ("SHA3-256SUMS", Some("sha3-256")),
            ("B2SUMS", Some("blake2b")),
            ("B3SUMS", Some("blake3")),
            ("x.b3", Some("blake3")),
            ("XXH128SUMS", Some("xxh128")),
            ("XXH3SUMS", Some("xxh3")),
            ("CHECKSUMS", None),
            ("checksums.txt", None),
            ("SUMS", None),
            ("sha256", None),
            ("notsha256sums", None),
        ];
        for (name, want) in cases {
            let got = Algorithm::from_list_name(name.as_bytes()).map(|a| a.name);
            assert_eq!(got, *want, "{name}");
        }
    }

    #[test]
    fn which_algorithms_need_a_key() {
        let need: Vec<&str> = Algorithm::all()
            .iter()
            .filter(|a| a.needs_key())
            .map(|a| a.name)
            .collect();
        assert_eq!(
            need,
            [
                "hmac-sha256",
                "siphash-2-4",
                "siphash-2-4-128",
                "siphash-1-3",
                "siphash-1-3-128",
                "highwayhash-64",
                "highwayhash-128",
                "highwayhash-256",
                "lemac",
                "multimixer-128"
            ]
        );
        let b3 = Algorithm::lookup("blake3").unwrap();
        assert!(b3.takes_key() && !b3.needs_key() && b3.derive.is_some());
        assert!(
            Algorithm::all()
                .iter()
                .filter(|a| a.derive.is_some())
                .count()
                == 1
        );
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
                "crc32",
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
        assert_eq!(Algorithm::from_label("BLAKE3-256"), Some((b3, Some(32))));
        // OpenSSL 3 writes BLAKE2 labels in capitals, with the length.
        assert_eq!(Algorithm::from_label("BLAKE2B-512"), Some((b2, Some(64))));
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
