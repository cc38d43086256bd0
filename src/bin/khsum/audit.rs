//! `khsum audit LIST DIR…`: the library walks, reads what changed on the pool and judges
//! (`khsum::lists::audit`); this module prints a line (or record) per file that is not
//! ok, the summary, what `--update` recorded, and maps the classes found to the exit
//! status (a sum, as fsck's).

use crate::plan::AuditPlan;
use crate::progress;
use crate::report::{Out, q, warn};
use khsum::files::io::{Reading, describe_io_error};
use khsum::files::names::{escape, path_bytes};
use khsum::files::walk::FileId;
use khsum::lists::audit::{
    Applied, Audit, AuditError, Class, Finding, State, Survey, state_path_of,
};
use khsum::lists::state::StateErrorKind;
use khsum::{Hasher, Params};
use std::process::ExitCode;
use std::sync::Arc;

/// Exit status bits.
const FAILED: u8 = 1;
const USAGE: u8 = 2;

/// The bit of a class (0: nothing wrong).
fn bit(c: Class) -> u8 {
    match c {
        Class::Fine => 0,
        Class::Missing => 4,
        Class::Corrupt => 8,
        Class::Unreadable => 16,
        Class::ChangedDuringRead => 32,
        Class::Older => 64,
    }
}

/// How an error that stops the run is said, and its exit status.
fn stop(e: &AuditError) -> (String, u8) {
    match e {
        AuditError::List(m) => (m.clone(), USAGE),
        AuditError::ListRead(e) => (crate::setup::list_error(e, "khsum audit"), USAGE),
        AuditError::State(s) => {
            let status = match s.kind {
                StateErrorKind::Version(_) => USAGE,
                StateErrorKind::Database(_) => FAILED,
            };
            (s.to_string(), status)
        }
        AuditError::AlgorithmUnknown(list) => (
            format!(
                "{}: no state says which algorithm the list is of, and its name does not: name it with -a (BLAKE3 and SHA-256 digests look alike)",
                q(list)
            ),
            USAGE,
        ),
        AuditError::AlgorithmMismatch {
            list,
            asked,
            recorded,
        } => (
            format!(
                "{}: the list's state records {recorded}{}",
                q(list),
                if asked.is_empty() {
                    ", an algorithm this khsum does not have".to_string()
                } else {
                    format!(", not {asked}")
                }
            ),
            USAGE,
        ),
    }
}

pub fn run(p: AuditPlan) -> ExitCode {
    let mut out = Out::new();
    // The trees are walked while the list and its state are read; the list and the
    // state are no files of the trees.
    let mut rules = p.rules.clone();
    rules.skip.extend(FileId::of_path(&p.list));
    rules.skip.extend(FileId::of_path(&state_path_of(&p.list)));
    let survey = Survey::start(&p.dirs, Arc::new(rules));
    let mut audit = match Audit::open(&p.list, p.algorithm) {
        Ok(a) => a,
        Err(e) => {
            let (m, status) = stop(&e);
            warn(&m);
            return ExitCode::from(status);
        }
    };
    if p.xattr {
        audit.use_xattrs();
    }
    let display = progress::start(p.io.progress, Box::new(|_, _| {}));
    let counter = display.as_ref().map(|(_, c)| c.clone());
    let jobs = audit.scan(survey, p.scrub);
    if let Some(c) = &counter {
        for j in &jobs {
            c.add_to_total(j.size());
        }
        c.total_done();
    }
    let alg = audit.algorithm();
    let params = Params::default();
    let h = alg
        .hasher(None, &params)
        .expect("an unkeyed algorithm at its default length");
    let proto: Arc<dyn Hasher> = match &counter {
        Some(c) => Arc::new(khsum::files::progress::Counted::new(h, c.clone())),
        None => Arc::from(h),
    };
    let how = Reading::new(alg.read_hint(None, &params)).mmap(p.io.mmap);
    khsum::files::parallel::for_each_ordered_batch(
        jobs.into_iter(),
        4 * rayon::current_num_threads().max(1),
        khsum::files::parallel::FILE_BATCH,
        khsum::files::parallel::FILE_BATCH,
        |batch| khsum::lists::audit::hash_batch(batch, &proto, how),
        |d| {
            if let Some(c) = &counter {
                c.add_file();
            }
            audit.judge(d);
            true
        },
        || {},
    );
    let findings = audit.finish();
    if let Some((d, _)) = display {
        d.finish();
    }
    let mut status = 0u8;
    let list_name = path_bytes(&p.list).into_owned();
    for f in &findings {
        status |= bit(f.class);
        print(f, alg.name, p.json, &mut out);
    }
    let applied = match audit.commit(&p.policy) {
        Ok(a) => Some(a),
        Err(e) => {
            out.warn(&stop(&e).0);
            status |= FAILED;
            None
        }
    };
    xattr_warnings(&audit, &mut out);
    summary(&audit, &list_name, &p, applied.as_ref(), &mut out);
    audit.end();
    if !out.flush() {
        status |= FAILED;
    }
    let status = match out.finish(crate::report::Status::Ok) {
        crate::report::Status::Ok => status,
        _ => status | FAILED,
    };
    ExitCode::from(status)
}

