//! `khsum audit`: what happened to the files of a checksum list since it was made — bit
//! rot told apart from edits, moves and deletions — cheaply, from the state kept beside
//! the list ([`crate::lists::state`]).
//!
//! A run: [`Audit::open`] reads the list ([`ListFile`], as `--update` reads it) and its
//! state; [`Audit::scan`] walks the trees by the `-r` rules ([`Walker`]) and `stat`s each
//! file: a listed file whose size, mtime, ctime and inode are those of its state is not read
//! (unless the rolling scrub picks it), every other one becomes a [`Job`]; the jobs are
//! hashed on the pool by [`hash_batch`] (the batch reader of `-c`); [`Audit::judge`]
//! gives each result its [`State`]; [`Audit::finish`] pairs unlisted files with missing
//! entries by content (moves); [`Audit::commit`] records what the policy allows, the list
//! rewritten atomically as `--update` writes it and the state in the same two-phase
//! commit.
//!
//! **One vocabulary.** Content is compared with the list's digest; size and mtime with
//! the state's (and ctime: a write or `touch -d` moves it, so a file changed with its
//! mtime set back is read again; bit rot does not, which the scrub is for), mtime at the
//! precision both sides have (1 s, 100 ns, 1 ns: a copy to a
//! file system that keeps seconds is not an edit). A file whose content differs while
//! size and mtime did not is `corrupt`; with a later mtime `changed`, an earlier one
//! `older`. An entry with no state (a list another tool made) is judged against the
//! list's own mtime: a file modified after the list was written is `changed`, one that
//! claims to be older is `corrupt`. One list entry satisfies at most one path: a copy never
//! hides a deletion.

use crate::algorithm::Algorithm;
use crate::files::batch::Reader;
use crate::files::io::{Hashed, InputError, Open, Reading, Stamp};
use crate::files::names::{bytes_to_path, path_bytes};
use crate::files::walk::{Item as WalkItem, NOT_FOLLOWED, TreeRules, Walker};
use crate::hasher::Hasher;
use crate::lists::checkfile::{Entry, LineFormat, ListParser, format_line};
use crate::lists::proof::Chosen;
use crate::lists::state::{self, Changes, Known, Row, StateError, Store};
use crate::lists::update::{Edit, ListFile, normalize};
use crate::lists::verify::{Verdict, verdict};
use crate::lists::xattr::{self, Tag};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What happened to one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum State {
    /// Same content (read, or size, mtime and inode as recorded).
    Ok,
    /// mtime changed, content the same.
    Touched,
    /// Content and mtime changed: an edit.
    Changed,
    /// Content changed while size and mtime did not: bit rot or tampering.
    Corrupt,
    /// Content changed and mtime went backwards.
    Older,
    /// Not listed, and its content is no listed entry's.
    New,
    /// Listed, not there.
    Missing,
    /// A listed entry's content at a new path, the old path gone.
    Moved,
    /// A listed entry's content also at a new path, the entry satisfied elsewhere.
    Duplicate,
    /// Size, mtime, ctime or inode differed before and after the read: never recorded.
    ChangedDuringRead,
    /// It could not be read (an I/O error, permission denied).
    Unreadable,
    /// Not a regular file (a FIFO, socket, device, or a link under `-P`).
    NotRegular,
}

impl State {
    /// Every state, in the order counts are given.
    pub const ALL: [State; 12] = [
        State::Ok,
        State::Touched,
        State::Changed,
        State::Corrupt,
        State::Older,
        State::New,
        State::Missing,
        State::Moved,
        State::Duplicate,
        State::ChangedDuringRead,
        State::Unreadable,
        State::NotRegular,
    ];

    /// The state's word, in text and `--json` records.
    pub fn word(self) -> &'static str {
        match self {
            State::Ok => "ok",
            State::Touched => "touched",
            State::Changed => "changed",
            State::Corrupt => "corrupt",
            State::Older => "older",
            State::New => "new",
            State::Missing => "missing",
            State::Moved => "moved",
            State::Duplicate => "duplicate",
            State::ChangedDuringRead => "changed-during-read",
            State::Unreadable => "unreadable",
            State::NotRegular => "not-regular",
        }
    }
}

/// The classes a run's exit status is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Nothing wrong: ok, touched, changed, new, moved, duplicate, and a FIFO or device
    /// no entry names.
    Fine,
    Missing,
    Corrupt,
    Older,
    /// Unreadable, or a listed name that is no regular file any more.
    Unreadable,
    ChangedDuringRead,
}

/// What a file's `stat` says, as the state records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stat {
    pub size: u64,
    /// ns since the epoch.
    pub mtime: i64,
    /// ns since the epoch.
    pub ctime: i64,
    pub dev: u64,
    pub ino: u64,
}

impl Stat {
    pub fn of(m: &fs::Metadata) -> Stat {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Stat {
                size: m.len(),
                mtime: m.mtime().saturating_mul(1_000_000_000) + m.mtime_nsec(),
                ctime: m.ctime().saturating_mul(1_000_000_000) + m.ctime_nsec(),
                dev: m.dev(),
                ino: m.ino(),
            }
        }
        #[cfg(not(unix))]
        {
            Stat {
                size: m.len(),
                mtime: m.modified().map_or(0, ns_since_epoch),
                ctime: 0,
                dev: 0,
                ino: 0,
            }
        }
    }
}

/// A time as ns since the epoch (negative before it).
pub fn ns_since_epoch(t: std::time::SystemTime) -> i64 {
    match t.duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => i64::try_from(d.as_nanos()).unwrap_or(i64::MAX),
        Err(e) => -i64::try_from(e.duration().as_nanos()).unwrap_or(i64::MAX),
    }
}

/// The precision a timestamp shows: 1 s when it has no fraction, 100 ns when its
/// fraction is a multiple of 100 ns (NTFS, SMB), else 1 ns.
fn precision(ns: i64) -> i64 {
    let frac = ns.rem_euclid(1_000_000_000);
    if frac == 0 {
        1_000_000_000
    } else if frac % 100 == 0 {
        100
    } else {
        1
    }
}

