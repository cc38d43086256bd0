//! End-to-end tests of trees and pipelines: tree rules for `-r`, file lists, several
//! algorithms in one read, JSON lines, I/O control, hints, and progress on a real pseudo-terminal. Exact stdout bytes, stderr
//! text and exit statuses; khsum is started through the target's runner (QEMU on the
//! aarch64 leg) by the harness in `util.rs`.

use crate::util::*;
use std::fs;
#[cfg(unix)]
use std::path::Path;
use tempfile::TempDir;

#[test]
fn tree_rules_exclude_and_depth() {
    let d = release();
    let p = d.path();
    let r = run(khsum(p).args(["-r", "--exclude", "*.tmp", "--exclude", "deep", "rel"]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        (line(b"a\n", "rel/a") + &line(b"c\n", "rel/sub/c"), "", 0)
    );
    // A glob with a slash matches the path below the directory argument.
    let r = run(khsum(p).args(["-r", "--exclude", "sub/*", "rel"]));
    assert_eq!(
        s(&r.out),
        line(b"a\n", "rel/a") + &line(b"b\n", "rel/b.tmp")
    );
    let r = run(khsum(p).args(["-r", "--max-depth", "2", "rel"]));
    assert_eq!(
        s(&r.out),
        line(b"a\n", "rel/a") + &line(b"b\n", "rel/b.tmp") + &line(b"c\n", "rel/sub/c")
    );
    // Bad input: one line, exit 2, nothing hashed.
    for (args, err) in [
        (
            &["-r", "--exclude", "[a", "rel"][..],
            "khsum: invalid --exclude glob '[a': unclosed character class; missing ']'\n",
        ),
        (
            &["--exclude", "*.tmp", "rel/a"][..],
            "khsum: --exclude, --max-depth, --one-file-system and -L apply to directory walks: add -r\n",
        ),
        (
            &["check", "-r", "L"][..],
            "khsum: -r is for hashing; to find files a list does not name, use --unlisted DIR\n",
        ),
    ] {
        let r = run(khsum(p).args(args));
        assert_eq!(
            (r.out.len(), r.err.as_str(), r.code),
            (0, err, 2),
            "{args:?}"
        );
    }
}

/// `--one-file-system` with `-L`: a link to a directory on another file system (tmpfs
/// at /dev/shm) is followed, but not entered with the option.
#[cfg(target_os = "linux")]
#[test]
fn one_file_system_stays_on_the_tree_s_device() {
    use std::os::unix::fs::MetadataExt;
    let d = release();
    let p = d.path();
    let Ok(shm) = tempfile::TempDir::new_in("/dev/shm") else {
        eprintln!("skipped: no /dev/shm to put a second file system in the tree");
        return;
    };
    if fs::metadata(shm.path()).unwrap().dev() == fs::metadata(p).unwrap().dev() {
        eprintln!("skipped: /dev/shm is on the same file system as the temporary directory");
        return;
    }
    fs::write(shm.path().join("e"), b"e\n").unwrap();
    std::os::unix::fs::symlink(shm.path(), p.join("rel/sub/shm")).unwrap();
    let base = line(b"a\n", "rel/a") + &line(b"b\n", "rel/b.tmp") + &line(b"c\n", "rel/sub/c");
    let r = run(khsum(p).args(["-r", "-L", "rel"]));
    assert_eq!(
        (s(&r.out), r.code),
        (
            base.clone() + &line(b"d\n", "rel/sub/deep/d") + &line(b"e\n", "rel/sub/shm/e"),
            0
        )
    );
    let r = run(khsum(p).args(["-r", "-L", "--one-file-system", "rel"]));
    assert_eq!(
        (s(&r.out), r.code),
        (base + &line(b"d\n", "rel/sub/deep/d"), 0)
    );
}

/// `khsum -r . > SUMS`: the output file, inside the tree, is not listed.
#[cfg(unix)]
#[test]
fn output_file_inside_the_tree_is_left_out() {
    let d = release();
    let p = d.path().join("rel");
    let o = khsum_std()
        .current_dir(&p)
        .args(["-r", "."])
        .stdout(fs::File::create(p.join("SUMS")).unwrap())
        .output()
        .unwrap();
    assert_eq!((o.status.code(), s(&o.stderr).as_str()), (Some(0), ""));
    assert_eq!(
        fs::read_to_string(p.join("SUMS")).unwrap(),
        line(b"a\n", "./a")
            + &line(b"b\n", "./b.tmp")
            + &line(b"c\n", "./sub/c")
            + &line(b"d\n", "./sub/deep/d")
    );
}

#[test]
fn files_from_and_files0_from() {
    let d = release();
    let p = d.path();
    fs::write(p.join("rel/n\nl"), b"nl").unwrap();
    fs::write(p.join("names"), "rel/a\n\nrel/sub/c\nrel/missing\n").unwrap();
    let r = run(khsum(p).args(["--files-from", "names"]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        (
            line(b"a\n", "rel/a") + &line(b"c\n", "rel/sub/c"),
            "khsum: rel/missing: No such file or directory\n",
            1
        )
    );
    // From standard input, NUL-separated: a name with a newline; a directory with -r.
    let r = run(khsum(p)
        .args(["-r", "--files0-from", "-"])
        .write_stdin(&b"rel/n\nl\0rel/sub\0"[..]));
    assert_eq!(
        (s(&r.out), r.code),
        (
            format!("\\{}  rel/n\\nl\n", b3(b"nl"))
                + &line(b"c\n", "rel/sub/c")
                + &line(b"d\n", "rel/sub/deep/d"),
            0
        )
    );
    // An unreadable list: one line, exit 2, nothing hashed.
    let r = run(khsum(p).args(["--files-from", "nolist"]));
    assert_eq!(
        (r.out.len(), r.err.as_str(), r.code),
        (
            0,
            "khsum: --files-from nolist: No such file or directory\n",
            2
        )
    );
    let r = run(khsum(p).args(["--files0-from", "rel"]));
    assert_eq!(
        (r.out.len(), r.err.as_str(), r.code),
        (0, "khsum: --files0-from rel: Is a directory\n", 2)
    );
    // Names come from the list or the arguments, not both.
    let r = run(khsum(p).args(["--files-from", "names", "rel/a"]));
    assert_eq!((r.out.len(), r.code), (0, 2));
}

/// 200,000 names through `--files0-from -`: every line, in order (the names stream: see
/// PERFORMANCE.md for the peak memory of a million).
#[test]
fn files0_from_streams_many_names() {
    let d = tree();
    let n = 200_000;
    let names = b"a\0".repeat(n);
    let r = run(khsum(d.path())
        .args(["--files0-from", "-", "--no-names"])
        .write_stdin(names));
    assert_eq!((r.err.as_str(), r.code), ("", 0));
    assert_eq!(s(&r.out), format!("{}\n", b3(b"hello\n")).repeat(n));
}

#[test]
fn several_algorithms_in_one_read() {
    let d = tree();
    let p = d.path();
    let big: Vec<u8> = (0..3_000_000u32).map(|i| (i % 251) as u8).collect();
    fs::write(p.join("big"), &big).unwrap();
    let r = run(khsum(p).args(["-a", "sha256,blake3", "a", "big"]));
    let want = format!(
        "SHA256 (a) = {}\nBLAKE3 (a) = {}\nSHA256 (big) = {}\nBLAKE3 (big) = {}\n",
        s256(b"hello\n"),
        b3(b"hello\n"),
        s256(&big),
        b3(&big)
    );
    assert_eq!((s(&r.out), r.err.as_str(), r.code), (want.clone(), "", 0));
    // The same with -a repeated, and read without mapping.
    let r = run(khsum(p).args(["-a", "sha256", "-a", "blake3", "--no-mmap", "a", "big"]));
    assert_eq!(s(&r.out), want);
    // The list checks with plain -c.
    let r = checked(p, want.as_bytes(), &[]);
    assert_eq!(
        (s(&r.out).as_str(), r.err.as_str(), r.code),
        ("a: OK\na: OK\nbig: OK\nbig: OK\n", "", 0)
    );
    let r = run(khsum(p).args(["-a", "sha256,blake3", "--untagged", "a"]));
    assert_eq!(
        s(&r.out),
        format!("{}  a\n{}  a\n", s256(b"hello\n"), b3(b"hello\n"))
    );
    for (args, err) in [
        (
            &["-a", "sha256,crc", "a"][..],
            "khsum: crc lines name no algorithm: it cannot be combined with other algorithms in one run\n",
        ),
        (
            &["-a", "sha256,SHA256", "a"][..],
            "khsum: -a names sha256 twice\n",
        ),
        (
            &["-c", "-a", "sha256,blake3", "L"][..],
            "khsum: check takes one -a algorithm (lists of several algorithms need none: their tagged lines name them)\n",
        ),
        (
            &["-a", "sha256,blake3", "--raw", "a"][..],
            "khsum: --raw writes one digest: give one input and one algorithm (and no -r)\n",
        ),
    ] {
        let r = run(khsum(p).args(args));
        assert_eq!(
            (r.out.len(), r.err.as_str(), r.code),
            (0, err, 2),
            "{args:?}"
        );
    }
}

/// `-j1` reads files strictly one after another: the second FIFO is not opened while the
/// first is still being read.
#[cfg(unix)]
#[test]
fn one_thread_reads_files_in_order() {
    use rustix::fs::{Mode, OFlags, open};
    use std::io::Write;
    let d = TempDir::new().unwrap();
    for f in ["f1", "f2"] {
        mkfifo(&d.path().join(f));
    }
    let child = spawn(d.path(), ["-j1", "-a", "sha256", "f1", "f2"]);
    // Blocks until khsum opens f1.
    let mut f1 = fs::OpenOptions::new()
        .write(true)
        .open(d.path().join("f1"))
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    // No reader on f2 yet: a non-blocking open for writing fails with ENXIO.
    let early = open(
        d.path().join("f2"),
        OFlags::WRONLY | OFlags::NONBLOCK,
        Mode::empty(),
    );
    assert_eq!(early.err(), Some(rustix::io::Errno::NXIO));
    f1.write_all(b"one").unwrap();
    drop(f1);
    fs::write(d.path().join("f2"), b"two").unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        (s(&o.stdout), s(&o.stderr).as_str(), o.status.code()),
        (
            format!("{}  f1\n{}  f2\n", s256(b"one"), s256(b"two")),
            "",
            Some(0)
        )
    );
}

#[test]
fn json_lines_for_hash_tag_and_check() {
    use serde_json::json;
    let d = tree();
    let p = d.path();
    let r = run(khsum(p).args(["--json", "-a", "sha256", "a", "missing", "empty"]));
    assert_eq!(
        (json_lines(&r.out), r.err.as_str(), r.code),
        (
            vec![
                json!({"name": "a", "size": 6, "algorithm": "sha256", "digest": s256(b"hello\n"), "status": "ok", "error": null}),
                json!({"name": "missing", "size": null, "algorithm": "sha256", "digest": null, "status": "missing", "error": "No such file or directory"}),
                json!({"name": "empty", "size": 0, "algorithm": "sha256", "digest": s256(b""), "status": "ok", "error": null}),
            ],
            "khsum: missing: No such file or directory\n",
            1
        )
    );
    // Several algorithms: one record per algorithm; a tag with a key.
    let r = run(khsum(p).args(["--json", "-a", "sha256,blake3", "a"]));
    let v = json_lines(&r.out);
    assert_eq!((v.len(), r.code), (2, 0));
    assert_eq!(
        (&v[1]["algorithm"], &v[1]["digest"]),
        (&json!("blake3"), &json!(b3(b"hello\n")))
    );
    let key: Vec<u8> = (0..32).collect();
    fs::write(p.join("k"), &key).unwrap();
    let r = run(khsum(p).args(["tag", "--json", "--key-file", "k", "a"]));
    let tag = blake3::keyed_hash(&key.try_into().unwrap(), b"hello\n")
        .to_hex()
        .to_string();
    assert_eq!(
        (json_lines(&r.out), r.code),
        (
            vec![
                json!({"name": "a", "size": 6, "algorithm": "blake3", "digest": tag, "status": "ok", "error": null})
            ],
            0
        )
    );
    // Check: ok, failed, missing, then the summary; the exit status as without --json.
    let zero = "0".repeat(64);
    let list = format!(
        "{}  a\n{zero}  empty\n{zero}  gone\nnot a line\n",
        s256(b"hello\n")
    );
    let r = checked(p, list.as_bytes(), &["-a", "sha256", "--json"]);
    assert_eq!(
        json_lines(&r.out),
        vec![
            json!({"name": "a", "size": 6, "algorithm": "sha256", "chosen": "option", "line": 1, "digest": s256(b"hello\n"), "expected": s256(b"hello\n"), "status": "ok", "error": null}),
            json!({"name": "empty", "size": 0, "algorithm": "sha256", "chosen": "option", "line": 2, "digest": s256(b""), "expected": zero, "status": "failed", "error": null}),
            json!({"name": "gone", "size": null, "algorithm": "sha256", "chosen": "option", "line": 3, "digest": null, "expected": zero, "status": "missing", "error": "No such file or directory"}),
            json!({"list": "L", "line": 4, "status": "improper", "reason": "format"}),
            json!({"summary": true, "list": "L", "ok": 1, "failed": 1, "missing": 1, "errors": 0, "improper": 1, "new": 0}),
        ]
    );
    assert_eq!(r.code, 1);
    // --json does not mix with the line options.
    let r = run(khsum(p).args(["--json", "--tag", "a"]));
    assert_eq!((r.out.len(), r.code), (0, 2));
}

/// A name that is not UTF-8 is given as its bytes, in `name_bytes`.
#[cfg(unix)]
#[test]
fn json_names_that_are_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let d = TempDir::new().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"\xff\xfe x");
    fs::write(d.path().join(name), b"raw").unwrap();
    let r = run(khsum(d.path()).arg("--json").arg(name));
    assert_eq!(
        (json_lines(&r.out), r.code),
        (
            vec![
                serde_json::json!({"name_bytes": [255, 254, 32, 120], "size": 3, "algorithm": "blake3", "digest": b3(b"raw"), "status": "ok", "error": null})
            ],
            0
        )
    );
}

