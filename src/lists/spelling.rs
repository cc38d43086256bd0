//! Digest spellings: how one digest is written outside a GNU list line, and read back.
//!
//! * hex (either case on input) and padded base64 (GNU cksum 9.2+'s `--base64`): bare,
//!   their algorithm found under the proof rules of `-c` ([`crate::lists::proof`]);
//! * `NAME:HEX` (OCI image digests, pip's `--hash=sha256:…`), with the names of
//!   [`Algorithm::oci`];
//! * Subresource Integrity `NAME-BASE64` (W3C SRI, [`Algorithm::sri`]; Nix's SRI form
//!   also with [`Algorithm::nix`] names), several tokens separated by white space, of which
//!   the strongest algorithm's decide, as the SRI specification says;
//! * Nix's `NAME:NIX32` (and `NAME:HEX`, `NAME:BASE64`, which Nix reads too), with the
//!   names of [`Algorithm::nix`].
//!
//! A spelling that names its algorithm is a label under the proof rules: that algorithm
//! at its default length, no other. Names are read in any case; base64 and nix32 text is
//! case-sensitive, hex is not.

use crate::algorithm::Algorithm;
use crate::spec::{LineStyle, OutputRule};
use base64::Engine;

/// How a digest is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// Lowercase hex (the default).
    #[default]
    Hex,
    /// Base64 with padding (RFC 4648 §4), as `cksum --base64` writes it.
    Base64,
    /// Subresource Integrity, `sha256-BASE64` (Nix's SRI form for md5 and sha1).
    Sri,
    /// `sha256:HEX`, as OCI image digests and pip's `--hash` write it.
    Oci,
    /// Nix's `sha256:NIX32`.
    Nix32,
}

impl Encoding {
    /// Every encoding, in the order `--format` lists them.
    pub const ALL: [Encoding; 5] = [
        Encoding::Hex,
        Encoding::Base64,
        Encoding::Sri,
        Encoding::Oci,
        Encoding::Nix32,
    ];

    /// Its name, as `--format` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Hex => "hex",
            Encoding::Base64 => "base64",
            Encoding::Sri => "sri",
            Encoding::Oci => "oci",
            Encoding::Nix32 => "nix32",
        }
    }

    /// Whether the spelling names the algorithm itself (a line needs no label).
    pub fn names_algorithm(self) -> bool {
        !matches!(self, Encoding::Hex | Encoding::Base64)
    }

    /// The name this spelling gives `alg`, for the spellings that name it.
    fn alg_name(self, alg: &Algorithm) -> Option<&'static str> {
        match self {
            Encoding::Hex | Encoding::Base64 => None,
            Encoding::Sri => alg.sri.or(alg.nix),
            Encoding::Oci => alg.oci,
            Encoding::Nix32 => alg.nix,
        }
    }

    /// Whether `alg`'s digests of `len` bytes can be written so: hex and base64 for every
    /// algorithm; the others for the algorithms they name, at the default length
    /// (a name stands for that length).
    ///
    /// # Errors
    /// Why not, as data.
    pub fn check(self, alg: &'static Algorithm, len: usize) -> Result<(), Undefined> {
        if !self.names_algorithm() {
            return Ok(());
        }
        if self.alg_name(alg).is_none() || alg.line != LineStyle::Hex {
            return Err(Undefined::NoName {
                encoding: self,
                alg,
                named: self.algorithms(),
            });
        }
        if len != alg.output.default_len() {
            return Err(Undefined::Length {
                encoding: self,
                alg,
                len,
            });
        }
        Ok(())
    }

    /// The algorithms this spelling names (empty for hex and base64: all of them).
    pub fn algorithms(self) -> Vec<&'static Algorithm> {
        Algorithm::all()
            .iter()
            .filter(|a| self.alg_name(a).is_some())
            .collect()
    }

    /// Appends `digest` of `alg` in this spelling (checked with [`Encoding::check`]).
    pub fn write(self, out: &mut Vec<u8>, alg: &Algorithm, digest: &[u8]) {
        if let Some(name) = self.alg_name(alg) {
            out.extend_from_slice(name.as_bytes());
            out.push(if self == Encoding::Sri { b'-' } else { b':' });
        }
        match self {
            Encoding::Hex | Encoding::Oci => push_hex(out, digest),
            Encoding::Base64 | Encoding::Sri => out.extend_from_slice(
                base64::engine::general_purpose::STANDARD
                    .encode(digest)
                    .as_bytes(),
            ),
            Encoding::Nix32 => out.extend_from_slice(nix32::encode(digest).as_bytes()),
        }
    }
}

