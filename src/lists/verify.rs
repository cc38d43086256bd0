//! Verifying checksum lists (`khsum -c`): reading a list line by line, the prototype
//! hashers, one verdict per line, and GNU's counts, hints and summary as plain data. The
//! binary opens the list, feeds it through [`ListCheck`] (an iterator of [`Item`]s, hashed
//! on the pool by [`check_batch`]), counts each [`Checked`] into a [`Tally`] and prints.
//!
//! **A verdict is a fact about one line.** A line is OK exactly when its file, read, has
//! the listed digest under an algorithm the line is admissible under
//! ([`crate::lists::proof`]). A line whose algorithm is settled (its label, `-a`, or the list's
//! name) is checked under that one, with no retry. An untagged line of a list whose name
//! names nothing is admissible under every candidate of its digest's length: its file is
//! hashed with the list's usual one first and, when that does not match, with all the
//! other candidates from one more read ([`crate::files::multi::Multi`]) before it is FAILED. So
//! a changed file costs at most one more read, an intact one none; and what another line
//! matched never decides this line's verdict.
//!
//! **The usual algorithm** of a shape (digest length and form) is found once, to keep the
//! cost down: one listed file is hashed with the candidates (the first alone, then the
//! rest in one read) until one gives its listed digest. The sample is the first listed
//! file of at most [`SMALL`] bytes among the next [`WINDOW`] lines of that shape (found by
//! `stat`, as the lines are read: standard input cannot be read twice), else the
//! smallest of them; at most [`SAMPLES`] files are tried, and a sample's trial is its
//! result (no second read). When none matches, the candidates keep their order. Entries
//! that cannot be read twice or sampled ahead (standard input, FIFOs, devices) are hashed
//! with every candidate in their one read.

use crate::algorithm::{Algorithm, Family, ReadHint};
use crate::files::io::{Hashed, InputError, Mmap, Open, Reading, hash_path_with, hash_stdin_with};
use crate::files::multi::Multi;
use crate::files::names::{bytes_to_path, quote};
use crate::files::progress::{Counted, Counter};
use crate::hasher::Hasher;
use crate::key::Key;
use crate::lists::checkfile::{Entry, Line, ListParser, Untagged};
use crate::lists::proof::{Chosen, Shape};
use crate::lists::record::Summary;
use crate::spec::{OutputRule, Params};
use std::collections::{HashMap, VecDeque};
use std::io::BufRead;
use std::path::Path;
use std::sync::Arc;

/// A detection sample of at most this many bytes is preferred to a larger one.
pub const SMALL: u64 = 1 << 20;

/// Untagged lines of one shape held back (in order) while a small sample is looked for.
pub const WINDOW: usize = 64;

/// Lines of any kind held back behind an undecided one, at most.
pub const QUEUE_MAX: usize = 4096;

/// Bytes of list lines (names and digests) held back behind an undecided one, at most:
/// `md5sum -c` needs about 2 MiB for a list of long names; this bounds khsum's to the
/// same order whatever the list holds.
pub const QUEUE_BYTES: usize = 4 << 20;

/// Files tried per shape to find its usual algorithm.
pub const SAMPLES: usize = 3;

/// The longest list line read ([`crate::files::inputs::LINE_MAX`]).
pub const MAX_LINE: usize = crate::files::inputs::LINE_MAX;

/// How a hashed file compares with its listed digest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The digest matched.
    Ok,
    /// The digest did not match.
    Failed,
    /// The digest matched, but the file carries a collision attack (SHA-1): a matching
    /// digest proves nothing, so it never counts as OK.
    Attacked,
}

/// The verdict on a file whose digest is `got` (compared in constant time) and whose
/// hasher noticed `notice` ([`crate::Digest::notice`]), listed as `expected`. Shared by
/// `-c` and `--update --check-existing`.
pub fn verdict(got: &[u8], notice: Option<&str>, expected: &[u8]) -> Verdict {
    if !crate::digests_equal(got, expected) {
        Verdict::Failed
    } else if notice.is_some() {
        Verdict::Attacked
    } else {
        Verdict::Ok
    }
}

/// A prototype hasher and whether what it computes depends on a secret (a key, or
/// `--derive-key`'s key material): such values are never shown unless they matched.
#[derive(Clone)]
pub struct Proto {
    pub hasher: Arc<dyn Hasher>,
    /// How its inputs are read.
    pub read: ReadHint,
    /// The same hasher without the progress counter, for a part of a combined read (the
    /// combined hasher counts the bytes once).
    raw: Arc<dyn Hasher>,
    /// The progress counter `hasher` counts into, if any.
    counter: Option<Arc<Counter>>,
    pub secret: bool,
}

/// Decodes the run's key material for one algorithm: `Ok(None)` when no key was given.
pub type KeyFor<'a> = dyn Fn(&'static Algorithm) -> Result<Option<Key>, String> + 'a;

/// Why a list line's prototype could not be built (a setup error: the run stops).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtoError {
    /// A key was given for lines of an algorithm that takes none.
    TakesNoKey,
    /// Lines of an algorithm that needs a key, and none was given.
    NeedsKey,
    /// Lines labelled as keyed tags of an algorithm whose key is optional
    /// (`BLAKE3-KEYED`), and no key was given.
    KeyedTag,
    /// Anything else (a key of the wrong length, …), as said.
    Other(String),
}

/// The prototype hashers of a run, by algorithm and output length, built once and shared
/// by every list: with the key decoded for each algorithm, counting their bytes into the
/// progress counter when there is one.
pub struct Prototypes<'k> {
    map: HashMap<(&'static str, usize), Proto>,
    keys: &'k KeyFor<'k>,
    keyed: bool,
    params: Params,
    counter: Option<Arc<Counter>>,
}

impl<'k> Prototypes<'k> {
    /// `keys` decodes the key material for an algorithm, `keyed` says whether a key was
    /// given, `params` are the run's output length and nonce.
    pub fn new(
        keys: &'k KeyFor<'k>,
        keyed: bool,
        params: Params,
        counter: Option<Arc<Counter>>,
    ) -> Prototypes<'k> {
        Prototypes {
            map: HashMap::new(),
            keys,
            keyed,
            params,
            counter,
        }
    }

    /// Whether a key was given for the run.
    pub fn keyed(&self) -> bool {
        self.keyed
    }

    fn proto(&self, h: Box<dyn Hasher>, read: ReadHint, secret: bool) -> Proto {
        let raw: Arc<dyn Hasher> = Arc::from(h.box_clone());
        let hasher: Arc<dyn Hasher> = match &self.counter {
            Some(c) => Arc::new(Counted::new(h, c.clone())),
            None => Arc::from(h),
        };
        Proto {
            hasher,
            read,
            raw,
            counter: self.counter.clone(),
            secret,
        }
    }

    /// Sets the prototype of `alg` (`-a`'s, or `--derive-key`'s), whose inputs are read
    /// as `read` says, for every length.
    pub fn force(
        &mut self,
        alg: &'static Algorithm,
        proto: Box<dyn Hasher>,
        read: ReadHint,
        secret: bool,
    ) {
        let len = proto.output_len();
        let p = self.proto(proto, read, secret);
        self.map.insert((alg.name, len), p);
    }

    /// The prototype for lines of `alg` with `len`-byte digests.
    ///
    /// # Errors
    /// The key does not fit the algorithm (see [`ProtoError`]).
    pub fn get(&mut self, alg: &'static Algorithm, len: usize) -> Result<Proto, ProtoError> {
        if let Some(p) = self.map.get(&(alg.name, len)) {
            return Ok(p.clone());
        }
        let key = (self.keys)(alg).map_err(|e| match self.keyed {
            true if !alg.takes_key() => ProtoError::TakesNoKey,
            _ => ProtoError::Other(e),
        })?;
        // A MAC's line checked with the all-zero key would only ever FAIL.
        if alg.needs_key() && key.is_none() {
            return Err(ProtoError::NeedsKey);
        }
        // The line's length; an algorithm of one length takes none (a `--length` given
        // without `-a` is BLAKE3's, for untagged lines).
        let params = Params {
            out_len: (!matches!(alg.output, OutputRule::Fixed(_))).then_some(len),
            ..self.params
        };
        let h = alg
            .hasher(key.as_ref(), &params)
            .map_err(|e| ProtoError::Other(e.to_string()))?;
        let p = self.proto(h, alg.read_hint(key.as_ref(), &params), key.is_some());
        self.map.insert((alg.name, len), p.clone());
        Ok(p)
    }
}

