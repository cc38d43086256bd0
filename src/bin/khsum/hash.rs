//! `khsum hash` and `khsum tag`: hash inputs on all cores, print lines (or JSON records)
//! in input order; with `--update`, append the new files' lines to the list.

use crate::plan::{Digests, Existing, HashPlan, Io, Recount, Stdin, UpdatePlan, Walk};
use crate::progress::{self, Progress, Totals};
use crate::report::{Out, Status, q};
use khsum::files::inputs::{Input, NameList, Names, count_total, expand};
use khsum::files::io::{Hashed, InputError, Reading, hash_path_with};
use khsum::files::multi::Multi;
use khsum::lists::checkfile::LineFormat;
use khsum::lists::checkfile::{format_legacy, format_line};
use khsum::lists::record::{Record, Status as RecordStatus};
use khsum::lists::update::normalize;
use khsum::lists::verify::{Verdict, verdict};
use khsum::{Algorithm, Hasher};
use std::cell::RefCell;
use std::collections::HashSet;
use std::io::IsTerminal;
use std::sync::Arc;

/// The hint after a directory named without `-r`.
const DIR_HINT: &str = " (use -r to hash the files below it)";

/// What is printed per input: the algorithms and their digests' lengths.
struct Parts {
    algs: Vec<&'static Algorithm>,
    lengths: Vec<usize>,
}

impl Parts {
    fn split<'a>(&self, digest: &'a [u8]) -> Vec<&'a [u8]> {
        Multi::split(digest, &self.lengths)
    }
}

/// Counts of `--update --check-existing`.
#[derive(Default)]
struct Verified {
    failed: u64,
    unreadable: u64,
}

/// Hashes every input with clones of the plan's prototype and prints one line (or
/// record) per input and algorithm.
pub fn run(plan: HashPlan) -> Status {
    let io = stdin_hint(plan.stdin, plan.io);
    let update = plan.update.map(Arc::new);
    let display = progress::start(
        io.progress,
        totals(plan.recount, &plan.walk, update.clone()),
    );
    let proto: Box<dyn Hasher> = match &display {
        Some((_, counter)) => Box::new(khsum::files::progress::Counted::new(
            plan.proto,
            counter.clone(),
        )),
        None => plan.proto,
    };
    let proto = &*proto;
    let how = Reading::new(plan.read).mmap(io.mmap);
    let printer = RefCell::new(Printer {
        parts: Parts {
            algs: plan.algs,
            lengths: plan.lengths,
        },
        form: plan.form,
        digests: plan.digests,
        stdin: plan.stdin,
        dir_hint: matches!(plan.walk, Walk::Arguments),
        update: update.clone(),
        counter: display.as_ref().map(|(_, c)| c.clone()),
        out: Out::new(),
        status: Status::Ok,
        appended: Vec::new(),
        verified: Verified::default(),
        met: HashSet::new(),
        line: Vec::new(),
    });
    // In batches: the small files of a batch are hashed together in SIMD lanes where the
    // algorithm has a multi-buffer kernel (khsum::files::batch).
    khsum::files::parallel::for_each_ordered_batch(
        inputs(plan.names, &plan.walk, update.as_ref()),
        4 * rayon::current_num_threads().max(1),
        khsum::files::parallel::FILE_BATCH,
        khsum::files::batch::serial_batch(how),
        |batch| {
            khsum::files::batch::hash_batch(
                batch,
                |input, reader| {
                    let res = hash_input(&input, proto, how, reader);
                    (input, res)
                },
                |(_, res)| Some(res),
            )
        },
        |(input, res)| printer.borrow_mut().input(&input, res),
        || {
            printer.borrow_mut().out.flush();
        },
    );
    let mut p = printer.into_inner();
    match &update {
        Some(u) => p.finish_update(u, proto, how, display.map(|(d, _)| d)),
        None => {
            if let Some((d, _)) = display {
                d.finish();
            }
        }
    }
    p.out.finish(p.status)
}

/// The "reading standard input" note when standard input, read because no input was
/// named, is a terminal and so is standard error; typing is not work to show progress
/// of.
fn stdin_hint(stdin: Stdin, mut io: Io) -> Io {
    // Said only to a person: standard input and standard error both a terminal.
    if stdin == Stdin::Implicit && std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
    {
        crate::report::warn(
            "reading standard input (end it with Ctrl-D; name files to hash them, see 'khsum --help')",
        );
        if io.progress == Progress::OnTerminal {
            io.progress = Progress::Never;
        }
    }
    io
}

