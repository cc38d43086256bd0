//! `--update LIST`: a checksum list read whole (its names, to hash only files it does not
//! name yet), then written again atomically with new lines appended: a temporary file in
//! the list's own directory gets the list's bytes, the new lines and the list's
//! permissions, and is renamed over the list. The list must not change meanwhile, and
//! no other file is touched.

use crate::algorithm::Algorithm;
use crate::checkfile::{Entry, Line, ListParser};
use crate::io::{Stamp, describe_io_error};
use crate::names::{path_bytes, quote};
use std::collections::HashMap;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// A checksum list as it was read for updating.
pub struct ListFile {
    /// Where the list is (a symbolic link resolved: the file it points to is replaced).
    path: PathBuf,
    /// The name as given, for messages.
    shown: Vec<u8>,
    /// The list's state when read; `None` when it did not exist yet.
    stamp: Option<(Stamp, fs::Permissions)>,
    /// The entries by name ([`normalize`]d).
    entries: HashMap<Vec<u8>, Vec<Entry>>,
    /// Whether the last line lacks its newline.
    unterminated: bool,
}

/// A name compared lexically: `./` components and repeated slashes left out, so
/// `./dir//a` and `dir/a` are the same entry.
pub fn normalize(name: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let parts: Vec<&[u8]> = name
        .split(|&c| c == b'/')
        .enumerate()
        .filter(|&(i, p)| !(p == b"." || (p.is_empty() && i > 0)))
        .map(|(_, p)| p)
        .collect();
    let joined = parts.join(&b'/');
    if joined == name {
        name.into()
    } else {
        joined.into()
    }
}

impl ListFile {
    /// Reads the list at `path` with `parser` (which accepts only the lines of the
    /// algorithms being updated); a list that does not exist is empty. Every line must be
    /// a checksum line, a comment or blank.
    ///
    /// # Errors
    /// One line naming the list and the cause: it cannot be read, or a line is not a
    /// checksum line of the algorithm (it is not a checksum list).
    pub fn read(
        path: &Path,
        mut parser: ListParser,
        accept: &dyn Fn(&Algorithm) -> bool,
        what: &str,
    ) -> Result<ListFile, String> {
        let shown = path_bytes(path).into_owned();
        let q = quote(&shown);
        let fail = |e: std::io::Error| format!("{q}: {}", describe_io_error(&e));
        let (path, file) = match fs::File::open(path) {
            Ok(f) => (fs::canonicalize(path).map_err(fail)?, Some(f)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (path.to_path_buf(), None),
            Err(e) => return Err(fail(e)),
        };
        let mut list = ListFile {
            path,
            shown,
            stamp: None,
            entries: HashMap::new(),
            unterminated: false,
        };
        let Some(file) = file else {
            return Ok(list);
        };
        let meta = file.metadata().map_err(fail)?;
        if !meta.is_file() {
            return Err(format!(
                "{q}: not a regular file; --update needs a checksum list"
            ));
        }
        list.stamp = Some((Stamp::of(&meta), meta.permissions()));
        let mut reader = BufReader::new(file);
        let mut buf = Vec::new();
        let mut n = 0u64;
        loop {
            buf.clear();
            if reader.read_until(b'\n', &mut buf).map_err(fail)? == 0 {
                break;
            }
            n += 1;
            list.unterminated = buf.last() != Some(&b'\n');
            match parser.parse(&buf) {
                Line::Skip => {}
                Line::Entry(e) if !accept(e.algorithm) => {
                    return Err(format!(
                        "{q}: {n}: not a {what} checksum line: --update needs a checksum list of the algorithm it adds (list not changed)"
                    ));
                }
                // Only a detecting parser returns untagged lines; --update's never does.
                Line::Improper(_) | Line::Untagged(_) => {
                    return Err(format!(
                        "{q}: {n}: not a {what} checksum line: --update needs a checksum list of the algorithm it adds (list not changed)"
                    ));
                }
                Line::Entry(e) => list
                    .entries
                    .entry(normalize(&e.name).into_owned())
                    .or_default()
                    .push(e),
            }
        }
        Ok(list)
    }

    /// The entries listed under `name` (compared after [`normalize`]).
    pub fn get(&self, name: &[u8]) -> Option<&[Entry]> {
        self.entries.get(&*normalize(name)).map(Vec::as_slice)
    }

    /// Every entry, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.values().flatten()
    }