/// Compares two mtimes at the precision both have (the coarser of the two).
pub fn cmp_mtime(a: i64, b: i64) -> Ordering {
    let p = precision(a).max(precision(b));
    a.div_euclid(p).cmp(&b.div_euclid(p))
}

/// How much of the unchanged files a run re-reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scrub {
    Off,
    /// This share (in percent) of the unchanged files, by count.
    Percent(f64),
    /// Files adding up to at most this many bytes (at least one file).
    Bytes(u64),
}

/// What a run may record.
#[derive(Clone, Debug, Default)]
pub struct Policy {
    /// Record new, moved, changed and touched files (and the list lines).
    pub update: bool,
    /// Names whose corrupt or older content is accepted as the new digest
    /// ([`normalize`]d).
    pub accept: HashSet<Vec<u8>>,
    /// Drop missing entries.
    pub prune: bool,
    /// Write nothing; say what would be done.
    pub dry_run: bool,
}

/// One file that is not plainly ok.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// As found in the tree, or as listed (missing).
    pub name: Vec<u8>,
    pub state: State,
    pub class: Class,
    /// Moved: the entry's listed name; duplicate: where the entry's content is.
    pub from: Option<Vec<u8>>,
    /// The bytes read.
    pub size: Option<u64>,
    /// The digest computed.
    pub digest: Option<Vec<u8>>,
    /// The listed digest.
    pub expected: Option<Vec<u8>>,
    /// Why it could not be read, or what it is.
    pub error: Option<String>,
}

/// Why an audit could not run or record.
#[derive(Debug)]
pub enum AuditError {
    /// The list could not be read or written (the message names it).
    List(String),
    /// The list could not be read, or is no list to keep (data for the caller to word).
    ListRead(crate::lists::update::ListError),
    /// The state could not be read or written.
    State(StateError),
    /// The list exists, has no state, and its name names no algorithm: which one its
    /// untagged lines are cannot be told (BLAKE3 and SHA-256 digests look alike).
    AlgorithmUnknown(Vec<u8>),
    /// The algorithm asked for is not the one the state records.
    AlgorithmMismatch {
        list: Vec<u8>,
        asked: &'static str,
        recorded: String,
    },
}

/// A file to read.
pub struct Job {
    /// As found (or listed).
    name: Vec<u8>,
    path: PathBuf,
    /// Found by the walk (opened without blocking, refused unless regular).
    walked: bool,
    /// The listed name it is judged against ([`normalize`]d), if any.
    key: Option<Vec<u8>>,
    /// Its size when it was found.
    size: u64,
    /// An unlisted file's `--xattr` pair.
    tag: Option<Tag>,
}

impl Job {
    /// Its size when it was found (for progress).
    pub fn size(&self) -> u64 {
        self.size
    }
}

/// A file read.
pub struct Done {
    job: Job,
    result: Result<Hashed, InputError>,
    /// `stat` before the read.
    before: Option<Stat>,
    /// Whether size, mtime, ctime and inode were the same after the read.
    steady: bool,
}

impl Done {
    /// The bytes read (for progress).
    pub fn size(&self) -> u64 {
        self.result.as_ref().map_or(0, |h| h.size)
    }
}

/// Reads a batch of jobs (one task of the ordered pipeline), small files together in the
/// hasher's lanes, each between two `stat`s, read as `how` says.
pub fn hash_batch(jobs: Vec<Job>, proto: &Arc<dyn Hasher>, how: Reading) -> Vec<Done> {
    crate::files::batch::hash_batch(
        jobs,
        |job, reader: &mut Reader<Arc<dyn Hasher>>| {
            let first = fs::metadata(&job.path);
            let before = first.as_ref().ok().map(Stat::of);
            let open = if job.walked {
                Open::Walked
            } else {
                Open::Named
            };
            let result = match &first {
                Err(e) => Err(InputError::from(std::io::Error::new(
                    e.kind(),
                    e.to_string(),
                ))),
                Ok(_) => reader.hash_path(&job.path, proto.clone(), how, open),
            };
            test_grow(&job.path);
            let after = fs::metadata(&job.path);
            // Nothing was read when the first `stat` failed.
            let steady = match (&first, &after) {
                (Ok(a), Ok(b)) => Stamp::of(a) == Stamp::of(b),
                (Err(_), _) => true,
                (Ok(_), Err(_)) => false,
            };
            Done {
                job,
                result,
                before,
                steady,
            }
        },
        |d| Some(&mut d.result),
    )
}

/// Where the state of the list at `list` is (or would be): beside the file a link to it
/// names.
pub fn state_path_of(list: &Path) -> PathBuf {
    state::path_for(&fs::canonicalize(list).unwrap_or_else(|_| list.to_path_buf()))
}

/// Files the survey hands over at a time.
const SURVEY_BATCH: usize = 256;

/// Batches the survey may be ahead of [`Audit::scan`] (262,144 files, some 40 MB): the
/// walk of a tree takes about as long as reading its list, and should not wait for it.
const SURVEY_AHEAD: usize = 1024;

/// One thing the survey met.
enum Met {
    /// A regular file (or a link to one): its name as found, its path, its `stat`.
    File(Vec<u8>, PathBuf, Option<Stat>),
    /// Anything else the walk gives.
    Other(WalkItem),
}

fn met(item: WalkItem) -> Met {
    match item {
        WalkItem::File(p) => {
            let st = fs::metadata(&p).ok().map(|m| Stat::of(&m));
            Met::File(path_bytes(&p).into_owned(), p, st)
        }
        other => Met::Other(other),
    }
}

/// The walk of an audit's trees by the `-r` rules ([`Walker`]), with a `stat` of each
/// file, on a thread of its own: started before [`Audit::open`], it walks while the list
/// and its state are read, and [`Audit::scan`] takes what it met in walk order. (Where no
/// thread can be started, the walk is done in [`Audit::scan`].)
pub struct Survey {
    met: Option<std::sync::mpsc::Receiver<Vec<Met>>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// The walk to do here, when no thread could be started.
    here: Option<(Vec<PathBuf>, Arc<TreeRules>)>,
}

