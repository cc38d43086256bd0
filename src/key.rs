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
    #[cfg(unix)]
    Mapped(crate::io::MappedFile),
}

impl Key {
    /// A key from bytes already in memory (taken over, wiped on drop).
    pub fn from_bytes(bytes: Vec<u8>) -> Key {
        Key(Arc::new(Store::Owned(Zeroizing::new(bytes))))
    }

    /// The key bytes.
    pub fn bytes(&self) -> &[u8] {
        match &*self.0 {
            Store::Owned(v) => v,
            #[cfg(unix)]
            Store::Mapped(m) => m.bytes(),
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

    /// Loads a key for `rule` from a file; `-` reads standard input.
    ///
    /// # Errors
    /// Unreadable file, or content that does not fit the rule (the message says what the
    /// expected form is).
    pub fn from_file(path: &Path, rule: KeyRule) -> Result<Key, KeyError> {
        let name = path.to_string_lossy().into_owned();
        let err = |reason: String| KeyError {
            source: name.clone(),
            reason,
        };
        if rule == KeyRule::None {
            return Err(err("this algorithm takes no key".into()));
        }
        #[cfg(unix)]
        if rule == KeyRule::SameAsMessage
            && path.as_os_str() != "-"
            && let Ok(meta) = std::fs::metadata(path)
            && meta.is_file()
            && meta.len() >= MAP_KEY_MIN
        {
            let file =
                std::fs::File::open(path).map_err(|e| err(crate::io::describe_io_error(&e)))?;
            let map = crate::io::MappedFile::map(&file, meta.len())
                .map_err(|e| err(crate::io::describe_io_error(&e)))?;
            return Ok(Key(Arc::new(Store::Mapped(map))));
        }
        decode(Key::read_file(path)?, rule).map_err(err)
    }

    /// The raw contents of a key file (`-` reads standard input), read once and wiped on
    /// drop, for decoding later with [`Key::from_file_contents`] once the algorithm (and
    /// so the key rule) is known.
    ///
    /// # Errors
    /// A directory, or a file that cannot be read.
    pub fn read_file(path: &Path) -> Result<Zeroizing<Vec<u8>>, KeyError> {
        let err = |reason: String| KeyError {
            source: path.to_string_lossy().into_owned(),
            reason,
        };
        let mut buf = Zeroizing::new(Vec::new());
        if path.as_os_str() == "-" {
            std::io::stdin()
                .lock()
                .read_to_end(&mut buf)
                .map_err(|e| err(crate::io::describe_io_error(&e)))?;
            return Ok(buf);
        }
        let meta = std::fs::metadata(path).map_err(|e| err(crate::io::describe_io_error(&e)))?;
        if meta.is_dir() {
            return Err(err("Is a directory".into()));
        }
        std::fs::File::open(path)
            .and_then(|mut f| f.read_to_end(&mut buf))
            .map_err(|e| err(crate::io::describe_io_error(&e)))?;
        Ok(buf)
    }

    /// Decodes the contents of a key file for `rule` (see the module documentation).
    ///
    /// # Errors
    /// Content that does not fit the rule; the text says what was expected.
    pub fn from_file_contents(contents: Vec<u8>, rule: KeyRule) -> Result<Key, String> {
        decode(Zeroizing::new(contents), rule)
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

/// Key files at least this large are memory-mapped (Multimixer-128 keys only).
#[cfg_attr(not(unix), allow(dead_code))]
const MAP_KEY_MIN: u64 = 1 << 20;

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

fn decode(buf: Zeroizing<Vec<u8>>, rule: KeyRule) -> Result<Key, String> {
    if buf.is_empty() {
        return Err("key file is empty".into());
    }
    let bytes = match rule {
        KeyRule::Fixed(n) if buf.len() == n => buf,
        KeyRule::Fixed(n) => match decode_hex(strip_newline(&buf)) {
            Some(b) if b.len() == n => b,
            _ => {
                return Err(format!(
                    "expected a {n}-byte key: {n} raw bytes or {} hex digits (file has {} bytes)",
                    2 * n,
                    buf.len()
                ));
            }
        },
        KeyRule::Any => decode_hex(strip_newline(&buf)).unwrap_or(buf),
        KeyRule::SameAsMessage | KeyRule::None => buf,
    };
    Ok(Key(Arc::new(Store::Owned(bytes))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(b: &[u8], rule: KeyRule) -> Result<Vec<u8>, String> {
        decode(Zeroizing::new(b.to_vec()), rule).map(|k| k.bytes().to_vec())
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