/// The algorithms the untagged lines of one shape are admissible under, in the order
/// tried (the list's usual one first), with their prototypes: built once per list and
/// shape, shared by every such line.
pub struct Candidates {
    pub shape: Shape,
    pub algs: Vec<&'static Algorithm>,
    protos: Vec<Proto>,
    /// All of them over one read, for an entry read once (standard input, a FIFO, a
    /// device): their digests one after another.
    stream: Arc<dyn Hasher>,
}

/// How a line checked by detection is checked.
#[derive(Clone)]
pub struct Detected {
    pub candidates: Arc<Candidates>,
    /// The line's digest was written in base64 (for messages).
    pub base64: bool,
}

/// One listed file to check, its admissible algorithms known.
pub struct Job {
    /// The line: the algorithm tried first, the listed digest, the name.
    pub entry: Entry,
    /// Its list line number.
    pub line_no: u64,
    proto: Proto,
    /// Detection: every candidate of the line; when `retry`, the first is `proto` and the
    /// others are tried from one more read when it does not match.
    detected: Option<Detected>,
    retry: bool,
    /// The detection trial's result for this file (not hashed again).
    pre: Option<Box<Hashed>>,
    /// The list is standard input (an entry named `-` cannot also read it).
    list_is_stdin: bool,
}

/// A line that is not a checksum line this run reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Improper {
    /// Its list line number.
    pub line_no: u64,
    /// The algorithm (or family, `SHA3`) it is a line of as far as it says, for GNU's
    /// `improperly formatted SHA256 checksum line`.
    pub label: Option<String>,
    pub reason: Reason,
}

/// Why a line is improper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Not in any form this run reads (GNU's improperly formatted line).
    Format,
    /// Longer than [`MAX_LINE`]: always said, not only with `--warn`.
    TooLong,
    /// An untagged digest whose length no admissible algorithm has without `-a`
    /// (a BLAKE3 digest cut short, a BLAKE2 digest under 128 bits, a name's algorithm
    /// that has another length).
    DigestLength,
    /// A BLAKE3 line naming a file with U+FFFD (b3sum's rule).
    ReplacementCharacter,
}

impl Reason {
    /// The word in `--json` records' `reason` field.
    pub fn word(self) -> &'static str {
        match self {
            Reason::Format => "format",
            Reason::TooLong => "too-long",
            Reason::DigestLength => "digest-length",
            Reason::ReplacementCharacter => "replacement-character",
        }
    }
}

/// What a list yields, in list order.
pub enum Item {
    /// An improper line.
    Improper(Improper),
    /// A file to check.
    Check(Job),
}

/// What [`check_batch`] gives for an [`Item`].
pub enum Done {
    Improper(Improper),
    Checked(Checked),
}

/// A checked file.
pub struct Checked {
    /// The line; its algorithm is the one that matched, or the first tried.
    pub entry: Entry,
    pub line_no: u64,
    /// Whether the computed value depends on a secret (never shown unless it matched).
    pub secret: bool,
    pub result: Result<Hashed, InputError>,
    /// For a line checked by detection: what it was checked as.
    pub detected: Option<Detected>,
    /// The first candidate did not match yet: the others are to be tried
    /// ([`Checked::settle`]).
    retry: bool,
}

impl Job {
    /// Hashes the listed file (a name `-` is standard input, as GNU reads it) and settles
    /// its verdict.
    pub fn run(self, mmap: Mmap) -> Checked {
        let mut c = self.run_with(mmap, |path, proto, how, open| {
            crate::files::io::hash_file(path, &**proto, how, open)
        });
        c.settle(mmap);
        c
    }

    /// [`Job::run`] in a batch: a small file is kept for its hasher's multi-buffer
    /// kernel, if it has one, and gets its digest when the batch ends
    /// ([`crate::files::batch::hash_batch`], with [`Checked::result`] as the slot);
    /// [`Checked::settle`] then finishes it ([`check_batch`] does both).
    pub fn run_in(
        self,
        reader: &mut crate::files::batch::Reader<Arc<dyn Hasher>>,
        mmap: Mmap,
    ) -> Checked {
        self.run_with(mmap, |path, proto, how, open| {
            reader.hash_path(path, proto.clone(), how, open)
        })
    }

    fn run_with(
        mut self,
        mmap: Mmap,
        hash_path: impl FnOnce(&Path, &Arc<dyn Hasher>, Reading, Open<'_>) -> Result<Hashed, InputError>,
    ) -> Checked {
        let how = Reading::new(self.proto.read).mmap(mmap);
        // What is read once (standard input, a FIFO, a device) is hashed with every
        // candidate at once: it cannot be read again for the others.
        let stream = self
            .detected
            .as_ref()
            .filter(|_| self.retry)
            .map(|d| d.candidates.stream.clone());
        let open = match &stream {
            Some(s) => Open::Listed(&**s),
            None => Open::Named,
        };
        let result = match (self.pre.take(), &self.entry.name[..]) {
            (Some(h), _) => Ok(*h),
            (None, b"-") if self.list_is_stdin => {
                Err(InputError::new("standard input is the list being checked"))
            }
            (None, b"-") => match &stream {
                Some(s) => hash_stdin_with(&**s, Reading::new(Multi::READ).mmap(mmap)),
                None => hash_stdin_with(&*self.proto.hasher, how),
            },
            (None, name) => hash_path(&bytes_to_path(name), &self.proto.hasher, how, open),
        };
        let mut checked = Checked {
            entry: self.entry,
            line_no: self.line_no,
            secret: self.proto.secret,
            result,
            detected: self.detected,
            retry: self.retry,
        };
        // Read with every candidate (its digest is theirs, one after another).
        if let (Some(s), Ok(h)) = (&stream, &checked.result)
            && h.digest.len() == s.output_len()
            && let Some(d) = checked.detected.clone()
        {
            checked.retry = false;
            checked.pick(&d.candidates, 0, true);
        }
        checked
    }
}

impl Checked {
    /// The outcome, with `--ignore-missing` as `ignore_missing`.
    pub fn outcome(&self, ignore_missing: bool) -> Outcome<'_> {
        match &self.result {
            Err(e) if e.missing && ignore_missing => Outcome::Ignored,
            Err(e) if e.missing => Outcome::Missing(&e.reason),
            Err(e) => Outcome::Unreadable(&e.reason),
            Ok(h) => match verdict(&h.digest, h.digest.notice(), &self.entry.digest) {
                Verdict::Ok => Outcome::Ok,
                Verdict::Failed => Outcome::Failed,
                Verdict::Attacked => Outcome::Attacked,
            },
        }
    }

    /// After the first candidate's read: a file that did not match it is hashed with
    /// the line's other candidates, all from one read, and OK under the first that gives
    /// the listed digest; FAILED (as the first candidate) when none does.
    pub fn settle(&mut self, mmap: Mmap) {
        if !std::mem::take(&mut self.retry)
            || !matches!(&self.result, Ok(h) if !crate::digests_equal(&h.digest, &self.entry.digest))
        {
            return;
        }
        let Some(d) = self.detected.clone() else {
            return;
        };
        let parts = d.candidates.protos[1..]
            .iter()
            .map(|p| p.raw.box_clone())
            .collect();
        let path = bytes_to_path(&self.entry.name);
        let how = Reading::new(Multi::READ).mmap(mmap);
        let Ok(combined) = hash_path_with(&path, &Multi::new(parts), how) else {
            // The file went away or became unreadable since its first read: the first
            // read's verdict (FAILED) stands.
            return;
        };
        let first = std::mem::replace(&mut self.result, Ok(combined));
        if !self.pick(&d.candidates, 1, false) {
            self.result = first;
        }
    }