impl Survey {
    /// Starts walking `dirs` by `rules`.
    pub fn start(dirs: &[PathBuf], rules: Arc<TreeRules>) -> Survey {
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Met>>(SURVEY_AHEAD);
        let walk = (dirs.to_vec(), rules.clone());
        let thread = std::thread::Builder::new()
            .name("khsum-survey".into())
            .spawn(move || {
                let mut batch = Vec::with_capacity(SURVEY_BATCH);
                let mut panic_at = test_panic_at();
                for dir in &walk.0 {
                    for item in Walker::new(dir, walk.1.clone()) {
                        if let Some(n) = &mut panic_at {
                            assert!(*n > 0, "KHSUM_TEST_SURVEY_PANIC: the survey panics");
                            *n -= 1;
                        }
                        batch.push(met(item));
                        if batch.len() == SURVEY_BATCH {
                            let full =
                                std::mem::replace(&mut batch, Vec::with_capacity(SURVEY_BATCH));
                            // The audit stopped (its list could not be read).
                            if tx.send(full).is_err() {
                                return;
                            }
                        }
                    }
                }
                let _ = tx.send(batch);
            });
        match thread {
            Ok(t) => Survey {
                met: Some(rx),
                thread: Some(t),
                here: None,
            },
            Err(_) => Survey {
                met: None,
                thread: None,
                here: Some((dirs.to_vec(), rules)),
            },
        }
    }

    /// What was met, in walk order.
    fn into_iter(mut self) -> impl Iterator<Item = Met> {
        let mut here = self.here.take().map(|(dirs, rules)| {
            dirs.into_iter()
                .flat_map(move |d| Walker::new(&d, rules.clone()))
                .map(met)
        });
        let mut batch = Vec::new().into_iter();
        // `self` goes with the iterator: dropped, it joins the thread.
        std::iter::from_fn(move || {
            loop {
                if let Some(h) = &mut here {
                    return h.next();
                }
                if let Some(m) = batch.next() {
                    return Some(m);
                }
                match self.met.as_ref()?.recv() {
                    Ok(b) => batch = b.into_iter(),
                    Err(_) => {
                        // The walk is over, or its thread panicked: then so does the
                        // audit, rather than take a half walk for the tree.
                        if let Some(Err(p)) = self.thread.take().map(|t| t.join()) {
                            std::panic::resume_unwind(p);
                        }
                        return None;
                    }
                }
            }
        })
    }
}

/// A test hook (debug builds only): `KHSUM_TEST_SURVEY_PANIC=N` makes the survey's thread
/// panic at the walk's item N (from 0), as a bug in the walk would.
#[cfg(debug_assertions)]
fn test_panic_at() -> Option<usize> {
    std::env::var("KHSUM_TEST_SURVEY_PANIC").ok()?.parse().ok()
}

#[cfg(not(debug_assertions))]
fn test_panic_at() -> Option<usize> {
    None
}

impl Drop for Survey {
    fn drop(&mut self) {
        // The receiver goes first: a thread still walking stops at its next batch.
        self.met.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// One listed name.
struct Slot {
    /// Its state row's metadata, when the row is one for the listed digest.
    row: Option<Known>,
    /// Met by the walk (or looked up by name).
    seen: bool,
}

/// Where [`Audit::scan`] sorts the files it meets.
struct Sorted {
    /// The files to read.
    jobs: Vec<Job>,
    /// Unchanged files: (verified, key, name, size), for the scrub.
    unchanged: Vec<(i64, Vec<u8>, Vec<u8>, u64)>,
    scrub: Scrub,
}

/// A listed entry: its key ([`normalize`]d) and its name as listed.
type Named = (Vec<u8>, Vec<u8>);

/// A result kept until the end: what to record for it.
struct Kept {
    /// As found (the name written into the list).
    name: Vec<u8>,
    key: Vec<u8>,
    state: State,
    stat: Stat,
    digest: Vec<u8>,
    /// Moved: the listed entry's key.
    from: Option<Vec<u8>>,
}

/// An audit in progress.
pub struct Audit {
    list: ListFile,
    alg: &'static Algorithm,
    store: Option<Store>,
    /// Where the state is (or would be).
    state_path: PathBuf,
    /// One per listed name, by its place in the list ([`ListFile::index_of`]).
    slots: Vec<Slot>,
    /// Rows of names the list does not hold.
    stale: Vec<Vec<u8>>,
    /// The list's mtime (for entries without state).
    list_mtime: Option<i64>,
    /// When this run started (the `verified` time it records).
    now: i64,
    findings: Vec<Finding>,
    counts: HashMap<State, u64>,
    read_files: u64,
    read_bytes: u64,
    /// Files read that need a record.
    kept: Vec<Kept>,
    /// Rows whose content was verified now (their `verified` time only).
    verified: Vec<Vec<u8>>,
    /// Listed names not found.
    missing: Vec<Vec<u8>>,
    /// Unlisted files read: name, stat, digest.
    unlisted: Vec<(Vec<u8>, Stat, Vec<u8>, u64)>,
    /// `--xattr`: each file's pair is read, and written where this run records.
    xattr: bool,
    /// `--xattr`: listed files shown unchanged (by their state, or read now): key, name,
    /// stat, verified time, for their pairs.
    proven: Vec<(Vec<u8>, Vec<u8>, Stat, i64)>,
    /// Pairs that could not be written: the file's name and why.
    xattr_failures: Vec<(Vec<u8>, xattr::WriteError)>,
}

/// What [`Audit::commit`] did (or, in a dry run, would do).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// List lines added (new, duplicate).
    pub added: u64,
    /// List lines whose digest was replaced (changed, accepted).
    pub replaced: u64,
    /// List lines renamed (moved).
    pub renamed: u64,
    /// List lines dropped (pruned).
    pub dropped: u64,
    /// State rows written whole.
    pub rows: u64,
    /// Whether the list was (or would be) rewritten.
    pub list_written: bool,
}

impl Audit {
    /// Reads the list at `list` (it may not exist: then it is empty) and its state. The
    /// algorithm is `asked` (`-a`), else the one the state records, else the one the
    /// list's name says, else BLAKE3 for a list that does not exist yet.
    ///
    /// # Errors
    /// The list or the state cannot be read, or the algorithm cannot be told.
    pub fn open(list: &Path, asked: Option<&'static Algorithm>) -> Result<Audit, AuditError> {
        let shown = path_bytes(list).into_owned();
        let state_path = state_path_of(list);
        let mut store = Store::open(&state_path, false).map_err(AuditError::State)?;
        let recorded = match &store {
            Some(s) => s.algorithm().map_err(AuditError::State)?,
            None => None,
        };
        let named = Algorithm::from_list_name(&shown);
        let alg = match (asked, &recorded) {
            (Some(a), Some(r)) if r != a.name => {
                return Err(AuditError::AlgorithmMismatch {
                    list: shown,
                    asked: a.name,
                    recorded: r.clone(),
                });
            }
            (Some(a), _) => a,
            (None, Some(r)) => Algorithm::lookup(r).map_err(|_| AuditError::AlgorithmMismatch {
                list: shown.clone(),
                asked: "",
                recorded: r.clone(),
            })?,
            (None, None) => match named {
                Some(a) => a,
                None if fs::metadata(list).is_ok() => {
                    return Err(AuditError::AlgorithmUnknown(shown));
                }
                None => Algorithm::default_algorithm(),
            },
        };
        let parser = ListParser::new(Some(alg), None);
        let list_file =
            ListFile::read(list, parser, &|a| a == alg, alg.name).map_err(AuditError::ListRead)?;
        let digest = list_file.digest().map_err(AuditError::List)?;
        // The list's names, then each state row read into its name's slot (kept when it
        // is of the listed digest), one row at a time: the rows are never all held.
        let mut slots: Vec<Slot> = (0..list_file.len())
            .map(|_| Slot {
                row: None,
                seen: false,
            })
            .collect();
        let mut stale = Vec::new();
        if let Some(s) = &mut store {
            s.load_each(digest.as_ref().map(|d| &d[..]), &mut |name, row| {
                // Rows are stored under the listed (normalized) name.
                let listed = (*normalize(name) == *name)
                    .then(|| list_file.lookup_key(name))
                    .flatten();
                match listed {
                    Some((i, entries)) => {
                        let listed = entries.first().map(|e| &e.digest[..]);
                        if row.algorithm == alg.name
                            && listed.is_some_and(|d| crate::digests_equal(row.digest, d))
                        {
                            slots[i].row = Some(row.known);
                        }
                    }
                    None => stale.push(name.to_vec()),
                }
            })
            .map_err(AuditError::State)?;
        }
        let list_mtime = list_file.modified().map(ns_since_epoch);
        Ok(Audit {
            list: list_file,
            alg,
            store,
            state_path,
            slots,
            stale,
            list_mtime,
            now: ns_since_epoch(std::time::SystemTime::now()),
            findings: Vec::new(),
            counts: HashMap::new(),
            read_files: 0,
            read_bytes: 0,
            kept: Vec::new(),
            verified: Vec::new(),
            missing: Vec::new(),
            unlisted: Vec::new(),
            xattr: false,
            proven: Vec::new(),
            xattr_failures: Vec::new(),
        })
    }

