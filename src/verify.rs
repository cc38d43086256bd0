//! Verifying checksum lists (`khsum -c`): reading a list line by line, finding the
//! algorithm of lines that do not state it, the prototype hashers, one verdict per file,
//! and GNU's counts and summary as plain data. The binary opens the list, feeds it
//! through [`ListCheck`] (an iterator of [`Item`]s, hashed on the pool by [`Job::run`])
//! and prints.
//!
//! **Detection by content.** An untagged line checked without `-a` (`HEX  name`, the
//! same in base64, or a legacy `cksum`/`sum` line) says its digest's length and form, not
//! its algorithm. The [candidates](candidates) are every algorithm that needs no key and
//! can produce that length (BLAKE3 and BLAKE2 at any length), the list name's algorithm
//! first, then by how common each is. One listed file is hashed with the candidates until
//! one gives its listed digest: that algorithm (and length) then checks every untagged
//! line of that shape in the list. A digest match is the proof; nothing is guessed.
//!
//! The cost is bounded: the sample is the first listed file of at most [`SMALL`] bytes
//! among the next [`WINDOW`] lines of that shape (found by `stat`, as the lines are read:
//! standard input cannot be read twice), else the smallest of them. A small sample is
//! tried with every candidate in turn, from the page cache; a larger one with the first
//! candidate, then with the other common ones in one read (the rare and slow ones —
//! SHA-3, SM3, Rescue Prime — only ever on a small file). At most [`SAMPLES`] files are
//! tried per shape, and the winning trial's digest is the sample's result, so a match
//! costs no second read. When no candidate matches (the files changed, or a tool khsum
//! lacks wrote the list), the lines are checked as the first candidate and a
//! [hint](ListEnd::hints) names what was tried.

use crate::algorithm::Algorithm;
use crate::checkfile::{Entry, Line, ListParser, Untagged};
use crate::hasher::Hasher;
use crate::io::{Hashed, InputError, Mmap, hash_path_with, hash_stdin_with};
use crate::key::Key;
use crate::multi::Multi;
use crate::names::{bytes_to_path, quote};
use crate::progress::{Counted, Counter};
use crate::record::Summary;
use crate::spec::{LineStyle, OutputRule, Params};
use std::collections::{HashMap, VecDeque};
use std::io::BufRead;
use std::sync::Arc;

/// A detection sample of at most this many bytes is tried with every candidate; a larger
/// one only with the common ones.
pub const SMALL: u64 = 1 << 20;

/// Untagged lines of one shape held back (in order) while a small sample is looked for.
pub const WINDOW: usize = 64;

/// Lines of any kind held back behind an undecided one, at most.
pub const QUEUE_MAX: usize = 4096;

/// Files tried per shape before the lines are checked as the first candidate.
pub const SAMPLES: usize = 3;

/// The longest list line read: a name of 64 KiB past `PATH_MAX`, and its digest.
pub const MAX_LINE: usize = 64 * 1024 + 4096 + 1024;

/// What an untagged line says of its algorithm: the digest's length in bytes, and
/// whether it is a legacy `cksum`/`sum` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// The digest's length in bytes (12 for legacy lines: the two numbers).
    pub len: usize,
    /// A legacy `CHECKSUM SIZE-OR-BLOCKS NAME` line.
    pub legacy: bool,
}

impl Shape {
    /// The shape of an untagged line.
    pub fn of(u: &Untagged) -> Shape {
        Shape {
            len: u.digest.len(),
            legacy: u.legacy,
        }
    }

    /// How the hint names lines of this shape.
    fn describe(self) -> String {
        if self.legacy {
            "cksum/sum lines".into()
        } else {
            format!("{}-byte digests", self.len)
        }
    }
}

