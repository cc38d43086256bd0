//! Reading inputs: one path or standard input into a [`Hasher`], memory-mapping large
//! regular files and reading everything else, and refusing to return a digest for an
//! input that was not read completely and consistently.

#[cfg(unix)]
mod mmap;
mod stdio;

use crate::alg::lanes::Lanes;
use crate::algorithm::{Large, ReadHint};
use crate::hasher::{Digest, Error, Hasher};
use std::cell::Cell;
use std::fmt;
use std::fs::{File, Metadata};
use std::io::{self, Read, Seek};
use std::path::Path;
use std::time::{Duration, SystemTime};

#[cfg(unix)]
pub use mmap::MappedFile;
pub use stdio::{closed_error, stdin, stdin_direct, stdout_closed};

/// Regular files at least this large are memory-mapped when the hasher hashes large
/// buffers on all threads ([`Large::AllThreads`]: BLAKE3, Multimixer-128).
/// Mapping costs a few µs more per file than `read()`, so small files are read.
pub const MMAP_MIN: u64 = 256 * 1024;

/// Read size for streamed input.
const CHUNK: usize = 1 << 20;

/// Whether large files may be memory-mapped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mmap {
    /// When the read hint calls for it (see [`hash_path`]).
    #[default]
    Auto,
    /// Never (`--no-mmap`): every file is read.
    Never,
}

/// How a hasher's inputs are read: its read hint, resolved for this CPU, and the
/// memory-map policy.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// How the hasher hashes a large input ([`ReadHint::large`]).
    pub large: Large,
    /// The lanes that hash its small inputs together (`crate::files::batch`), if any.
    pub lanes: Option<Lanes>,
    /// Whether large files may be memory-mapped.
    pub mmap: Mmap,
}

impl Reading {
    /// Reading as `hint` says (its lanes if this CPU runs them, [`Lanes::chosen`]), large
    /// files mapped where the rule for it says.
    pub fn new(hint: ReadHint) -> Reading {
        Reading {
            large: hint.large,
            lanes: hint.lanes.and_then(Lanes::chosen),
            mmap: Mmap::Auto,
        }
    }

    /// This reading under the memory-map policy `mmap`.
    pub fn mmap(self, mmap: Mmap) -> Reading {
        Reading { mmap, ..self }
    }
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
    /// Not a problem with this input but with the run: a panic inside khsum while it
    /// hashed the input (a bug), or memory the input needs that is not there. The run
    /// fails with exit status 2.
    pub severe: bool,
}

impl InputError {
    /// An error with this reason (not missing, not severe).
    pub fn new(reason: impl Into<String>) -> InputError {
        InputError {
            reason: reason.into(),
            missing: false,
            severe: false,
        }
    }
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
            severe: false,
        }
    }
}

impl From<Error> for InputError {
    fn from(e: Error) -> Self {
        InputError {
            reason: e.to_string(),
            missing: false,
            severe: matches!(e, Error::OutOfMemory(_)),
        }
    }
}

fn changed() -> InputError {
    InputError::new("file changed while being read")
}

/// Runs the hashing of one input, turning a panic inside it (a bug in a hasher or in
/// the reading) into a [severe](InputError::severe) error for that input, so a worker
/// thread that panics fails the run with the input's name instead of taking the
/// process down (or, on the pool, leaving the caller waiting for a result forever).
fn guarded<T>(f: impl FnOnce() -> Result<T, InputError>) -> Result<T, InputError> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            // The thread's read buffer was taken out while in use: it is simply gone.
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Err(InputError {
                reason: format!("internal error: {what} (a bug in khsum; please report it)"),
                missing: false,
                severe: true,
            })
        }
    }
}

/// A test-only hasher that panics on its first bytes, swapped in (debug builds only) for
/// the input named by the environment variable `KHSUM_TEST_PANIC_ON`, so the CLI tests
/// can see what a panic in a worker does to a run. Release builds have no such hook.
#[cfg(debug_assertions)]
mod panic_hook {
    use crate::backend::Backend;
    use crate::hasher::{Error, Hasher};

    pub(super) struct Panicking(pub(super) usize);

