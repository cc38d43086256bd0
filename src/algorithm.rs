//! The registry: one descriptor per algorithm holds every rule about it — canonical
//! name, aliases, BSD labels, the names of its checksum lists, key rule, output rule,
//! class, nonce, key derivation, backends and build function — in one table. The CLI sees
//! only this table and the [`Hasher`] trait.
//!
//! Adding an algorithm is one [`Algorithm`] entry in `ALL`, stating only what differs
//! from [`DEFAULT`]; a crate-backed hash's build function wraps the adapter's plain
//! constructor (`build: |_| Ok(crate::alg::crates::digest::<sha2::Sha384>())`). Adding a
//! backend to an algorithm is one file in its folder plus one line in its kernel table;
//! the registry derives the backend list from that table.

use crate::alg::lanes::Kind;
use crate::backend::{Available, Backend};
use crate::hasher::{Error, Hasher};
use crate::key::Key;
pub use crate::spec::{Class, KeyRule, LengthUnit, LineStyle, OutputRule, Params, XOF_MAX};

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
    /// Where the extendable output starts (0 unless the output rule is
    /// [`OutputRule::Xof`]).
    pub seek: u64,
}

/// Builds a hasher from checked parameters.
pub type BuildFn = fn(&Build<'_>) -> Result<Box<dyn Hasher>, Error>;

/// Builds a key-derivation hasher (BLAKE3's `derive_key` mode): the context string, the
/// output length in bytes (checked against the output rule) and where the output starts;
/// its input is key material.
pub type DeriveFn = fn(&str, usize, u64) -> Box<dyn Hasher>;

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
    /// What `-l`/`--length` counts: bits, as b2sum and GNU cksum count them, or bytes
    /// (BLAKE3, as b3sum counts them).
    pub length_unit: LengthUnit,
    /// The GNU cksum 9.8+ family whose `-a FAMILY -l BITS` names it (`sha2`: `-l 256` is
    /// sha256), if any; its length in bits is its output's.
    pub family: Option<&'static str>,
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
    /// digest's length allows (lower first; see `crate::lists::verify`).
    pub rank: u8,
    /// khsum writes its lines tagged (`LABEL (name) = hex`) unless `--untagged`, and an
    /// untagged digest is never taken for its without `-a` or a list name: Rescue Prime,
    /// which hashes at a few percent of the others' speed (14 MB/s against 230 MB/s and
    /// more on AMD Zen 4), so trying it on every changed file of a 64-hex-digit list would
    /// multiply the cost of each, and no other tool writes its lists.
    pub tagged_lines: bool,
    /// The label of its keyed mode's lines, for an algorithm whose key is optional
    /// (BLAKE3's `BLAKE3-KEYED`): `khsum tag` writes it, so a list of keyed tags checked
    /// without the key is a missing key, never a FAILED file. (A MAC's own label says as
    /// much.)
    pub keyed_label: Option<&'static str>,
    /// Its lines may also take the SFV form, `name CRC32` (RHash's and cksfv's), where
    /// the list's name says nothing else.
    pub sfv_lines: bool,
    /// Its reference tool writes names that are not UTF-8 lossily, with U+FFFD (b3sum): a
    /// line of it naming a file with U+FFFD could stand for several, and is improper.
    pub lossy_names: bool,
    /// Its name in Subresource Integrity metadata (`sha384-BASE64`, W3C SRI: sha256,
    /// sha384 and sha512 only), if SRI defines one.
    pub sri: Option<&'static str>,
    /// Its name in `NAME:HEX` digests, if one of their writers defines it: OCI's registered
    /// algorithms (sha256, sha512, blake3) and pip's `--hash` (sha256, sha384, sha512).
    pub oci: Option<&'static str>,
    /// Its name as a Nix hash type (`sha256:NIX32`, and Nix's SRI form `sha1-BASE64`), if
    /// Nix has it (md5, sha1, sha256, sha512).
    pub nix: Option<&'static str>,
    /// The extended attributes another tool keeps its digest and its mtime in
    /// (`khsum audit --xattr`: cshatag's `user.shatag.sha256` and `user.shatag.ts`), if
    /// one does; else khsum's own `user.khsum.NAME` and `user.khsum.NAME.ts`.
    pub xattr: Option<(&'static str, &'static str)>,
    /// The algorithm part of a BagIt manifest's name (`manifest-sha256.txt`; bagit-python
    /// reads Python's `hashlib` names), if it has one.
    pub bagit: Option<&'static str>,
    /// Input lengths where its code paths change: block sizes, SIMD widths, one-call and
    /// buffering thresholds. Tests run every backend at each of them, one less and one
    /// more, whole and split there (as BLAKE3's `TEST_CASES`).
    pub boundaries: &'static [usize],
    /// How the files floor reads its inputs: the way its large inputs are hashed, and
    /// the multi-buffer lanes that take many small ones at once (see [`ReadHint`]).
    pub read: ReadHint,
    /// Its backends, best first (derived from its kernel table).
    backends: fn() -> Vec<Backend>,
    /// Builds a hasher.
    build: BuildFn,
}

/// How an algorithm's inputs are read: what `crate::files::io` and
/// `crate::files::batch` need to know of it to pick their one rule for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadHint {
    /// How it hashes a large input.
    pub large: Large,
    /// The multi-buffer kernel that hashes many small inputs together, one per SIMD lane
    /// (`crate::alg::lanes`), if it has one. Only the unkeyed hash of the kernel's length
    /// takes it ([`Algorithm::read_hint`]: BLAKE3's plain 32-byte hash, not its keyed
    /// mode, its key derivation nor a longer output), and only on a CPU with a kernel
    /// worth using (`crate::alg::lanes::Lanes::chosen`).
    pub lanes: Option<Kind>,
}

