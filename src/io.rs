//! Reading inputs: one path or standard input into a [`Hasher`], memory-mapping large
//! regular files and reading everything else, and refusing to return a digest for an
//! input that was not read completely and consistently.

#[cfg(unix)]
mod mmap;

use crate::hasher::{Digest, Error, Hasher};
use std::cell::Cell;
use std::fmt;
use std::fs::{File, Metadata};
use std::io::{self, Read, Seek};
use std::path::Path;
use std::time::{Duration, SystemTime};

#[cfg(unix)]
pub use mmap::MappedFile;

/// Regular files at least this large are memory-mapped when the hasher hashes large
/// buffers on several threads ([`Hasher::prefers_mmap`]: BLAKE3, Multimixer-128, HighwayHash, LeMac).
/// Mapping costs a few µs more per file than `read()`, so small files are read.
pub const MMAP_MIN: u64 = 256 * 1024;

/// Read size for streamed input.
const CHUNK: usize = 1 << 20;

/// Whether large files may be memory-mapped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mmap {
    /// When the hasher prefers it ([`Hasher::prefers_mmap`]) and the file is at least
    /// [`MMAP_MIN`] bytes.
    #[default]
    Auto,
    /// Never (`--no-mmap`): every file is read.
    Never,
}

/// A digest and the number of bytes it covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hashed {
    /// The digest or tag.
    pub digest: Digest,
    /// The input's length in bytes.
    pub size: u64,
}

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
pub(crate) struct Stamp {
    pub(crate) len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    ctime: (i64, i64),
    #[cfg(unix)]
    ino: u64,
}

impl Stamp {
    pub(crate) fn of(m: &Metadata) -> Stamp {
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

/// Bytes read from a named file before its first `stat`: a regular file shorter than this
/// that had not changed for [`SETTLE`] when the read began is then done with one `read`
/// and one `stat` (see [`hash_path`]).
pub const FIRST: usize = 64 * 1024;

/// How long before its read a file's mtime and ctime must lie for the single-`stat` path:
/// more than a tick of the kernel's coarse clock and the 2 s timestamp granularity of FAT.
pub const SETTLE: Duration = Duration::from_secs(3);

/// Hashes the file at `path` with a fresh copy of `proto` and returns the digest.
///
/// Directories are refused (`Is a directory`). Regular files of at least [`MMAP_MIN`]
/// bytes are memory-mapped and fed to [`Hasher::update_large`] when the hasher
/// [prefers it](Hasher::prefers_mmap); everything else — files for single-threaded hashers, FIFOs,
/// devices — is read into a buffer that stays in cache (on the machine
/// measured, that is faster for a single-threaded hash than walking a mapping: SHA-256
/// of a 1 GiB page-cached file: 0.71 s read vs 0.92 s mapped, both `bash benches/peers.sh`).
///
/// Consistency: the first [`FIRST`] bytes are read before the first `stat`. A regular file
/// that ended within them, whose size is the number of bytes read, and whose mtime and
/// ctime lie at least [`SETTLE`] before the read began, has not changed since before it
/// was read: its digest is returned. Any other regular file is read on from there under a
/// before/after comparison of size, mtime, ctime and inode (if it had changed within
/// [`SETTLE`], from the start again), and a file truncated under a mapping is caught by
/// the SIGBUS guard: a change is an error, never a digest.
///
/// # Errors
/// The file cannot be opened or read, or it changed while being read.
pub fn hash_path(path: &Path, proto: &dyn Hasher) -> Result<Digest, InputError> {
    hash_path_with(path, proto, Mmap::Auto).map(|h| h.digest)
}

/// [`hash_path`] under a memory-map policy, returning the digest with the input's size.
///
/// # Errors
/// As [`hash_path`].
pub fn hash_path_with(path: &Path, proto: &dyn Hasher, mmap: Mmap) -> Result<Hashed, InputError> {
    let started = SystemTime::now();
    let file = File::open(path)?;
    with_buf(|store| {
        let buf = aligned(store, CHUNK);
        let first = read_some(&file, &mut buf[..FIRST]);
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(InputError {
                reason: "Is a directory".into(),
                missing: false,
            });
        }
        let n = first?;
        if !meta.is_file() {
            // A pipe or device: what was read is gone from it; go on streaming.
            let mut h = proto.box_clone();
            h.update(&buf[..n]);
            let rest = read_all(&file, &mut *h, 0, buf)?;
            return Ok(Hashed {
                digest: finish(h)?,
                size: n as u64 + rest,
            });
        }
        if settled(&meta, started) {
            if n < FIRST && meta.len() == n as u64 {
                return Ok(Hashed {
                    digest: proto.digest_whole(&buf[..n])?,
                    size: n as u64,
                });
            }
            // Unchanged while the first bytes were read: keep them, check the rest.
            return hash_open(&file, &meta, 0, proto, mmap, buf, n);
        }
        (&file).rewind()?;
        hash_open(&file, &meta, 0, proto, mmap, buf, 0)
    })
}

/// Whether the file's last modification and change lie at least [`SETTLE`] before
/// `started` (false when a time is unknown).
fn settled(meta: &Metadata, started: SystemTime) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let ctime = u64::try_from(meta.ctime())
            .ok()
            .and_then(|s| u32::try_from(meta.ctime_nsec()).ok().map(|ns| (s, ns)))
            .map(|(s, ns)| std::time::UNIX_EPOCH + Duration::new(s, ns));
        match (meta.modified(), ctime) {
            (Ok(m), Some(c)) => settled_at(m, c, started),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (meta, started);
        false
    }
}

