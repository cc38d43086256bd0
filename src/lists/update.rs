//! `--update LIST`: a checksum list read whole (its names, to hash only files it does not
//! name yet), then written again atomically with new lines appended: a temporary file in
//! the list's own directory gets the list's bytes, the new lines, and the list's owner,
//! group, permissions and extended attributes (ACLs included) as far as the caller may
//! set them — never a setuid, setgid or sticky bit — and is renamed over the list. The
//! list must not change meanwhile, and no other file is touched.
//!
//! On Unix everything after the list is opened is done through descriptors: the list's
//! bytes are copied from the descriptor it was read through; the temporary file is
//! created with `O_EXCL | O_NOFOLLOW` relative to the directory's descriptor, and its
//! owner, mode and attributes are set with `fchown`, `fchmod` and `fsetxattr`; before the
//! rename, `fstat` of the temporary file and `lstat` of its name must be the same inode
//! (nobody swapped it, in a directory others can write), and the list's name must still
//! be the file that was read; after it, the directory is `fsync`ed.
//!
//! A list that is a symbolic link: the file it points to is updated, in that file's own
//! directory (the link stays a link). A link to nothing is refused, and so is a list with
//! other hard links (the new file would split them).

use crate::algorithm::Algorithm;
use crate::files::io::{Stamp, describe_io_error};
use crate::files::keyfile::ReadError;
use crate::files::names::{path_bytes, quote};
use crate::lists::checkfile::{Entry, Line, ListParser};
use std::collections::HashMap;
use std::fs;
use std::io::{BufReader, Read as _, Write};
use std::path::{Path, PathBuf};

/// A checksum list as it was read for updating.
pub struct ListFile {
    /// Where the list is (a symbolic link resolved: the file it points to is replaced).
    path: PathBuf,
    /// The name as given, for messages.
    shown: Vec<u8>,
    /// The list as read: its open file (its bytes are copied from there), its state then
    /// and its metadata; `None` when it did not exist yet.
    read: Option<Box<Read>>,
    /// The entries by name ([`normalize`]d), with where each line is in the list.
    entries: HashMap<Vec<u8>, Listed, Names>,
    /// Whether the last line lacks its newline.
    unterminated: bool,
}

/// How the names are hashed: foldhash, seeded per process (a list's names are chosen by
/// whoever wrote it), in fewer cycles a name than std's SipHash-1-3.
type Names = foldhash::fast::RandomState;

/// The lines of one name.
struct Listed {
    /// The name's place among the list's names, 0 to `len() - 1` (see
    /// [`ListFile::index_of`]).
    index: u32,
    entries: Vec<Entry>,
    /// Each entry's line: its first byte and the byte past its end (terminator included).
    spans: Vec<(u64, u64)>,
}

/// What becomes of a name's lines when the list is rewritten ([`ListFile::commit_edits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Its lines are left out.
    Drop,
    /// Its first line becomes these bytes (whole lines, terminators included), the
    /// others are left out.
    Replace(Vec<u8>),
}

/// Why a list cannot be updated, as data: the binary words it (and names its option).
#[derive(Debug)]
pub enum ListError {
    /// A complete message naming the list and the cause (it cannot be read, a line is too
    /// long, memory ran out).
    Plain(String),
    /// The list is refused for what it is; `list` is its name, quoted for a message.
    Refused { list: String, why: Refusal },
}

/// What makes a file no list to update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A symbolic link to nothing: updating does not create a link's target.
    DanglingLink,
    /// Not a regular file.
    NotRegular,
    /// The list has this many hard links: the new file renamed over it would split them.
    HardLinks(u64),
    /// Line `line` is not a checksum line of `what` (the algorithms being added).
    NotAList { line: u64, what: String },
}

/// The list file as it was read.
struct Read {
    file: fs::File,
    stamp: Stamp,
    meta: fs::Metadata,
}