/// Appends `digest` as lowercase hex (no intermediate `String`: this runs once per file).
fn push_hex(out: &mut Vec<u8>, digest: &[u8]) {
    let start = out.len();
    out.resize(start + 2 * digest.len(), 0);
    hex::encode_to_slice(digest, &mut out[start..])
        .expect("the slice is twice the digest's length");
}

/// Why a spelling is not defined for an algorithm's digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undefined {
    /// The spelling names algorithms, and none of its names is this one's; `named` are
    /// those it has names for.
    NoName {
        encoding: Encoding,
        alg: &'static Algorithm,
        named: Vec<&'static Algorithm>,
    },
    /// A name stands for the algorithm's default length, and this digest has another.
    Length {
        encoding: Encoding,
        alg: &'static Algorithm,
        len: usize,
    },
}

/// Nix's base-32 (`nix-hash --to-base32`): its own alphabet (no e, o, u, t), the digest
/// read from its last bit to its first.
pub mod nix32 {
    const ALPHABET: &[u8; 32] = b"0123456789abcdfghijklmnpqrsvwxyz";

    /// The length of the nix32 form of `n` bytes.
    pub fn len(n: usize) -> usize {
        (8 * n).div_ceil(5)
    }

    /// `bytes` in nix32.
    pub fn encode(bytes: &[u8]) -> String {
        let n = len(bytes.len());
        let mut out = String::with_capacity(n);
        for k in (0..n).rev() {
            let b = k * 5;
            let (i, j) = (b / 8, b % 8);
            let lo = bytes[i] >> j;
            let hi = if i + 1 < bytes.len() {
                bytes[i + 1].checked_shl(8 - j as u32).unwrap_or(0)
            } else {
                0
            };
            out.push(ALPHABET[usize::from((lo | hi) & 0x1f)] as char);
        }
        out
    }

    /// The `n` bytes `text` spells, or `None` when it is not their nix32 form (wrong
    /// length, a character outside the alphabet, bits past the last byte set).
    pub fn decode(text: &[u8], n: usize) -> Option<Vec<u8>> {
        if text.len() != len(n) {
            return None;
        }
        let mut out = vec![0u8; n];
        for (k, &c) in text.iter().rev().enumerate() {
            let digit = ALPHABET.iter().position(|&a| a == c)? as u16;
            let b = k * 5;
            let (i, j) = (b / 8, b % 8);
            let v = digit << j;
            out[i] |= v as u8;
            let carry = (v >> 8) as u8;
            if i + 1 < n {
                out[i + 1] |= carry;
            } else if carry != 0 {
                return None;
            }
        }
        Some(out)
    }
}

/// A digest as given on its own (`--expect DIGEST`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spelled {
    /// A spelling that names its algorithm; several digests for SRI metadata whose
    /// strongest algorithm has several tokens (any of them matching is a match).
    Named {
        alg: &'static Algorithm,
        digests: Vec<Vec<u8>>,
    },
    /// Bare hex or base64: the algorithm is found as for an untagged list line.
    Bare { digest: Vec<u8>, base64: bool },
}

/// Why a digest given on its own cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Malformed {
    /// Empty, or only white space.
    Empty,
    /// `NAME:…` or `NAME-…` with a name no spelling gives an algorithm.
    UnknownName(String),
    /// A known name whose data does not spell a digest of its algorithm's length in any
    /// form that spelling takes.
    BadData {
        alg: &'static Algorithm,
        data: String,
    },
    /// Neither hex nor base64, nor a spelling with a name.
    NotADigest(String),
}

/// Reads a digest given on its own: bare hex or base64, `NAME:DATA` (OCI, pip, Nix), or
/// SRI metadata (one or more `NAME-BASE64` tokens).
///
/// # Errors
/// What is wrong with it ([`Malformed`]).
pub fn parse(text: &str) -> Result<Spelled, Malformed> {
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    match tokens[..] {
        [] => Err(Malformed::Empty),
        [one] => {
            if let Some(d) = bare(one.as_bytes()) {
                return Ok(d);
            }
            if one.contains(':') {
                let (alg, digest) = colon(one)?;
                return Ok(Spelled::Named {
                    alg,
                    digests: vec![digest],
                });
            }
            sri(&tokens)
        }
        _ => sri(&tokens),
    }
}

/// Bare hex (first, as GNU reads a field both could be) or padded base64.
fn bare(field: &[u8]) -> Option<Spelled> {
    if !field.is_empty()
        && field.len().is_multiple_of(2)
        && let Ok(d) = hex::decode(field)
    {
        return Some(Spelled::Bare {
            digest: d,
            base64: false,
        });
    }
    if field.len().is_multiple_of(4)
        && let Ok(d) = base64::engine::general_purpose::STANDARD.decode(field)
        && !d.is_empty()
    {
        return Some(Spelled::Bare {
            digest: d,
            base64: true,
        });
    }
    None
}

