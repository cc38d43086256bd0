//! Keys: held in memory that is wiped when the last user drops it (or in a mapped key
//! file, [`Backing`]), decoded from a key file's contents or an environment variable
//! (never from the command line). Reading key files is `crate::files::keyfile`'s.
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
use std::sync::Arc;
use zeroize::Zeroizing;

pub use crate::spec::KeyRule;

/// Key bytes, shared cheaply between hashers and wiped on drop.
#[derive(Clone)]
pub struct Key(Arc<Store>);

enum Store {
    Owned(Zeroizing<Vec<u8>>),
    /// Bytes held elsewhere: a large key file (Multimixer-128), mapped.
    Backed(Box<dyn Backing>),
}

/// Key bytes held outside the key's own memory (a memory-mapped key file,
/// `crate::files::keyfile`), which may change under the key.
pub trait Backing: Send + Sync {
    /// The key bytes.
    fn bytes(&self) -> &[u8];
    /// Whether the bytes are still what they were when the key was made
    /// ([`Key::unchanged`]).
    fn unchanged(&self) -> bool;
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

impl Key {
    /// A key from bytes already in memory (taken over, wiped on drop).
    pub fn from_bytes(bytes: Vec<u8>) -> Key {
        Key(Arc::new(Store::Owned(Zeroizing::new(bytes))))
    }

    /// A key from bytes already in wiped memory (taken over without a copy).
    pub fn from_secret(bytes: Zeroizing<Vec<u8>>) -> Key {
        Key(Arc::new(Store::Owned(bytes)))
    }

    /// A key whose bytes are held elsewhere (a mapped key file).
    pub fn from_backing(backing: Box<dyn Backing>) -> Key {
        Key(Arc::new(Store::Backed(backing)))
    }

    /// The key bytes.
    pub fn bytes(&self) -> &[u8] {
        match &*self.0 {
            Store::Owned(v) => v,
            Store::Backed(b) => b.bytes(),
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

    /// Whether this key is what it was when it was loaded: always for a key in memory;
    /// for one held elsewhere, what its [`Backing`] says (a mapped key file: no read ran
    /// past its end, and its size, times and inode are those it had when it was mapped).
    /// A hasher that read the key calls this after its last read (Multimixer-128 at
    /// `finish_into`): a key that changed while it was read gives an error, never a tag.
    pub fn unchanged(&self) -> bool {
        match &*self.0 {
            Store::Owned(_) => true,
            Store::Backed(b) => b.unchanged(),
        }
    }

    /// Whether the two keys share their bytes (one is a clone of the other: no copy).
    pub fn same_bytes(&self, other: &Key) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
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
    /// Key material already in memory (`--keyed`'s bytes), named `source` in messages.
    pub fn from_bytes(source: impl Into<String>, bytes: Zeroizing<Vec<u8>>) -> Material {
        Material::new(source, Key::from_secret(bytes))
    }

    /// Key material as read (a key file's contents, raw), named `source` in messages.
    pub fn new(source: impl Into<String>, raw: Key) -> Material {
        Material {
            source: source.into(),
            raw,
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

/// What a key file longer than `limit` bytes for `rule` is told.
pub fn too_long(limit: usize, rule: KeyRule) -> String {
    match rule {
        KeyRule::Fixed(n) => format!(
            "expected a {n}-byte key: {n} raw bytes or {} hex digits (file has more than {limit} bytes)",
            2 * n
        ),
        KeyRule::SameAsMessage => format!(
            "key file too long (more than {limit} bytes are read into memory; a longer key must be a regular file, which is memory-mapped)"
        ),
        _ => format!("key file too long (more than {limit} bytes)"),
    }
}

/// Decodes key-file contents for `rule`: the contents themselves (shared, not copied)
/// when they are the key's raw bytes, else the hex digits they hold, decoded.
///
/// # Errors
/// Contents that do not fit the rule; the text says what was expected.
pub fn decode(raw: &Key, rule: KeyRule) -> Result<Key, String> {
    let buf = raw.bytes();
    if buf.is_empty() {
        return Err("key file is empty".into());
    }
    let limit = rule.file_limit();
    if rule != KeyRule::SameAsMessage && buf.len() > limit {
        return Err(too_long(limit, rule));
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

    #[test]
    fn any_length() {
        assert_eq!(dec(b"6b6579\n", KeyRule::Any).unwrap(), b"key");
        assert_eq!(dec(b"secret", KeyRule::Any).unwrap(), b"secret");
        assert!(dec(b"", KeyRule::Any).is_err());
    }
}
