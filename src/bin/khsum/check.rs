//! `khsum check` / `khsum -c`: verify checksum lists, with GNU sha256sum -c's output,
//! warnings and exit status. The library reads each list, finds the algorithm of lines
//! that do not state it and judges each file (`khsum::lists::verify`); this module opens the
//! lists, runs the jobs on the pool and prints.

use crate::plan::{CheckPlan, CheckReport, Improper, Missing, Strictness, Unlisted, Verbosity};
use crate::progress::{self, Totals};
use crate::report::{Out, Status, q};
use crate::setup::SetupError;
use khsum::files::names::{bytes_to_path, path_bytes};
use khsum::files::progress::Counter;
use khsum::files::walk::{Item as WalkItem, Walker};
use khsum::lists::checkfile::{Line, ListParser, format_status};
use khsum::lists::record::{Record, Status as RecordStatus, Summary, checked_digest};
use khsum::lists::update::normalize;
use khsum::lists::verify::{
    Checked, Done, Hint, Improper as ImproperLine, Item, ListCheck, ListEnd, ListOptions, Outcome,
    ProtoError, Prototypes, Reason, Stop, Tally, or_list,
};
use std::cell::RefCell;
use std::collections::HashSet;
use std::ffi::OsString;
use std::io::{BufReader, Read};
use std::path::Path;
use std::sync::Arc;

/// What every list is checked with, less the prototypes.
#[derive(Clone)]
struct CheckSetup {
    report: CheckReport,
    list: ListOptions,
    json: bool,
    counter: Option<Arc<Counter>>,
    /// The option the key was given with, if any (for messages).
    key_flag: Option<&'static str>,
}

/// Checks every list; a setup error (a key that does not fit a labelled algorithm) ends
/// the run with status 2.
pub fn run(plan: CheckPlan) -> Status {
    let mut out = Out::new();
    let display = progress::start(plan.io.progress, totals(&plan.lists));
    let counter = display.as_ref().map(|(_, c)| c.clone());
    let keys = &plan.keys;
    let key_for = |alg| keys.key_for(alg).map_err(|SetupError(m)| m);
    let key_flag = keys.given_with();
    let mut protos = Prototypes::new(&key_for, key_flag.is_some(), plan.params, counter.clone());
    let forced = plan.forced.map(|f| {
        let alg = f.alg;
        protos.force(alg, f.proto, f.read, f.secret);
        alg
    });
    let s = CheckSetup {
        report: plan.report,
        list: ListOptions {
            forced,
            family: plan.family,
            length: plan.params.out_len,
            mmap: plan.io.mmap,
        },
        json: plan.json,
        counter,
        key_flag,
    };
    let mut listed = plan.unlisted.as_ref().map(|_| HashSet::new());
    let mut status = Status::Ok;
    let one: Vec<OsString> = vec![OsString::new()];
    let lists = if plan.expect.is_some() {
        &one
    } else {
        &plan.lists
    };
    for list in lists {
        let checked = match &plan.expect {
            Some(e) => expect(e, &s, &mut protos, &mut out),
            None => check_list(list, &s, &mut protos, &mut listed, &mut out),
        };
        match checked {
            Ok(true) => {}
            Ok(false) => status = Status::Failed,
            Err(SetupError(m)) => {
                if let Some((d, _)) = display {
                    d.finish();
                }
                out.warn(&m);
                return out.finish(Status::Usage);
            }
        }
        if !out.ok() {
            break;
        }
    }
    if let (Some(u), Some(listed)) = (&plan.unlisted, &listed)
        && out.ok()
        && !unlisted(u, listed, &s, &mut out)
    {
        status = Status::Failed;
    }
    if let Some((d, _)) = display {
        d.finish();
    }
    out.finish(status)
}