/// [`settled`] on the two times.
#[cfg_attr(not(unix), allow(dead_code))]
fn settled_at(mtime: SystemTime, ctime: SystemTime, started: SystemTime) -> bool {
    started
        .checked_sub(SETTLE)
        .is_some_and(|cut| mtime < cut && ctime < cut)
}

/// One `read` into `buf`, retried when interrupted.
fn read_some(mut r: impl Read, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match r.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            res => return res,
        }
    }
}

/// Hashes an open regular file from byte `start` (where its position is) to the end,
/// given that its first `have` bytes from there are already in `buf` and were read while
/// it matched `meta`. The length is announced, the file is mapped when the hasher prefers
/// it (only from the start), and the size and timestamps are compared with `meta` after
/// reading. A file that fits `buf` is read whole into it and hashed in one call
/// ([`Hasher::digest_whole`]), which spares thousands of small files a heap copy of the
/// hasher.
fn hash_open(
    file: &File,
    meta: &Metadata,
    start: u64,
    proto: &dyn Hasher,
    mmap: Mmap,
    buf: &mut [u8],
    have: usize,
) -> Result<Hashed, InputError> {
    let before = Stamp::of(meta);
    let expected = meta.len().saturating_sub(start);
    // 0 is also what /proc and sysfs files report, whatever they hold: not a length to
    // announce or check; for those the bytes read are the content.
    if expected > 0 && (have as u64) > expected {
        return Err(changed());
    }
    let mmap = mmap == Mmap::Auto && start == 0 && big_for_mmap(meta, proto);
    if expected > 0 && expected <= buf.len() as u64 && !mmap {
        let len = expected as usize;
        read_exact(file, &mut buf[have..len])?;
        if Stamp::of(&file.metadata()?) != before {
            return Err(changed());
        }
        return Ok(Hashed {
            digest: proto.digest_whole(&buf[..len])?,
            size: expected,
        });
    }
    let mut h = proto.box_clone();
    if expected > 0 {
        h.expect_len(expected);
    }
    h.update(&buf[..have]);
    #[cfg(unix)]
    if mmap && let Ok(map) = MappedFile::map(file, meta.len()) {
        #[cfg(test)]
        MAPPED.set(MAPPED.get() + 1);
        update_mapped(&mut *h, &map.bytes()[have..]);
        let faulted = map.faulted();
        drop(map);
        if faulted || Stamp::of(&file.metadata()?) != before {
            return Err(changed());
        }
        return Ok(Hashed {
            digest: finish(h)?,
            size: expected,
        });
    }
    let n = have as u64 + read_all(file, &mut *h, expected.saturating_sub(have as u64), buf)?;
    if (expected != 0 && n != expected) || Stamp::of(&file.metadata()?) != before {
        return Err(changed());
    }
    Ok(Hashed {
        digest: finish(h)?,
        size: n,
    })
}

#[cfg(test)]
thread_local! {
    /// Files this thread memory-mapped (for the tests of [`Mmap::Never`]).
    static MAPPED: Cell<u32> = const { Cell::new(0) };
}

/// Finishes a streaming hasher into a [`Digest`].
fn finish(mut h: Box<dyn Hasher>) -> Result<Digest, InputError> {
    let mut d = Digest::zeroed(h.output_len());
    h.finish_into(&mut d)?;
    Ok(d.with_notice(h.notice()))
}

