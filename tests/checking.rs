//! Checking lists (`khsum -c`, `khsum check`) as users meet it: lists written by the tools
//! they have, saved under the names real projects give them or piped in, checked with no
//! `-a`; GNU's options, counts and warnings; malformed, huge and hostile lists; SHA-1
//! collision attacks; `check --unlisted`. Exact stdout, stderr and exit status, as GNU
//! coreutils 9.1 prints them where it checks the same.

use crate::util::*;
use std::fs;
use std::path::Path;
use tempfile::TempDir;

fn all_ok() -> String {
    NAMES.iter().map(|n| format!("{n}: OK\n")).collect()
}

/// What a tool's list is to `khsum -c` without `-a` (the proof rules, `khsum::lists::proof`).
#[derive(Clone, Copy, Debug)]
enum Lines {
    /// Untagged lines of this cryptographic algorithm: OK under a name that says
    /// nothing, on standard input and under the algorithm's own list name; never OK
    /// under another algorithm's list name.
    Untagged(&'static str),
    /// Lines that name their algorithm (`--tag`, OpenSSL's, xxhsum's `XXH3_`, SFV): OK
    /// under any name.
    Labelled,
    /// Untagged (or SFV) lines of a non-cryptographic checksum at a length no
    /// cryptographic hash has: OK under a name that says nothing, with one note naming the
    /// checksum.
    Weak(&'static str),
    /// Untagged lines detection does not admit (XXH128 at MD5's length, a BLAKE2b digest
    /// under 128 bits): never OK without `-a`, OK with it.
    NeedsOption(&'static str),
}

/// (program, its arguments before the file names, what its lines are)
const TOOLS: &[(&str, &[&str], Lines)] = &[
    ("md5sum", &[], Lines::Untagged("md5")),
    ("sha1sum", &[], Lines::Untagged("sha1")),
    ("sha224sum", &[], Lines::Untagged("sha224")),
    ("sha256sum", &[], Lines::Untagged("sha256")),
    ("sha384sum", &[], Lines::Untagged("sha384")),
    ("sha512sum", &[], Lines::Untagged("sha512")),
    ("sha256sum", &["--tag"], Lines::Labelled),
    ("b2sum", &[], Lines::Untagged("blake2b")),
    ("b2sum", &["-l", "8"], Lines::NeedsOption("blake2b")),
    ("b2sum", &["-l", "64"], Lines::NeedsOption("blake2b")),
    ("b2sum", &["-l", "128"], Lines::Untagged("blake2b")),
    ("b2sum", &["-l", "256"], Lines::Untagged("blake2b")),
    ("b2sum", &["-l", "256", "--tag"], Lines::Labelled),
    ("cksum", &[], Lines::Weak("CRC")),
    ("cksum", &["-a", "sha512"], Lines::Labelled),
    ("cksum", &["-a", "blake2b", "-l", "160"], Lines::Labelled),
    ("cksum", &["-a", "sm3"], Lines::Labelled),
    ("sum", &[], Lines::Weak("BSD")),
    ("sum", &["-s"], Lines::Weak("SYSV")),
    ("xxhsum", &["-H0"], Lines::Weak("XXH32")),
    ("xxhsum", &["-H1"], Lines::Weak("XXH64")),
    ("xxhsum", &["-H2"], Lines::NeedsOption("xxh128")),
    ("xxhsum", &["-H3"], Lines::Labelled),
    ("xxhsum", &["-H1", "--tag"], Lines::Labelled),
    ("rhash", &[], Lines::Weak("CRC32")),
    ("rhash", &["--simple"], Lines::Weak("CRC32")),
    ("rhash", &["--md5"], Lines::Untagged("md5")),
    ("rhash", &["--sha256"], Lines::Untagged("sha256")),
    ("rhash", &["--bsd", "--sha1"], Lines::Labelled),
    ("rhash", &["--bsd", "--md5"], Lines::Labelled),
    ("rhash", &["--ripemd160"], Lines::Untagged("ripemd160")),
    ("rhash", &["--bsd", "--ripemd160"], Lines::Labelled),
    ("openssl", &["dgst", "-md5"], Lines::Labelled),
    ("openssl", &["dgst", "-sha256"], Lines::Labelled),
    ("openssl", &["dgst", "-sha512"], Lines::Labelled),
    ("openssl", &["dgst", "-sha3-256"], Lines::Labelled),
    ("openssl", &["dgst", "-blake2b512"], Lines::Labelled),
    ("openssl", &["dgst", "-blake2s256"], Lines::Labelled),
    ("openssl", &["dgst", "-ripemd160"], Lines::Labelled),
    (
        "openssl",
        &["dgst", "-r", "-sha256"],
        Lines::Untagged("sha256"),
    ),
];

/// Names real projects give their lists: each names an algorithm, but the last two.
const LIST_NAMES: &[&str] = &[
    "SHA256SUMS",
    "SHASUMS256.txt",
    "terraform_1.5.0_SHA256SUMS",
    "sha256sum.txt",
    "SHA256SUMS-amd64",
    "x.sha256sum",
    "coreutils.md5sums",
    "MD5SUMS",
    "CHECKSUMS",
    "checksums.txt",
];

fn check(d: &Dir, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut c = d.command();
    c.args(args);
    if let Some(b) = stdin {
        c.stdin(b.to_vec());
    }
    c.run()
}

/// The note a list checked as a non-cryptographic checksum gets on stderr.
fn note(list: &str, label: &str) -> String {
    format!("khsum: {list}: untagged lines checked as {label} (not cryptographic)\n")
}

/// Every tool's list checks with plain `khsum -c` as the proof rules say, under every
/// name and on standard input (`-c`, `-c -`, `/dev/stdin`): OK for each file where its
/// lines are admissible, with the note where they are a non-cryptographic checksum's;
/// under another algorithm's list name, never OK; where detection does not admit them,
/// never OK without `-a` and OK with it. With one file changed, that file alone is
/// FAILED, with GNU's warning and exit 1.
#[test]
fn every_tools_list_checks_as_the_proof_rules_say() {
    let d = files();
    for &(prog, args, lines) in TOOLS {
        let all: Vec<&str> = args.iter().copied().chain(NAMES).collect();
        let list = d.tool(prog, &all);
        let what = format!("{prog} {args:?}");
        let own = |alg: &str| {
            let a = khsum::Algorithm::lookup(alg).unwrap();
            format!("{}SUMS", a.list_stems[0].to_uppercase())
        };
        let mut names: Vec<String> = LIST_NAMES.iter().map(|n| n.to_string()).collect();
        if let Lines::Untagged(alg) = lines {
            names.push(own(alg));
            names.push(format!("{}.asc", own(alg)));
        }
        for name in &names {
            d.create(name, &list);
            let r = check(&d, &["-c", name], None);
            let named = khsum::Algorithm::from_list_name(name.as_bytes());
            match lines {
                Lines::Labelled => assert_eq!(r.all(), (all_ok(), "", 0), "{what} as {name}"),
                Lines::Untagged(alg) if named.is_none_or(|a| a.name == alg) => {
                    assert_eq!(r.all(), (all_ok(), "", 0), "{what} as {name}")
                }
                Lines::Weak(label) if named.is_none() => {
                    assert_eq!(
                        r.all(),
                        (all_ok(), &*note(name, label), 0),
                        "{what} as {name}"
                    )
                }
                _ => {
                    assert_eq!(r.code, 1, "{what} as {name}");
                    assert!(
                        !s(&r.out).contains(": OK"),
                        "{what} as {name}: {}",
                        s(&r.out)
                    );
                }
            }
        }
        let option: Vec<&str> = match lines {
            Lines::NeedsOption(alg) => {
                let r = check(&d, &["-c"], Some(&list));
                assert_eq!(r.code, 1, "{what} without -a");
                vec!["-a", alg]
            }
            _ => vec![],
        };
        for args in [&["-c"][..], &["-c", "-"], &["-c", "/dev/stdin"]] {
            let args: Vec<&str> = args.iter().chain(&option).copied().collect();
            let r = check(&d, &args, Some(&list));
            let list_name = if args.contains(&"/dev/stdin") {
                "/dev/stdin"
            } else {
                "'standard input'"
            };
            let err = match lines {
                Lines::Weak(label) => note(list_name, label),
                _ => String::new(),
            };
            assert_eq!(r.all(), (all_ok(), &*err, 0), "{what} {args:?} on stdin");
        }
        d.create("big", b"changed");
        let args: Vec<&str> = ["-c"].iter().chain(&option).copied().collect();
        let r = check(&d, &args, Some(&list));
        let weak = match lines {
            Lines::Weak(label) => note("'standard input'", label),
            _ => String::new(),
        };
        assert_eq!(
            r.all(),
            (
                "a: OK\nempty: OK\nbig: FAILED\nsp ace: OK\n".into(),
                &*format!("khsum: WARNING: 1 computed checksum did NOT match\n{weak}"),
                1
            ),
            "{what} with a changed file"
        );
        d.create(
            "big",
            (0..300_000u32).map(|i| (i % 251) as u8).collect::<Vec<_>>(),
        );
    }
}

/// khsum's own untagged output of every algorithm that needs no key checks with plain
/// `khsum -c` where its lines are admissible, and with `-a` (any length) where they are
/// not: BLAKE3 and BLAKE2b at lengths under 128 bits, XXH128 (MD5's length).
#[test]
fn own_output_checks_as_the_proof_rules_say() {
    let d = files();
    let mut runs: Vec<(Vec<&str>, Vec<&str>)> = khsum::Algorithm::all()
        .iter()
        .filter(|a| !a.needs_key())
        .map(|a| {
            let check: Vec<&str> = match a.name {
                "xxh128" => vec!["-a", "xxh128"],
                _ => vec![],
            };
            (vec!["-a", a.name], check)
        })
        .collect();
    runs.extend([
        (vec!["-l", "8"], vec!["-a", "blake3"]),
        (vec!["-a", "blake3", "-l", "8"], vec!["-l", "8"]),
        (vec!["-l", "1"], vec!["-a", "blake3"]),
        (vec!["-a", "blake2b", "-l", "32"], vec!["-a", "blake2b"]),
        (vec!["-l", "16"], vec![]),
        (vec!["-l", "100"], vec![]),
        (vec!["-a", "blake2b", "-l", "128"], vec![]),
        // Rescue Prime's lines are tagged unless --untagged; untagged, they need -a.
        (
            vec!["-a", "rescue-prime", "--untagged"],
            vec!["-a", "rescue-prime"],
        ),
        (vec!["--base64", "-a", "sha512"], vec![]),
    ]);
    for (args, check_args) in runs {
        let all: Vec<&str> = args.iter().copied().chain(NAMES).collect();
        let list = d.command().args(&all).run();
        assert_eq!(list.code, 0, "{args:?}: {}", list.err);
        d.create("L", &list.out);
        let alg = khsum::Algorithm::lookup(args[1]).ok();
        let err = match alg {
            Some(a)
                if !a.is_cryptographic()
                    && check_args.is_empty()
                    && a.untagged_prefix.is_empty() =>
            {
                note("L", a.bsd_label())
            }
            _ => String::new(),
        };
        let cmd: Vec<&str> = ["-c"]
            .iter()
            .chain(&check_args)
            .chain(&["L"])
            .copied()
            .collect();
        assert_eq!(
            check(&d, &cmd, None).all(),
            (all_ok(), &*err, 0),
            "{args:?}"
        );
        if !check_args.is_empty() && !check_args.contains(&"-l") {
            // Without -a, never OK.
            let r = check(&d, &["-c", "L"], None);
            assert_eq!(r.code, 1, "{args:?} without -a");
            assert!(!s(&r.out).contains(": OK"), "{args:?}: {}", s(&r.out));
        }
    }
}

/// The Dockerfile idiom: one line on standard input.
#[test]
fn one_line_on_standard_input() {
    let d = files();
    let sha = s(&d.tool("sha256sum", &["a"]))[..64].to_string();
    let r = check(&d, &["-c"], Some(format!("{sha}  a\n").as_bytes()));
    assert_eq!(r.all(), ("a: OK\n".into(), "", 0));
    let r = check(
        &d,
        &["-c", "--quiet"],
        Some(format!("{sha} *a\n").as_bytes()),
    );
    assert_eq!(r.all(), (String::new(), "", 0));
    d.create("a", b"tampered\n");
    let r = check(&d, &["-c"], Some(format!("{sha}  a\n").as_bytes()));
    assert_eq!(r.code, 1);
    assert_eq!(s(&r.out), "a: FAILED\n");
    assert!(
        r.err
            .starts_with("khsum: WARNING: 1 computed checksum did NOT match\n"),
        "{}",
        r.err
    );
}

/// When no algorithm gives a listed digest, the lines are FAILED (as the first candidate,
/// here SHA-256) and the hint says what was tried, in the hex digits the user sees, with
/// no command for an algorithm nothing proved.
#[test]
fn no_match_says_what_was_tried() {
    let d = files();
    let zeros = "0".repeat(64);
    let tried = "sha256, blake3, blake2s, sha512-256, sha3-256, sm3 or blake2b";
    let hint = |list: &str| {
        format!(
            "khsum: hint: {list}: no listed file matched its 64-hex-digit digest under {tried}: if another algorithm or a key made the list, name it with -a or give the key\n"
        )
    };
    let r = check(&d, &["-c"], Some(format!("{zeros}  a\n").as_bytes()));
    assert_eq!(
        r.all(),
        (
            "a: FAILED\n".into(),
            &*format!(
                "khsum: WARNING: 1 computed checksum did NOT match\n{}",
                hint("'standard input'")
            ),
            1
        )
    );
    d.create("my list", format!("{zeros}  sp ace\n"));
    let r = check(&d, &["-c", "my list"], None);
    assert!(r.err.ends_with(&hint("'my list'")), "{}", r.err);
    // One line that matched: the other line's failure is genuine, and no hint.
    let sha = s(&d.tool("sha256sum", &["a"]));
    d.create("my list", format!("{zeros}  sp ace\n{sha}"));
    let r = check(&d, &["-c", "my list"], None);
    assert_eq!(
        r.all(),
        (
            "sp ace: FAILED\na: OK\n".into(),
            "khsum: WARNING: 1 computed checksum did NOT match\n",
            1
        )
    );
    // Malformed lines get no algorithm hint: they are not digests.
    d.create("bad", "not a checksum line\n");
    let r = check(&d, &["-c", "bad"], None);
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: bad: no properly formatted checksum lines found\n",
            1
        )
    );
}

/// `--json` records name the algorithm each line was checked with, found or given;
/// `--quiet` drops OK records as it drops OK lines.
#[test]
fn json_names_the_algorithm_found() {
    let d = files();
    d.create("L", d.tool("md5sum", &["a", "big"]));
    let r = check(&d, &["-c", "--json", "L"], None);
    assert_eq!(r.code, 0, "{}", r.err);
    let recs: Vec<serde_json::Value> = s(&r.out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recs.len(), 3);
    assert_eq!(recs[0]["algorithm"], "md5");
    assert_eq!(recs[1]["algorithm"], "md5");
    d.create("big", b"changed");
    let r = check(&d, &["-c", "--json", "--quiet", "L"], None);
    let out = s(&r.out);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("{\"name\":\"big\",\"size\":7,\"algorithm\":\"md5\""));
    assert!(lines[1].starts_with("{\"summary\":true,\"list\":\"L\",\"ok\":1,\"failed\":1"));
}

