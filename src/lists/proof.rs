//! The proof rules of `khsum -c`, stated once: which algorithms a listed digest may be
//! checked under, and how that choice was made.
//!
//! A line is OK only when its file, read, has the listed digest under an *admissible*
//! algorithm. A line's label (`SHA256 (f) = …`, xxhsum's `XXH3_`, a digest spelled with its
//! name: `sha256:HEX`, `sha512-BASE64`), `-a` (with or without
//! `--length`), or a list name that names an algorithm (`SHA256SUMS`, `*.md5`) settles
//! it: one algorithm, no retry. An untagged line of a list whose name names nothing is
//! admissible under every [candidate](candidates) of its [`Shape`], and a changed file
//! is FAILED only once every candidate was tried (`crate::lists::verify`).
//!
//! Without `-a`:
//! * an untagged digest is admissible under an algorithm at that algorithm's default
//!   length; an extendable or variable-length algorithm (BLAKE3, BLAKE2b, BLAKE2s) is also
//!   admissible at other lengths of [`VARIABLE_MIN`] bytes (128 bits) or more, so a digest
//!   cut short in transfer or abbreviated in a README never verifies;
//! * a non-cryptographic checksum is admissible only where no cryptographic algorithm has
//!   the digest's length (a 32-hex-digit digest is MD5's, never XXH128's: an XXH128
//!   preimage of a 16-byte target takes microseconds); XXH32, XXH64, XXH3 and CRC-32 keep
//!   the lengths no cryptographic hash has (8 and 16 hex digits), and the legacy
//!   `cksum`/`sum` lines are theirs alone;
//! * a list named for an algorithm admits that algorithm alone, under the same length
//!   rule (`md5sum -c MD5SUMS` never checks another);
//! * Rescue Prime is never a candidate (`Algorithm::tagged_lines`: khsum writes its lines
//!   tagged; at 14 MB/s, trying it on every changed file would multiply their cost);
//! * a name holding U+FFFD is never a BLAKE3 line's (b3sum writes undecodable names so,
//!   and reads no such line back: it could name several files);
//! * no digest shorter than 32 bits is admissible anywhere.
//!
//! With `-a ALG` (and `--length`), any length the algorithm allows is checked as asked.

use crate::algorithm::Algorithm;
use crate::spec::{LineStyle, OutputRule};

/// The shortest untagged digest (in bytes) an extendable or variable-length algorithm
/// admits without `-a` at a length other than its default: 128 bits.
pub const VARIABLE_MIN: usize = 16;

/// No digest shorter than this (in bytes: 32 bits) is admissible without `-a` or a label.
pub const DIGEST_MIN: usize = 4;

/// How a list line's algorithm was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chosen {
    /// `-a` (or `--length`, or a key, for untagged lines: BLAKE3's).
    Option,
    /// The line's own label (`SHA256 (f) = …`, xxhsum's `XXH3_…`).
    Label,
    /// The list's name (`SHA256SUMS`, `x.md5`).
    ListName,
    /// Tried: the first admissible candidate that gave the listed digest (or, for an SFV
    /// line, `name CRC32`, its form).
    Detected,
}

impl Chosen {
    /// The word in `--json` records' `chosen` field.
    pub fn word(self) -> &'static str {
        match self {
            Chosen::Option => "option",
            Chosen::Label => "label",
            Chosen::ListName => "list-name",
            Chosen::Detected => "detected",
        }
    }
}

/// What an untagged line says of its algorithm: the digest's length in bytes, and
/// whether it is a legacy `cksum`/`sum` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// The digest's length in bytes (12 for legacy lines: the two numbers).
    pub len: usize,
    /// A legacy `CHECKSUM SIZE-OR-BLOCKS NAME` line.
    pub legacy: bool,
}

/// Whether `alg` admits an untagged digest of `shape` without `-a` (see the module
/// documentation); the cryptographic rule, which depends on the other candidates, is
/// [`candidates`]'.
pub fn admits(alg: &Algorithm, shape: Shape) -> bool {
    if alg.needs_key() || (alg.line != LineStyle::Hex) != shape.legacy || shape.len < DIGEST_MIN {
        return false;
    }
    !alg.tagged_lines
        && (shape.len == alg.output.default_len()
            || (!matches!(alg.output, OutputRule::Fixed(_))
                && shape.len >= VARIABLE_MIN
                && alg.output_len(Some(shape.len)).is_ok()))
}

/// Whether a line naming `name` can be a line of `alg` at all: not when the algorithm's
/// tool writes undecodable names lossily ([`Algorithm::lossy_names`], b3sum) and the
/// name holds U+FFFD.
pub fn admits_name(alg: &Algorithm, name: &[u8]) -> bool {
    !(alg.lossy_names && name.windows(3).any(|w| w == "\u{fffd}".as_bytes()))
}

