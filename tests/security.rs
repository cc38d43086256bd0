//! Hostile inputs, generated here, against the `khsum` binary — exact stdout,
//! stderr and exit status. Key files that never end or change while they are used,
//! lists and names that never end, names built to be slow to quote, `--update` in a
//! directory others can write, panics in workers, links out of a walked tree, and
//! signals that are not faults.

#[cfg(unix)]
use crate::util::{khsum, khsum_std, run, s};
#[cfg(unix)]
use crate::util::{mkfifo, spawn};
use std::fs;
use tempfile::TempDir;

/// The Multimixer-128 tag from the independent `multimixer-128` crate.
fn multimixer(key: &[u8], msg: &[u8]) -> String {
    let mut dig = [0u8; multimixer_128::DIGEST_SIZE];
    multimixer_128::multimixer_128(key, msg, &mut dig);
    hex::encode(dig)
}

/// Key files that never end (`/dev/zero`) are read only up to the rule's maximum plus
/// one byte, then refused (exit 2); before, khsum read until it was killed for memory.
#[cfg(unix)]
#[test]
fn endless_key_files_are_refused_after_their_maximum() {
    let d = TempDir::new().unwrap();
    fs::write(d.path().join("f"), b"data").unwrap();
    for (args, err) in [
        (
            &["tag", "-a", "blake3", "--key-file", "/dev/zero", "f"][..],
            "khsum: /dev/zero: expected a 32-byte key: 32 raw bytes or 64 hex digits (file has more than 66 bytes)\n",
        ),
        (
            &["tag", "-a", "hmac-sha256", "--key-file", "/dev/zero", "f"][..],
            "khsum: /dev/zero: key file too long (more than 65536 bytes)\n",
        ),
        (
            &[
                "tag",
                "-a",
                "multimixer-128",
                "--key-file",
                "/dev/zero",
                "f",
            ][..],
            "khsum: /dev/zero: key file too long (more than 67108864 bytes are read into memory; a longer key must be a regular file, which is memory-mapped)\n",
        ),
        (
            &["-c", "--key-file", "/dev/zero", "f"][..],
            "khsum: /dev/zero: key file too long (more than 67108864 bytes are read into memory; a longer key must be a regular file, which is memory-mapped)\n",
        ),
    ] {
        let r = run(khsum(d.path()).args(args));
        assert_eq!(
            (s(&r.out), r.err.as_str(), r.code),
            (String::new(), err, 2),
            "{args:?}"
        );
    }
    // From standard input too.
    let r = run(khsum(d.path())
        .args(["tag", "-a", "hmac-sha256", "--key-file", "-", "f"])
        .write_stdin(vec![b'k'; 65537]));
    assert_eq!(
        (r.err.as_str(), r.code),
        ("khsum: -: key file too long (more than 65536 bytes)\n", 2)
    );
}

/// A memory-mapped Multimixer-128 key file that is truncated, or rewritten in place, while
/// khsum uses it gives "key file changed while being read" for the input hashed with it
/// (exit 1), never a tag; before, the truncated key read as zeros and the tag was printed
/// with exit 0. The first input, hashed before the change, gets its right tag.
#[cfg(unix)]
#[test]
fn a_mapped_key_that_changes_gives_no_tag() {
    let len = 1 << 20;
    let key: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
    let msg: Vec<u8> = (0..len).map(|i| (i * 13 + 1) as u8).collect();
    for change in ["truncate", "rewrite"] {
        let d = TempDir::new().unwrap();
        let p = d.path();
        fs::write(p.join("key"), &key).unwrap();
        fs::write(p.join("first"), &msg).unwrap();
        mkfifo(&p.join("fifo"));
        let child = spawn(
            p,
            [
                "tag",
                "-j1",
                "-a",
                "multimixer-128",
                "--key-file",
                "key",
                "first",
                "fifo",
            ],
        );
        // Blocks until khsum, having mapped the key and hashed `first`, opens the FIFO.
        let mut w = fs::OpenOptions::new()
            .write(true)
            .open(p.join("fifo"))
            .unwrap();
        let f = fs::OpenOptions::new()
            .write(true)
            .open(p.join("key"))
            .unwrap();
        if change == "truncate" {
            f.set_len(0).unwrap();
        } else {
            std::io::Write::write_all(&mut &f, &vec![0xa5; len]).unwrap();
            // A new modification time, as a rewrite a second later would leave.
            f.set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(5))
                .unwrap();
        }
        drop(f);
        std::io::Write::write_all(&mut w, &msg).unwrap();
        drop(w);
        let o = child.wait_with_output().unwrap();
        assert_eq!(
            (s(&o.stdout), s(&o.stderr), o.status.code()),
            (
                format!("MULTIMIXER-128 (first) = {}\n", multimixer(&key, &msg)),
                "khsum: fifo: key file changed while being read\n".to_string(),
                Some(1)
            ),
            "{change}"
        );
    }
}