/// How an algorithm hashes a large input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Large {
    /// On all threads ([`Hasher::update_large`]: BLAKE3, Multimixer-128), from the
    /// page cache.
    AllThreads,
    /// In one chain at memory speed, so that copying the input costs as much as hashing
    /// it: 10 GB/s or more in cache (`khsum bench --sizes 1M` on AMD Zen 4: HighwayHash
    /// 13.4, LeMac 51.8, XXH64 13.1, XXH3 40.8, the CRCs 42.8 by carry-less
    /// multiplication, the System V sum 10.7). Not XXH32 (6.2 GB/s, which gained nothing
    /// mapped there) nor the BSD sum's rotating chain (1.8).
    MemorySpeed,
    /// In one chain slower than memory: every other algorithm.
    Plain,
}

impl ReadHint {
    /// One chain slower than memory, no lanes: what an algorithm has unless it says
    /// otherwise.
    pub const PLAIN: ReadHint = ReadHint {
        large: Large::Plain,
        lanes: None,
    };

    /// One chain at memory speed, no lanes.
    pub const MEMORY_SPEED: ReadHint = ReadHint {
        large: Large::MemorySpeed,
        lanes: None,
    };

    /// Hashed on all threads, no lanes.
    pub const ALL_THREADS: ReadHint = ReadHint {
        large: Large::AllThreads,
        lanes: None,
    };
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
    length_unit: LengthUnit::Bits,
    family: None,
    class: Class::CryptoHash,
    nonce: false,
    summary: "",
    kat_ids: &[],
    list_stems: &[],
    list_names: &[],
    derive: None,
    rank: 100,
    tagged_lines: false,
    keyed_label: None,
    sfv_lines: false,
    lossy_names: false,
    sri: None,
    oci: None,
    nix: None,
    xattr: None,
    bagit: None,
    boundaries: &[],
    read: ReadHint::PLAIN,
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
    crate::alg::siphash::new(b.proof, C, WIDE, b.key_bytes.unwrap_or_default())
}

/// HighwayHash with `W` output words.
fn highway<const W: usize>(b: &Build<'_>) -> Result<Box<dyn Hasher>, Error> {
    crate::alg::highway::new(b.proof, W, b.key_bytes.unwrap_or_default())
}