/// The progress total: the lists read a second time (not standard input) and the sizes
/// of the files they name added up.
fn totals(lists: &[OsString]) -> Totals {
    let lists = lists.to_vec();
    Box::new(move |counter, stop| {
        for list in &lists {
            if list == "-" {
                return counter.total_unknown();
            }
            let Ok(f) = std::fs::File::open(list) else {
                continue;
            };
            // Only the names matter here.
            let mut parser = ListParser::detecting(None);
            let mut reader = BufReader::new(f);
            let mut line = Vec::new();
            loop {
                if stop.load(std::sync::atomic::Ordering::Relaxed) {
                    return;
                }
                line.clear();
                let max = khsum::files::inputs::LINE_MAX;
                // Bounded: an overlong line ends the count (the check itself says why).
                let read =
                    khsum::files::inputs::read_until_bounded(&mut reader, b'\n', max, &mut line);
                if !matches!(read, Ok(1..)) {
                    break;
                }
                let name = match parser.parse(&line) {
                    Line::Entry(e) => e.name,
                    Line::Untagged(u) => u.name,
                    Line::Skip | Line::Improper(_) => continue,
                };
                let size = std::fs::metadata(bytes_to_path(&name)).map_or(0, |m| m.len());
                counter.add_to_total(size);
            }
        }
        counter.total_done();
    })
}
/// `--unlisted DIR...`: every entry below the directories that no list names is
/// reported: a regular file as `name: NEW`, one that is not checked (a FIFO, a device, a
/// symbolic link not followed) as `name: NEW (why)`, one that cannot be read (a dangling
/// link) as `name: FAILED open or read`; with `--json`, a summary per directory closes
/// the output. Returns whether there was no such entry.
fn unlisted(u: &Unlisted, listed: &HashSet<Vec<u8>>, s: &CheckSetup, out: &mut Out) -> bool {
    let mut clean = true;
    let quiet = s.report.verbosity == Verbosity::Nothing;
    let mut line = Vec::new();
    for dir in &u.dirs {
        let mut summary = Summary::default();
        for item in Walker::new(Path::new(dir), u.rules.clone()) {
            line.clear();
            let (p, error, skipped) = match item {
                WalkItem::File(p) => (p, None, None),
                WalkItem::Error(p, e) => (p, Some(e), None),
                WalkItem::Skipped(p, why) => (p, None, Some(why)),
                WalkItem::LinkedDir(p) => (p, None, Some(khsum::files::walk::LINKED_DIR.into())),
            };
            let name = path_bytes(&p);
            if listed.contains(&*normalize(&name)) {
                continue;
            }
            clean = false;
            match &error {
                None => summary.new += 1,
                Some(e) => {
                    summary.errors += 1;
                    out.warn(&format!("{}: {e}", q(&name)));
                }
            }
            if quiet {
                continue;
            }
            if s.json {
                let (status, size) = match &error {
                    None => (
                        RecordStatus::New,
                        std::fs::symlink_metadata(&p)
                            .ok()
                            .filter(|m| m.is_file())
                            .map(|m| m.len()),
                    ),
                    Some(_) => (RecordStatus::Error, None),
                };
                Record {
                    name: &name,
                    size,
                    algorithm: None,
                    chosen: None,
                    line: None,
                    digest: None,
                    expected: None,
                    status,
                    error: error.as_deref().or(skipped.as_deref()),
                    warning: None,
                }
                .write_line(&mut line);
            } else {
                let word = match (&error, &skipped) {
                    (Some(_), _) => "FAILED open or read".to_string(),
                    (None, Some(why)) => format!("NEW ({why})"),
                    (None, None) => "NEW".to_string(),
                };
                format_status(&mut line, &name, &word);
            }
            if !out.write(&line) {
                return false;
            }
        }
        if s.json && !quiet {
            line.clear();
            summary.write_dir_line(&path_bytes(Path::new(dir)), &mut line);
            out.write(&line);
        }
        if summary.new > 0 && !quiet {
            let n = summary.new;
            out.warn(&format!(
                "WARNING: {n} {}",
                if n == 1 {
                    "file is not listed"
                } else {
                    "files are not listed"
                }
            ));
        }
    }
    clean
}

/// Opens a list (`-` is standard input); a list that cannot be read is warned about.
fn open_list(list: &OsString, name: &[u8], out: &mut Out) -> Option<Box<dyn Read>> {
    if list == "-" {
        return match khsum::files::io::stdin() {
            Ok(stdin) => Some(Box::new(stdin)),
            Err(e) => {
                out.warn(&format!(
                    "standard input: {}",
                    khsum::files::io::describe_io_error(&e)
                ));
                None
            }
        };
    }
    match std::fs::File::open(list) {
        // A directory opens but cannot be read: said as hash mode says it (GNU says
        // `read error`, which does not say why).
        Ok(f) if f.metadata().is_ok_and(|m| m.is_dir()) => {
            out.warn(&format!("{}: Is a directory", q(name)));
            None
        }
        Ok(f) => Some(Box::new(f)),
        Err(e) => {
            out.warn(&format!(
                "{}: {}",
                q(name),
                khsum::files::io::describe_io_error(&e)
            ));
            None
        }
    }
}

