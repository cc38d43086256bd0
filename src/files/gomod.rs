//! go.sum's `h1:` hashes: Go's `dirhash.Hash1` of a module tree (`dirhash.HashDir`) or of
//! a module zip (`dirhash.HashZip`), as `golang.org/x/mod/sumdb/dirhash` computes them.
//!
//! Hash1 is SHA-256 over a `sha256sum`-style summary: for every file, sorted by name as
//! bytes, `HEX  NAME\n` with the file's SHA-256; NAME is `MODULE@VERSION/` and the path
//! below the tree, with `/` separators. In a zip the names are the entries' own (Go's
//! module zips carry the prefix), every entry counted. The result is written
//! `h1:BASE64` ([`h1`]).

use crate::files::names::path_bytes;
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a module's hash cannot be computed.
#[derive(Debug)]
pub enum GoError {
    /// A name holds a newline, which `dirhash` refuses.
    Newline(Vec<u8>),
    /// Reading `path` (a file, the tree or the zip) failed.
    Io {
        path: Vec<u8>,
        error: std::io::Error,
    },
    /// The zip cannot be read: what is wrong with it.
    Zip(&'static str),
    /// The tree argument is a file: a module tree is a directory.
    NotADirectory(Vec<u8>),
}

impl std::fmt::Display for GoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |n: &[u8]| crate::files::names::quote(n);
        match self {
            GoError::Newline(n) => write!(
                f,
                "{}: a name with a newline, which dirhash refuses",
                name(n)
            ),
            GoError::Io { path, error } => write!(
                f,
                "{}: {}",
                name(path),
                crate::files::io::describe_io_error(error)
            ),
            GoError::Zip(why) => write!(f, "not a zip archive go reads: {why}"),
            GoError::NotADirectory(n) => write!(f, "{}: not a directory", name(n)),
        }
    }
}