static ALL: &[Algorithm] = &[
    Algorithm {
        name: "blake3",
        oci: Some("blake3"),
        boundaries: &[64, 1024, 2048, 4096, 16384],
        rank: 2,
        lossy_names: true,
        aliases: &["b3"],
        labels: &["BLAKE3"],
        keyed_label: Some("BLAKE3-KEYED"),
        key: KeyRule::Fixed(32),
        output: OutputRule::Xof { default: 32 },
        length_unit: LengthUnit::Bytes,
        summary: "BLAKE3 hash (default); keyed mode with a 32-byte key",
        kat_ids: &["blake3", "blake3-keyed", "blake3-derive-key"],
        list_stems: &["b3", "blake3"],
        derive: Some(crate::alg::blake3::derive_key),
        // Large inputs on all threads (update_rayon); the plain 32-byte hash has
        // multi-buffer kernels for many small files.
        read: ReadHint {
            large: Large::AllThreads,
            lanes: Some(Kind::Blake3),
        },
        // Without a key BLAKE3 is the plain hash (what b3sum prints), not keyed mode.
        build: |b| crate::alg::blake3::new(b.key.and(b.key_bytes), b.out_len, b.seek),
        ..DEFAULT
    },
    Algorithm {
        name: "sha256",
        sri: Some("sha256"),
        oci: Some("sha256"),
        nix: Some("sha256"),
        xattr: Some(("user.shatag.sha256", "user.shatag.ts")),
        bagit: Some("sha256"),
        family: Some("sha2"),
        boundaries: &[56, 64, 128],
        rank: 1,
        aliases: &["sha-256", "sha2-256"],
        labels: &["SHA256", "SHA2-256"],
        output: OutputRule::Fixed(32),
        summary: "SHA-256 (FIPS 180-4), byte-compatible with sha256sum",
        kat_ids: &["sha256"],
        list_stems: &["sha256"],
        list_names: &["SHASUMS256"],
        read: ReadHint {
            lanes: Some(Kind::Sha256),
            ..ReadHint::PLAIN
        },
        build: |_| Ok(crate::alg::crates::digest::<sha2::Sha256>()),
        ..DEFAULT
    },
    Algorithm {
        name: "sha512",
        sri: Some("sha512"),
        oci: Some("sha512"),
        nix: Some("sha512"),
        bagit: Some("sha512"),
        family: Some("sha2"),
        boundaries: &[112, 128, 256],
        rank: 5,
        aliases: &["sha-512", "sha2-512"],
        labels: &["SHA512", "SHA2-512"],
        output: OutputRule::Fixed(64),
        summary: "SHA-512 (FIPS 180-4), byte-compatible with sha512sum",
        kat_ids: &["sha512"],
        list_stems: &["sha512"],
        backends: crate::alg::sha512::backends,
        read: ReadHint {
            lanes: Some(Kind::Sha512),
            ..ReadHint::PLAIN
        },
        build: |b| crate::alg::sha512::new(b.proof, 64),
        ..DEFAULT
    },
    Algorithm {
        name: "sha224",
        bagit: Some("sha224"),
        family: Some("sha2"),
        boundaries: &[56, 64, 128],
        rank: 21,
        aliases: &["sha-224", "sha2-224"],
        labels: &["SHA224", "SHA2-224"],
        output: OutputRule::Fixed(28),
        summary: "SHA-224 (FIPS 180-4), byte-compatible with sha224sum",
        kat_ids: &["sha224"],
        list_stems: &["sha224"],
        build: |_| Ok(crate::alg::crates::digest::<sha2::Sha224>()),
        ..DEFAULT
    },
    Algorithm {
        name: "sha384",
        sri: Some("sha384"),
        oci: Some("sha384"),
        bagit: Some("sha384"),
        family: Some("sha2"),
        boundaries: &[112, 128, 256],
        rank: 20,
        aliases: &["sha-384", "sha2-384"],
        labels: &["SHA384", "SHA2-384"],
        output: OutputRule::Fixed(48),
        summary: "SHA-384 (FIPS 180-4), byte-compatible with sha384sum",
        kat_ids: &["sha384"],
        list_stems: &["sha384"],
        backends: crate::alg::sha512::backends,
        build: |b| crate::alg::sha512::new(b.proof, 48),
        ..DEFAULT
    },
    Algorithm {
        name: "sha512-224",
        boundaries: &[112, 128, 256],
        rank: 24,
        aliases: &["sha-512/224", "sha512/224"],
        labels: &["SHA512-224", "SHA2-512/224", "SHA512/224"],
        output: OutputRule::Fixed(28),
        summary: "SHA-512/224 (FIPS 180-4)",
        kat_ids: &["sha512-224"],
        backends: crate::alg::sha512::backends,
        build: |b| crate::alg::sha512::new(b.proof, 28),
        ..DEFAULT
    },
    Algorithm {
        name: "sha512-256",
        boundaries: &[112, 128, 256],
        rank: 23,
        aliases: &["sha-512/256", "sha512/256"],
        labels: &["SHA512-256", "SHA2-512/256", "SHA512/256"],
        output: OutputRule::Fixed(32),
        summary: "SHA-512/256 (FIPS 180-4)",
        kat_ids: &["sha512-256"],
        backends: crate::alg::sha512::backends,
        build: |b| crate::alg::sha512::new(b.proof, 32),
        ..DEFAULT
    },
    Algorithm {
        name: "sha3-224",
        bagit: Some("sha3_224"),
        family: Some("sha3"),
        boundaries: &[144, 288],
        rank: 33,
        aliases: &["sha3_224"],
        labels: &["SHA3-224"],
        output: OutputRule::Fixed(28),
        summary: "SHA3-224 (FIPS 202)",
        kat_ids: &["sha3-224"],
        list_stems: &["sha3-224"],
        backends: crate::alg::sha3::backends,
        build: |b| crate::alg::sha3::new(b.proof, 28),
        ..DEFAULT
    },
    Algorithm {
        name: "sha3-256",
        bagit: Some("sha3_256"),
        family: Some("sha3"),
        boundaries: &[136, 272],
        rank: 30,
        aliases: &["sha3_256"],
        labels: &["SHA3-256"],
        output: OutputRule::Fixed(32),
        summary: "SHA3-256 (FIPS 202)",
        kat_ids: &["sha3-256"],
        list_stems: &["sha3-256"],
        backends: crate::alg::sha3::backends,
        build: |b| crate::alg::sha3::new(b.proof, 32),
        ..DEFAULT
    },
    Algorithm {
        name: "sha3-384",
        bagit: Some("sha3_384"),
        family: Some("sha3"),
        boundaries: &[104, 208],
        rank: 32,
        aliases: &["sha3_384"],
        labels: &["SHA3-384"],
        output: OutputRule::Fixed(48),
        summary: "SHA3-384 (FIPS 202)",
        kat_ids: &["sha3-384"],
        list_stems: &["sha3-384"],
        backends: crate::alg::sha3::backends,
        build: |b| crate::alg::sha3::new(b.proof, 48),
        ..DEFAULT
    },
    Algorithm {
        name: "sha3-512",
        bagit: Some("sha3_512"),
        family: Some("sha3"),
        boundaries: &[72, 144],
        rank: 31,
        aliases: &["sha3_512"],
        labels: &["SHA3-512"],
        output: OutputRule::Fixed(64),
        summary: "SHA3-512 (FIPS 202)",
        kat_ids: &["sha3-512"],
        list_stems: &["sha3-512"],
        backends: crate::alg::sha3::backends,
        build: |b| crate::alg::sha3::new(b.proof, 64),
        ..DEFAULT
    },
    Algorithm {
        name: "blake2b",
        bagit: Some("blake2b"),
        boundaries: &[128, 256],
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
        build: |b| Ok(crate::alg::crates::blake2b(b.out_len)),
        ..DEFAULT
    },
    Algorithm {
        name: "blake2s",
        bagit: Some("blake2s"),
        boundaries: &[64, 128],
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
        build: |b| Ok(crate::alg::crates::blake2s(b.out_len)),
        ..DEFAULT
    },
    Algorithm {
        name: "sm3",
        boundaries: &[56, 64, 128],
        rank: 34,
        labels: &["SM3"],
        output: OutputRule::Fixed(32),
        summary: "SM3 (GB/T 32905-2016), byte-compatible with cksum -a sm3",
        kat_ids: &["sm3"],
        list_stems: &["sm3"],
        build: |_| Ok(crate::alg::crates::digest::<sm3::Sm3>()),
        ..DEFAULT
    },
    Algorithm {
        name: "ripemd160",
        aliases: &["ripemd-160", "rmd160"],
        labels: &["RIPEMD160", "RIPEMD-160", "RMD160"],
        output: OutputRule::Fixed(20),
        summary: "RIPEMD-160 (ISO/IEC 10118-3), like rhash --ripemd160 and openssl dgst -ripemd160",
        kat_ids: &["ripemd160"],
        list_stems: &["ripemd160", "rmd160"],
        rank: 25,
        boundaries: &[56, 64, 128],
        build: |_| Ok(crate::alg::crates::digest::<ripemd::Ripemd160>()),
        ..DEFAULT
    },
    Algorithm {
        name: "md5",
        nix: Some("md5"),
        bagit: Some("md5"),
        boundaries: &[56, 64, 128],
        rank: 3,
        aliases: &["md-5"],
        labels: &["MD5"],
        output: OutputRule::Fixed(16),
        summary: "MD5 (RFC 1321), md5sum-compatible. BROKEN for security: collisions are practical",
        kat_ids: &["md5"],
        list_stems: &["md5"],
        backends: crate::alg::md5::backends,
        read: ReadHint {
            lanes: Some(Kind::Md5),
            ..ReadHint::PLAIN
        },
        build: |b| crate::alg::md5::new(b.proof),
        ..DEFAULT
    },
    Algorithm {
        name: "sha1",
        nix: Some("sha1"),
        bagit: Some("sha1"),
        boundaries: &[56, 64, 128],
        rank: 4,
        aliases: &["sha-1"],
        labels: &["SHA1"],
        output: OutputRule::Fixed(20),
        summary: "SHA-1 (FIPS 180-4), sha1sum-compatible, collision detection. BROKEN for security",
        kat_ids: &["sha1"],
        list_stems: &["sha1"],
        backends: crate::alg::sha1::backends,
        build: |b| crate::alg::sha1::new(b.proof),
        ..DEFAULT
    },
    Algorithm {
        name: "xxh32",
        boundaries: &[16, 32],
        rank: 10,
        aliases: &["xxhash32"],
        labels: &["XXH32"],
        output: OutputRule::Fixed(4),
        class: Class::Checksum,
        summary: "XXH32 checksum (not cryptographic), xxhsum -H0 compatible",
        kat_ids: &["xxh32"],
        list_stems: &["xxh32"],
        build: |_| Ok(crate::alg::crates::xxh32()),
        ..DEFAULT
    },
    Algorithm {
        name: "xxh64",
        boundaries: &[32, 64],
        rank: 7,
        aliases: &["xxhash64", "xxhash"],
        labels: &["XXH64"],
        output: OutputRule::Fixed(8),
        class: Class::Checksum,
        summary: "XXH64 checksum (not cryptographic), xxhsum -H1 compatible",
        kat_ids: &["xxh64"],
        list_stems: &["xxh64"],
        read: ReadHint::MEMORY_SPEED,
        build: |_| Ok(crate::alg::crates::xxh64()),
        ..DEFAULT
    },
    Algorithm {
        name: "xxh3",
        boundaries: &[16, 128, 240, 1024],
        rank: 8,
        aliases: &["xxh3-64", "xxhash3"],
        labels: &["XXH3"],
        untagged_prefix: "XXH3_",
        output: OutputRule::Fixed(8),
        class: Class::Checksum,
        summary: "XXH3 64-bit checksum (not cryptographic), xxhsum -H3 compatible",
        kat_ids: &["xxh3"],
        list_stems: &["xxh3"],
        read: ReadHint::MEMORY_SPEED,
        build: |_| Ok(crate::alg::crates::xxh3()),
        ..DEFAULT
    },
    Algorithm {
        name: "xxh128",
        boundaries: &[16, 128, 240, 1024],
        rank: 9,
        aliases: &["xxh3-128", "xxhash128"],
        labels: &["XXH128"],
        output: OutputRule::Fixed(16),
        class: Class::Checksum,
        summary: "XXH3 128-bit checksum (not cryptographic), xxhsum -H2 compatible",
        kat_ids: &["xxh128"],
        list_stems: &["xxh128"],
        read: ReadHint::MEMORY_SPEED,
        build: |_| Ok(crate::alg::crates::xxh128()),
        ..DEFAULT
    },
    Algorithm {
        name: "crc",
        boundaries: &[16, 64, 256],
        rank: 12,
        aliases: &["cksum"],
        labels: &["CRC"],
        line: LineStyle::Cksum,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        summary: "POSIX cksum CRC (not cryptographic): 'CRC SIZE name' like cksum",
        kat_ids: &["crc"],
        read: ReadHint::MEMORY_SPEED,
        build: |_| Ok(crate::alg::legacy::cksum()),
        ..DEFAULT
    },
    Algorithm {
        name: "crc32b",
        boundaries: &[16, 64, 256],
        rank: 15,
        labels: &["CRC32B"],
        line: LineStyle::Cksum,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        summary: "zlib/Ethernet CRC-32 (not cryptographic), like cksum -a crc32b",
        kat_ids: &["crc32b"],
        read: ReadHint::MEMORY_SPEED,
        build: |_| Ok(crate::alg::legacy::crc32b()),
        ..DEFAULT
    },
    Algorithm {
        name: "crc32",
        boundaries: &[16, 64, 256],
        rank: 11,
        labels: &["CRC32"],
        output: OutputRule::Fixed(4),
        class: Class::Checksum,
        summary: "zlib/Ethernet CRC-32 in hex (not cryptographic), like rhash --crc32 and SFV lists",
        sfv_lines: true,
        kat_ids: &["crc32"],
        list_stems: &["sfv", "crc32"],
        read: ReadHint::MEMORY_SPEED,
        build: |_| Ok(crate::alg::legacy::crc32()),
        ..DEFAULT
    },
    Algorithm {
        name: "sysv",
        boundaries: &[512, 1024],
        rank: 14,
        aliases: &["sum-s"],
        labels: &["SYSV"],
        line: LineStyle::SumSysv,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        summary: "System V sum (not cryptographic), like sum -s",
        kat_ids: &["sysv"],
        read: ReadHint::MEMORY_SPEED,
        build: |_| Ok(crate::alg::legacy::sysv()),
        ..DEFAULT
    },
    Algorithm {
        name: "bsd",
        boundaries: &[1024, 2048],
        rank: 13,
        aliases: &["sum-r"],
        labels: &["BSD"],
        line: LineStyle::SumBsd,
        output: OutputRule::Fixed(12),
        class: Class::Checksum,
        summary: "BSD sum (not cryptographic), like sum -r",
        kat_ids: &["bsd"],
        build: |_| Ok(crate::alg::legacy::bsd()),
        ..DEFAULT
    },
    Algorithm {
        name: "hmac-sha256",
        boundaries: &[56, 64, 128],
        labels: &["HMAC-SHA256"],
        key: KeyRule::Any,
        output: OutputRule::Fixed(32),
        class: Class::Mac,
        summary: "HMAC-SHA256 (RFC 2104), any key length",
        kat_ids: &["hmac-sha256"],
        build: |b| {
            Ok(crate::alg::crates::hmac_sha256(
                b.key_bytes.unwrap_or_default(),
            ))
        },
        ..DEFAULT
    },
    Algorithm {
        name: "siphash-2-4",
        boundaries: &[8, 16, 64],
        aliases: &["siphash", "siphash24"],
        labels: &["SIPHASH-2-4"],
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(8),
        class: Class::Mac,
        summary: "SipHash-2-4 PRF/MAC, 64-bit tag, 16-byte key",
        kat_ids: &["siphash24-64"],
        backends: crate::alg::siphash::backends,
        build: siphash::<2, false>,
        ..DEFAULT
    },
    Algorithm {
        name: "siphash-2-4-128",
        boundaries: &[8, 16, 64],
        aliases: &["siphash24-128"],
        labels: &["SIPHASH-2-4-128"],
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        summary: "SipHash-2-4 PRF/MAC, 128-bit tag, 16-byte key",
        kat_ids: &["siphash24-128"],
        backends: crate::alg::siphash::backends,
        build: siphash::<2, true>,
        ..DEFAULT
    },
    Algorithm {
        name: "siphash-1-3",
        boundaries: &[8, 16, 64],
        aliases: &["siphash13"],
        labels: &["SIPHASH-1-3"],
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(8),
        class: Class::Mac,
        summary: "SipHash-1-3 (faster, smaller margin), 64-bit tag",
        kat_ids: &["siphash13-64"],
        backends: crate::alg::siphash::backends,
        build: siphash::<1, false>,
        ..DEFAULT
    },
    Algorithm {
        name: "siphash-1-3-128",
        boundaries: &[8, 16, 64],
        aliases: &["siphash13-128"],
        labels: &["SIPHASH-1-3-128"],
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        summary: "SipHash-1-3, 128-bit tag",
        kat_ids: &["siphash13-128"],
        backends: crate::alg::siphash::backends,
        build: siphash::<1, true>,
        ..DEFAULT
    },
    Algorithm {
        name: "highwayhash-64",
        boundaries: &[4, 16, 32, 64, 2048],
        aliases: &["highway64"],
        labels: &["HIGHWAYHASH-64"],
        key: KeyRule::Fixed(32),
        output: OutputRule::Fixed(8),
        class: Class::Mac,
        summary: "HighwayHash keyed hash, 64-bit output, 32-byte key",
        kat_ids: &["highwayhash64"],
        backends: crate::alg::highway::backends,
        read: ReadHint::MEMORY_SPEED,
        build: highway::<1>,
        ..DEFAULT
    },
    Algorithm {
        name: "highwayhash-128",
        boundaries: &[4, 16, 32, 64, 2048],
        aliases: &["highway128"],
        labels: &["HIGHWAYHASH-128"],
        key: KeyRule::Fixed(32),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        summary: "HighwayHash keyed hash, 128-bit output, 32-byte key",
        kat_ids: &["highwayhash128"],
        backends: crate::alg::highway::backends,
        read: ReadHint::MEMORY_SPEED,
        build: highway::<2>,
        ..DEFAULT
    },
    Algorithm {
        name: "highwayhash-256",
        boundaries: &[4, 16, 32, 64, 2048],
        aliases: &["highway256", "highwayhash"],
        labels: &["HIGHWAYHASH-256"],
        key: KeyRule::Fixed(32),
        output: OutputRule::Fixed(32),
        class: Class::Mac,
        summary: "HighwayHash keyed hash, 256-bit output, 32-byte key",
        kat_ids: &["highwayhash256"],
        backends: crate::alg::highway::backends,
        read: ReadHint::MEMORY_SPEED,
        build: highway::<4>,
        ..DEFAULT
    },
    Algorithm {
        name: "lemac",
        boundaries: &[16, 64, 128, 256, 4096],
        labels: &["LEMAC"],
        key: KeyRule::Fixed(16),
        output: OutputRule::Fixed(16),
        class: Class::Mac,
        nonce: true,
        summary: "LeMac AES-round MAC, 16-byte key, 16-byte nonce (--nonce), 16-byte tag",
        kat_ids: &["lemac"],
        backends: crate::alg::lemac::backends,
        read: ReadHint::MEMORY_SPEED,
        build: |b| crate::alg::lemac::new(b.proof, b.key_bytes.unwrap_or_default(), &b.nonce),
        ..DEFAULT
    },
    Algorithm {
        name: "rescue-prime",
        boundaries: &[7, 56, 112],
        rank: 35,
        tagged_lines: true,
        aliases: &["rp64_256", "rescue"],
        labels: &["RESCUE-PRIME"],
        output: OutputRule::Fixed(32),
        summary: "Rescue Prime Rp64_256 over Goldilocks (Winterfell-compatible)",
        kat_ids: &[],
        backends: crate::alg::rescue::backends,
        build: |b| crate::alg::rescue::new(b.proof),
        ..DEFAULT
    },
    Algorithm {
        name: "multimixer-128",
        boundaries: &[32, 64, 128, 2048],
        aliases: &["multimixer"],
        labels: &["MULTIMIXER-128"],
        key: KeyRule::SameAsMessage,
        output: OutputRule::Fixed(64),
        class: Class::UniversalHash,
        summary: "Multimixer-128 universal hash: NOT a MAC alone; key as long as the message, never reused",
        kat_ids: &["multimixer128"],
        backends: crate::alg::multimixer::backends,
        read: ReadHint::ALL_THREADS,
        build: |b| match b.key {
            Some(k) => crate::alg::multimixer::new(b.proof, k.clone()),
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

    /// Looks an algorithm up by the name one of the digest spellings gives it (`field`:
    /// [`Algorithm::sri`], [`Algorithm::oci`], [`Algorithm::nix`] or
    /// [`Algorithm::bagit`]), in any case.
    pub fn by_spelled_name(
        name: &str,
        field: fn(&Algorithm) -> Option<&'static str>,
    ) -> Option<&'static Algorithm> {
        ALL.iter()
            .find(|a| field(a).is_some_and(|n| n.eq_ignore_ascii_case(name)))
    }

    /// Looks an algorithm up by the `alg=` id of a record in `kats/`.
    pub fn from_kat_id(id: &str) -> Option<&'static Algorithm> {
        ALL.iter().find(|a| a.kat_ids.contains(&id))
    }

    /// The label BSD-style lines are written with.
    pub fn bsd_label(&self) -> &'static str {
        self.labels[0]
    }

    /// The label for a digest of `out_len` bytes (`keyed`: of its keyed mode, when it
    /// has a [label](Algorithm::keyed_label) for it): for a range of lengths or an
    /// extendable output, a non-default length is written in bits after a dash, as
    /// `b2sum` does (`BLAKE2b-256`, `BLAKE3-512`, `BLAKE3-KEYED-512`).
    pub fn label_for(&self, out_len: usize, keyed: bool) -> std::borrow::Cow<'static, str> {
        let label = match self.keyed_label {
            Some(k) if keyed => k,
            _ => self.labels[0],
        };
        match self.output {
            OutputRule::Range { default, .. } | OutputRule::Xof { default }
                if out_len != default =>
            {
                format!("{label}-{}", 8 * out_len).into()
            }
            _ => label.into(),
        }
    }

    /// Parses a BSD-style label: what it names ([`Label`]).
    pub fn from_label(label: &str) -> Option<Label> {
        let plain = |l: &str| {
            ALL.iter().find_map(|a| {
                if a.labels.contains(&l) {
                    Some((a, false))
                } else {
                    (a.keyed_label == Some(l)).then_some((a, true))
                }
            })
        };
        if let Some((alg, keyed)) = plain(label) {
            return Some(Label {
                alg,
                len: None,
                keyed,
            });
        }
        let (base, bits) = label.rsplit_once('-')?;
        let (a, keyed) = plain(base)?;
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
        (min..=max).contains(&(bits / 8)).then_some(Label {
            alg: a,
            len: Some(bits / 8),
            keyed,
        })
    }

    /// Whether it is cryptographic: anything but a [`Class::Checksum`]. A list's untagged
    /// digests are never checked under a non-cryptographic algorithm where a cryptographic
    /// one has their length, unless a label, `-a` or the list's name says so
    /// (`crate::lists::proof`).
    pub fn is_cryptographic(&self) -> bool {
        self.class != Class::Checksum
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

    /// How the inputs of the hasher [`Algorithm::hasher`] builds with `key` and `params`
    /// are read: [`Algorithm::read`], less its lanes when that hasher computes another
    /// function than the lane kernel (keyed, or another output length or position).
    pub fn read_hint(&self, key: Option<&Key>, params: &Params) -> ReadHint {
        let plain = key.is_none() && params.seek == 0;
        let len = self.output_len(params.out_len).ok();
        ReadHint {
            lanes: (self.read.lanes).filter(|k| plain && len == Some(k.digest_len())),
            ..self.read
        }
    }

    /// How the inputs of the hasher [`Algorithm::derive_hasher`] builds are read: as
    /// [`Algorithm::read`] says, in no lanes (they compute the plain hash).
    pub fn derive_read_hint(&self) -> ReadHint {
        ReadHint {
            lanes: None,
            ..self.read
        }
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
        Some(
            self.output_len(params.out_len)
                .map(|n| derive(context, n, params.seek)),
        )
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
        if params.seek != 0 && !matches!(self.output, OutputRule::Xof { .. }) {
            return Err(Error::SeekNotAllowed(self.name));
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
            seek: params.seek,
        })
    }
}