/// The inputs: the names expanded (walked with `-r`), less the files an `--update` list
/// already names unless they are verified (`--check-existing`).
fn inputs(
    names: Names,
    walk: &Walk,
    update: Option<&Arc<UpdatePlan>>,
) -> impl Iterator<Item = Input> {
    let skip_listed = update.filter(|u| u.existing == Existing::Skip).cloned();
    expand(names, walk.rules()).filter(move |i| match (&skip_listed, i.path()) {
        (Some(u), Some(p)) => u.list.get(&khsum::files::names::path_bytes(p)).is_none(),
        _ => true,
    })
}

/// Hashes one input (on a worker thread); inputs that are errors already stay errors.
fn hash_input<'p>(
    input: &Input,
    proto: &'p (dyn Hasher + 'static),
    how: Reading,
    reader: &mut khsum::files::batch::Reader<&'p (dyn Hasher + 'static)>,
) -> Result<Hashed, InputError> {
    match input {
        Input::Path(p) => reader.hash_path(p, proto, how, khsum::files::io::Open::Named),
        Input::Walked(p) => reader.hash_path(p, proto, how, khsum::files::io::Open::Walked),
        other => other.hash(proto, how),
    }
}

/// Prints the hashed inputs in order and keeps the run's counts.
struct Printer {
    parts: Parts,
    form: LineFormat,
    digests: Digests,
    stdin: Stdin,
    /// Whether a directory argument gets the "use -r" hint (no walk).
    dir_hint: bool,
    update: Option<Arc<UpdatePlan>>,
    counter: Option<Arc<khsum::files::progress::Counter>>,
    out: Out,
    status: Status,
    /// The lines `--update` appends to the list.
    appended: Vec<u8>,
    verified: Verified,
    /// The listed names met (`--check-existing`).
    met: HashSet<Vec<u8>>,
    line: Vec<u8>,
}

impl Printer {
    /// Prints one input's lines, record or error; returns whether output still works.
    fn input(&mut self, input: &Input, res: Result<Hashed, InputError>) -> bool {
        if let Some(c) = &self.counter {
            c.add_file();
        }
        let name = input.name();
        self.line.clear();
        if let (Input::ListError(..), Err(e)) = (input, &res) {
            self.out.warn(&format!("{}: {}", q(&name), e));
            self.status = Status::Failed;
            return self.out.ok();
        }
        let update = self.update.clone();
        if let Some(entries) = update.as_ref().and_then(|u| u.list.get(&name)) {
            return self.verify_listed(&name, entries, &res);
        }
        match res {
            Ok(h) => self.hashed(input, &name, &h),
            Err(e) => self.failed(input, &name, &e),
        }
    }

    /// `--check-existing`: a listed file is verified, not appended.
    fn verify_listed(
        &mut self,
        name: &[u8],
        entries: &[khsum::lists::checkfile::Entry],
        res: &Result<Hashed, InputError>,
    ) -> bool {
        self.met.insert(normalize(name).into_owned());
        let ok = verify(
            &self.parts,
            entries,
            res,
            name,
            &mut self.out,
            &mut self.verified,
        );
        if !ok {
            self.status = Status::Failed;
        }
        self.out.ok()
    }

    fn hashed(&mut self, input: &Input, name: &[u8], h: &Hashed) -> bool {
        warn_notice(&mut self.out, name, h);
        if self.digests == Digests::Raw {
            // The legacy checksums' value only: 4 bytes (CRC) or 2 (sums).
            return self.out.write(raw_value(self.parts.algs[0], &h.digest));
        }
        let implicit = self.stdin == Stdin::Implicit && matches!(input, Input::Stdin);
        lines(
            &self.parts,
            h,
            name,
            implicit,
            self.digests,
            self.form,
            &mut self.line,
        );
        if self.update.is_some() {
            self.appended.extend_from_slice(&self.line);
        }
        self.out.write(&self.line)
    }

    fn failed(&mut self, input: &Input, name: &[u8], e: &InputError) -> bool {
        if e.severe {
            // A panic in a worker or no memory: the run fails (exit 2), and stops.
            self.out.warn(&format!("{}: {}", q(name), e));
            self.status = Status::Usage;
            return false;
        }
        let dir = self.dir_hint && e.reason == "Is a directory";
        let hint = if dir { DIR_HINT } else { "" };
        self.out.warn(&format!("{}: {}{}", q(name), e, hint));
        let skipped = matches!(input, Input::Skipped(..));
        if !skipped {
            self.status = Status::Failed;
        }
        if self.digests != Digests::Json {
            return self.out.ok();
        }
        let st = if skipped {
            RecordStatus::Skipped
        } else if e.missing {
            RecordStatus::Missing
        } else {
            RecordStatus::Error
        };
        for alg in &self.parts.algs {
            Record {
                chosen: None,
                line: None,
                name,
                size: None,
                algorithm: Some(alg.name),
                digest: None,
                expected: None,
                status: st,
                error: Some(&e.reason),
                warning: None,
            }
            .write_line(&mut self.line);
        }
        self.out.write(&self.line)
    }