/// Progress is drawn on a real terminal after half a second and cleared at the end;
/// stdout stays the same; nothing is drawn with `--no-progress` or when stderr is a
/// pipe.
#[cfg(unix)]
#[test]
fn progress_on_a_pseudo_terminal() {
    use std::io::Write;
    use std::process::Stdio;
    let d = TempDir::new().unwrap();
    let p = d.path();
    mkfifo(&p.join("fifo"));
    let data = vec![5u8; 2 << 20];
    let want = format!("{}  fifo\n", s256(&data));
    // The input arrives in two halves, 1.5 s apart: time enough to draw.
    let feed = |p: &Path| {
        let mut w = fs::OpenOptions::new()
            .write(true)
            .open(p.join("fifo"))
            .unwrap();
        w.write_all(&data[..1 << 20]).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1500));
        w.write_all(&data[1 << 20..]).unwrap();
    };
    for (flag, drawn) in [(None, true), (Some("--no-progress"), false)] {
        let Some((master, slave)) = pty() else {
            return;
        };
        let shown = drain(master);
        let mut cmd = khsum_std();
        cmd.current_dir(p)
            .env("TERM", "xterm")
            .args(["-a", "sha256", "fifo"])
            .args(flag)
            .stdout(Stdio::piped())
            .stderr(Stdio::from(slave));
        let child = cmd.spawn().unwrap();
        drop(cmd);
        feed(p);
        let o = child.wait_with_output().unwrap();
        let shown = shown.join().unwrap();
        assert_eq!((s(&o.stdout), o.status.code()), (want.clone(), Some(0)));
        if drawn {
            let text = s(&shown);
            assert!(
                text.contains(" 1.00 MiB hashed, 0 files, "),
                "no progress line in {text:?}"
            );
            // Cleared at the end: the terminal's last line is empty.
            assert!(text.ends_with("\r\u{1b}[2K"), "not cleared: {text:?}");
        } else {
            assert_eq!(s(&shown), "");
        }
    }
    // stderr a pipe: nothing, unless --progress.
    for (flag, drawn) in [(None, false), (Some("--progress"), true)] {
        let child = spawn(p, ["-a", "sha256", "fifo"].into_iter().chain(flag));
        feed(p);
        let o = child.wait_with_output().unwrap();
        assert_eq!((s(&o.stdout), o.status.code()), (want.clone(), Some(0)));
        if drawn {
            assert!(
                s(&o.stderr).contains(" 1.00 MiB hashed, 0 files, "),
                "{}",
                s(&o.stderr)
            );
        } else {
            assert_eq!(s(&o.stderr), "");
        }
    }
}