/// What a BSD-style line's label names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    pub alg: &'static Algorithm,
    /// The output length in bytes when the label names one (`BLAKE2b-256`: 32), for
    /// algorithms with a range of lengths.
    pub len: Option<usize>,
    /// The label is the algorithm's [keyed one](Algorithm::keyed_label): the line needs
    /// a key.
    pub keyed: bool,
}

/// What `-a NAME` names: one algorithm, or a family whose member `--length` picks (GNU
/// cksum 9.8+'s `-a sha2 -l 256`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    One(&'static Algorithm),
    Family(Family),
}

impl Named {
    /// Looks a name up: an algorithm's name or alias, or a family's name (any case).
    ///
    /// # Errors
    /// [`Error::UnknownAlgorithm`] when nothing matches.
    pub fn lookup(name: &str) -> Result<Named, Error> {
        if let Ok(a) = Algorithm::lookup(name) {
            return Ok(Named::One(a));
        }
        Family::lookup(name)
            .map(Named::Family)
            .ok_or_else(|| Error::UnknownAlgorithm(name.to_string()))
    }
}

/// Algorithms that GNU cksum 9.8+ names by one `-a` and tells apart by `--length` in bits
/// (`sha2`: sha224 to sha512; `sha3`: SHA3-224 to SHA3-512): the registry entries whose
/// [`Algorithm::family`] it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family(&'static str);

