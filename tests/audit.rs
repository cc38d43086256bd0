//! `khsum audit`: the scripted events (each with its exact state line, stderr and exit
//! status), the update policy, kill -9 during `--update`, the rolling scrub, and lists
//! that `b3sum -c` and `sha256sum -c` still verify.

use crate::util::{Dir, Run, mkfifo, s};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The tree's files' mtimes: whole seconds from here, with a nanosecond fraction.
const T0: u64 = 1_600_000_000;
const FRAC: u32 = 123_456_789;

fn set_mtime(p: &Path, secs: i64, nanos: u32) {
    let t = if secs >= 0 {
        UNIX_EPOCH + Duration::new(secs as u64, nanos)
    } else {
        UNIX_EPOCH - Duration::from_secs((-secs) as u64) + Duration::from_nanos(nanos.into())
    };
    let f = fs::File::open(p).unwrap();
    f.set_times(
        fs::FileTimes::new()
            .set_modified(t)
            .set_accessed(SystemTime::now()),
    )
    .unwrap();
}

/// `d/a`, `d/b`, `d/empty`, `d/sub/c`, their mtimes set (`T0 + i` s and [`FRAC`] ns).
fn tree() -> Dir {
    let d = Dir::new();
    d.create("d/a", "alpha\n")
        .create("d/b", "bravo\n")
        .create("d/empty", "")
        .create("d/sub/c", "charlie\n");
    for (i, n) in ["d/a", "d/b", "d/empty", "d/sub/c"].iter().enumerate() {
        set_mtime(&d.path().join(n), (T0 + i as u64) as i64, FRAC);
    }
    d
}

fn audit(d: &Dir, args: &[&str]) -> Run {
    d.command().arg_list(&["audit"]).arg_list(args).run()
}

trait ArgList {
    fn arg_list(&mut self, a: &[&str]) -> &mut Self;
}

impl ArgList for crate::util::TestCommand {
    fn arg_list(&mut self, a: &[&str]) -> &mut Self {
        self.args(a)
    }
}

/// The first `audit --update L d`: every file new, the list created.
fn baseline(d: &Dir) -> Run {
    let r = audit(d, &["--update", "L", "d"]);
    assert_eq!(r.code, 0, "{}", r.err);
    r
}

/// One scripted event: what is done to the tree after the baseline (`before`: before
/// it), the options of the audit, and its exact stdout, stderr and exit status.
struct Event {
    what: &'static str,
    before: fn(&Path),
    act: fn(&Path),
    args: &'static [&'static str],
    env: Option<(&'static str, &'static str)>,
    out: &'static str,
    err: &'static str,
    code: i32,
}

fn nothing(_: &Path) {}

fn write(p: &Path, data: &str, secs: i64, nanos: u32) {
    fs::write(p, data).unwrap();
    set_mtime(p, secs, nanos);
}

const T: i64 = T0 as i64;