/// Mapped inputs at least this large are hashed with a helper thread faulting their pages
/// in ahead, for hashers that ask for it ([`Hasher::fault_ahead`]): starting the thread
/// costs tens of microseconds.
pub const FAULT_AHEAD_MIN: u64 = 8 << 20;

/// Whether a helper thread may fault a mapping's pages in ahead of the hashing thread: the
/// hasher asks for it, the input is large, and more than one thread is allowed (`-j1`
/// keeps everything on one thread, as before).
fn use_fault_ahead(proto: &dyn Hasher, len: u64) -> bool {
    proto.fault_ahead() && len >= FAULT_AHEAD_MIN && rayon::current_num_threads() >= 2
}

/// Hashes a mapped input. For a single-chain hasher ([`use_fault_ahead`]) a scoped helper
/// thread touches one byte of every page from the start while this thread hashes, so the
/// page faults of a page-cached file (about a quarter of a microsecond per 4 KiB page)
/// are taken on the other core instead of stalling the hash chain. The helper stops when
/// the hash is done; the hash thread faults in whatever it reaches first itself.
/// (Files are mapped on Unix only.)
#[cfg(unix)]
fn update_mapped(h: &mut dyn Hasher, bytes: &[u8]) {
    if !use_fault_ahead(h, bytes.len() as u64) {
        return h.update_large(bytes);
    }
    const PAGE: usize = 4096;
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            for (i, page) in bytes.chunks(PAGE).enumerate() {
                if i % 64 == 0 && done.load(std::sync::atomic::Ordering::Relaxed) {
                    return;
                }
                std::hint::black_box(page[0]);
            }
        });
        h.update_large(bytes);
        done.store(true, std::sync::atomic::Ordering::Relaxed);
    });
}

/// Whether a regular file is large enough to be memory-mapped for this hasher.
fn big_for_mmap(meta: &Metadata, proto: &dyn Hasher) -> bool {
    cfg!(unix)
        && meta.len() >= MMAP_MIN
        && (proto.prefers_mmap() || use_fault_ahead(proto, meta.len()))
}