/// The SHA-256 line of `data` named `name`.
fn line256(data: &[u8], name: &str) -> String {
    format!("{}  {name}\n", crate::util::s256(data))
}

/// `--update` on a list that is a symbolic link updates the file it points to, in that
/// file's directory: the link stays a link; the target keeps its owner, group, mode (less
/// setuid, setgid and sticky bits, never copied) and extended attributes (an ACL is one);
/// the directory holds no temporary file afterwards.
#[cfg(target_os = "linux")]
#[test]
fn update_through_a_symbolic_link_keeps_the_target_and_its_metadata() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
    let d = TempDir::new().unwrap();
    let p = d.path();
    fs::create_dir(p.join("lists")).unwrap();
    fs::write(p.join("a"), b"a\n").unwrap();
    fs::write(p.join("b"), b"b\n").unwrap();
    let target = p.join("lists/real");
    fs::write(&target, line256(b"a\n", "a")).unwrap();
    fs::set_permissions(&target, fs::Permissions::from_mode(0o6751)).unwrap();
    rustix::fs::setxattr(
        &target,
        "user.khsum",
        b"kept",
        rustix::fs::XattrFlags::empty(),
    )
    .unwrap();
    // Files the test creates are owned by its user: root may give them away.
    let root = fs::metadata(&target).unwrap().uid() == 0;
    if root {
        rustix::fs::chown(
            &target,
            Some(rustix::fs::Uid::from_raw(4321)),
            Some(rustix::fs::Gid::from_raw(8765)),
        )
        .unwrap();
    }
    symlink("lists/real", p.join("L")).unwrap();
    let r = run(khsum(p).args(["-a", "sha256", "--update", "L", "a", "b"]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        (line256(b"b\n", "b"), "", 0)
    );
    assert!(
        fs::symlink_metadata(p.join("L"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_to_string(&target).unwrap(),
        format!("{}{}", line256(b"a\n", "a"), line256(b"b\n", "b"))
    );
    let m = fs::metadata(&target).unwrap();
    assert_eq!(m.mode() & 0o7777, 0o751);
    if root {
        assert_eq!((m.uid(), m.gid()), (4321, 8765));
    }
    let mut value = [0u8; 16];
    let n = rustix::fs::getxattr(&target, "user.khsum", &mut value[..]).unwrap();
    assert_eq!(&value[..n], b"kept");
    assert_eq!(fs::read_dir(p.join("lists")).unwrap().count(), 1);
}

/// `--update` leaves off the rewritten list what must not follow new content, as it
/// leaves setuid off: file capabilities, `trusted.*` (the administrator's) and IMA's
/// measurement of the old content; `user.*` stays. Setting the first two takes root: as
/// another user, the test checks what it can set and says so.
#[cfg(target_os = "linux")]
#[test]
fn update_leaves_privileged_attributes_off_the_list() {
    let d = TempDir::new().unwrap();
    let p = d.path();
    fs::write(p.join("a"), b"a\n").unwrap();
    fs::write(p.join("L"), line256(b"a\n", "a")).unwrap();
    let set = |name: &str, value: &[u8]| {
        rustix::fs::setxattr(p.join("L"), name, value, rustix::fs::XattrFlags::empty()).is_ok()
    };
    assert!(set("user.khsum", b"kept"));
    // A valid VFS_CAP_REVISION_2 value granting CAP_NET_RAW (bit 13), effective.
    let mut cap = [0u8; 20];
    cap[..4].copy_from_slice(&0x0200_0001u32.to_le_bytes());
    cap[4..8].copy_from_slice(&(1u32 << 13).to_le_bytes());
    let privileged: Vec<&str> = [("security.capability", &cap[..]), ("trusted.khsum", b"x")]
        .into_iter()
        .filter(|(n, v)| set(n, v))
        .map(|(n, _)| n)
        .collect();
    if privileged.is_empty() {
        eprintln!("not root: security.capability and trusted.* cannot be set here; user.* checked");
    }
    fs::write(p.join("b"), b"b\n").unwrap();
    let r = run(khsum(p).args(["-a", "sha256", "--update", "L", "a", "b"]));
    assert_eq!((r.err.as_str(), r.code), ("", 0));
    let mut value = [0u8; 32];
    let get = |name: &str, value: &mut [u8]| rustix::fs::getxattr(p.join("L"), name, value);
    assert_eq!(get("user.khsum", &mut value), Ok(4));
    for name in privileged {
        assert_eq!(
            get(name, &mut value),
            Err(rustix::io::Errno::NODATA),
            "{name}"
        );
    }
}

/// A link to nothing is refused with what it is (before: "the list changed while it was
/// being updated", after hashing everything); a list with another hard link is refused
/// rather than split from it. Both exit 2, before any input is read, nothing written.
#[cfg(unix)]
#[test]
fn update_refuses_dangling_links_and_hard_linked_lists() {
    let d = TempDir::new().unwrap();
    let p = d.path();
    fs::write(p.join("a"), b"a\n").unwrap();
    std::os::unix::fs::symlink("nowhere/SUMS", p.join("L")).unwrap();
    let r = run(khsum(p).args(["-a", "sha256", "--update", "L", "a"]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        (
            String::new(),
            "khsum: L: a symbolic link to a file that does not exist: --update does not create a link's target (list not changed)\n",
            2
        )
    );
    assert!(!p.join("nowhere").exists());
    fs::write(p.join("S"), line256(b"a\n", "a")).unwrap();
    fs::hard_link(p.join("S"), p.join("S2")).unwrap();
    fs::write(p.join("b"), b"b\n").unwrap();
    let r = run(khsum(p).args(["-a", "sha256", "--update", "S", "b"]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        (
            String::new(),
            "khsum: S: the list has 2 hard links: --update writes a new file and renames it over the list, which would split them (list not changed)\n",
            2
        )
    );
    assert_eq!(
        fs::read_to_string(p.join("S2")).unwrap(),
        line256(b"a\n", "a")
    );
}

/// The directory is fsynced after the rename (strace sees an fsync of the directory's
/// descriptor after the renameat), so the new list survives a crash. (x86-64 only: the
/// aarch64 leg runs khsum under QEMU, which strace cannot start.)
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
#[test]
fn update_syncs_the_directory_after_the_rename() {
    use crate::util::khsum_under;
    if std::process::Command::new("strace")
        .arg("-V")
        .output()
        .is_err()
    {
        panic!("strace is needed for this test (apt-get install strace)");
    }
    let d = TempDir::new().unwrap();
    let p = d.path();
    fs::write(p.join("a"), b"a\n").unwrap();
    let o = khsum_under(
        p,
        &[
            "strace",
            "-f",
            "-e",
            "trace=open,openat,renameat,renameat2,fsync",
            "-o",
            "trace",
        ],
    )
    .args(["-a", "sha256", "--update", "L", "a"])
    .output()
    .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", s(&o.stderr));
    let trace = fs::read_to_string(p.join("trace")).unwrap();
    let dir_fd = trace
        .lines()
        .filter(|l| l.contains("O_DIRECTORY"))
        .filter_map(|l| l.rsplit("= ").next()?.trim().parse::<u32>().ok())
        .next_back()
        .expect("the directory is opened");
    let rename = trace.find("renameat2(").expect("a rename");
    assert!(
        trace[rename..].contains(&format!("fsync({dir_fd})")),
        "{trace}"
    );
}

/// Lists that never end a line (`/dev/zero`) are refused with the list's name and the
/// line number, in bounded memory: `--files-from` at once; a checksum list, whose
/// overlong lines are read past as improper lines, once 64 MiB brought no end (exit 1,
/// as for an unreadable list); `--files0-from /dev/zero` (a list of empty names without
/// end) stops at the first empty name, as GNU's tools refuse them.
/// Before: `-c` and `--files-from` aborted with "memory allocation failed" (134), and
/// `--files0-from` spun without output.
#[cfg(unix)]
#[test]
fn endless_lists_are_refused_at_their_first_line() {
    let d = TempDir::new().unwrap();
    for (args, err, code) in [
        (
            &["-c", "/dev/zero"][..],
            "khsum: /dev/zero: 1: line too long (more than 70656 bytes, no end within 67108864 bytes): list not read further\n",
            1,
        ),
        (
            &["--files-from", "/dev/zero"][..],
            "khsum: /dev/zero: 1: line too long (more than 70656 bytes)\n",
            1,
        ),
        (
            &["--files0-from", "/dev/zero"][..],
            "khsum: /dev/zero: 1: invalid zero-length file name\n",
            1,
        ),
    ] {
        let r = run(khsum(d.path()).args(args));
        assert_eq!(
            (s(&r.out), r.err.as_str(), r.code),
            (String::new(), err, code),
            "{args:?}"
        );
    }
    // A name of one byte more than the limit in the middle of a NUL list: the names
    // before it are hashed, then the list ends with its line number.
    fs::write(d.path().join("a"), b"a").unwrap();
    let mut list = b"a\0".to_vec();
    list.extend(std::iter::repeat_n(b'x', 70656));
    list.extend(b"\0a\0");
    fs::write(d.path().join("names"), &list).unwrap();
    let r = run(khsum(d.path()).args(["--files0-from", "names"]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        (
            format!("{}  a\n", crate::util::b3(b"a")),
            "khsum: names: 2: line too long (more than 70656 bytes)\n",
            1
        )
    );
}

/// A 60 KiB hostile name (a quote, a newline and a byte that is not UTF-8, over and
/// over) in a `--files0-from` list is quoted in its error message exactly, at once.
#[cfg(unix)]
#[test]
fn hostile_names_are_quoted_exactly() {
    let d = TempDir::new().unwrap();
    let unit: &[u8] = b"x'\n\xff";
    let n = 60 * 1024 / unit.len();
    let mut list = unit.repeat(n);
    list.push(0);
    fs::write(d.path().join("names"), &list).unwrap();
    let r = run(khsum(d.path()).args(["--files0-from", "names"]));
    // As GNU 9.1 quotes it (checked against sha256sum for two units).
    let quoted = format!(
        "''{}{}'",
        r"'x'\'''$'\n\377",
        r"''x'\'''$'\n\377".repeat(n - 1)
    );
    assert_eq!(
        (s(&r.out), r.err, r.code),
        (
            String::new(),
            format!("khsum: {quoted}: File name too long\n"),
            1
        )
    );
}

/// `-c -w`: warnings about improper lines come out as the list is read (in order with
/// the results), not held until the next good line or the end: with the list on a pipe
/// that stays open, the first warning arrives while the writer still holds it. Before,
/// every warning waited (20 M bad lines held 2.3 GB).
#[test]
fn improper_line_warnings_stream() {
    use std::io::{BufRead, Write};
    let d = TempDir::new().unwrap();
    let mut child = khsum_std()
        .current_dir(d.path())
        .args(["-c", "-w", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in std::io::BufReader::new(stderr).lines() {
            if tx.send(l.unwrap()).is_err() {
                break;
            }
        }
    });
    stdin
        .write_all(&b"not a checksum line\n".repeat(5000))
        .unwrap();
    stdin.flush().unwrap();
    // A guard against waiting forever, not a timing: the warning is due at once.
    let first = rx.recv_timeout(std::time::Duration::from_secs(60));
    drop(stdin);
    let status = child.wait().unwrap();
    let first = first.expect("a warning while the list was still open");
    let warning = |n| format!("khsum: 'standard input': {n}: improperly formatted checksum line");
    assert_eq!(first, warning(1));
    let rest: Vec<String> = rx.iter().collect();
    let mut want: Vec<String> = (2..=5000).map(warning).collect();
    want.push("khsum: 'standard input': no properly formatted checksum lines found".into());
    assert_eq!(rest, want);
    assert_eq!(status.code(), Some(1));
}

/// Rescue Prime needs the length first: from a pipe, at most 64 MiB are held (README);
/// a longer pipe is refused for that input (exit 1), in bounded memory. Before, the
/// whole pipe was buffered.
#[test]
fn rescue_prime_over_a_pipe_is_bounded() {
    let d = TempDir::new().unwrap();
    let r = run(khsum(d.path())
        .args(["-a", "rescue-prime"])
        .write_stdin(vec![0u8; (64 << 20) + 1]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        (
            String::new(),
            "khsum: -: rescue-prime needs the input's length before hashing it: from a pipe at most 67108864 bytes are held in memory, and this input is longer (hash it as a regular file, which streams)\n",
            1
        )
    );
}

/// A panic in a worker (a test-only hasher that panics, swapped in by debug builds for
/// the input `KHSUM_TEST_PANIC_ON` names) fails the run with the input's name, exit 2,
/// on the pool and with -j1, hashing and checking; it never hangs. Before, the run
/// waited forever for the panicked batch.
#[cfg(debug_assertions)]
#[test]
fn a_panicking_worker_fails_the_run_naming_the_file() {
    let d = TempDir::new().unwrap();
    let p = d.path();
    let mut names = Vec::new();
    for i in 0..40 {
        let n = format!("f{i:02}");
        fs::write(p.join(&n), n.as_bytes()).unwrap();
        names.push(n);
    }
    let list: String = names
        .iter()
        .map(|n| format!("{}  {n}\n", crate::util::b3(n.as_bytes())))
        .collect();
    fs::write(p.join("L"), &list).unwrap();
    let msg = "khsum: f20: internal error: test-only hasher: panicking as asked by KHSUM_TEST_PANIC_ON (a bug in khsum; please report it)";
    for threads in ["1", "2"] {
        for check in [false, true] {
            let mut c = khsum(p);
            c.env("KHSUM_TEST_PANIC_ON", "f20").args(["-j", threads]);
            if check {
                c.args(["-c", "L"]);
            } else {
                c.args(&names);
            }
            let r = run(c.timeout(std::time::Duration::from_secs(120)));
            assert_eq!(r.code, 2, "-j{threads} check {check}: {}", r.err);
            assert_eq!(r.err.lines().last(), Some(msg), "{}", r.err);
            // Everything before f20 was reported, in order; nothing after it.
            let out = s(&r.out);
            let want: String = names[..20]
                .iter()
                .map(|n| {
                    if check {
                        format!("{n}: OK\n")
                    } else {
                        format!("{}  {n}\n", crate::util::b3(n.as_bytes()))
                    }
                })
                .collect();
            assert_eq!(out, want, "-j{threads} check {check}");
        }
    }
}

/// A SIGBUS sent by another process (`kill -BUS`) once the guard is installed ends khsum
/// with SIGBUS, as the signal's default action does, instead of being swallowed by the
/// guard (which then also lost its handler). The guard acts only on kernel-raised faults.
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
#[test]
fn a_sigbus_sent_by_kill_is_not_swallowed() {
    use std::os::unix::process::ExitStatusExt;
    let d = TempDir::new().unwrap();
    let p = d.path();
    // Large enough to be memory-mapped (which installs the guard) for BLAKE3.
    fs::write(p.join("big"), vec![1u8; 1 << 20]).unwrap();
    mkfifo(&p.join("fifo"));
    let child = spawn(p, ["-j1", "big", "fifo"]);
    // Returns once khsum, having mapped `big`, opens the FIFO.
    let mut w = fs::OpenOptions::new()
        .write(true)
        .open(p.join("fifo"))
        .unwrap();
    let killed = std::process::Command::new("kill")
        .args(["-BUS", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // If the signal were swallowed, khsum would hash this and exit 0.
    let _ = std::io::Write::write_all(&mut w, b"data");
    drop(w);
    let o = child.wait_with_output().unwrap();
    // SIGBUS is signal 7 on Linux x86-64.
    assert_eq!(o.status.signal(), Some(7), "{:?}", o);
}

/// `-r` hashes a link to a file under the link's name wherever it points, outside the
/// tree too (the documented default); `-P` follows no link inside the tree: each is
/// skipped with a warning and the exit status stays 0.
#[cfg(unix)]
#[test]
fn links_out_of_a_tree_are_followed_unless_p() {
    let d = TempDir::new().unwrap();
    let p = d.path();
    fs::create_dir(p.join("t")).unwrap();
    fs::write(p.join("t/a"), b"a").unwrap();
    fs::write(p.join("secret"), b"outside").unwrap();
    std::os::unix::fs::symlink("../secret", p.join("t/link")).unwrap();
    let r = run(khsum(p).args(["-r", "t"]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        (
            format!(
                "{}  t/a\n{}  t/link\n",
                crate::util::b3(b"a"),
                crate::util::b3(b"outside")
            ),
            "",
            0
        )
    );
    let r = run(khsum(p).args(["-r", "-P", "t"]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        (
            format!("{}  t/a\n", crate::util::b3(b"a")),
            "khsum: t/link: symbolic link; not followed (-P)\n",
            0
        )
    );
    let r = run(khsum(p).args(["-r", "-P", "-L", "t"]));
    assert_eq!(r.code, 2);
}

/// A walked entry that was a regular file when its directory was read, and is a FIFO by
/// the time khsum opens it, is reported, not waited on: khsum is held on a full stdout
/// pipe after the walk read the directory, the test swaps the last entry for a FIFO that
/// nobody writes, then lets khsum go on. Before, opening the FIFO blocked forever.
#[cfg(unix)]
#[test]
fn a_walked_entry_swapped_for_a_fifo_does_not_block() {
    use std::io::Read;
    let d = TempDir::new().unwrap();
    let p = d.path();
    fs::create_dir(p.join("t")).unwrap();
    // 4000 lines of about 80 bytes: more than the pipe and khsum's buffer hold.
    for i in 0..4000 {
        fs::write(p.join(format!("t/f{i:04}")), b"x").unwrap();
    }
    fs::write(p.join("t/zz"), b"last").unwrap();
    let mut child = spawn(p, ["-j1", "-r", "t"]);
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).unwrap();
    // The walk has read t (entries come sorted, so all of them); swap the last one.
    fs::remove_file(p.join("t/zz")).unwrap();
    mkfifo(&p.join("t/zz"));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut rest = Vec::new();
        stdout.read_to_end(&mut rest).unwrap();
        tx.send(rest).unwrap();
    });
    // A guard against waiting forever, not a timing.
    let rest = rx.recv_timeout(std::time::Duration::from_secs(120));
    if rest.is_err() {
        let _ = child.kill();
    }
    let o = child.wait_with_output().unwrap();
    let rest = rest.expect("khsum finished instead of blocking on the FIFO");
    assert_eq!(rest.len() + 64, 4000 * (64 + 2 + 7 + 1));
    assert_eq!(
        (s(&o.stderr), o.status.code()),
        (
            "khsum: t/zz: not a regular file any more (it was replaced after the directory was read); not hashed\n".to_string(),
            Some(1)
        )
    );
}

/// `tag -a lemac` without `--nonce` says once that the all-zero nonce makes the tags a
/// deterministic MAC (exit 0, the same tags); `--nonce 0` (or 32 zero digits) says it is
/// meant and silences the note; checking the list needs no nonce and says nothing.
#[test]
fn lemac_without_a_nonce_says_so_once() {
    let d = TempDir::new().unwrap();
    let p = d.path();
    fs::write(p.join("k"), [7u8; 16]).unwrap();
    fs::write(p.join("a"), b"a").unwrap();
    fs::write(p.join("b"), b"b").unwrap();
    let tag = |extra: &[&str]| {
        run(khsum(p)
            .args(["tag", "-a", "lemac", "--key-file", "k"])
            .args(extra)
            .args(["a", "b"]))
    };
    let plain = tag(&[]);
    assert_eq!(
        (plain.err.as_str(), plain.code),
        (
            "khsum: note: lemac without --nonce uses the all-zero nonce for every file: the tags are a deterministic MAC (say --nonce 0 to mean it, or give a nonce)\n",
            0
        )
    );
    for nonce in ["0", "00000000000000000000000000000000"] {
        let r = tag(&["--nonce", nonce]);
        assert_eq!(
            (&r.out, r.err.as_str(), r.code),
            (&plain.out, "", 0),
            "{nonce}"
        );
    }
    let other = tag(&["--nonce", "0123456789abcdef0123456789abcdef"]);
    assert_eq!((other.err.as_str(), other.code), ("", 0));
    assert_ne!(other.out, plain.out);
    fs::write(p.join("L"), &plain.out).unwrap();
    let r = run(khsum(p).args(["-c", "-a", "lemac", "--key-file", "k", "L"]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        ("a: OK\nb: OK\n".into(), "", 0)
    );
}