    impl Hasher for Panicking {
        fn update(&mut self, _: &[u8]) {
            panic!("test-only hasher: panicking as asked by KHSUM_TEST_PANIC_ON");
        }
        fn finish_into(&mut self, _: &mut [u8]) -> Result<(), Error> {
            panic!("test-only hasher: panicking as asked by KHSUM_TEST_PANIC_ON");
        }
        fn digest_whole_into(&self, _: &[u8], _: &mut [u8]) -> Result<Option<&'static str>, Error> {
            panic!("test-only hasher: panicking as asked by KHSUM_TEST_PANIC_ON");
        }
        fn output_len(&self) -> usize {
            self.0
        }
        fn backend(&self) -> Backend {
            Backend::Portable
        }
        fn box_clone(&self) -> Box<dyn Hasher> {
            Box::new(Panicking(self.0))
        }
    }

    /// The panicking hasher when `path` is the input the environment names.
    pub(super) fn for_path(path: &std::path::Path, proto: &dyn Hasher) -> Option<Panicking> {
        let name = std::env::var_os("KHSUM_TEST_PANIC_ON")?;
        (path.as_os_str() == name).then(|| Panicking(proto.output_len()))
    }
}

/// How a named file is opened.
#[derive(Clone, Copy)]
pub enum Open<'a> {
    /// As named on the command line or in a list: a FIFO or device is read as a stream,
    /// and opening a FIFO waits for its writer, as `sha256sum` does.
    Named,
    /// An entry a directory walk found to be a regular file: opened with `O_NONBLOCK`
    /// (an entry swapped for a FIFO since the walk does not block the run) and refused
    /// unless `fstat` of the open file says it is still a regular file.
    Walked,
    /// As [`Open::Named`], but what is read once (a FIFO, a device, a pseudo file) is
    /// hashed by this hasher instead (a list line's every candidate at once, since it
    /// cannot be read again to try them one after another): the digest is then its own,
    /// [`Hasher::output_len`] bytes.
    Listed(&'a dyn Hasher),
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

/// Hashes the file at `path` with a fresh copy of `proto`, read as `hint` says, and
/// returns the digest.
///
/// Directories are refused (`Is a directory`). Regular files of at least [`MMAP_MIN`]
/// bytes are memory-mapped and fed to [`Hasher::update_large`] when the hasher hashes
/// them on all threads ([`Large::AllThreads`]); everything else — files for single-threaded hashers, FIFOs,
/// devices — is read into a buffer that stays in cache (on the machine
/// measured, that is faster for a single-threaded hash than walking a mapping: SHA-256
/// of a 1 GiB page-cached file: 0.71 s read vs 0.92 s mapped, both `bash benches/peers.sh`),
/// the rest of a large regular file by a helper thread while this one hashes
/// ([`PIPELINE_MIN`], unless `-j1` or every thread allowed is busy hashing).
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
pub fn hash_path(path: &Path, proto: &dyn Hasher, hint: ReadHint) -> Result<Digest, InputError> {
    hash_path_with(path, proto, Reading::new(hint)).map(|h| h.digest)
}

/// [`hash_path`], read as `how` says, returning the digest with the input's size.
///
/// # Errors
/// As [`hash_path`].
pub fn hash_path_with(path: &Path, proto: &dyn Hasher, how: Reading) -> Result<Hashed, InputError> {
    hash_file(path, proto, how, Open::Named)
}

/// [`hash_path_with`], opening the file as `open` says.
///
/// # Errors
/// As [`hash_path`]; for [`Open::Walked`] also an entry that is no longer a regular file.
pub fn hash_file(
    path: &Path,
    proto: &dyn Hasher,
    how: Reading,
    open: Open<'_>,
) -> Result<Hashed, InputError> {
    read_path(path, proto, how, open, &mut |data| proto.digest_whole(data))
}

/// What hashes a file read whole into memory (its content after every consistency
/// check): `digest_whole`, or `crate::files::batch`'s collector, which keeps small
/// files to hash many at once in SIMD lanes and returns a placeholder.
pub(crate) type Whole<'a> = dyn FnMut(&[u8]) -> Result<Digest, Error> + 'a;

/// [`hash_file`], with the files read whole into memory hashed by `whole`; a panic while
/// hashing is an error for this input ([`guarded`]).
pub(crate) fn read_path(
    path: &Path,
    proto: &dyn Hasher,
    how: Reading,
    open: Open<'_>,
    whole: &mut Whole<'_>,
) -> Result<Hashed, InputError> {
    #[cfg(debug_assertions)]
    if let Some(p) = panic_hook::for_path(path, proto) {
        let p: &dyn Hasher = &p;
        return guarded(|| hash_opened(path, p, how, open, &mut |data| p.digest_whole(data)));
    }
    guarded(|| hash_opened(path, proto, how, open, whole))
}

/// Opens a file as `open` says.
fn open_file(path: &Path, open: Open<'_>) -> io::Result<File> {
    match open {
        Open::Named | Open::Listed(_) => File::open(path),
        Open::Walked => {
            let mut o = std::fs::OpenOptions::new();
            o.read(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::custom_flags(&mut o, libc::O_NONBLOCK);
            o.open(path)
        }
    }
}

fn hash_opened(
    path: &Path,
    proto: &dyn Hasher,
    how: Reading,
    open: Open<'_>,
    whole: &mut Whole<'_>,
) -> Result<Hashed, InputError> {
    let _busy = Busy::enter();
    let started = SystemTime::now();
    let file = open_file(path, open)?;
    if matches!(open, Open::Walked) && !file.metadata()?.is_file() {
        return Err(InputError::new(
            "not a regular file any more (it was replaced after the directory was read); not hashed",
        ));
    }
    with_buf(proto.input_is_secret(), |store| {
        let buf = aligned(store, CHUNK);
        let first = read_some(&file, &mut buf[..FIRST]);
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(InputError::new("Is a directory"));
        }
        let n = first?;
        if !meta.is_file() || pseudo(&file, &meta) {
            // A pipe or device, or a pseudo file whose size is no length (sysfs says 4096
            // for a few bytes): what was read is gone from it; go on streaming to EOF.
            let stream = match open {
                Open::Listed(s) => s,
                _ => proto,
            };
            let mut h = stream.box_clone();
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
                    digest: whole(&buf[..n])?,
                    size: n as u64,
                });
            }
            // Unchanged while the first bytes were read: keep them, check the rest.
            return hash_open(&file, &meta, 0, proto, how, buf, n, whole);
        }
        (&file).rewind()?;
        hash_open(&file, &meta, 0, proto, how, buf, 0, whole)
    })
}