/// A byte-order mark before the first line is skipped: the first entry is checked (GNU
/// 9.1 skips the line silently, as improper).
#[test]
fn a_byte_order_mark_is_skipped() {
    let d = files();
    let list = [&b"\xef\xbb\xbf"[..], &d.tool("sha256sum", &["a", "big"])].concat();
    d.create("SHA256SUMS", list);
    let r = check(&d, &["-c", "SHA256SUMS"], None);
    assert_eq!(r.all(), ("a: OK\nbig: OK\n".into(), "", 0));
}

/// A list entry named `-` is standard input, as GNU reads it.
#[test]
fn an_entry_named_dash_reads_standard_input() {
    let d = files();
    let sha = s(&d.tool("sha256sum", &["a"]))[..64].to_string();
    d.create("L", format!("{sha}  -\n"));
    let r = check(&d, &["-c", "L"], Some(b"hello\n"));
    assert_eq!(r.all(), ("-: OK\n".into(), "", 0));
    // A list read from standard input cannot also be the data.
    let r = check(&d, &["-c"], Some(format!("{sha}  -\n").as_bytes()));
    assert_eq!(
        r.all(),
        (
            "-: FAILED open or read\n".into(),
            "khsum: -: standard input is the list being checked\n\
             khsum: WARNING: 1 listed file could not be read\n",
            1
        )
    );
}