/// `h1:` and the base64 of a Hash1 digest, as go.sum writes it.
pub fn h1(digest: &[u8; 32]) -> String {
    use base64::Engine;
    format!(
        "h1:{}",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// Hash1 over `files` (names and their contents' SHA-256), sorted by name.
fn hash1(mut files: Vec<(Vec<u8>, [u8; 32])>) -> Result<[u8; 32], GoError> {
    files.sort_by(|a, b| a.0.cmp(&b.0));
    let mut h = Sha256::new();
    for (name, digest) in &files {
        if name.contains(&b'\n') {
            return Err(GoError::Newline(name.clone()));
        }
        h.update(hex::encode(digest).as_bytes());
        h.update(b"  ");
        h.update(name);
        h.update(b"\n");
    }
    Ok(h.finalize().into())
}

/// The SHA-256 of what `r` reads.
fn sha256_of(mut r: impl Read) -> std::io::Result<[u8; 32]> {
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        match r.read(&mut buf) {
            Ok(0) => return Ok(h.finalize().into()),
            Ok(n) => h.update(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// `dirhash.HashDir(dir, prefix, Hash1)`: every entry below `dir` that is not a directory
/// (a symbolic link included, read through), named `prefix/PATH`.
///
/// # Errors
/// A name with a newline, a tree or file that cannot be read, `dir` not a directory.
pub fn hash_dir(dir: &Path, prefix: &str) -> Result<[u8; 32], GoError> {
    let io = |path: &Path, error| GoError::Io {
        path: path_bytes(path).into_owned(),
        error,
    };
    let meta = std::fs::metadata(dir).map_err(|e| io(dir, e))?;
    if !meta.is_dir() {
        return Err(GoError::NotADirectory(path_bytes(dir).into_owned()));
    }
    let prefix = prefix.trim_end_matches('/');
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir).follow_links(false) {
        let entry = entry.map_err(|e| {
            let path = e
                .path()
                .map_or_else(|| dir.to_path_buf(), Path::to_path_buf);
            io(&path, e.into())
        })?;
        if entry.file_type().is_dir() {
            continue;
        }
        let rel: PathBuf = entry
            .path()
            .strip_prefix(dir)
            .expect("below the walk's root")
            .to_path_buf();
        let mut name: Vec<u8> = Vec::new();
        if !prefix.is_empty() {
            name.extend_from_slice(prefix.as_bytes());
            name.push(b'/');
        }
        for (i, part) in rel.components().enumerate() {
            if i > 0 {
                name.push(b'/');
            }
            name.extend_from_slice(&path_bytes(Path::new(part.as_os_str())));
        }
        let f = std::fs::File::open(entry.path()).map_err(|e| io(entry.path(), e))?;
        let digest = sha256_of(f).map_err(|e| io(entry.path(), e))?;
        files.push((name, digest));
    }
    hash1(files)
}

/// `dirhash.HashZip(zip, Hash1)`: every entry of the zip under its own name, its
/// contents inflated and checked against the entry's CRC-32 and size, as Go's
/// `archive/zip` checks them. (ZIP64 archives, which Go writes only past 65,535 entries
/// or 4 GiB, are refused.)
///
/// # Errors
/// A zip that cannot be read or does not hold together, a name with a newline.
pub fn hash_zip(path: &Path) -> Result<[u8; 32], GoError> {
    let io = |error| GoError::Io {
        path: path_bytes(path).into_owned(),
        error,
    };
    let data = std::fs::read(path).map_err(io)?;
    let entries = zip_entries(&data)?;
    // A name given twice reads the last entry of that name, as Go's map of them does.
    let mut last: std::collections::HashMap<&[u8], &ZipEntry<'_>> = Default::default();
    for e in &entries {
        last.insert(e.name, e);
    }
    let mut files = Vec::with_capacity(entries.len());
    for e in &entries {
        let digest = last[e.name].sha256(&data)?;
        files.push((e.name.to_vec(), digest));
    }
    hash1(files)
}

/// One entry of a zip's central directory.
struct ZipEntry<'a> {
    name: &'a [u8],
    method: u16,
    flags: u16,
    crc: u32,
    compressed: u64,
    size: u64,
    local: u64,
}

fn u16_at(d: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(d.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(d: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(d.get(at..at + 4)?.try_into().ok()?))
}

/// The central directory's entries, in order.
fn zip_entries(d: &[u8]) -> Result<Vec<ZipEntry<'_>>, GoError> {
    const END: u32 = 0x0605_4b50;
    const CENTRAL: u32 = 0x0201_4b50;
    let bad = GoError::Zip;
    // The end record: 22 bytes and a comment of up to 65,535, at the end.
    let low = d.len().saturating_sub(22 + 65535);
    let end = (low..=d.len().saturating_sub(22))
        .rev()
        .find(|&i| u32_at(d, i) == Some(END))
        .ok_or(bad("no end of central directory record"))?;
    let count = u16_at(d, end + 10).ok_or(bad("truncated"))?;
    let dir_size = u32_at(d, end + 12).ok_or(bad("truncated"))?;
    let dir_at = u32_at(d, end + 16).ok_or(bad("truncated"))?;
    if count == 0xffff || dir_size == u32::MAX || dir_at == u32::MAX {
        return Err(bad("ZIP64 archives are not read"));
    }
    let mut at = dir_at as usize;
    let mut out = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        if u32_at(d, at) != Some(CENTRAL) {
            return Err(bad("a central directory entry is damaged"));
        }
        let field = |off| u16_at(d, at + off).ok_or(bad("truncated"));
        let word = |off| u32_at(d, at + off).ok_or(bad("truncated"));
        let (n, m, k) = (
            usize::from(field(28)?),
            usize::from(field(30)?),
            usize::from(field(32)?),
        );
        let name = d.get(at + 46..at + 46 + n).ok_or(bad("truncated"))?;
        let e = ZipEntry {
            name,
            flags: field(8)?,
            method: field(10)?,
            crc: word(16)?,
            compressed: u64::from(word(20)?),
            size: u64::from(word(24)?),
            local: u64::from(word(42)?),
        };
        if [e.compressed, e.size, e.local].contains(&u64::from(u32::MAX)) {
            return Err(bad("ZIP64 archives are not read"));
        }
        out.push(e);
        at += 46 + n + m + k;
    }
    Ok(out)
}

impl ZipEntry<'_> {
    /// The SHA-256 of the entry's contents, inflated and checked.
    fn sha256(&self, d: &[u8]) -> Result<[u8; 32], GoError> {
        const LOCAL: u32 = 0x0403_4b50;
        let bad = GoError::Zip;
        if self.flags & 1 != 0 {
            return Err(bad("an entry is encrypted"));
        }
        let at = usize::try_from(self.local).map_err(|_| bad("truncated"))?;
        if u32_at(d, at) != Some(LOCAL) {
            return Err(bad("a local file header is damaged"));
        }
        let n = usize::from(u16_at(d, at + 26).ok_or(bad("truncated"))?);
        let m = usize::from(u16_at(d, at + 28).ok_or(bad("truncated"))?);
        let start = at + 30 + n + m;
        let len = usize::try_from(self.compressed).map_err(|_| bad("truncated"))?;
        let raw = d.get(start..start + len).ok_or(bad("truncated"))?;
        // Go's archive/zip checks the inflated data's length and CRC-32.
        let mut plain = Plain {
            crc: crc_fast::Digest::new(crc_fast::CrcAlgorithm::Crc32IsoHdlc),
            size: 0,
        };
        let digest = match self.method {
            0 => sha256_of(Tee {
                inner: raw,
                plain: &mut plain,
            }),
            8 => sha256_of(Tee {
                inner: flate2::read::DeflateDecoder::new(raw).take(self.size + 1),
                plain: &mut plain,
            }),
            _ => return Err(bad("an entry uses a compression method other than DEFLATE")),
        }
        .map_err(|_| bad("an entry's compressed data is damaged"))?;
        if plain.size != self.size {
            return Err(bad("an entry's size does not match its header"));
        }
        if plain.crc.finalize() as u32 != self.crc {
            return Err(bad("an entry's CRC-32 does not match its data"));
        }
        Ok(digest)
    }
}

/// The CRC-32 and length of the plain data read through a [`Tee`].
struct Plain {
    crc: crc_fast::Digest,
    size: u64,
}

/// A reader that counts what passes into [`Plain`].
struct Tee<'p, R> {
    inner: R,
    plain: &'p mut Plain,
}

impl<R: Read> Read for Tee<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.plain.crc.update(&buf[..n]);
        self.plain.size += n as u64;
        Ok(n)
    }
}