/// Whether an open file lives on a pseudo file system whose sizes say nothing of what a
/// read returns (procfs, sysfs, debugfs, tracefs, securityfs, cgroup, configfs, pstore,
/// efivarfs, bpf, fusectl, selinuxfs, smackfs, binfmt_misc): it is read to EOF like a
/// pipe. Files on disk or tmpfs are not, and keep the before/after checks.
///
/// Every one of these file systems is mounted without a block device, so its files carry
/// an anonymous device number (major 0, the kernel's `UNNAMED_MAJOR`): a file on a real
/// device (ext4, xfs on a disk) is never pseudo, with no `fstatfs` (which on ext4 sums
/// per-CPU counters: 3.7% of khsum's CPU time hashing 20,000 small files, `perf record -e
/// cpu-clock`, PERFORMANCE.md). For
/// anonymous devices (tmpfs, overlayfs, btrfs, NFS… and the pseudo ones) the answer of the
/// last one asked is kept per thread, so a tree costs one `fstatfs` per device and thread.
#[cfg(target_os = "linux")]
fn pseudo(file: &File, meta: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    thread_local! {
        static LAST: Cell<Option<(u64, bool)>> = const { Cell::new(None) };
    }
    let dev = meta.dev();
    if rustix::fs::major(dev) != 0 {
        return false;
    }
    if let Some((seen, answer)) = LAST.get()
        && seen == dev
    {
        return answer;
    }
    let answer = statfs_pseudo(file);
    LAST.set(Some((dev, answer)));
    answer
}

