//! End-to-end tests of the `khsum` binary: exact stdout bytes, stderr lines and exit
//! statuses. Expected digests come from independent crates (blake3, sha2, hmac), never
//! from khsum itself; expected check-mode text is what GNU coreutils 9.1 prints.

pub(crate) use crate::util::{Run, khsum, khsum_std, run, s};
use sha2::Digest;
use std::fs;
use std::path::Path;
use tempfile::TempDir;

pub(crate) fn b3(data: &[u8]) -> String {
    blake3::hash(data).to_hex().to_string()
}

pub(crate) fn s256(data: &[u8]) -> String {
    hex::encode(sha2::Sha256::digest(data))
}

fn s512(data: &[u8]) -> String {
    hex::encode(sha2::Sha512::digest(data))
}

pub(crate) fn tree() -> TempDir {
    let d = TempDir::new().unwrap();
    fs::write(d.path().join("a"), b"hello\n").unwrap();
    fs::write(d.path().join("empty"), b"").unwrap();
    d
}

#[test]
fn hashes_like_b3sum_and_sha256sum() {
    let d = tree();
    let big: Vec<u8> = (0..3_000_000u32).map(|i| (i % 251) as u8).collect();
    fs::write(d.path().join("big"), &big).unwrap();
    let r = run(khsum(d.path()).args(["a", "empty", "big"]));
    assert_eq!(r.code, 0, "{}", r.err);
    let want = format!(
        "{}  a\n{}  empty\n{}  big\n",
        b3(b"hello\n"),
        b3(b""),
        b3(&big)
    );
    assert_eq!(s(&r.out), want);
    // `hash` subcommand is the same.
    assert_eq!(
        run(khsum(d.path()).args(["hash", "a", "empty", "big"])).out,
        r.out
    );
    let r = run(khsum(d.path()).args(["-a", "sha256", "a", "big"]));
    assert_eq!(
        s(&r.out),
        format!("{}  a\n{}  big\n", s256(b"hello\n"), s256(&big))
    );
    let r = run(khsum(d.path()).args(["-a", "sha512", "--tag", "a"]));
    assert_eq!(s(&r.out), format!("SHA512 (a) = {}\n", s512(b"hello\n")));
    let r = run(khsum(d.path()).args(["--tag", "a"]));
    assert_eq!(s(&r.out), format!("BLAKE3 (a) = {}\n", b3(b"hello\n")));
    let r = run(khsum(d.path()).args(["-a", "sha256", "-b", "a"]));
    assert_eq!(s(&r.out), format!("{} *a\n", s256(b"hello\n")));
}

#[test]
fn many_files_keep_argument_order() {
    let d = TempDir::new().unwrap();
    let mut args = Vec::new();
    let mut want = String::new();
    for i in 0..300 {
        let data = vec![i as u8; (i * 977) % 40_000 + (i % 3) * 300_000];
        let name = format!("f{i:03}");
        fs::write(d.path().join(&name), &data).unwrap();
        want.push_str(&format!("{}  {name}\n", s256(&data)));
        args.push(name);
    }
    let r = run(khsum(d.path()).args(["-a", "sha256"]).args(&args));
    assert_eq!(r.code, 0);
    assert_eq!(s(&r.out), want);
    let r = run(khsum(d.path())
        .args(["-j", "1", "-a", "sha256"])
        .args(&args));
    assert_eq!(s(&r.out), want);
}

/// Files between BLAKE3's multi-thread threshold (128 KiB) and the mmap threshold
/// (256 KiB) are read into the thread's buffer and hashed on all threads; a thread waiting
/// for that work runs other files' reads meanwhile. That once re-entered the buffer and
/// panicked ("RefCell already borrowed"): 300 such files, hashed in parallel, must give
/// b3sum's output and exit 0.
#[test]
fn many_mid_sized_files_hash_in_parallel() {
    let d = TempDir::new().unwrap();
    let mut args = Vec::new();
    let mut want = String::new();
    for i in 0..300u32 {
        let data: Vec<u8> = (0..200_000 + i).map(|j| (j * 31 + i) as u8).collect();
        let name = format!("m{i:03}");
        fs::write(d.path().join(&name), &data).unwrap();
        want.push_str(&format!("{}  {name}\n", b3(&data)));
        args.push(name);
    }
    for _ in 0..3 {
        // A hang (the old failure mode after the panic) fails the test instead of
        // stalling the suite.
        let r = run(khsum(d.path())
            .timeout(std::time::Duration::from_secs(60))
            .args(&args));
        assert_eq!((r.code, r.err.as_str()), (0, ""));
        assert_eq!(s(&r.out), want);
    }
}