const EVENTS: &[Event] = &[
    Event {
        what: "nothing",
        before: nothing,
        act: nothing,
        args: &[],
        env: None,
        out: "",
        err: "khsum: L: 4 ok; 0 files read (0 bytes)\n",
        code: 0,
    },
    Event {
        what: "edit",
        before: nothing,
        act: |d| write(&d.join("d/a"), "alpha2\n", T + 3600, 0),
        args: &[],
        env: None,
        out: "d/a: changed\n",
        err: "khsum: L: 3 ok, 1 changed; 1 file read (7 bytes)\n",
        code: 0,
    },
    Event {
        what: "touch",
        before: nothing,
        act: |d| set_mtime(&d.join("d/a"), T + 3600, 0),
        args: &[],
        env: None,
        out: "d/a: touched\n",
        err: "khsum: L: 3 ok, 1 touched; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "touch back in time",
        before: nothing,
        act: |d| set_mtime(&d.join("d/a"), T - 100, 0),
        args: &[],
        env: None,
        out: "d/a: touched\n",
        err: "khsum: L: 3 ok, 1 touched; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "move",
        before: nothing,
        act: |d| fs::rename(d.join("d/a"), d.join("d/a2")).unwrap(),
        args: &[],
        env: None,
        out: "d/a2: moved from d/a\n",
        err: "khsum: L: 3 ok, 1 moved; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "copy",
        before: nothing,
        act: |d| {
            fs::copy(d.join("d/a"), d.join("d/a-copy")).unwrap();
        },
        args: &[],
        env: None,
        out: "d/a-copy: duplicate of d/a\n",
        err: "khsum: L: 4 ok, 1 duplicate; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "move across directories",
        before: nothing,
        act: |d| fs::rename(d.join("d/a"), d.join("d/sub/a")).unwrap(),
        args: &[],
        env: None,
        out: "d/sub/a: moved from d/a\n",
        err: "khsum: L: 3 ok, 1 moved; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "bit flip with mtime restored",
        before: nothing,
        act: |d| {
            let p = d.join("d/b");
            let mut data = fs::read(&p).unwrap();
            data[0] ^= 1;
            fs::OpenOptions::new()
                .write(true)
                .open(&p)
                .and_then(|mut f| std::io::Write::write_all(&mut f, &data))
                .unwrap();
            set_mtime(&p, T + 1, FRAC);
        },
        args: &[],
        env: None,
        out: "d/b: corrupt\n",
        err: "khsum: L: 3 ok, 1 corrupt; 1 file read (6 bytes)\n",
        code: 8,
    },
    Event {
        what: "truncate",
        before: nothing,
        act: |d| write(&d.join("d/b"), "br", T + 3600, 0),
        args: &[],
        env: None,
        out: "d/b: changed\n",
        err: "khsum: L: 3 ok, 1 changed; 1 file read (2 bytes)\n",
        code: 0,
    },
    Event {
        what: "extend",
        before: nothing,
        act: |d| write(&d.join("d/b"), "bravo\nmore\n", T + 3600, 0),
        args: &[],
        env: None,
        out: "d/b: changed\n",
        err: "khsum: L: 3 ok, 1 changed; 1 file read (11 bytes)\n",
        code: 0,
    },
    Event {
        what: "older content",
        before: nothing,
        act: |d| write(&d.join("d/a"), "ancient\n", T - 86400, 0),
        args: &[],
        env: None,
        out: "d/a: older\n",
        err: "khsum: L: 3 ok, 1 older; 1 file read (8 bytes)\n",
        code: 64,
    },
    Event {
        what: "delete",
        before: nothing,
        act: |d| fs::remove_file(d.join("d/b")).unwrap(),
        args: &[],
        env: None,
        out: "d/b: missing\n",
        err: "khsum: L: 3 ok, 1 missing; 0 files read (0 bytes)\n",
        code: 4,
    },
    Event {
        what: "delete and restore (mtime kept)",
        before: nothing,
        act: |d| {
            fs::remove_file(d.join("d/b")).unwrap();
            write(&d.join("d/b"), "bravo\n", T + 1, FRAC);
        },
        args: &[],
        env: None,
        out: "",
        err: "khsum: L: 4 ok; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "rename to a name with a newline",
        before: nothing,
        act: |d| fs::rename(d.join("d/a"), d.join("d/a\nb")).unwrap(),
        args: &[],
        env: None,
        out: "\\d/a\\nb: moved from d/a\n",
        err: "khsum: L: 3 ok, 1 moved; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "symlink swap",
        before: nothing,
        act: |d| {
            fs::remove_file(d.join("d/a")).unwrap();
            std::os::unix::fs::symlink("sub/c", d.join("d/a")).unwrap();
        },
        args: &[],
        env: None,
        out: "d/a: changed\n",
        err: "khsum: L: 3 ok, 1 changed; 1 file read (8 bytes)\n",
        code: 0,
    },
    Event {
        what: "symlink swap under -P",
        before: nothing,
        act: |d| {
            fs::remove_file(d.join("d/a")).unwrap();
            std::os::unix::fs::symlink("sub/c", d.join("d/a")).unwrap();
        },
        args: &["-P"],
        env: None,
        out: "d/a: not-regular (symbolic link; not followed: -P)\n",
        err: "khsum: L: 3 ok, 1 not-regular; 0 files read (0 bytes)\n",
        code: 16,
    },
    Event {
        what: "a FIFO in the tree",
        before: nothing,
        act: |d| mkfifo(&d.join("d/fifo")),
        args: &[],
        env: None,
        out: "d/fifo: not-regular\n",
        err: "khsum: L: 4 ok, 1 not-regular; 0 files read (0 bytes)\n",
        code: 0,
    },
    Event {
        what: "a FIFO where a listed file was",
        before: nothing,
        act: |d| {
            fs::remove_file(d.join("d/b")).unwrap();
            mkfifo(&d.join("d/b"));
        },
        args: &[],
        env: None,
        out: "d/b: not-regular\n",
        err: "khsum: L: 3 ok, 1 not-regular; 0 files read (0 bytes)\n",
        code: 16,
    },
    Event {
        what: "a file growing during the read",
        before: nothing,
        act: |d| set_mtime(&d.join("d/a"), T + 3600, 0),
        args: &[],
        env: Some(("KHSUM_TEST_AUDIT_GROW", "d/a")),
        out: "d/a: changed-during-read\n",
        err: "khsum: L: 3 ok, 1 changed-during-read; 1 file read (6 bytes)\n",
        code: 32,
    },
    Event {
        what: "an I/O error (EIO from /proc/self/mem at offset 0)",
        before: nothing,
        act: |d| std::os::unix::fs::symlink("/proc/self/mem", d.join("d/mem")).unwrap(),
        args: &[],
        env: None,
        out: "d/mem: unreadable\n",
        err: "khsum: d/mem: Input/output error\nkhsum: L: 4 ok, 1 unreadable; 0 files read (0 bytes)\n",
        code: 16,
    },
    Event {
        what: "copied to a file system that keeps seconds",
        before: nothing,
        act: |d| coarse_copy(d, 0),
        args: &[],
        env: None,
        out: "",
        err: "khsum: L: 4 ok; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "copied to a file system that keeps 100 ns (NTFS, SMB)",
        before: nothing,
        act: |d| coarse_copy(d, FRAC / 100 * 100),
        args: &[],
        env: None,
        out: "",
        err: "khsum: L: 4 ok; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "copied with its mtime 1 ns off (precision both sides have: ns)",
        before: nothing,
        act: |d| coarse_copy(d, FRAC - 1),
        args: &[],
        env: None,
        out: "d/a: touched\n",
        err: "khsum: L: 3 ok, 1 touched; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "duplicate deleted while the copy stays",
        before: |d| {
            fs::copy(d.join("d/a"), d.join("d/a-copy")).unwrap();
        },
        act: |d| fs::remove_file(d.join("d/a-copy")).unwrap(),
        args: &[],
        env: None,
        out: "d/a-copy: missing\n",
        err: "khsum: L: 4 ok, 1 missing; 0 files read (0 bytes)\n",
        code: 4,
    },
    Event {
        what: "a file renamed and copied: the rename (same inode) is the move",
        before: nothing,
        act: |d| {
            fs::copy(d.join("d/a"), d.join("d/x1")).unwrap();
            fs::rename(d.join("d/a"), d.join("d/x2")).unwrap();
        },
        args: &[],
        env: None,
        out: "d/x1: duplicate of d/x2\nd/x2: moved from d/a\n",
        err: "khsum: L: 3 ok, 1 moved, 1 duplicate; 2 files read (12 bytes)\n",
        code: 0,
    },
    Event {
        what: "mixed case",
        before: nothing,
        act: |d| fs::rename(d.join("d/a"), d.join("d/A")).unwrap(),
        args: &[],
        env: None,
        out: "d/A: moved from d/a\n",
        err: "khsum: L: 3 ok, 1 moved; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "a new empty file",
        before: nothing,
        act: |d| fs::write(d.join("d/e2"), "").unwrap(),
        args: &[],
        env: None,
        out: "d/e2: duplicate of d/empty\n",
        err: "khsum: L: 4 ok, 1 duplicate; 1 file read (0 bytes)\n",
        code: 0,
    },
    Event {
        what: "0 to n bytes",
        before: nothing,
        act: |d| write(&d.join("d/empty"), "now full\n", T + 3600, 0),
        args: &[],
        env: None,
        out: "d/empty: changed\n",
        err: "khsum: L: 3 ok, 1 changed; 1 file read (9 bytes)\n",
        code: 0,
    },
    Event {
        what: "new",
        before: nothing,
        act: |d| fs::write(d.join("d/new"), "fresh\n").unwrap(),
        args: &[],
        env: None,
        out: "d/new: new\n",
        err: "khsum: L: 4 ok, 1 new; 1 file read (6 bytes)\n",
        code: 0,
    },
    Event {
        what: "several at once: the exit status is the sum of the classes",
        before: nothing,
        act: |d| {
            fs::remove_file(d.join("d/b")).unwrap();
            write(&d.join("d/a"), "ancient\n", T - 86400, 0);
        },
        args: &[],
        env: None,
        out: "d/a: older\nd/b: missing\n",
        err: "khsum: L: 2 ok, 1 older, 1 missing; 1 file read (8 bytes)\n",
        code: 68,
    },
];

