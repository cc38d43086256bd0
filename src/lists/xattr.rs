//! `khsum audit --xattr`: a digest and the mtime it was made at, kept in each file's
//! extended attributes, as cshatag keeps them, so a tree tagged by either tool audits with
//! the other.
//!
//! **Names.** SHA-256 uses cshatag's own pair: `user.shatag.sha256` (64 lowercase hex
//! digits) and `user.shatag.ts` (the mtime, `%010d.%09d`: seconds, a dot, nanoseconds).
//! Any other algorithm uses `user.khsum.ALG` and `user.khsum.ALG.ts` in the same forms: a
//! time of its own, or cshatag refreshing `user.shatag.ts` after an edit would make a
//! stale BLAKE3 digest look like bit rot.
//!
//! **Writing.** The time is removed first, the digest set, and the time set only when the
//! digest was: no failure at any step (ENOSPC, EPERM, a file system without user
//! attributes) leaves a fresh time beside an old digest, which would read as corruption
//! (cshatag writes the time first: its issue 41). A pair without its time is an untagged
//! file.

use crate::algorithm::Algorithm;
use std::path::Path;

/// What a file's attributes say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub digest: Vec<u8>,
    /// The mtime the digest was made at, ns since the epoch.
    pub mtime: i64,
}

/// The names of the digest's attribute and its time's, for `alg`: the registry's (cshatag's
/// for SHA-256), else khsum's own.
pub fn names(alg: &Algorithm) -> (String, String) {
    match alg.xattr {
        Some((d, t)) => (d.into(), t.into()),
        None => {
            let d = format!("user.khsum.{}", alg.name);
            let t = format!("{d}.ts");
            (d, t)
        }
    }
}

/// A time as written in the attribute: `%010d.%09d` (seconds, nanoseconds).
pub fn format_time(ns: i64) -> String {
    format!(
        "{:010}.{:09}",
        ns.div_euclid(1_000_000_000),
        ns.rem_euclid(1_000_000_000)
    )
}

/// Reads a time as cshatag does: `SECONDS[.NANOSECONDS]`, digits only.
pub fn parse_time(text: &[u8]) -> Option<i64> {
    let text = std::str::from_utf8(text).ok()?;
    let (s, ns) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
    if !digits(s) || !digits(ns) || ns.len() > 9 {
        return None;
    }
    let s: i64 = s.parse().ok()?;
    let ns: i64 = ns.parse().ok()?;
    // `.5` is 5 ns, as cshatag reads it (it writes nine digits).
    s.checked_mul(1_000_000_000)?.checked_add(ns)
}

/// Reads a digest of `n` bytes: its hex digits, bytes past them ignored (as cshatag
/// ignores them).
fn parse_digest(text: &[u8], n: usize) -> Option<Vec<u8>> {
    let hex = text.get(..2 * n)?;
    let mut d = vec![0; n];
    hex::decode_to_slice(hex, &mut d).ok()?;
    Some(d)
}

/// The pair `path` carries for `alg`, if both are there and well formed.
pub fn read(path: &Path, alg: &Algorithm) -> Option<Tag> {
    let (d, t) = names(alg);
    let digest = parse_digest(&sys::get(path, &d)?, alg.output.default_len())?;
    let mtime = parse_time(&sys::get(path, &t)?)?;
    Some(Tag { digest, mtime })
}

/// Why a pair could not be written: the attribute and the error.
#[derive(Debug)]
pub struct WriteError {
    pub attribute: String,
    pub error: std::io::Error,
}

impl WriteError {
    /// Whether the file system keeps no user attributes at all (ENOTSUP): worth one
    /// warning a run, not one a file.
    pub fn unsupported(&self) -> bool {
        sys::unsupported(&self.error)
    }
}

/// Writes the pair for `alg` on `path`: the time removed, the digest set, then the time.
///
/// # Errors
/// An attribute could not be set (the first failure; nothing after it is tried).
pub fn write(path: &Path, alg: &Algorithm, tag: &Tag) -> Result<(), WriteError> {
    let (d, t) = names(alg);
    let fail = |attribute: &str, error| WriteError {
        attribute: attribute.to_string(),
        error,
    };
    sys::remove(path, &t).map_err(|e| fail(&t, e))?;
    test_fail(path, &d).map_err(|e| fail(&d, e))?;
    sys::set(path, &d, hex::encode(&tag.digest).as_bytes()).map_err(|e| fail(&d, e))?;
    test_fail(path, &t).map_err(|e| fail(&t, e))?;
    sys::set(path, &t, format_time(tag.mtime).as_bytes()).map_err(|e| fail(&t, e))
}