/// Files that have not changed for a few seconds take the short path (one `read`, one
/// `stat`) when they fit the first read, and keep their first 64 KiB when they do not;
/// recently written ones are read under the full before/after check. Both must give the
/// same digests as the crates, for every size around the boundaries (and above the mmap
/// threshold, where BLAKE3 maps the rest of the file).
#[test]
fn settled_and_fresh_files_hash_alike() {
    let d = TempDir::new().unwrap();
    let sizes = [
        0usize,
        1,
        4095,
        65_535,
        65_536,
        65_537,
        200_000,
        300_000,
        1 << 20,
        (1 << 20) + 1,
        3 << 20,
    ];
    let mut args = Vec::new();
    let (mut want_b3, mut want_256) = (String::new(), String::new());
    for (i, &len) in sizes.iter().enumerate() {
        let data: Vec<u8> = (0..len).map(|j| (j * 7 + i) as u8).collect();
        let name = format!("s{len}");
        fs::write(d.path().join(&name), &data).unwrap();
        want_b3.push_str(&format!("{}  {name}\n", b3(&data)));
        want_256.push_str(&format!("{}  {name}\n", s256(&data)));
        args.push(name);
    }
    let check = || {
        let r = run(khsum(d.path()).args(&args));
        assert_eq!(
            (r.code, r.err.as_str(), s(&r.out)),
            (0, "", want_b3.clone())
        );
        let r = run(khsum(d.path()).args(["-a", "sha256"]).args(&args));
        assert_eq!(
            (r.code, r.err.as_str(), s(&r.out)),
            (0, "", want_256.clone())
        );
    };
    check(); // fresh: the full check
    std::thread::sleep(std::time::Duration::from_millis(3200));
    check(); // settled: the short path
}

#[test]
fn stdin_no_names_zero_and_length() {
    let d = tree();
    let r = run(khsum(d.path()).write_stdin("abc"));
    assert_eq!(s(&r.out), format!("{}  -\n", b3(b"abc")));
    let r = run(khsum(d.path())
        .args(["-a", "sha256", "-"])
        .write_stdin("abc"));
    assert_eq!(s(&r.out), format!("{}  -\n", s256(b"abc")));
    let r = run(khsum(d.path()).args(["--no-names", "a"]));
    assert_eq!(s(&r.out), format!("{}\n", b3(b"hello\n")));
    let r = run(khsum(d.path()).args(["-z", "a", "empty"]));
    assert_eq!(
        r.out,
        format!("{}  a\0{}  empty\0", b3(b"hello\n"), b3(b"")).into_bytes()
    );
    let mut xof = [0u8; 100];
    let mut h = blake3::Hasher::new();
    h.update(b"hello\n");
    h.finalize_xof().fill(&mut xof);
    let r = run(khsum(d.path()).args(["--length", "100", "a"]));
    assert_eq!(s(&r.out), format!("{}  a\n", hex::encode(xof)));
    let r = run(khsum(d.path()).args(["-a", "sha256", "--length", "16", "a"]));
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err,
        "khsum: sha256 produces 32 bytes; --length 16 is not supported\n"
    );
    assert!(r.out.is_empty());
}

#[cfg(unix)]
#[test]
fn names_are_escaped_like_gnu_and_b3sum() {
    use std::os::unix::ffi::OsStrExt;
    let d = TempDir::new().unwrap();
    let names: [&[u8]; 5] = [b"b\\c", b"n\nl", b"c\rr", b"a\\b\nc", b"\xff\xfe raw"];
    for n in names {
        fs::write(d.path().join(std::ffi::OsStr::from_bytes(n)), n).unwrap();
    }
    let args: Vec<&std::ffi::OsStr> = names
        .iter()
        .map(|n| std::ffi::OsStr::from_bytes(n))
        .collect();
    let r = run(khsum(d.path()).args(["-a", "sha256"]).args(&args));
    let mut want = Vec::new();
    want.extend(format!("\\{}  b\\\\c\n", s256(names[0])).bytes());
    want.extend(format!("\\{}  n\\nl\n", s256(names[1])).bytes());
    want.extend(format!("\\{}  c\\rr\n", s256(names[2])).bytes());
    want.extend(format!("\\{}  a\\\\b\\nc\n", s256(names[3])).bytes());
    want.extend(format!("{}  ", s256(names[4])).bytes());
    want.extend(b"\xff\xfe raw\n");
    assert_eq!(r.out, want);
    // Tagged lines escape too; -z never escapes.
    let r = run(khsum(d.path()).args(["--tag"]).arg(args[1]));
    assert_eq!(s(&r.out), format!("\\BLAKE3 (n\\nl) = {}\n", b3(names[1])));
    let r = run(khsum(d.path()).args(["-z"]).arg(args[1]));
    assert_eq!(r.out, format!("{}  n\nl\0", b3(names[1])).into_bytes());
    // The list round-trips, and status lines escape only names with a newline.
    let list = run(khsum(d.path()).args(["-a", "sha256"]).args(&args)).out;
    fs::write(d.path().join("L"), &list).unwrap();
    let r = run(khsum(d.path()).args(["-a", "sha256", "-c", "L"]));
    assert_eq!(r.code, 0, "{}", r.err);
    let mut want: Vec<u8> = Vec::new();
    want.extend(b"b\\c: OK\n\\n\\nl: OK\nc\rr: OK\n\\a\\\\b\\nc: OK\n\xff\xfe raw: OK\n");
    assert_eq!(r.out, want);
}