    /// `--update`: the listed files no walk met verified (`--check-existing`), the counts
    /// warned about, and the list rewritten with the new lines, only when everything was
    /// printed (a failed output leaves it as it was).
    fn finish_update(
        &mut self,
        u: &UpdatePlan,
        proto: &dyn Hasher,
        how: Reading,
        display: Option<progress::Display>,
    ) {
        if u.existing == Existing::Verify && self.out.ok() {
            verify_unmet(
                u,
                &self.parts,
                proto,
                how,
                &self.met,
                &mut self.out,
                &mut self.verified,
            );
        }
        if let Some(d) = display {
            d.finish();
        }
        let v = &self.verified;
        if v.unreadable > 0 {
            self.status = Status::Failed;
            self.out.warn(&format!(
                "WARNING: {} listed file{} could not be read",
                v.unreadable,
                if v.unreadable == 1 { "" } else { "s" }
            ));
        }
        if v.failed > 0 {
            self.status = Status::Failed;
            self.out.warn(&format!(
                "WARNING: {} computed checksum{} did NOT match",
                v.failed,
                if v.failed == 1 { "" } else { "s" }
            ));
        }
        if self.out.flush()
            && let Err(e) = u.list.commit(&self.appended)
        {
            self.out.warn(&e);
            self.status = Status::Failed;
        }
    }
}

/// The totals for progress: the inputs named a second time and their sizes added up.
fn totals(recount: Recount, walk: &Walk, update: Option<Arc<UpdatePlan>>) -> Totals {
    let rules = walk.rules();
    Box::new(move |counter, stop| {
        let names = match recount {
            Recount::Args(a) => Names::Args(a),
            Recount::List(p, sep) => match NameList::open(&p, sep) {
                Ok(l) => Names::List(l),
                Err(_) => return,
            },
            Recount::None => return counter.total_unknown(),
        };
        let keep = |i: &Input| match (&update, i.path()) {
            (Some(u), Some(p)) if u.existing == Existing::Skip => {
                u.list.get(&khsum::files::names::path_bytes(p)).is_none()
            }
            _ => true,
        };
        count_total(expand(names, rules), &keep, counter, stop);
    })
}

/// The raw value `--raw` writes: the digest, or the legacy checksums' value only (the low
/// bytes of the big-endian 32-bit first number; see `legacy.rs`).
fn raw_value<'a>(alg: &Algorithm, d: &'a [u8]) -> &'a [u8] {
    match alg.line.legacy_value() {
        None => d,
        Some((n, _)) => &d[4 - n..4],
    }
}

/// Appends the lines (or records) of one hashed input, one per algorithm.
fn lines(
    parts: &Parts,
    h: &Hashed,
    name: &[u8],
    implicit_stdin: bool,
    digests: Digests,
    form: khsum::lists::checkfile::LineFormat,
    line: &mut Vec<u8>,
) {
    for (alg, d) in parts.algs.iter().zip(parts.split(&h.digest)) {
        if digests == Digests::Json {
            Record {
                chosen: None,
                line: None,
                name,
                size: Some(h.size),
                algorithm: Some(alg.name),
                digest: Some(raw_value(alg, d)),
                expected: None,
                status: RecordStatus::Ok,
                error: None,
                warning: h.digest.notice(),
            }
            .write_line(line);
        } else if alg.line != khsum::LineStyle::Hex && implicit_stdin {
            format_legacy(line, alg.line, d, None, form);
        } else {
            format_line(line, alg, d, name, form);
        }
    }
}

/// Says on stderr what the hasher noticed about an input (a SHA-1 collision attack); the
/// digest is still printed, as the peers print it.
fn warn_notice(out: &mut Out, name: &[u8], h: &Hashed) {
    if let Some(n) = h.digest.notice() {
        out.warn(&format!("{}: {n}", q(name)));
    }
}

/// `--check-existing`: compares a listed file's digests with its entries and says on
/// stderr (`khsum: name: FAILED`, or the read error) when it does not match: stdout
/// carries the list's new lines alone. Returns whether it matched.
fn verify(
    parts: &Parts,
    entries: &[khsum::lists::checkfile::Entry],
    res: &Result<Hashed, InputError>,
    name: &[u8],
    out: &mut Out,
    counts: &mut Verified,
) -> bool {
    let h = match res {
        Err(e) => {
            counts.unreadable += 1;
            out.warn(&format!("{}: {e}", q(name)));
            return false;
        }
        Ok(h) => h,
    };
    warn_notice(out, name, h);
    // Each algorithm's part of the digest against its entry; a file that carries a SHA-1
    // collision attack never verifies.
    let got = parts.split(&h.digest);
    let notice = h.digest.notice();
    let mut all = notice.is_none();
    for e in entries {
        let Some(i) = parts.algs.iter().position(|a| *a == e.algorithm) else {
            continue;
        };
        if verdict(got[i], notice, &e.digest) != Verdict::Ok {
            all = false;
        }
    }
    if !all {
        counts.failed += 1;
        out.warn(&format!("{}: FAILED", q(name)));
    }
    all
}

