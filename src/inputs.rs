//! What to hash: the FILE arguments or the names in a `--files-from` / `--files0-from`
//! list, read lazily (a list of a million names streams in bounded memory), with
//! directory arguments expanded into their trees under `-r`.

use crate::names::{bytes_to_path, path_bytes};
use crate::walk::{Item, TreeRules, Walker};
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One thing to hash or to report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A file (or anything else that can be opened) by name.
    Path(PathBuf),
    /// Standard input.
    Stdin,
    /// An entry that cannot be hashed, with the reason (a walk error): a failure.
    Error(PathBuf, String),
    /// An entry of a tree that is not a regular file: a warning, not a failure.
    Skipped(PathBuf, String),
    /// The list of names could not be read on: the list's name and the reason; no
    /// further input follows.
    ListError(Vec<u8>, String),
}

impl Input {
    /// The name an input is reported under: the path's bytes, `-` for standard input.
    pub fn name(&self) -> std::borrow::Cow<'_, [u8]> {
        match self {
            Input::Stdin => b"-"[..].into(),
            Input::Path(p) | Input::Error(p, _) | Input::Skipped(p, _) => path_bytes(p),
            Input::ListError(n, _) => n[..].into(),
        }
    }
}

/// Where the names come from.
pub enum Names {
    /// FILE arguments; `-` is standard input.
    Args(Vec<OsString>),
    /// A list of names, one per line (`--files-from`) or NUL-terminated
    /// (`--files0-from`). Every name is a path, `-` included; empty names are skipped.
    List(NameList),
}

/// An open `--files-from` list.
pub struct NameList {
    /// The list's name for messages (`-` for standard input).
    pub name: Vec<u8>,
    /// The list's bytes.
    pub reader: Box<dyn Read + Send>,
    /// `b'\n'` or `b'\0'`.
    pub separator: u8,
}

impl NameList {
    /// Opens a list by name, `-` being standard input.
    ///
    /// # Errors
    /// The list cannot be opened, or is a directory: `NAME: reason` (`standard input:
    /// Bad file descriptor` when standard input was closed when khsum started).
    pub fn open(name: &Path, separator: u8) -> Result<NameList, String> {
        let shown = path_bytes(name).into_owned();
        let reader: Box<dyn Read + Send> = if name.as_os_str() == "-" {
            let stdin = crate::io::stdin()
                .map_err(|e| format!("standard input: {}", crate::io::describe_io_error(&e)))?;
            Box::new(stdin)
        } else {
            let f = std::fs::File::open(name).map_err(|e| {
                format!(
                    "{}: {}",
                    crate::names::quote(&shown),
                    crate::io::describe_io_error(&e)
                )
            })?;
            if f.metadata().is_ok_and(|m| m.is_dir()) {
                return Err(format!("{}: Is a directory", crate::names::quote(&shown)));
            }
            Box::new(f)
        };
        Ok(NameList {
            name: if name.as_os_str() == "-" {
                b"standard input".to_vec()
            } else {
                shown
            },
            reader,
            separator,
        })
    }

    /// The names, one by one; a read error ends them with [`Input::ListError`].
    pub fn into_inputs(self) -> impl Iterator<Item = Input> + Send {
        let NameList {
            name,
            reader,
            separator,
        } = self;
        let mut reader = BufReader::with_capacity(64 * 1024, reader);
        let mut done = false;
        std::iter::from_fn(move || {
            while !done {
                let mut buf = Vec::new();
                match reader.read_until(separator, &mut buf) {
                    Ok(0) => done = true,
                    Ok(_) => {
                        if buf.last() == Some(&separator) {
                            buf.pop();
                        }
                        if !buf.is_empty() {
                            return Some(Input::Path(bytes_to_path(&buf)));
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        done = true;
                        return Some(Input::ListError(
                            name.clone(),
                            crate::io::describe_io_error(&e),
                        ));
                    }
                }
            }
            None
        })
    }
}

/// The inputs of one run, expanded lazily and in order: each name is an input, except
/// that with `walk` a name that is a directory stands for the regular files below it.
pub fn expand(
    names: Names,
    walk: Option<Arc<TreeRules>>,
) -> Box<dyn Iterator<Item = Input> + Send> {
    let one = |f: &Path, walk: &Option<Arc<TreeRules>>| -> Box<dyn Iterator<Item = Input> + Send> {
        match walk {
            Some(rules) if f.is_dir() => {
                Box::new(Walker::new(f, rules.clone()).map(|it| match it {
                    Item::File(p) => Input::Path(p),
                    Item::Error(p, e) => Input::Error(p, e),
                    Item::Skipped(p, e) => Input::Skipped(p, e),
                }))
            }
            _ => Box::new(std::iter::once(Input::Path(f.to_path_buf()))),
        }
    };
    match (names, walk) {
        // Without a walk the iterator knows its length, which lets the pool batch many
        // small files.
        (Names::Args(files), None) => Box::new(files.into_iter().map(|f| {
            if f == "-" {
                Input::Stdin
            } else {
                Input::Path(PathBuf::from(f))
            }
        })),
        (Names::Args(files), walk) => Box::new(files.into_iter().flat_map(move |f| {
            if f == "-" {
                Box::new(std::iter::once(Input::Stdin))
            } else {
                one(Path::new(&f), &walk)
            }
        })),
        (Names::List(list), walk) => Box::new(list.into_inputs().flat_map(move |i| match i {
            Input::Path(p) => one(&p, &walk),
            other => Box::new(std::iter::once(other)),
        })),
    }
}

/// Adds the size of every input to `counter`'s total, for a progress display (a second
/// pass over the same names, so memory stays bounded); stops early when `stop` is set.
/// Inputs `keep` rejects are left out. The total is marked complete, or unknowable when
/// an input's size cannot be known beforehand (standard input, a pipe).
pub fn count_total(
    inputs: impl Iterator<Item = Input>,
    keep: &dyn Fn(&Input) -> bool,
    counter: &crate::progress::Counter,
    stop: &std::sync::atomic::AtomicBool,
) {
    for input in inputs {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        if !keep(&input) {
            continue;
        }
        match &input {
            Input::Path(p) => match std::fs::metadata(p) {
                Ok(m) if m.is_file() => counter.add_to_total(m.len()),
                Ok(m) if m.is_dir() => counter.add_to_total(0),
                Ok(_) => return counter.total_unknown(),
                Err(_) => counter.add_to_total(0),
            },
            Input::Stdin => return counter.total_unknown(),
            Input::Error(..) | Input::Skipped(..) | Input::ListError(..) => counter.add_to_total(0),
        }
    }
    counter.total_done();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_split_on_their_separator_and_skip_empty_names() {
        let list = |bytes: &'static [u8], sep| NameList {
            name: b"L".to_vec(),
            reader: Box::new(bytes),
            separator: sep,
        };
        let names = |l: NameList| -> Vec<Input> { l.into_inputs().collect() };
        let p = |s: &str| Input::Path(PathBuf::from(s));
        assert_eq!(
            names(list(b"a\n\nb c\n-", b'\n')),
            [p("a"), p("b c"), p("-")]
        );
        assert_eq!(names(list(b"a\nb\0\0c\0", b'\0')), [p("a\nb"), p("c")]);
        assert_eq!(names(list(b"", b'\0')), []);
    }
}