/// A typo in `-a` gets a did-you-mean (exit 2, nothing hashed); names and aliases are
/// accepted in any case, for hashing, checking and bench alike.
#[test]
fn algorithm_names_are_checked_with_a_suggestion() {
    let d = tree();
    for args in [
        &["-a", "sha265", "a"][..],
        &["check", "-a", "sha265", "LIST"][..],
        &["bench", "-a", "sha265"][..],
    ] {
        let r = run(khsum(d.path()).args(args));
        assert_eq!((r.code, r.out.len()), (2, 0), "{args:?}");
        assert!(
            r.err
                .starts_with("error: invalid value 'sha265' for '--algorithm <NAME>'\n"),
            "{}",
            r.err
        );
        assert!(
            r.err
                .contains("\n  tip: a similar value exists: 'sha256'\n"),
            "{}",
            r.err
        );
    }
    for name in ["SHA256", "sha2-256", "Sha-256"] {
        let r = run(khsum(d.path()).args(["-a", name, "a"]));
        assert_eq!(r.code, 0, "{name}: {}", r.err);
        assert_eq!(s(&r.out), format!("{}  a\n", s256(b"hello\n")));
    }
}

#[test]
fn bad_inputs_are_reported_and_the_rest_processed() {
    let d = tree();
    fs::create_dir(d.path().join("dir")).unwrap();
    let r = run(khsum(d.path()).args(["missing", "dir", "a", "my file"]));
    assert_eq!(r.code, 1);
    assert_eq!(s(&r.out), format!("{}  a\n", b3(b"hello\n")));
    assert_eq!(
        r.err,
        "khsum: missing: No such file or directory\nkhsum: dir: Is a directory (use -r to hash the files below it)\nkhsum: 'my file': No such file or directory\n"
    );
    // An unknown algorithm names the valid ones (clap's possible values, from the
    // registry), before any input is read.
    let r = run(khsum(d.path()).args(["-a", "nope", "a"]));
    assert_eq!((r.code, r.out.len()), (2, 0));
    let names: Vec<&str> = khsum::Algorithm::all().iter().map(|a| a.name).collect();
    assert_eq!(
        r.err,
        format!(
            "error: invalid value 'nope' for '--algorithm <NAME>'\n  [possible values: {}]\n\nFor more information, try '--help'.\n",
            names.join(", ")
        )
    );
    let r = run(khsum(d.path()).args(["--quiet", "a"]));
    assert_eq!(r.code, 2);
    let r = run(khsum(d.path()).args(["--bogus"]));
    assert_eq!((r.code, r.out.len()), (2, 0));
}