    /// Ends the audit of a process about to exit, as fast as it can: the list, its
    /// names and the state's connection are left for the exit to free (for a list of
    /// 100,000 names, freeing them took a fifth of a no-change audit's time). Nothing is
    /// pending: [`Audit::commit`] has committed or rolled back its transaction, and the
    /// state is kept with a rollback journal, which a commit removes.
    pub fn end(self) {
        std::mem::forget(self);
    }

    /// `--xattr`: reads each file's pair (an unlisted file whose content is not its
    /// pair's, at the pair's mtime, is `corrupt`), and writes the pairs of what a run with
    /// `--update` records ([`crate::lists::xattr`]).
    pub fn use_xattrs(&mut self) {
        self.xattr = true;
    }

    /// The pairs [`Audit::commit`] could not write: each file's name and why.
    pub fn xattr_failures(&self) -> &[(Vec<u8>, xattr::WriteError)] {
        &self.xattr_failures
    }

    /// The list's algorithm.
    pub fn algorithm(&self) -> &'static Algorithm {
        self.alg
    }

    /// The list's path (links resolved).
    pub fn list_path(&self) -> &Path {
        self.list.path()
    }

    /// The state file's path.
    pub fn state_path(&self) -> &Path {
        &self.state_path
    }

    /// Files read so far and their bytes.
    pub fn read(&self) -> (u64, u64) {
        (self.read_files, self.read_bytes)
    }

    /// The count of each state so far.
    pub fn count(&self, s: State) -> u64 {
        self.counts.get(&s).copied().unwrap_or(0)
    }

    fn found(&mut self, f: Finding) {
        *self.counts.entry(f.state).or_default() += 1;
        self.findings.push(f);
    }