/// The algorithms (with the output length) lines of `shape` can be, in the order they
/// are tried: `named` (the list name's) first, then by [`Algorithm::rank`], those at
/// their default length before those at another. Algorithms that need a key never take
/// part.
pub fn candidates(
    shape: Shape,
    named: Option<&'static Algorithm>,
) -> Vec<(&'static Algorithm, usize)> {
    let mut c: Vec<&'static Algorithm> = Algorithm::all()
        .iter()
        .filter(|a| !a.needs_key() && (a.line != LineStyle::Hex) == shape.legacy)
        .filter(|a| a.output_len(Some(shape.len)).is_ok())
        .collect();
    // At a length not its default, an algorithm with a choice of lengths is rarer than
    // any at its own (a 32-digit digest is MD5's before it is a 128-bit BLAKE3's).
    let rank = |a: &Algorithm| {
        let off = a.output.default_len() != shape.len;
        u16::from(a.rank) + if off { 200 } else { 0 }
    };
    c.sort_by_key(|a| (Some(*a) != named, rank(a)));
    c.into_iter().map(|a| (a, shape.len)).collect()
}

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
/// hasher noticed `notice` ([`crate::Digest::notice`]), listed as `expected`. Shared by `-c` and
/// `--update --check-existing`.
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
    pub secret: bool,
}

/// Decodes the run's key material for one algorithm: `Ok(None)` when no key was given.
pub type KeyFor<'a> = dyn Fn(&'static Algorithm) -> Result<Option<Key>, String> + 'a;

/// Why a list line's prototype could not be built (a setup error: the run stops).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtoError {
    /// A key was given (with this option) for lines of an algorithm that takes none.
    TakesNoKey(&'static str),
    /// Lines of an algorithm that needs a key, and none was given.
    NeedsKey,
    /// Anything else (a key of the wrong length, …), as said.
    Other(String),
}

/// The prototype hashers of a run, by algorithm and output length, built once and shared
/// by every list: with the key decoded for each algorithm, counting their bytes into the
/// progress counter when there is one.
pub struct Prototypes<'k> {
    map: HashMap<(&'static str, usize), Proto>,
    keys: &'k KeyFor<'k>,
    key_flag: Option<&'static str>,
    params: Params,
    counter: Option<Arc<Counter>>,
}

impl<'k> Prototypes<'k> {
    /// `keys` decodes the key material for an algorithm, `key_flag` is the option it was
    /// given with (`None`: no key), `params` the run's `--length` and `--nonce`.
    pub fn new(
        keys: &'k KeyFor<'k>,
        key_flag: Option<&'static str>,
        params: Params,
        counter: Option<Arc<Counter>>,
    ) -> Prototypes<'k> {
        Prototypes {
            map: HashMap::new(),
            keys,
            key_flag,
            params,
            counter,
        }
    }

    /// Whether a key was given for the run.
    pub fn keyed(&self) -> bool {
        self.key_flag.is_some()
    }

    fn counted(&self, h: Box<dyn Hasher>) -> Arc<dyn Hasher> {
        match &self.counter {
            Some(c) => Arc::new(Counted::new(h, c.clone())),
            None => Arc::from(h),
        }
    }

    /// Sets the prototype of `alg` (`-a`'s, or `--derive-key`'s) for every length.
    pub fn force(&mut self, alg: &'static Algorithm, proto: Box<dyn Hasher>, secret: bool) {
        let len = proto.output_len();
        let hasher = self.counted(proto);
        self.map.insert((alg.name, len), Proto { hasher, secret });
    }

    /// The prototype for lines of `alg` with `len`-byte digests.
    ///
    /// # Errors
    /// The key does not fit the algorithm (see [`ProtoError`]).
    pub fn get(&mut self, alg: &'static Algorithm, len: usize) -> Result<Proto, ProtoError> {
        if let Some(p) = self.map.get(&(alg.name, len)) {
            return Ok(p.clone());
        }
        let key = (self.keys)(alg).map_err(|e| match self.key_flag {
            Some(flag) if !alg.takes_key() => ProtoError::TakesNoKey(flag),
            _ => ProtoError::Other(e),
        })?;
        // A MAC's line checked with the all-zero key would only ever FAIL.
        if alg.needs_key() && key.is_none() {
            return Err(ProtoError::NeedsKey);
        }
        let params = Params {
            out_len: (!matches!(alg.output, OutputRule::Fixed(_)))
                .then_some(len)
                .or(self.params.out_len),
            ..self.params
        };
        let h = alg
            .hasher(key.as_ref(), &params)
            .map_err(|e| ProtoError::Other(e.to_string()))?;
        let p = Proto {
            hasher: self.counted(h),
            secret: key.is_some(),
        };
        self.map.insert((alg.name, len), p.clone());
        Ok(p)
    }
}

