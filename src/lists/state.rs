//! The state `khsum audit` keeps beside a checksum list: per listed file its digest (the
//! one the row was made for), algorithm, size, mtime and ctime in ns, device, inode and
//! when it was last verified. It lives in an SQLite database named [`STATE_SUFFIX`] after the list
//! (`B3SUMS.khsum-state`), so the list stays a plain list `b3sum -c` and `sha256sum -c`
//! read.
//!
//! **The list is the authority.** A row counts only while its digest is the list's for
//! that name: a list edited by hand or by `khsum --update` makes the rows of the lines it
//! changed void, never wrong.
//!
//! **Crash safety.** Every write is one SQLite transaction (rollback journal, `synchronous
//! = FULL`). When a run also rewrites the list, list and state change together in two
//! phases: the new rows go to a `pending` table with the BLAKE3 digest of the new list's
//! bytes ([`Store::prepare`]); the list is renamed into place; then the pending rows
//! replace the old ones ([`Store::settle`]). A run killed anywhere leaves either the old
//! list with the old rows (the pending rows are dropped when the next run finds a list
//! that is not the one they were made for) or the new list with the new rows (rolled
//! forward when it is): never a mix ([`Store::load_each`]).

use std::fmt;
use std::path::{Path, PathBuf};

/// The state file's name is the list's with this suffix.
pub const STATE_SUFFIX: &str = ".khsum-state";

/// The schema version this code reads and writes.
const VERSION: i64 = 1;

/// What the state says of one file, as it was when last recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The algorithm the digest is of.
    pub algorithm: String,
    /// The list digest the row was made for.
    pub digest: Vec<u8>,
    pub size: u64,
    /// Modification time, ns since the epoch.
    pub mtime: i64,
    /// Status-change time, ns since the epoch: a write, or an mtime set back with
    /// `touch -d`, moves it; bit rot on the disk does not.
    pub ctime: i64,
    pub dev: u64,
    pub ino: u64,
    /// When its content was last read and found to match, ns since the epoch.
    pub verified: i64,
}

/// A row as [`Store::load_each`] reads it, borrowed from the database.
#[derive(Clone, Copy, Debug)]
pub struct RowRef<'a> {
    pub algorithm: &'a str,
    pub digest: &'a [u8],
    pub known: Known,
}

impl RowRef<'_> {
    /// The row, owned.
    pub fn to_row(&self) -> Row {
        Row {
            algorithm: self.algorithm.to_string(),
            digest: self.digest.to_vec(),
            size: self.known.size,
            mtime: self.known.mtime,
            ctime: self.known.ctime,
            dev: self.known.dev,
            ino: self.known.ino,
            verified: self.known.verified,
        }
    }
}

/// What a row says of a file's metadata, without its digest and algorithm: what an
/// audit keeps per listed name (48 bytes, no allocation) to tell an unchanged file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    pub size: u64,
    /// Modification time, ns since the epoch.
    pub mtime: i64,
    /// Status-change time, ns since the epoch.
    pub ctime: i64,
    pub dev: u64,
    pub ino: u64,
    /// When its content was last read and found to match, ns since the epoch.
    pub verified: i64,
}

/// Why the state could not be used.
#[derive(Debug)]
pub struct StateError {
    /// The state file.
    pub path: PathBuf,
    pub kind: StateErrorKind,
}

/// What went wrong with the state file.
#[derive(Debug)]
pub enum StateErrorKind {
    /// SQLite's error (I/O, a locked or corrupt database, …), as it says it.
    Database(String),
    /// A database of another schema version (written by a newer khsum).
    Version(i64),
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = crate::files::names::quote(&crate::files::names::path_bytes(&self.path));
        match &self.kind {
            StateErrorKind::Database(m) => write!(f, "{p}: {m}"),
            StateErrorKind::Version(v) => write!(
                f,
                "{p}: state version {v}, this khsum reads version {VERSION}"
            ),
        }
    }
}

/// A change to the state.
#[derive(Clone, Debug, Default)]
pub struct Changes {
    /// Rows written whole (new, moved, changed, touched, accepted, first verified).
    pub upserts: Vec<(Vec<u8>, Row)>,
    /// Rows removed (pruned, moved away, no longer listed).
    pub deletes: Vec<Vec<u8>>,
    /// Names whose content was verified now: only their `verified` time changes.
    pub verified: Vec<Vec<u8>>,
    /// The time written as `verified`.
    pub now: i64,
}