/// `d/a` replaced by a copy of itself (a new inode, ctime) whose mtime keeps `nanos` of
/// its fraction, as a copy to a coarser file system does.
fn coarse_copy(d: &Path, nanos: u32) {
    let a = d.join("d/a");
    fs::copy(&a, d.join("tmp")).unwrap();
    fs::remove_file(&a).unwrap();
    fs::rename(d.join("tmp"), &a).unwrap();
    set_mtime(&a, T, nanos);
}

#[test]
fn scripted_events() {
    assert!(EVENTS.len() >= 25);
    for e in EVENTS {
        let d = tree();
        (e.before)(d.path());
        let b = baseline(&d);
        // One event lists a fifth file.
        if !e.what.starts_with("duplicate deleted") {
            assert_eq!(
                b.all(),
                (
                    "d/a: new\nd/b: new\nd/empty: new\nd/sub/c: new\n".into(),
                    "khsum: L: 0 ok, 4 new; 4 files read (20 bytes)\n\
                     khsum: L: lines 4 added, 0 replaced, 0 renamed, 0 dropped\n",
                    0
                )
            );
        }
        (e.act)(d.path());
        let mut c = d.command();
        c.args(["audit"]).args(e.args).args(["L", "d"]);
        if let Some((k, v)) = e.env {
            c.env(k, v);
        }
        let r = c.run();
        assert_eq!(
            r.all(),
            (e.out.to_string(), e.err, e.code),
            "event: {}",
            e.what
        );
        // Nothing but --update records: the same audit again says the same.
        if e.env.is_none() {
            let again = audit(&d, &[e.args, &["L", "d"]].concat());
            assert_eq!(again.out, r.out, "event (again): {}", e.what);
            assert_eq!(again.code, r.code, "event (again): {}", e.what);
        }
    }
}