    /// Takes what `survey` met in the trees and looks up every listed name it did not
    /// meet: the files to read (in walk order, then the rest of the list in name order),
    /// the unchanged ones left out but for the share `scrub` picks, oldest verified first.
    pub fn scan(&mut self, survey: Survey, scrub: Scrub) -> Vec<Job> {
        let mut to = Sorted {
            jobs: Vec::new(),
            unchanged: Vec::new(),
            scrub,
        };
        for met in survey.into_iter() {
            match met {
                Met::File(name, p, st) => {
                    self.consider(name, p, st, true, &mut to);
                }
                Met::Other(WalkItem::File(_) | WalkItem::LinkedDir(_)) => {}
                Met::Other(WalkItem::Skipped(p, why)) => {
                    let name = path_bytes(&p).into_owned();
                    let listed = self.mark_seen(&name).is_some();
                    let why = if why == NOT_FOLLOWED {
                        why
                    } else {
                        "not a regular file".into()
                    };
                    self.found(Finding {
                        name,
                        state: State::NotRegular,
                        class: if listed {
                            Class::Unreadable
                        } else {
                            Class::Fine
                        },
                        from: None,
                        size: None,
                        digest: None,
                        expected: None,
                        error: Some(why),
                    });
                }
                Met::Other(WalkItem::Error(p, e)) => {
                    // A directory that cannot be read: its listed files are looked up by
                    // name below.
                    let name = path_bytes(&p).into_owned();
                    self.mark_seen(&name);
                    self.found(unreadable(name, e));
                }
            }
        }
        // Listed names the walk did not meet, by name.
        let mut unmet: Vec<(Vec<u8>, Vec<u8>)> = self
            .list
            .indexed_names()
            .filter(|&(i, _, _)| !self.slots[i].seen)
            .map(|(_, k, e)| (k.to_vec(), e.name.clone()))
            .collect();
        unmet.sort_unstable();
        for (key, name) in unmet {
            let path = bytes_to_path(&name);
            let m = match fs::metadata(&path) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    self.missing.push(key);
                    continue;
                }
                m => m,
            };
            match m {
                Ok(m) if !m.is_file() => {
                    self.mark_seen(&name);
                    self.found(Finding {
                        name,
                        state: State::NotRegular,
                        class: Class::Unreadable,
                        from: None,
                        size: None,
                        digest: None,
                        expected: None,
                        error: Some(if m.is_dir() {
                            "Is a directory".into()
                        } else {
                            "not a regular file".into()
                        }),
                    });
                }
                m => {
                    let st = m.ok().map(|m| Stat::of(&m));
                    self.consider(name, path, st, false, &mut to);
                }
            }
        }
        let Sorted {
            mut jobs,
            unchanged,
            scrub,
        } = to;
        jobs.extend(self.scrubbed(unchanged, scrub));
        jobs
    }

    /// Marks a name met; its listed key and place, if it is listed.
    fn mark_seen(&mut self, name: &[u8]) -> Option<(Vec<u8>, usize)> {
        let key = normalize(name);
        let (i, _) = self.list.lookup_key(&key)?;
        self.slots[i].seen = true;
        Some((key.into_owned(), i))
    }

    /// A regular file found, with its `stat`: left out when its state says it is
    /// unchanged, else a job.
    fn consider(
        &mut self,
        name: Vec<u8>,
        path: PathBuf,
        st: Option<Stat>,
        walked: bool,
        to: &mut Sorted,
    ) {
        let seen = self.mark_seen(&name);
        if let Some((k, i)) = &seen
            && let Some(row) = &self.slots[*i].row
            && let Some(st) = st
            && st.size == row.size
            && st.ino == row.ino
            && st.ctime == row.ctime
            && cmp_mtime(st.mtime, row.mtime).is_eq()
        {
            *self.counts.entry(State::Ok).or_default() += 1;
            if self.xattr {
                self.proven
                    .push((k.clone(), name.clone(), st, row.verified));
            }
            if to.scrub != Scrub::Off {
                to.unchanged.push((row.verified, k.clone(), name, st.size));
            }
            return;
        }
        let tag = (self.xattr && seen.is_none())
            .then(|| xattr::read(&path, self.alg))
            .flatten();
        to.jobs.push(Job {
            name,
            path,
            walked,
            key: seen.map(|(k, _)| k),
            size: st.map_or(0, |s| s.size),
            tag,
        });
    }

    /// The unchanged files the scrub re-reads: the share asked, those verified longest
    /// ago first (by name among equals).
    fn scrubbed(
        &mut self,
        mut unchanged: Vec<(i64, Vec<u8>, Vec<u8>, u64)>,
        scrub: Scrub,
    ) -> Vec<Job> {
        unchanged.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        let n = match scrub {
            Scrub::Off => 0,
            Scrub::Percent(p) => ((p / 100.0) * unchanged.len() as f64).ceil() as usize,
            Scrub::Bytes(budget) => {
                let mut sum = 0u64;
                let mut n = 0;
                for u in &unchanged {
                    if n > 0 && sum + u.3 > budget {
                        break;
                    }
                    sum += u.3;
                    n += 1;
                }
                n
            }
        };
        unchanged.truncate(n.min(unchanged.len()));
        // Counted again once read.
        *self.counts.entry(State::Ok).or_default() -= unchanged.len() as u64;
        unchanged
            .into_iter()
            .map(|(_, key, name, size)| Job {
                path: bytes_to_path(&name),
                name,
                walked: true,
                key: Some(key),
                size,
                tag: None,
            })
            .collect()
    }

    /// Gives a file read its state.
    pub fn judge(&mut self, d: Done) {
        let Done {
            job,
            result,
            before,
            steady,
        } = d;
        let expected = job
            .key
            .as_ref()
            .and_then(|k| self.list.get(k))
            .and_then(|e| e.first())
            .map(|e| e.digest.clone());
        let h = match (result, before) {
            (Err(e), _) if !steady && !e.missing => {
                return self.found(during_read(job.name, expected, Some(e.reason)));
            }
            (Err(e), _) if e.missing => {
                if let Some(k) = job.key {
                    self.missing.push(k);
                }
                return;
            }
            (Err(e), _) => {
                return self.found(Finding {
                    expected,
                    ..unreadable(job.name, e.reason)
                });
            }
            (Ok(_), None) => return,
            (Ok(h), Some(st)) => {
                self.read_files += 1;
                self.read_bytes += h.size;
                if !steady {
                    return self.found(during_read(job.name, expected, None));
                }
                (h, st)
            }
        };
        let (h, st) = h;
        let digest = h.digest.to_vec();
        let Some(key) = job.key else {
            // Content that is not its pair's at the pair's own mtime: bit rot.
            if let Some(t) = &job.tag
                && !crate::digests_equal(&t.digest, &digest)
                && cmp_mtime(t.mtime, st.mtime).is_eq()
            {
                self.found(Finding {
                    name: job.name.clone(),
                    state: State::Corrupt,
                    class: Class::Corrupt,
                    from: None,
                    size: Some(h.size),
                    digest: Some(digest.clone()),
                    expected: Some(t.digest.clone()),
                    error: None,
                });
                self.kept.push(Kept {
                    key: normalize(&job.name).into_owned(),
                    name: job.name,
                    state: State::Corrupt,
                    stat: st,
                    digest,
                    from: None,
                });
                return;
            }
            self.unlisted.push((job.name, st, digest, h.size));
            return;
        };
        let expected = expected.unwrap_or_default();
        let row = self
            .list
            .index_of(&key)
            .and_then(|i| self.slots[i].row.as_ref());
        let state = if verdict(&digest, h.digest.notice(), &expected) == Verdict::Ok {
            match row {
                Some(r) if !cmp_mtime(st.mtime, r.mtime).is_eq() => State::Touched,
                _ => State::Ok,
            }
        } else {
            // The mtime it is judged against: the state's, else the list's.
            let (then, size) = match row {
                Some(r) => (Some(r.mtime), Some(r.size)),
                None => (self.list_mtime, None),
            };
            match (then, size) {
                (Some(t), Some(s)) if s == st.size && cmp_mtime(st.mtime, t).is_eq() => {
                    State::Corrupt
                }
                (Some(t), Some(_)) if cmp_mtime(st.mtime, t).is_lt() => State::Older,
                (Some(t), None) if cmp_mtime(st.mtime, t).is_le() => State::Corrupt,
                _ => State::Changed,
            }
        };
        if state == State::Ok {
            *self.counts.entry(State::Ok).or_default() += 1;
            if let Some(r) = row
                && r.size == st.size
                && r.ino == st.ino
                && r.mtime == st.mtime
                && r.ctime == st.ctime
            {
                if self.xattr {
                    self.proven.push((key.clone(), job.name, st, self.now));
                }
                self.verified.push(key);
                return;
            }
        } else {
            self.found(Finding {
                name: job.name.clone(),
                state,
                class: match state {
                    State::Corrupt => Class::Corrupt,
                    State::Older => Class::Older,
                    _ => Class::Fine,
                },
                from: None,
                size: Some(h.size),
                digest: Some(digest.clone()),
                expected: Some(expected),
                error: None,
            });
        }
        self.kept.push(Kept {
            name: job.name,
            key,
            state,
            stat: st,
            digest,
            from: None,
        });
    }

    /// Pairs the unlisted files with listed content: with a missing entry (moved, one
    /// path per entry), else with an entry satisfied elsewhere (duplicate), else new; the
    /// missing entries left are missing. The findings, in name order.
    pub fn finish(&mut self) -> Vec<Finding> {
        let mut unlisted = std::mem::take(&mut self.unlisted);
        unlisted.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let wanted: HashSet<&[u8]> = unlisted.iter().map(|u| &u.2[..]).collect();
        // The listed entries with the content of some unlisted file: key, listed name.
        let mut by_digest: HashMap<Vec<u8>, Vec<Named>> = HashMap::new();
        if !wanted.is_empty() {
            for (key, e) in self.list.names() {
                if wanted.contains(&e.digest[..]) {
                    by_digest
                        .entry(e.digest.clone())
                        .or_default()
                        .push((key.to_vec(), e.name.clone()));
                }
            }
        }
        for v in by_digest.values_mut() {
            v.sort_unstable();
        }
        let mut missing: HashSet<Vec<u8>> = self.missing.iter().cloned().collect();
        // Where each claimed entry's content went.
        let mut claimed: HashMap<Vec<u8>, Vec<u8>> = HashMap::new();
        // A rename keeps the file's device and inode: an unlisted file with a missing
        // entry's content and the inode its state recorded is that entry's move, before
        // any copy of it that comes first in name order.
        let mut renamed: HashMap<usize, Named> = HashMap::new();
        for (i, (name, st, digest, _)) in unlisted.iter().enumerate() {
            let same_inode = |k: &Vec<u8>| {
                missing.contains(k)
                    && self
                        .list
                        .index_of(k)
                        .and_then(|i| self.slots[i].row)
                        .is_some_and(|r| r.dev == st.dev && r.ino == st.ino)
            };
            if let Some((k, listed)) = by_digest
                .get(digest)
                .and_then(|c| c.iter().find(|(k, _)| same_inode(k)))
            {
                missing.remove(k);
                claimed.insert(k.clone(), name.clone());
                renamed.insert(i, (k.clone(), listed.clone()));
            }
        }
        for (i, (name, st, digest, size)) in unlisted.into_iter().enumerate() {
            let cands = by_digest
                .get(&digest)
                .map(Vec::as_slice)
                .unwrap_or_default();
            let base = |n: &[u8]| n.rsplit(|&c| c == b'/').next().map(<[u8]>::to_vec);
            let free: Vec<&(Vec<u8>, Vec<u8>)> =
                cands.iter().filter(|(k, _)| missing.contains(k)).collect();
            let pick = renamed.remove(&i).or_else(|| {
                free.iter()
                    .find(|(_, n)| base(n) == base(&name))
                    .or(free.first())
                    .map(|&p| p.clone())
            });
            let key = normalize(&name).into_owned();
            let (state, from) = if let Some((k, listed_name)) = pick {
                missing.remove(&k);
                claimed.insert(k.clone(), name.clone());
                (State::Moved, Some((k, listed_name)))
            } else if let Some((k, listed_name)) = cands.first() {
                let at = claimed
                    .get(k)
                    .cloned()
                    .unwrap_or_else(|| listed_name.clone());
                (State::Duplicate, Some((k.clone(), at)))
            } else {
                (State::New, None)
            };
            self.found(Finding {
                name: name.clone(),
                state,
                class: Class::Fine,
                from: from.as_ref().map(|f| f.1.clone()),
                size: Some(size),
                digest: Some(digest.clone()),
                expected: None,
                error: None,
            });
            self.kept.push(Kept {
                name,
                key,
                state,
                stat: st,
                digest,
                from: from.filter(|_| state == State::Moved).map(|f| f.0),
            });
        }
        let mut gone: Vec<Vec<u8>> = missing.into_iter().collect();
        gone.sort_unstable();
        for key in &gone {
            let e = self.list.get(key).and_then(|e| e.first());
            self.found(Finding {
                name: e.map_or_else(|| key.clone(), |e| e.name.clone()),
                state: State::Missing,
                class: Class::Missing,
                from: None,
                size: None,
                digest: None,
                expected: e.map(|e| e.digest.clone()),
                error: None,
            });
        }
        self.missing = gone;
        let mut findings = std::mem::take(&mut self.findings);
        findings.sort_by(|a, b| a.name.cmp(&b.name).then(a.state.cmp(&b.state)));
        findings
    }

    /// Records what `policy` allows: the list's lines (added, replaced, renamed, dropped)
    /// and the state, together (see [`crate::lists::state`]); in a dry run, nothing.
    /// Without `update`, only what was verified: `verified` times, and the rows of files
    /// read for the first time whose content matched.
    ///
    /// # Errors
    /// The list or the state could not be written (the list is then as it was).
    pub fn commit(&mut self, policy: &Policy) -> Result<Applied, AuditError> {
        let mut applied = Applied::default();
        let mut edits: HashMap<Vec<u8>, Edit> = HashMap::new();
        let mut appended = Vec::new();
        let mut changes = Changes {
            verified: std::mem::take(&mut self.verified),
            now: self.now,
            ..Changes::default()
        };
        let form = LineFormat {
            tag: self.alg.tagged_lines,
            ..LineFormat::default()
        };
        if self.xattr && policy.update && !policy.dry_run {
            self.write_tags(policy, &mut changes);
        }
        for k in std::mem::take(&mut self.kept) {
            let row = Row {
                algorithm: self.alg.name.into(),
                digest: k.digest.clone(),
                size: k.stat.size,
                mtime: k.stat.mtime,
                ctime: k.stat.ctime,
                dev: k.stat.dev,
                ino: k.stat.ino,
                verified: self.now,
            };
            let listed_form = |e: &Entry| LineFormat {
                tag: e.chosen == Chosen::Label || self.alg.tagged_lines,
                ..LineFormat::default()
            };
            match k.state {
                State::Ok => changes.upserts.push((k.key, row)),
                State::Touched if policy.update => changes.upserts.push((k.key, row)),
                State::Touched => changes.verified.push(k.key),
                State::Changed if policy.update => {
                    self.replace(&k, &mut edits, listed_form);
                    applied.replaced += 1;
                    changes.upserts.push((k.key, row));
                }
                // Unlisted, found corrupt by its `--xattr` pair: accepted, it is added.
                State::Corrupt
                    if policy.update
                        && policy.accept.contains(&k.key)
                        && self.list.get(&k.key).is_none() =>
                {
                    format_line(&mut appended, self.alg, &k.digest, &k.name, form);
                    applied.added += 1;
                    changes.upserts.push((k.key, row));
                }
                State::Corrupt | State::Older
                    if policy.update && policy.accept.contains(&k.key) =>
                {
                    self.replace(&k, &mut edits, listed_form);
                    applied.replaced += 1;
                    changes.upserts.push((k.key, row));
                }
                State::New | State::Duplicate if policy.update => {
                    format_line(&mut appended, self.alg, &k.digest, &k.name, form);
                    applied.added += 1;
                    changes.upserts.push((k.key, row));
                }
                State::Moved if policy.update => {
                    let Some(from) = k.from.clone() else { continue };
                    let f = self
                        .list
                        .get(&from)
                        .and_then(|e| e.first())
                        .map_or(form, listed_form);
                    let mut line = Vec::new();
                    format_line(&mut line, self.alg, &k.digest, &k.name, f);
                    edits.insert(from.clone(), Edit::Replace(line));
                    applied.renamed += 1;
                    changes.deletes.push(from);
                    changes.upserts.push((k.key, row));
                }
                _ => {}
            }
        }
        if policy.update && policy.prune {
            for key in &self.missing {
                edits.insert(key.clone(), Edit::Drop);
                changes.deletes.push(key.clone());
                applied.dropped += 1;
            }
        }
        if policy.update {
            changes.deletes.extend(std::mem::take(&mut self.stale));
        }
        applied.rows = changes.upserts.len() as u64;
        applied.list_written = !edits.is_empty() || !appended.is_empty();
        if policy.dry_run || (changes.is_empty() && !applied.list_written) {
            return Ok(applied);
        }
        state::test_pause("before-write");
        if self.store.is_none() {
            let s = Store::open(&self.state_path, true)
                .map_err(AuditError::State)?
                .expect("created");
            self.store = Some(s);
        }
        let store = self.store.as_mut().expect("opened");
        store
            .set_algorithm(self.alg.name)
            .map_err(AuditError::State)?;
        if !applied.list_written {
            store.apply(&changes).map_err(AuditError::State)?;
            return Ok(applied);
        }
        let digest = self
            .list
            .new_digest(&edits, &appended)
            .map_err(AuditError::List)?;
        store
            .prepare(&changes, &digest)
            .map_err(AuditError::State)?;
        state::test_pause("prepared");
        self.list
            .commit_edits(&edits, &appended, &|_| state::test_pause("list-temp"))
            .map_err(AuditError::List)?;
        state::test_pause("list-written");
        store.settle().map_err(AuditError::State)?;
        Ok(applied)
    }

    /// The edit that gives a listed name a new digest, in its line's form.
    /// Writes the `--xattr` pair of each file this run records, and of each listed file
    /// shown unchanged whose pair is missing or stale. A pair written moves the file's
    /// ctime: the new one is recorded when size, mtime and inode are still the ones
    /// recorded, else the next run reads the file again.
    fn write_tags(&mut self, policy: &Policy, changes: &mut Changes) {
        let alg = self.alg;
        let mut failures = Vec::new();
        // Writes the pair unless it is there; the ctime after, if the file is the same.
        let mut put = |name: &[u8], tag: Tag, st: &Stat| -> Option<i64> {
            let path = bytes_to_path(name);
            if xattr::read(&path, alg).is_some_and(|t| t == tag) {
                return None;
            }
            if let Err(e) = xattr::write(&path, alg, &tag) {
                failures.push((name.to_vec(), e));
                return None;
            }
            let now = Stat::of(&fs::metadata(&path).ok()?);
            (now.size == st.size && now.mtime == st.mtime && now.dev == st.dev && now.ino == st.ino)
                .then_some(now.ctime)
        };
        for k in &mut self.kept {
            let recorded = match k.state {
                State::Ok
                | State::Touched
                | State::Changed
                | State::New
                | State::Duplicate
                | State::Moved => true,
                State::Corrupt | State::Older => policy.accept.contains(&k.key),
                _ => false,
            };
            let tag = Tag {
                digest: k.digest.clone(),
                mtime: k.stat.mtime,
            };
            if recorded && let Some(ctime) = put(&k.name, tag, &k.stat) {
                k.stat.ctime = ctime;
            }
        }
        // A file the scrub found changed is not shown unchanged; one read twice is written
        // once.
        let mut done: HashSet<Vec<u8>> = self.kept.iter().map(|k| k.key.clone()).collect();
        for (key, name, st, verified) in std::mem::take(&mut self.proven) {
            if !done.insert(key.clone()) {
                continue;
            }
            let Some(e) = self.list.get(&key).and_then(|e| e.first()) else {
                continue;
            };
            let tag = Tag {
                digest: e.digest.clone(),
                mtime: st.mtime,
            };
            if let Some(ctime) = put(&name, tag, &st) {
                let row = Row {
                    algorithm: alg.name.into(),
                    digest: e.digest.clone(),
                    size: st.size,
                    mtime: st.mtime,
                    ctime,
                    dev: st.dev,
                    ino: st.ino,
                    verified,
                };
                changes.upserts.push((key, row));
            }
        }
        self.xattr_failures.extend(failures);
    }

    fn replace(
        &self,
        k: &Kept,
        edits: &mut HashMap<Vec<u8>, Edit>,
        form: impl Fn(&Entry) -> LineFormat,
    ) {
        let Some(e) = self.list.get(&k.key).and_then(|e| e.first()) else {
            return;
        };
        let mut line = Vec::new();
        format_line(&mut line, self.alg, &k.digest, &e.name, form(e));
        edits.insert(k.key.clone(), Edit::Replace(line));
    }
}