    /// Given in [`Checked::result`] the combined result of the candidates from `from` on,
    /// keeps the part of the first that gives the listed digest (and its algorithm), or,
    /// with `keep_first` when none does, the first part. Returns whether one matched.
    fn pick(&mut self, cands: &Candidates, from: usize, keep_first: bool) -> bool {
        let Ok(combined) = &self.result else {
            return false;
        };
        let protos = &cands.protos[from..];
        let lengths: Vec<usize> = protos.iter().map(|p| p.raw.output_len()).collect();
        let notice = combined.digest.notice();
        let size = combined.size;
        let parts = Multi::split(&combined.digest, &lengths);
        let found = parts
            .iter()
            .position(|d| crate::digests_equal(d, &self.entry.digest));
        let Some(i) = found.or(keep_first.then_some(0)) else {
            return false;
        };
        // Only SHA-1 notices anything (a collision attack), and a combined digest does not
        // say which part noticed: the notice stays with the match whatever its algorithm,
        // so such a file is never OK from a combined read.
        let digest = crate::Digest::from(parts[i].to_vec()).with_notice(notice);
        self.entry.algorithm = cands.algs[from + i];
        self.secret = protos[i].secret;
        self.result = Ok(Hashed { digest, size });
        found.is_some()
    }
}

/// Hashes a batch of items (as one task of the ordered pipeline): the small files of a
/// batch together in their hashers' multi-buffer lanes ([`crate::files::batch`]), then each
/// file that did not match its first candidate with its others.
pub fn check_batch(items: Vec<Item>, mmap: Mmap) -> Vec<Done> {
    let mut done = crate::files::batch::hash_batch(
        items,
        |item, reader| match item {
            Item::Improper(i) => Done::Improper(i),
            Item::Check(job) => Done::Checked(job.run_in(reader, mmap)),
        },
        |d| match d {
            Done::Checked(c) => Some(&mut c.result),
            Done::Improper(_) => None,
        },
    );
    for d in &mut done {
        if let Done::Checked(c) = d {
            c.settle(mmap);
        }
    }
    done
}

/// What became of one checked file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome<'a> {
    /// Matched.
    Ok,
    /// Did not match.
    Failed,
    /// Matched, but carries a collision attack: FAILED.
    Attacked,
    /// The file does not exist (reason).
    Missing(&'a str),
    /// It could not be read (reason).
    Unreadable(&'a str),
    /// It does not exist and `--ignore-missing` was given: not reported.
    Ignored,
}

/// GNU's counts of one list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub formatted: u64,
    pub improper: u64,
    /// Files that could not be read, missing ones included.
    pub read_failures: u64,
    pub missing: u64,
    pub mismatched: u64,
    pub attacked: u64,
    /// Files read (whatever the verdict).
    pub verified: u64,
}

impl Counts {
    /// Counts one outcome.
    pub fn add(&mut self, o: Outcome<'_>) {
        match o {
            Outcome::Ignored => {}
            Outcome::Missing(_) => {
                self.read_failures += 1;
                self.missing += 1;
            }
            Outcome::Unreadable(_) => self.read_failures += 1,
            Outcome::Ok => self.verified += 1,
            Outcome::Failed => {
                self.verified += 1;
                self.mismatched += 1;
            }
            Outcome::Attacked => {
                self.verified += 1;
                self.attacked += 1;
            }
        }
    }

    /// The `--json` summary of the list.
    pub fn summary(&self) -> Summary {
        Summary {
            ok: self.verified - self.mismatched - self.attacked,
            failed: self.mismatched + self.attacked,
            missing: self.missing,
            errors: self.read_failures - self.missing,
            improper: self.improper,
            new: 0,
        }
    }

    /// GNU's closing `WARNING:` lines (without the program name).
    pub fn warnings(&self) -> Vec<String> {
        let plural = |n: u64, one: &str, many: &str| {
            (n > 0).then(|| format!("WARNING: {n} {}", if n == 1 { one } else { many }))
        };
        [
            plural(
                self.improper,
                "line is improperly formatted",
                "lines are improperly formatted",
            ),
            plural(
                self.read_failures,
                "listed file could not be read",
                "listed files could not be read",
            ),
            plural(
                self.mismatched,
                "computed checksum did NOT match",
                "computed checksums did NOT match",
            ),
            plural(
                self.attacked,
                "listed file carries a SHA-1 collision attack: its matching digest proves nothing",
                "listed files carry a SHA-1 collision attack: their matching digests prove nothing",
            ),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// Whether the list passed: something was read, everything read matched, nothing
    /// unreadable, and (with `--strict`) no improper line.
    pub fn passed(&self, strict: bool) -> bool {
        self.verified > 0
            && self.mismatched == 0
            && self.attacked == 0
            && self.read_failures == 0
            && (!strict || self.improper == 0)
    }
}

/// The lines of one list whose algorithm was not given (detected, or the list's name's),
/// of one shape: whether any matched, and the first that did not.
#[derive(Default)]
struct Group {
    matched: bool,
    /// The first FAILED line: its name and listed digest, and how it was checked.
    failed: Option<(Vec<u8>, Vec<u8>, Detected)>,
}

/// One list's verdicts as they are reported, in list order: GNU's counts and what the
/// closing hints and notes need.
#[derive(Default)]
pub struct Tally {
    pub counts: Counts,
    /// By how the lines were chosen and their shape (few: searched in order).
    groups: Vec<((Chosen, Shape), Group)>,
    /// The non-cryptographic algorithms detected lines were checked as, in order.
    weak: Vec<&'static Algorithm>,
    /// The first missing file named with `\\` whose name with `/` exists (a list written
    /// on Windows, read elsewhere).
    windows_path: Option<(Vec<u8>, Vec<u8>)>,
}

impl Tally {
    /// Counts one checked file (`ignore_missing`: `--ignore-missing`) and returns its
    /// outcome.
    pub fn add<'c>(&mut self, c: &'c Checked, ignore_missing: bool) -> Outcome<'c> {
        let o = c.outcome(ignore_missing);
        self.counts.add(o);
        if matches!(o, Outcome::Missing(_)) && self.windows_path.is_none() {
            self.windows_path = slash_form(&c.entry.name).map(|s| (c.entry.name.clone(), s));
        }
        let chosen = c.entry.chosen;
        if matches!(o, Outcome::Ok | Outcome::Failed | Outcome::Attacked)
            && chosen == Chosen::Detected
            && !c.entry.algorithm.is_cryptographic()
            && !self.weak.contains(&c.entry.algorithm)
        {
            self.weak.push(c.entry.algorithm);
        }
        let Some(d) = &c.detected else {
            return o;
        };
        let key = (chosen, d.candidates.shape);
        let g = match self.groups.iter().position(|(k, _)| *k == key) {
            Some(i) => &mut self.groups[i].1,
            None => {
                self.groups.push((key, Group::default()));
                &mut self.groups.last_mut().expect("just pushed").1
            }
        };
        match o {
            Outcome::Ok | Outcome::Attacked => g.matched = true,
            Outcome::Failed if g.failed.is_none() => {
                g.failed = Some((c.entry.name.clone(), c.entry.digest.clone(), d.clone()));
            }
            _ => {}
        }
        o
    }
}

/// A line read and held back until its turn.
enum Held {
    Item(Item),
    /// Untagged, its shape's usual algorithm not known yet; `size`: the listed file's
    /// size when it is a regular file (a possible sample).
    Undecided {
        line_no: u64,
        u: Untagged,
        size: Option<u64>,
    },
}

impl Held {
    /// The list bytes it holds.
    fn bytes(&self) -> usize {
        match self {
            Held::Item(Item::Check(j)) => j.entry.name.len() + j.entry.digest.len(),
            Held::Item(Item::Improper(_)) => 0,
            Held::Undecided { u, .. } => u.name.len() + u.digest.len(),
        }
    }
}