/// With the total known (regular files), the bar comes first at a fixed width of 30, so
/// it stays put as the numbers after it grow, and the last frame counts every file:
/// `2/2 files` at 100%, never `1/2`.
#[test]
fn progress_bar_has_a_fixed_width_and_ends_with_every_file() {
    let d = TempDir::new().unwrap();
    let p = d.path();
    // Rescue Prime hashes about 15 MB/s: 24 MiB outlast the half second before drawing.
    for f in ["a", "b"] {
        fs::write(p.join(f), vec![0u8; 12 << 20]).unwrap();
    }
    let r = run(khsum(p).args(["--progress", "-j1", "-a", "rescue-prime", "a", "b"]));
    assert_eq!(r.code, 0, "{}", r.err);
    let frames: Vec<&str> = r
        .err
        .split(['\r', '\n'])
        .filter(|f| f.contains('%'))
        .collect();
    assert!(!frames.is_empty(), "no frame in {:?}", r.err);
    for f in &frames {
        // Spinner, space, then the bar: its closing bracket is always in the same column.
        let open = f.find(" [").unwrap() + 1;
        assert_eq!(&f[open + 31..open + 32], "]", "{f:?}");
    }
    let last = frames.last().unwrap();
    assert!(
        last.contains("[==============================] 100% 24.00 MiB/24.00 MiB, 2/2 files, "),
        "{last:?}"
    );
    // Padded to the terminal's width, then the cursor back up for the next frame.
    let text = last.trim_end_matches("\u{1b}[1A").trim_end();
    assert!(text.ends_with(", ETA 0s"), "{last:?}");
}