/// Whether this platform has extended attributes khsum can use.
pub const SUPPORTED: bool = sys::SUPPORTED;

#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
mod sys {
    use std::path::Path;

    pub const SUPPORTED: bool = true;

    pub fn get(path: &Path, name: &str) -> Option<Vec<u8>> {
        // Both attributes are short: 128 bytes hold a 64-byte digest in hex.
        let mut buf = vec![0u8; 256];
        let n = rustix::fs::getxattr(path, name, &mut buf[..]).ok()?;
        buf.truncate(n);
        Some(buf)
    }

    pub fn set(path: &Path, name: &str, value: &[u8]) -> std::io::Result<()> {
        rustix::fs::setxattr(path, name, value, rustix::fs::XattrFlags::empty()).map_err(Into::into)
    }

    pub fn unsupported(e: &std::io::Error) -> bool {
        e.raw_os_error() == Some(rustix::io::Errno::NOTSUP.raw_os_error())
    }

    pub fn remove(path: &Path, name: &str) -> std::io::Result<()> {
        match rustix::fs::removexattr(path, name) {
            Ok(()) => Ok(()),
            // Not there (ENODATA; macOS says ENOATTR).
            Err(e) if e == rustix::io::Errno::NODATA => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
mod sys {
    use std::path::Path;

    pub const SUPPORTED: bool = false;

    pub fn get(_: &Path, _: &str) -> Option<Vec<u8>> {
        None
    }

    pub fn unsupported(e: &std::io::Error) -> bool {
        e.kind() == std::io::ErrorKind::Unsupported
    }

    pub fn set(_: &Path, _: &str, _: &[u8]) -> std::io::Result<()> {
        Err(std::io::ErrorKind::Unsupported.into())
    }

    pub fn remove(_: &Path, _: &str) -> std::io::Result<()> {
        Err(std::io::ErrorKind::Unsupported.into())
    }
}

/// A test hook (debug builds only): `KHSUM_TEST_XATTR_FAIL=PATH:ATTRIBUTE:ERRNO` makes the
/// write of that attribute on that file fail with that error number (as a full disk,
/// ENOSPC 28, or a refused write, EPERM 1, do).
#[cfg(debug_assertions)]
fn test_fail(path: &Path, attribute: &str) -> std::io::Result<()> {
    let Some(v) = std::env::var_os("KHSUM_TEST_XATTR_FAIL") else {
        return Ok(());
    };
    let v = v.to_string_lossy().into_owned();
    let mut parts = v.rsplitn(3, ':');
    let (Some(errno), Some(attr), Some(p)) = (parts.next(), parts.next(), parts.next()) else {
        return Ok(());
    };
    match errno.parse::<i32>() {
        Ok(n) if attr == attribute && Path::new(p) == path => {
            Err(std::io::Error::from_raw_os_error(n))
        }
        _ => Ok(()),
    }
}

#[cfg(not(debug_assertions))]
fn test_fail(_: &Path, _: &str) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_as_cshatag_writes_and_reads_them() {
        assert_eq!(
            format_time(1_560_177_334_020_775_051),
            "1560177334.020775051"
        );
        assert_eq!(format_time(5_000_000_007), "0000000005.000000007");
        assert_eq!(
            parse_time(b"1560177334.020775051"),
            Some(1_560_177_334_020_775_051)
        );
        assert_eq!(parse_time(b"12"), Some(12_000_000_000));
        assert_eq!(parse_time(b"1.5"), Some(1_000_000_005));
        for bad in [
            &b""[..],
            b"x",
            b"1.",
            b".5",
            b"1.0123456789",
            b"-1.0",
            b"1 .0",
        ] {
            assert_eq!(parse_time(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn digests_past_their_length_are_ignored() {
        let hex = "ab".repeat(32);
        assert_eq!(parse_digest(hex.as_bytes(), 32), Some(vec![0xab; 32]));
        assert_eq!(
            parse_digest(format!("{hex}\n").as_bytes(), 32),
            Some(vec![0xab; 32])
        );
        assert_eq!(parse_digest(&hex.as_bytes()[..63], 32), None);
        assert_eq!(parse_digest("zz".repeat(32).as_bytes(), 32), None);
    }
}