/// Checks one list (or, for a directory holding `bagit.txt`, a BagIt bag): its files
/// hashed on the pool, a line (or record) each, in list order, then GNU's closing
/// warnings. Returns whether the list passed.
fn check_list(
    list: &OsString,
    s: &CheckSetup,
    protos: &mut Prototypes<'_>,
    listed: &mut Option<HashSet<Vec<u8>>>,
    out: &mut Out,
) -> Result<bool, SetupError> {
    let arg = path_bytes(Path::new(list)).into_owned();
    if list != "-" && khsum::lists::bagit::is_bag(Path::new(list)) {
        // Every line of a manifest counts: one that is no checksum line fails the bag.
        let mut strict = s.clone();
        strict.report = crate::plan::CheckReport {
            improper: Improper::Warn,
            strictness: Strictness::Strict,
            ..s.report
        };
        let l = &s.list;
        let limited = l.forced.is_some() || l.family.is_some() || l.length.is_some();
        return crate::bag::check(
            Path::new(list),
            s.report.verbosity,
            limited,
            out,
            &mut |reader, path, out| check_reader(reader, path, path, &strict, protos, listed, out),
        );
    }
    let Some(reader) = open_list(list, &arg, out) else {
        return Ok(false);
    };
    let list_name = if list == "-" {
        &b"standard input"[..]
    } else {
        &arg
    };
    check_reader(reader, &arg, list_name, s, protos, listed, out)
}

/// Checks the list `reader` reads (`arg`: as named, for its name's algorithm and the
/// hints; `list_name`: as messages name it). Returns whether it passed.
fn check_reader(
    reader: Box<dyn Read>,
    arg: &[u8],
    list_name: &[u8],
    s: &CheckSetup,
    protos: &mut Prototypes<'_>,
    listed: &mut Option<HashSet<Vec<u8>>>,
    out: &mut Out,
) -> Result<bool, SetupError> {
    let reader = BufReader::with_capacity(256 * 1024, reader);
    let mut items = ListCheck::new(reader, arg, protos, s.list);
    let mut tally = Tally::default();
    let mut fatal = None;
    let out = RefCell::new(out);
    let mmap = s.list.mmap;
    // In batches: small files of a batch are hashed together in SIMD lanes where their
    // algorithm has a multi-buffer kernel (khsum::files::batch).
    khsum::files::parallel::for_each_ordered_batch(
        items.by_ref(),
        4 * rayon::current_num_threads().max(1),
        khsum::files::parallel::FILE_BATCH,
        khsum::files::parallel::FILE_BATCH,
        |batch| khsum::lists::verify::check_batch(batch, mmap),
        |done| {
            let mut out = out.borrow_mut();
            match done {
                Done::Improper(i) => improper(&i, list_name, s, &mut out),
                Done::Checked(c) => report(&c, s, &mut tally, listed, &mut out, &mut fatal),
            }
        },
        || {
            out.borrow_mut().flush();
        },
    );
    let out = out.into_inner();
    if let Some(e) = fatal {
        return Err(e);
    }
    let end = items.finish(&tally);
    close(end, &tally, list_name, arg, s, out)
}

/// The end of one list: its `--json` summary, why it stopped, GNU's closing warnings,
/// the hints and notes. Returns whether it passed.
fn close(
    end: ListEnd,
    tally: &Tally,
    list_name: &[u8],
    arg: &[u8],
    s: &CheckSetup,
    out: &mut Out,
) -> Result<bool, SetupError> {
    let mut counts = tally.counts;
    counts.formatted = end.formatted;
    counts.improper = end.improper;
    let verbose = s.report.verbosity != Verbosity::Nothing;
    if s.json && verbose {
        let mut line = Vec::new();
        counts.summary().write_line(list_name, &mut line);
        out.write(&line);
    }
    match end.stop {
        Some(Stop::Setup { line, label, why }) => {
            return Err(setup_error(list_name, line, &label, why, s.key_flag));
        }
        Some(Stop::Read(m)) => {
            out.warn(&m);
            return Ok(false);
        }
        None => {}
    }
    if counts.formatted == 0 {
        out.warn(&format!(
            "{}: no properly formatted checksum lines found",
            q(list_name)
        ));
        if verbose {
            for h in &end.hints {
                out.warn(&hint(h, list_name, arg));
            }
        }
        return Ok(false);
    }
    if verbose {
        for w in counts.warnings() {
            out.warn(&w);
        }
        for h in &end.hints {
            out.warn(&hint(h, list_name, arg));
        }
        for a in &end.weak {
            out.warn(&format!(
                "{}: untagged lines checked as {} (not cryptographic)",
                q(list_name),
                a.bsd_label()
            ));
        }
    }
    // GNU's rule: no file matched (read but FAILED counts as not verified).
    if s.report.missing == Missing::Ignore && counts.summary().ok == 0 {
        out.warn(&format!("{}: no file was verified", q(list_name)));
    }
    Ok(counts.passed(s.report.strictness == Strictness::Strict))
}