/// A Debian system's package lists, checked from `/` as dpkg writes them: the same
/// output and status as `md5sum -c`.
#[test]
fn debian_package_lists_check_like_md5sum() {
    let Ok(lists) = std::fs::read_dir("/var/lib/dpkg/info") else {
        return; // not a Debian system: nothing to compare with
    };
    let mut lists: Vec<_> = lists
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md5sums"))
        .collect();
    lists.sort();
    assert!(!lists.is_empty());
    for list in lists.iter().take(40) {
        let want = std::process::Command::new("md5sum")
            .current_dir("/")
            .arg("-c")
            .arg(list)
            .output()
            .unwrap();
        let r = crate::util::run(
            crate::util::khsum(std::path::Path::new("/"))
                .arg("-c")
                .arg(list),
        );
        assert_eq!(
            (s(&r.out), r.code),
            (s(&want.stdout), want.status.code().unwrap()),
            "{}",
            list.display()
        );
    }
}

/// Pseudo files (sysfs says 4096 bytes for a few; procfs says 0) hash to what `read()`
/// returns, as `sha256sum` reads them, and check from a list.
#[cfg(target_os = "linux")]
#[test]
fn pseudo_files_hash_what_read_returns() {
    let d = Dir::new();
    d.create("regular", "on the test's own file system\n");
    // A regular file on tmpfs (an anonymous device number, like the pseudo file systems'),
    // where the machine has one: pseudo or not is asked per device, and remembered.
    let shm = std::path::Path::new("/dev/shm")
        .is_dir()
        .then(|| tempfile::NamedTempFile::new_in("/dev/shm").ok())
        .flatten();
    if let Some(f) = &shm {
        fs::write(f.path(), "on tmpfs\n").unwrap();
    }
    let regular = d.path().join("regular");
    let regular = regular.to_str().unwrap();
    let sys = "/sys/devices/system/cpu/online";
    // The tmpfs file comes first and again right before a sysfs file (whose size, 4096,
    // is no length: read as a regular file it would fail), so an answer remembered for
    // the wrong device shows.
    let tmpfs: Vec<&str> = shm.iter().map(|f| f.path().to_str().unwrap()).collect();
    let mut files = tmpfs.clone();
    files.extend([sys, "/proc/version", regular]);
    files.extend(&tmpfs);
    files.extend([sys, "/proc/sys/kernel/ostype", sys]);
    for f in &files {
        assert!(std::path::Path::new(f).exists(), "{f}");
    }
    let want = d.tool("sha256sum", &files);
    // One thread sees the devices one after another, as the per-thread memory does.
    for threads in ["-j1", "-j2"] {
        let r = d
            .command()
            .args(["-a", "sha256", threads])
            .args(&files)
            .run();
        assert_eq!(r.all(), (s(&want), "", 0), "{threads}");
    }
    d.create("L", &want);
    let r = d.command().args(["-c", "L"]).run();
    assert_eq!(
        r.all(),
        (files.iter().map(|f| format!("{f}: OK\n")).collect(), "", 0)
    );
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

/// GNU 9.1 details: --status, --warn and --quiet are one setting (the last wins); --tag
/// with --text is an error; --untagged is the default form; --help and --version to a
/// full device fail with exit 1.
#[test]
fn gnu_option_details() {
    let d = files();
    fs::write(
        d.path().join("L"),
        "f3faa5d6b07cd1f6e0d4e7b5ff3dd6e4a7a49c8c2e94ed6ce63b1e4e0a2c7bd6  a\nbad\n",
    )
    .unwrap();
    // The digest above is not a's: the line fails either way; what is printed differs.
    let (out, err, code) = khsum_in(d.path(), &["-a", "blake3", "-c", "--warn", "--status", "L"]);
    assert_eq!((code, out.len(), err.as_str()), (1, 0, ""));
    let (out, err, code) = khsum_in(d.path(), &["-a", "blake3", "-c", "--status", "--warn", "L"]);
    assert_eq!(code, 1);
    assert_eq!(String::from_utf8_lossy(&out), "a: FAILED\n");
    assert_eq!(
        err,
        "khsum: L: 2: improperly formatted BLAKE3 checksum line\n\
         khsum: WARNING: 1 line is improperly formatted\n\
         khsum: WARNING: 1 computed checksum did NOT match\n"
    );
    let (out, err, code) = khsum_in(d.path(), &["-a", "blake3", "-c", "--warn", "--quiet", "L"]);
    assert_eq!(code, 1);
    assert_eq!(String::from_utf8_lossy(&out), "a: FAILED\n");
    assert!(!err.contains("improperly formatted checksum line"), "{err}");

    let (out, err, code) = khsum_in(d.path(), &["--tag", "--text", "a"]);
    assert_eq!((code, out.len()), (2, 0));
    assert!(
        err.starts_with("error: the argument '--tag' cannot be used with '--text'"),
        "{err}"
    );
    let (plain, _, _) = khsum_in(d.path(), &["a"]);
    let (untagged, _, code) = khsum_in(d.path(), &["--tag", "--untagged", "a"]);
    assert_eq!((code, untagged), (0, plain));

    // Piped help is plain text (no terminal escapes), and starts with the summary.
    for args in [&["--help"][..], &["check", "--help"], &["bench", "--help"]] {
        let (out, err, code) = khsum_in(d.path(), args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        let out = String::from_utf8(out).unwrap();
        assert!(!out.contains('\x1b'), "{args:?}: {out}");
        assert!(out.contains("Usage: khsum"), "{args:?}: {out}");
    }
    for flag in ["--help", "--version"] {
        let o = khsum_std()
            .arg(flag)
            .stdout(
                fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{flag}");
        assert_eq!(
            String::from_utf8_lossy(&o.stderr),
            "khsum: write error: No space left on device\n"
        );
    }
}

/// XXH3's untagged lines carry xxhsum's `XXH3_` prefix (they would otherwise look like
/// XXH64's), and such a list checks with plain `khsum -c`.
#[test]
fn xxh3_untagged_lines_name_the_algorithm() {
    let d = files();
    let (out, _, code) = khsum_in(d.path(), &["-a", "xxh3", "a", "empty"]);
    assert_eq!(code, 0);
    // XXH3 of "hello\n" and of the empty input, as xxhsum -H3 prints them.
    let tagged = tool_on_names(d.path(), "xxhsum", &["-H3", "--tag"]);
    let tagged = String::from_utf8_lossy(&tagged);
    let hex = |name: &str| {
        let line = tagged
            .lines()
            .find(|l| l.contains(&format!("({name})")))
            .unwrap();
        line.rsplit(' ').next().unwrap().to_string()
    };
    assert_eq!(
        String::from_utf8_lossy(&out),
        format!("XXH3_{}  a\nXXH3_{}  empty\n", hex("a"), hex("empty"))
    );
    fs::write(d.path().join("LIST"), &out).unwrap();
    let (out, err, code) = khsum_in(d.path(), &["-c", "LIST"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(String::from_utf8_lossy(&out), "a: OK\nempty: OK\n");
    // Checked as XXH64, the prefixed lines are not XXH64 lines.
    let (_, err, code) = khsum_in(d.path(), &["-a", "xxh64", "-c", "LIST"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no properly formatted checksum lines found"),
        "{err}"
    );
}

/// Untagged lines check with no `-a`: a list named like the tools name theirs
/// (`SHA256SUMS`, `*.md5`, `B2SUMS`, also `.txt`/`.asc`) is checked as that algorithm,
/// and an unnamed one's lines under the candidates their digests' length admits.
#[test]
fn list_names_pick_the_algorithm_of_untagged_lines() {
    let d = files();
    let ok: String = NAMES.iter().map(|n| format!("{n}: OK\n")).collect();
    for (prog, args, list) in [
        ("sha256sum", &[][..], "SHA256SUMS"),
        ("sha256sum", &[][..], "SHA256SUMS.asc"),
        ("sha256sum", &[][..], "release.sha256"),
        ("md5sum", &[][..], "MD5SUMS"),
        ("md5sum", &[][..], "files.md5.txt"),
        ("sha1sum", &[][..], "SHA1SUMS"),
        ("sha512sum", &[][..], "SHA512SUMS"),
        ("b2sum", &[][..], "B2SUMS"),
        ("b2sum", &["-l", "256"][..], "B2SUMS"),
        ("xxhsum", &["-H1"][..], "files.xxh64"),
    ] {
        fs::write(d.path().join(list), tool_on_names(d.path(), prog, args)).unwrap();
        let (out, err, code) = khsum_in(d.path(), &["-c", list]);
        assert_eq!((code, err.as_str()), (0, ""), "{prog} {args:?} as {list}");
        assert_eq!(
            String::from_utf8_lossy(&out),
            ok,
            "{prog} {args:?} as {list}"
        );
    }
    // Under a name that says nothing, the digests' content tells: every tool's list
    // checks (a non-cryptographic checksum's with a note), and a changed file is still
    // FAILED.
    for (prog, args, err) in [
        ("sha256sum", &[][..], ""),
        ("md5sum", &[][..], ""),
        ("xxhsum", &["-H1"][..], "XXH64"),
        ("xxhsum", &["-H0"][..], "XXH32"),
        ("b2sum", &["-l", "128"][..], ""),
    ] {
        fs::write(d.path().join("list"), tool_on_names(d.path(), prog, args)).unwrap();
        let (out, got, code) = khsum_in(d.path(), &["-c", "list"]);
        let want = match err {
            "" => String::new(),
            label => note("list", label),
        };
        assert_eq!((code, got.as_str()), (0, want.as_str()), "{prog} {args:?}");
        assert_eq!(String::from_utf8_lossy(&out), ok, "{prog} {args:?}");
    }
}

/// Untagged BLAKE3 output of any length, in hex or base64, checks with plain `khsum -c`:
/// the length follows from the digest, as b2sum reads its lines, and the content tells
/// the algorithm (a 16-digit one could be xxh64's too).
#[test]
fn untagged_lengths_follow_from_the_digest() {
    let d = files();
    let ok: String = NAMES.iter().map(|n| format!("{n}: OK\n")).collect();
    for args in [
        &["-l", "64"][..],
        &["-l", "16"][..],
        &["-l", "33"][..],
        &["-l", "64", "--base64"][..],
        &["-l", "20", "--base64"][..],
        &["--base64"][..],
        &["-a", "blake2b", "-l", "256", "--base64"][..],
    ] {
        let args_k: Vec<&str> = args.iter().copied().chain(NAMES).collect();
        let (list, err, code) = khsum_in(d.path(), &args_k);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        let name = if args.contains(&"blake2b") {
            "B2SUMS"
        } else {
            "list"
        };
        fs::write(d.path().join(name), &list).unwrap();
        let (out, err, code) = khsum_in(d.path(), &["-c", name]);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out), ok, "{args:?}");
        // A changed file fails at that length: the line is a real check.
        fs::write(d.path().join("changed"), b"x").unwrap();
        let line = String::from_utf8_lossy(&list)
            .lines()
            .next()
            .unwrap()
            .to_string();
        let first = line.rsplit_once("  ").unwrap().1;
        let changed = line.replacen(&format!("  {first}"), "  changed", 1);
        fs::write(d.path().join(name), format!("{changed}\n")).unwrap();
        let (out, _, code) = khsum_in(d.path(), &["-c", name]);
        assert_eq!(
            (code, String::from_utf8_lossy(&out).as_ref()),
            (1, "changed: FAILED\n"),
            "{args:?}"
        );
    }
    // 64 bits of BLAKE3 prove too little without -a: the list's 16-digit lines are
    // XXH64's or XXH3's to detection (FAILED), and check as BLAKE3 with -a or --length.
    let args_k: Vec<&str> = ["-l", "8"].into_iter().chain(NAMES).collect();
    let (list, _, _) = khsum_in(d.path(), &args_k);
    fs::write(d.path().join("list"), &list).unwrap();
    let (out, err, code) = khsum_in(d.path(), &["-c", "list"]);
    assert_eq!(code, 1, "{err}");
    assert!(!String::from_utf8_lossy(&out).contains(": OK"));
    for args in [
        &["-c", "-l", "8", "list"][..],
        &["-c", "-a", "blake3", "list"],
    ] {
        let (out, err, code) = khsum_in(d.path(), args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out), ok, "{args:?}");
    }
}

/// Diagnostics as GNU 9.1 writes them: an improper tagged line's warning names its
/// algorithm (`sha256sum -c -w`), a list that cannot be read is a `read error`; and a key
/// given for a list of unkeyed lines is an error naming the list and the line (exit 2),
/// never a check with the key ignored.
#[test]
fn list_diagnostics_name_the_algorithm_and_the_cause() {
    let d = files();
    let mut list = tool_on_names(d.path(), "sha256sum", &["--tag"]);
    list.extend_from_slice(b"SHA256 (a) = 00\n");
    fs::write(d.path().join("L"), &list).unwrap();
    let gnu = std::process::Command::new("sha256sum")
        .current_dir(d.path())
        .args(["-c", "-w", "L"])
        .output()
        .unwrap();
    let (out, err, code) = khsum_in(d.path(), &["-c", "-w", "L"]);
    assert_eq!(Some(code), gnu.status.code());
    assert_eq!(out, gnu.stdout);
    assert_eq!(
        err,
        String::from_utf8_lossy(&gnu.stderr).replace("sha256sum:", "khsum:")
    );
    assert_eq!(
        err,
        "khsum: L: 5: improperly formatted SHA256 checksum line\n\
         khsum: WARNING: 1 line is improperly formatted\n"
    );

    fs::create_dir(d.path().join("dir")).unwrap();
    let gnu = std::process::Command::new("sha256sum")
        .current_dir(d.path())
        .args(["-c", "dir"])
        .output()
        .unwrap();
    let (out, err, code) = khsum_in(d.path(), &["-a", "sha256", "-c", "dir"]);
    assert_eq!((Some(code), out.len()), (gnu.status.code(), 0));
    assert_eq!(err, "khsum: dir: read error\n");
    assert_eq!(
        err,
        String::from_utf8_lossy(&gnu.stderr).replace("sha256sum:", "khsum:")
    );

    fs::write(d.path().join("k"), [7u8; 32]).unwrap();
    let (out, err, code) = khsum_in(d.path(), &["-c", "--key-file", "k", "L"]);
    assert_eq!((code, out.len()), (2, 0));
    assert_eq!(
        err,
        "khsum: L: 1: SHA256 lines take no key (one was given with --key-file)\n"
    );
}

/// The two "SHA-1 is a Shambles" files (Leurent and Peyrin, 2020): different, with the
/// same SHA-1. Their provenance is in `tests/data/sha1-collision/README.md`.
fn shambles() -> (Vec<u8>, Vec<u8>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sha1-collision");
    let one = fs::read(dir.join("sha-mbles-1.bin")).unwrap();
    let two = fs::read(dir.join("sha-mbles-2.bin")).unwrap();
    assert_ne!(one, two);
    (one, two)
}

const SHAMBLES_SHA1: &str = "8ac60ba76f1999a1ab70223f225aefdc78d4ddc0";

const COLLISION: &str = "SHA-1 collision attack detected: this file was made to share its SHA-1 digest with a different file, so the digest does not vouch for its content";

#[test]
fn sha1_collision_attacks_are_named_and_never_ok() {
    let d = TempDir::new().unwrap();
    let (one, two) = shambles();
    fs::write(d.path().join("one"), &one).unwrap();
    fs::write(d.path().join("two"), &two).unwrap();
    fs::write(d.path().join("a"), b"hello\n").unwrap();
    // Hashing prints the digest sha1sum prints (exit 0) and says what the file is.
    let (out, err, code) = khsum_in(d.path(), &["-a", "sha1", "two", "a"]);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("{SHAMBLES_SHA1}  two\nf572d396fae9206628714fb2ce00f72e94f2258f  a\n")
    );
    assert_eq!(err, format!("khsum: two: {COLLISION}\n"));
    assert_eq!(code, 0);
    // The same through the streaming path (standard input) and a large file.
    let mut big = one.clone();
    big.resize(3 << 20, 7);
    fs::write(d.path().join("big"), &big).unwrap();
    let o = assert_cmd::Command::cargo_bin("khsum")
        .unwrap()
        .args(["-a", "sha1", "-"])
        .write_stdin(one.clone())
        .output()
        .unwrap();
    assert_eq!(o.stdout, format!("{SHAMBLES_SHA1}  -\n").as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        format!("khsum: -: {COLLISION}\n")
    );
    assert_eq!(o.status.code(), Some(0));
    for mmap in [&[][..], &["--no-mmap"]] {
        let (_, err, code) = khsum_in(d.path(), &[&["-a", "sha1", "big"], mmap].concat());
        assert_eq!(
            (err.as_str(), code),
            (&*format!("khsum: big: {COLLISION}\n"), 0)
        );
    }
    // A list sha1sum wrote for "one" passes sha1sum for "two"; khsum fails both.
    fs::write(
        d.path().join("SHA1SUMS"),
        format!("{SHAMBLES_SHA1}  two\nf572d396fae9206628714fb2ce00f72e94f2258f  a\n"),
    )
    .unwrap();
    let (out, err, code) = khsum_in(d.path(), &["-c", "SHA1SUMS"]);
    assert_eq!(String::from_utf8(out).unwrap(), "two: FAILED\na: OK\n");
    assert_eq!(
        err,
        format!(
            "khsum: two: {COLLISION}\nkhsum: WARNING: 1 listed file carries a SHA-1 collision attack: its matching digest proves nothing\n"
        )
    );
    assert_eq!(code, 1);
    let (out, _, code) = khsum_in(d.path(), &["-c", "--json", "SHA1SUMS"]);
    let first: serde_json::Value =
        serde_json::from_slice(out.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(first["status"], "failed");
    assert_eq!(first["digest"], SHAMBLES_SHA1);
    assert_eq!(first["warning"], COLLISION);
    assert_eq!(code, 1);
    // Several algorithms in one read: the SHA-1 line is printed and the warning given.
    let (_, err, code) = khsum_in(d.path(), &["-a", "sha1,sha256", "one"]);
    assert_eq!(
        (err.as_str(), code),
        (&*format!("khsum: one: {COLLISION}\n"), 0)
    );
    // An ordinary file's SHA-1 gets no warning (the `a` line above) and checks OK.
    let (_, err, code) = khsum_in(d.path(), &["-c", "--status", "SHA1SUMS"]);
    assert_eq!(
        (err.as_str(), code),
        (&*format!("khsum: two: {COLLISION}\n"), 1)
    );
}

#[test]
fn check_unlisted_reports_new_files() {
    let d = release();
    let p = d.path();
    let sums = line(b"a\n", "rel/a") + &line(b"c\n", "./rel/sub/c");
    fs::write(p.join("rel/SUMS"), &sums).unwrap();
    let r = run(khsum(p).args(["check", "--unlisted", "rel", "rel/SUMS"]));
    assert_eq!(
        (s(&r.out), r.err.as_str(), r.code),
        (
            "rel/a: OK\n./rel/sub/c: OK\nrel/b.tmp: NEW\nrel/sub/deep/d: NEW\n".to_string(),
            "khsum: WARNING: 2 files are not listed\n",
            1
        )
    );
    // The tree rules apply; with every file listed, success.
    let r = run(khsum(p).args([
        "-c",
        "--quiet",
        "--unlisted",
        "rel",
        "--exclude",
        "*.tmp",
        "--max-depth",
        "2",
        "rel/SUMS",
    ]));
    assert_eq!((s(&r.out).as_str(), r.err.as_str(), r.code), ("", "", 0));
    let r = run(khsum(p).args(["-c", "--status", "--unlisted", "rel", "rel/SUMS"]));
    assert_eq!((s(&r.out).as_str(), r.err.as_str(), r.code), ("", "", 1));
    let r = run(khsum(p).args([
        "-c",
        "--json",
        "--quiet",
        "--unlisted",
        "rel/sub",
        "rel/SUMS",
    ]));
    // The NEW record, then the directory's summary, last, with the NEW count.
    let lines = json_lines(&r.out);
    assert_eq!(
        lines[lines.len() - 2..],
        [
            serde_json::json!({"name": "rel/sub/deep/d", "size": 2, "algorithm": null, "digest": null, "status": "new", "error": null}),
            serde_json::json!({"summary": true, "dir": "rel/sub", "ok": 0, "failed": 0, "missing": 0, "errors": 0, "improper": 0, "new": 1})
        ]
    );
    assert_eq!(
        (r.err.as_str(), r.code),
        ("khsum: WARNING: 1 file is not listed\n", 1)
    );
    let r = run(khsum(p).args(["--unlisted", "rel", "rel/a"]));
    assert_eq!((r.out.len(), r.code), (0, 2));
}

/// `check --unlisted`: a tree entry that cannot be read (a dangling link) gets its own
/// `FAILED open or read` line (and `--json` record) besides the warning; the directory's
/// `--json` summary closes the output with the NEW and error counts.
#[cfg(unix)]
#[test]
fn check_unlisted_reports_entries_it_cannot_read() {
    let d = crate::util::Dir::new();
    d.create("rel/a", "a").create("rel/new", "n");
    std::os::unix::fs::symlink("nowhere", d.path().join("rel/dangling")).unwrap();
    let sums = d.tool("sha256sum", &["rel/a"]);
    d.create("SUMS", &sums);
    let r = d.command().args(["-c", "--unlisted", "rel", "SUMS"]).run();
    assert_eq!(
        r.all(),
        (
            "rel/a: OK\nrel/dangling: FAILED open or read\nrel/new: NEW\n".into(),
            "khsum: rel/dangling: No such file or directory\n\
             khsum: WARNING: 1 file is not listed\n",
            1
        )
    );
    let r = d
        .command()
        .args(["-c", "--json", "--unlisted", "rel", "SUMS"])
        .run();
    let lines: Vec<serde_json::Value> = s(&r.out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines[2..],
        [
            serde_json::json!({"name": "rel/dangling", "size": null, "algorithm": null, "digest": null, "status": "error", "error": "No such file or directory"}),
            serde_json::json!({"name": "rel/new", "size": 1, "algorithm": null, "digest": null, "status": "new", "error": null}),
            serde_json::json!({"summary": true, "dir": "rel", "ok": 0, "failed": 0, "missing": 0, "errors": 1, "improper": 0, "new": 1}),
        ]
    );
    assert_eq!(r.code, 1);
}

/// `check --unlisted` passes over nothing silently: a FIFO, a symbolic link to a
/// directory (not followed without `-L`) and, with `-P`, any symbolic link are unlisted
/// entries too, each reported with why it was not checked, counted, and the run fails.
#[cfg(unix)]
#[test]
fn check_unlisted_reports_what_it_does_not_check() {
    let d = crate::util::Dir::new();
    d.create("rel/a", "a").create("rel/sub/b", "b");
    std::os::unix::fs::symlink("sub", d.path().join("rel/dirlink")).unwrap();
    std::os::unix::fs::symlink("a", d.path().join("rel/alias")).unwrap();
    rustix::fs::mknodat(
        rustix::fs::CWD,
        d.path().join("rel/fifo"),
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
    d.create("SUMS", d.tool("sha256sum", &["rel/a", "rel/sub/b"]));
    let ok = "rel/a: OK\nrel/sub/b: OK\n";
    let dirlink = "rel/dirlink: NEW (symbolic link to a directory; not followed (-L follows))\n";
    let fifo = "rel/fifo: NEW (not a regular file; skipped)\n";
    let r = d.command().args(["-c", "--unlisted", "rel", "SUMS"]).run();
    assert_eq!(
        r.all(),
        (
            format!("{ok}rel/alias: NEW\n{dirlink}{fifo}"),
            "khsum: WARNING: 3 files are not listed\n",
            1
        )
    );
    // -P: a link to a file is not followed either.
    let r = d
        .command()
        .args(["-c", "-P", "--unlisted", "rel", "SUMS"])
        .run();
    assert_eq!(
        r.all(),
        (
            format!(
                "{ok}rel/alias: NEW (symbolic link; not followed (-P))\n\
                 rel/dirlink: NEW (symbolic link; not followed (-P))\n{fifo}"
            ),
            "khsum: WARNING: 3 files are not listed\n",
            1
        )
    );
}

/// Issue 40's examples, as a user types them: one changed file in a tree fails alone; a
/// digest cut short (or padded) never verifies without -a where its length proves too
/// little; foreign lines are improper; `/dev/null` checks; a forgotten key asks for the
/// key; an XXH32/CRC-32 line whose digest is all decimal digits is not a `cksum` line.
#[test]
fn the_proof_rules_as_users_meet_them() {
    let d = Dir::new();
    d.create("photos/a.jpg", "a")
        .create("photos/b.jpg", "b")
        .create("photos/c.jpg", "c");
    let sums = d.command().args(["-r", "photos"]).run();
    d.create("SUMS", &sums.out);
    d.create("photos/a.jpg", "a edited");
    assert_eq!(
        check(&d, &["-c", "SUMS"], None).all(),
        (
            "photos/a.jpg: FAILED\nphotos/b.jpg: OK\nphotos/c.jpg: OK\n".into(),
            "khsum: WARNING: 1 computed checksum did NOT match\n",
            1
        )
    );
    // A BLAKE3 digest cut to under 128 bits, or padded, never verifies without -a (at
    // 16 bytes and more a cut BLAKE3 digest is BLAKE3's output of that length).
    let hex = s(&sums.out).lines().nth(1).unwrap()[..64].to_string();
    for cut in (2..32).step_by(2).chain([34, 40, 66, 80, 128]) {
        let digest = if cut <= 64 {
            hex[..cut].to_string()
        } else {
            format!("{hex}{}", "0".repeat(cut - 64))
        };
        let r = check(
            &d,
            &["-c"],
            Some(format!("{digest}  photos/b.jpg\n").as_bytes()),
        );
        let proves = (32..=64).contains(&cut);
        assert_eq!(r.code == 0, proves, "{cut} digits: {}", s(&r.out));
        assert_eq!(
            s(&r.out).contains("OK"),
            proves,
            "{cut} digits: {}",
            s(&r.out)
        );
        // With -a, any length BLAKE3 has is checked as asked.
        let r = check(
            &d,
            &["-c", "-a", "blake3"],
            Some(format!("{digest}  photos/b.jpg\n").as_bytes()),
        );
        assert_eq!(r.code == 0, cut <= 64, "-a blake3, {cut} digits: {}", r.err);
    }
    // b3sum -c says 'Invalid hash length'; khsum finds no properly formatted line, and
    // names the command that checks it anyway.
    let r = check(
        &d,
        &["-c"],
        Some(format!("{}  photos/b.jpg\n", &hex[..2]).as_bytes()),
    );
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: 'standard input': no properly formatted checksum lines found\n\
             khsum: hint: 'standard input': 1 line holds a 2-hex-digit digest, too short to prove a match without -a: to check them anyway, name their algorithm with -a (blake3, blake2b or blake2s)\n",
            1
        )
    );
    // Foreign lines: GNU and uutils find no properly formatted line in either.
    for line in [
        "SHA (photos/b.jpg) = 00000000\n".to_string(),
        format!("(photos/b.jpg) = {hex}\n"),
    ] {
        for args in [&["-c"][..], &["-c", "-a", "blake3"]] {
            let r = check(&d, args, Some(line.as_bytes()));
            assert_eq!(
                r.all(),
                (
                    String::new(),
                    "khsum: 'standard input': no properly formatted checksum lines found\n",
                    1
                ),
                "{line:?} {args:?}"
            );
        }
    }
    // /dev/null: never sampled, read once with every candidate.
    for alg in ["blake3", "sha3-256", "blake2b", "sha1"] {
        let l = d.command().args(["-a", alg, "/dev/null"]).run();
        assert_eq!(
            check(&d, &["-c"], Some(&l.out)).all(),
            ("/dev/null: OK\n".into(), "", 0),
            "{alg}"
        );
    }
    // A forgotten key: the keyed tags ask for it (exit 2), never FAILED.
    d.create("key", [7u8; 32]);
    let tags = d
        .command()
        .args(["tag", "--key-file", "key", "photos/b.jpg"])
        .run();
    d.create("TAGS", &tags.out);
    assert_eq!(
        check(&d, &["-c", "TAGS"], None).all(),
        (
            String::new(),
            "khsum: TAGS: 1: BLAKE3-KEYED lines are keyed tags: they need the key (--key-file or --key-env)\n",
            2
        )
    );
    assert_eq!(
        check(&d, &["-c", "--key-file", "key", "TAGS"], None).all(),
        ("photos/b.jpg: OK\n".into(), "", 0)
    );
    // `10818430  7 r1042`: two spaces after 8 decimal digits are GNU's untagged form, an
    // XXH32 or CRC-32 line for the file `7 r1042`, never `cksum`'s `CRC SIZE name`.
    let mut content = 0u32;
    let decimal = loop {
        let crc = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC).checksum(&content.to_le_bytes());
        let hex = format!("{crc:08x}");
        if hex.bytes().all(|c| c.is_ascii_digit()) {
            break hex;
        }
        content += 1;
    };
    d.create("7 r1042", content.to_le_bytes());
    let r = check(
        &d,
        &["-c"],
        Some(format!("{decimal}  7 r1042\n").as_bytes()),
    );
    assert_eq!(
        r.all(),
        (
            "7 r1042: OK\n".into(),
            "khsum: 'standard input': untagged lines checked as CRC32 (not cryptographic)\n",
            0
        )
    );
}

/// A FIFO can be read once: its line is checked with every candidate in that one read,
/// so a BLAKE3 line in a list whose usual algorithm is SHA-256 is OK, and a wrong digest
/// FAILED, without a second open waiting for a writer that is gone.
#[cfg(unix)]
#[test]
fn a_fifo_is_read_once_with_every_candidate() {
    let d = Dir::new();
    d.create("a", "a");
    let blake3 = |data: &[u8]| blake3::hash(data).to_hex().to_string();
    for (listed, want, code) in [
        (blake3(b"through a pipe\n"), "fifo: OK\n", 0),
        (blake3(b"something else\n"), "fifo: FAILED\n", 1),
    ] {
        let fifo = d.path().join("fifo");
        let _ = fs::remove_file(&fifo);
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        let writer = std::thread::spawn(move || fs::write(fifo, b"through a pipe\n").unwrap());
        // `a`'s line is SHA-256's: the list's usual algorithm, tried first.
        let sha256 = s(&d.tool("sha256sum", &["a"]));
        let list = format!("{sha256}{listed}  fifo\n");
        let r = check(&d, &["-c"], Some(list.as_bytes()));
        writer.join().unwrap();
        assert_eq!(
            (s(&r.out), r.code),
            (format!("a: OK\n{want}"), code),
            "{}",
            r.err
        );
    }
}

/// Lists from every OS check on every OS, with no `-a`: macOS's `shasum` (plain, `-b`,
/// `-a 512256`, `--tag`), Windows' `certutil -hashfile` (Windows 10 and 7 forms) and
/// PowerShell's `Get-FileHash` (table, UTF-16 table, `Format-List`), from
/// `tests/data/lists` (its README says how each was made). Get-FileHash writes absolute
/// Windows paths: here the files are named so, backslashes and all.
#[test]
fn lists_from_windows_and_macos_check() {
    let d = Dir::new();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/lists");
    let ok = "a.txt: OK\nb c.txt: OK\n";
    for (list, names) in [
        ("shasum.txt", ["a.txt", "b c.txt"]),
        ("shasum-b.txt", ["a.txt", "b c.txt"]),
        ("shasum-a512256.txt", ["a.txt", "b c.txt"]),
        ("shasum-tag.txt", ["a.txt", "b c.txt"]),
        ("certutil.txt", ["a.txt", "b c.txt"]),
        ("certutil-win7.txt", ["a.txt", "b c.txt"]),
        (
            "getfilehash-table.txt",
            ["C:\\Users\\dev\\a.txt", "C:\\Users\\dev\\b c.txt"],
        ),
        (
            "getfilehash-table-utf16.txt",
            ["C:\\Users\\dev\\a.txt", "C:\\Users\\dev\\b c.txt"],
        ),
        (
            "getfilehash-list.txt",
            ["C:\\Users\\dev\\a.txt", "C:\\Users\\dev\\b c.txt"],
        ),
    ] {
        let d = Dir::new();
        d.create(names[0], "hello\n").create(names[1], "world\n");
        d.create("L", fs::read(data.join(list)).unwrap());
        let want = format!("{}: OK\n{}: OK\n", names[0], names[1]);
        assert_eq!(
            check(&d, &["-c", "L"], None).all(),
            (want.clone(), "", 0),
            "{list}"
        );
        // A changed file is FAILED, the other OK.
        d.create(names[1], "changed\n");
        let r = check(&d, &["-c", "L"], None);
        assert_eq!(
            (s(&r.out), r.code),
            (format!("{}: OK\n{}: FAILED\n", names[0], names[1]), 1),
            "{list}"
        );
    }
    // The tool's own algorithm: -a another is improper; -a the same reads them.
    d.create("a.txt", "hello\n").create("b c.txt", "world\n");
    d.create("L", fs::read(data.join("certutil.txt")).unwrap());
    assert_eq!(
        check(&d, &["-c", "-a", "sha256", "L"], None).all(),
        (ok.into(), "", 0)
    );
    let r = check(&d, &["-c", "-a", "md5", "L"], None);
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: L: no properly formatted checksum lines found\n",
            1
        )
    );
}