/// The longest list line `--update` reads, terminator included: a name as long as Linux's
/// `PATH_MAX`, the longest digest khsum writes by default in hex, and 64 KiB to spare.
/// A longer line is an error naming the list and the line.
pub const LINE_MAX: usize = crate::files::inputs::LINE_MAX;

/// A name compared lexically: `./` components and repeated slashes left out, so
/// `./dir//a` and `dir/a` are the same entry.
pub fn normalize(name: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let left_out = |(i, p): &(usize, &[u8])| *p == b"." || (p.is_empty() && *i > 0);
    // Most names have nothing to leave out: they are not copied.
    if !name.split(|&c| c == b'/').enumerate().any(|p| left_out(&p)) {
        return name.into();
    }
    let parts: Vec<&[u8]> = name
        .split(|&c| c == b'/')
        .enumerate()
        .filter(|p| !left_out(p))
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
    /// The list cannot be read ([`ListError::Plain`]), or it is no list to update
    /// ([`ListError::Refused`]): a link to nothing, not a regular file, other hard links,
    /// or a line that is not a checksum line of the algorithm.
    pub fn read(
        path: &Path,
        mut parser: ListParser,
        accept: &dyn Fn(&Algorithm) -> bool,
        what: &str,
    ) -> Result<ListFile, ListError> {
        let shown = path_bytes(path).into_owned();
        let q = quote(&shown);
        let fail = |e: std::io::Error| ListError::Plain(format!("{q}: {}", describe_io_error(&e)));
        let refused = |why: Refusal| ListError::Refused {
            list: q.clone(),
            why,
        };
        let (path, file) = match open_list(path) {
            Ok((p, f)) => (p, Some(f)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
                    return Err(refused(Refusal::DanglingLink));
                }
                (path.to_path_buf(), None)
            }
            Err(e) => return Err(fail(e)),
        };
        let mut list = ListFile {
            path,
            shown,
            read: None,
            entries: HashMap::default(),
            unterminated: false,
        };
        let Some(file) = file else {
            return Ok(list);
        };
        let meta = file.metadata().map_err(fail)?;
        if !meta.is_file() {
            return Err(refused(Refusal::NotRegular));
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if meta.nlink() > 1 {
                return Err(refused(Refusal::HardLinks(meta.nlink())));
            }
        }
        let mut reader = BufReader::new(&file);
        let mut n = 0u64;
        let mut n_names = 0usize;
        let mut offset = 0u64;
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match crate::files::inputs::read_until_bounded(&mut reader, b'\n', LINE_MAX, &mut buf) {
                Ok(0) => break,
                Ok(_) => {}
                Err(ReadError::TooLong(max)) => {
                    return Err(ListError::Plain(format!(
                        "{q}: {}: line too long (more than {max} bytes) (list not changed)",
                        n + 1
                    )));
                }
                Err(ReadError::Io(e)) => return Err(fail(e)),
                Err(ReadError::OutOfMemory(_)) => {
                    return Err(ListError::Plain(format!(
                        "{q}: out of memory (list not changed)"
                    )));
                }
            };
            n += 1;
            let span = (offset, offset + buf.len() as u64);
            offset = span.1;
            list.unterminated = buf.last() != Some(&b'\n');
            match parser.parse(&buf) {
                Line::Skip => {}
                Line::Entry(e) if !accept(e.algorithm) => {
                    return Err(refused(Refusal::NotAList {
                        line: n,
                        what: what.to_string(),
                    }));
                }
                // Only a detecting parser returns untagged lines; --update's never does.
                Line::Improper(_) | Line::Untagged(_) => {
                    return Err(refused(Refusal::NotAList {
                        line: n,
                        what: what.to_string(),
                    }));
                }
                // A name's first line allocates room for one entry, not the four a first
                // push reserves: 240 bytes less per name (a million-line list: 240 MB).
                Line::Entry(e) => match list.entries.entry(normalize(&e.name).into_owned()) {
                    std::collections::hash_map::Entry::Occupied(mut l) => {
                        l.get_mut().entries.push(e);
                        l.get_mut().spans.push(span);
                    }
                    std::collections::hash_map::Entry::Vacant(v) => {
                        let index = u32::try_from(n_names).map_err(|_| {
                            ListError::Plain(format!(
                                "{q}: more than 2^32 names (list not changed)"
                            ))
                        })?;
                        n_names += 1;
                        v.insert(Listed {
                            index,
                            entries: vec![e],
                            spans: vec![span],
                        });
                    }
                },
            }
        }
        drop(reader);
        list.read = Some(Box::new(Read {
            stamp: Stamp::of(&meta),
            meta,
            file,
        }));
        Ok(list)
    }

    /// The entries listed under `name` (compared after [`normalize`]).
    pub fn get(&self, name: &[u8]) -> Option<&[Entry]> {
        self.entries
            .get(&*normalize(name))
            .map(|l| l.entries.as_slice())
    }

    /// The place of `name` (compared after [`normalize`]) among the listed names: a
    /// number below [`ListFile::len`], for a caller keeping its own dense table of them.
    pub fn index_of(&self, name: &[u8]) -> Option<usize> {
        self.lookup_key(&normalize(name)).map(|(i, _)| i)
    }

    /// [`ListFile::index_of`] and [`ListFile::get`] in one lookup, of a name already
    /// [`normalize`]d.
    pub fn lookup_key(&self, key: &[u8]) -> Option<(usize, &[Entry])> {
        self.entries
            .get(key)
            .map(|l| (l.index as usize, l.entries.as_slice()))
    }

    /// Every listed name ([`normalize`]d) with its place ([`ListFile::index_of`]) and first
    /// entry, in no particular order.
    pub fn indexed_names(&self) -> impl Iterator<Item = (usize, &[u8], &Entry)> {
        self.entries.iter().filter_map(|(n, l)| {
            l.entries
                .first()
                .map(|e| (l.index as usize, n.as_slice(), e))
        })
    }

    /// Every entry, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.values().flat_map(|l| &l.entries)
    }

    /// Every listed name ([`normalize`]d) with its first entry, in no particular order.
    pub fn names(&self) -> impl Iterator<Item = (&[u8], &Entry)> {
        self.entries
            .iter()
            .filter_map(|(n, l)| l.entries.first().map(|e| (n.as_slice(), e)))
    }

    /// The number of names listed.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the list names nothing.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The list's modification time as read (`None`: it did not exist).
    pub fn modified(&self) -> Option<std::time::SystemTime> {
        self.read.as_ref().and_then(|r| r.meta.modified().ok())
    }

    /// The BLAKE3 digest of the list's bytes as they were read (`None`: it did not
    /// exist), read again from the descriptor it was read through.
    ///
    /// # Errors
    /// It cannot be read again, or it changed since it was read (as said by
    /// [`ListFile::commit`]).
    pub fn digest(&self) -> Result<Option<[u8; 32]>, String> {
        if self.read.is_none() {
            return Ok(None);
        }
        self.new_digest(&HashMap::new(), b"").map(Some)
    }

    /// The BLAKE3 digest of the list [`ListFile::commit_edits`] would write with these
    /// `edits` and `lines`.
    ///
    /// # Errors
    /// As [`ListFile::digest`].
    pub fn new_digest(
        &self,
        edits: &HashMap<Vec<u8>, Edit>,
        lines: &[u8],
    ) -> Result<[u8; 32], String> {
        let mut h = blake3::Hasher::new();
        self.write_edited(&mut h, edits, lines, false)
            .map_err(|e| self.failure(e))?;
        Ok(*h.finalize().as_bytes())
    }

    /// Writes the list again with the lines of the names in `edits` replaced or left out
    /// and `lines` appended, atomically, as [`ListFile::commit`] does. Nothing is written
    /// when there is nothing to change. `meanwhile` is called with the temporary file's
    /// path once it holds the new list, before it is renamed.
    ///
    /// # Errors
    /// As [`ListFile::commit`]; the list is then as it was.
    pub fn commit_edits(
        &self,
        edits: &HashMap<Vec<u8>, Edit>,
        lines: &[u8],
        meanwhile: &dyn Fn(&Path),
    ) -> Result<(), String> {
        if edits.is_empty() && lines.is_empty() {
            return Ok(());
        }
        self.commit_full(edits, lines, meanwhile)
    }

    /// The message for a failure.
    fn failure(&self, e: Failure) -> String {
        match e {
            Failure::Changed | Failure::Swapped => self.changed(),
            Failure::Io(e) => format!(
                "{}: {} (list not changed)",
                quote(&self.shown),
                describe_io_error(&e)
            ),
        }
    }

    /// The list's path (symbolic links resolved).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the list again with `lines` appended, atomically: a temporary file beside
    /// it, renamed over it (see the module documentation). Nothing is written when `lines`
    /// is empty.
    ///
    /// # Errors
    /// One line naming the list and the cause; the list is then as it was: it changed
    /// since it was read (or was created meanwhile), the temporary file was replaced
    /// while it was written, or the new file could not be written.
    pub fn commit(&self, lines: &[u8]) -> Result<(), String> {
        self.commit_with(lines, &|_| {})
    }

    /// [`ListFile::commit`], calling `meanwhile` with the temporary file's path once it
    /// holds the new list and before its metadata is set (tests replace it there, as
    /// another user could).
    fn commit_with(&self, lines: &[u8], meanwhile: &dyn Fn(&Path)) -> Result<(), String> {
        if lines.is_empty() {
            return Ok(());
        }
        self.commit_full(&HashMap::new(), lines, meanwhile)
    }

    /// [`ListFile::commit_edits`] without the check for nothing to do.
    fn commit_full(
        &self,
        edits: &HashMap<Vec<u8>, Edit>,
        lines: &[u8],
        meanwhile: &dyn Fn(&Path),
    ) -> Result<(), String> {
        let q = quote(&self.shown);
        let fail = |e: std::io::Error| format!("{q}: {} (list not changed)", describe_io_error(&e));
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let base = self.path.file_name().unwrap_or_default();
        #[cfg(unix)]
        return unix::commit(self, dir, base, edits, lines, meanwhile).map_err(|e| match e {
            Failure::Changed => self.changed(),
            Failure::Swapped => format!(
                "{q}: the temporary file was replaced while the list was written (list not changed)"
            ),
            Failure::Io(e) => fail(e),
        });
        #[cfg(not(unix))]
        return self.commit_by_path(dir, base, edits, lines, meanwhile, &fail);
    }

    /// The message for a list that changed since it was read.
    fn changed(&self) -> String {
        format!(
            "{}: the list changed while it was being updated (list not changed)",
            quote(&self.shown)
        )
    }

    /// Writes the list's bytes (and a newline its last line lacked), with `edits`, and
    /// then `lines` to `tmp`; the bytes come from the descriptor the list was read
    /// through, and must be what was read.
    fn write_new(
        &self,
        tmp: &mut fs::File,
        edits: &HashMap<Vec<u8>, Edit>,
        lines: &[u8],
    ) -> Result<(), Failure> {
        self.write_edited(tmp, edits, lines, true)
    }

    /// [`ListFile::write_new`] into any writer; `check` also makes sure the list is still
    /// the file that was read.
    fn write_edited(
        &self,
        out: &mut dyn Write,
        edits: &HashMap<Vec<u8>, Edit>,
        lines: &[u8],
        check: bool,
    ) -> Result<(), Failure> {
        if let Some(r) = &self.read {
            let mut old = &r.file;
            std::io::Seek::rewind(&mut old).map_err(Failure::Io)?;
            // The lines edited, in list order: copied up to each, which is replaced or
            // left out.
            let mut cuts: Vec<(u64, u64, Option<&[u8]>)> = Vec::new();
            for (name, edit) in edits {
                let Some(l) = self.entries.get(name) else {
                    continue;
                };
                for (i, &(start, end)) in l.spans.iter().enumerate() {
                    let with = match edit {
                        Edit::Replace(b) if i == 0 => Some(&b[..]),
                        _ => None,
                    };
                    cuts.push((start, end, with));
                }
            }
            cuts.sort_unstable_by_key(|c| c.0);
            let mut at = 0u64;
            let mut copied = 0u64;
            let mut last_line_cut = false;
            for (start, end, with) in cuts {
                copied +=
                    std::io::copy(&mut (&mut old).take(start - at), out).map_err(Failure::Io)?;
                copied += std::io::copy(&mut (&mut old).take(end - start), &mut std::io::sink())
                    .map_err(Failure::Io)?;
                if let Some(b) = with {
                    out.write_all(b).map_err(Failure::Io)?;
                }
                at = end;
                last_line_cut = end == r.stamp.len;
            }
            copied += std::io::copy(&mut old, out).map_err(Failure::Io)?;
            if copied != r.stamp.len || (check && !self.unchanged()?) {
                return Err(Failure::Changed);
            }
            if self.unterminated && !last_line_cut {
                out.write_all(b"\n").map_err(Failure::Io)?;
            }
        }
        out.write_all(lines).map_err(Failure::Io)
    }

    /// Whether the list's open file is as it was read (size, times, inode).
    fn unchanged(&self) -> Result<bool, Failure> {
        Ok(match &self.read {
            Some(r) => Stamp::of(&r.file.metadata().map_err(Failure::Io)?) == r.stamp,
            None => true,
        })
    }

    /// The old way, by path, where there are no directory descriptors (Windows): a
    /// temporary file beside the list, renamed over it.
    #[cfg(not(unix))]
    fn commit_by_path(
        &self,
        dir: &Path,
        base: &std::ffi::OsStr,
        edits: &HashMap<Vec<u8>, Edit>,
        lines: &[u8],
        meanwhile: &dyn Fn(&Path),
        fail: &dyn Fn(std::io::Error) -> String,
    ) -> Result<(), String> {
        let prefix = format!(".{}.", base.to_string_lossy());
        let mut tmp = tempfile::Builder::new()
            .prefix(&prefix)
            .suffix(".khsum-update")
            .tempfile_in(dir)
            .map_err(fail)?;
        let err = |e: Failure| match e {
            Failure::Changed | Failure::Swapped => self.changed(),
            Failure::Io(e) => fail(e),
        };
        self.write_new(tmp.as_file_mut(), edits, lines)
            .map_err(err)?;
        meanwhile(tmp.path());
        if let Some(r) = &self.read {
            tmp.as_file()
                .set_permissions(r.meta.permissions())
                .map_err(fail)?;
        }
        tmp.as_file().sync_all().map_err(fail)?;
        match &self.read {
            Some(r) => {
                let now = fs::metadata(&self.path).map_err(|_| self.changed())?;
                if Stamp::of(&now) != r.stamp {
                    return Err(self.changed());
                }
                tmp.persist(&self.path).map_err(|e| fail(e.error))?;
            }
            None => {
                tmp.persist_noclobber(&self.path).map_err(|e| {
                    if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                        self.changed()
                    } else {
                        fail(e.error)
                    }
                })?;
            }
        }
        Ok(())
    }
}

