//! `khsum check` / `khsum -c`: verify checksum lists, with GNU sha256sum -c's output,
//! warnings and exit status.

use crate::plan::{CheckPlan, CheckReport, Improper, Missing, Strictness, Unlisted, Verbosity};
use crate::progress::{self, Totals};
use crate::report::{Out, Status, q};
use crate::setup::{KeyMaterial, SetupError, prototype};
use khsum::checkfile::{Entry, Line, ListParser, format_status};
use khsum::inputs::{describe_line_error, read_until_bounded};
use khsum::io::{Hashed, InputError, Mmap, hash_path_with};
use khsum::key::ReadError;
use khsum::names::{bytes_to_path, path_bytes};
use khsum::progress::{Counted, Counter};
use khsum::record::{Record, Status as RecordStatus, Summary, checked_digest};
use khsum::update::normalize;
use khsum::walk::{Item, Walker};
use khsum::{Algorithm, Hasher, OutputRule, Params};
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::io::{BufReader, Read};
use std::path::Path;
use std::sync::Arc;

/// Prototype hashers by algorithm and, for algorithms with a choice of lengths, length;
/// each with whether what it computes depends on a secret (a key, `--derive-key`).
type Protos = HashMap<(&'static str, Option<usize>), (Arc<dyn Hasher>, bool)>;

/// What the lists are checked with (the plan, less the lists).
struct CheckSetup {
    forced: Option<&'static Algorithm>,
    keys: KeyMaterial,
    params: Params,
    opts: CheckReport,
    json: bool,
    mmap: Mmap,
    /// Progress, when shown: every prototype counts the bytes it hashes into it.
    counter: Option<Arc<Counter>>,
    /// With `--unlisted`, the names every list names (normalized).
    listed: Option<RefCell<HashSet<Vec<u8>>>>,
}

/// Per-list counters (GNU's).
#[derive(Default)]
struct Counts {
    properly_formatted: Cell<u64>,
    improper: Cell<u64>,
    read_failures: Cell<u64>,
    /// Of the read failures, files that do not exist (for `--json`'s summary).
    missing: Cell<u64>,
    mismatched: Cell<u64>,
    /// Files whose digest matched but that carry a collision attack (SHA-1): FAILED.
    attacked: Cell<u64>,
    verified: Cell<u64>,
}

/// When no line of a list checked: the other algorithms whose digests have the length of
/// its untagged lines, and the command that checks the list as one of them.
fn hint(used: &Algorithm, digits: Option<usize>, list_name: &[u8]) -> Option<String> {
    let bytes = digits.filter(|d| d % 2 == 0)? / 2;
    // Fixed-length algorithms first: a range (BLAKE2) fits many lengths.
    let mut all: Vec<&'static Algorithm> = Algorithm::all().iter().collect();
    all.sort_by_key(|a| !matches!(a.output, OutputRule::Fixed(_)));
    let others: Vec<&str> = all
        .into_iter()
        .filter(|a| *a != used && (a.key == khsum::KeyRule::None || a.name == "blake3"))
        .filter(|a| match a.output {
            OutputRule::Fixed(n) | OutputRule::Xof { default: n } => n == bytes,
            OutputRule::Range { min, max, .. } => (min..=max).contains(&bytes),
        })
        .map(|a| a.name)
        .collect();
    let first = others.first()?;
    Some(format!(
        "hint: {}: its untagged lines were read as {}; {}-digit digests are also made by {}: to check it as one of those, run 'khsum -c -a {first} {}'",
        q(list_name),
        used.name,
        2 * bytes,
        others.join(", "),
        q(list_name)
    ))
}

/// `--warn`: at most this many warnings about improper lines wait for their turn in one
/// item (memory stays bounded however many bad lines a list has).
const WARNINGS_PER_ITEM: usize = 64;

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("WARNING: {n} {}", if n == 1 { one } else { many })
}

