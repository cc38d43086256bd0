//! Reading inputs: one path or standard input into a [`Hasher`], memory-mapping large
//! regular files and reading everything else, and refusing to return a digest for an
//! input that was not read completely and consistently.

#[cfg(unix)]
mod mmap;

use crate::hasher::{Error, Hasher};
use std::cell::Cell;
use std::fmt;
use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::Path;

#[cfg(unix)]
pub use mmap::MappedFile;

/// Regular files at least this large are memory-mapped when the hasher hashes large
/// buffers on several threads ([`Hasher::prefers_mmap`]: BLAKE3, Multimixer-128, HighwayHash, LeMac).
/// Mapping costs a few µs more per file than `read()`, so small files are read.
pub const MMAP_MIN: u64 = 256 * 1024;

/// Read size for streamed input.
const CHUNK: usize = 1 << 20;

/// Why an input produced no digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// What went wrong, in the words `sha256sum` uses where it has them.
    pub reason: String,
    /// The file does not exist (`--ignore-missing` skips these).
    pub missing: bool,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl From<io::Error> for InputError {
    fn from(e: io::Error) -> Self {
        InputError {
            reason: describe_io_error(&e),
            missing: e.kind() == io::ErrorKind::NotFound,
        }
    }
}

impl From<Error> for InputError {
    fn from(e: Error) -> Self {
        InputError {
            reason: e.to_string(),
            missing: false,
        }
    }
}

fn changed() -> InputError {
    InputError {
        reason: "file changed while being read".into(),
        missing: false,
    }
}

/// The text of an I/O error without Rust's ` (os error N)` suffix, so messages read like
/// coreutils': `No such file or directory`.
pub fn describe_io_error(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// What identifies one version of a file's content: if any of it differs after reading,
/// the file changed underneath.
#[derive(Debug, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    ctime: (i64, i64),
    #[cfg(unix)]
    ino: u64,
}

impl Stamp {
    fn of(m: &Metadata) -> Stamp {
        #[cfg(unix)]
        use std::os::unix::fs::MetadataExt;
        Stamp {
            len: m.len(),
            modified: m.modified().ok(),
            #[cfg(unix)]
            ctime: (m.ctime(), m.ctime_nsec()),
            #[cfg(unix)]
            ino: m.ino(),
        }
    }
}

/// Hashes the file at `path` with a fresh copy of `proto` and returns the digest.
///
/// Directories are refused (`Is a directory`). Regular files of at least [`MMAP_MIN`]
/// bytes are memory-mapped and fed to [`Hasher::update_large`] when the hasher
/// [prefers it](Hasher::prefers_mmap); everything else — files for single-threaded hashers, FIFOs,
/// devices — is read in 1 MiB chunks into a buffer that stays in cache (on the machine
/// measured, that is faster for a single-threaded hash than walking a mapping: SHA-256
/// of a 1 GiB page-cached file: 0.71 s read vs 0.92 s mapped, both `bash benches/peers.sh`).
/// For regular files, the size, mtime and ctime are compared before and after reading, and a file truncated under a mapping is
/// caught by the SIGBUS guard: either way the result is an error, never a digest.
///
/// # Errors
/// The file cannot be opened or read, or it changed while being read.
pub fn hash_path(path: &Path, proto: &dyn Hasher) -> Result<Vec<u8>, InputError> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(InputError {
            reason: "Is a directory".into(),
            missing: false,
        });
    }
    hash_open(&file, &meta, 0, proto)
}

/// Hashes an open file from byte `start` (where its position is) to the end. For a
/// regular file the length is announced, the file is mapped when the hasher prefers it
/// (only from the start), and the size and timestamps are compared before and after.
fn hash_open(
    file: &File,
    meta: &Metadata,
    start: u64,
    proto: &dyn Hasher,
) -> Result<Vec<u8>, InputError> {
    if !meta.is_file() {
        let mut h = proto.box_clone();
        read_all(file, &mut *h, 0)?;
        return Ok(h.finalize()?);
    }
    let before = Stamp::of(meta);
    let expected = meta.len().saturating_sub(start);
    // A file that fits the read buffer is read whole first and hashed in one call
    // (`digest_whole`), which spares thousands of small files a heap copy of the hasher.
    if expected > 0 && expected <= CHUNK as u64 && !(start == 0 && big_for_mmap(meta, proto)) {
        return read_whole(file, expected as usize, |data| {
            if Stamp::of(&file.metadata()?) != before {
                return Err(changed());
            }
            Ok(proto.digest_whole(data)?)
        });
    }
    let mut h = proto.box_clone();
    // 0 is also what /proc and sysfs files report, whatever they hold: not a length to
    // announce or check; for those the bytes read are the content.
    if expected > 0 {
        h.expect_len(expected);
    }
    #[cfg(unix)]
    if start == 0
        && big_for_mmap(meta, proto)
        && let Ok(map) = MappedFile::map(file, meta.len())
    {
        h.update_large(map.bytes());
        let faulted = map.faulted();
        drop(map);
        if faulted || Stamp::of(&file.metadata()?) != before {
            return Err(changed());
        }
        return Ok(h.finalize()?);
    }
    let n = read_all(file, &mut *h, expected)?;
    if (expected != 0 && n != expected) || Stamp::of(&file.metadata()?) != before {
        return Err(changed());
    }
    Ok(h.finalize()?)
}