/// Why a commit did not happen.
enum Failure {
    /// The list is not the file that was read any more (or was created meanwhile).
    Changed,
    /// The temporary file's name no longer names the file khsum wrote.
    #[cfg_attr(not(unix), allow(dead_code))]
    Swapped,
    Io(std::io::Error),
}

/// Opens the list for reading: a symbolic link is resolved first, so the file opened is
/// the one it points to, by its real path (returned).
fn open_list(path: &Path) -> std::io::Result<(PathBuf, fs::File)> {
    let real = fs::canonicalize(path)?;
    let mut o = fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut o, libc::O_NOFOLLOW);
    let file = o.open(&real)?;
    Ok((real, file))
}

#[cfg(unix)]
mod unix {
    use super::{Edit, Failure, ListFile};
    use rustix::fs::{AtFlags, Mode, OFlags};
    use std::collections::HashMap;
    use std::ffi::{OsStr, OsString};
    use std::fs;
    use std::os::fd::{AsFd, OwnedFd};
    use std::os::unix::fs::MetadataExt;
    use std::path::Path;

    fn io(e: rustix::io::Errno) -> Failure {
        Failure::Io(e.into())
    }

    /// Whether `name` in `dir` (not following a link) is the open file `fd`.
    fn names(dir: &OwnedFd, name: &OsStr, fd: impl AsFd) -> Result<bool, Failure> {
        let f = rustix::fs::fstat(fd).map_err(io)?;
        Ok(
            match rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW) {
                Ok(n) => n.st_dev == f.st_dev && n.st_ino == f.st_ino,
                Err(rustix::io::Errno::NOENT) => false,
                Err(e) => return Err(io(e)),
            },
        )
    }

    /// A fresh name for the temporary file: `.LIST.<random>.khsum-update`.
    fn temp_name(base: &OsStr, attempt: u32) -> OsString {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u32(attempt);
        h.write_u32(std::process::id());
        let mut name = OsString::from(".");
        name.push(base);
        name.push(format!(
            ".{:012x}.khsum-update",
            h.finish() & 0xffff_ffff_ffff
        ));
        name
    }

    /// The nine permission bits of `bits` as a [`Mode`] (whose raw type is `u32` on Linux
    /// and `u16` on macOS): setuid, setgid and sticky are never carried over.
    fn permissions(bits: u32) -> Mode {
        const BITS: [(u32, Mode); 9] = [
            (0o400, Mode::RUSR),
            (0o200, Mode::WUSR),
            (0o100, Mode::XUSR),
            (0o040, Mode::RGRP),
            (0o020, Mode::WGRP),
            (0o010, Mode::XGRP),
            (0o004, Mode::ROTH),
            (0o002, Mode::WOTH),
            (0o001, Mode::XOTH),
        ];
        BITS.iter()
            .filter(|(bit, _)| bits & bit != 0)
            .fold(Mode::empty(), |m, (_, flag)| m | *flag)
    }

    /// Creates the temporary file in `dir` (exclusively, never through a link), with
    /// `mode` (0600 for a copy of a list, whose mode is set later; 0666 less the umask
    /// for a new list).
    fn create(dir: &OwnedFd, base: &OsStr, mode: u32) -> Result<(OsString, fs::File), Failure> {
        let flags =
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        for attempt in 0..100 {
            let name = temp_name(base, attempt);
            match rustix::fs::openat(dir, &name, flags, permissions(mode)) {
                Ok(fd) => return Ok((name, fs::File::from(fd))),
                Err(rustix::io::Errno::EXIST) => continue,
                Err(e) => return Err(io(e)),
            }
        }
        Err(Failure::Io(std::io::Error::other(
            "could not create a temporary file",
        )))
    }

    /// The list's owner, group, mode (never setuid, setgid or sticky) and extended
    /// attributes (ACLs included) onto the temporary file, as far as the caller may set
    /// them: a file khsum may not give away keeps the caller's owner (and group), and an
    /// attribute it may not set is left out.
    fn copy_metadata(from: &fs::File, meta: &fs::Metadata, to: &fs::File) -> Result<(), Failure> {
        use rustix::fs::{Gid, Uid};
        let (uid, gid) = (Uid::from_raw(meta.uid()), Gid::from_raw(meta.gid()));
        if rustix::fs::fchown(to, Some(uid), Some(gid)).is_err() {
            let _ = rustix::fs::fchown(to, None, Some(gid));
        }
        rustix::fs::fchmod(to, permissions(meta.mode())).map_err(io)?;
        copy_xattrs(from, to);
        Ok(())
    }

    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    fn copy_xattrs(from: &fs::File, to: &fs::File) {
        let Ok(n) = rustix::fs::flistxattr_query(from) else {
            return;
        };
        let mut names = vec![0u8; n];
        let Ok(n) = rustix::fs::flistxattr(from, &mut names[..]) else {
            return;
        };
        for name in names[..n].split(|&c| c == 0).filter(|n| !left_off(n)) {
            let name = OsStr::new(std::str::from_utf8(name).unwrap_or_default());
            if name.is_empty() {
                continue;
            }
            let Ok(len) = rustix::fs::fgetxattr_query(from, name) else {
                continue;
            };
            let mut value = vec![0u8; len];
            if let Ok(len) = rustix::fs::fgetxattr(from, name, &mut value[..]) {
                let _ =
                    rustix::fs::fsetxattr(to, name, &value[..len], rustix::fs::XattrFlags::empty());
            }
        }
    }

    #[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
    fn copy_xattrs(_: &fs::File, _: &fs::File) {}

    /// Whether an extended attribute is left off the rewritten list, as setuid is: file
    /// capabilities (`security.capability`) would grant privileges to a file khsum wrote,
    /// an IMA or EVM measurement (`security.ima`, `security.evm`) was of the old content,
    /// and `trusted.*` belongs to the administrator alone. ACLs, the SELinux label and
    /// `user.*` are kept.
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    fn left_off(name: &[u8]) -> bool {
        name.is_empty()
            || name.starts_with(b"trusted.")
            || [
                &b"security.capability"[..],
                b"security.ima",
                b"security.evm",
            ]
            .contains(&name)
    }

    /// Renames `tmp` to `base` in `dir`; for a new list only if `base` does not exist.
    fn rename(dir: &OwnedFd, tmp: &OsStr, base: &OsStr, replace: bool) -> Result<(), Failure> {
        let res = if replace {
            rustix::fs::renameat(dir, tmp, dir, base)
        } else {
            #[cfg(any(target_os = "linux", target_os = "android"))]
            {
                rustix::fs::renameat_with(dir, tmp, dir, base, rustix::fs::RenameFlags::NOREPLACE)
            }
            #[cfg(not(any(target_os = "linux", target_os = "android")))]
            {
                rustix::fs::linkat(dir, tmp, dir, base, AtFlags::empty())
                    .and_then(|()| rustix::fs::unlinkat(dir, tmp, AtFlags::empty()))
            }
        };
        match res {
            Ok(()) => Ok(()),
            Err(rustix::io::Errno::EXIST) => Err(Failure::Changed),
            Err(e) => Err(io(e)),
        }
    }

    pub(super) fn commit(
        list: &ListFile,
        dir: &Path,
        base: &OsStr,
        edits: &HashMap<Vec<u8>, Edit>,
        lines: &[u8],
        meanwhile: &dyn Fn(&Path),
    ) -> Result<(), Failure> {
        let dirfd = rustix::fs::open(
            dir,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .map_err(io)?;
        // The list's name must still name the file that was read.
        let same_list = || -> Result<bool, Failure> {
            Ok(match &list.read {
                Some(r) => names(&dirfd, base, &r.file)? && list.unchanged()?,
                None => true,
            })
        };
        if !same_list()? {
            return Err(Failure::Changed);
        }
        let mode = if list.read.is_some() { 0o600 } else { 0o666 };
        let (tmp_name, mut tmp) = create(&dirfd, base, mode)?;
        let result = (|| {
            list.write_new(&mut tmp, edits, lines)?;
            meanwhile(&dir.join(&tmp_name));
            if let Some(r) = &list.read {
                copy_metadata(&r.file, &r.meta, &tmp)?;
            }
            tmp.sync_all().map_err(Failure::Io)?;
            // Nobody swapped the temporary file (in a directory others may write), and
            // the list is still the file that was read.
            if !names(&dirfd, &tmp_name, &tmp)? {
                return Err(Failure::Swapped);
            }
            if !same_list()? {
                return Err(Failure::Changed);
            }
            rename(&dirfd, &tmp_name, base, list.read.is_some())?;
            rustix::fs::fsync(&dirfd).map_err(io)
        })();
        if result.is_err() && names(&dirfd, &tmp_name, &tmp).unwrap_or(false) {
            // Only a file that is still ours is removed.
            let _ = rustix::fs::unlinkat(&dirfd, &tmp_name, AtFlags::empty());
        }
        result
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
        for (name, normal) in [
            (&b"dir/"[..], &b"dir"[..]),
            (b".", b""),
            (b"a/.", b"a"),
            (b"a/.b", b"a/.b"),
            (b"//a", b"/a"),
            (b"", b""),
        ] {
            assert_eq!(
                &*normalize(name),
                normal,
                "{:?}",
                String::from_utf8_lossy(name)
            );
        }
        // A normal name is not copied.
        for name in [&b"a/b"[..], b"/x/y", b"a/..", b".a", b""] {
            assert!(matches!(normalize(name), std::borrow::Cow::Borrowed(_)));
        }
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
        match e {
            ListError::Refused { why, .. } => assert_eq!(
                why,
                Refusal::NotAList {
                    line: 1,
                    what: "sha256".into()
                }
            ),
            ListError::Plain(m) => panic!("{m}"),
        }
        // No other file is left in the directory.
        assert_eq!(fs::read_dir(d.path()).unwrap().count(), 1);
    }

    /// Another user swaps the temporary file for a symbolic link to a private file of
    /// the caller while the new list is written (a group-writable directory without the
    /// sticky bit): the private file keeps its mode (permissions are set on the
    /// descriptor, not through the name), the list is not replaced by the link, the
    /// link is not removed (it is not khsum's), and the error says what happened. Before,
    /// the private file became 0644 and the link was renamed over the list.
    #[cfg(unix)]
    #[test]
    fn a_swapped_temporary_file_is_neither_chmodded_nor_renamed() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::TempDir::new().unwrap();
        let l = d.path().join("L");
        let line = format!("{}  a\n", "ab".repeat(32));
        fs::write(&l, &line).unwrap();
        fs::set_permissions(&l, fs::Permissions::from_mode(0o644)).unwrap();
        let victim = d.path().join("private");
        fs::write(&victim, "secret").unwrap();
        fs::set_permissions(&victim, fs::Permissions::from_mode(0o600)).unwrap();
        let list = ListFile::read(&l, parser(), &|_| true, "sha256").unwrap();
        let moved = d.path().join("moved-away");
        let swap = |tmp: &Path| {
            fs::rename(tmp, &moved).unwrap();
            std::os::unix::fs::symlink(&victim, tmp).unwrap();
        };
        let e = list
            .commit_with(format!("{}  b\n", "cd".repeat(32)).as_bytes(), &swap)
            .unwrap_err();
        assert_eq!(
            e,
            format!(
                "{}: the temporary file was replaced while the list was written (list not changed)",
                quote(&path_bytes(&l))
            )
        );
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode(&victim), 0o600);
        assert_eq!(fs::read_to_string(&victim).unwrap(), "secret");
        assert_eq!(fs::read_to_string(&l).unwrap(), line);
        assert!(!fs::symlink_metadata(&l).unwrap().file_type().is_symlink());
        // The attacker's link is left where it is: L, private, moved-away and the link.
        assert_eq!(fs::read_dir(d.path()).unwrap().count(), 4);
    }

    /// Lines longer than [`LINE_MAX`] are refused with the list's name and the line.
    #[test]
    fn overlong_lines_are_refused() {
        let d = tempfile::TempDir::new().unwrap();
        let l = d.path().join("L");
        let mut text = format!("{}  a\n", "ab".repeat(32)).into_bytes();
        text.extend(std::iter::repeat_n(b'x', LINE_MAX + 1));
        fs::write(&l, &text).unwrap();
        let Some(ListError::Plain(e)) = ListFile::read(&l, parser(), &|_| true, "sha256").err()
        else {
            panic!("not refused as too long")
        };
        assert_eq!(
            e,
            format!(
                "{}: 2: line too long (more than {LINE_MAX} bytes) (list not changed)",
                quote(&path_bytes(&l))
            )
        );
    }
}
