//! What to hash: the FILE arguments or the names in a `--files-from` / `--files0-from`
//! list, read lazily (a list of a million names streams in bounded memory), with
//! directory arguments expanded into their trees under `-r`.

use crate::files::io::{Hashed, InputError, Open, Reading};
use crate::files::keyfile::ReadError;
use crate::files::names::{bytes_to_path, path_bytes};
use crate::files::walk::{Item, TreeRules, Walker};
use crate::hasher::Hasher;
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Linux's `PATH_MAX`: the longest path a system call takes, terminator included.
pub const PATH_MAX: usize = 4096;

/// The longest line (terminator included) khsum reads from a list: a `--files-from` or
/// `--files0-from` name, a line of a checksum list (`check`, `--update`): 64 KiB past
/// [`PATH_MAX`] and 1 KiB for the digest. A longer name is an error that names the list
/// and the line, found after reading at most this many bytes of it, so a list that never
/// ends a line (`/dev/zero`) costs bounded memory.
pub const LINE_MAX: usize = 64 * 1024 + PATH_MAX + 1024;

/// Appends to `buf` the bytes of `r` up to and including the next `sep`, or to the end;
/// returns how many were appended (0 at the end). At most `max` bytes are taken: a longer
/// line is [`ReadError::TooLong`] (the reader is then somewhere inside it). Memory that
/// cannot be allocated is [`ReadError::OutOfMemory`], not an abort.
///
/// # Errors
/// A read error, a line longer than `max`, no memory.
pub fn read_until_bounded(
    r: &mut impl BufRead,
    sep: u8,
    max: usize,
    buf: &mut Vec<u8>,
) -> Result<usize, ReadError> {
    let start = buf.len();
    loop {
        let avail = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e)),
        };
        if avail.is_empty() {
            return Ok(buf.len() - start);
        }
        let (take, done) = match avail.iter().position(|&c| c == sep) {
            Some(i) => (i + 1, true),
            None => (avail.len(), false),
        };
        if buf.len() - start + take > max {
            return Err(ReadError::TooLong(max));
        }
        buf.try_reserve(take)
            .map_err(|_| ReadError::OutOfMemory(buf.len() + take))?;
        buf.extend_from_slice(&avail[..take]);
        r.consume(take);
        if done {
            return Ok(buf.len() - start);
        }
    }
}

/// The one-line text of a [`ReadError`] at line `n` of a list: `N: line too long (more
/// than MAX bytes)`, `N: out of memory`, or the I/O error.
pub fn describe_line_error(e: &ReadError, n: u64) -> String {
    match e {
        ReadError::TooLong(max) => format!("{n}: line too long (more than {max} bytes)"),
        ReadError::OutOfMemory(_) => format!("{n}: out of memory"),
        ReadError::Io(e) => crate::files::io::describe_io_error(e),
    }
}

/// One thing to hash or to report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A file (or anything else that can be opened) by name.
    Path(PathBuf),
    /// A regular file found by walking a directory (`-r`): opened without blocking and
    /// hashed only if it is still a regular file ([`crate::files::io::Open::Walked`]).
    Walked(PathBuf),
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
            Input::Path(p) | Input::Walked(p) | Input::Error(p, _) | Input::Skipped(p, _) => {
                path_bytes(p)
            }
            Input::ListError(n, _) => n[..].into(),
        }
    }

    /// The path of an input to hash by name (named or walked).
    pub fn path(&self) -> Option<&Path> {
        match self {
            Input::Path(p) | Input::Walked(p) => Some(p),
            _ => None,
        }
    }

    /// Hashes the input with a copy of `proto`, read as `how` says (see
    /// [`crate::files::io::hash_file`]); an input
    /// that stands for an error (a walk error, a skipped entry, a list that failed) is
    /// that error. A panic while hashing is a [severe](InputError::severe) error.
    ///
    /// # Errors
    /// The input's error, or why it could not be hashed.
    pub fn hash(&self, proto: &dyn Hasher, how: Reading) -> Result<Hashed, InputError> {
        match self {
            Input::Stdin => crate::files::io::hash_stdin_with(proto, how),
            Input::Path(p) => crate::files::io::hash_file(p, proto, how, Open::Named),
            Input::Walked(p) => crate::files::io::hash_file(p, proto, how, Open::Walked),
            Input::Error(_, e) | Input::Skipped(_, e) | Input::ListError(_, e) => {
                Err(InputError::new(e.clone()))
            }
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
            let stdin = crate::files::io::stdin().map_err(|e| {
                format!(
                    "standard input: {}",
                    crate::files::io::describe_io_error(&e)
                )
            })?;
            Box::new(stdin)
        } else {
            let f = std::fs::File::open(name).map_err(|e| {
                format!(
                    "{}: {}",
                    crate::files::names::quote(&shown),
                    crate::files::io::describe_io_error(&e)
                )
            })?;
            if f.metadata().is_ok_and(|m| m.is_dir()) {
                return Err(format!(
                    "{}: Is a directory",
                    crate::files::names::quote(&shown)
                ));
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

    /// The names, one by one; a read error, a line longer than [`LINE_MAX`] or (in a
    /// NUL-separated list) a zero-length name ends them with [`Input::ListError`], whose
    /// reason names the line: `3: line too long (more than 69632 bytes)`.
    pub fn into_inputs(self) -> impl Iterator<Item = Input> + Send {
        let NameList {
            name,
            reader,
            separator,
        } = self;
        let mut reader = BufReader::with_capacity(64 * 1024, reader);
        let mut done = false;
        let mut n = 0u64;
        std::iter::from_fn(move || {
            while !done {
                let mut buf = Vec::new();
                n += 1;
                match read_until_bounded(&mut reader, separator, LINE_MAX, &mut buf) {
                    Ok(0) => done = true,
                    Ok(_) => {
                        if buf.last() == Some(&separator) {
                            buf.pop();
                        }
                        if !buf.is_empty() {
                            return Some(Input::Path(bytes_to_path(&buf)));
                        }
                        // GNU's tools refuse empty names in NUL-separated lists; ending
                        // the list there also ends a list of NULs that never ends
                        // (`--files0-from /dev/zero`), which skipping would spin on.
                        if separator == b'\0' {
                            done = true;
                            return Some(Input::ListError(
                                name.clone(),
                                format!("{n}: invalid zero-length file name"),
                            ));
                        }
                    }
                    Err(e) => {
                        done = true;
                        return Some(Input::ListError(name.clone(), describe_line_error(&e, n)));
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
                Box::new(Walker::new(f, rules.clone()).filter_map(|it| match it {
                    Item::File(p) => Some(Input::Walked(p)),
                    Item::Error(p, e) => Some(Input::Error(p, e)),
                    Item::Skipped(p, e) => Some(Input::Skipped(p, e)),
                    // Not followed without -L, as `find` and `du` pass them.
                    Item::LinkedDir(_) => None,
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
    counter: &crate::files::progress::Counter,
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
            Input::Path(p) | Input::Walked(p) => match std::fs::metadata(p) {
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
        assert_eq!(
            names(list(b"a\nb\0c\0\0d\0", b'\0')),
            [
                p("a\nb"),
                p("c"),
                Input::ListError(b"L".to_vec(), "3: invalid zero-length file name".into())
            ]
        );
        assert_eq!(names(list(b"", b'\0')), []);
    }
}