/// How a list ended early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Reading the list failed (GNU's `read error`); the message names the list.
    Read(String),
    /// A line's algorithm cannot be set up with the key given (a setup error: exit 2).
    Setup {
        /// The line's number.
        line: u64,
        /// Its algorithm's label (`SIPHASH-2-4`, `BLAKE3-KEYED`).
        label: String,
        why: ProtoError,
    },
}

/// The end of a list: its line counts, why it stopped early (if it did), hints and
/// notes.
#[derive(Clone, Debug, Default)]
pub struct ListEnd {
    pub formatted: u64,
    pub improper: u64,
    pub stop: Option<Stop>,
    /// What the failures or improper lines may mean.
    pub hints: Vec<Hint>,
    /// The non-cryptographic algorithms detected lines were checked as, in order (to be
    /// said unless `--status`).
    pub weak: Vec<&'static Algorithm>,
}

/// Listed digests of one shape, as the user sees them (for messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Digests {
    pub shape: Shape,
    /// Written in base64 rather than hex.
    pub base64: bool,
}

/// What the failures or improper lines of a list may mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// No listed file of a shape matched its digest under any candidate tried (another
    /// algorithm, or a key, may have made the list).
    NoMatch {
        digests: Digests,
        tried: Vec<&'static Algorithm>,
    },
    /// `lines` untagged lines hold digests too short to prove a match without naming
    /// their algorithm; `algorithms` would check them so (`named`: the list's name's,
    /// whose lines need that length named).
    Short {
        lines: u64,
        digests: Digests,
        algorithms: Vec<&'static Algorithm>,
        named: bool,
    },
    /// A listed name with `\\` separators does not exist, and the same name with `/`
    /// does: the list was written on Windows.
    WindowsPath { listed: Vec<u8>, exists: Vec<u8> },
    /// No line of a list named for `named` matched it, and `file` gives its listed
    /// digest under `matches` (found by hashing).
    Renamed {
        named: &'static Algorithm,
        file: Vec<u8>,
        matches: &'static Algorithm,
    },
}

/// How a list is checked: the options every list of a run shares.
#[derive(Clone, Copy, Debug)]
pub struct ListOptions {
    /// `-a`: only that algorithm's lines (no detection).
    pub forced: Option<&'static Algorithm>,
    /// `-a sha2` or `-a sha3` (GNU cksum 9.8+): only the family's lines, each line's
    /// label or digest length picking the member (no detection either).
    pub family: Option<Family>,
    /// `--length` (no detection either: untagged lines are BLAKE3's at that length).
    pub length: Option<usize>,
    pub mmap: Mmap,
}

/// Lines no admissible algorithm has the length of, by shape: how many, and for the hint.
#[derive(Default)]
struct ShortLines {
    count: u64,
    base64: bool,
}

/// One list being read: an iterator of [`Item`]s in list order.
pub struct ListCheck<'p, 'k, R> {
    reader: R,
    /// The list's name for messages (`standard input` for `-`).
    name: Vec<u8>,
    is_stdin: bool,
    parser: ListParser,
    /// The algorithm the list's name names, when untagged lines are read by its name.
    named: Option<&'static Algorithm>,
    protos: &'p mut Prototypes<'k>,
    opts: ListOptions,
    line_no: u64,
    queue: VecDeque<Held>,
    held_bytes: usize,
    /// The list is UTF-16LE (it began with that byte-order mark).
    utf16: bool,
    /// The usual algorithm of each shape found so far (`None`: none matched; the
    /// candidates keep their order).
    decided: HashMap<Shape, Option<&'static Algorithm>>,
    /// Each shape's candidates in the proof rules' order.
    orders: HashMap<Shape, Vec<(&'static Algorithm, usize)>>,
    /// Each decided shape's candidates with their prototypes, shared by its lines.
    shared: HashMap<Shape, Arc<Candidates>>,
    /// The last of them used (most lists hold one shape).
    last: Option<(Shape, Arc<Candidates>)>,
    /// Undecided lines held, per shape.
    undecided: HashMap<Shape, usize>,
    short: Vec<(Shape, ShortLines)>,
    eof: bool,
    end: ListEnd,
}

impl<'p, 'k, R: BufRead> ListCheck<'p, 'k, R> {
    /// A list read from `reader`; `arg` is the list as typed (`-` for standard input).
    pub fn new(
        reader: R,
        arg: &[u8],
        protos: &'p mut Prototypes<'k>,
        opts: ListOptions,
    ) -> ListCheck<'p, 'k, R> {
        let is_stdin = arg == b"-";
        let name = if is_stdin {
            b"standard input".to_vec()
        } else {
            arg.to_vec()
        };
        let named = if is_stdin {
            None
        } else {
            Algorithm::from_list_name(arg)
        };
        // Candidates without -a, --length or a key (keyed untagged lines are BLAKE3's, as
        // `b3sum --keyed -c` reads them, or need -a).
        let detecting = opts.forced.is_none()
            && opts.family.is_none()
            && opts.length.is_none()
            && !protos.keyed();
        let parser = match (opts.forced, opts.length) {
            _ if let Some(f) = opts.family => ListParser::for_family(f),
            _ if detecting => ListParser::detecting(named),
            (forced, length) if is_stdin => ListParser::new(forced, length),
            (forced, length) => ListParser::for_list(forced, length, arg),
        };
        ListCheck {
            reader,
            name,
            is_stdin,
            parser,
            named,
            protos,
            opts,
            line_no: 0,
            queue: VecDeque::new(),
            held_bytes: 0,
            utf16: false,
            decided: HashMap::new(),
            orders: HashMap::new(),
            shared: HashMap::new(),
            last: None,
            undecided: HashMap::new(),
            short: Vec::new(),
            eof: false,
            end: ListEnd::default(),
        }
    }

    /// The counts, the stop reason, hints and notes, once the items are consumed and each
    /// checked file counted into `tally`.
    pub fn finish(mut self, tally: &Tally) -> ListEnd {
        let mut groups: Vec<(&(Chosen, Shape), &Group)> =
            tally.groups.iter().map(|(k, g)| (k, g)).collect();
        groups.sort_by_key(|((c, s), _)| (*c == Chosen::ListName, s.legacy, s.len));
        for ((chosen, _), g) in groups {
            let Some((name, digest, d)) = g.failed.as_ref().filter(|_| !g.matched) else {
                continue;
            };
            let hint = match chosen {
                Chosen::ListName => self.renamed(name, digest, d),
                _ => Some(Hint::NoMatch {
                    digests: Digests {
                        shape: d.candidates.shape,
                        base64: d.base64,
                    },
                    tried: d.candidates.algs.clone(),
                }),
            };
            self.end.hints.extend(hint);
        }
        for (shape, s) in std::mem::take(&mut self.short) {
            if s.count == 0 {
                continue;
            }
            let digests = Digests {
                shape,
                base64: s.base64,
            };
            let hint = match self.named {
                Some(a) if a.output_len(Some(shape.len)).is_ok() => Hint::Short {
                    lines: s.count,
                    digests,
                    algorithms: vec![a],
                    named: true,
                },
                Some(_) => continue,
                None => {
                    let algs = crate::lists::proof::with_option(shape);
                    if algs.is_empty() {
                        continue;
                    }
                    Hint::Short {
                        lines: s.count,
                        digests,
                        algorithms: algs,
                        named: false,
                    }
                }
            };
            self.end.hints.push(hint);
        }
        if let Some((listed, exists)) = &tally.windows_path {
            self.end.hints.push(Hint::WindowsPath {
                listed: listed.clone(),
                exists: exists.clone(),
            });
        }
        self.end.weak.clone_from(&tally.weak);
        self.end
    }