fn unreadable(name: Vec<u8>, reason: String) -> Finding {
    Finding {
        name,
        state: State::Unreadable,
        class: Class::Unreadable,
        from: None,
        size: None,
        digest: None,
        expected: None,
        error: Some(reason),
    }
}

fn during_read(name: Vec<u8>, expected: Option<Vec<u8>>, error: Option<String>) -> Finding {
    Finding {
        name,
        state: State::ChangedDuringRead,
        class: Class::ChangedDuringRead,
        from: None,
        size: None,
        digest: None,
        expected,
        error,
    }
}

/// A test hook (debug builds only): the file `KHSUM_TEST_AUDIT_GROW` names grows by a
/// byte right after it is read and before its second `stat`, as a file written to while
/// it is read does.
#[cfg(debug_assertions)]
fn test_grow(path: &Path) {
    if std::env::var_os("KHSUM_TEST_AUDIT_GROW").is_some_and(|p| p == path.as_os_str()) {
        use std::io::Write;
        if let Ok(mut f) = fs::OpenOptions::new().append(true).open(path) {
            let _ = f.write_all(b"+");
        }
    }
}

#[cfg(not(debug_assertions))]
fn test_grow(_: &Path) {}

/// Appends the `khsum audit --json` record of one file that is not plainly ok: `name`
/// (or `name_bytes`), `state`, `from` (moved, duplicate), `size`, `algorithm`, `digest`
/// (computed), `expected` (listed) and `error`.
pub fn write_json_line(f: &Finding, algorithm: &str, out: &mut Vec<u8>) {
    let mut m = serde_json::Map::new();
    crate::lists::record::put_name(&mut m, "name", &f.name);
    m.insert("state".into(), serde_json::json!(f.state.word()));
    if let Some(from) = &f.from {
        crate::lists::record::put_name(&mut m, "from", from);
    }
    m.insert("size".into(), serde_json::json!(f.size));
    m.insert("algorithm".into(), serde_json::json!(algorithm));
    m.insert(
        "digest".into(),
        serde_json::json!(f.digest.as_ref().map(hex::encode)),
    );
    m.insert(
        "expected".into(),
        serde_json::json!(f.expected.as_ref().map(hex::encode)),
    );
    m.insert("error".into(), serde_json::json!(f.error));
    crate::lists::record::push_line(out, &serde_json::Value::Object(m));
}