#[cfg(unix)]
#[test]
fn special_files() {
    let d = tree();
    let r = run(khsum(d.path()).args(["/dev/null"]));
    assert_eq!(s(&r.out), format!("{}  /dev/null\n", b3(b"")));
    // A /proc file reports size 0 but has content: the content is hashed.
    let r = run(khsum(d.path()).args(["-a", "sha256", "/proc/version"]));
    let content = fs::read("/proc/version").unwrap();
    assert!(!content.is_empty());
    assert_eq!(s(&r.out), format!("{}  /proc/version\n", s256(&content)));
    // A FIFO is read as a stream, like sha256sum does.
    let fifo = d.path().join("fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::write(fifo, b"through a pipe").unwrap())
    };
    let r = run(khsum(d.path()).args(["fifo"]));
    writer.join().unwrap();
    assert_eq!(s(&r.out), format!("{}  fifo\n", b3(b"through a pipe")));
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

pub(crate) fn checked(d: &Path, list: &[u8], extra: &[&str]) -> Run {
    fs::write(d.join("L"), list).unwrap();
    run(khsum(d).args(extra).args(["-c", "L"]))
}

#[test]
fn check_matches_gnu_output_and_status() {
    let d = tree();
    let p = d.path();
    fs::write(p.join("b"), b"bee").unwrap();
    let good = format!("{}  a\n{}  b\n", s256(b"hello\n"), s256(b"bee"));
    let r = checked(p, good.as_bytes(), &["-a", "sha256"]);
    assert_eq!(
        (s(&r.out).as_str(), r.err.as_str(), r.code),
        ("a: OK\nb: OK\n", "", 0)
    );
    let r = checked(p, good.as_bytes(), &["-a", "sha256", "--quiet"]);
    assert_eq!((r.out.len(), r.code), (0, 0));
    // `khsum check` is the same as `-c`.
    let r = run(khsum(p).args(["check", "-a", "sha256", "L"]));
    assert_eq!(s(&r.out), "a: OK\nb: OK\n");

    let zero = "0".repeat(64);
    let bad = format!("{good}garbage\n{zero}  a\n{zero}  missing\n");
    let r = checked(p, bad.as_bytes(), &["-a", "sha256"]);
    assert_eq!(
        s(&r.out),
        "a: OK\nb: OK\na: FAILED\nmissing: FAILED open or read\n"
    );
    assert_eq!(
        r.err,
        "khsum: missing: No such file or directory\n\
         khsum: WARNING: 1 line is improperly formatted\n\
         khsum: WARNING: 1 listed file could not be read\n\
         khsum: WARNING: 1 computed checksum did NOT match\n"
    );
    assert_eq!(r.code, 1);
    let r = checked(p, bad.as_bytes(), &["-a", "sha256", "--status"]);
    assert_eq!(
        (r.out.len(), r.err.as_str(), r.code),
        (0, "khsum: missing: No such file or directory\n", 1)
    );
    // --warn, --quiet and --status are one setting; the last one given wins (GNU 9.1).
    let r = checked(p, bad.as_bytes(), &["-a", "sha256", "--warn", "--quiet"]);
    assert_eq!(s(&r.out), "a: FAILED\nmissing: FAILED open or read\n");
    assert!(
        r.err
            .starts_with("khsum: missing: No such file or directory\n"),
        "{}",
        r.err
    );
    let r = checked(p, bad.as_bytes(), &["-a", "sha256", "--quiet", "--warn"]);
    assert_eq!(
        s(&r.out),
        "a: OK\nb: OK\na: FAILED\nmissing: FAILED open or read\n"
    );
    assert!(
        r.err
            .starts_with("khsum: L: 3: improperly formatted SHA256 checksum line\n"),
        "{}",
        r.err
    );
    let ignore = format!("{good}{zero}  missing\n");
    let r = checked(p, ignore.as_bytes(), &["-a", "sha256", "--ignore-missing"]);
    assert_eq!(
        (s(&r.out).as_str(), r.err.as_str(), r.code),
        ("a: OK\nb: OK\n", "", 0)
    );
    let r = checked(
        p,
        format!("{zero}  missing\n").as_bytes(),
        &["-a", "sha256", "--ignore-missing"],
    );
    assert_eq!(
        (r.err.as_str(), r.code),
        ("khsum: L: no file was verified\n", 1)
    );
    // Improper lines alone don't fail, unless --strict.
    let loose = format!("{good}not a checksum line\n");
    let r = checked(p, loose.as_bytes(), &["-a", "sha256"]);
    assert_eq!(
        (r.err.as_str(), r.code),
        ("khsum: WARNING: 1 line is improperly formatted\n", 0)
    );
    let r = checked(p, loose.as_bytes(), &["-a", "sha256", "--strict"]);
    assert_eq!(r.code, 1);
    // Plural forms.
    let two = format!("{zero}  a\n{zero}  b\n");
    let r = checked(p, two.as_bytes(), &["-a", "sha256"]);
    assert_eq!(
        r.err,
        "khsum: WARNING: 2 computed checksums did NOT match\n"
    );
}

#[test]
fn check_reads_every_list_form() {
    let d = tree();
    let p = d.path();
    let h = s256(b"hello\n");
    // Uppercase hex, '*' marker, CRLF, comments, blank lines.
    let list = format!("# comment\n\n{} *a\r\n", h.to_uppercase());
    let r = checked(p, list.as_bytes(), &["-a", "sha256"]);
    assert_eq!((s(&r.out).as_str(), r.code), ("a: OK\n", 0));
    // BSD, OpenSSL and b3sum forms; algorithm from the label when -a is absent.
    let list = format!(
        "SHA256 (a) = {h}\nSHA512(a)= {}\nBLAKE3 (a) = {}\nBLAKE3-256 (a) = {}\n{}  a\n",
        s512(b"hello\n"),
        b3(b"hello\n"),
        b3(b"hello\n"),
        b3(b"hello\n")
    );
    let r = checked(p, list.as_bytes(), &[]);
    assert_eq!(
        (s(&r.out).as_str(), r.err.as_str(), r.code),
        ("a: OK\na: OK\na: OK\na: OK\na: OK\n", "", 0)
    );
    // A digest of the wrong length is improper, never a match.
    let r = checked(
        p,
        format!("{}  a\n", &h[..62]).as_bytes(),
        &["-a", "sha256"],
    );
    assert_eq!(
        (r.err.as_str(), r.code),
        ("khsum: L: no properly formatted checksum lines found\n", 1)
    );
    // Empty list, binary garbage, a list from stdin, a missing list.
    let r = checked(p, b"", &[]);
    assert_eq!(
        (r.err.as_str(), r.code),
        ("khsum: L: no properly formatted checksum lines found\n", 1)
    );
    let r = checked(p, b"\x00\xff\x13garbage\x00\n\xfe\n", &[]);
    assert_eq!((r.out.len(), r.code), (0, 1));
    let r = run(khsum(p)
        .args(["-c"])
        .write_stdin(format!("{}  a\n", b3(b"hello\n"))));
    assert_eq!((s(&r.out).as_str(), r.code), ("a: OK\n", 0));
    let r = run(khsum(p).args(["-c", "nolist"]));
    assert_eq!(
        (r.err.as_str(), r.code),
        ("khsum: nolist: No such file or directory\n", 1)
    );
}

#[test]
fn keyed_tags_and_checks() {
    let d = tree();
    let p = d.path();
    let key: Vec<u8> = (0..32).collect();
    fs::write(p.join("k.bin"), &key).unwrap();
    fs::write(p.join("k.hex"), format!("{}\n", hex::encode(&key))).unwrap();
    let want = blake3::keyed_hash(&key.clone().try_into().unwrap(), b"hello\n")
        .to_hex()
        .to_string();
    for kf in ["k.bin", "k.hex"] {
        let r = run(khsum(p).args(["tag", "-a", "blake3", "--key-file", kf, "a"]));
        assert_eq!(
            (s(&r.out), r.code),
            (format!("{want}  a\n"), 0),
            "{}",
            r.err
        );
    }
    let r = run(khsum(p)
        .args(["tag", "--key-env", "KHSUM_KEY", "--tag", "a"])
        .env("KHSUM_KEY", hex::encode(&key)));
    assert_eq!(s(&r.out), format!("BLAKE3 (a) = {want}\n"));
    let r = run(khsum(p)
        .args(["tag", "--key-file", "-", "a"])
        .write_stdin(key.clone()));
    assert_eq!(s(&r.out), format!("{want}  a\n"));
    // HMAC-SHA256 with a key of any length.
    use hmac::Mac;
    let mut m = <hmac::Hmac<sha2::Sha256>>::new_from_slice(b"secret").unwrap();
    m.update(b"hello\n");
    fs::write(p.join("pw"), b"secret").unwrap();
    let r = run(khsum(p).args(["tag", "-a", "hmac-sha256", "--key-file", "pw", "a"]));
    assert_eq!(
        s(&r.out),
        format!("{}  a\n", hex::encode(m.finalize().into_bytes()))
    );
    // Verify with the right key, then the wrong one.
    fs::write(p.join("T"), format!("BLAKE3 (a) = {want}\n")).unwrap();
    let r = run(khsum(p).args(["check", "--key-file", "k.bin", "T"]));
    assert_eq!((s(&r.out).as_str(), r.code), ("a: OK\n", 0));
    fs::write(p.join("k2"), vec![7u8; 32]).unwrap();
    let r = run(khsum(p).args(["-c", "--key-file", "k2", "T"]));
    assert_eq!((s(&r.out).as_str(), r.code), ("a: FAILED\n", 1));
    assert_eq!(r.err, "khsum: WARNING: 1 computed checksum did NOT match\n");
}

#[test]
fn key_errors_are_setup_errors() {
    let d = tree();
    let p = d.path();
    fs::write(p.join("short"), b"abc").unwrap();
    fs::write(p.join("empty-key"), b"").unwrap();
    fs::write(p.join("badhex"), format!("{}\n", "zz".repeat(32))).unwrap();
    fs::create_dir(p.join("kdir")).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["tag", "--key-file", "short", "a"],
            "khsum: short: expected a 32-byte key: 32 raw bytes or 64 hex digits (file has 3 bytes)\n",
        ),
        (
            &["tag", "--key-file", "empty-key", "a"],
            "khsum: empty-key: key file is empty\n",
        ),
        (
            &["tag", "--key-file", "badhex", "a"],
            "khsum: badhex: expected a 32-byte key: 32 raw bytes or 64 hex digits (file has 65 bytes)\n",
        ),
        (
            &["tag", "--key-file", "nokey", "a"],
            "khsum: nokey: No such file or directory\n",
        ),
        (
            &["tag", "--key-file", "kdir", "a"],
            "khsum: kdir: Is a directory\n",
        ),
        (
            &["tag", "--key-env", "KHSUM_KEY", "a"],
            "khsum: $KHSUM_KEY: not set\n",
        ),
        (
            &["tag", "a"],
            "khsum: tag needs a key: --key-file FILE or --key-env VAR (blake3 takes a 32-byte key)\n",
        ),
        (
            &["tag", "-a", "sha256", "--key-file", "short", "a"],
            "khsum: sha256 takes no key\n",
        ),
        (
            &["tag", "--key-file", "-"],
            "khsum: standard input cannot hold both the key (--key-file -) and data to hash\n",
        ),
        (
            &["-c", "--key-file", "short", "-a", "blake3", "x"],
            "khsum: short: expected a 32-byte key: 32 raw bytes or 64 hex digits (file has 3 bytes)\n",
        ),
    ];
    for (args, err) in cases {
        let r = run(khsum(p).args(*args));
        assert_eq!(
            (r.code, r.out.len(), r.err.as_str()),
            (2, 0, *err),
            "{args:?}"
        );
    }
}