impl Changes {
    /// Whether nothing changes.
    pub fn is_empty(&self) -> bool {
        self.upserts.is_empty() && self.deletes.is_empty() && self.verified.is_empty()
    }
}

/// An open state database.
pub struct Store {
    conn: rusqlite::Connection,
    path: PathBuf,
}

/// The state file of the list at `list` (its real path).
pub fn path_for(list: &Path) -> PathBuf {
    let mut p = list.as_os_str().to_owned();
    p.push(STATE_SUFFIX);
    PathBuf::from(p)
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value BLOB) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS files(
    name BLOB PRIMARY KEY, algorithm TEXT NOT NULL, digest BLOB NOT NULL,
    size INTEGER NOT NULL, mtime INTEGER NOT NULL, ctime INTEGER NOT NULL,
    dev INTEGER NOT NULL,
    ino INTEGER NOT NULL, verified INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS pending(
    name BLOB PRIMARY KEY, gone INTEGER NOT NULL, algorithm TEXT, digest BLOB,
    size INTEGER, mtime INTEGER, ctime INTEGER, dev INTEGER, ino INTEGER,
    verified INTEGER) WITHOUT ROWID;
";

impl Store {
    /// Opens the state at `path`; `None` when there is none and `create` is false.
    ///
    /// # Errors
    /// The database cannot be opened or read, or is of another version.
    pub fn open(path: &Path, create: bool) -> Result<Option<Store>, StateError> {
        use rusqlite::OpenFlags;
        let exists = std::fs::symlink_metadata(path).is_ok();
        if !exists && !create {
            return Ok(None);
        }
        let err = |e: rusqlite::Error| StateError {
            path: path.to_path_buf(),
            kind: StateErrorKind::Database(e.to_string()),
        };
        let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        if create {
            flags |= OpenFlags::SQLITE_OPEN_CREATE;
        }
        let conn = rusqlite::Connection::open_with_flags(path, flags)
            .or_else(|e| {
                if create {
                    Err(e)
                } else {
                    // A state khsum may read but not write (another user's list).
                    rusqlite::Connection::open_with_flags(
                        path,
                        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
                    )
                }
            })
            .map_err(err)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .map_err(err)?;
        conn.pragma_update(None, "journal_mode", "DELETE")
            .map_err(err)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(err)?;
        let store = Store {
            conn,
            path: path.to_path_buf(),
        };
        if !conn_readonly(&store.conn) {
            store.conn.execute_batch(SCHEMA).map_err(err)?;
        }
        match store.meta_int("version").map_err(err)? {
            None if !conn_readonly(&store.conn) => {
                store
                    .conn
                    .execute(
                        "INSERT OR REPLACE INTO meta(key, value) VALUES('version', ?1)",
                        [VERSION],
                    )
                    .map_err(err)?;
            }
            Some(v) if v != VERSION => {
                return Err(StateError {
                    path: path.to_path_buf(),
                    kind: StateErrorKind::Version(v),
                });
            }
            _ => {}
        }
        Ok(Some(store))
    }

    /// The state file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn err(&self, e: rusqlite::Error) -> StateError {
        StateError {
            path: self.path.clone(),
            kind: StateErrorKind::Database(e.to_string()),
        }
    }

    fn meta_int(&self, key: &str) -> rusqlite::Result<Option<i64>> {
        use rusqlite::OptionalExtension;
        self.conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()
            .map(Option::flatten)
    }

    fn meta_blob(&self, key: &str) -> rusqlite::Result<Option<Vec<u8>>> {
        use rusqlite::OptionalExtension;
        self.conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()
            .map(Option::flatten)
    }

    /// The algorithm the state's list is of, as recorded when it was made.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn algorithm(&self) -> Result<Option<String>, StateError> {
        let v = self.meta_blob("algorithm").map_err(|e| self.err(e))?;
        Ok(v.and_then(|b| String::from_utf8(b).ok()))
    }

    /// Records the list's algorithm.
    ///
    /// # Errors
    /// The database cannot be written.
    pub fn set_algorithm(&self, name: &str) -> Result<(), StateError> {
        self.conn
            .execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES('algorithm', ?1)",
                [name.as_bytes()],
            )
            .map(|_| ())
            .map_err(|e| self.err(e))
    }

    /// Every row for the list whose bytes have the BLAKE3 digest `list` (`None`: no list),
    /// each given to `each` with its name as it is read, so a caller that keeps only part
    /// of each row never holds them all: pending rows of an interrupted run are rolled
    /// forward when they were made for this list, and dropped when not (see the module
    /// documentation).
    ///
    /// # Errors
    /// The database cannot be read (or, to settle an interrupted run, written).
    pub fn load_each(
        &mut self,
        list: Option<&[u8]>,
        each: &mut dyn FnMut(&[u8], RowRef<'_>),
    ) -> Result<(), StateError> {
        let pending = self.meta_blob("pending_list").map_err(|e| self.err(e))?;
        if let Some(p) = pending {
            if Some(&p[..]) == list {
                self.settle()?;
            } else if !conn_readonly(&self.conn) {
                let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
                tx.execute_batch(
                    "DELETE FROM pending; DELETE FROM meta WHERE key = 'pending_list';",
                )
                .map_err(|e| self.err(e))?;
                tx.commit().map_err(|e| self.err(e))?;
            }
        }
        let mut stmt = self
            .conn
            .prepare(
                "SELECT name, algorithm, digest, size, mtime, ctime, dev, ino, verified FROM files",
            )
            .map_err(|e| self.err(e))?;
        let mut q = stmt.query([]).map_err(|e| self.err(e))?;
        while let Some(r) = q.next().map_err(|e| self.err(e))? {
            // Borrowed from SQLite's row: nothing is allocated for a row.
            let mut get = |r: &rusqlite::Row<'_>| -> rusqlite::Result<()> {
                let row = RowRef {
                    algorithm: r.get_ref(1)?.as_str()?,
                    digest: r.get_ref(2)?.as_blob()?,
                    known: Known {
                        size: r.get::<_, i64>(3)? as u64,
                        mtime: r.get(4)?,
                        ctime: r.get(5)?,
                        dev: r.get::<_, i64>(6)? as u64,
                        ino: r.get::<_, i64>(7)? as u64,
                        verified: r.get(8)?,
                    },
                };
                each(r.get_ref(0)?.as_blob()?, row);
                Ok(())
            };
            get(r).map_err(|e| self.err(e))?;
        }
        drop(q);
        drop(stmt);
        Ok(())
    }

    /// Writes `changes` in one transaction (a run that leaves the list as it is).
    ///
    /// # Errors
    /// The database cannot be written: nothing of `changes` is.
    pub fn apply(&mut self, changes: &Changes) -> Result<(), StateError> {
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        write_rows(&tx, "files", changes).map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))
    }

    /// The first phase of a run that rewrites the list: `changes` stored as pending, for
    /// the new list whose bytes have the BLAKE3 digest `list` (verified times are written
    /// at once: they hold whichever list wins).
    ///
    /// # Errors
    /// The database cannot be written: nothing of `changes` is.
    pub fn prepare(&mut self, changes: &Changes, list: &[u8]) -> Result<(), StateError> {
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        (|| {
            tx.execute("DELETE FROM pending", [])?;
            let verified = Changes {
                verified: changes.verified.clone(),
                now: changes.now,
                ..Changes::default()
            };
            write_rows(&tx, "files", &verified)?;
            let rows = Changes {
                verified: Vec::new(),
                ..changes.clone()
            };
            write_rows(&tx, "pending", &rows)?;
            tx.execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES('pending_list', ?1)",
                [list],
            )?;
            Ok(())
        })()
        .map_err(|e| self.err(e))?;
        test_pause("in-prepare");
        tx.commit().map_err(|e| self.err(e))
    }

    /// The last phase: the pending rows replace the old ones (the list they were made for
    /// is in place).
    ///
    /// # Errors
    /// The database cannot be written: the pending rows stay, for the next run to settle.
    pub fn settle(&mut self) -> Result<(), StateError> {
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        tx.execute_batch(
            "DELETE FROM files WHERE name IN (SELECT name FROM pending);
             INSERT INTO files(name, algorithm, digest, size, mtime, ctime, dev, ino, verified)
                 SELECT name, algorithm, digest, size, mtime, ctime, dev, ino, verified
                 FROM pending WHERE gone = 0;
             DELETE FROM pending;
             DELETE FROM meta WHERE key = 'pending_list';",
        )
        .map_err(|e| self.err(e))?;
        test_pause("in-settle");
        tx.commit().map_err(|e| self.err(e))
    }
}