/// `NAME:DATA`: OCI and pip names with hex; Nix names with hex, nix32 or base64.
fn colon(token: &str) -> Result<(&'static Algorithm, Vec<u8>), Malformed> {
    let (name, data) = token.split_once(':').expect("the caller found a colon");
    let oci = Algorithm::by_spelled_name(name, |a| a.oci);
    let nix = Algorithm::by_spelled_name(name, |a| a.nix);
    let Some(alg) = oci.or(nix) else {
        return Err(Malformed::UnknownName(name.to_string()));
    };
    let n = alg.output.default_len();
    let d = data.as_bytes();
    let digest = if d.len() == 2 * n {
        hex::decode(d).ok()
    } else if nix.is_some() && d.len() == nix32::len(n) {
        nix32::decode(d, n)
    } else if nix.is_some() && d.len() == n.div_ceil(3) * 4 {
        base64::engine::general_purpose::STANDARD
            .decode(d)
            .ok()
            .filter(|v| v.len() == n)
    } else {
        None
    };
    digest.map(|d| (alg, d)).ok_or_else(|| Malformed::BadData {
        alg,
        data: data.to_string(),
    })
}

/// One SRI token, `NAME-BASE64[?OPTIONS]`: the algorithm (W3C's names, and Nix's) and
/// the digest; `Ok(None)` for a token whose name no spelling gives (the SRI
/// specification skips those).
fn sri_token(token: &str) -> Result<Option<(&'static Algorithm, Vec<u8>)>, Malformed> {
    let Some((name, rest)) = token.split_once('-') else {
        return Err(Malformed::NotADigest(token.to_string()));
    };
    let Some(alg) = Algorithm::by_spelled_name(name, |a| a.sri.or(a.nix)) else {
        return Ok(None);
    };
    let data = rest.split_once('?').map_or(rest, |(d, _)| d);
    let n = alg.output.default_len();
    // Padding optional; the URL-safe alphabet too (the specification's grammar allows it).
    let unpadded = data.trim_end_matches('=');
    let engine = if unpadded.contains(['-', '_']) {
        base64::engine::general_purpose::URL_SAFE_NO_PAD
    } else {
        base64::engine::general_purpose::STANDARD_NO_PAD
    };
    let pad_ok = data.len() == unpadded.len() || data.len() == n.div_ceil(3) * 4;
    match engine.decode(unpadded) {
        Ok(d) if pad_ok && d.len() == n => Ok(Some((alg, d))),
        _ => Err(Malformed::BadData {
            alg,
            data: data.to_string(),
        }),
    }
}

/// SRI metadata: the tokens of the strongest algorithm named (the longest digest: sha512
/// over sha384 over sha256, as the specification orders them), tokens with unknown names
/// skipped; none known is an error.
fn sri(tokens: &[&str]) -> Result<Spelled, Malformed> {
    let mut known = Vec::new();
    let mut unknown = None;
    for t in tokens {
        match sri_token(t)? {
            Some(k) => known.push(k),
            None => unknown = unknown.or(Some(*t)),
        }
    }
    let Some(strongest) = known.iter().map(|(a, _)| *a).max_by_key(|a| strength(a)) else {
        let t = unknown.unwrap_or_default();
        let name = t.split_once('-').map_or(t, |(n, _)| n);
        return Err(Malformed::UnknownName(name.to_string()));
    };
    Ok(Spelled::Named {
        alg: strongest,
        digests: known
            .into_iter()
            .filter(|(a, _)| *a == strongest)
            .map(|(_, d)| d)
            .collect(),
    })
}

/// How strong an algorithm of SRI metadata is: its digest's length.
fn strength(a: &Algorithm) -> usize {
    match a.output {
        OutputRule::Fixed(n) | OutputRule::Xof { default: n } => n,
        OutputRule::Range { default, .. } => default,
    }
}

/// A list line's first field when it spells a digest with a name (`sha256:HEX`,
/// `sha512-BASE64`, `sha256:NIX32`): the algorithm and the digest; `None` when it does
/// not (it is then read as any other field).
pub fn prefixed(field: &[u8]) -> Option<(&'static Algorithm, Vec<u8>)> {
    let text = std::str::from_utf8(field).ok()?;
    if text.contains(':') {
        return colon(text).ok();
    }
    if text.contains('?') {
        return None;
    }
    sri_token(text).ok().flatten()
}

