//! Keys: loaded from a file, standard input or an environment variable (never from the
//! command line), held in memory that is wiped when the last user drops it.
//!
//! Key file format, by the algorithm's [`KeyRule`]:
//! - fixed length `n`: exactly `n` raw bytes, or `2n` hex digits (either case) with an
//!   optional trailing newline;
//! - any length (HMAC): hex digits (an even, non-zero number, optional trailing newline)
//!   are decoded; any other non-empty content is the key's raw bytes;
//! - as long as the message (Multimixer-128): the file's raw bytes; large key files are
//!   memory-mapped rather than read.
//!
//! An environment variable always holds hex digits.

use std::fmt;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;
use zeroize::Zeroizing;

pub use crate::spec::KeyRule;

/// Key bytes, shared cheaply between hashers and wiped on drop.
#[derive(Clone)]
pub struct Key(Arc<Store>);

enum Store {
    Owned(Zeroizing<Vec<u8>>),
    /// A large key file (Multimixer-128), mapped: the open file and its state when mapped,
    /// so [`Key::unchanged`] can tell whether it changed since.
    #[cfg(unix)]
    Mapped {
        map: crate::io::MappedFile,
        file: std::fs::File,
        stamp: crate::io::Stamp,
    },
}

/// The most bytes a key file may hold for a rule that has no maximum of its own when it
/// is read rather than mapped: a Multimixer-128 key from a pipe or standard input, and key
/// material read before the algorithm is known (`check` without `-a`). A longer regular
/// file is memory-mapped instead (from [`MAP_KEY_MIN`] bytes on).
pub const READ_KEY_MAX: usize = 64 << 20;

/// The most bytes an HMAC key file may hold (HMAC hashes a key longer than its block
/// down to one digest, so longer keys add nothing).
pub const ANY_KEY_MAX: usize = 64 << 10;

/// Key files at least this large are memory-mapped (Multimixer-128 keys, and key material
/// read before the algorithm is known).
pub const MAP_KEY_MIN: u64 = 1 << 20;

impl KeyRule {
    /// The most bytes a key file for this rule may hold when it is read: `2n` hex digits
    /// and a CRLF for a fixed-length key, [`ANY_KEY_MAX`] for HMAC, [`READ_KEY_MAX`] for a
    /// key as long as the message (a longer one must be a regular file, which is mapped).
    /// Key files are read up to one byte more, so a longer file (`/dev/zero`) is an error
    /// after at most that many bytes, never an unbounded read.
    pub fn file_limit(self) -> usize {
        match self {
            KeyRule::None => 0,
            KeyRule::Fixed(n) => 2 * n + 2,
            KeyRule::Any => ANY_KEY_MAX,
            KeyRule::SameAsMessage => READ_KEY_MAX,
        }
    }
}

/// Why [`read_bounded`] stopped.
#[derive(Debug)]
pub enum ReadError {
    /// More than the limit (the limit).
    TooLong(usize),
    /// A read failed.
    Io(std::io::Error),
    /// Memory for this many bytes could not be allocated.
    OutOfMemory(usize),
}