fn conn_readonly(c: &rusqlite::Connection) -> bool {
    c.is_readonly(rusqlite::MAIN_DB).unwrap_or(true)
}

/// Writes `changes` into `table` (`files`, or `pending` with its `gone` column).
fn write_rows(
    tx: &rusqlite::Transaction<'_>,
    table: &str,
    changes: &Changes,
) -> rusqlite::Result<()> {
    let pending = table == "pending";
    {
        let sql = if pending {
            "INSERT OR REPLACE INTO pending(name, gone, algorithm, digest, size, mtime, ctime, dev, ino, verified) VALUES(?1, 0, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
        } else {
            "INSERT OR REPLACE INTO files(name, algorithm, digest, size, mtime, ctime, dev, ino, verified) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
        };
        let mut up = tx.prepare(sql)?;
        for (name, r) in &changes.upserts {
            up.execute(rusqlite::params![
                name,
                r.algorithm,
                r.digest,
                r.size as i64,
                r.mtime,
                r.ctime,
                r.dev as i64,
                r.ino as i64,
                r.verified
            ])?;
        }
    }
    {
        let sql = if pending {
            "INSERT OR REPLACE INTO pending(name, gone) VALUES(?1, 1)"
        } else {
            "DELETE FROM files WHERE name = ?1"
        };
        let mut del = tx.prepare(sql)?;
        for name in &changes.deletes {
            del.execute([name])?;
        }
    }
    if !changes.verified.is_empty() {
        let mut v = tx.prepare("UPDATE files SET verified = ?1 WHERE name = ?2")?;
        for name in &changes.verified {
            v.execute(rusqlite::params![changes.now, name])?;
        }
    }
    Ok(())
}