/// `--check-existing`: the listed files no walk met, verified by name (in sorted order).
fn verify_unmet(
    u: &UpdatePlan,
    parts: &Parts,
    proto: &dyn Hasher,
    how: Reading,
    met: &HashSet<Vec<u8>>,
    out: &mut Out,
    counts: &mut Verified,
) {
    let mut names: Vec<&[u8]> = u
        .list
        .entries()
        .map(|e| &e.name[..])
        .filter(|n| !met.contains(&*normalize(n)))
        .collect();
    names.sort_unstable();
    names.dedup();
    let out = std::cell::RefCell::new(out);
    khsum::files::parallel::for_each_ordered(
        names.into_iter(),
        4 * rayon::current_num_threads().max(1),
        khsum::files::parallel::FILE_BATCH,
        |n| {
            (
                n,
                hash_path_with(&khsum::files::names::bytes_to_path(n), proto, how),
            )
        },
        |(n, res)| {
            let entries = u.list.get(n).unwrap_or_default();
            let mut out = out.borrow_mut();
            verify(parts, entries, &res, n, &mut out, counts);
            out.ok()
        },
        || {
            out.borrow_mut().flush();
        },
    );
}

/// Prints a key derived from key material given as a key (`--derive-key` with
/// `--key-file`/`--key-env`): one nameless line, or the raw bytes with `--raw`.
pub fn derived(plan: crate::plan::DerivedPlan) -> Status {
    let mut out = Out::new();
    let mut line = zeroize::Zeroizing::new(Vec::new());
    if plan.digests == Digests::Raw {
        line.extend_from_slice(&plan.key);
    } else {
        let form = khsum::lists::checkfile::LineFormat {
            no_names: true,
            ..plan.form
        };
        format_line(&mut line, plan.alg, &plan.key, b"", form);
    }
    // Straight to the descriptor: no output buffer keeps a copy of the derived key.
    match khsum::files::io::write_stdout_unbuffered(&line) {
        Ok(()) => out.finish(Status::Ok),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Status::Failed,
        Err(e) => {
            out.warn(&format!(
                "write error: {}",
                khsum::files::io::describe_io_error(&e)
            ));
            Status::Failed
        }
    }
}

/// `--format go-h1`: one `h1:HASH  NAME` line (the hash alone with `--no-names`) per
/// module tree (`-r DIR`, its files named under `--prefix`) or module zip, as go.sum
/// writes them.
pub fn go_h1(plan: crate::plan::GoPlan) -> Status {
    let mut out = Out::new();
    let mut status = Status::Ok;
    let mut line = Vec::new();
    for name in &plan.names {
        let path = std::path::Path::new(name);
        let shown = khsum::files::names::path_bytes(path).into_owned();
        let hashed = match (path.is_dir(), &plan.prefix) {
            (true, _) if !plan.recursive => {
                out.warn(&format!("{}: Is a directory{DIR_HINT}", q(&shown)));
                status = Status::Failed;
                continue;
            }
            (true, prefix) => {
                khsum::files::gomod::hash_dir(path, prefix.as_deref().unwrap_or_default())
            }
            (false, Some(_)) => {
                out.warn(&format!(
                    "{}: a module zip's names carry their MODULE@VERSION/ prefix: --prefix is for module trees",
                    q(&shown)
                ));
                status = Status::Failed;
                continue;
            }
            (false, None) => khsum::files::gomod::hash_zip(path),
        };
        match hashed {
            Ok(d) => {
                line.clear();
                line.extend_from_slice(khsum::files::gomod::h1(&d).as_bytes());
                if !plan.no_names {
                    line.extend_from_slice(b"  ");
                    line.extend_from_slice(&shown);
                }
                line.push(b'\n');
                if !out.write(&line) {
                    break;
                }
            }
            Err(e) => {
                let what = match &e {
                    khsum::files::gomod::GoError::Zip(_) => format!("{}: {e}", q(&shown)),
                    _ => e.to_string(),
                };
                out.warn(&what);
                status = Status::Failed;
            }
        }
    }
    out.finish(status)
}