/// Appends the closing `khsum audit --json` record: `summary: true`, `list`, the count
/// of every state (`ok` … `not-regular`), the files and bytes read, and what was (or,
/// `dry_run`, would be) recorded.
pub fn write_json_summary(
    list: &[u8],
    counts: &[(&str, u64)],
    read: (u64, u64),
    applied: Option<(&Applied, bool)>,
    out: &mut Vec<u8>,
) {
    let mut m = serde_json::Map::new();
    m.insert("summary".into(), serde_json::json!(true));
    crate::lists::record::put_name(&mut m, "list", list);
    for (k, v) in counts {
        m.insert((*k).into(), serde_json::json!(v));
    }
    m.insert("read_files".into(), serde_json::json!(read.0));
    m.insert("read_bytes".into(), serde_json::json!(read.1));
    if let Some((a, dry_run)) = applied {
        m.insert("added".into(), serde_json::json!(a.added));
        m.insert("replaced".into(), serde_json::json!(a.replaced));
        m.insert("renamed".into(), serde_json::json!(a.renamed));
        m.insert("dropped".into(), serde_json::json!(a.dropped));
        m.insert("dry_run".into(), serde_json::json!(dry_run));
    }
    crate::lists::record::push_line(out, &serde_json::Value::Object(m));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mtimes_compare_at_the_coarser_precision() {
        let s = 1_700_000_000_000_000_000i64;
        assert!(cmp_mtime(s + 123_456_789, s).is_eq());
        assert!(cmp_mtime(s + 123_456_700, s + 123_456_789).is_eq());
        assert!(cmp_mtime(s + 123_456_789, s + 123_456_788).is_gt());
        assert!(cmp_mtime(s + 2_000_000_000, s + 123).is_gt());
        assert!(cmp_mtime(s - 1_000_000_000, s + 123).is_lt());
    }
}
