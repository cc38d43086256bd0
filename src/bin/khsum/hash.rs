//! `khsum hash` and `khsum tag`: hash inputs on all cores, print lines (or JSON records)
//! in input order; with `--update`, append the new files' lines to the list.

use crate::plan::{Digests, Existing, HashPlan, Recount, Stdin, UpdatePlan, Walk};
use crate::progress::{self, Totals};
use crate::report::{Out, Status, q};
use khsum::checkfile::{format_legacy, format_line, format_status};
use khsum::inputs::{Input, NameList, Names, count_total, expand};
use khsum::io::{Hashed, InputError, hash_path_with};
use khsum::multi::Multi;
use khsum::record::{Record, Status as RecordStatus};
use khsum::update::normalize;
use khsum::{Algorithm, Hasher};
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
    let HashPlan {
        algs,
        lengths,
        proto,
        form,
        digests,
        names,
        recount,
        walk,
        stdin,
        io,
        update,
    } = plan;
    let mut io = io;
    if stdin == Stdin::Implicit && std::io::stdin().is_terminal() {
        crate::report::warn(
            "reading standard input (end it with Ctrl-D; name files to hash them, see 'khsum --help')",
        );
        // Typing is not work to show progress of.
        if io.progress == crate::plan::Progress::OnTerminal {
            io.progress = crate::plan::Progress::Never;
        }
    }
    let parts = Parts { algs, lengths };
    let update = update.map(Arc::new);
    let display = progress::start(io.progress, totals(recount, &walk, update.clone()));
    let proto: Box<dyn Hasher> = match &display {
        Some((_, counter)) => Box::new(khsum::progress::Counted::new(proto, counter.clone())),
        None => proto,
    };
    let counter = display.as_ref().map(|(_, c)| c.clone());
    let proto = &*proto;
    let out = std::cell::RefCell::new(Out::new());
    let mut status = Status::Ok;
    let mut appended = Vec::new();
    let mut verified = Verified::default();
    let mut met: HashSet<Vec<u8>> = HashSet::new();
    let mut line = Vec::new();
    let window = 4 * rayon::current_num_threads().max(1);
    let hint = matches!(walk, Walk::Arguments);
    let skip_listed = update
        .as_ref()
        .filter(|u| u.existing == Existing::Skip)
        .cloned();
    let inputs = expand(names, walk.rules()).filter(move |i| match (&skip_listed, i.path()) {
        (Some(u), Some(p)) => u.list.get(&khsum::names::path_bytes(p)).is_none(),
        _ => true,
    });
    khsum::parallel::for_each_ordered(
        inputs,
        window,
        khsum::parallel::FILE_BATCH,
        |input| {
            let res = input.hash(proto, io.mmap);
            (input, res)
        },
        |(input, res)| {
            if let Some(c) = &counter {
                c.add_file();
            }
            let name = input.name();
            let mut out = out.borrow_mut();
            line.clear();
            if let (Input::ListError(..), Err(e)) = (&input, &res) {
                out.warn(&format!("{}: {}", q(&name), e));
                status = Status::Failed;
                return out.ok();
            }
            let listed = update.as_ref().and_then(|u| u.list.get(&name));
            if let Some(entries) = listed {
                // --check-existing: a listed file is verified, not appended.
                met.insert(normalize(&name).into_owned());
                let ok = verify(&parts, entries, &res, &name, &mut line, &mut verified);
                if !ok {
                    status = Status::Failed;
                }
                match &res {
                    Err(e) => out.warn(&format!("{}: {}", q(&name), e)),
                    Ok(h) => warn_notice(&mut out, &name, h),
                }
                return out.write(&line);
            }
            match res {
                Ok(h) => {
                    warn_notice(&mut out, &name, &h);
                    if digests == Digests::Raw {
                        // The legacy checksums' value only: 4 bytes (CRC) or 2 (sums).
                        return out.write(raw_value(parts.algs[0], &h.digest));
                    }
                    let implicit = stdin == Stdin::Implicit && matches!(input, Input::Stdin);
                    lines(&parts, &h, &name, implicit, digests, form, &mut line);
                    if update.is_some() {
                        appended.extend_from_slice(&line);
                    }
                    out.write(&line)
                }
                Err(e) if e.severe => {
                    // A panic in a worker or no memory: the run fails, and stops.
                    out.warn(&format!("{}: {}", q(&name), e));
                    status = Status::Usage;
                    false
                }
                Err(e) => {
                    let dir = hint && e.reason == "Is a directory";
                    out.warn(&format!(
                        "{}: {}{}",
                        q(&name),
                        e,
                        if dir { DIR_HINT } else { "" }
                    ));
                    let skipped = matches!(input, Input::Skipped(..));
                    if !skipped {
                        status = Status::Failed;
                    }
                    if digests == Digests::Json {
                        let st = if skipped {
                            RecordStatus::Skipped
                        } else if e.missing {
                            RecordStatus::Missing
                        } else {
                            RecordStatus::Error
                        };
                        for alg in &parts.algs {
                            Record {
                                name: &name,
                                size: None,
                                algorithm: Some(alg.name),
                                digest: None,
                                expected: None,
                                status: st,
                                error: Some(&e.reason),
                                warning: None,
                            }
                            .write_line(&mut line);
                        }
                        return out.write(&line);
                    }
                    out.ok()
                }
            }
        },
        || {
            out.borrow_mut().flush();
        },
    );
    let mut out = out.into_inner();
    if let Some(u) = &update {
        if u.existing == Existing::Verify && out.ok() {
            verify_unmet(u, &parts, proto, io.mmap, &met, &mut out, &mut verified);
        }
        if let Some((d, _)) = display {
            d.finish();
        }
        if verified.unreadable > 0 {
            status = Status::Failed;
            out.warn(&format!(
                "WARNING: {} listed file{} could not be read",
                verified.unreadable,
                if verified.unreadable == 1 { "" } else { "s" }
            ));
        }
        if verified.failed > 0 {
            status = Status::Failed;
            out.warn(&format!(
                "WARNING: {} computed checksum{} did NOT match",
                verified.failed,
                if verified.failed == 1 { "" } else { "s" }
            ));
        }
        // The list is written only when everything was printed: a failed output leaves
        // it as it was.
        if out.flush()
            && let Err(e) = u.list.commit(&appended)
        {
            out.warn(&e);
            status = Status::Failed;
        }
    } else if let Some((d, _)) = display {
        d.finish();
    }
    out.finish(status)
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
                u.list.get(&khsum::names::path_bytes(p)).is_none()
            }
            _ => true,
        };
        count_total(expand(names, rules), &keep, counter, stop);
    })
}