    /// The hint for a list named for an algorithm none of whose lines matched it: when a
    /// failed line's file gives its listed digest under another admissible algorithm (a
    /// proof, not a guess), that algorithm.
    fn renamed(&self, name: &[u8], digest: &[u8], d: &Detected) -> Option<Hint> {
        let named = self.named?;
        // Only what the proof rules admit where a name says nothing: never a
        // non-cryptographic checksum a file can be crafted against (an MD5SUMS whose
        // file matches its line's XXH128 gets no hint to check it so).
        let cands: Vec<(&'static Algorithm, usize)> =
            crate::lists::proof::candidates(d.candidates.shape, None, name)
                .into_iter()
                .filter(|(a, _)| *a != named)
                .collect();
        let Trial::Match(alg, _) = trial(name, digest, &cands, self.opts.mmap) else {
            return None;
        };
        Some(Hint::Renamed {
            named,
            file: name.to_vec(),
            matches: alg,
        })
    }

    /// Reads one line into the queue; sets `eof` at the end or when the list stops.
    fn read_line(&mut self) {
        let mut buf = Vec::new();
        let limit = MAX_LINE as u64 + 1;
        let mut line = std::io::Read::take(&mut self.reader, limit);
        match line.read_until(b'\n', &mut buf) {
            Ok(0) => {
                self.eof = true;
                return;
            }
            Ok(_) => {}
            Err(_) => return self.stop(Stop::Read(format!("{}: read error", quote(&self.name)))),
        }
        if self.line_no == 0 && buf.starts_with(&[0xff, 0xfe]) {
            // UTF-16LE with its byte-order mark: what Windows PowerShell 5.1's `>` writes.
            self.utf16 = true;
        }
        if self.utf16 {
            match self.utf16_line(buf) {
                Ok(b) => buf = b,
                Err(_) => {
                    return self.stop(Stop::Read(format!("{}: read error", quote(&self.name))));
                }
            }
        }
        self.line_no += 1;
        if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
            // Improper, as GNU counts it, but read past in bounded memory and always
            // said: a list line this long is no checksum line.
            match skip_line(&mut self.reader) {
                Ok(true) => {}
                Ok(false) => {
                    // No end in sight (`/dev/zero`): the list is not read further.
                    return self.stop(Stop::Read(format!(
                        "{}: {}: line too long (more than {MAX_LINE} bytes, no end within {SKIP_MAX} bytes): list not read further",
                        quote(&self.name),
                        self.line_no
                    )));
                }
                Err(_) => {
                    return self.stop(Stop::Read(format!("{}: read error", quote(&self.name))));
                }
            }
            return self.improper(None, Reason::TooLong);
        }
        match self.parser.parse(&buf) {
            Line::Skip => {}
            Line::Improper(alg) => {
                // GNU names the family for `-a sha3` (`improperly formatted SHA3
                // checksum line`).
                let label = match (self.opts.family, alg) {
                    (Some(f), _) => Some(f.label()),
                    (None, a) => a.map(|a| a.bsd_label().to_string()),
                };
                self.improper(label, Reason::Format);
            }
            Line::Entry(e) => {
                if !crate::lists::proof::admits_name(e.algorithm, &e.name) {
                    let label = Some(e.algorithm.bsd_label().to_string());
                    return self.improper(label, Reason::ReplacementCharacter);
                }
                if e.keyed && !self.protos.keyed() {
                    return self.stop(Stop::Setup {
                        line: self.line_no,
                        label: e.algorithm.label_for(e.digest.len(), true).into_owned(),
                        why: ProtoError::KeyedTag,
                    });
                }
                self.end.formatted += 1;
                let (alg, len) = (e.algorithm, e.digest.len());
                if let Some(job) = self.job(e, alg, len, self.line_no) {
                    self.hold(Held::Item(Item::Check(job)));
                }
            }
            Line::Untagged(u) => self.untagged(u),
        }
    }