/// Permission denied, as a user who is not root (root reads any file): `setpriv` drops
/// to `nobody` when the test runs as root, as CI does.
#[test]
fn permission_denied_is_unreadable() {
    if crate::util::emulated() {
        return;
    }
    let d = tree();
    baseline(&d);
    let a = d.path().join("d/a");
    set_mtime(&a, T + 3600, 0);
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&a, fs::Permissions::from_mode(0o000)).unwrap();
    fs::set_permissions(d.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let mut c = crate::util::khsum_unprivileged(d.path());
    let o = c.args(["audit", "L", "d"]).output().unwrap();
    assert_eq!(
        (s(&o.stdout), s(&o.stderr), o.status.code()),
        (
            "d/a: unreadable\n".to_string(),
            "khsum: d/a: Permission denied\nkhsum: L: 3 ok, 1 unreadable; 0 files read (0 bytes)\n"
                .to_string(),
            Some(16)
        )
    );
}

/// `--json`: a record per file that is not ok, a summary last.
#[test]
fn json_records() {
    let d = tree();
    baseline(&d);
    fs::rename(d.path().join("d/a"), d.path().join("d/a2")).unwrap();
    fs::remove_file(d.path().join("d/b")).unwrap();
    let r = audit(&d, &["--json", "L", "d"]);
    let a = crate::util::b3(b"alpha\n");
    let b = crate::util::b3(b"bravo\n");
    assert_eq!(
        r.all(),
        (
            format!(
                "{{\"name\":\"d/a2\",\"state\":\"moved\",\"from\":\"d/a\",\"size\":6,\"algorithm\":\"blake3\",\"digest\":\"{a}\",\"expected\":null,\"error\":null}}\n\
                 {{\"name\":\"d/b\",\"state\":\"missing\",\"size\":null,\"algorithm\":\"blake3\",\"digest\":null,\"expected\":\"{b}\",\"error\":null}}\n\
                 {{\"summary\":true,\"list\":\"L\",\"ok\":2,\"touched\":0,\"changed\":0,\"corrupt\":0,\"older\":0,\"new\":0,\"missing\":1,\"moved\":1,\"duplicate\":0,\"changed-during-read\":0,\"unreadable\":0,\"not-regular\":0,\"read_files\":1,\"read_bytes\":6}}\n"
            ),
            "",
            4
        )
    );
}

/// The update policy: new, moved, changed and touched are recorded; corrupt only with
/// --accept; missing dropped only with --prune; --dry-run writes nothing. The list stays
/// one `b3sum -c` verifies.
#[test]
fn update_policy() {
    let d = tree();
    baseline(&d);
    let p = d.path();
    write(&p.join("d/a"), "alpha2\n", T + 3600, 0);
    fs::rename(p.join("d/sub/c"), p.join("d/c")).unwrap();
    fs::remove_file(p.join("d/empty")).unwrap();
    let flipped = "cravo\n";
    write(&p.join("d/b"), flipped, T + 1, FRAC);
    fs::write(p.join("d/n"), "n\n").unwrap();
    let before = fs::read(p.join("L")).unwrap();
    let state_before = fs::read(p.join("L.khsum-state")).unwrap();
    let dry = audit(&d, &["--update", "--dry-run", "L", "d"]);
    assert_eq!(
        dry.all(),
        (
            "d/a: changed\nd/b: corrupt\nd/c: moved from d/sub/c\nd/empty: missing\nd/n: new\n"
                .into(),
            "khsum: L: 0 ok, 1 changed, 1 corrupt, 1 new, 1 missing, 1 moved; 4 files read (23 bytes)\n\
             khsum: L: dry run, nothing written; would be: 1 added, 1 replaced, 1 renamed, 0 dropped\n",
            12
        )
    );
    assert_eq!(fs::read(p.join("L")).unwrap(), before);
    assert_eq!(fs::read(p.join("L.khsum-state")).unwrap(), state_before);
    let r = audit(&d, &["--update", "L", "d"]);
    assert_eq!(r.code, 12, "{}", r.err);
    assert_eq!(
        r.err,
        "khsum: L: 0 ok, 1 changed, 1 corrupt, 1 new, 1 missing, 1 moved; 4 files read (23 bytes)\nkhsum: L: lines 1 added, 1 replaced, 1 renamed, 0 dropped\n"
    );
    // Corrupt stays (its digest is not overwritten), missing stays listed.
    let again = audit(&d, &["L", "d"]);
    assert_eq!(
        again.all(),
        (
            "d/b: corrupt\nd/empty: missing\n".into(),
            "khsum: L: 3 ok, 1 corrupt, 1 missing; 1 file read (6 bytes)\n",
            12
        )
    );
    let r = audit(&d, &["--update", "--accept", "d/b", "--prune", "L", "d"]);
    assert_eq!(
        (r.err.as_str(), r.code),
        (
            "khsum: L: 3 ok, 1 corrupt, 1 missing; 1 file read (6 bytes)\nkhsum: L: lines 0 added, 1 replaced, 0 renamed, 1 dropped\n",
            12
        )
    );
    let clean = audit(&d, &["L", "d"]);
    assert_eq!(
        clean.all(),
        (String::new(), "khsum: L: 4 ok; 0 files read (0 bytes)\n", 0)
    );
    let list = s(&fs::read(p.join("L")).unwrap());
    let line = |data: &str, name: &str| format!("{}  {name}\n", crate::util::b3(data.as_bytes()));
    assert_eq!(
        list,
        [
            line("alpha2\n", "d/a"),
            line(flipped, "d/b"),
            line("charlie\n", "d/c"),
            line("n\n", "d/n"),
        ]
        .concat()
    );
    let b3 = d.reference("b3sum", &["-c", "L"], b"");
    assert_eq!(
        (s(&b3.out), b3.code),
        ("d/a: OK\nd/b: OK\nd/c: OK\nd/n: OK\n".into(), 0)
    );
}