#[cfg(unix)]
#[test]
fn output_failures() {
    let d = tree();
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = khsum_std()
        .current_dir(d.path())
        .arg("a")
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        s(&o.stderr),
        "khsum: write error: No space left on device\n"
    );
    // A reader that goes away: quiet, status 1 (the output is incomplete).
    for i in 0..3000 {
        fs::write(d.path().join(format!("f{i}")), [i as u8]).unwrap();
    }
    let mut child = khsum_std()
        .current_dir(d.path())
        .args((0..3000).map(|i| format!("f{i}")))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    use std::io::Read;
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // stdout is dropped here: the pipe is closed.
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(s(&o.stderr), "");
}

#[test]
fn list_shows_every_algorithm() {
    let d = tree();
    let r = run(khsum(d.path()).arg("list"));
    assert_eq!(r.code, 0);
    let text = s(&r.out);
    for a in khsum::Algorithm::all() {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(a.name))
            .unwrap();
        assert!(line.contains(a.best_backend().name()), "{line}");
    }
    // The columns line up: every column starts where its header does, whatever the
    // backend names on this CPU.
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    let starts: Vec<usize> = ["KEY", "OUTPUT", "BACKEND", "AVAILABLE", "DESCRIPTION"]
        .iter()
        .map(|h| header.find(h).unwrap())
        .collect();
    for line in lines.take(khsum::Algorithm::all().len()) {
        for &at in &starts {
            let b = line.as_bytes();
            assert!(
                b[at - 1] == b' ' && b[at] != b' ',
                "column at {at}: {line:?}"
            );
        }
    }
}