impl Spelled {
    /// The one-line (one line per digest) list that checks `name` against this digest
    /// through `-c`'s verification: a named spelling as a labelled line, a bare one as an
    /// untagged line.
    pub fn list(&self, name: &[u8]) -> Vec<u8> {
        let escaped = crate::files::names::needs_escape(name);
        let name: Vec<u8> = if escaped {
            crate::files::names::escape(name)
        } else {
            name.to_vec()
        };
        let mut out = Vec::new();
        let mut line = |label: Option<String>, digest: &[u8], base64: bool| {
            if escaped {
                out.push(b'\\');
            }
            let mut d = Vec::new();
            let e = if base64 {
                Encoding::Base64
            } else {
                Encoding::Hex
            };
            e.write(&mut d, Algorithm::default_algorithm(), digest);
            match label {
                Some(l) => {
                    out.extend_from_slice(l.as_bytes());
                    out.extend_from_slice(b" (");
                    out.extend_from_slice(&name);
                    out.extend_from_slice(b") = ");
                    out.extend_from_slice(&d);
                }
                None => {
                    out.extend_from_slice(&d);
                    out.extend_from_slice(b"  ");
                    out.extend_from_slice(&name);
                }
            }
            out.push(b'\n');
        };
        match self {
            Spelled::Named { alg, digests } => {
                for d in digests {
                    line(Some(alg.label_for(d.len(), false).into_owned()), d, false);
                }
            }
            Spelled::Bare { digest, base64 } => line(None, digest, *base64),
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alg(n: &str) -> &'static Algorithm {
        Algorithm::lookup(n).unwrap()
    }

    /// `nix-hash --type sha256 --flat --base32` of the 3 bytes `abc` (Nix 2.8.0, Debian
    /// 12's nix-bin), and `nix hash file --type md5 --base32` of the same file.
    #[test]
    fn nix32_as_nix_hash_writes_it() {
        let sha = hex::decode("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            .unwrap();
        assert_eq!(
            nix32::encode(&sha),
            "1b8m03r63zqhnjf7l5wnldhh7c134ap5vpj0850ymkq1iyzicy5s"
        );
        let md5 = hex::decode("900150983cd24fb0d6963f7d28e17f72").unwrap();
        assert_eq!(nix32::encode(&md5), "3jgzhjhz9zjvbb0kyj7jc500ch");
        for d in [&sha[..], &md5[..], &[0xff; 20][..], &[0; 64][..]] {
            let e = nix32::encode(d);
            assert_eq!(nix32::decode(e.as_bytes(), d.len()).as_deref(), Some(d));
        }
        // Bits past the last byte, a letter outside the alphabet, the wrong length.
        assert_eq!(nix32::decode(b"zz", 1), None);
        assert_eq!(nix32::decode(b"0e", 1), None);
        assert_eq!(nix32::decode(b"000", 1), None);
    }

    #[test]
    fn spellings_read_back() {
        let d: Vec<u8> = (0..32).collect();
        let sha = alg("sha256");
        for e in Encoding::ALL {
            let mut out = Vec::new();
            e.write(&mut out, sha, &d);
            let text = String::from_utf8(out).unwrap();
            let want = if e.names_algorithm() {
                Spelled::Named {
                    alg: sha,
                    digests: vec![d.clone()],
                }
            } else {
                Spelled::Bare {
                    digest: d.clone(),
                    base64: e == Encoding::Base64,
                }
            };
            assert_eq!(parse(&text), Ok(want), "{text}");
        }
    }

    #[test]
    fn sri_takes_the_strongest() {
        let a = base64::engine::general_purpose::STANDARD.encode([1u8; 32]);
        let b = base64::engine::general_purpose::STANDARD.encode([2u8; 48]);
        let c = base64::engine::general_purpose::STANDARD.encode([3u8; 48]);
        let text = format!("sha256-{a} sha384-{b}?ct=x md9-zzz sha384-{c}");
        assert_eq!(
            parse(&text),
            Ok(Spelled::Named {
                alg: alg("sha384"),
                digests: vec![vec![2; 48], vec![3; 48]]
            })
        );
        assert_eq!(parse("md9-abc"), Err(Malformed::UnknownName("md9".into())));
        assert!(matches!(
            parse(&format!("sha256-{}", &a[1..])),
            Err(Malformed::BadData { .. })
        ));
    }

    #[test]
    fn undefined_spellings_say_why() {
        assert!(Encoding::Sri.check(alg("sha384"), 48).is_ok());
        assert!(Encoding::Sri.check(alg("md5"), 16).is_ok());
        assert!(matches!(
            Encoding::Sri.check(alg("xxh3"), 8),
            Err(Undefined::NoName { .. })
        ));
        assert!(matches!(
            Encoding::Oci.check(alg("blake3"), 64),
            Err(Undefined::Length { len: 64, .. })
        ));
        assert!(Encoding::Base64.check(alg("xxh3"), 8).is_ok());
        assert!(matches!(
            Encoding::Nix32.check(alg("crc"), 12),
            Err(Undefined::NoName { .. })
        ));
    }
}