/// `--expect DIGEST FILE`: the file checked as the one-line list the digest makes (a
/// line per digest of SRI's strongest algorithm: any of them matching is a match), with
/// `-c`'s verification, output and exit status.
fn expect(
    e: &crate::plan::Expect,
    s: &CheckSetup,
    protos: &mut Prototypes<'_>,
    out: &mut Out,
) -> Result<bool, SetupError> {
    const ARG: &[u8] = b"--expect";
    let name = path_bytes(Path::new(&e.file)).into_owned();
    let text = e.digest.list(&name);
    let mut items = ListCheck::new(std::io::Cursor::new(text), ARG, protos, s.list);
    let batch: Vec<Item> = items.by_ref().collect();
    let mut checked = Vec::new();
    let mut improper_line = None;
    for d in khsum::lists::verify::check_batch(batch, s.list.mmap) {
        match d {
            Done::Checked(c) => checked.push(c),
            Done::Improper(i) => improper_line = improper_line.or(Some(i)),
        }
    }
    let mut tally = Tally::default();
    let matched = checked.iter().position(|c| c.outcome(false) == Outcome::Ok);
    if !checked.is_empty() {
        let mut fatal = None;
        let c = checked.swap_remove(matched.unwrap_or(0));
        report(&c, s, &mut tally, &mut None, out, &mut fatal);
        if let Some(e) = fatal {
            return Err(e);
        }
    }
    let mut end = items.finish(&tally);
    if end.stop.is_none()
        && let Some(i) = improper_line.filter(|_| checked.is_empty())
    {
        let why = match i.reason {
            Reason::DigestLength => {
                "its length proves nothing without naming the algorithm: give -a (or a spelling that names it, sha256:HEX)"
            }
            _ => "it is not a digest of the algorithm -a names",
        };
        return Err(SetupError(format!(
            "--expect: the digest cannot check {}: {why}",
            q(&name)
        )));
    }
    // The hints and notes in words about the one file, after GNU's warnings.
    let hints = std::mem::take(&mut end.hints);
    let weak = std::mem::take(&mut end.weak);
    let passed = close(end, &tally, ARG, ARG, s, out)?;
    if s.report.verbosity != Verbosity::Nothing {
        for h in &hints {
            out.warn(&match h {
                Hint::NoMatch { digests, tried } => format!(
                    "hint: {} does not give the {} under {}: if another algorithm or a key made it, name it with -a or give the key",
                    q(&name),
                    digests.describe(),
                    or_list(tried)
                ),
                other => hint(other, ARG, ARG),
            });
        }
        for a in &weak {
            out.warn(&format!(
                "--expect: checked as {} (not cryptographic)",
                a.bsd_label()
            ));
        }
    }
    Ok(passed)
}

/// A list line whose algorithm cannot be set up with the key given (or without one), in
/// words naming the options (`key_flag`: the one the key was given with).
fn setup_error(
    list: &[u8],
    line: u64,
    label: &str,
    why: ProtoError,
    key_flag: Option<&str>,
) -> SetupError {
    let list = q(list);
    SetupError(match why {
        ProtoError::TakesNoKey => format!(
            "{list}: {line}: {label} lines take no key (one was given with {})",
            key_flag.unwrap_or("a key option")
        ),
        ProtoError::KeyedTag => format!(
            "{list}: {line}: {label} lines are keyed tags: they need the key (--key-file or --key-env)"
        ),
        ProtoError::NeedsKey => {
            format!("{list}: {line}: {label} lines need a key (--key-file or --key-env)")
        }
        ProtoError::Other(m) => m,
    })
}