#[test]
fn selftest_runs_every_backend() {
    let d = tree();
    let r = run(khsum(d.path()).arg("selftest"));
    assert_eq!(r.code, 0, "{}", r.err);
    let text = s(&r.out);
    let summary = khsum::kat::run_all();
    let mut lines = 0;
    for a in khsum::Algorithm::all() {
        for b in a.available_backends() {
            let (pass, _) = summary.per_backend[&(a.name.to_string(), b)];
            let want = format!(
                "{:<16} {:<12} {pass:>4} passed   0 failed  ok",
                a.name,
                b.name()
            );
            assert!(
                text.lines().any(|l| l == want),
                "missing line {want:?} in\n{text}"
            );
            lines += 1;
        }
    }
    assert!(lines >= 8);
}

#[test]
fn bench_json_csv_and_plot() {
    let d = tree();
    let svg = d.path().join("p.svg");
    let r = run(khsum(d.path())
        .args([
            "bench",
            "--quick",
            "-a",
            "sha256",
            "-a",
            "siphash-2-4",
            "--sizes",
            "64,1K",
            "--json",
            "--plot",
        ])
        .arg(&svg));
    assert_eq!(r.code, 0, "{}", r.err);
    let v: serde_json::Value = serde_json::from_slice(&r.out).unwrap();
    let arr = v.as_array().unwrap();
    let series: Vec<(String, String)> = ["sha256", "siphash-2-4"]
        .iter()
        .flat_map(|n| {
            let a = khsum::Algorithm::lookup(n).unwrap();
            a.available_backends()
                .into_iter()
                .map(move |b| (a.name.to_string(), b.name().to_string()))
        })
        .collect();
    assert_eq!(arr.len(), series.len() * 2);
    for o in arr {
        for k in [
            "algorithm",
            "backend",
            "bytes",
            "cycles_per_byte",
            "gb_per_s",
        ] {
            assert!(o.get(k).is_some(), "{k} missing in {o}");
        }
        assert!(o["gb_per_s"].as_f64().unwrap() > 0.0);
        assert!([64, 1024].contains(&o["bytes"].as_u64().unwrap()));
        if cfg!(target_arch = "x86_64") {
            assert!(o["cycles_per_byte"].as_f64().unwrap() > 0.0);
        }
    }
    // The plot: one line per algorithm × backend; a legend entry per algorithm and per
    // backend; the CPU and today's date in the title.
    let text = fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let lines = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke-width") == Some("2"))
        .count();
    assert_eq!(lines, series.len());
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(|t| t.trim().to_string()))
        .collect();
    for (a, b) in &series {
        assert!(texts.contains(a), "no legend for {a}");
        assert!(texts.contains(b), "no legend for {b}");
    }
    let swatches = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke-width") == Some("4"))
        .count();
    let algs: std::collections::BTreeSet<_> = series.iter().map(|(a, _)| a).collect();
    assert_eq!(swatches, algs.len());
    let cpu = khsum::measure::cpu_info(std::time::Duration::from_millis(1)).model;
    let today = khsum::measure::plot::today_utc();
    assert!(
        texts.iter().any(|t| t.contains(&cpu) && t.contains(&today)),
        "title lacks {cpu} or {today}"
    );
    // x ticks at exactly the measured sizes.
    for size in ["64 B", "1 KiB"] {
        assert!(texts.iter().any(|t| t == size), "no tick {size}");
    }

    let r =
        run(khsum(d.path()).args(["bench", "--quick", "-a", "sha256", "--sizes", "64", "--csv"]));
    assert_eq!(r.code, 0);
    let text = s(&r.out);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("algorithm,backend,bytes,threads,cycles_per_byte,gb_per_s,spread,samples,noisy")
    );
    assert!(lines.next().unwrap().starts_with("sha256,auto,64,1,"));
    assert_eq!(lines.next(), None);

    let r = run(khsum(d.path()).args(["bench", "--backend", "nope"]));
    assert_eq!((r.code, r.out.len()), (2, 0));
    let r = run(khsum(d.path()).args(["bench", "--sizes", "0"]));
    assert_eq!((r.code, r.out.len()), (2, 0));
}