/// Whether `fstatfs` names one of the pseudo file systems of [`pseudo`].
#[cfg(target_os = "linux")]
fn statfs_pseudo(file: &File) -> bool {
    // The file system magic numbers of Linux's include/uapi/linux/magic.h.
    const PSEUDO: [u64; 15] = [
        0x9fa0,      // PROC_SUPER_MAGIC
        0x6265_6572, // SYSFS_MAGIC
        0x6462_6720, // DEBUGFS_MAGIC
        0x7472_6163, // TRACEFS_MAGIC
        0x7363_6673, // SECURITYFS_MAGIC
        0x0027_e0eb, // CGROUP_SUPER_MAGIC
        0x6367_7270, // CGROUP2_SUPER_MAGIC
        0x6265_6570, // CONFIGFS_MAGIC
        0x6165_676c, // PSTOREFS_MAGIC
        0xde5e_81e4, // EFIVARFS_MAGIC
        0xcafe_4a11, // BPF_FS_MAGIC
        0x6573_5543, // FUSE_CTL_SUPER_MAGIC
        0xf97c_ff8c, // SELINUX_MAGIC
        0x4341_5d53, // SMACK_MAGIC
        0x4249_4e4d, // BINFMTFS_MAGIC
    ];
    rustix::fs::fstatfs(file).is_ok_and(|s| PSEUDO.contains(&(s.f_type as u64)))
}

