//! `khsum -c` as users meet it: lists written by the tools they have, saved under the
//! names real projects give them or piped in, checked with no `-a`; exact stdout, stderr
//! and exit status, compared with what GNU coreutils 9.1 prints where it checks the same.

use crate::util::{Dir, Run, s};

/// The files every list here names: one small, one empty, one of 300 kB, one with a space.
fn files() -> Dir {
    let d = Dir::new();
    let big: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
    d.create("a", b"hello\n")
        .create("empty", b"")
        .create("big", big)
        .create("sp ace", b"x");
    d
}

const NAMES: [&str; 4] = ["a", "empty", "big", "sp ace"];

fn all_ok() -> String {
    NAMES.iter().map(|n| format!("{n}: OK\n")).collect()
}

/// (program, its arguments before the file names)
const TOOLS: &[(&str, &[&str])] = &[
    ("md5sum", &[]),
    ("sha1sum", &[]),
    ("sha224sum", &[]),
    ("sha256sum", &[]),
    ("sha384sum", &[]),
    ("sha512sum", &[]),
    ("sha256sum", &["--tag"]),
    ("b2sum", &[]),
    ("b2sum", &["-l", "8"]),
    ("b2sum", &["-l", "128"]),
    ("b2sum", &["-l", "256"]),
    ("b2sum", &["-l", "256", "--tag"]),
    ("cksum", &[]),
    ("cksum", &["-a", "sha512"]),
    ("cksum", &["-a", "blake2b", "-l", "160"]),
    ("cksum", &["-a", "sm3"]),
    ("sum", &[]),
    ("sum", &["-s"]),
    ("xxhsum", &["-H0"]),
    ("xxhsum", &["-H1"]),
    ("xxhsum", &["-H2"]),
    ("xxhsum", &["-H3"]),
    ("xxhsum", &["-H1", "--tag"]),
    ("rhash", &[]),
    ("rhash", &["--simple"]),
    ("rhash", &["--md5"]),
    ("rhash", &["--sha256"]),
    ("rhash", &["--bsd", "--sha1"]),
    ("rhash", &["--bsd", "--md5"]),
    ("openssl", &["dgst", "-md5"]),
    ("openssl", &["dgst", "-sha256"]),
    ("openssl", &["dgst", "-sha512"]),
    ("openssl", &["dgst", "-sha3-256"]),
    ("openssl", &["dgst", "-blake2b512"]),
    ("openssl", &["dgst", "-blake2s256"]),
    ("openssl", &["dgst", "-r", "-sha256"]),
];

/// Names real projects give their lists (any of them may hold any algorithm's lines).
const LIST_NAMES: &[&str] = &[
    "SHA256SUMS",
    "SHASUMS256.txt",
    "terraform_1.5.0_SHA256SUMS",
    "sha256sum.txt",
    "SHA256SUMS-amd64",
    "x.sha256sum",
    "CHECKSUMS",
    "checksums.txt",
    "coreutils.md5sums",
    "MD5SUMS",
];

fn check(d: &Dir, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut c = d.command();
    c.args(args);
    if let Some(b) = stdin {
        c.stdin(b.to_vec());
    }
    c.run()
}

/// Every tool's list checks with plain `khsum -c` under every name and on standard input
/// (`-c`, `-c -`, `/dev/stdin`): OK for each file, nothing on stderr, exit 0. With one
/// file changed, that file alone is FAILED, with GNU's warning and exit 1.
#[test]
fn every_tools_list_checks_without_being_told_the_algorithm() {
    let d = files();
    for (prog, args) in TOOLS {
        let all: Vec<&str> = args.iter().copied().chain(NAMES).collect();
        let list = d.tool(prog, &all);
        for name in LIST_NAMES {
            d.create(name, &list);
            let r = check(&d, &["-c", name], None);
            assert_eq!(r.all(), (all_ok(), "", 0), "{prog} {args:?} as {name}");
        }
        for args in [&["-c"][..], &["-c", "-"], &["-c", "/dev/stdin"]] {
            let r = check(&d, args, Some(&list));
            assert_eq!(r.all(), (all_ok(), "", 0), "{prog} {args:?} on stdin");
        }
        d.create("big", b"changed");
        let r = check(&d, &["-c"], Some(&list));
        assert_eq!(
            r.all(),
            (
                "a: OK\nempty: OK\nbig: FAILED\nsp ace: OK\n".into(),
                "khsum: WARNING: 1 computed checksum did NOT match\n",
                1
            ),
            "{prog} {args:?} with a changed file"
        );
        d.create(
            "big",
            (0..300_000u32).map(|i| (i % 251) as u8).collect::<Vec<_>>(),
        );
    }
}

/// khsum's own untagged output of every algorithm that needs no key (and BLAKE3 and
/// BLAKE2b at short lengths) checks with plain `khsum -c`.
#[test]
fn own_output_checks_without_a() {
    let d = files();
    let mut runs: Vec<Vec<&str>> = khsum::Algorithm::all()
        .iter()
        .filter(|a| !a.needs_key())
        .map(|a| vec!["-a", a.name])
        .collect();
    runs.extend([
        vec!["-l", "8"],
        vec!["-a", "blake3", "-l", "8"],
        vec!["-l", "1"],
        vec!["-a", "blake2b", "-l", "32"],
        vec!["--base64", "-a", "sha512"],
    ]);
    for args in runs {
        let all: Vec<&str> = args.iter().copied().chain(NAMES).collect();
        let list = d.command().args(&all).run();
        assert_eq!(list.code, 0, "{args:?}: {}", list.err);
        d.create("L", &list.out);
        assert_eq!(
            check(&d, &["-c", "L"], None).all(),
            (all_ok(), "", 0),
            "{args:?}"
        );
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
/// here SHA-256) and the hint says what was tried, with a command that runs as printed:
/// `-` for standard input, a name with a space quoted once.
#[test]
fn no_match_says_what_was_tried() {
    let d = files();
    let zeros = "0".repeat(64);
    let tried = "sha256, blake3, blake2s, sha512-256, sha3-256, sm3, rescue-prime, blake2b";
    let r = check(&d, &["-c"], Some(format!("{zeros}  a\n").as_bytes()));
    assert_eq!(
        r.all(),
        (
            "a: FAILED\n".into(),
            &*format!(
                "khsum: WARNING: 1 computed checksum did NOT match\n\
                 khsum: hint: 'standard input': the 32-byte digests of a match no algorithm tried ({tried}); they were checked as sha256; to check them as another, run: khsum -c -a blake3 -\n"
            ),
            1
        )
    );
    d.create("my list", format!("{zeros}  sp ace\n"));
    let r = check(&d, &["-c", "my list"], None);
    assert!(
        r.err.ends_with(&format!(
            "khsum: hint: 'my list': the 32-byte digests of 'sp ace' match no algorithm tried ({tried}); they were checked as sha256; to check them as another, run: khsum -c -a blake3 'my list'\n"
        )),
        "{}",
        r.err
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