/// Checks every list; a setup error (a key that does not fit a labelled algorithm) ends
/// the run with status 2.
pub fn run(plan: CheckPlan) -> Status {
    let mut out = Out::new();
    let mut status = Status::Ok;
    let mut protos: Protos = HashMap::new();
    let display = progress::start(plan.io.progress, totals(&plan.lists));
    let counter = display.as_ref().map(|(_, c)| c.clone());
    let mut forced = None;
    if let Some(f) = plan.forced {
        let a = f.alg;
        let len = (!matches!(a.output, OutputRule::Fixed(_))).then(|| f.proto.output_len());
        protos.insert(
            (a.name, len),
            (Arc::from(counted(f.proto, &counter)), f.secret),
        );
        forced = Some(a);
    }
    let lists = plan.lists;
    let s = &CheckSetup {
        forced,
        keys: plan.keys,
        params: plan.params,
        opts: plan.report,
        json: plan.json,
        mmap: plan.io.mmap,
        counter,
        listed: plan.unlisted.as_ref().map(|_| RefCell::default()),
    };
    for list in lists {
        match check_list(&list, s, &mut protos, &mut out) {
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
    if let (Some(u), Some(listed)) = (&plan.unlisted, &s.listed)
        && out.ok()
        && !unlisted(u, &listed.borrow(), s, &mut out)
    {
        status = Status::Failed;
    }
    if let Some((d, _)) = display {
        d.finish();
    }
    out.finish(status)
}

/// The prototype, counting its bytes into the progress counter when there is one.
fn counted(p: Box<dyn Hasher>, counter: &Option<Arc<Counter>>) -> Box<dyn Hasher> {
    match counter {
        Some(c) => Box::new(Counted::new(p, c.clone())),
        None => p,
    }
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
            // Only the names matter here: any algorithm's lines will do.
            let mut parser = ListParser::new(None, None);
            let mut reader = BufReader::new(f);
            let mut line = Vec::new();
            loop {
                if stop.load(std::sync::atomic::Ordering::Relaxed) {
                    return;
                }
                line.clear();
                let max = khsum::inputs::LINE_MAX;
                if !matches!(
                    read_until_bounded(&mut reader, b'\n', max, &mut line),
                    Ok(1..)
                ) {
                    break;
                }
                if let Line::Entry(e) = parser.parse(&line) {
                    let size = std::fs::metadata(bytes_to_path(&e.name)).map_or(0, |m| m.len());
                    counter.add_to_total(size);
                }
            }
        }
        counter.total_done();
    })
}

/// `--unlisted DIR...`: every regular file below the directories that no list names is
/// reported (`name: NEW`); returns whether there was none (and no walk error).
fn unlisted(u: &Unlisted, listed: &HashSet<Vec<u8>>, s: &CheckSetup, out: &mut Out) -> bool {
    let mut new = 0u64;
    let mut errors = false;
    let mut line = Vec::new();
    for dir in &u.dirs {
        for item in Walker::new(Path::new(dir), u.rules.clone()) {
            line.clear();
            match item {
                Item::File(p) => {
                    let name = path_bytes(&p);
                    if listed.contains(&*normalize(&name)) {
                        continue;
                    }
                    new += 1;
                    if s.opts.verbosity == Verbosity::Nothing {
                        continue;
                    }
                    if s.json {
                        Record {
                            name: &name,
                            size: std::fs::metadata(&p).ok().map(|m| m.len()),
                            algorithm: None,
                            digest: None,
                            expected: None,
                            status: RecordStatus::New,
                            error: None,
                            warning: None,
                        }
                        .write_line(&mut line);
                    } else {
                        format_status(&mut line, &name, "NEW");
                    }
                    if !out.write(&line) {
                        return false;
                    }
                }
                Item::Error(p, e) => {
                    errors = true;
                    out.warn(&format!("{}: {e}", q(&path_bytes(&p))));
                }
                Item::Skipped(..) => {}
            }
        }
    }
    if new > 0 && s.opts.verbosity != Verbosity::Nothing {
        out.warn(&plural(new, "file is not listed", "files are not listed"));
    }
    new == 0 && !errors
}