/// A hint in words, for the list `list` (given as `arg` on the command line).
fn hint(h: &Hint, list: &[u8], arg: &[u8]) -> String {
    let list = q(list);
    match h {
        Hint::NoMatch { digests, tried } => format!(
            "hint: {list}: no listed file matched its {} under {}: if another algorithm or a key made the list, name it with -a or give the key",
            digests.describe(),
            or_list(tried)
        ),
        Hint::Short {
            lines,
            digests,
            algorithms,
            named,
        } => {
            let lines = match lines {
                1 => format!("1 line holds a {}", digests.describe()),
                n => format!("{n} lines hold {}s", digests.describe()),
            };
            match (named, algorithms.as_slice()) {
                (true, [a]) => format!(
                    "hint: {list}: {lines}, a length {n} lines have only with -a; to check them so, run: khsum -c -a {n} {}",
                    q(arg),
                    n = a.name
                ),
                _ => format!(
                    "hint: {list}: {lines}, too short to prove a match without -a: to check them anyway, name their algorithm with -a ({})",
                    or_list(algorithms)
                ),
            }
        }
        Hint::WindowsPath { listed, exists } => format!(
            "hint: {list}: {} does not exist, but {} does: the list was written on Windows, where \\ separates directories",
            q(listed),
            q(exists)
        ),
        Hint::Renamed {
            named,
            file,
            matches,
        } => format!(
            "hint: {list}: no listed file matched its {} digest, the algorithm the list's name says; {} gives its listed digest under {m}: to check the list as {m}, run: khsum -c -a {m} {}",
            named.name,
            q(file),
            q(arg),
            m = matches.name
        ),
    }
}

/// An improper line: said on stderr when it is too long, or with `--warn` in GNU's words;
/// a `--json` record (not with `--status`).
fn improper(i: &ImproperLine, list: &[u8], s: &CheckSetup, out: &mut Out) -> bool {
    if s.json && s.report.verbosity != Verbosity::Nothing {
        let mut line = Vec::new();
        khsum::lists::record::write_improper_line(list, i.line_no, i.reason.word(), &mut line);
        if !out.write(&line) {
            return false;
        }
    }
    let list = q(list);
    let n = i.line_no;
    if i.reason == Reason::TooLong {
        let max = khsum::lists::verify::MAX_LINE;
        out.warn(&format!(
            "{list}: {n}: line too long (more than {max} bytes): not a checksum line"
        ));
    } else if s.report.improper == Improper::Warn {
        let label = i.label.as_ref().map_or(String::new(), |l| format!("{l} "));
        out.warn(&format!(
            "{list}: {n}: improperly formatted {label}checksum line"
        ));
    }
    out.ok()
}

/// Counts and prints one checked file: a status line or JSON record (none for OK with
/// `--quiet`, none at all with `--status`), its diagnostics on stderr.
fn report(
    c: &Checked,
    s: &CheckSetup,
    tally: &mut Tally,
    listed: &mut Option<HashSet<Vec<u8>>>,
    out: &mut Out,
    fatal: &mut Option<SetupError>,
) -> bool {
    if let Some(l) = listed {
        l.insert(normalize(&c.entry.name).into_owned());
    }
    if let Some(counter) = &s.counter {
        counter.add_file();
    }
    if let Err(e) = &c.result
        && e.severe
    {
        // A panic in a worker or no memory: the run fails (exit 2), and stops.
        *fatal = Some(SetupError(format!("{}: {e}", q(&c.entry.name))));
        return false;
    }
    let o = tally.add(c, s.report.missing == Missing::Ignore);
    let name = &c.entry.name[..];
    let verbosity = s.report.verbosity;
    let (status, error) = match o {
        Outcome::Ignored => return true,
        Outcome::Missing(r) => (RecordStatus::Missing, Some(r)),
        Outcome::Unreadable(r) => (RecordStatus::Error, Some(r)),
        Outcome::Ok => (RecordStatus::Ok, None),
        Outcome::Failed | Outcome::Attacked => (RecordStatus::Failed, None),
    };
    if let Some(r) = error {
        out.warn(&format!("{}: {r}", q(name)));
    }
    let hashed = c.result.as_ref().ok();
    if let Some(n) = hashed.and_then(|h| h.digest.notice()) {
        out.warn(&format!("{}: {n}", q(name)));
    }
    let shown = match verbosity {
        Verbosity::Nothing => false,
        Verbosity::FailuresOnly => status != RecordStatus::Ok,
        Verbosity::Every => true,
    };
    if !shown {
        return out.ok();
    }
    let mut line = Vec::new();
    if s.json {
        Record {
            name,
            size: hashed.map(|h| h.size),
            algorithm: Some(c.entry.algorithm.name),
            chosen: Some(c.entry.chosen.word()),
            line: Some(c.line_no),
            digest: hashed.and_then(|h| checked_digest(&h.digest, status, c.secret)),
            expected: Some(&c.entry.digest),
            status,
            error,
            warning: hashed.and_then(|h| h.digest.notice()),
        }
        .write_line(&mut line);
    } else {
        let word = match status {
            RecordStatus::Ok => "OK",
            RecordStatus::Failed => "FAILED",
            _ => "FAILED open or read",
        };
        format_status(&mut line, name, word);
    }
    out.write(&line)
}
