//! Recursive directory traversal for `-r`: a deterministic order (entries sorted by the
//! bytes of their names), symbolic links followed, and loops detected rather than walked.

use crate::names::path_bytes;
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

/// One thing found while walking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A regular file (or a link to one) to hash.
    File(PathBuf),
    /// An entry that could not be walked or is a symbolic-link loop: reported as an
    /// error.
    Error(PathBuf, String),
    /// A FIFO, socket or device inside a tree: not hashed, reported as a warning.
    Skipped(PathBuf, String),
}

/// Identity of a directory, for loop detection.
type DirId = (u64, u64);

#[cfg(unix)]
fn dir_id(m: &fs::Metadata) -> DirId {
    use std::os::unix::fs::MetadataExt;
    (m.dev(), m.ino())
}

#[cfg(not(unix))]
fn dir_id(_m: &fs::Metadata) -> DirId {
    (0, 0)
}

struct Frame {
    /// Remaining entries of this directory, sorted in reverse (so `pop` yields order).
    entries: Vec<PathBuf>,
    id: DirId,
}

/// Walks a directory tree lazily, in sorted order.
pub struct Walker {
    stack: Vec<Frame>,
    ancestors: HashSet<DirId>,
    pending: Option<Item>,
}

impl Walker {
    /// Starts a walk at `root`, which must be a directory (or a link to one).
    pub fn new(root: &Path) -> Walker {
        let mut w = Walker {
            stack: Vec::new(),
            ancestors: HashSet::new(),
            pending: None,
        };
        match fs::metadata(root) {
            Ok(m) if m.is_dir() => w.enter(root, &m),
            Ok(_) => w.pending = Some(Item::File(root.to_path_buf())),
            Err(e) => {
                w.pending = Some(Item::Error(
                    root.to_path_buf(),
                    crate::io::describe_io_error(&e),
                ))
            }
        }
        w
    }

    fn enter(&mut self, dir: &Path, m: &fs::Metadata) {
        let id = dir_id(m);
        if !cfg!(unix) || self.ancestors.insert(id) {
            match fs::read_dir(dir) {
                Ok(rd) => {
                    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
                    entries.sort_by(|a, b| path_bytes(b).cmp(&path_bytes(a)));
                    self.stack.push(Frame { entries, id });
                }
                Err(e) => {
                    self.ancestors.remove(&id);
                    self.pending = Some(Item::Error(
                        dir.to_path_buf(),
                        crate::io::describe_io_error(&e),
                    ));
                }
            }
        } else {
            self.pending = Some(Item::Error(
                dir.to_path_buf(),
                "File system loop detected; not followed".into(),
            ));
        }
    }
}

impl Iterator for Walker {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some(p) = self.pending.take() {
                return Some(p);
            }
            let frame = self.stack.last_mut()?;
            let Some(path) = frame.entries.pop() else {
                let id = frame.id;
                self.stack.pop();
                self.ancestors.remove(&id);
                continue;
            };
            match fs::metadata(&path) {
                Ok(m) if m.is_dir() => self.enter(&path, &m),
                Ok(m) if m.is_file() => return Some(Item::File(path)),
                Ok(_) => {
                    return Some(Item::Skipped(path, "not a regular file; skipped".into()));
                }
                // A dangling link, or an entry removed since it was listed.
                Err(e) => return Some(Item::Error(path, crate::io::describe_io_error(&e))),
            }
        }
    }
}