/// Whether a regular file is large enough to be memory-mapped for this hasher.
fn big_for_mmap(meta: &Metadata, proto: &dyn Hasher) -> bool {
    cfg!(unix) && meta.len() >= MMAP_MIN && proto.prefers_mmap()
}

/// Reads exactly `len` bytes (a regular file's announced size, at most [`CHUNK`]) into the
/// thread's buffer and hands them to `f`. Reaching the end of the file early means it
/// shrank: an error. (A file that grew is caught by the caller's size check.)
fn read_whole<T>(
    mut file: &File,
    len: usize,
    f: impl FnOnce(&[u8]) -> Result<T, InputError>,
) -> Result<T, InputError> {
    with_buf(|store| {
        let buf = aligned(store, len);
        let mut total = 0;
        while total < len {
            match file.read(&mut buf[total..len]) {
                Ok(0) => return Err(changed()),
                Ok(n) => total += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        f(&buf[..len])
    })
}

/// Hashes standard input with a fresh copy of `proto`. When standard input is a regular
/// file (`khsum < FILE`), it is hashed from its current position like a named file: its
/// length announced ([`Hasher::expect_len`]) and checked.
///
/// # Errors
/// A read error, or a redirected file that changed while being read.
pub fn hash_stdin(proto: &dyn Hasher) -> Result<Vec<u8>, InputError> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let file = std::io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from)
            .ok();
        if let Some(f) = file
            && let Ok(meta) = f.metadata()
            && meta.is_file()
        {
            let start = std::io::Seek::stream_position(&mut &f).unwrap_or(0);
            return hash_open(&f, &meta, start, proto);
        }
    }
    hash_reader(std::io::stdin().lock(), proto)
}

/// Hashes everything `reader` yields with a fresh copy of `proto`.
///
/// # Errors
/// A read error.
pub fn hash_reader(reader: impl Read, proto: &dyn Hasher) -> Result<Vec<u8>, InputError> {
    let mut h = proto.box_clone();
    read_all(reader, &mut *h, 0)?;
    Ok(h.finalize()?)
}

/// Alignment of the read buffer's start: the kernel copies page-cache pages into it, and a
/// page-aligned destination makes that copy faster (20,000 files of 1–16 KiB: about 2%
/// less CPU time, `perf stat -r 15 khsum --no-names FILE...`).
const ALIGN: usize = 4096;

/// The thread's read buffer, page-aligned, at least 64 KiB and at least `want` bytes
/// (capped at [`CHUNK`]).
fn aligned(store: &mut Vec<u8>, want: usize) -> &mut [u8] {
    let want = want.clamp(64 * 1024, CHUNK);
    if store.len() < want + ALIGN {
        store.resize(want + ALIGN, 0);
    }
    let skip = store.as_ptr().align_offset(ALIGN).min(ALIGN);
    &mut store[skip..]
}

thread_local! {
    static BUF: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
}

/// Runs `f` with this thread's read buffer, taken out of the thread-local while in use.
/// `f` may re-enter: hashing a buffer on all threads (BLAKE3's `update_rayon`) lets this
/// thread run other queued work meanwhile, such as another file's read, which then gets
/// a fresh buffer instead of finding this one borrowed.
fn with_buf<T>(f: impl FnOnce(&mut Vec<u8>) -> T) -> T {
    let mut buf = BUF.take();
    let out = f(&mut buf);
    BUF.set(buf);
    out
}

/// Reads until end of file, feeding `h`; returns the byte count. `hint` is the expected
/// size (0 when unknown), so a small file is read with one `read` call.
fn read_all(mut r: impl Read, h: &mut dyn Hasher, hint: u64) -> io::Result<u64> {
    with_buf(|store| {
        let want = usize::try_from(hint).unwrap_or(CHUNK).saturating_add(1);
        let buf = aligned(store, want);
        let mut total = 0u64;
        loop {
            let n = match r.read(&mut buf[..]) {
                Ok(0) => return Ok(total),
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            total += n as u64;
            h.update_large(&buf[..n]);
            // A regular file that delivered its whole size needs no end-of-file read: if
            // it grew meanwhile, the size check after reading reports it.
            if hint > 0 && total == hint {
                return Ok(total);
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole-file read path: a file that changed between the first `stat` and the
    /// end of the read (simulated with metadata taken before the change) is an error, and
    /// so is one that ends before its announced size.
    #[test]
    fn whole_read_checks_the_file() {
        let proto = crate::Algorithm::lookup("sha256")
            .unwrap()
            .hasher(None, &crate::Params::default())
            .unwrap();
        let d = tempfile::TempDir::new().unwrap();
        let path = d.path().join("f");
        for (len, new_len) in [(1000u64, 10u64), (1000, 5000), (CHUNK as u64, 7)] {
            std::fs::write(&path, vec![1u8; len as usize]).unwrap();
            let file = File::open(&path).unwrap();
            let meta = file.metadata().unwrap();
            assert!(hash_open(&file, &meta, 0, &*proto).is_ok());
            std::fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .unwrap()
                .set_len(new_len)
                .unwrap();
            let reopened = File::open(&path).unwrap();
            let e = hash_open(&reopened, &meta, 0, &*proto).unwrap_err();
            assert_eq!(
                e.reason, "file changed while being read",
                "{len} -> {new_len}"
            );
        }
    }

    #[test]
    fn io_error_text_is_plain() {
        let e = io::Error::from_raw_os_error(2);
        assert_eq!(describe_io_error(&e), "No such file or directory");
    }
}