#[test]
fn sparse_file_larger_than_4_gib() {
    let d = TempDir::new().unwrap();
    let len: u64 = (4 << 30) + 12345;
    let f = fs::File::create(d.path().join("sparse")).unwrap();
    f.set_len(len).unwrap();
    drop(f);
    let mut h = blake3::Hasher::new();
    let zeros = vec![0u8; 64 << 20];
    let mut left = len;
    while left > 0 {
        let n = left.min(zeros.len() as u64) as usize;
        h.update_rayon(&zeros[..n]);
        left -= n as u64;
    }
    let r = run(khsum(d.path()).arg("sparse"));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(s(&r.out), format!("{}  sparse\n", h.finalize().to_hex()));
}

#[test]
fn a_hundred_thousand_inputs_and_list_lines() {
    let d = tree();
    let n = 100_000;
    let r = run(khsum(d.path()).args(std::iter::repeat_n("a", n)));
    assert_eq!(r.code, 0, "{}", r.err);
    let line = format!("{}  a\n", b3(b"hello\n"));
    assert_eq!(r.out.len(), line.len() * n);
    assert!(r.out.chunks(line.len()).all(|c| c == line.as_bytes()));
    let list = line.repeat(n);
    let r = checked(d.path(), list.as_bytes(), &["--quiet"]);
    assert_eq!((r.out.len(), r.err.as_str(), r.code), (0, "", 0));
}

#[test]
fn megabyte_lines_and_garbage_in_lists() {
    let d = tree();
    let huge = "f".repeat(5 << 20);
    let list = format!("{huge}\n{}  a\n\0\0\0\n", b3(b"hello\n"));
    // A line longer than khsum reads is improper (as GNU counts it), read past in bounded
    // memory, and always named.
    let r = checked(d.path(), list.as_bytes(), &["--warn"]);
    assert_eq!(s(&r.out), "a: OK\n");
    assert_eq!(
        r.err,
        "khsum: L: 1: line too long (more than 70656 bytes): not a checksum line\n\
         khsum: L: 3: improperly formatted checksum line\n\
         khsum: WARNING: 2 lines are improperly formatted\n"
    );
    assert_eq!(r.code, 0);
    let r = checked(d.path(), list.as_bytes(), &[]);
    assert_eq!(
        (s(&r.out).as_str(), r.err.as_str(), r.code),
        (
            "a: OK\n",
            "khsum: L: 1: line too long (more than 70656 bytes): not a checksum line\n\
             khsum: WARNING: 2 lines are improperly formatted\n",
            0
        )
    );
    let r = checked(d.path(), list.as_bytes(), &["--strict"]);
    assert_eq!(r.code, 1);
}

#[test]
fn double_dash_ends_options() {
    let d = tree();
    fs::write(d.path().join("-a"), b"dash").unwrap();
    let r = run(khsum(d.path()).args(["--", "-a"]));
    assert_eq!((s(&r.out), r.code), (format!("{}  -a\n", b3(b"dash")), 0));
}

#[test]
fn keyless_algorithms_refuse_tag_and_keyed_ones_default_to_zero_key() {
    let d = tree();
    let r = run(khsum(d.path()).args(["tag", "-a", "rescue-prime", "--key-file", "a", "a"]));
    assert_eq!(
        (r.code, r.out.len(), r.err.as_str()),
        (2, 0, "khsum: rescue-prime takes no key\n")
    );
    // Hash mode with a keyed algorithm and no key: the all-zero key.
    fs::write(d.path().join("zero16"), [0u8; 16]).unwrap();
    let a = run(khsum(d.path()).args(["-a", "siphash-2-4", "a"]));
    let b = run(khsum(d.path()).args(["tag", "-a", "siphash-2-4", "--key-file", "zero16", "a"]));
    assert_eq!(a.code, 0, "{}", a.err);
    assert_eq!(a.out, b.out);
    let k = siphasher::sip::SipHasher24::new_with_key(&[0; 16]);
    let want = std::hash::Hasher::finish(&{
        let mut k = k;
        std::hash::Hasher::write(&mut k, b"hello\n");
        k
    });
    assert_eq!(
        s(&a.out),
        format!("{}  a\n", hex::encode(want.to_le_bytes()))
    );
}