/// The algorithms (with the output length) an untagged line of `shape` naming `name` is
/// admissible under, in the order they are tried: for a list named for an algorithm
/// (`named`), that one alone if it admits the line; otherwise every admissible algorithm,
/// by [`Algorithm::rank`], those at their default length first. Empty: the line is
/// improperly formatted.
pub fn candidates(
    shape: Shape,
    named: Option<&'static Algorithm>,
    name: &[u8],
) -> Vec<(&'static Algorithm, usize)> {
    let fits = |a: &Algorithm| admits(a, shape) && admits_name(a, name);
    if let Some(a) = named {
        return if fits(a) {
            vec![(a, shape.len)]
        } else {
            Vec::new()
        };
    }
    let mut c: Vec<&'static Algorithm> = Algorithm::all().iter().filter(|a| fits(a)).collect();
    if c.iter().any(|a| a.is_cryptographic()) {
        c.retain(|a| a.is_cryptographic());
    }
    // At a length not its default, an algorithm with a choice of lengths is rarer than
    // any at its own (a 32-digit digest is MD5's before it is a 128-bit BLAKE3's).
    c.sort_by_key(|a| (a.output.default_len() != shape.len, a.rank));
    c.into_iter().map(|a| (a, shape.len)).collect()
}

/// The algorithms that would check an untagged line of `shape` if `-a` named them (for
/// the hint on a line no candidate admits): those whose output rule allows the length.
pub fn with_option(shape: Shape) -> Vec<&'static Algorithm> {
    let mut c: Vec<&'static Algorithm> = Algorithm::all()
        .iter()
        .filter(|a| {
            !a.needs_key()
                && (a.line != LineStyle::Hex) == shape.legacy
                && a.output_len(Some(shape.len)).is_ok()
        })
        .collect();
    c.sort_by_key(|a| a.rank);
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alg(n: &str) -> &'static Algorithm {
        Algorithm::lookup(n).unwrap()
    }

    fn names(shape: Shape, named: Option<&str>, name: &[u8]) -> Vec<&'static str> {
        candidates(shape, named.map(alg), name)
            .iter()
            .map(|(a, _)| a.name)
            .collect()
    }

    fn hex(len: usize) -> Shape {
        Shape { len, legacy: false }
    }

    /// Every rule of the module documentation, both ways.
    #[test]
    fn the_proof_rules_both_ways() {
        // Default lengths; BLAKE3 and BLAKE2 at theirs or from 128 bits; cryptographic
        // hashes only where one has the length.
        assert_eq!(
            names(hex(32), None, b"f"),
            [
                "sha256",
                "blake3",
                "blake2s",
                "sha512-256",
                "sha3-256",
                "sm3",
                "blake2b"
            ]
        );
        assert_eq!(
            names(hex(16), None, b"f"),
            ["md5", "blake3", "blake2b", "blake2s"]
        );
        assert_eq!(names(hex(8), None, b"f"), ["xxh64", "xxh3"]);
        assert_eq!(names(hex(4), None, b"f"), ["xxh32", "crc32"]);
        assert_eq!(
            names(hex(20), None, b"f")[..3],
            ["sha1", "ripemd160", "blake3"]
        );
        assert_eq!(
            names(hex(64), None, b"f"),
            ["sha512", "blake2b", "sha3-512", "blake3"]
        );
        assert_eq!(names(hex(17), None, b"f"), ["blake3", "blake2b", "blake2s"]);
        assert_eq!(names(hex(100), None, b"f"), ["blake3"]);
        // Too short to prove anything without -a: 1, 2, 3 bytes; lengths no algorithm
        // has by default under 128 bits.
        for n in [1, 2, 3, 5, 6, 7, 9, 10, 12, 15] {
            assert!(names(hex(n), None, b"f").is_empty(), "{n}");
        }
        assert_eq!(
            names(
                Shape {
                    len: 12,
                    legacy: true
                },
                None,
                b"f"
            ),
            ["crc", "bsd", "sysv", "crc32b"]
        );
        // A name settles the algorithm, with the same lengths: never another, never a
        // non-cryptographic one in an MD5 list, never a BLAKE3 prefix.
        assert_eq!(names(hex(16), Some("md5"), b"f"), ["md5"]);
        assert_eq!(names(hex(16), Some("xxh128"), b"f"), ["xxh128"]);
        assert!(names(hex(32), Some("md5"), b"f").is_empty());
        assert!(names(hex(8), Some("blake3"), b"f").is_empty());
        assert!(names(hex(8), Some("blake2b"), b"f").is_empty());
        assert_eq!(names(hex(16), Some("blake2b"), b"f"), ["blake2b"]);
        assert!(
            names(
                Shape {
                    len: 12,
                    legacy: true
                },
                Some("sha256"),
                b"f"
            )
            .is_empty()
        );
        // b3sum's U+FFFD rule.
        let lossy = "a\u{fffd}b".as_bytes();
        assert!(!names(hex(32), None, lossy).contains(&"blake3"));
        assert!(names(hex(32), Some("blake3"), lossy).is_empty());
        assert_eq!(names(hex(32), Some("sha256"), lossy), ["sha256"]);
        // A MAC or universal hash never takes part.
        assert!(!names(hex(32), None, b"f").contains(&"hmac-sha256"));
        assert!(!names(hex(8), None, b"f").contains(&"siphash-2-4"));
        assert_eq!(
            with_option(hex(1)),
            [alg("blake3"), alg("blake2b"), alg("blake2s")]
        );
    }
}