/// One listed file to check, its algorithm decided.
pub struct Job {
    /// The line: algorithm, listed digest, name.
    pub entry: Entry,
    /// Its list line number.
    pub line_no: u64,
    proto: Proto,
    /// The detection trial's result for this file (not hashed again).
    pre: Option<Hashed>,
    /// The list is standard input (an entry named `-` cannot also read it).
    list_is_stdin: bool,
}

/// What a list yields, in list order.
pub enum Item {
    /// A `--warn` line about an improper line, printed when its turn comes.
    Warn(String),
    /// A file to check.
    Check(Job),
}

/// A checked file.
pub struct Checked {
    pub entry: Entry,
    /// Whether the computed value depends on a secret (never shown unless it matched).
    pub secret: bool,
    pub result: Result<Hashed, InputError>,
}

impl Job {
    /// Hashes the listed file (a name `-` is standard input, as GNU reads it).
    pub fn run(self, mmap: Mmap) -> Checked {
        let proto = &*self.proto.hasher;
        let result = match (self.pre, &self.entry.name[..]) {
            (Some(h), _) => Ok(h),
            (None, b"-") if self.list_is_stdin => Err(InputError {
                reason: "standard input is the list being checked".into(),
                missing: false,
            }),
            (None, b"-") => hash_stdin_with(proto, mmap),
            (None, name) => hash_path_with(&bytes_to_path(name), proto, mmap),
        };
        Checked {
            entry: self.entry,
            secret: self.proto.secret,
            result,
        }
    }
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

/// How detection ended for one shape.
#[derive(Clone, Debug)]
enum Decision {
    /// This algorithm and length gave a listed digest.
    Found(&'static Algorithm, usize),
    /// No listed file could be tried: the first candidate.
    Untried(&'static Algorithm, usize),
    /// Files were tried and none matched any candidate: checked as the first.
    NoMatch {
        used: (&'static Algorithm, usize),
        tried: Vec<&'static Algorithm>,
        samples: Vec<Vec<u8>>,
    },
}

impl Decision {
    fn used(&self) -> (&'static Algorithm, usize) {
        match self {
            Decision::Found(a, n) | Decision::Untried(a, n) => (a, *n),
            Decision::NoMatch { used, .. } => *used,
        }
    }
}

/// A line read and held back until its turn.
enum Held {
    Item(Item),
    /// Untagged, algorithm not known yet; `size`: the listed file's size when it is a
    /// regular file (a possible sample).
    Undecided {
        line_no: u64,
        u: Untagged,
        size: Option<u64>,
    },
}

/// How a list ended early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Reading the list failed (GNU's `read error`); the message names the list.
    Read(String),
    /// A line's algorithm cannot be set up with the key given (a setup error: exit 2).
    Setup(String),
}

/// The end of a list: its line counts, why it stopped early (if it did), and hints.
#[derive(Clone, Debug, Default)]
pub struct ListEnd {
    pub formatted: u64,
    pub improper: u64,
    pub stop: Option<Stop>,
    /// One line for each shape whose lines matched no candidate: what was tried, and the
    /// command to check them as another algorithm.
    pub hints: Vec<String>,
    /// The algorithm (and length) detection settled on for each shape.
    pub detected: Vec<(&'static Algorithm, usize)>,
}

/// How a list is checked: the options every list of a run shares.
#[derive(Clone, Copy, Debug)]
pub struct ListOptions {
    /// `-a`: only that algorithm's lines (no detection).
    pub forced: Option<&'static Algorithm>,
    /// `--length` (no detection either: untagged lines are BLAKE3's at that length).
    pub length: Option<usize>,
    /// `--warn`: a warning per improper line.
    pub warn_improper: bool,
    pub mmap: Mmap,
}

/// One list being read: an iterator of [`Item`]s in list order, with detection.
pub struct ListCheck<'p, 'k, R> {
    reader: R,
    /// The list's name for messages (`standard input` for `-`).
    name: Vec<u8>,
    /// The list as a shell argument for hints (`-` for standard input).
    arg: Vec<u8>,
    is_stdin: bool,
    parser: ListParser,
    named: Option<&'static Algorithm>,
    protos: &'p mut Prototypes<'k>,
    opts: ListOptions,
    line_no: u64,
    queue: VecDeque<Held>,
    decided: HashMap<Shape, Decision>,
    /// Undecided lines held, per shape.
    undecided: HashMap<Shape, usize>,
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
        // Detection runs without -a and --length, and without a key (keyed lines are
        // BLAKE3's, b3sum --keyed's, or need -a).
        let parser = match (opts.forced, opts.length) {
            (None, None) if !protos.keyed() => ListParser::detecting(named),
            (forced, length) if is_stdin => ListParser::new(forced, length),
            (forced, length) => ListParser::for_list(forced, length, arg),
        };
        ListCheck {
            reader,
            name,
            arg: arg.to_vec(),
            is_stdin,
            parser,
            named,
            protos,
            opts,
            line_no: 0,
            queue: VecDeque::new(),
            decided: HashMap::new(),
            undecided: HashMap::new(),
            eof: false,
            end: ListEnd::default(),
        }
    }

    /// The counts, the stop reason and the hints, once the items are consumed.
    pub fn finish(mut self) -> ListEnd {
        let mut shapes: Vec<(Shape, Decision)> = self.decided.drain().collect();
        shapes.sort_by_key(|(s, _)| (s.legacy, s.len));
        for (shape, d) in shapes {
            self.end.detected.push(d.used());
            if let Decision::NoMatch {
                used,
                tried,
                samples,
            } = d
            {
                self.end
                    .hints
                    .push(self.hint(shape, used.0, &tried, &samples));
            }
        }
        self.end
    }

    fn hint(
        &self,
        shape: Shape,
        used: &Algorithm,
        tried: &[&Algorithm],
        samples: &[Vec<u8>],
    ) -> String {
        let names: Vec<&str> = tried.iter().map(|a| a.name).collect();
        let files: Vec<String> = samples.iter().map(|s| quote(s)).collect();
        let other = tried
            .iter()
            .find(|a| a.name != used.name)
            .unwrap_or(&tried[0]);
        format!(
            "hint: {}: the {} of {} match no algorithm tried ({}); they were checked as {}; to check them as another, run: khsum -c -a {} {}",
            quote(&self.name),
            shape.describe(),
            files.join(", "),
            names.join(", "),
            used.name,
            other.name,
            quote(&self.arg)
        )
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
        self.line_no += 1;
        if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
            // Improper, as GNU counts it, but read past in bounded memory and always
            // said: a list line this long is no checksum line.
            if skip_line(&mut self.reader).is_err() {
                return self.stop(Stop::Read(format!("{}: read error", quote(&self.name))));
            }
            self.end.improper += 1;
            self.queue.push_back(Held::Item(Item::Warn(format!(
                "{}: {}: line too long (more than {MAX_LINE} bytes): not a checksum line",
                quote(&self.name),
                self.line_no
            ))));
            return;
        }
        match self.parser.parse(&buf) {
            Line::Skip => {}
            Line::Improper(alg) => {
                self.end.improper += 1;
                if self.opts.warn_improper {
                    let label = alg.map_or(String::new(), |a| format!("{} ", a.bsd_label()));
                    self.queue.push_back(Held::Item(Item::Warn(format!(
                        "{}: {}: improperly formatted {label}checksum line",
                        quote(&self.name),
                        self.line_no
                    ))));
                }
            }
            Line::Entry(e) => {
                self.end.formatted += 1;
                let (alg, len) = (e.algorithm, e.digest.len());
                if let Some(job) = self.job(e, alg, len, self.line_no, None) {
                    self.queue.push_back(Held::Item(Item::Check(job)));
                }
            }
            Line::Untagged(u) => {
                self.end.formatted += 1;
                self.untagged(u);
            }
        }
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
        pre: Option<Hashed>,
    ) -> Option<Job> {
        match self.protos.get(alg, len) {
            Ok(proto) => Some(Job {
                entry: Entry {
                    algorithm: alg,
                    ..entry
                },
                line_no,
                proto,
                pre,
                list_is_stdin: self.is_stdin,
            }),
            Err(e) => {
                let label = alg.bsd_label();
                let msg = match e {
                    ProtoError::TakesNoKey(flag) => format!(
                        "{}: {line_no}: {label} lines take no key (one was given with {flag})",
                        quote(&self.name)
                    ),
                    ProtoError::NeedsKey => format!(
                        "{}: {line_no}: {label} lines need a key (--key-file or --key-env)",
                        quote(&self.name)
                    ),
                    ProtoError::Other(m) => m,
                };
                self.stop(Stop::Setup(msg));
                None
            }
        }
    }

    /// An untagged line: checked as its shape's algorithm once that is known; held
    /// until then, and detection run when a small sample turns up or enough are held.
    fn untagged(&mut self, u: Untagged) {
        let shape = Shape::of(&u);
        if self.decided.contains_key(&shape) {
            return self.push_decided(u, shape, self.line_no, None);
        }
        let size = (u.name != b"-")
            .then(|| std::fs::metadata(bytes_to_path(&u.name)).ok())
            .flatten()
            .filter(std::fs::Metadata::is_file)
            .map(|m| m.len());
        let small = size.is_some_and(|s| s <= SMALL);
        self.queue.push_back(Held::Undecided {
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

    fn push_decided(&mut self, u: Untagged, shape: Shape, line_no: u64, pre: Option<Hashed>) {
        let (alg, len) = self.decided[&shape].used();
        let entry = Entry {
            algorithm: alg,
            digest: u.digest,
            name: u.name,
        };
        if let Some(job) = self.job(entry, alg, len, line_no, pre) {
            self.queue.push_back(Held::Item(Item::Check(job)));
        }
    }

    /// Finds the algorithm of `shape`'s lines from the samples held, then turns every
    /// held line of that shape into a job, in place.
    fn decide(&mut self, shape: Shape) {
        let cands = candidates(shape, self.named);
        let mut samples: Vec<(usize, u64)> = self
            .queue
            .iter()
            .enumerate()
            .filter_map(|(i, h)| match h {
                Held::Undecided {
                    u, size: Some(s), ..
                } if Shape::of(u) == shape => Some((i, *s)),
                _ => None,
            })
            .collect();
        // Small files first, in list order; then the rest, smallest first.
        samples.sort_by_key(|&(i, s)| if s <= SMALL { (0, i as u64) } else { (1, s) });
        samples.truncate(SAMPLES);
        let mut decision = None;
        let mut pre = None;
        let mut tried = Vec::new();
        let mut names = Vec::new();
        for &(i, size) in &samples {
            let Held::Undecided { u, .. } = &self.queue[i] else {
                continue;
            };
            match trial(&u.name, &u.digest, size, &cands, self.opts.mmap, &mut tried) {
                Trial::Match(alg, len, hashed) => {
                    decision = Some(Decision::Found(alg, len));
                    pre = Some((i, hashed));
                    break;
                }
                Trial::NoMatch => names.push(u.name.clone()),
                Trial::Unreadable => {}
            }
        }
        let first = cands[0];
        let decision = decision.unwrap_or(if names.is_empty() {
            Decision::Untried(first.0, first.1)
        } else {
            Decision::NoMatch {
                used: first,
                tried,
                samples: names,
            }
        });
        self.decided.insert(shape, decision);
        self.undecided.remove(&shape);
        // The held lines of this shape become jobs where they stand.
        let held = std::mem::take(&mut self.queue);
        for (i, h) in held.into_iter().enumerate() {
            match h {
                Held::Undecided { line_no, u, .. } if Shape::of(&u) == shape => {
                    let p = match &pre {
                        Some((j, _)) if *j == i => pre.take().map(|(_, h)| h),
                        _ => None,
                    };
                    if let (Some(h), Some(c)) = (&p, &self.protos.counter) {
                        c.add_bytes(h.size);
                    }
                    self.push_decided(u, shape, line_no, p);
                }
                other => self.queue.push_back(other),
            }
        }
    }
}

/// Reads past the rest of a line, keeping none of it.
fn skip_line(r: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&c| c == b'\n') {
            Some(i) => {
                r.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                r.consume(n);
            }
        }
    }
}

/// What trying the candidates on one sample gave.
enum Trial {
    Match(&'static Algorithm, usize, Hashed),
    NoMatch,
    /// The file could not be read: not a sample after all.
    Unreadable,
}

/// Hashes the file `name` (of `size` bytes) with the candidates until one gives
/// `expected`, adding each candidate tried to `tried` (once). A small file is tried with
/// each candidate in turn; a large one with the first, then with the other common ones in
/// one read.
fn trial(
    name: &[u8],
    expected: &[u8],
    size: u64,
    cands: &[(&'static Algorithm, usize)],
    mmap: Mmap,
    tried: &mut Vec<&'static Algorithm>,
) -> Trial {
    let path = bytes_to_path(name);
    let build = |(a, n): (&'static Algorithm, usize)| {
        let params = Params {
            out_len: Some(n).filter(|_| !matches!(a.output, OutputRule::Fixed(_))),
            nonce: None,
        };
        a.hasher(None, &params).ok()
    };
    let mut note = |a: &'static Algorithm| {
        if !tried.contains(&a) {
            tried.push(a);
        }
    };
    let small = size <= SMALL;
    let usable: Vec<(&'static Algorithm, usize)> = cands
        .iter()
        .copied()
        .filter(|(a, _)| small || !a.rare)
        .collect();
    let (one_by_one, together) = if small {
        (&usable[..], &usable[..0])
    } else {
        usable.split_at(usable.len().min(1))
    };
    for &(a, n) in one_by_one {
        let Some(h) = build((a, n)) else { continue };
        note(a);
        match hash_path_with(&path, &*h, mmap) {
            Ok(hashed) if crate::digests_equal(&hashed.digest, expected) => {
                return Trial::Match(a, n, hashed);
            }
            Ok(_) => {}
            Err(_) => return Trial::Unreadable,
        }
    }
    if together.is_empty() {
        return Trial::NoMatch;
    }
    let parts: Vec<Box<dyn Hasher>> = together.iter().filter_map(|&c| build(c)).collect();
    let lengths: Vec<usize> = parts.iter().map(|p| p.output_len()).collect();
    for &(a, _) in together {
        note(a);
    }
    let Ok(hashed) = hash_path_with(&path, &Multi::new(parts), mmap) else {
        return Trial::Unreadable;
    };
    for (&(a, n), d) in together.iter().zip(Multi::split(&hashed.digest, &lengths)) {
        if crate::digests_equal(d, expected) {
            // Hash it once more alone: the combined digest carries no per-algorithm
            // notice (SHA-1's collision detection), and this is one file.
            return match build((a, n)).map(|h| hash_path_with(&path, &*h, mmap)) {
                Some(Ok(h)) => Trial::Match(a, n, h),
                _ => Trial::Unreadable,
            };
        }
    }
    Trial::NoMatch
}

impl<R: BufRead> Iterator for ListCheck<'_, '_, R> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            match self.queue.front() {
                Some(Held::Item(_)) => {
                    let Some(Held::Item(item)) = self.queue.pop_front() else {
                        unreachable!("the front is an item")
                    };
                    return Some(item);
                }
                Some(Held::Undecided { u, .. }) if self.eof || self.queue.len() >= QUEUE_MAX => {
                    let shape = Shape::of(u);
                    self.decide(shape);
                    continue;
                }
                Some(Held::Undecided { .. }) => {}
                None if self.eof => return None,
                None => {}
            }
            if matches!(self.end.stop, Some(Stop::Setup(_))) {
                return None;
            }
            self.read_line();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkfile::{LineFormat, format_line};
    use std::path::Path;

    fn alg(n: &str) -> &'static Algorithm {
        Algorithm::lookup(n).unwrap()
    }

    fn no_key(_: &'static Algorithm) -> Result<Option<Key>, String> {
        Ok(None)
    }

    /// Checks `list` (as the list named `arg`) without -a: every file's outcome and
    /// algorithm, and the end.
    fn check(list: &[u8], arg: &[u8]) -> (Vec<(Outcome<'static>, &'static str)>, ListEnd) {
        let mut protos = Prototypes::new(&no_key, None, Params::default(), None);
        let opts = ListOptions {
            forced: None,
            length: None,
            warn_improper: false,
            mmap: Mmap::Auto,
        };
        let mut items = ListCheck::new(list, arg, &mut protos, opts);
        let mut got = Vec::new();
        for item in items.by_ref() {
            let Item::Check(job) = item else { continue };
            let c = job.run(Mmap::Auto);
            let o = match c.outcome(false) {
                Outcome::Ok => Outcome::Ok,
                Outcome::Failed => Outcome::Failed,
                Outcome::Attacked => Outcome::Attacked,
                Outcome::Missing(_) => Outcome::Missing(""),
                Outcome::Unreadable(_) => Outcome::Unreadable(""),
                Outcome::Ignored => Outcome::Ignored,
            };
            got.push((o, c.entry.algorithm.name));
        }
        (got, items.finish())
    }

    /// The line khsum writes for `name` (as `khsum -a ALG -l LEN` prints it).
    fn line(a: &Algorithm, len: usize, name: &Path) -> Vec<u8> {
        let params = Params {
            out_len: Some(len).filter(|_| !matches!(a.output, OutputRule::Fixed(_))),
            nonce: None,
        };
        let h = a.hasher(None, &params).unwrap();
        let d = crate::io::hash_path(name, &*h).unwrap();
        let mut out = Vec::new();
        let name = crate::names::path_bytes(name);
        if a.line == LineStyle::Hex {
            format_line(&mut out, a, &d, &name, LineFormat::default());
        } else {
            crate::checkfile::format_legacy(
                &mut out,
                a.line,
                &d,
                Some(&name),
                LineFormat::default(),
            );
        }
        out
    }

    /// Every algorithm that needs no key, at every length class its rule allows, checks
    /// from its own untagged output with no -a and a name that says nothing; a changed
    /// file is FAILED, the other OK.
    #[test]
    fn every_unkeyed_algorithm_is_found_from_its_own_output() {
        let d = tempfile::TempDir::new().unwrap();
        let a = d.path().join("a b");
        let b = d.path().join("b");
        std::fs::write(&a, b"hello\n").unwrap();
        std::fs::write(&b, crate::testutil::TestRng::new(5).bytes(70_000)).unwrap();
        let mut cases = 0;
        for x in Algorithm::all().iter().filter(|x| !x.needs_key()) {
            let lengths: Vec<usize> = match x.output {
                OutputRule::Fixed(n) => vec![n],
                OutputRule::Range { min, max, .. } => vec![min, 4, 8, 16, 20, 32, max],
                OutputRule::Xof { .. } => vec![1, 4, 8, 16, 20, 32, 64, 100],
            };
            for len in lengths {
                let list = [line(x, len, &a), line(x, len, &b)].concat();
                let (got, end) = check(&list, b"list");
                assert_eq!(got, [(Outcome::Ok, x.name); 2], "{} {len}", x.name);
                assert!(end.hints.is_empty(), "{} {len}: {:?}", x.name, end.hints);
                // The same list with the second file changed: FAILED, the first OK.
                let other = crate::testutil::TestRng::new(6).bytes(70_000);
                std::fs::write(&b, &other).unwrap();
                let (got, _) = check(&list, b"list");
                assert_eq!(
                    got,
                    [(Outcome::Ok, x.name), (Outcome::Failed, x.name)],
                    "{}",
                    x.name
                );
                std::fs::write(&b, crate::testutil::TestRng::new(5).bytes(70_000)).unwrap();
                cases += 1;
            }
        }
        assert!(cases > 40, "{cases}");
    }

    #[test]
    fn candidates_come_in_order_of_use() {
        let first = |len, legacy, named: Option<&str>| {
            let c = candidates(Shape { len, legacy }, named.map(alg));
            c.iter().map(|(a, _)| a.name).take(3).collect::<Vec<_>>()
        };
        assert_eq!(first(32, false, None), ["sha256", "blake3", "blake2s"]);
        assert_eq!(first(16, false, None), ["md5", "xxh128", "blake3"]);
        assert_eq!(first(20, false, None), ["sha1", "blake3", "blake2b"]);
        assert_eq!(first(64, false, None), ["sha512", "blake2b", "sha3-512"]);
        assert_eq!(first(8, false, None), ["xxh64", "xxh3", "blake3"]);
        assert_eq!(first(4, false, None), ["xxh32", "crc32", "blake3"]);
        assert_eq!(first(12, true, None), ["crc", "bsd", "sysv"]);
        assert_eq!(
            first(32, false, Some("blake3")),
            ["blake3", "sha256", "blake2s"]
        );
        assert_eq!(
            first(16, false, Some("xxh128")),
            ["xxh128", "md5", "blake3"]
        );
        // A MAC or universal hash never takes part (HMAC-SHA256, HighwayHash-256 have
        // 32 bytes too); the rare ones come after the common ones, lengths not an
        // algorithm's default last.
        let all: Vec<&str> = candidates(
            Shape {
                len: 32,
                legacy: false,
            },
            None,
        )
        .iter()
        .map(|(a, _)| a.name)
        .collect();
        assert_eq!(
            all,
            [
                "sha256",
                "blake3",
                "blake2s",
                "sha512-256",
                "sha3-256",
                "sm3",
                "rescue-prime",
                "blake2b"
            ]
        );
    }

    /// No candidate gives the listed digest: the lines are checked as the first candidate
    /// (FAILED where they differ), and the hint names what was tried and a runnable
    /// command.
    #[test]
    fn no_match_checks_as_the_first_candidate_and_says_what_was_tried() {
        let d = tempfile::TempDir::new().unwrap();
        let a = d.path().join("a");
        std::fs::write(&a, b"hello\n").unwrap();
        let name = crate::names::path_bytes(&a).into_owned();
        let list = [&b"00000000000000000000000000000000  "[..], &name, b"\n"].concat();
        let (got, end) = check(&list, b"my list");
        assert_eq!(got, [(Outcome::Failed, "md5")]);
        let tried = "md5, xxh128, blake3, blake2b, blake2s";
        assert_eq!(
            end.hints,
            [format!(
                "hint: 'my list': the 16-byte digests of {} match no algorithm tried ({tried}); they were checked as md5; to check them as another, run: khsum -c -a xxh128 'my list'",
                quote(&name)
            )]
        );
        // Standard input: the command reads it again.
        let (_, end) = check(&list, b"-");
        assert!(
            end.hints[0].ends_with("run: khsum -c -a xxh128 -"),
            "{:?}",
            end.hints
        );
    }

    /// Files that do not exist leave nothing to try: missing, with no hint; a sample that
    /// exists further down the list decides for the lines before it.
    #[test]
    fn missing_files_are_no_samples() {
        let d = tempfile::TempDir::new().unwrap();
        let a = d.path().join("a");
        std::fs::write(&a, b"hello\n").unwrap();
        let gone = d.path().join("gone");
        let x = alg("md5");
        let mut list = line(x, 16, &a);
        let missing = String::from_utf8(list.clone())
            .unwrap()
            .replace("/a\n", "/gone\n");
        assert!(missing.ends_with("/gone\n"), "{missing}");
        let list2 = [missing.as_bytes(), &list].concat();
        let (got, end) = check(&list2, b"L");
        assert_eq!(got, [(Outcome::Missing(""), "md5"), (Outcome::Ok, "md5")]);
        assert!(end.hints.is_empty());
        assert!(!gone.exists());
        list = missing.into_bytes();
        let (got, end) = check(&list, b"L");
        assert_eq!(got, [(Outcome::Missing(""), "md5")]);
        assert!(end.hints.is_empty());
    }
}