/// A list written on Windows, read on Unix: a name with `\` separators is read as
/// written, and when that file is missing but the `/` form exists, a hint says so.
#[cfg(unix)]
#[test]
fn windows_separators_get_a_hint() {
    let d = Dir::new();
    d.create("dir/a.txt", "hello\n");
    let sha = s(&d.tool("sha256sum", &["dir/a.txt"]))[..64].to_string();
    let r = check(&d, &["-c"], Some(format!("{sha}  dir\\a.txt\n").as_bytes()));
    assert_eq!(
        r.all(),
        (
            "dir\\a.txt: FAILED open or read\n".into(),
            "khsum: 'dir\\a.txt': No such file or directory\n\
             khsum: WARNING: 1 listed file could not be read\n\
             khsum: hint: 'standard input': 'dir\\a.txt' does not exist, but dir/a.txt does: the list was written on Windows, where \\ separates directories\n",
            1
        )
    );
    // No hint when the / form is missing too.
    let r = check(&d, &["-c"], Some(format!("{sha}  dir\\b.txt\n").as_bytes()));
    assert!(!r.err.contains("hint"), "{}", r.err);
}

/// A UTF-16LE list's lines end at a newline code unit, not at every 0x0A byte: `Ċ`
/// (U+010A) is the bytes 0A 01.
#[test]
fn utf16_lists_split_at_newline_code_units() {
    let d = Dir::new();
    d.create("Ċ.txt", "hello\n");
    let sha = s(&d.tool("sha256sum", &["Ċ.txt"]))[..64].to_string();
    let text = format!("{sha}  Ċ.txt\r\n{sha}  Ċ.txt\n");
    let mut list = vec![0xff, 0xfe];
    list.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    d.create("L", list);
    assert_eq!(
        check(&d, &["-c", "L"], None).all(),
        ("Ċ.txt: OK\nĊ.txt: OK\n".into(), "", 0)
    );
}