impl Family {
    /// Every family, in registry order.
    pub fn all() -> Vec<Family> {
        let mut out: Vec<Family> = Vec::new();
        for f in ALL.iter().filter_map(|a| a.family) {
            if !out.contains(&Family(f)) {
                out.push(Family(f));
            }
        }
        out
    }

    /// Looks a family up by name (any case).
    pub fn lookup(name: &str) -> Option<Family> {
        Family::all()
            .into_iter()
            .find(|f| f.0.eq_ignore_ascii_case(name))
    }

    /// Its name, as `-a` takes it.
    pub fn name(self) -> &'static str {
        self.0
    }

    /// Its name in GNU's messages: `SHA2`, `SHA3`.
    pub fn label(self) -> String {
        self.0.to_ascii_uppercase()
    }

    /// Its members, shortest output first.
    pub fn members(self) -> Vec<&'static Algorithm> {
        let mut m: Vec<&'static Algorithm> =
            ALL.iter().filter(|a| a.family == Some(self.0)).collect();
        m.sort_by_key(|a| a.output.default_len());
        m
    }

    /// Whether `a` is one of its members.
    pub fn contains(self, a: &Algorithm) -> bool {
        a.family == Some(self.0)
    }

    /// The member whose digests are `n` bytes long.
    pub fn member_of_len(self, n: usize) -> Option<&'static Algorithm> {
        self.members()
            .into_iter()
            .find(|a| a.output.default_len() == n)
    }

    /// The member `-a FAMILY -l TEXT` names (the length in bits), or GNU's error for a
    /// missing or other length.
    ///
    /// # Errors
    /// No length ([`LengthError::FamilyNeedsLength`]), or not one of the members' lengths.
    pub fn member(self, length: Option<&str>) -> Result<&'static Algorithm, LengthError> {
        let Some(text) = length else {
            return Err(LengthError::FamilyNeedsLength(self));
        };
        let bits = parse_length(text)?;
        self.members()
            .into_iter()
            .find(|a| 8 * a.output.default_len() == bits)
            .ok_or_else(|| LengthError::NotInFamily {
                text: text.to_string(),
                family: self,
            })
    }

    /// Its lengths in bits, as GNU lists them: `224, 256, 384, or 512`.
    pub fn lengths(self) -> String {
        let bits: Vec<String> = self
            .members()
            .iter()
            .map(|a| (8 * a.output.default_len()).to_string())
            .collect();
        match bits.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{}, or {last}", rest.join(", ")),
            _ => bits.concat(),
        }
    }
}