/// With no input named and a terminal on standard input, khsum says it is reading it.
#[cfg(unix)]
#[test]
fn reading_a_terminal_says_so() {
    use std::io::Write;
    use std::process::Stdio;
    let Some((master, slave)) = pty() else {
        return;
    };
    let mut term = fs::File::from(master);
    let mut cmd = khsum_std();
    cmd.stdin(Stdio::from(slave.try_clone().unwrap()))
        .stdout(Stdio::piped())
        .stderr(Stdio::from(slave));
    let child = cmd.spawn().unwrap();
    drop(cmd);
    // What the terminal shows up to the end of the first line, before any typing.
    let mut shown = Vec::new();
    let mut byte = [0u8; 1];
    while !shown.ends_with(b"\n") {
        let n = std::io::Read::read(&mut term, &mut byte).unwrap();
        assert_eq!(n, 1, "the terminal closed after {shown:?}");
        shown.push(byte[0]);
    }
    // "abc", then end of input (Ctrl-D twice: the first ends the unfinished line).
    term.write_all(b"abc\x04\x04").unwrap();
    let rest = drain(term.into());
    let o = child.wait_with_output().unwrap();
    rest.join().unwrap();
    let shown = s(&shown);
    assert_eq!(
        (s(&o.stdout), o.status.code()),
        (format!("{}  -\n", b3(b"abc")), Some(0))
    );
    assert!(
        shown.starts_with(
            "khsum: reading standard input (end it with Ctrl-D; name files to hash them, see 'khsum --help')\r\n"
        ),
        "{shown:?}"
    );
    // Standard error not a terminal (a script's log): no hint there.
    let Some((master, slave)) = pty() else {
        return;
    };
    let mut term = fs::File::from(master);
    let mut cmd = khsum_std();
    cmd.stdin(Stdio::from(slave))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = cmd.spawn().unwrap();
    drop(cmd);
    term.write_all(b"abc\x04\x04").unwrap();
    let rest = drain(term.into());
    let o = child.wait_with_output().unwrap();
    rest.join().unwrap();
    assert_eq!(
        (s(&o.stdout), s(&o.stderr), o.status.code()),
        (format!("{}  -\n", b3(b"abc")), String::new(), Some(0))
    );
}