/// Reads everything `r` yields, up to `limit` bytes, into memory that is wiped when
/// dropped — also every smaller buffer it outgrew (growing is done here, by a copy into a
/// larger wiped buffer, never by a reallocation that would leave the old bytes behind).
/// `hint` is the expected size (a regular file's), to allocate once. An allocation that
/// fails is an error, not an abort.
///
/// # Errors
/// More than `limit` bytes, a read error, or no memory.
pub fn read_bounded(
    mut r: impl Read,
    limit: usize,
    hint: u64,
) -> Result<Zeroizing<Vec<u8>>, ReadError> {
    let alloc = |n: usize| -> Result<Zeroizing<Vec<u8>>, ReadError> {
        let mut v = Vec::new();
        v.try_reserve_exact(n)
            .map_err(|_| ReadError::OutOfMemory(n))?;
        v.resize(n, 0);
        Ok(Zeroizing::new(v))
    };
    // One byte past the limit tells a file that is too long.
    let cap_max = limit.saturating_add(1);
    let first = usize::try_from(hint)
        .unwrap_or(usize::MAX)
        .saturating_add(1)
        .clamp(64.min(cap_max), cap_max);
    let mut buf = alloc(first)?;
    let mut len = 0;
    loop {
        if len == buf.len() {
            if len >= cap_max {
                return Err(ReadError::TooLong(limit));
            }
            let mut bigger = alloc(buf.len().saturating_mul(2).min(cap_max))?;
            bigger[..len].copy_from_slice(&buf[..len]);
            // The old buffer is wiped as it is dropped here.
            buf = bigger;
        }
        match r.read(&mut buf[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(ReadError::Io(e)),
        }
    }
    if len > limit {
        return Err(ReadError::TooLong(limit));
    }
    // Shortening keeps the allocation (wiped whole on drop).
    buf.truncate(len);
    Ok(buf)
}

impl Key {
    /// A key from bytes already in memory (taken over, wiped on drop).
    pub fn from_bytes(bytes: Vec<u8>) -> Key {
        Key(Arc::new(Store::Owned(Zeroizing::new(bytes))))
    }

    /// A key from bytes already in wiped memory (taken over without a copy).
    pub fn from_secret(bytes: Zeroizing<Vec<u8>>) -> Key {
        Key(Arc::new(Store::Owned(bytes)))
    }

    /// The key bytes.
    pub fn bytes(&self) -> &[u8] {
        match &*self.0 {
            Store::Owned(v) => v,
            #[cfg(unix)]
            Store::Mapped { map, .. } => map.bytes(),
        }
    }

    /// The key length in bytes.
    pub fn len(&self) -> usize {
        self.bytes().len()
    }

    /// Whether the key is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether this key is what it was when it was loaded: always for a key in memory; for
    /// a memory-mapped key file, whether no read of it ran past the end of the file (it
    /// was truncated: the SIGBUS guard gave zeros instead) and its size, times and inode
    /// (`fstat` of the open file) are those it had when it was mapped. A hasher that read
    /// the key calls this after its last read (Multimixer-128 at `finish_into`): a key
    /// that changed while it was read gives an error, never a tag.
    pub fn unchanged(&self) -> bool {
        match &*self.0 {
            Store::Owned(_) => true,
            #[cfg(unix)]
            Store::Mapped { map, file, stamp } => {
                !map.faulted()
                    && file
                        .metadata()
                        .is_ok_and(|m| crate::io::Stamp::of(&m) == *stamp)
            }
        }
    }

    /// Whether the two keys share their bytes (one is a clone of the other: no copy).
    pub fn same_bytes(&self, other: &Key) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Loads a key for `rule` from a file; `-` reads standard input.
    ///
    /// The file is opened once and everything else is done on the open file: its type and
    /// size come from `fstat`, a Multimixer-128 key file of at least [`MAP_KEY_MIN`] bytes
    /// is mapped to that size (see [`Key::unchanged`]), and any other key is read once,
    /// at most [`KeyRule::file_limit`] bytes, into wiped memory.
    ///
    /// # Errors
    /// Unreadable file, content that does not fit the rule (the message says what the
    /// expected form is), or a file longer than the rule allows.
    pub fn from_file(path: &Path, rule: KeyRule) -> Result<Key, KeyError> {
        let err = |reason: String| KeyError {
            source: path.to_string_lossy().into_owned(),
            reason,
        };
        if rule == KeyRule::None {
            return Err(err("this algorithm takes no key".into()));
        }
        let raw = load(path, rule.file_limit(), rule == KeyRule::SameAsMessage)
            .map_err(|e| err(describe_read_error(e, rule)))?;
        decode(&raw, rule).map_err(err)
    }

    /// The raw contents of a key file (`-` reads standard input), read once and wiped on
    /// drop, for decoding later with [`Key::from_file_contents`] once the algorithm (and
    /// so the key rule) is known; at most [`READ_KEY_MAX`] bytes. ([`Material`] does the
    /// same without copying the bytes per algorithm.)
    ///
    /// # Errors
    /// A directory, a file that cannot be read, or one that is too long.
    pub fn read_file(path: &Path) -> Result<Zeroizing<Vec<u8>>, KeyError> {
        let err = |reason: String| KeyError {
            source: path.to_string_lossy().into_owned(),
            reason,
        };
        let raw = load(path, READ_KEY_MAX, false)
            .map_err(|e| err(describe_read_error(e, KeyRule::SameAsMessage)))?;
        Ok(Zeroizing::new(raw.bytes().to_vec()))
    }

    /// Decodes the contents of a key file for `rule` (see the module documentation).
    ///
    /// # Errors
    /// Content that does not fit the rule; the text says what was expected.
    pub fn from_file_contents(contents: Vec<u8>, rule: KeyRule) -> Result<Key, String> {
        decode(&Key::from_bytes(contents), rule)
    }

    /// Loads a key for `rule` from the hex digits in environment variable `var`.
    ///
    /// # Errors
    /// The variable is unset, not Unicode, not hex, or of the wrong length.
    pub fn from_env(var: &str, rule: KeyRule) -> Result<Key, KeyError> {
        Key::from_env_text(var, &Key::read_env(var)?, rule)
    }

    /// The text of environment variable `var`, read once (wiped on drop).
    ///
    /// # Errors
    /// The variable is unset or not Unicode.
    pub fn read_env(var: &str) -> Result<Zeroizing<String>, KeyError> {
        let err = |reason: &str| KeyError {
            source: format!("${var}"),
            reason: reason.into(),
        };
        match std::env::var(var) {
            Ok(v) => Ok(Zeroizing::new(v)),
            Err(std::env::VarError::NotPresent) => Err(err("not set")),
            Err(std::env::VarError::NotUnicode(_)) => Err(err("not valid hex text")),
        }
    }

    /// Decodes the hex text of environment variable `var` (read with [`Key::read_env`])
    /// for `rule`: no I/O.
    ///
    /// # Errors
    /// Not hex, or of the wrong length.
    pub fn from_env_text(var: &str, text: &str, rule: KeyRule) -> Result<Key, KeyError> {
        let err = |reason: String| KeyError {
            source: format!("${var}"),
            reason,
        };
        let text = strip_newline(text.as_bytes());
        let bytes = decode_hex(text).ok_or_else(|| {
            err(format!(
                "must hold the key as hex digits{}",
                expected_hex(rule)
            ))
        })?;
        check_len(&bytes, rule).map_err(err)?;
        Ok(Key(Arc::new(Store::Owned(bytes))))
    }
}

/// Key material read once, before the algorithms that use it are known (`check` without
/// `-a`: each labelled algorithm's key is decoded from it without further I/O). Decoding
/// shares the material's bytes when they are the key as they are (raw bytes, a
/// Multimixer-128 key), so no copy of the key is made per algorithm.
#[derive(Clone)]
pub struct Material {
    source: String,
    raw: Key,
}

impl Material {
    /// Reads a key file (`-`: standard input) once: a regular file of at least
    /// [`MAP_KEY_MIN`] bytes is mapped (its use is checked by [`Key::unchanged`]), anything
    /// else read into wiped memory, at most [`READ_KEY_MAX`] bytes.
    ///
    /// # Errors
    /// A directory, a file that cannot be read, or one that is too long.
    pub fn read_file(path: &Path) -> Result<Material, KeyError> {
        let source = path.to_string_lossy().into_owned();
        let raw = load(path, READ_KEY_MAX, true).map_err(|e| KeyError {
            source: source.clone(),
            reason: describe_read_error(e, KeyRule::SameAsMessage),
        })?;
        Ok(Material { source, raw })
    }

    /// Key material already in memory (`--keyed`'s bytes), named `source` in messages.
    pub fn from_bytes(source: impl Into<String>, bytes: Zeroizing<Vec<u8>>) -> Material {
        Material {
            source: source.into(),
            raw: Key::from_secret(bytes),
        }
    }

    /// The key for `rule`, decoded from the material (no I/O).
    ///
    /// # Errors
    /// The material does not fit the rule: `SOURCE: reason`.
    pub fn key_for(&self, rule: KeyRule) -> Result<Key, KeyError> {
        decode(&self.raw, rule).map_err(|reason| KeyError {
            source: self.source.clone(),
            reason,
        })
    }
}

/// Opens a key file once and reads or maps it (see [`Key::from_file`]): at most `limit`
/// bytes are read; with `map`, a regular file of at least [`MAP_KEY_MIN`] bytes is mapped
/// to its `fstat` size instead.
fn load(path: &Path, limit: usize, map: bool) -> Result<Key, ReadError> {
    if path.as_os_str() == "-" {
        // Past std's buffer: the key passes through wiped memory alone.
        let stdin = crate::io::stdin_direct().map_err(ReadError::Io)?;
        return read_bounded(stdin, limit, 0).map(|b| Key(Arc::new(Store::Owned(b))));
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if meta.is_dir() {
        return Err(ReadError::Io(std::io::Error::other("Is a directory")));
    }
    #[cfg(unix)]
    if map && meta.is_file() && meta.len() >= MAP_KEY_MIN {
        let map = crate::io::MappedFile::map(&file, meta.len()).map_err(ReadError::Io)?;
        let stamp = crate::io::Stamp::of(&meta);
        return Ok(Key(Arc::new(Store::Mapped { map, file, stamp })));
    }
    #[cfg(not(unix))]
    let _ = map;
    let hint = if meta.is_file() { meta.len() } else { 0 };
    read_bounded(&file, limit, hint).map(|b| Key(Arc::new(Store::Owned(b))))
}

/// The text of a [`ReadError`] for a key file of `rule`.
fn describe_read_error(e: ReadError, rule: KeyRule) -> String {
    match e {
        ReadError::Io(e) => crate::io::describe_io_error(&e),
        ReadError::OutOfMemory(n) => format!("out of memory reading the key ({n} bytes)"),
        ReadError::TooLong(limit) => match rule {
            KeyRule::Fixed(n) => format!(
                "expected a {n}-byte key: {n} raw bytes or {} hex digits (file has more than {limit} bytes)",
                2 * n
            ),
            KeyRule::SameAsMessage => format!(
                "key file too long (more than {limit} bytes are read into memory; a longer key must be a regular file, which is memory-mapped)"
            ),
            _ => format!("key file too long (more than {limit} bytes)"),
        },
    }
}

/// Why a key could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyError {
    /// The key's source: a file name or `$VAR`.
    pub source: String,
    /// What is wrong and what was expected.
    pub reason: String,
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.source, self.reason)
    }
}