fn check_list(
    list: &OsString,
    s: &CheckSetup,
    protos: &mut Protos,
    out: &mut Out,
) -> Result<bool, SetupError> {
    let is_stdin = list == "-";
    let list_name: Vec<u8> = if is_stdin {
        b"standard input".to_vec()
    } else {
        path_bytes(Path::new(list)).into_owned()
    };
    let reader: Box<dyn Read> = if is_stdin {
        Box::new(std::io::stdin())
    } else {
        match std::fs::File::open(list) {
            // A directory opens but cannot be read: GNU's `read error`, as below.
            Ok(f) => {
                if f.metadata().is_ok_and(|m| m.is_dir()) {
                    out.warn(&format!("{}: read error", q(&list_name)));
                    return Ok(false);
                }
                Box::new(f)
            }
            Err(e) => {
                out.warn(&format!(
                    "{}: {}",
                    q(&list_name),
                    khsum::io::describe_io_error(&e)
                ));
                return Ok(false);
            }
        }
    };
    let mut reader = BufReader::with_capacity(256 * 1024, reader);
    let counts = Counts::default();
    let parser = RefCell::new(if is_stdin {
        ListParser::new(s.forced, s.params.out_len)
    } else {
        ListParser::for_list(s.forced, s.params.out_len, &list_name)
    });
    let opts = &s.opts;
    let mut line_no = 0u64;
    let mut read_error: Option<String> = None;
    let mut setup_error: Option<SetupError> = None;
    let mut warnings: Vec<String> = Vec::new();
    // Longer lines are refused (room for --length's digests in hex).
    let line_max = khsum::inputs::LINE_MAX + 2 * s.params.out_len.unwrap_or(0);
    // Lines are read and parsed here, on this thread, in order; the hashing runs on
    // the pool.
    let entries = std::iter::from_fn(|| {
        loop {
            if read_error.is_some() || setup_error.is_some() {
                return None;
            }
            let mut buf = Vec::new();
            match read_until_bounded(&mut reader, b'\n', line_max, &mut buf) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(ReadError::Io(_)) => {
                    read_error = Some("read error".into());
                    return None;
                }
                Err(ReadError::OutOfMemory(_)) => {
                    setup_error = Some(SetupError(format!(
                        "{}: {}: out of memory",
                        q(&list_name),
                        line_no + 1
                    )));
                    return None;
                }
                Err(e) => {
                    read_error = Some(describe_line_error(&e, line_no + 1));
                    return None;
                }
            }
            line_no += 1;
            match parser.borrow_mut().parse(&buf) {
                Line::Skip => continue,
                Line::Improper(alg) => {
                    counts.improper.set(counts.improper.get() + 1);
                    if opts.improper == Improper::Warn {
                        let label = alg.map_or(String::new(), |a| format!("{} ", a.bsd_label()));
                        warnings.push(format!(
                            "{}: {line_no}: improperly formatted {label}checksum line",
                            q(&list_name)
                        ));
                        // Warnings go out in order with the results, as they come: a
                        // batch of them travels on its own when no good line follows.
                        if warnings.len() >= WARNINGS_PER_ITEM {
                            return Some((None, std::mem::take(&mut warnings)));
                        }
                    }
                    continue;
                }
                Line::Entry(e) => {
                    counts
                        .properly_formatted
                        .set(counts.properly_formatted.get() + 1);
                    if let Some(l) = &s.listed {
                        l.borrow_mut().insert(normalize(&e.name).into_owned());
                    }
                    // Algorithms with a choice of lengths compute the line's own length.
                    let len = match e.algorithm.output {
                        OutputRule::Fixed(_) => None,
                        _ => Some(e.digest.len()),
                    };
                    let proto = match protos.get(&(e.algorithm.name, len)) {
                        Some(p) => p.clone(),
                        None => match s
                            .keys
                            .key_for(e.algorithm)
                            .map_err(|err| match s.keys.given_with() {
                                // A key for a list of unkeyed lines: say which line.
                                Some(flag) if e.algorithm.key == khsum::KeyRule::None => {
                                    SetupError(format!(
                                        "{}: {line_no}: {} lines take no key (one was given with {flag})",
                                        q(&list_name),
                                        e.algorithm.bsd_label()
                                    ))
                                }
                                _ => err,
                            })
                            .and_then(|key| {
                                // A MAC's line checked with the all-zero key would only
                                // ever FAIL: a keyed label needs a key.
                                let keyed = e.algorithm.class == khsum::Class::Mac
                                    || e.algorithm.key == khsum::KeyRule::SameAsMessage;
                                if keyed && key.is_none() {
                                    return Err(SetupError(format!(
                                        "{}: {line_no}: {} lines need a key (--key-file or --key-env)",
                                        q(&list_name),
                                        e.algorithm.bsd_label()
                                    )));
                                }
                                Ok(key)
                            })
                            .and_then(|key| {
                            let params = Params {
                                out_len: len.or(s.params.out_len),
                                ..s.params
                            };
                            Ok((prototype(e.algorithm, &key, &params)?, key.is_some()))
                        }) {
                            Ok((p, secret)) => {
                                let p: Arc<dyn Hasher> = Arc::from(counted(p, &s.counter));
                                protos.insert((e.algorithm.name, len), (p.clone(), secret));
                                (p, secret)
                            }
                            Err(err) => {
                                setup_error = Some(err);
                                return None;
                            }
                        },
                    };
                    return Some((Some((e, proto.0, proto.1)), std::mem::take(&mut warnings)));
                }
            }
        }
    });
    let out = RefCell::new(out);
    let fatal: RefCell<Option<SetupError>> = RefCell::new(None);
    type Job = (Option<(Entry, Arc<dyn Hasher>, bool)>, Vec<String>);
    type Done = (
        Option<(Entry, Result<Hashed, InputError>, bool)>,
        Vec<String>,
    );
    let mmap = s.mmap;
    let window = 4 * rayon::current_num_threads().max(1);
    khsum::parallel::for_each_ordered(
        entries,
        window,
        khsum::parallel::FILE_BATCH,
        |(job, warns): Job| -> Done {
            let done = job.map(|(e, proto, secret)| {
                let res = hash_path_with(&bytes_to_path(&e.name), &*proto, mmap);
                (e, res, secret)
            });
            (done, warns)
        },
        |(done, warns)| {
            let mut out = out.borrow_mut();
            for w in warns {
                out.warn(&w);
            }
            let Some((e, res, secret)) = done else {
                return out.ok();
            };
            if let Some(c) = &s.counter {
                c.add_file();
            }
            let mut line = Vec::new();
            let record = |status, h: Option<&Hashed>, error: Option<&str>, line: &mut Vec<u8>| {
                Record {
                    name: &e.name,
                    size: h.map(|h| h.size),
                    algorithm: Some(e.algorithm.name),
                    digest: h.and_then(|h| checked_digest(&h.digest, status, secret)),
                    expected: Some(&e.digest),
                    status,
                    error,
                    warning: h.and_then(|h| h.digest.notice()),
                }
                .write_line(line)
            };
            let json = s.json && opts.verbosity != Verbosity::Nothing;
            if let Err(err) = &res
                && err.severe
            {
                // A panic in a worker or no memory: the run fails (exit 2), and stops.
                *fatal.borrow_mut() = Some(SetupError(format!("{}: {err}", q(&e.name))));
                return false;
            }
            match &res {
                Err(err) if err.missing && opts.missing == Missing::Ignore => {}
                Err(err) => {
                    counts.read_failures.set(counts.read_failures.get() + 1);
                    if err.missing {
                        counts.missing.set(counts.missing.get() + 1);
                    }
                    out.warn(&format!("{}: {}", q(&e.name), err));
                    if json {
                        let st = if err.missing {
                            RecordStatus::Missing
                        } else {
                            RecordStatus::Error
                        };
                        record(st, None, Some(&err.reason), &mut line);
                    } else if opts.verbosity != Verbosity::Nothing {
                        format_status(&mut line, &e.name, "FAILED open or read");
                    }
                }
                Ok(h) => {
                    counts.verified.set(counts.verified.get() + 1);
                    let matched = khsum::digests_equal(&h.digest, &e.digest);
                    // A matching digest of a file made to collide with another proves
                    // nothing: never OK.
                    let notice = h.digest.notice();
                    let ok = matched && notice.is_none();
                    if !matched {
                        counts.mismatched.set(counts.mismatched.get() + 1);
                    } else if !ok {
                        counts.attacked.set(counts.attacked.get() + 1);
                    }
                    if let Some(n) = notice {
                        out.warn(&format!("{}: {n}", q(&e.name)));
                    }
                    if json {
                        let st = if ok {
                            RecordStatus::Ok
                        } else {
                            RecordStatus::Failed
                        };
                        record(st, Some(h), None, &mut line);
                    } else if ok && opts.verbosity == Verbosity::Every {
                        format_status(&mut line, &e.name, "OK");
                    } else if !ok && opts.verbosity != Verbosity::Nothing {
                        format_status(&mut line, &e.name, "FAILED");
                    }
                }
            }
            out.write(&line)
        },
        || {
            out.borrow_mut().flush();
        },
    );
    let out = out.into_inner();
    if let Some(err) = setup_error.or(fatal.into_inner()) {
        return Err(err);
    }
    if s.json && opts.verbosity != Verbosity::Nothing {
        let mut line = Vec::new();
        Summary {
            ok: counts.verified.get() - counts.mismatched.get() - counts.attacked.get(),
            failed: counts.mismatched.get() + counts.attacked.get(),
            missing: counts.missing.get(),
            errors: counts.read_failures.get() - counts.missing.get(),
            improper: counts.improper.get(),
            new: 0,
        }
        .write_line(&list_name, &mut line);
        out.write(&line);
    }
    for w in warnings {
        out.warn(&w);
    }
    if let Some(e) = read_error {
        out.warn(&format!("{}: {e}", q(&list_name)));
        return Ok(false);
    }
    let c = &counts;
    // When nothing checked, say which algorithms the untagged lines could be.
    let all_failed = c.verified.get() > 0 && c.mismatched.get() == c.verified.get();
    let hint_line = (s.forced.is_none()
        && opts.verbosity != Verbosity::Nothing
        && (all_failed || c.properly_formatted.get() == 0))
        .then(|| {
            let p = parser.borrow();
            hint(p.untagged_algorithm(), p.untagged_digits(), &list_name)
        })
        .flatten();
    if c.properly_formatted.get() == 0 {
        out.warn(&format!(
            "{}: no properly formatted checksum lines found",
            q(&list_name)
        ));
        if let Some(h) = hint_line {
            out.warn(&h);
        }
        return Ok(false);
    }
    if opts.verbosity != Verbosity::Nothing {
        if c.improper.get() > 0 {
            out.warn(&plural(
                c.improper.get(),
                "line is improperly formatted",
                "lines are improperly formatted",
            ));
        }
        if c.read_failures.get() > 0 {
            out.warn(&plural(
                c.read_failures.get(),
                "listed file could not be read",
                "listed files could not be read",
            ));
        }
        if c.mismatched.get() > 0 {
            out.warn(&plural(
                c.mismatched.get(),
                "computed checksum did NOT match",
                "computed checksums did NOT match",
            ));
        }
        if c.attacked.get() > 0 {
            out.warn(&plural(
                c.attacked.get(),
                "listed file carries a SHA-1 collision attack: its matching digest proves nothing",
                "listed files carry a SHA-1 collision attack: their matching digests prove nothing",
            ));
        }
    }
    if let Some(h) = &hint_line {
        out.warn(h);
    }
    if opts.missing == Missing::Ignore && c.verified.get() == 0 {
        out.warn(&format!("{}: no file was verified", q(&list_name)));
    }
    Ok(c.verified.get() > 0
        && c.mismatched.get() == 0
        && c.attacked.get() == 0
        && c.read_failures.get() == 0
        && (opts.strictness == Strictness::Lenient || c.improper.get() == 0))
}