/// `-a sha256` makes a list `sha256sum -c` verifies; the state remembers the algorithm.
#[test]
fn sha256_lists_for_sha256sum() {
    let d = tree();
    let r = audit(&d, &["--update", "-a", "sha256", "SUMS", "d"]);
    assert_eq!(r.code, 0, "{}", r.err);
    let c = d.reference("sha256sum", &["-c", "SUMS"], b"");
    assert_eq!(
        (s(&c.out), c.code),
        ("d/a: OK\nd/b: OK\nd/empty: OK\nd/sub/c: OK\n".into(), 0)
    );
    write(&d.path().join("d/a"), "alpha2\n", T + 3600, 0);
    assert_eq!(audit(&d, &["SUMS", "d"]).out, b"d/a: changed\n");
    // A list made elsewhere, with no state, whose name says nothing: which algorithm?
    fs::copy(d.path().join("SUMS"), d.path().join("other")).unwrap();
    let r = audit(&d, &["other", "d"]);
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: other: no state says which algorithm the list is of, and its name does not: name it with -a (BLAKE3 and SHA-256 digests look alike)\n",
            2
        )
    );
}

/// An entry with no state (a list `b3sum` made) is judged against the list's mtime.
#[test]
fn lists_without_state_use_the_lists_mtime() {
    let d = tree();
    let list = d.tool("b3sum", &["d/a", "d/b"]);
    fs::write(d.path().join("B3SUMS"), list).unwrap();
    set_mtime(&d.path().join("B3SUMS"), T + 100, 0);
    write(&d.path().join("d/a"), "alpha2\n", T + 3600, 0);
    write(&d.path().join("d/b"), "cravo\n", T + 1, FRAC);
    let r = audit(&d, &["B3SUMS", "d/a", "d/b"]);
    assert_eq!(
        r.all(),
        (
            "d/a: changed\nd/b: corrupt\n".into(),
            "khsum: B3SUMS: 0 ok, 1 changed, 1 corrupt; 2 files read (13 bytes)\n",
            8
        )
    );
}

/// kill -9 of `audit --update` at each point of its commit: the list is the old one or
/// the new one, whole, and the state goes with it (an audit then reports as before the
/// update, or nothing).
#[test]
fn kill_9_during_update_leaves_the_old_pair_or_the_new() {
    if crate::util::emulated() {
        return;
    }
    let points = [
        ("before-write", false),
        ("in-prepare", false),
        ("prepared", false),
        ("list-temp", false),
        ("list-written", true),
        ("in-settle", true),
    ];
    for (point, new) in points {
        let d = tree();
        baseline(&d);
        let p = d.path();
        write(&p.join("d/a"), "alpha2\n", T + 3600, 0);
        fs::remove_file(p.join("d/b")).unwrap();
        fs::rename(p.join("d/sub/c"), p.join("d/c")).unwrap();
        set_mtime(&p.join("d/empty"), T + 7200, 0);
        let old_list = fs::read(p.join("L")).unwrap();
        let before = audit(&d, &["L", "d"]);
        let mut child = crate::util::khsum_std()
            .current_dir(p)
            .args(["audit", "--update", "--prune", "L", "d"])
            .env("KHSUM_TEST_AUDIT_PAUSE", point)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        loop {
            line.clear();
            assert!(
                std::io::BufRead::read_line(&mut err, &mut line).unwrap() > 0,
                "{point}: ended"
            );
            if line == format!("khsum: paused at {point}\n") {
                break;
            }
        }
        child.kill().unwrap();
        child.wait().unwrap();
        let list = fs::read(p.join("L")).unwrap();
        let after = audit(&d, &["L", "d"]);
        if new {
            assert_ne!(list, old_list, "{point}");
            // d/b pruned: three entries, all ok without a read.
            assert_eq!(
                after.all(),
                (String::new(), "khsum: L: 3 ok; 0 files read (0 bytes)\n", 0),
                "{point}"
            );
        } else {
            assert_eq!(list, old_list, "{point}");
            assert_eq!(after.all(), before.all(), "{point}");
        }
        // Either way, a finished update gives the new pair.
        let r = audit(&d, &["--update", "--prune", "L", "d"]);
        assert!(r.code == 0 || r.code == 4, "{point}: {}", r.err);
        assert_eq!(audit(&d, &["L", "d"]).code, 0, "{point}");
    }
}