/// `--exclude` relative to the operand: a glob with `/` is a path below the operand
/// (`./x`) or as printed (`dir/x`), one without `/` a name at any depth.
#[test]
fn exclude_globs_mean_what_they_say_relative_to_the_operand() {
    let d = crate::util::Dir::new();
    d.create("dir/x", "1")
        .create("dir/sub/x", "2")
        .create("dir/y", "3");
    let names = |args: &[&str]| -> Vec<String> {
        let r = d.command().args(["-r", "--no-names"]).args(args).run();
        assert_eq!((r.err.as_str(), r.code), ("", 0), "{args:?}");
        let r = d.command().args(["-r"]).args(args).run();
        s(&r.out)
            .lines()
            .map(|l| l.split_once("  ").unwrap().1.to_string())
            .collect()
    };
    assert_eq!(names(&["dir"]), ["dir/sub/x", "dir/x", "dir/y"]);
    assert_eq!(names(&["dir", "--exclude", "./x"]), ["dir/sub/x", "dir/y"]);
    assert_eq!(
        names(&["dir", "--exclude", "dir/x"]),
        ["dir/sub/x", "dir/y"]
    );
    assert_eq!(
        names(&["./dir", "--exclude", "dir/x"]),
        ["./dir/sub/x", "./dir/y"]
    );
    assert_eq!(names(&["dir", "--exclude", "x"]), ["dir/y"]);
    assert_eq!(names(&["dir", "--exclude", "sub/x"]), ["dir/x", "dir/y"]);
    assert_eq!(names(&["dir", "--exclude", "dir/sub"]), ["dir/x", "dir/y"]);
}