/// Why a requested output length cannot be used (the binary words it as GNU coreutils
/// 9.8+ does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LengthError {
    /// Not a decimal number.
    NotANumber(String),
    /// Longer than the algorithm's longest output, in its [`LengthUnit`].
    TooLong {
        text: String,
        alg: &'static Algorithm,
        max: usize,
    },
    /// Bits that are not a whole number of bytes.
    NotWholeBytes(String),
    /// An algorithm with one output length asked for another.
    OneLength {
        text: String,
        alg: &'static Algorithm,
    },
    /// Not one of a family's lengths.
    NotInFamily { text: String, family: Family },
    /// A family named without a length (when hashing).
    FamilyNeedsLength(Family),
}

/// A `--length` as typed: decimal digits, a value too large for `usize` read as
/// `usize::MAX` (as GNU reads one too large for its integers: refused as too long).
fn parse_length(text: &str) -> Result<usize, LengthError> {
    if text.is_empty() || !text.bytes().all(|c| c.is_ascii_digit()) {
        return Err(LengthError::NotANumber(text.to_string()));
    }
    Ok(text.parse().unwrap_or(usize::MAX))
}

impl Algorithm {
    /// `-l`/`--length TEXT` for this algorithm: the output length in bytes, or `None` for
    /// the default. The text counts bits ([`LengthUnit::Bits`]) or bytes (BLAKE3, as
    /// b3sum); `0` means the default length, as in GNU cksum 9.8+ (`b2sum -l 0`: 512
    /// bits); an algorithm with one output length takes `0` or that length.
    ///
    /// # Errors
    /// Not a number, or a length the algorithm cannot produce, in GNU's words.
    pub fn length_option(&'static self, text: &str) -> Result<Option<usize>, LengthError> {
        let v = parse_length(text)?;
        if v == 0 {
            return Ok(None);
        }
        let longest = match self.output {
            OutputRule::Fixed(n) => {
                let one = match (self.line, self.length_unit) {
                    (LineStyle::Hex, LengthUnit::Bits) => v == 8 * n,
                    (LineStyle::Hex, LengthUnit::Bytes) => v == n,
                    _ => false,
                };
                return if one {
                    Ok(None)
                } else {
                    Err(LengthError::OneLength {
                        text: text.to_string(),
                        alg: self,
                    })
                };
            }
            OutputRule::Range { max, .. } => max,
            OutputRule::Xof { .. } => XOF_MAX,
        };
        let too_long = || LengthError::TooLong {
            text: text.to_string(),
            alg: self,
            max: match self.length_unit {
                LengthUnit::Bits => 8 * longest,
                LengthUnit::Bytes => longest,
            },
        };
        let bytes = match self.length_unit {
            LengthUnit::Bits if v > 8 * longest => {
                return Err(too_long());
            }
            LengthUnit::Bits if v % 8 != 0 => {
                return Err(LengthError::NotWholeBytes(text.to_string()));
            }
            LengthUnit::Bits => v / 8,
            LengthUnit::Bytes if v > longest => return Err(too_long()),
            LengthUnit::Bytes => v,
        };
        Ok(Some(bytes))
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

    /// Which algorithms hash a large input on all threads, which at memory speed in one
    /// chain (the rest slower in one chain), and which have lanes: the read hints the
    /// files floor picks its rules by.
    #[test]
    fn read_hints_by_kind_of_hashing() {
        let with = |large: Large| -> Vec<&str> {
            let all = Algorithm::all().iter();
            all.filter(|a| a.read.large == large)
                .map(|a| a.name)
                .collect()
        };
        assert_eq!(with(Large::AllThreads), ["blake3", "multimixer-128"]);
        assert_eq!(
            with(Large::MemorySpeed),
            [
                "xxh64",
                "xxh3",
                "xxh128",
                "crc",
                "crc32b",
                "crc32",
                "sysv",
                "highwayhash-64",
                "highwayhash-128",
                "highwayhash-256",
                "lemac"
            ]
        );
        let lanes: Vec<(&str, Kind)> = Algorithm::all()
            .iter()
            .filter_map(|a| Some((a.name, a.read.lanes?)))
            .collect();
        assert_eq!(
            lanes,
            [
                ("blake3", Kind::Blake3),
                ("sha256", Kind::Sha256),
                ("sha512", Kind::Sha512),
                ("md5", Kind::Md5)
            ]
        );
        // Each kind's own algorithm, unkeyed and of the kernel's length.
        for (name, kind) in lanes {
            let a = Algorithm::lookup(name).unwrap();
            assert_eq!(a.output.default_len(), kind.digest_len(), "{name}");
            assert_eq!(a.read_hint(None, &Params::default()).lanes, Some(kind));
            assert_eq!(a.derive_read_hint().lanes, None);
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
                "ripemd160",
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
        let label = |alg, len, keyed| Some(Label { alg, len, keyed });
        let b2 = Algorithm::lookup("blake2b").unwrap();
        assert_eq!(b2.label_for(64, false), "BLAKE2b");
        assert_eq!(b2.label_for(32, false), "BLAKE2b-256");
        assert_eq!(Algorithm::from_label("BLAKE2b"), label(b2, None, false));
        assert_eq!(
            Algorithm::from_label("BLAKE2b-256"),
            label(b2, Some(32), false)
        );
        assert_eq!(
            Algorithm::from_label("BLAKE2b-512"),
            label(b2, Some(64), false)
        );
        for bad in [
            "BLAKE2b-0",
            "BLAKE2b-7",
            "BLAKE2b-520",
            "BLAKE2b-0256",
            "SHA256-128",
            "BLAKE3-KEYED-0",
            "KEYED",
        ] {
            assert_eq!(Algorithm::from_label(bad), None, "{bad}");
        }
        let b3 = Algorithm::lookup("blake3").unwrap();
        assert_eq!(b3.label_for(32, false), "BLAKE3");
        assert_eq!(b3.label_for(64, false), "BLAKE3-512");
        assert_eq!(
            Algorithm::from_label("BLAKE3-512"),
            label(b3, Some(64), false)
        );
        assert_eq!(
            Algorithm::from_label("BLAKE3-256"),
            label(b3, Some(32), false)
        );
        // Keyed BLAKE3's lines say so; an algorithm without a keyed label keeps its own.
        assert_eq!(b3.label_for(32, true), "BLAKE3-KEYED");
        assert_eq!(b3.label_for(64, true), "BLAKE3-KEYED-512");
        assert_eq!(Algorithm::from_label("BLAKE3-KEYED"), label(b3, None, true));
        assert_eq!(
            Algorithm::from_label("BLAKE3-KEYED-512"),
            label(b3, Some(64), true)
        );
        let sip = Algorithm::lookup("siphash-2-4").unwrap();
        assert_eq!(sip.label_for(8, true), "SIPHASH-2-4");
        // OpenSSL 3 writes BLAKE2 labels in capitals, with the length.
        assert_eq!(
            Algorithm::from_label("BLAKE2B-512"),
            label(b2, Some(64), false)
        );
        let sha = Algorithm::lookup("sha512-256").unwrap();
        assert_eq!(Algorithm::from_label("SHA512-256"), label(sha, None, false));
        assert_eq!(sha.label_for(32, false), "SHA512-256");
    }

    #[test]
    fn families_are_gnu_cksums_sha2_and_sha3() {
        let names = |f: Family| -> Vec<&str> { f.members().iter().map(|a| a.name).collect() };
        let fams = Family::all();
        assert_eq!(
            fams.iter().map(|f| f.name()).collect::<Vec<_>>(),
            ["sha2", "sha3"]
        );
        assert_eq!(names(fams[0]), ["sha224", "sha256", "sha384", "sha512"]);
        assert_eq!(
            names(fams[1]),
            ["sha3-224", "sha3-256", "sha3-384", "sha3-512"]
        );
        let sha3 = Family::lookup("SHA3").unwrap();
        for (bits, name) in [
            ("224", "sha3-224"),
            ("256", "sha3-256"),
            ("384", "sha3-384"),
            ("512", "sha3-512"),
        ] {
            assert_eq!(sha3.member(Some(bits)).unwrap().name, name);
        }
        assert_eq!(sha3.member_of_len(48).unwrap().name, "sha3-384");
        assert_eq!(sha3.member_of_len(20), None);
        // A family never shadows an algorithm's name, and `-a` finds both kinds.
        assert_eq!(Named::lookup("sha2"), Ok(Named::Family(fams[0])));
        assert_eq!(
            Named::lookup("sha256"),
            Ok(Named::One(Algorithm::lookup("sha256").unwrap()))
        );
        for f in fams {
            assert!(Algorithm::lookup(f.name()).is_err());
        }
    }

    /// The lengths `--length` takes, and (refused ones: `setup.rs`, which words them) that
    /// every other one is refused.
    #[test]
    fn lengths_in_gnus_words() {
        let a = |n: &str| Algorithm::lookup(n).unwrap();
        let ok: &[(&str, &str, Option<usize>)] = &[
            ("blake2b", "0", None),
            ("blake2b", "128", Some(16)),
            ("blake2b", "512", Some(64)),
            ("blake2b", "8", Some(1)),
            ("blake2s", "256", Some(32)),
            ("blake3", "0", None),
            ("blake3", "1", Some(1)),
            ("blake3", "100", Some(100)),
            ("sha256", "0", None),
            ("sha256", "256", None),
            ("md5", "128", None),
            ("crc", "0", None),
            ("bsd", "0", None),
        ];
        for &(alg, text, want) in ok {
            assert_eq!(a(alg).length_option(text), Ok(want), "{alg} -l {text}");
        }
        for (alg, text) in [
            ("blake2b", "513"),
            ("blake2b", "7"),
            ("sha256", "32"),
            ("blake3", ""),
        ] {
            assert!(a(alg).length_option(text).is_err(), "{alg} -l {text}");
        }
    }

    #[test]
    fn seek_is_for_extendable_output() {
        let params = Params {
            seek: 5,
            ..Params::default()
        };
        assert!(
            Algorithm::lookup("blake3")
                .unwrap()
                .hasher(None, &params)
                .is_ok()
        );
        let sha = Algorithm::lookup("sha256").unwrap();
        assert_eq!(
            sha.hasher(None, &params).err().unwrap(),
            Error::SeekNotAllowed("sha256")
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
