//! Key files: read once (`-` is standard input, read past std's buffer), at most their
//! rule's maximum plus one byte, into memory wiped when dropped; a large Multimixer-128
//! key file is memory-mapped instead, and the key can tell whether the file changed while
//! it was used. Decoding what was read is the core's (`crate::key`).

use crate::key::{Key, KeyError, KeyRule, MAP_KEY_MIN, Material, READ_KEY_MAX};
use std::io::Read;
use std::path::Path;
use zeroize::Zeroizing;

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

/// Loads a key for `rule` from a file; `-` reads standard input.
///
/// The file is opened once and everything else is done on the open file: its type and
/// size come from `fstat`, a Multimixer-128 key file of at least [`MAP_KEY_MIN`] bytes is
/// mapped to that size (see [`Key::unchanged`]), and any other key is read once, at most
/// [`KeyRule::file_limit`] bytes, into wiped memory.
///
/// # Errors
/// Unreadable file, content that does not fit the rule (the message says what the
/// expected form is), or a file longer than the rule allows.
pub fn key_from_file(path: &Path, rule: KeyRule) -> Result<Key, KeyError> {
    let err = |reason: String| KeyError {
        source: path.to_string_lossy().into_owned(),
        reason,
    };
    if rule == KeyRule::None {
        return Err(err("this algorithm takes no key".into()));
    }
    let raw = load(path, rule.file_limit(), rule == KeyRule::SameAsMessage)
        .map_err(|e| err(describe_read_error(e, rule)))?;
    crate::key::decode(&raw, rule).map_err(err)
}

/// Reads key material from a file (`-`: standard input) once, before the algorithms that
/// use it are known: a regular file of at least [`MAP_KEY_MIN`] bytes is mapped (its use
/// is checked by [`Key::unchanged`]), anything else read into wiped memory, at most
/// [`READ_KEY_MAX`] bytes.
///
/// # Errors
/// A directory, a file that cannot be read, or one that is too long.
pub fn material_from_file(path: &Path) -> Result<Material, KeyError> {
    let source = path.to_string_lossy().into_owned();
    let raw = load(path, READ_KEY_MAX, true).map_err(|e| KeyError {
        source: source.clone(),
        reason: describe_read_error(e, KeyRule::SameAsMessage),
    })?;
    Ok(Material::new(source, raw))
}

/// A mapped key file: the open file and its state when mapped, so
/// [`crate::key::Backing::unchanged`] can tell whether it changed since.
#[cfg(unix)]
struct Mapped {
    map: crate::files::io::MappedFile,
    file: std::fs::File,
    stamp: crate::files::io::Stamp,
}

#[cfg(unix)]
impl crate::key::Backing for Mapped {
    fn bytes(&self) -> &[u8] {
        self.map.bytes()
    }

    /// No read ran past the end of the file (it was truncated: the SIGBUS guard gave
    /// zeros instead), and its size, times and inode (`fstat` of the open file) are those
    /// it had when it was mapped.
    fn unchanged(&self) -> bool {
        !self.map.faulted()
            && self
                .file
                .metadata()
                .is_ok_and(|m| crate::files::io::Stamp::of(&m) == self.stamp)
    }
}

/// Opens a key file once and reads or maps it (see [`key_from_file`]): at most `limit`
/// bytes are read; with `map`, a regular file of at least [`MAP_KEY_MIN`] bytes is mapped
/// to its `fstat` size instead.
fn load(path: &Path, limit: usize, map: bool) -> Result<Key, ReadError> {
    if path.as_os_str() == "-" {
        // Past std's buffer: the key passes through wiped memory alone.
        let stdin = crate::files::io::stdin_direct().map_err(ReadError::Io)?;
        return read_bounded(stdin, limit, 0).map(Key::from_secret);
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if meta.is_dir() {
        return Err(ReadError::Io(std::io::Error::other("Is a directory")));
    }
    #[cfg(unix)]
    if map && meta.is_file() && meta.len() >= MAP_KEY_MIN {
        let map = crate::files::io::MappedFile::map(&file, meta.len()).map_err(ReadError::Io)?;
        let stamp = crate::files::io::Stamp::of(&meta);
        return Ok(Key::from_backing(Box::new(Mapped { map, file, stamp })));
    }
    #[cfg(not(unix))]
    let _ = (map, MAP_KEY_MIN);
    let hint = if meta.is_file() { meta.len() } else { 0 };
    read_bounded(&file, limit, hint).map(Key::from_secret)
}

/// The text of a [`ReadError`] for a key file of `rule`.
fn describe_read_error(e: ReadError, rule: KeyRule) -> String {
    match e {
        ReadError::Io(e) => crate::files::io::describe_io_error(&e),
        ReadError::OutOfMemory(n) => format!("out of memory reading the key ({n} bytes)"),
        ReadError::TooLong(limit) => crate::key::too_long(limit, rule),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let m = material_from_file(&d.path().join("k")).unwrap();
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
        let m = material_from_file(&d.path().join("h")).unwrap();
        let a = m.key_for(KeyRule::Fixed(32)).unwrap();
        assert_eq!(a.bytes(), &raw[..]);
        assert_eq!(m.key_for(KeyRule::Any).unwrap().bytes(), &raw[..]);
    }
    /// A mapped key file: unchanged until it is rewritten or truncated under the map (a
    /// key read into memory never changes, so this proves the mapping).
    #[cfg(unix)]
    #[test]
    fn mapped_key_notices_changes() {
        let d = tempfile::TempDir::new().unwrap();
        let path = d.path().join("k");
        std::fs::write(&path, vec![1u8; MAP_KEY_MIN as usize]).unwrap();
        let k = key_from_file(&path, KeyRule::SameAsMessage).unwrap();
        assert!(k.unchanged());
        let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(4096).unwrap();
        assert!(!k.unchanged());
        // Reading past the new end faults: zeros, and the flag stays.
        assert_eq!(k.bytes()[MAP_KEY_MIN as usize - 1], 0);
        assert!(!k.unchanged());
    }
}