#[cfg(not(target_os = "linux"))]
fn pseudo(_: &File, _: &Metadata) -> bool {
    false
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
/// (`whole`: `digest_whole` or the batch collector), which spares thousands of
/// small files a heap copy of the hasher.
#[allow(clippy::too_many_arguments)]
fn hash_open(
    file: &File,
    meta: &Metadata,
    start: u64,
    proto: &dyn Hasher,
    how: Reading,
    buf: &mut [u8],
    have: usize,
    whole: &mut Whole<'_>,
) -> Result<Hashed, InputError> {
    let before = Stamp::of(meta);
    let expected = meta.len().saturating_sub(start);
    // 0 is also what /proc and sysfs files report, whatever they hold: not a length to
    // announce or check; for those the bytes read are the content.
    if expected > 0 && (have as u64) > expected {
        return Err(changed());
    }
    let large = how.large;
    let auto = how.mmap == Mmap::Auto && start == 0;
    let ahead = auto && use_fault_ahead(large, meta.len());
    let mmap = auto && big_for_mmap(meta, large, ahead);
    if expected > 0 && expected <= buf.len() as u64 && !mmap {
        let len = expected as usize;
        read_exact(file, &mut buf[have..len])?;
        if Stamp::of(&file.metadata()?) != before {
            return Err(changed());
        }
        return Ok(Hashed {
            digest: whole(&buf[..len])?,
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
        update_mapped(&mut *h, &map.bytes()[have..], ahead);
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
    let rest = expected.saturating_sub(have as u64);
    let n = have as u64
        + if use_pipeline(large, rest) {
            read_pipelined(file, &mut *h, rest, buf)?
        } else {
            read_all(file, &mut *h, rest, buf)?
        };
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

/// Inputs at least this large get a helper thread (a ring's reader, or a mapping's page
/// toucher): starting the thread costs tens of microseconds.
pub const PIPELINE_MIN: u64 = 8 << 20;

/// Pieces of the thread's read buffer ([`CHUNK`]) the helper fills in turn: 4 × 256 KiB,
/// so the pieces in flight stay in the caches. (256 MiB page-cached, khsum on AMD Zen 3:
/// 2 × 512 KiB and 4 × 1 MiB took as much CPU time, 8 × 128 KiB and 16 × 64 KiB 10–30%
/// more in hand-offs; `bash benches/modes.sh` and PERFORMANCE.md.)
const RING: usize = 4;

/// The read rule for the rest of a large file, one per read hint:
///
/// * [`Large::AllThreads`] (BLAKE3, Multimixer-128): mapped from [`MMAP_MIN`] bytes and
///   hashed on all threads ([`big_for_mmap`]), as b3sum does;
/// * [`Large::MemorySpeed`]: mapped, with a helper faulting the pages in ahead
///   ([`use_fault_ahead`]);
/// * [`Large::Plain`], and a memory-speed hasher not mapped (`--no-mmap`, standard
///   input from an offset): read by a helper into a ring while this thread hashes
///   ([`read_pipelined`]);
///
/// the helpers from [`PIPELINE_MIN`] bytes on and while a thread is free for them
/// ([`helper_fits`]); everything else is read on the hashing thread. This function is
/// the ring's part of the rule.
fn use_pipeline(large: Large, len: u64) -> bool {
    large != Large::AllThreads && helper_fits(len)
}

/// Whether a helper thread may start for `len` bytes left now: [`free_thread`] with this
/// pool's threads and the files being hashed.
fn helper_fits(len: u64) -> bool {
    // The length first: a small file (most of them) reads no shared counter.
    len >= PIPELINE_MIN
        && free_thread(
            rayon::current_num_threads(),
            HASHING.load(std::sync::atomic::Ordering::Relaxed),
        )
}

/// [`helper_fits`]'s one special case: a helper only while every file being hashed
/// (`hashing`, the caller's among them; standard input is not counted, hence at least
/// one) can have one, with `threads` allowed. A helper per file with every thread
/// hashing only adds hand-offs to busy cores: four 64 MiB files on 2 cores took 1.43×
/// (XXH3) and 1.08× (SHA-256) the time with a ring per file (PERFORMANCE.md, "a ring per
/// worker").
fn free_thread(threads: usize, hashing: usize) -> bool {
    2 * hashing.max(1) <= threads
}

/// Files being hashed now ([`hash_opened`]), on any thread.
static HASHING: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// One count in [`HASHING`] while it lives.
struct Busy;

impl Busy {
    fn enter() -> Busy {
        HASHING.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Busy
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        HASHING.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Reads the rest of `file` (`hint` bytes, or to its end when 0, as [`read_all`]) on a
/// scoped helper thread into the [`RING`] pieces of `buf` in turn, while this thread
/// hashes the filled pieces and hands them back. The hashing thread neither copies from
/// the page cache nor takes a page fault: it only hashes bytes already in the caches,
/// and the helper's work is the very copy a single-threaded read makes, so the two
/// together cost what `read` costs on one thread, plus a hand-off per 256 KiB, whatever
/// the CPU's page-fault cost (a helper faulting a mapping's pages in ahead made SipHash
/// 1.4–1.9× slower on an Intel Xeon, issue 26: the hashes slower than memory are not
/// mapped). Returns the bytes read.
fn read_pipelined(file: &File, h: &mut dyn Hasher, hint: u64, buf: &mut [u8]) -> io::Result<u64> {
    use std::sync::mpsc::sync_channel;
    // Whole pieces of the aligned buffer's first CHUNK bytes: page-aligned, and an
    // announced length that is a multiple of a piece ends the reads with no extra call.
    let piece = buf.len().min(CHUNK) / RING;
    let buf = &mut buf[..piece * RING];
    // The channels live inside the scope: if hashing panics, unwinding drops them, the
    // helper's next receive or send fails and it ends, and the scope can join it.
    std::thread::scope(|s| {
        let (full_tx, full_rx) = sync_channel::<io::Result<(&mut [u8], usize)>>(RING);
        let (free_tx, free_rx) = sync_channel::<&mut [u8]>(RING);
        for p in buf.chunks_exact_mut(piece) {
            free_tx.send(p).expect("the ring's receiver is alive");
        }
        s.spawn(move || {
            let mut total = 0u64;
            while let Ok(p) = free_rx.recv() {
                // An announced length is never read past: the caller's size check
                // sees a file that grew.
                let room = if hint > 0 {
                    p.len()
                        .min(usize::try_from(hint - total).unwrap_or(usize::MAX))
                } else {
                    p.len()
                };
                let n = match read_some(file, &mut p[..room]) {
                    Ok(0) => return,
                    Ok(n) => n,
                    Err(e) => {
                        let _ = full_tx.send(Err(e));
                        return;
                    }
                };
                total += n as u64;
                if full_tx.send(Ok((p, n))).is_err() || (hint > 0 && total == hint) {
                    return;
                }
            }
        });
        let mut total = 0u64;
        while let Ok(r) = full_rx.recv() {
            let (p, n) = r?;
            total += n as u64;
            h.update_large(&p[..n]);
            // The helper may be done already: then the piece is not needed again.
            let _ = free_tx.send(p);
        }
        Ok(total)
    })
}

/// Whether a regular file is large enough to be memory-mapped for this hasher: one that
/// hashes on all threads, or one whose pages a helper will fault in ahead (`ahead`, from
/// [`use_fault_ahead`]).
fn big_for_mmap(meta: &Metadata, large: Large, ahead: bool) -> bool {
    cfg!(unix) && meta.len() >= MMAP_MIN && (large == Large::AllThreads || ahead)
}

/// Whether a file of `len` bytes is mapped and its pages faulted in ahead by a helper
/// thread: the hasher hashes at memory speed ([`Large::MemorySpeed`]) and a helper fits
/// ([`helper_fits`], as for a ring). `-j1` keeps one thread.
fn use_fault_ahead(large: Large, len: u64) -> bool {
    large == Large::MemorySpeed && helper_fits(len)
}

/// Hashes a mapped input; with `ahead` ([`use_fault_ahead`]), a scoped helper thread
/// touches one byte of every page from the start while this thread hashes, so the page
/// faults of a page-cached file are taken on the other core instead of stalling the hash
/// chain. The helper stops when the hash is done;
/// the hashing thread faults in whatever it reaches first itself. A fault past a
/// truncated file's end, on either thread, is caught by the mapping's guard.
#[cfg(unix)]
fn update_mapped(h: &mut dyn Hasher, bytes: &[u8], ahead: bool) {
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
    if !ahead {
        return h.update_large(bytes);
    }
    const PAGE: usize = 4096;
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            for (i, page) in bytes.chunks(PAGE).enumerate() {
                if i % 64 == 0 && done.load(Relaxed) {
                    return;
                }
                std::hint::black_box(page[0]);
            }
        });
        h.update_large(bytes);
        done.store(true, Relaxed);
    });
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
/// A read error, a redirected file that changed while being read, or standard input
/// closed when khsum started ([`stdin`]: "Bad file descriptor").
pub fn hash_stdin(proto: &dyn Hasher, hint: ReadHint) -> Result<Digest, InputError> {
    hash_stdin_with(proto, Reading::new(hint)).map(|h| h.digest)
}

/// [`hash_stdin`], read as `how` says, returning the digest with the input's size.
///
/// # Errors
/// As [`hash_stdin`].
pub fn hash_stdin_with(proto: &dyn Hasher, how: Reading) -> Result<Hashed, InputError> {
    guarded(|| hash_stdin_inner(proto, how))
}

fn hash_stdin_inner(proto: &dyn Hasher, how: Reading) -> Result<Hashed, InputError> {
    let stdin = stdin()?;
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let file = stdin.as_fd().try_clone_to_owned().map(File::from).ok();
        if let Some(f) = file
            && let Ok(meta) = f.metadata()
            && meta.is_file()
        {
            let start = std::io::Seek::stream_position(&mut &f).unwrap_or(0);
            return with_buf(proto.input_is_secret(), |store| {
                hash_open(
                    &f,
                    &meta,
                    start,
                    proto,
                    how,
                    aligned(store, CHUNK),
                    0,
                    &mut |d| proto.digest_whole(d),
                )
            });
        }
    }
    #[cfg(not(unix))]
    let _ = how;
    let mut h = proto.box_clone();
    let size = with_buf(proto.input_is_secret(), |store| {
        read_all(stdin.lock(), &mut *h, 0, aligned(store, CHUNK))
    })?;
    Ok(Hashed {
        digest: finish(h)?,
        size,
    })
}

/// Writes `bytes` to standard output with no buffer of khsum's or std's in between (on
/// Unix, `write` calls on the descriptor itself): for a secret (a derived key), which a
/// buffer would keep after it was written.
///
/// # Errors
/// The write failed.
pub fn write_stdout_unbuffered(bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let mut f = File::from(io::stdout().as_fd().try_clone_to_owned()?);
        f.write_all(bytes)
    }
    #[cfg(not(unix))]
    {
        let mut o = io::stdout().lock();
        o.write_all(bytes)?;
        o.flush()
    }
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
///
/// With `secret` (the input is key material: `--derive-key`), the buffer is wiped when
/// `f` is done — also when it panics — so no key material stays in it.
fn with_buf<T>(secret: bool, f: impl FnOnce(&mut Vec<u8>) -> T) -> T {
    /// The buffer, put back (wiped first when secret) when dropped.
    struct Lent {
        buf: Vec<u8>,
        secret: bool,
    }
    impl Drop for Lent {
        fn drop(&mut self) {
            if self.secret {
                zeroize::Zeroize::zeroize(&mut self.buf[..]);
            }
            BUF.set(std::mem::take(&mut self.buf));
        }
    }
    let mut lent = Lent {
        buf: BUF.take(),
        secret,
    };
    f(&mut lent.buf)
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
                with_buf(proto.input_is_secret(), |store| {
                    let buf = aligned(store, CHUNK);
                    let how = Reading::new(ReadHint::PLAIN);
                    hash_open(f, m, 0, &*proto, how, buf, 0, &mut |d| {
                        proto.digest_whole(d)
                    })
                })
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
        let alg = crate::Algorithm::lookup("blake3").unwrap();
        let proto = alg.hasher(None, &crate::Params::default()).unwrap();
        assert_eq!(alg.read.large, Large::AllThreads);
        let how = Reading::new(alg.read);
        let d = tempfile::TempDir::new().unwrap();
        let path = d.path().join("f");
        let data = vec![7u8; 2 * MMAP_MIN as usize + 5];
        std::fs::write(&path, &data).unwrap();
        let want = Hashed {
            digest: Digest::from(blake3::hash(&data).as_bytes().to_vec()),
            size: data.len() as u64,
        };
        let before = MAPPED.get();
        let never = how.mmap(Mmap::Never);
        assert_eq!(hash_path_with(&path, &*proto, never).unwrap(), want);
        assert_eq!(MAPPED.get(), before);
        assert_eq!(hash_path_with(&path, &*proto, how).unwrap(), want);
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

    /// `--derive-key`'s input is key material: the thread's read buffer holds none of it
    /// after the hash (a plain hash leaves its input there, so this test can fail).
    #[test]
    fn key_material_is_wiped_from_the_read_buffer() {
        let d = tempfile::TempDir::new().unwrap();
        let path = d.path().join("f");
        std::fs::write(&path, b"secret key material").unwrap();
        let blake3 = crate::Algorithm::lookup("blake3").unwrap();
        let on_thread = |proto: Box<dyn Hasher>, hint: ReadHint| {
            let path = path.clone();
            std::thread::spawn(move || {
                hash_path(&path, &*proto, hint).unwrap();
                let buf = BUF.take();
                assert!(!buf.is_empty());
                buf.windows(6).any(|w| w == b"secret")
            })
            .join()
            .unwrap()
        };
        let plain = blake3.hasher(None, &crate::Params::default()).unwrap();
        assert!(on_thread(plain, blake3.read));
        let derive = crate::alg::blake3::derive_key("khsum 2026 test", 32, 0);
        assert!(!on_thread(derive, blake3.derive_read_hint()));
    }

    #[test]
    fn io_error_text_is_plain() {
        let e = io::Error::from_raw_os_error(2);
        assert_eq!(describe_io_error(&e), "No such file or directory");
    }

    /// A large file read through the ring by a helper thread gives the streaming digest,
    /// for hashers of every class that hash on one thread, whatever the bytes read before
    /// (`have`); so does a mapping whose pages a helper faults in ahead. The hashes at
    /// memory speed (HighwayHash, LeMac, XXH64, XXH3, the CRCs, the System V sum) map a
    /// large file when a thread is idle for the helper, never with one thread (`-j1`); the
    /// others never map it. (A pool of 32 threads leaves a thread free while other tests
    /// hash.)
    #[test]
    fn pipelined_read_gives_the_streaming_digest() {
        let d = tempfile::TempDir::new().unwrap();
        let path = d.path().join("f");
        let data = crate::testutil::TestRng::new(3).bytes(PIPELINE_MIN as usize + 12345);
        std::fs::write(&path, &data).unwrap();
        let pool = |n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .unwrap()
        };
        let (idle, one) = (pool(32), pool(1));
        for (name, ahead) in [
            ("siphash-2-4", false),
            ("highwayhash-256", true),
            ("lemac", true),
            ("md5", false),
            ("sha256", false),
            ("xxh3", true),
            ("xxh128", true),
            ("xxh64", true),
            ("xxh32", false),
            ("crc", true),
            ("crc32", true),
            ("sysv", true),
            ("bsd", false),
        ] {
            let proto = keyed_hasher(name);
            let read = crate::Algorithm::lookup(name).unwrap().read;
            let large = if ahead {
                Large::MemorySpeed
            } else {
                Large::Plain
            };
            assert_eq!(read.large, large, "{name}");
            let mut h = proto.box_clone();
            h.update(&data);
            let want = Hashed {
                digest: Digest::from(h.finalize().unwrap()),
                size: data.len() as u64,
            };
            // Through the ring itself (whether a run takes it depends on what else is
            // being hashed at the time: the tests run side by side).
            for have in [0, 1000] {
                let mut h = proto.box_clone();
                h.update(&data[..have]);
                let n = with_buf(false, |store| {
                    let mut file = File::open(&path).unwrap();
                    file.seek(io::SeekFrom::Start(have as u64)).unwrap();
                    let hint = (data.len() - have) as u64;
                    read_pipelined(&file, &mut *h, hint, aligned(store, CHUNK)).unwrap()
                });
                assert_eq!(n, (data.len() - have) as u64, "{name}");
                assert_eq!(finish(h).unwrap(), want.digest, "{name}, ring from {have}");
            }
            // Mapped, with the helper faulting the pages in ahead.
            #[cfg(unix)]
            {
                let file = File::open(&path).unwrap();
                let map = MappedFile::map(&file, data.len() as u64).unwrap();
                let mut h = proto.box_clone();
                update_mapped(&mut *h, map.bytes(), true);
                assert!(!map.faulted());
                assert_eq!(finish(h).unwrap(), want.digest, "{name}, mapped");
            }
            // The whole path, and whether it mapped the file.
            let mapped = |pool: &rayon::ThreadPool| {
                pool.install(|| {
                    let before = MAPPED.get();
                    let got = hash_path_with(&path, &*proto, Reading::new(read));
                    (got.unwrap(), MAPPED.get() - before)
                })
            };
            let want_mapped = u32::from(ahead && cfg!(unix));
            assert_eq!(mapped(&idle), (want.clone(), want_mapped), "{name}");
            assert_eq!(mapped(&one), (want, 0), "{name}, one thread");
        }
    }

    /// `name`'s hasher with a test key (and nonce), for the large-file tests.
    fn keyed_hasher(name: &str) -> Box<dyn Hasher> {
        let alg = crate::Algorithm::lookup(name).unwrap();
        let key = crate::testutil::key_for(alg, &[], 0);
        let params = crate::Params {
            out_len: None,
            nonce: alg.nonce.then_some([1; 16]),
            seek: 0,
        };
        alg.hasher(key.as_ref(), &params).unwrap()
    }

    /// A helper (a ring's reader or a mapping's page toucher) starts only for a large
    /// rest, with more than one thread allowed, and while every file being hashed can
    /// have one: with every thread busy, the file is read on the hashing thread.
    #[test]
    fn a_helper_needs_a_free_thread() {
        for (threads, hashing, fits) in [
            (2, 1, true),
            (2, 0, true), // standard input: not counted as hashing
            (1, 1, false),
            (2, 2, false),
            (4, 2, true),
            (4, 3, false),
            (8, 4, true),
        ] {
            assert_eq!(
                free_thread(threads, hashing),
                fits,
                "{threads} threads, {hashing} hashing"
            );
        }
        assert!(!helper_fits(PIPELINE_MIN - 1));
    }

    /// The ring reads to the end of a file shorter than announced (so the caller's size
    /// check sees the difference) and stops at the announced length of a longer one, and
    /// feeds every byte in order across the pieces.
    #[test]
    fn pipelined_read_counts_what_it_read() {
        let d = tempfile::TempDir::new().unwrap();
        let path = d.path().join("f");
        let data = crate::testutil::TestRng::new(4).bytes(5 * CHUNK + 777);
        std::fs::write(&path, &data).unwrap();
        let proto = crate::Algorithm::lookup("sha256")
            .unwrap()
            .hasher(None, &crate::Params::default())
            .unwrap();
        let want = proto.digest_whole(&data).unwrap();
        for hint in [0, data.len() as u64, data.len() as u64 + 4096] {
            let mut h = proto.box_clone();
            let n = with_buf(false, |store| {
                let file = File::open(&path).unwrap();
                read_pipelined(&file, &mut *h, hint, aligned(store, CHUNK)).unwrap()
            });
            assert_eq!(n, data.len() as u64, "hint {hint}");
            assert_eq!(finish(h).unwrap(), want, "hint {hint}");
        }
        // Stopping at the announced length, a whole number of pieces or not: no read
        // past it.
        for hint in [2 * CHUNK, 2 * CHUNK + 1234] {
            let mut h = proto.box_clone();
            let n = with_buf(false, |store| {
                let file = File::open(&path).unwrap();
                let buf = aligned(store, CHUNK);
                read_pipelined(&file, &mut *h, hint as u64, buf).unwrap()
            });
            assert_eq!(n, hint as u64);
            assert_eq!(
                finish(h).unwrap(),
                proto.digest_whole(&data[..hint]).unwrap()
            );
        }
    }
}