    /// The rest of a UTF-16LE line whose first bytes, up to a byte 0x0A, are `buf`: read
    /// up to a newline code unit (0x0A 0x00 at an even offset), decoded to UTF-8 (a
    /// code unit that is no character becomes U+FFFD; the byte-order mark is dropped).
    fn utf16_line(&mut self, mut buf: Vec<u8>) -> std::io::Result<Vec<u8>> {
        use std::io::Read;
        let limit = 2 * MAX_LINE + 2;
        loop {
            if buf.len() % 2 == 1 {
                // A 0x0A at an even offset: the byte after it says whether it is a
                // newline (0x00) or the low byte of another code unit.
                let mut b = [0u8];
                if self.reader.read(&mut b)? == 0 {
                    break;
                }
                buf.push(b[0]);
            }
            if buf.ends_with(&[b'\n', 0]) || buf.len() >= limit {
                break;
            }
            let mut r = (&mut self.reader).take((limit - buf.len()) as u64);
            if r.read_until(b'\n', &mut buf)? == 0 {
                break;
            }
        }
        let units = buf
            .chunks_exact(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .skip_while(|&u| u == 0xfeff);
        let text: String = char::decode_utf16(units)
            .map(|c| c.unwrap_or('\u{fffd}'))
            .collect();
        Ok(text.into_bytes())
    }

    fn improper(&mut self, label: Option<String>, reason: Reason) {
        self.end.improper += 1;
        self.hold(Held::Item(Item::Improper(Improper {
            line_no: self.line_no,
            label,
            reason,
        })));
    }

    fn hold(&mut self, h: Held) {
        self.held_bytes += h.bytes();
        self.queue.push_back(h);
    }

    fn stop(&mut self, why: Stop) {
        if self.end.stop.is_none() {
            self.end.stop = Some(why);
        }
        self.eof = true;
    }

    /// The job for a line, or `None` (and the list stops) when its prototype cannot be
    /// built.
    fn job(
        &mut self,
        entry: Entry,
        alg: &'static Algorithm,
        len: usize,
        line_no: u64,
    ) -> Option<Job> {
        let proto = self.proto(alg, len, line_no)?;
        Some(Job {
            entry: Entry {
                algorithm: alg,
                ..entry
            },
            line_no,
            proto,
            detected: None,
            retry: false,
            pre: None,
            list_is_stdin: self.is_stdin,
        })
    }

    fn proto(&mut self, alg: &'static Algorithm, len: usize, line_no: u64) -> Option<Proto> {
        match self.protos.get(alg, len) {
            Ok(proto) => Some(proto),
            Err(why) => {
                self.stop(Stop::Setup {
                    line: line_no,
                    label: alg.bsd_label().to_string(),
                    why,
                });
                None
            }
        }
    }

    /// An untagged line: its candidates (the list name's algorithm alone, or every
    /// admissible one), improper when there are none; held until its shape's usual
    /// algorithm is known, and detection run when a small sample turns up or enough are
    /// held.
    fn untagged(&mut self, u: Untagged) {
        let shape = shape_of(&u);
        let lossy = has_replacement(&u.name);
        // The usual case: a line of the shape the last line had, decided.
        if !lossy
            && let Some((last, c)) = &self.last
            && *last == shape
        {
            let c = c.clone();
            self.end.formatted += 1;
            return self.push_job(u, self.line_no, c, None);
        }
        let admissible = if lossy {
            !crate::lists::proof::candidates(shape, self.named, &u.name).is_empty()
        } else {
            !self.order(shape).is_empty()
        };
        if !admissible {
            let label = self.named.map(|a| a.bsd_label().to_string());
            if lossy && !self.order(shape).is_empty() {
                return self.improper(label, Reason::ReplacementCharacter);
            }
            let seen = match self.short.iter_mut().find(|(s, _)| *s == shape) {
                Some((_, s)) => s,
                None => {
                    self.short.push((shape, ShortLines::default()));
                    &mut self.short.last_mut().expect("just pushed").1
                }
            };
            // A base64 field this short is a word, not a digest: no hint for it.
            if !u.base64 {
                seen.count += 1;
            }
            return self.improper(label, Reason::DigestLength);
        }
        self.end.formatted += 1;
        if self.order(shape).len() == 1 {
            // One candidate (a list's name settles it): nothing to find.
            self.decided.entry(shape).or_insert(None);
        }
        if self.decided.contains_key(&shape) {
            return self.push_decided(u, self.line_no, None);
        }
        let size = (u.name != b"-")
            .then(|| std::fs::metadata(bytes_to_path(&u.name)).ok())
            .flatten()
            .filter(std::fs::Metadata::is_file)
            .map(|m| m.len());
        let small = size.is_some_and(|s| s <= SMALL);
        self.hold(Held::Undecided {
            line_no: self.line_no,
            u,
            size,
        });
        let held = self.undecided.entry(shape).or_default();
        *held += 1;
        if small || *held >= WINDOW {
            self.decide(shape);
        }
    }

    /// The candidates of `shape`'s lines in the proof rules' order, computed once per list
    /// (for names without U+FFFD).
    fn order(&mut self, shape: Shape) -> &[(&'static Algorithm, usize)] {
        let named = self.named;
        self.orders
            .entry(shape)
            .or_insert_with(|| crate::lists::proof::candidates(shape, named, b"-"))
    }

    /// The candidates of `shape`'s lines with their prototypes, the usual algorithm (once
    /// decided) first: built once per list and shape, or for a line whose name holds
    /// U+FFFD (not BLAKE3's), for that line (`name`). `None` when a prototype cannot be
    /// built (the list stops).
    fn candidates(&mut self, shape: Shape, name: &[u8], line_no: u64) -> Option<Arc<Candidates>> {
        let lossy = has_replacement(name);
        if !lossy && let Some(c) = self.shared.get(&shape) {
            self.last = Some((shape, c.clone()));
            return Some(c.clone());
        }
        let mut order = if lossy {
            crate::lists::proof::candidates(shape, self.named, name)
        } else {
            self.order(shape).to_vec()
        };
        if let Some(Some(usual)) = self.decided.get(&shape)
            && let Some(i) = order.iter().position(|(a, _)| a == usual)
        {
            let c = order.remove(i);
            order.insert(0, c);
        }
        let mut protos = Vec::with_capacity(order.len());
        for &(alg, len) in &order {
            protos.push(self.proto(alg, len, line_no)?);
        }
        let parts = protos.iter().map(|p| p.raw.box_clone()).collect();
        // Counted once, through the first candidate's counter.
        let multi: Box<dyn Hasher> = Box::new(Multi::new(parts));
        let stream: Arc<dyn Hasher> = match &protos[0].counter {
            Some(c) => Arc::new(Counted::new(multi, c.clone())),
            None => Arc::from(multi),
        };
        let c = Arc::new(Candidates {
            shape,
            algs: order.iter().map(|(a, _)| *a).collect(),
            protos,
            stream,
        });
        if !lossy && self.decided.contains_key(&shape) {
            self.shared.insert(shape, c.clone());
            self.last = Some((shape, c.clone()));
        }
        Some(c)
    }

    /// The job for an untagged line, its candidates in the order of its shape's usual
    /// algorithm. `pre`: the line's sample trial, which tried every candidate, and the
    /// algorithm its result is under (the one that matched, or the first).
    fn push_decided(
        &mut self,
        u: Untagged,
        line_no: u64,
        pre: Option<(&'static Algorithm, Hashed)>,
    ) {
        let shape = shape_of(&u);
        let Some(candidates) = self.candidates(shape, &u.name, line_no) else {
            return;
        };
        self.push_job(u, line_no, candidates, pre);
    }

    /// The job for an untagged line with its candidates (see [`Self::push_decided`]).
    fn push_job(
        &mut self,
        u: Untagged,
        line_no: u64,
        candidates: Arc<Candidates>,
        pre: Option<(&'static Algorithm, Hashed)>,
    ) {
        let i = pre
            .as_ref()
            .and_then(|(alg, _)| candidates.algs.iter().position(|a| a == alg))
            .unwrap_or(0);
        let proto = candidates.protos[i].clone();
        if let (Some((_, h)), Some(c)) = (&pre, &proto.counter) {
            c.add_bytes(h.size);
        }
        let entry = Entry {
            algorithm: candidates.algs[i],
            digest: u.digest,
            name: u.name,
            chosen: if self.named.is_some() {
                Chosen::ListName
            } else {
                Chosen::Detected
            },
            keyed: false,
        };
        let retry = pre.is_none() && candidates.algs.len() > 1;
        self.hold(Held::Item(Item::Check(Job {
            entry,
            line_no,
            proto,
            detected: Some(Detected {
                candidates,
                base64: u.base64,
            }),
            retry,
            pre: pre.map(|(_, h)| Box::new(h)),
            list_is_stdin: self.is_stdin,
        })));
    }

    /// Finds the usual algorithm of `shape`'s lines from the samples held, then turns
    /// every held line of that shape into a job, in place.
    fn decide(&mut self, shape: Shape) {
        let mut samples: Vec<(usize, u64)> = self
            .queue
            .iter()
            .enumerate()
            .filter_map(|(i, h)| match h {
                Held::Undecided {
                    u, size: Some(s), ..
                } if shape_of(u) == shape => Some((i, *s)),
                _ => None,
            })
            .collect();
        // Small files first, in list order; then the rest, smallest first.
        samples.sort_by_key(|&(i, s)| if s <= SMALL { (0, i as u64) } else { (1, s) });
        samples.truncate(SAMPLES);
        let mut usual = None;
        let mut results: HashMap<usize, (&'static Algorithm, Hashed)> = HashMap::new();
        for &(i, _) in &samples {
            let Held::Undecided { u, .. } = &self.queue[i] else {
                continue;
            };
            let cands = if has_replacement(&u.name) {
                crate::lists::proof::candidates(shape, self.named, &u.name)
            } else {
                self.orders[&shape].clone()
            };
            match trial(&u.name, &u.digest, &cands, self.opts.mmap) {
                Trial::Match(alg, h) => {
                    usual = Some(alg);
                    results.insert(i, (alg, h));
                    break;
                }
                Trial::NoMatch(h) => {
                    results.insert(i, (cands[0].0, h));
                }
                Trial::Unreadable => {}
            }
        }
        self.decided.insert(shape, usual);
        self.undecided.remove(&shape);
        // The held lines of this shape become jobs where they stand.
        let held = std::mem::take(&mut self.queue);
        self.held_bytes = 0;
        for (i, h) in held.into_iter().enumerate() {
            match h {
                Held::Undecided { line_no, u, .. } if shape_of(&u) == shape => {
                    let pre = results.remove(&i);
                    self.push_decided(u, line_no, pre);
                }
                other => self.hold(other),
            }
        }
    }
}

/// The name with `/` for `\\` when it holds a backslash and that name exists, where a
/// backslash is no separator (not on Windows, where names in lists are read as paths).
fn slash_form(name: &[u8]) -> Option<Vec<u8>> {
    if cfg!(windows) || !name.contains(&b'\\') {
        return None;
    }
    let slashed: Vec<u8> = name
        .iter()
        .map(|&c| if c == b'\\' { b'/' } else { c })
        .collect();
    std::fs::symlink_metadata(bytes_to_path(&slashed))
        .is_ok()
        .then_some(slashed)
}

/// Whether a name holds U+FFFD (b3sum's rule, [`crate::lists::proof::admits_name`]).
fn has_replacement(name: &[u8]) -> bool {
    name.windows(3).any(|w| w == "\u{fffd}".as_bytes())
}

/// The shape of an untagged line.
pub fn shape_of(u: &Untagged) -> Shape {
    Shape {
        len: u.digest.len(),
        legacy: u.legacy,
    }
}

impl Digests {
    /// How messages name one of them: `64-hex-digit digest`, `32-byte base64 digest`,
    /// `cksum/sum line`.
    pub fn describe(self) -> String {
        if self.shape.legacy {
            "cksum/sum line".into()
        } else if self.base64 {
            format!("{}-byte base64 digest", self.shape.len)
        } else {
            format!("{}-hex-digit digest", 2 * self.shape.len)
        }
    }
}

/// `a`, `a or b`, `a, b or c`.
pub fn or_list(algs: &[&Algorithm]) -> String {
    let names: Vec<&str> = algs.iter().map(|a| a.name).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// The most bytes of an overlong line read past (to its end) before the list is given
/// up: a list that never ends a line (`/dev/zero`) stops there instead of being read
/// forever.
pub const SKIP_MAX: u64 = 64 << 20;

/// Reads past the rest of a line, keeping none of it; `false` when it did not end within
/// [`SKIP_MAX`] bytes.
fn skip_line(r: &mut impl BufRead) -> std::io::Result<bool> {
    let mut skipped = 0u64;
    loop {
        if skipped > SKIP_MAX {
            return Ok(false);
        }
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(true);
        }
        match buf.iter().position(|&c| c == b'\n') {
            Some(i) => {
                r.consume(i + 1);
                return Ok(true);
            }
            None => {
                let n = buf.len();
                r.consume(n);
                skipped += n as u64;
            }
        }
    }
}

/// What trying the candidates on one sample gave.
enum Trial {
    /// The algorithm and the file's result under it.
    Match(&'static Algorithm, Hashed),
    /// No candidate gave the listed digest; the result under the first.
    NoMatch(Hashed),
    /// The file could not be read: not a sample after all.
    Unreadable,
}

/// Hashes the file `name` with the candidates until one gives `expected`: the first
/// alone (the usual case: it matches, and its result is the file's), then all the others
/// in one read.
fn trial(name: &[u8], expected: &[u8], cands: &[(&'static Algorithm, usize)], mmap: Mmap) -> Trial {
    let path = bytes_to_path(name);
    let params = |&(a, n): &(&'static Algorithm, usize)| Params {
        out_len: Some(n).filter(|_| !matches!(a.output, OutputRule::Fixed(_))),
        nonce: None,
        seek: 0,
    };
    let build = |c: &(&'static Algorithm, usize)| c.0.hasher(None, &params(c)).ok();
    // Each candidate alone is read as its algorithm is.
    let alone = |c: &(&'static Algorithm, usize), h: &dyn Hasher| {
        let how = Reading::new(c.0.read_hint(None, &params(c))).mmap(mmap);
        hash_path_with(&path, h, how)
    };
    let Some((first, others)) = cands.split_first() else {
        return Trial::Unreadable;
    };
    let Some(h) = build(first) else {
        return Trial::Unreadable;
    };
    let first_result = match alone(first, &*h) {
        Ok(hashed) if crate::digests_equal(&hashed.digest, expected) => {
            return Trial::Match(first.0, hashed);
        }
        Ok(hashed) => hashed,
        Err(_) => return Trial::Unreadable,
    };
    if others.is_empty() {
        return Trial::NoMatch(first_result);
    }
    let parts: Vec<Box<dyn Hasher>> = others.iter().filter_map(build).collect();
    let lengths: Vec<usize> = parts.iter().map(|p| p.output_len()).collect();
    let how = Reading::new(Multi::READ).mmap(mmap);
    let Ok(hashed) = hash_path_with(&path, &Multi::new(parts), how) else {
        return Trial::Unreadable;
    };
    for (i, d) in Multi::split(&hashed.digest, &lengths)
        .into_iter()
        .enumerate()
    {
        if crate::digests_equal(d, expected) {
            // A combined digest carries no per-algorithm notice (SHA-1's collision
            // detection) that can be trusted for this part: hash it once more alone.
            if hashed.digest.notice().is_none() {
                let digest = crate::Digest::from(d.to_vec());
                let size = hashed.size;
                return Trial::Match(others[i].0, Hashed { digest, size });
            }
            return match build(&others[i]).map(|h| alone(&others[i], &*h)) {
                Some(Ok(h)) => Trial::Match(others[i].0, h),
                _ => Trial::Unreadable,
            };
        }
    }
    Trial::NoMatch(first_result)
}

impl<R: BufRead> Iterator for ListCheck<'_, '_, R> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            match self.queue.front() {
                Some(Held::Item(_)) => {
                    let Some(h) = self.queue.pop_front() else {
                        unreachable!("the front is an item")
                    };
                    self.held_bytes -= h.bytes();
                    let Held::Item(item) = h else {
                        unreachable!("the front is an item")
                    };
                    return Some(item);
                }
                Some(Held::Undecided { u, .. })
                    if self.eof
                        || self.queue.len() >= QUEUE_MAX
                        || self.held_bytes >= QUEUE_BYTES =>
                {
                    let shape = shape_of(u);
                    self.decide(shape);
                    continue;
                }
                Some(Held::Undecided { .. }) => {}
                None if self.eof => return None,
                None => {}
            }
            if matches!(self.end.stop, Some(Stop::Setup { .. })) {
                return None;
            }
            self.read_line();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lists::checkfile::{LineFormat, format_line};
    use crate::spec::LineStyle;

    fn no_key(_: &'static Algorithm) -> Result<Option<Key>, String> {
        Ok(None)
    }

    /// Checks `list` (as the list named `arg`) without -a: every line's outcome and
    /// algorithm, and the end.
    fn check(list: &[u8], arg: &[u8]) -> (Vec<(Outcome<'static>, &'static str)>, ListEnd) {
        let mut protos = Prototypes::new(&no_key, false, Params::default(), None);
        let opts = ListOptions {
            forced: None,
            family: None,
            length: None,
            mmap: Mmap::Auto,
        };
        let mut items = ListCheck::new(list, arg, &mut protos, opts);
        let mut got = Vec::new();
        let mut tally = Tally::default();
        for item in items.by_ref() {
            let Item::Check(job) = item else { continue };
            let c = job.run(Mmap::Auto);
            let o = match tally.add(&c, false) {
                Outcome::Ok => Outcome::Ok,
                Outcome::Failed => Outcome::Failed,
                Outcome::Attacked => Outcome::Attacked,
                Outcome::Missing(_) => Outcome::Missing(""),
                Outcome::Unreadable(_) => Outcome::Unreadable(""),
                Outcome::Ignored => Outcome::Ignored,
            };
            got.push((o, c.entry.algorithm.name));
        }
        (got, items.finish(&tally))
    }

    /// The line khsum writes for `name` (as `khsum -a ALG -l LEN` prints it).
    fn line(a: &Algorithm, len: usize, name: &std::path::Path) -> Vec<u8> {
        let params = Params {
            out_len: Some(len).filter(|_| !matches!(a.output, OutputRule::Fixed(_))),
            nonce: None,
            seek: 0,
        };
        let h = a.hasher(None, &params).unwrap();
        let d = crate::files::io::hash_path(name, &*h, a.read_hint(None, &params)).unwrap();
        let mut out = Vec::new();
        let name = crate::files::names::path_bytes(name);
        if a.line == LineStyle::Hex {
            format_line(&mut out, a, &d, &name, LineFormat::default());
        } else {
            crate::lists::checkfile::format_legacy(
                &mut out,
                a.line,
                &d,
                Some(&name),
                LineFormat::default(),
            );
        }
        out
    }

    /// Every algorithm that needs no key, at every length the proof rules admit without
    /// -a, checks from its own untagged output with a name that says nothing; with its
    /// FIRST file changed (the one detection samples), that file alone is FAILED and the
    /// rest OK; with every file changed, every line is FAILED. At a length they do not
    /// admit, the lines are improper.
    #[test]
    fn every_line_has_its_own_verdict() {
        let d = tempfile::TempDir::new().unwrap();
        let files: Vec<std::path::PathBuf> = ["a b", "b", "c"].map(|n| d.path().join(n)).into();
        let content = |i: u64| crate::testutil::TestRng::new(i).bytes(100 + 30_000 * i as usize);
        let restore = || {
            for (i, f) in files.iter().enumerate() {
                std::fs::write(f, content(i as u64)).unwrap();
            }
        };
        let mut cases = 0;
        for x in Algorithm::all().iter().filter(|x| !x.needs_key()) {
            let lengths: Vec<usize> = match x.output {
                OutputRule::Fixed(n) => vec![n],
                OutputRule::Range { min, max, .. } => vec![min, 8, 16, 20, 32, max],
                OutputRule::Xof { .. } => vec![1, 8, 16, 20, 32, 64, 100],
            };
            for len in lengths {
                restore();
                let list: Vec<u8> = files.iter().flat_map(|f| line(x, len, f)).collect();
                let shape = Shape {
                    len,
                    legacy: x.line != LineStyle::Hex,
                };
                let cands = crate::lists::proof::candidates(shape, None, b"f");
                let (got, end) = check(&list, b"list");
                if cands.is_empty() {
                    assert_eq!(got, [], "{} {len}", x.name);
                    assert_eq!((end.formatted, end.improper), (0, 3), "{} {len}", x.name);
                    continue;
                }
                let all = |o| vec![(o, x.name); 3];
                // Not admissible at this length (a BLAKE3 digest of 8 bytes), or a
                // non-cryptographic checksum where a cryptographic hash has the length
                // (XXH128 at MD5's): checked as the others, FAILED.
                if !cands.iter().any(|(a, _)| a == &x) {
                    assert!(got.iter().all(|(o, _)| *o == Outcome::Failed), "{}", x.name);
                    continue;
                }
                assert_eq!(got, all(Outcome::Ok), "{} {len}", x.name);
                assert!(end.hints.is_empty(), "{} {len}: {:?}", x.name, end.hints);
                // Said once when detection checked lines as a non-cryptographic checksum
                // (xxhsum's `XXH3_` lines name theirs).
                let weak = !x.is_cryptographic() && x.untagged_prefix.is_empty();
                assert_eq!(end.weak.len(), usize::from(weak), "{}", x.name);
                // The first file changed: it alone is FAILED.
                std::fs::write(&files[0], b"changed").unwrap();
                let (got, end) = check(&list, b"list");
                let mut want = all(Outcome::Ok);
                want[0].0 = Outcome::Failed;
                assert_eq!(got[1..], want[1..], "{} {len}", x.name);
                assert_eq!(got[0].0, Outcome::Failed, "{} {len}", x.name);
                assert!(end.hints.is_empty(), "{} {len}: {:?}", x.name, end.hints);
                // Every file changed: every line FAILED, and the hint says what was tried.
                for f in &files {
                    std::fs::write(f, b"changed too").unwrap();
                }
                let (got, end) = check(&list, b"list");
                assert!(got.iter().all(|(o, _)| *o == Outcome::Failed), "{}", x.name);
                let labelled = !x.untagged_prefix.is_empty();
                assert_eq!(end.hints.len(), usize::from(!labelled), "{} {len}", x.name);
                cases += 1;
            }
        }
        assert!(cases > 30, "{cases}");
    }

    /// A line of a list named for an algorithm is checked under that one alone: a file
    /// whose digest under another algorithm is listed is FAILED, and only when no line
    /// matched does the hint name the algorithm that does (found by hashing, not guessed).
    #[test]
    fn a_list_name_settles_the_algorithm() {
        let d = tempfile::TempDir::new().unwrap();
        let (a, b) = (d.path().join("a"), d.path().join("b"));
        std::fs::write(&a, b"hello\n").unwrap();
        std::fs::write(&b, b"world\n").unwrap();
        let blake3 = Algorithm::lookup("blake3").unwrap();
        let sha256 = Algorithm::lookup("sha256").unwrap();
        let list = [line(blake3, 32, &a), line(blake3, 32, &b)].concat();
        let (got, end) = check(&list, b"dir/SHA256SUMS");
        assert_eq!(got, [(Outcome::Failed, "sha256"); 2]);
        assert_eq!(
            end.hints,
            [Hint::Renamed {
                named: sha256,
                file: crate::files::names::path_bytes(&a).into_owned(),
                matches: blake3
            }]
        );
        // One line of the named algorithm matches: the others' failures are genuine, and
        // no other algorithm is suggested.
        let list = [line(blake3, 32, &a), line(sha256, 32, &b)].concat();
        let (got, end) = check(&list, b"SHA256SUMS");
        assert_eq!(got, [(Outcome::Failed, "sha256"), (Outcome::Ok, "sha256")]);
        assert!(end.hints.is_empty(), "{:?}", end.hints);
        // The same list under a name that says nothing: each line under its own.
        let (got, end) = check(&list, b"sums");
        assert_eq!(got, [(Outcome::Ok, "blake3"), (Outcome::Ok, "sha256")]);
        assert!(end.hints.is_empty() && end.weak.is_empty());
    }

    /// No candidate gives the listed digest: FAILED (as the first candidate), and the hint
    /// names what was tried in the digits the user sees, with no command for an
    /// algorithm nothing proved.
    #[test]
    fn no_match_says_what_was_tried() {
        let d = tempfile::TempDir::new().unwrap();
        let a = d.path().join("a");
        std::fs::write(&a, b"hello\n").unwrap();
        let name = crate::files::names::path_bytes(&a).into_owned();
        let list = [&b"00000000000000000000000000000000  "[..], &name, b"\n"].concat();
        let (got, end) = check(&list, b"my list");
        assert_eq!(got, [(Outcome::Failed, "md5")]);
        let b = |n| Algorithm::lookup(n).unwrap();
        assert_eq!(
            end.hints,
            [Hint::NoMatch {
                digests: Digests {
                    shape: Shape {
                        len: 16,
                        legacy: false
                    },
                    base64: false
                },
                tried: vec![b("md5"), b("blake3"), b("blake2b"), b("blake2s")]
            }]
        );
    }

    /// Files that do not exist leave nothing to try: missing, with no hint; a sample that
    /// exists further down the list decides for the lines before it.
    #[test]
    fn missing_files_are_no_samples() {
        let d = tempfile::TempDir::new().unwrap();
        let a = d.path().join("a");
        std::fs::write(&a, b"hello\n").unwrap();
        let x = Algorithm::lookup("md5").unwrap();
        let list = line(x, 16, &a);
        let missing = String::from_utf8(list.clone())
            .unwrap()
            .replace("/a\n", "/gone\n");
        assert!(missing.ends_with("/gone\n"), "{missing}");
        let (got, end) = check(&[missing.as_bytes(), &list].concat(), b"L");
        assert_eq!(got, [(Outcome::Missing(""), "md5"), (Outcome::Ok, "md5")]);
        assert!(end.hints.is_empty());
        let (got, end) = check(missing.as_bytes(), b"L");
        assert_eq!(got, [(Outcome::Missing(""), "md5")]);
        assert!(end.hints.is_empty());
    }

    /// Entries that cannot be sampled or read twice (a device) are read once with every
    /// candidate: `khsum /dev/null > L; khsum -c L` is OK whatever the algorithm.
    #[cfg(unix)]
    #[test]
    fn devices_are_read_once_with_every_candidate() {
        for x in ["blake3", "sha3-256", "blake2b", "md5", "xxh3", "crc32"] {
            let x = Algorithm::lookup(x).unwrap();
            let list = line(x, x.output.default_len(), std::path::Path::new("/dev/null"));
            let (got, _) = check(&list, b"L");
            assert_eq!(got, [(Outcome::Ok, x.name)]);
        }
    }

    /// The held lines are bounded in bytes as well as in number: long names behind an
    /// undecided line do not pile up past [`QUEUE_BYTES`].
    #[test]
    fn held_lines_are_bounded_in_bytes() {
        let name = "n".repeat(60_000);
        let line = format!("{}  {name}\n", "ab".repeat(32));
        let list = line.repeat(QUEUE_BYTES / 60_000 + 10);
        let mut protos = Prototypes::new(&no_key, false, Params::default(), None);
        let opts = ListOptions {
            forced: None,
            family: None,
            length: None,
            mmap: Mmap::Auto,
        };
        let mut items = ListCheck::new(list.as_bytes(), b"L", &mut protos, opts);
        let mut n = 0;
        while items.next().is_some() {
            assert!(
                items.held_bytes <= QUEUE_BYTES + 70_000,
                "{}",
                items.held_bytes
            );
            n += 1;
        }
        assert_eq!(n, QUEUE_BYTES / 60_000 + 10);
    }
}