#[test]
fn lemacsum_lists_verify() {
    // pauldreik/lemac's test/one_byte_files.lemacsum lists `tag  one_byte_files/workfile_N.bin`
    // for 256 one-byte files; the tags are the `src=lemacsum-onebyte` records in kats/.
    let d = TempDir::new().unwrap();
    fs::create_dir(d.path().join("one_byte_files")).unwrap();
    let kats =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("kats/lemac.kat")).unwrap();
    let mut list = String::new();
    for line in kats
        .lines()
        .filter(|l| l.starts_with("alg=lemac ") && l.contains("src=lemacsum-onebyte"))
    {
        let field = |k: &str| line.split(' ').find_map(|f| f.strip_prefix(k)).unwrap();
        let byte = hex::decode(field("msg=hex:")).unwrap()[0];
        let name = format!("one_byte_files/workfile_{byte}.bin");
        fs::write(d.path().join(&name), [byte]).unwrap();
        list.push_str(&format!("{}  {name}\n", field("out=")));
    }
    assert_eq!(list.lines().count(), 256);
    let r = checked(d.path(), list.as_bytes(), &["-a", "lemac", "--strict"]);
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    assert_eq!(
        s(&r.out).lines().filter(|l| l.ends_with(": OK")).count(),
        256
    );
    // And khsum writes the same list.
    let names: Vec<String> = list.lines().map(|l| l[34..].to_string()).collect();
    let r = run(khsum(d.path()).args(["-a", "lemac"]).args(&names));
    assert_eq!(s(&r.out), list);
}

#[test]
fn multimixer_needs_a_key_as_long_as_the_file() {
    let d = tree();
    let p = d.path();
    let key: Vec<u8> = (0..96u32).map(|i| (i * 7 + 1) as u8).collect();
    let msg: Vec<u8> = (0..96u32).map(|i| (i * 13 + 5) as u8).collect();
    fs::write(p.join("k"), &key).unwrap();
    fs::write(p.join("m"), &msg).unwrap();
    fs::write(p.join("short"), &msg[..64]).unwrap();
    let mut want = [0u8; 64];
    multimixer_128::multimixer_128(&key, &msg, &mut want);
    let r = run(khsum(p).args([
        "tag",
        "-a",
        "multimixer-128",
        "--key-file",
        "k",
        "m",
        "short",
    ]));
    assert_eq!(s(&r.out), format!("{}  m\n", hex::encode(want)));
    assert_eq!(
        r.err,
        "khsum: short: multimixer-128 needs a key exactly as long as the message, a non-zero multiple of 32 bytes: key is 96 bytes, message is 64 bytes\n"
    );
    assert_eq!(r.code, 1);
    let r = run(khsum(p).args(["-a", "multimixer-128", "m"]));
    assert_eq!(
        (r.code, r.out.len(), r.err.as_str()),
        (
            2,
            0,
            "khsum: multimixer-128 needs a key (--key-file or --key-env)\n"
        )
    );
}

#[cfg(unix)]
#[test]
fn stdin_redirected_from_a_file_hashes_like_the_file() {
    // Rescue Prime needs the length up front: a redirected file announces it; the
    // digest must equal the named file's, for SHA-256 too.
    use std::io::{Seek, SeekFrom};
    let d = tree();
    let data: Vec<u8> = (0..5000u32).map(|i| (i % 251) as u8).collect();
    fs::write(d.path().join("f"), &data).unwrap();
    for alg in ["rescue-prime", "sha256"] {
        let named = run(khsum(d.path()).args(["-a", alg, "--no-names", "f"]));
        let f = fs::File::open(d.path().join("f")).unwrap();
        let o = khsum_std()
            .args(["-a", alg, "--no-names"])
            .stdin(f)
            .output()
            .unwrap();
        assert_eq!((o.status.code(), &o.stdout), (Some(0), &named.out), "{alg}");
    }
    // From the current position, as `cat` would give it.
    let mut f = fs::File::open(d.path().join("f")).unwrap();
    f.seek(SeekFrom::Start(1000)).unwrap();
    let o = khsum_std()
        .args(["-a", "sha256"])
        .stdin(f)
        .output()
        .unwrap();
    assert_eq!(s(&o.stdout), format!("{}  -\n", s256(&data[1000..])));
}