/// A warning per pair `--xattr` could not write; one for a file system without user
/// attributes. The exit status does not change: the next run judges the file by what its
/// attributes say, which is never a false state (see `khsum::lists::xattr`).
fn xattr_warnings(audit: &Audit, out: &mut Out) {
    let mut unsupported = false;
    for (name, e) in audit.xattr_failures() {
        if e.unsupported() && std::mem::replace(&mut unsupported, true) {
            continue;
        }
        out.warn(&format!(
            "{}: cannot write xattr {}: {}",
            q(name),
            e.attribute,
            describe_io_error(&e.error)
        ));
    }
}

/// One file's line (or record); why it could not be read on stderr.
fn print(f: &Finding, alg: &str, json: bool, out: &mut Out) {
    if let Some(e) = &f.error
        && matches!(f.state, State::Unreadable | State::ChangedDuringRead)
    {
        out.warn(&format!("{}: {e}", q(&f.name)));
    }
    let mut line = Vec::new();
    if json {
        khsum::lists::audit::write_json_line(f, alg, &mut line);
    } else {
        let escaped =
            f.name.contains(&b'\n') || f.from.as_ref().is_some_and(|n| n.contains(&b'\n'));
        let name = |n: &[u8]| if escaped { escape(n) } else { n.to_vec() };
        if escaped {
            line.push(b'\\');
        }
        line.extend_from_slice(&name(&f.name));
        line.extend_from_slice(b": ");
        line.extend_from_slice(f.state.word().as_bytes());
        match (f.state, &f.from) {
            (State::Moved, Some(from)) => {
                line.extend_from_slice(b" from ");
                line.extend_from_slice(&name(from));
            }
            (State::Duplicate, Some(from)) => {
                line.extend_from_slice(b" of ");
                line.extend_from_slice(&name(from));
            }
            (State::NotRegular, _)
                if f.error.as_deref() == Some(khsum::files::walk::NOT_FOLLOWED) =>
            {
                line.extend_from_slice(b" (symbolic link; not followed: -P)");
            }
            _ => {}
        }
        line.push(b'\n');
    }
    out.write(&line);
}

/// The counts on stderr (or the summary record), and what `--update` recorded.
fn summary(audit: &Audit, list: &[u8], p: &AuditPlan, applied: Option<&Applied>, out: &mut Out) {
    let counts: Vec<(&str, u64)> = State::ALL
        .iter()
        .map(|s| (s.word(), audit.count(*s)))
        .collect();
    let read = audit.read();
    let dry = p.policy.dry_run;
    if p.json {
        let mut line = Vec::new();
        let a = applied.filter(|_| p.policy.update).map(|a| (a, dry));
        khsum::lists::audit::write_json_summary(list, &counts, read, a, &mut line);
        out.write(&line);
        return;
    }
    let shown: Vec<String> = counts
        .iter()
        .filter(|(w, n)| *n > 0 || *w == "ok")
        .map(|(w, n)| format!("{n} {w}"))
        .collect();
    out.warn(&format!(
        "{}: {}; {} file{} read ({} bytes)",
        q(list),
        shown.join(", "),
        read.0,
        if read.0 == 1 { "" } else { "s" },
        read.1
    ));
    if let Some(a) = applied.filter(|_| p.policy.update) {
        let what = format!(
            "{} added, {} replaced, {} renamed, {} dropped",
            a.added, a.replaced, a.renamed, a.dropped
        );
        if dry {
            out.warn(&format!(
                "{}: dry run, nothing written; would be: {what}",
                q(list)
            ));
        } else if a.list_written {
            out.warn(&format!("{}: lines {what}", q(list)));
        }
    }
}