impl std::error::Error for KeyError {}

fn strip_newline(b: &[u8]) -> &[u8] {
    let b = b.strip_suffix(b"\n").unwrap_or(b);
    b.strip_suffix(b"\r").unwrap_or(b)
}

fn decode_hex(text: &[u8]) -> Option<Zeroizing<Vec<u8>>> {
    if text.is_empty() || !text.len().is_multiple_of(2) {
        return None;
    }
    let mut out = Zeroizing::new(vec![0u8; text.len() / 2]);
    hex::decode_to_slice(text, &mut out).ok()?;
    Some(out)
}

fn expected_hex(rule: KeyRule) -> String {
    match rule {
        KeyRule::Fixed(n) => format!(" ({} hex digits for a {n}-byte key)", 2 * n),
        _ => String::new(),
    }
}

fn check_len(bytes: &[u8], rule: KeyRule) -> Result<(), String> {
    match rule {
        KeyRule::Fixed(n) if bytes.len() != n => Err(format!(
            "expected a {n}-byte key, got {} bytes",
            bytes.len()
        )),
        _ if bytes.is_empty() => Err("key is empty".into()),
        _ => Ok(()),
    }
}

/// Decodes key-file contents for `rule`: the contents themselves (shared, not copied)
/// when they are the key's raw bytes, else the hex digits they hold, decoded.
fn decode(raw: &Key, rule: KeyRule) -> Result<Key, String> {
    let buf = raw.bytes();
    if buf.is_empty() {
        return Err("key file is empty".into());
    }
    let limit = rule.file_limit();
    if rule != KeyRule::SameAsMessage && buf.len() > limit {
        return Err(describe_read_error(ReadError::TooLong(limit), rule));
    }
    let owned = |b: Zeroizing<Vec<u8>>| Key(Arc::new(Store::Owned(b)));
    Ok(match rule {
        KeyRule::Fixed(n) if buf.len() == n => raw.clone(),
        KeyRule::Fixed(n) => match decode_hex(strip_newline(buf)) {
            Some(b) if b.len() == n => owned(b),
            _ => {
                return Err(format!(
                    "expected a {n}-byte key: {n} raw bytes or {} hex digits (file has {} bytes)",
                    2 * n,
                    buf.len()
                ));
            }
        },
        KeyRule::Any => decode_hex(strip_newline(buf)).map_or_else(|| raw.clone(), owned),
        KeyRule::SameAsMessage | KeyRule::None => raw.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(b: &[u8], rule: KeyRule) -> Result<Vec<u8>, String> {
        decode(&Key::from_bytes(b.to_vec()), rule).map(|k| k.bytes().to_vec())
    }

    #[test]
    fn fixed_raw_and_hex() {
        let raw: Vec<u8> = (0..16).collect();
        assert_eq!(dec(&raw, KeyRule::Fixed(16)).unwrap(), raw);
        let hexed = format!("{}\n", hex::encode(&raw));
        assert_eq!(dec(hexed.as_bytes(), KeyRule::Fixed(16)).unwrap(), raw);
        let upper = hex::encode_upper(&raw);
        assert_eq!(dec(upper.as_bytes(), KeyRule::Fixed(16)).unwrap(), raw);
        assert_eq!(
            dec(b"abc", KeyRule::Fixed(16)).unwrap_err(),
            "expected a 16-byte key: 16 raw bytes or 32 hex digits (file has 3 bytes)"
        );
        let bad = "zz".repeat(16);
        assert!(dec(bad.as_bytes(), KeyRule::Fixed(16)).is_err());
        assert_eq!(
            dec(b"", KeyRule::Fixed(16)).unwrap_err(),
            "key file is empty"
        );
    }

    /// An endless reader stops one byte past the limit; a reader of exactly the limit is
    /// read whole; growing is done in wiped buffers of doubling size; an impossible
    /// allocation is an error, not an abort.
    #[test]
    fn bounded_reads() {
        let endless = std::io::repeat(7);
        assert!(matches!(
            read_bounded(endless, 1000, 0),
            Err(ReadError::TooLong(1000))
        ));
        let data: Vec<u8> = (0..1000u32).map(|i| i as u8).collect();
        assert_eq!(&read_bounded(&data[..], 1000, 0).unwrap()[..], &data[..]);
        assert_eq!(&read_bounded(&data[..], 5000, 1000).unwrap()[..], &data[..]);
        assert!(matches!(
            read_bounded(&data[..], 999, 0),
            Err(ReadError::TooLong(999))
        ));
        assert!(matches!(
            read_bounded(&data[..], usize::MAX / 2, u64::MAX / 4),
            Err(ReadError::OutOfMemory(_))
        ));
        assert_eq!(KeyRule::Fixed(32).file_limit(), 66);
    }

    /// Key material read once is shared, not copied, by every algorithm whose key is its
    /// raw bytes; hex material is decoded per rule.
    #[test]
    fn material_is_shared_not_copied() {
        let d = tempfile::TempDir::new().unwrap();
        let raw: Vec<u8> = (100..132).collect();
        std::fs::write(d.path().join("k"), &raw).unwrap();
        let m = Material::read_file(&d.path().join("k")).unwrap();
        let a = m.key_for(KeyRule::Fixed(32)).unwrap();
        let b = m.key_for(KeyRule::Any).unwrap();
        let c = m.key_for(KeyRule::SameAsMessage).unwrap();
        assert!(a.same_bytes(&b) && b.same_bytes(&c));
        assert_eq!(a.bytes(), &raw[..]);
        assert_eq!(
            m.key_for(KeyRule::Fixed(16)).err().unwrap().reason,
            "expected a 16-byte key: 16 raw bytes or 32 hex digits (file has 32 bytes)"
        );
        std::fs::write(d.path().join("h"), hex::encode(&raw)).unwrap();
        let m = Material::read_file(&d.path().join("h")).unwrap();
        let a = m.key_for(KeyRule::Fixed(32)).unwrap();
        assert_eq!(a.bytes(), &raw[..]);
        assert_eq!(m.key_for(KeyRule::Any).unwrap().bytes(), &raw[..]);
    }

    /// A mapped key file: unchanged until it is rewritten or truncated under the map.
    #[cfg(unix)]
    #[test]
    fn mapped_key_notices_changes() {
        let d = tempfile::TempDir::new().unwrap();
        let path = d.path().join("k");
        std::fs::write(&path, vec![1u8; MAP_KEY_MIN as usize]).unwrap();
        let k = Key::from_file(&path, KeyRule::SameAsMessage).unwrap();
        assert!(matches!(&*k.0, Store::Mapped { .. }));
        assert!(k.unchanged());
        let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(4096).unwrap();
        assert!(!k.unchanged());
        // Reading past the new end faults: zeros, and the flag stays.
        assert_eq!(k.bytes()[MAP_KEY_MIN as usize - 1], 0);
        assert!(!k.unchanged());
    }

    #[test]
    fn any_length() {
        assert_eq!(dec(b"6b6579\n", KeyRule::Any).unwrap(), b"key");
        assert_eq!(dec(b"secret", KeyRule::Any).unwrap(), b"secret");
        assert!(dec(b"", KeyRule::Any).is_err());
    }
}