/// A test hook (debug builds only): when `KHSUM_TEST_AUDIT_PAUSE` names `point`, says so
/// on stderr and waits there for ever, for a test to kill the process at that point.
#[cfg(debug_assertions)]
pub(crate) fn test_pause(point: &str) {
    if std::env::var_os("KHSUM_TEST_AUDIT_PAUSE").is_some_and(|p| p == point) {
        eprintln!("khsum: paused at {point}");
        loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
        }
    }
}

#[cfg(not(debug_assertions))]
pub(crate) fn test_pause(_: &str) {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn row(d: u8) -> Row {
        Row {
            algorithm: "blake3".into(),
            digest: vec![d; 32],
            size: 1,
            mtime: 2,
            ctime: 2,
            dev: 3,
            ino: 4,
            verified: 5,
        }
    }

    /// Pending rows roll forward for the list they were made for, and are dropped for
    /// any other.
    /// Every row, by name (what `load_each` gives).
    fn load(s: &mut Store, list: &[u8]) -> HashMap<Vec<u8>, Row> {
        let mut rows = HashMap::new();
        s.load_each(Some(list), &mut |name, row| {
            rows.insert(name.to_vec(), row.to_row());
        })
        .unwrap();
        rows
    }

    #[test]
    fn pending_rows_follow_the_list() {
        let d = tempfile::TempDir::new().unwrap();
        let p = d.path().join("L.khsum-state");
        let mut s = Store::open(&p, true).unwrap().unwrap();
        let first = Changes {
            upserts: vec![(b"a".to_vec(), row(1))],
            ..Changes::default()
        };
        s.apply(&first).unwrap();
        let second = Changes {
            upserts: vec![(b"b".to_vec(), row(2))],
            deletes: vec![b"a".to_vec()],
            ..Changes::default()
        };
        s.prepare(&second, b"new").unwrap();
        drop(s);
        // The old list is still there: the old rows.
        let mut s = Store::open(&p, false).unwrap().unwrap();
        let rows = load(&mut s, b"old");
        assert_eq!(rows.keys().collect::<Vec<_>>(), [&b"a".to_vec()]);
        s.prepare(&second, b"new").unwrap();
        // The new list is: the new rows.
        let rows = load(&mut s, b"new");
        assert_eq!(rows.keys().collect::<Vec<_>>(), [&b"b".to_vec()]);
        assert_eq!(rows[&b"b".to_vec()], row(2));
    }
}