#[cfg(unix)]
#[test]
fn recursive_is_sorted_and_survives_link_loops() {
    let d = TempDir::new().unwrap();
    let p = d.path();
    fs::create_dir_all(p.join("t/b/inner")).unwrap();
    fs::create_dir_all(p.join("t/a")).unwrap();
    fs::write(p.join("t/z"), b"z").unwrap();
    fs::write(p.join("t/b/inner/x"), b"x").unwrap();
    fs::write(p.join("t/a/y"), b"y").unwrap();
    fs::write(p.join("t/B"), b"B").unwrap();
    std::os::unix::fs::symlink("..", p.join("t/b/loop")).unwrap();
    std::os::unix::fs::symlink("../z", p.join("t/a/zlink")).unwrap();
    let want = format!(
        "{}  t/B\n{}  t/a/y\n{}  t/a/zlink\n{}  t/b/inner/x\n{}  t/z\n",
        b3(b"B"),
        b3(b"y"),
        b3(b"z"),
        b3(b"x"),
        b3(b"z")
    );
    // Links to directories are not followed by default (a link to a file is hashed
    // under its own name).
    let r = run(khsum(p).args(["-r", "t"]));
    assert_eq!((s(&r.out), r.err.as_str(), r.code), (want.clone(), "", 0));
    // With -L they are, and a loop is reported and skipped; the run goes on.
    let r = run(khsum(p).args(["-r", "-L", "t"]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        (
            want,
            "khsum: t/b/loop: File system loop detected; not followed\n",
            1
        )
    );
    // Without -r a directory is an error, with a hint.
    let r = run(khsum(p).args(["t"]));
    assert_eq!(
        (r.code, r.err.as_str()),
        (
            1,
            "khsum: t: Is a directory (use -r to hash the files below it)\n"
        )
    );
}