/// Weekly runs at `--scrub 8%`: each re-reads the 8% verified longest ago, so 13 runs
/// read every file (and 12 do not).
#[test]
fn scrub_reads_every_file_within_13_runs_at_8_percent() {
    let d = Dir::new();
    for i in 0..100 {
        d.create(&format!("d/f{i:03}"), format!("{i}\n"));
    }
    assert_eq!(audit(&d, &["--update", "L", "d"]).code, 0);
    let state = d.path().join("L.khsum-state");
    let verified = || -> Vec<i64> {
        let c = rusqlite::Connection::open(&state).unwrap();
        let mut st = c
            .prepare("SELECT verified FROM files ORDER BY name")
            .unwrap();
        st.query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    let start = verified();
    assert_eq!(start.len(), 100);
    let first = *start.iter().max().unwrap();
    for run in 1..=13 {
        let r = audit(&d, &["--scrub", "8%", "L", "d"]);
        assert_eq!((s(&r.out), r.code), (String::new(), 0), "run {run}");
        assert!(
            r.err.contains("100 ok; 8 files read"),
            "run {run}: {}",
            r.err
        );
        let v = verified();
        let fresh = v.iter().filter(|&&t| t > first).count();
        assert_eq!(fresh, (8 * run).min(100), "run {run}");
    }
}

/// What `hashdeep -a -vvv -k known.txt` says of a tree: paths with no known hash (`No
/// match`), paths whose content is known under another path (`Moved from`), and known
/// paths whose hash matched no file (`Known file not used`).
#[derive(Debug, Default, PartialEq, Eq)]
struct Verdicts {
    no_match: BTreeSet<String>,
    moved: BTreeMap<String, String>,
    not_used: BTreeSet<String>,
}

fn hashdeep_verdicts(out: &[u8]) -> Verdicts {
    let mut v = Verdicts::default();
    for l in s(out).lines() {
        if let Some(p) = l.strip_suffix(": No match") {
            v.no_match.insert(p.to_string());
        } else if let Some(p) = l.strip_suffix(": Known file not used") {
            v.not_used.insert(p.to_string());
        } else if let Some((p, from)) = l.split_once(": Moved from ") {
            v.moved.insert(p.to_string(), from.to_string());
        }
    }
    v
}

/// The same three sets from `khsum audit --json`'s records: no known content is changed,
/// corrupt or new; known content at another path is moved or duplicate; a listed path
/// whose content is nowhere is missing, changed or corrupt.
fn khsum_verdicts(out: &[u8]) -> Verdicts {
    let mut v = Verdicts::default();
    for r in crate::util::json_lines(out) {
        let (Some(name), Some(state)) = (r["name"].as_str(), r["state"].as_str()) else {
            continue; // the summary
        };
        match state {
            "changed" | "corrupt" => {
                v.no_match.insert(name.to_string());
                v.not_used.insert(name.to_string());
            }
            "new" => {
                v.no_match.insert(name.to_string());
            }
            "missing" => {
                v.not_used.insert(name.to_string());
            }
            "moved" | "duplicate" => {
                v.moved
                    .insert(name.to_string(), r["from"].as_str().unwrap().to_string());
            }
            "ok" | "touched" => {}
            other => panic!("unexpected state {other}: {r}"),
        }
    }
    // A duplicate of an entry that moved names where its content went; hashdeep names
    // the listed path it came from.
    let moved_from: BTreeMap<String, String> = v.moved.clone();
    for from in v.moved.values_mut() {
        if let Some(listed) = moved_from.get(from) {
            *from = listed.clone();
        }
    }
    v
}

/// Distinct file content: the case and a serial number, then random bytes.
fn unique(rng: &mut khsum::testutil::TestRng, seed: u64, serial: &mut u64) -> Vec<u8> {
    *serial += 1;
    let mut c = format!("{seed}-{serial}\n").into_bytes();
    let len = rng.below(3000) as usize;
    c.extend(rng.bytes(len));
    c
}

/// Differential property test against hashdeep's audit mode (`-a -k`), the reference for
/// moves and deletions by content: random trees of files with distinct contents, a first
/// `khsum audit --update` and `hashdeep -l -r` of the same tree, then random events
/// (edits, bit flips with the mtime restored, touches, deletions, moves within and across
/// directories, copies, new files), then both audits. Every path's verdict maps to the
/// same hashdeep answer (see [`khsum_verdicts`]). `KHSUM_AUDIT_SEED` reruns one case.
#[test]
fn audits_agree_with_hashdeep_on_random_trees() {
    use khsum::testutil::TestRng;
    let cases: u64 = if crate::util::emulated() { 4 } else { 40 };
    let seeds: Vec<u64> = match std::env::var("KHSUM_AUDIT_SEED") {
        Ok(v) => vec![v.parse().unwrap()],
        Err(_) => (0..cases).map(|i| 0x6175_6469_7400_0036 + i).collect(),
    };
    for seed in seeds {
        let mut rng = TestRng::new(seed);
        let d = Dir::new();
        let n = 5 + rng.below(40) as usize;
        let mut names: Vec<String> = Vec::new();
        let mut serial = 0u64;
        for i in 0..n {
            let name = format!("d/s{}/f{i}", rng.below(3));
            d.create(&name, unique(&mut rng, seed, &mut serial));
            set_mtime(&d.path().join(&name), (T0 + i as u64) as i64, FRAC);
            names.push(name);
        }
        assert_eq!(audit(&d, &["--update", "L.sha256", "d"]).code, 0);
        let known = d.tool("hashdeep", &["-c", "sha256", "-l", "-r", "d"]);
        d.create("known.txt", known);
        let mut done = Vec::new();
        for _ in 0..1 + rng.below(n as u64 / 2 + 1) {
            if names.is_empty() {
                break;
            }
            let i = rng.below(names.len() as u64) as usize;
            let p = d.path().join(&names[i]);
            let event = rng.below(7);
            match event {
                // Edit: new content, a later mtime.
                0 => {
                    fs::write(&p, unique(&mut rng, seed, &mut serial)).unwrap();
                    set_mtime(&p, (T0 + 100_000) as i64, 0);
                }
                // A bit flipped in place, the mtime restored.
                1 => {
                    let before = fs::metadata(&p).unwrap().modified().unwrap();
                    let mut data = fs::read(&p).unwrap();
                    let at = rng.below(data.len() as u64) as usize;
                    data[at] ^= 1 << rng.below(8);
                    fs::write(&p, data).unwrap();
                    fs::File::open(&p)
                        .unwrap()
                        .set_times(fs::FileTimes::new().set_modified(before))
                        .unwrap();
                }
                // Touched: the mtime alone.
                2 => set_mtime(&p, (T0 + 200_000) as i64, 7),
                3 => {
                    fs::remove_file(&p).unwrap();
                    names.remove(i);
                }
                // Moved, maybe to another directory.
                4 => {
                    let to = format!("d/s{}/m{serial}-{i}", rng.below(4));
                    serial += 1;
                    fs::create_dir_all(d.path().join(&to).parent().unwrap()).unwrap();
                    fs::rename(&p, d.path().join(&to)).unwrap();
                    names[i] = to;
                }
                // Copied.
                5 => {
                    let to = format!("d/c{serial}");
                    serial += 1;
                    fs::copy(&p, d.path().join(&to)).unwrap();
                    names.push(to);
                }
                // A new file.
                _ => {
                    let to = format!("d/s{}/n{serial}", rng.below(3));
                    d.create(&to, unique(&mut rng, seed, &mut serial));
                    names.push(to);
                }
            }
            done.push((event, i));
        }
        let ours = d.command().args(["audit", "--json", "L.sha256", "d"]).run();
        assert_eq!(ours.err, "", "seed {seed}");
        let theirs = d.reference(
            "hashdeep",
            &[
                "-c",
                "sha256",
                "-l",
                "-r",
                "-a",
                "-vvv",
                "-k",
                "known.txt",
                "d",
            ],
            b"",
        );
        assert_eq!(
            khsum_verdicts(&ours.out),
            hashdeep_verdicts(&theirs.out),
            "seed {seed} (KHSUM_AUDIT_SEED={seed}), events {done:?}\nkhsum:\n{}\nhashdeep:\n{}",
            s(&ours.out),
            s(&theirs.out)
        );
    }
}

/// A file's extended attribute, if it has it.
#[cfg(target_os = "linux")]
fn xattr(p: &Path, name: &str) -> Option<String> {
    let mut v = vec![0u8; 256];
    let n = rustix::fs::getxattr(p, name, &mut v[..]).ok()?;
    Some(String::from_utf8(v[..n].to_vec()).unwrap())
}

/// Tags a file as cshatag does: `user.shatag.sha256` in hex, `user.shatag.ts` the mtime
/// as `%010d.%09d`.
#[cfg(target_os = "linux")]
fn cshatag(p: &Path) {
    use sha2::Digest;
    use std::os::unix::fs::MetadataExt;
    let m = fs::metadata(p).unwrap();
    let digest = hex::encode(sha2::Sha256::digest(fs::read(p).unwrap()));
    let ts = format!("{:010}.{:09}", m.mtime(), m.mtime_nsec());
    let set = |n: &str, v: &str| {
        rustix::fs::setxattr(p, n, v.as_bytes(), rustix::fs::XattrFlags::empty()).unwrap();
    };
    set("user.shatag.ts", &ts);
    set("user.shatag.sha256", &digest);
}

/// A tree tagged by cshatag audits with khsum: content that is not its tag's at the
/// tag's own mtime is corrupt, a stale tag (a later mtime) is an edit; the tags khsum
/// writes are the bytes cshatag reads, and they refresh the state's ctime (the next run
/// reads nothing it need not).
#[cfg(target_os = "linux")]
#[test]
fn xattrs_as_cshatag_keeps_them() {
    let d = tree();
    let p = |n: &str| d.path().join(n);
    for n in ["d/a", "d/b", "d/sub/c"] {
        cshatag(&p(n));
    }
    // A bit flip with the mtime set back; an edit.
    write(&p("d/a"), "alphA\n", T, FRAC);
    write(&p("d/b"), "bravo, edited\n", T + 3600, 0);
    let r = audit(&d, &["--xattr", "-a", "sha256", "--update", "L", "d"]);
    assert_eq!(
        r.all(),
        (
            "d/a: corrupt\nd/b: new\nd/empty: new\nd/sub/c: new\n".into(),
            "khsum: L: 0 ok, 1 corrupt, 3 new; 4 files read (28 bytes)\n\
             khsum: L: lines 3 added, 0 replaced, 0 renamed, 0 dropped\n",
            8
        )
    );
    // What cshatag reads: 64 hex digits, and the mtime as %010d.%09d.
    assert_eq!(
        (
            xattr(&p("d/b"), "user.shatag.sha256").unwrap(),
            xattr(&p("d/b"), "user.shatag.ts").unwrap()
        ),
        (
            "5dcbc2861e0c369375de035dfb947eb609eaeb2fb9e3b191b38bcf01b91ff4d5".into(),
            format!("{}.000000000", T + 3600)
        )
    );
    assert_eq!(
        xattr(&p("d/empty"), "user.shatag.ts").unwrap(),
        format!("{}.{FRAC}", T0 + 2)
    );
    // The corrupt file keeps cshatag's tag.
    assert_eq!(
        xattr(&p("d/a"), "user.shatag.ts").unwrap(),
        format!("{T}.{FRAC}")
    );
    let r = audit(&d, &["--xattr", "L", "d"]);
    assert_eq!(
        r.all(),
        (
            "d/a: corrupt\n".into(),
            "khsum: L: 3 ok, 1 corrupt; 1 file read (6 bytes)\n",
            8
        )
    );
}

/// A pair that cannot be written (a full disk, a refused write: injected) is a warning,
/// the status stays, and the next run gives the file no false state: the time is removed
/// before the digest is written, so an old digest never sits beside a fresh time.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_xattr_write_is_a_warning_never_a_false_state() {
    for (attr, errno, says) in [
        ("user.khsum.blake3", "28", "No space left on device"),
        ("user.khsum.blake3.ts", "1", "Operation not permitted"),
    ] {
        let d = tree();
        let b = d.path().join("d/b");
        let r = audit(&d, &["--xattr", "--update", "L", "d"]);
        assert_eq!(r.code, 0, "{}", r.err);
        let old = xattr(&b, "user.khsum.blake3").unwrap();
        assert_eq!(
            xattr(&b, "user.khsum.blake3.ts").unwrap(),
            format!("{}.{FRAC}", T0 + 1)
        );
        write(&b, "bravo, edited\n", T + 3600, 0);
        let r = d
            .command()
            .args(["audit", "--xattr", "--update", "L", "d"])
            .env("KHSUM_TEST_XATTR_FAIL", &format!("d/b:{attr}:{errno}"))
            .run();
        assert_eq!(
            r.all(),
            (
                "d/b: changed\n".into(),
                &*format!(
                    "khsum: d/b: cannot write xattr {attr}: {says}\n\
                     khsum: L: 3 ok, 1 changed; 1 file read (14 bytes)\n\
                     khsum: L: lines 0 added, 1 replaced, 0 renamed, 0 dropped\n"
                ),
                0
            ),
            "{attr}"
        );
        // No time beside the digest that failed, or beside the old one.
        assert_eq!(xattr(&b, "user.khsum.blake3.ts"), None, "{attr}");
        let digest = xattr(&b, "user.khsum.blake3").unwrap();
        assert_eq!(digest == old, errno == "28", "{attr}");
        // The next run: nothing wrong, and the pair written now.
        let r = audit(&d, &["--xattr", "--update", "L", "d"]);
        assert_eq!(
            r.all(),
            (String::new(), "khsum: L: 4 ok; 1 file read (14 bytes)\n", 0),
            "{attr}"
        );
        assert_eq!(
            xattr(&b, "user.khsum.blake3.ts").unwrap(),
            format!("{}.000000000", T + 3600)
        );
    }
}

/// A walk that dies part way (its thread panics: injected) ends the audit with status
/// 101 and nothing written, never a verdict on half a tree: a file the walk never reached
/// would otherwise be left out, and a listed one taken for missing.
#[test]
fn a_survey_that_panics_ends_the_audit_with_nothing_written() {
    for at in ["0", "2"] {
        let d = tree();
        baseline(&d);
        d.create("d/new", "new\n");
        let list = fs::read(d.path().join("L")).unwrap();
        let state = fs::read(d.path().join("L.khsum-state")).unwrap();
        let r = d
            .command()
            .args(["audit", "--update", "L", "d"])
            .env("KHSUM_TEST_SURVEY_PANIC", at)
            .run();
        assert_eq!((&*r.out, r.code), (&b""[..], 101), "at {at}: {}", r.err);
        assert!(
            r.err.contains("KHSUM_TEST_SURVEY_PANIC: the survey panics") && !r.err.contains("L:"),
            "at {at}: {}",
            r.err
        );
        assert_eq!(fs::read(d.path().join("L")).unwrap(), list, "at {at}");
        assert_eq!(
            fs::read(d.path().join("L.khsum-state")).unwrap(),
            state,
            "at {at}"
        );
    }
}