/// Fills `buf` from the file. Reaching its end early means it shrank: an error. (A file
/// that grew is caught by the caller's size check.)
fn read_exact(mut file: &File, buf: &mut [u8]) -> Result<(), InputError> {
    let mut total = 0;
    while total < buf.len() {
        match file.read(&mut buf[total..]) {
            Ok(0) => return Err(changed()),
            Ok(n) => total += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// Hashes standard input with a fresh copy of `proto`. When standard input is a regular
/// file (`khsum < FILE`), it is hashed from its current position like a named file: its
/// length announced ([`Hasher::expect_len`]) and checked.
///
/// # Errors
/// A read error, or a redirected file that changed while being read.
pub fn hash_stdin(proto: &dyn Hasher) -> Result<Digest, InputError> {
    hash_stdin_with(proto, Mmap::Auto).map(|h| h.digest)
}

/// [`hash_stdin`] under a memory-map policy, returning the digest with the input's size.
///
/// # Errors
/// As [`hash_stdin`].
pub fn hash_stdin_with(proto: &dyn Hasher, mmap: Mmap) -> Result<Hashed, InputError> {
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
            return with_buf(|store| {
                hash_open(&f, &meta, start, proto, mmap, aligned(store, CHUNK), 0)
            });
        }
    }
    #[cfg(not(unix))]
    let _ = mmap;
    let mut h = proto.box_clone();
    let size =
        with_buf(|store| read_all(std::io::stdin().lock(), &mut *h, 0, aligned(store, CHUNK)))?;
    Ok(Hashed {
        digest: finish(h)?,
        size,
    })
}

/// Hashes everything `reader` yields with a fresh copy of `proto`.
///
/// # Errors
/// A read error.
pub fn hash_reader(reader: impl Read, proto: &dyn Hasher) -> Result<Digest, InputError> {
    let mut h = proto.box_clone();
    with_buf(|store| read_all(reader, &mut *h, 0, aligned(store, CHUNK)))?;
    finish(h)
}

/// Alignment of the read buffer's start: the kernel copies page-cache pages into it, and a
/// page-aligned destination makes that copy faster (20,000 files of 1–16 KiB: about 2%
/// less CPU time, `perf stat -r 15 khsum --no-names FILE...`).
const ALIGN: usize = 4096;

/// The thread's read buffer, page-aligned, at least `want` bytes (at most [`CHUNK`]).
fn aligned(store: &mut Vec<u8>, want: usize) -> &mut [u8] {
    let want = want.min(CHUNK) + ALIGN;
    if store.len() < want {
        // Zeroed by the allocator (fresh pages): no page is touched before it is read into.
        *store = vec![0; want];
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

/// Reads until end of file through `buf`, feeding `h`; returns the byte count. `hint` is
/// the number of bytes expected (0 when unknown): once they have come, no end-of-file read
/// is made (if the file grew meanwhile, the caller's size check reports it).
fn read_all(mut r: impl Read, h: &mut dyn Hasher, hint: u64, buf: &mut [u8]) -> io::Result<u64> {
    let mut total = 0u64;
    loop {
        let n = match r.read(buf) {
            Ok(0) => return Ok(total),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        total += n as u64;
        h.update_large(&buf[..n]);
        if hint > 0 && total == hint {
            return Ok(total);
        }
    }
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
            let open = |f: &File, m: &Metadata| {
                with_buf(|store| hash_open(f, m, 0, &*proto, Mmap::Auto, aligned(store, CHUNK), 0))
            };
            assert!(open(&file, &meta).is_ok());
            std::fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .unwrap()
                .set_len(new_len)
                .unwrap();
            let reopened = File::open(&path).unwrap();
            let e = open(&reopened, &meta).unwrap_err();
            assert_eq!(
                e.reason, "file changed while being read",
                "{len} -> {new_len}"
            );
        }
    }

    /// `--no-mmap`: a file the hasher would map is read, with the same digest and size.
    #[cfg(unix)]
    #[test]
    fn never_maps_when_told_not_to() {
        let proto = crate::Algorithm::lookup("blake3")
            .unwrap()
            .hasher(None, &crate::Params::default())
            .unwrap();
        assert!(proto.prefers_mmap());
        let d = tempfile::TempDir::new().unwrap();
        let path = d.path().join("f");
        let data = vec![7u8; 2 * MMAP_MIN as usize + 5];
        std::fs::write(&path, &data).unwrap();
        let want = Hashed {
            digest: Digest::from(blake3::hash(&data).as_bytes().to_vec()),
            size: data.len() as u64,
        };
        let before = MAPPED.get();
        assert_eq!(hash_path_with(&path, &*proto, Mmap::Never).unwrap(), want);
        assert_eq!(MAPPED.get(), before);
        assert_eq!(hash_path_with(&path, &*proto, Mmap::Auto).unwrap(), want);
        assert_eq!(MAPPED.get(), before + 1);
    }

    #[test]
    fn settled_means_both_times_well_before_the_read() {
        let t = std::time::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        let old = t - SETTLE - Duration::from_nanos(1);
        assert!(settled_at(old, old, t));
        assert!(!settled_at(t - SETTLE, old, t));
        assert!(!settled_at(old, t - SETTLE, t));
        assert!(!settled_at(old, t + Duration::from_secs(60), t));
        assert!(!settled_at(t + Duration::from_secs(60), old, t));
        assert!(!settled_at(old, old, std::time::UNIX_EPOCH));
    }

    #[test]
    fn io_error_text_is_plain() {
        let e = io::Error::from_raw_os_error(2);
        assert_eq!(describe_io_error(&e), "No such file or directory");
    }

    #[test]
    fn fault_ahead_mapping_gives_the_streaming_digest() {
        let d = tempfile::TempDir::new().unwrap();
        let path = d.path().join("f");
        let data = crate::testutil::TestRng::new(3).bytes(FAULT_AHEAD_MIN as usize + 12345);
        std::fs::write(&path, &data).unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        for name in ["siphash-2-4", "highwayhash-256", "lemac"] {
            let alg = crate::Algorithm::lookup(name).unwrap();
            let key = crate::testutil::key_for(alg, &[], 0);
            let params = crate::Params {
                out_len: None,
                nonce: alg.nonce.then_some([1; 16]),
            };
            let proto = alg.hasher(key.as_ref(), &params).unwrap();
            assert!(pool.install(|| use_fault_ahead(&*proto, data.len() as u64)));
            let mut h = proto.box_clone();
            h.update(&data);
            let want = h.finalize().unwrap();
            let got = pool.install(|| hash_path(&path, &*proto)).unwrap();
            assert_eq!(got, want, "{name}");
        }
    }
}