/// The raw value `--raw` writes: the digest, or the legacy checksums' value only.
fn raw_value<'a>(alg: &Algorithm, d: &'a [u8]) -> &'a [u8] {
    match alg.line {
        khsum::LineStyle::Hex => d,
        khsum::LineStyle::Cksum => &d[..4],
        khsum::LineStyle::SumSysv | khsum::LineStyle::SumBsd => &d[2..4],
    }
}

/// Appends the lines (or records) of one hashed input, one per algorithm.
fn lines(
    parts: &Parts,
    h: &Hashed,
    name: &[u8],
    implicit_stdin: bool,
    digests: Digests,
    form: khsum::checkfile::LineFormat,
    line: &mut Vec<u8>,
) {
    for (alg, d) in parts.algs.iter().zip(parts.split(&h.digest)) {
        if digests == Digests::Json {
            Record {
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

/// `--check-existing`: compares a listed file's digests with its entries; appends
/// `name: FAILED` (or `FAILED open or read`) for a mismatch. Returns whether it matched.
fn verify(
    parts: &Parts,
    entries: &[khsum::checkfile::Entry],
    res: &Result<Hashed, InputError>,
    name: &[u8],
    line: &mut Vec<u8>,
    counts: &mut Verified,
) -> bool {
    let Ok(h) = res else {
        counts.unreadable += 1;
        format_status(line, name, "FAILED open or read");
        return false;
    };
    let got = parts.split(&h.digest);
    // A file that carries a SHA-1 collision attack never verifies.
    let mut all = h.digest.notice().is_none();
    for e in entries {
        let Some(i) = parts.algs.iter().position(|a| *a == e.algorithm) else {
            continue;
        };
        if !khsum::digests_equal(got[i], &e.digest) {
            all = false;
        }
    }
    if !all {
        counts.failed += 1;
        format_status(line, name, "FAILED");
    }
    all
}

/// `--check-existing`: the listed files no walk met, verified by name (in sorted order).
fn verify_unmet(
    u: &UpdatePlan,
    parts: &Parts,
    proto: &dyn Hasher,
    mmap: khsum::io::Mmap,
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
    let mut line = Vec::new();
    khsum::parallel::for_each_ordered(
        names.into_iter(),
        4 * rayon::current_num_threads().max(1),
        khsum::parallel::FILE_BATCH,
        |n| {
            (
                n,
                hash_path_with(&khsum::names::bytes_to_path(n), proto, mmap),
            )
        },
        |(n, res)| {
            line.clear();
            let entries = u.list.get(n).unwrap_or_default();
            verify(parts, entries, &res, n, &mut line, counts);
            let mut out = out.borrow_mut();
            match &res {
                Err(e) => out.warn(&format!("{}: {}", q(n), e)),
                Ok(h) => warn_notice(&mut out, n, h),
            }
            out.write(&line)
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
        let form = khsum::checkfile::LineFormat {
            no_names: true,
            ..plan.form
        };
        format_line(&mut line, plan.alg, &plan.key, b"", form);
    }
    out.write(&line);
    out.finish(Status::Ok)
}
