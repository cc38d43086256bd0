//! `khsum hash` and `khsum tag`: hash inputs on all cores, print lines in argument order.

use crate::plan::{Digests, HashPlan, Stdin, Walk};
use crate::report::{Out, Status, q};
use khsum::checkfile::{format_legacy, format_line};
use khsum::io::{InputError, hash_path, hash_stdin};
use khsum::names::path_bytes;
use khsum::walk::{Item, Walker};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// One thing to hash or to report.
enum Input {
    Path(PathBuf),
    Stdin,
    Error(PathBuf, String),
    Skipped(PathBuf, String),
}

/// Expands the arguments (walking directories with `-r`) lazily, in order. Without `-r`
/// the iterator knows its length, which lets the pool batch many small files.
fn expand(files: Vec<OsString>, walk: Walk) -> Box<dyn Iterator<Item = Input>> {
    let one = |f: OsString| {
        if f == "-" {
            Input::Stdin
        } else {
            Input::Path(PathBuf::from(f))
        }
    };
    if walk == Walk::Arguments {
        return Box::new(files.into_iter().map(one));
    }
    Box::new(
        files
            .into_iter()
            .flat_map(move |f| -> Box<dyn Iterator<Item = Input>> {
                if f != "-" && Path::new(&f).is_dir() {
                    Box::new(Walker::new(Path::new(&f)).map(|it| match it {
                        Item::File(p) => Input::Path(p),
                        Item::Error(p, e) => Input::Error(p, e),
                        Item::Skipped(p, e) => Input::Skipped(p, e),
                    }))
                } else {
                    Box::new(std::iter::once(one(f)))
                }
            }),
    )
}

/// The name an input is reported under: raw bytes on Unix, `-` for standard input.
fn name_of(input: &Input) -> std::borrow::Cow<'_, [u8]> {
    match input {
        Input::Stdin => b"-"[..].into(),
        Input::Path(p) | Input::Error(p, _) | Input::Skipped(p, _) => path_bytes(p),
    }
}

/// Hashes every input with clones of the plan's prototype and prints one line each.
pub fn run(plan: HashPlan) -> Status {
    let HashPlan {
        alg,
        proto,
        form: format,
        inputs,
        walk,
        stdin,
        digests,
    } = plan;
    let proto = &*proto;
    let out = std::cell::RefCell::new(Out::new());
    let mut status = Status::Ok;
    let mut line = Vec::new();
    let window = 4 * rayon::current_num_threads().max(1);
    khsum::parallel::for_each_ordered(
        expand(inputs, walk),
        window,
        khsum::parallel::FILE_BATCH,
        |input| {
            let res = match &input {
                Input::Stdin => hash_stdin(proto),
                Input::Path(p) => hash_path(p, proto),
                Input::Error(_, e) | Input::Skipped(_, e) => Err(InputError {
                    reason: e.clone(),
                    missing: false,
                }),
            };
            (input, res)
        },
        |(input, res)| {
            let name = name_of(&input);
            match res {
                Ok(d) => {
                    line.clear();
                    if digests == Digests::Raw {
                        // The legacy checksums' value only: 4 bytes (CRC) or 2 (sums).
                        let raw = match alg.line {
                            khsum::LineStyle::Hex => &d[..],
                            khsum::LineStyle::Cksum => &d[..4],
                            khsum::LineStyle::SumSysv | khsum::LineStyle::SumBsd => &d[2..4],
                        };
                        return out.borrow_mut().write(raw);
                    }
                    if alg.line != khsum::LineStyle::Hex
                        && stdin == Stdin::Implicit
                        && matches!(input, Input::Stdin)
                    {
                        format_legacy(&mut line, alg.line, &d, None, format);
                    } else {
                        format_line(&mut line, alg, &d, &name, format);
                    }
                    return out.borrow_mut().write(&line);
                }
                Err(e) => {
                    out.borrow_mut().warn(&format!("{}: {}", q(&name), e));
                    if !matches!(input, Input::Skipped(..)) {
                        status = Status::Failed;
                    }
                }
            }
            out.borrow().ok()
        },
        || {
            out.borrow_mut().flush();
        },
    );
    out.into_inner().finish(status)
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