    /// The list's path (symbolic links resolved).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the list again with `lines` appended, atomically: a temporary file beside
    /// it, renamed over it. Nothing is written when `lines` is empty.
    ///
    /// # Errors
    /// One line naming the list and the cause; the list is then as it was: it changed
    /// since it was read (or was created meanwhile), or the new file could not be written.
    pub fn commit(&self, lines: &[u8]) -> Result<(), String> {
        if lines.is_empty() {
            return Ok(());
        }
        let q = quote(&self.shown);
        let fail = |e: std::io::Error| format!("{q}: {} (list not changed)", describe_io_error(&e));
        let changed =
            || format!("{q}: the list changed while it was being updated (list not changed)");
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let base = self.path.file_name().unwrap_or_default().to_string_lossy();
        let prefix = format!(".{base}.");
        let mut b = tempfile::Builder::new();
        b.prefix(&prefix).suffix(".khsum-update");
        if self.stamp.is_none() {
            // A new list gets the permissions any new file gets (the umask applies).
            #[cfg(unix)]
            b.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        }
        let mut tmp = b.tempfile_in(dir).map_err(fail)?;
        if let Some((stamp, perms)) = &self.stamp {
            let mut old = fs::File::open(&self.path).map_err(|_| changed())?;
            if Stamp::of(&old.metadata().map_err(fail)?) != *stamp {
                return Err(changed());
            }
            let copied = std::io::copy(&mut old, tmp.as_file_mut()).map_err(fail)?;
            if copied != stamp.len || Stamp::of(&old.metadata().map_err(fail)?) != *stamp {
                return Err(changed());
            }
            if self.unterminated {
                tmp.write_all(b"\n").map_err(fail)?;
            }
            fs::set_permissions(tmp.path(), perms.clone()).map_err(fail)?;
        }
        tmp.write_all(lines).map_err(fail)?;
        tmp.as_file().sync_all().map_err(fail)?;
        match &self.stamp {
            Some((stamp, _)) => {
                let now = fs::metadata(&self.path).map_err(|_| changed())?;
                if Stamp::of(&now) != *stamp {
                    return Err(changed());
                }
                tmp.persist(&self.path).map_err(|e| fail(e.error))?;
            }
            None => {
                tmp.persist_noclobber(&self.path).map_err(|e| {
                    if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                        changed()
                    } else {
                        fail(e.error)
                    }
                })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parser() -> ListParser {
        ListParser::new(Some(Algorithm::lookup("sha256").unwrap()), None)
    }

    #[test]
    fn names_normalize() {
        assert_eq!(&*normalize(b"./a//b/./c"), b"a/b/c");
        assert_eq!(&*normalize(b"/x/./y"), b"/x/y");
        assert_eq!(&*normalize(b"a"), b"a");
    }

    #[test]
    fn appends_atomically_and_refuses_non_lists_and_changes() {
        let d = tempfile::TempDir::new().unwrap();
        let l = d.path().join("L");
        let line = format!("{}  a\n", "ab".repeat(32));
        fs::write(&l, line.trim_end()).unwrap();
        let list = ListFile::read(&l, parser(), &|_| true, "sha256").unwrap();
        assert_eq!(list.get(b"./a").map(<[Entry]>::len), Some(1));
        let new = format!("{}  b\n", "cd".repeat(32));
        list.commit(new.as_bytes()).unwrap();
        assert_eq!(fs::read_to_string(&l).unwrap(), format!("{line}{new}"));
        // Changed after it was read: not written.
        let list = ListFile::read(&l, parser(), &|_| true, "sha256").unwrap();
        fs::write(&l, "other").unwrap();
        assert_eq!(
            list.commit(b"x\n").unwrap_err(),
            "L: the list changed while it was being updated (list not changed)"
                .replace("L", &quote(&path_bytes(&l)))
        );
        assert_eq!(fs::read_to_string(&l).unwrap(), "other");
        // Not a list.
        let e = ListFile::read(&l, parser(), &|_| true, "sha256")
            .err()
            .unwrap();
        assert!(e.ends_with(": 1: not a sha256 checksum line: --update needs a checksum list of the algorithm it adds (list not changed)"), "{e}");
        // No other file is left in the directory.
        assert_eq!(fs::read_dir(d.path()).unwrap().count(), 1);
    }
}
