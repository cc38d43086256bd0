//! Byte-for-byte compatibility with the tools users already script against, run on the
//! same files on this machine: khsum's output for the interop algorithms equals what GNU
//! coreutils (md5sum, sha1sum, sha224sum, sha384sum, b2sum, cksum, sum) and xxhsum print,
//! and the lists those tools write check with `khsum -c`. The tools are part of every
//! Debian and Ubuntu system (xxhsum: package xxhash, rhash and openssl: their packages,
//! which .ci/run installs); a test fails (it does not skip) when one is missing.

use crate::util::*;
use std::fs;

/// (khsum arguments, reference program, its arguments)
const SAME_OUTPUT: &[(&[&str], &str, &[&str])] = &[
    (&["-a", "md5"], "md5sum", &[]),
    (&["-a", "md5", "--tag"], "md5sum", &["--tag"]),
    (&["-a", "sha1"], "sha1sum", &[]),
    (&["-a", "sha1", "--tag"], "sha1sum", &["--tag"]),
    (&["-a", "sha224"], "sha224sum", &[]),
    (&["-a", "sha224", "--tag"], "sha224sum", &["--tag"]),
    (&["-a", "sha384"], "sha384sum", &[]),
    (&["-a", "sha384", "--tag"], "sha384sum", &["--tag"]),
    (&["-a", "blake2b"], "b2sum", &[]),
    (&["-a", "blake2b", "--tag"], "b2sum", &["--tag"]),
    (&["-a", "blake2b", "-l", "256"], "b2sum", &["-l", "256"]),
    (
        &["-a", "blake2b", "-l", "256", "--tag"],
        "b2sum",
        &["-l", "256", "--tag"],
    ),
    (
        &["-a", "blake2b", "-l", "8", "--tag"],
        "b2sum",
        &["-l", "8", "--tag"],
    ),
    (&["-a", "xxh32"], "xxhsum", &["-H0"]),
    (&["-a", "xxh32", "--tag"], "xxhsum", &["-H0", "--tag"]),
    (&["-a", "xxh64"], "xxhsum", &["-H1"]),
    (&["-a", "xxh64", "--tag"], "xxhsum", &["-H1", "--tag"]),
    (&["-a", "xxh128"], "xxhsum", &["-H2"]),
    (&["-a", "xxh128", "--tag"], "xxhsum", &["-H2", "--tag"]),
    (&["-a", "xxh3", "--tag"], "xxhsum", &["-H3", "--tag"]),
];

#[test]
fn output_equals_the_reference_tools() {
    let d = files();
    for (ours, prog, theirs) in SAME_OUTPUT {
        let want = tool_on_names(d.path(), prog, theirs);
        let args: Vec<&str> = ours.iter().copied().chain(NAMES).collect();
        let (out, err, code) = khsum_in(d.path(), &args);
        assert_eq!((code, err.as_str()), (0, ""), "khsum {ours:?}");
        assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&want),
            "khsum {ours:?} vs {prog} {theirs:?}"
        );
    }
}

/// Lists written by the reference tools verify: tagged lists with plain `khsum -c`
/// (the label names the algorithm and, for b2sum -l, the length), untagged ones with -a
/// (b2sum's length follows from the digest); a changed file then FAILs with exit 1.
#[test]
fn reference_lists_check() {
    let d = files();
    let ok: String = NAMES.iter().map(|n| format!("{n}: OK\n")).collect();
    for (prog, args, alg) in [
        ("md5sum", &["--tag"][..], None),
        ("sha1sum", &["--tag"][..], None),
        ("sha384sum", &[][..], Some("md5")),
        ("md5sum", &[][..], Some("md5")),
        ("b2sum", &["--tag"][..], None),
        ("b2sum", &["--tag", "-l", "256"][..], None),
        ("b2sum", &["-l", "128"][..], Some("blake2b")),
        ("b2sum", &[][..], Some("blake2b")),
        ("xxhsum", &["-H0", "--tag"][..], None),
        ("xxhsum", &["-H1"][..], Some("xxh64")),
        ("xxhsum", &["-H2"][..], Some("xxh128")),
        ("xxhsum", &["-H3"][..], None),
    ] {
        let list = tool_on_names(d.path(), prog, args);
        fs::write(d.path().join("LIST"), &list).unwrap();
        let mut cmd = vec!["-c", "LIST"];
        if let Some(a) = alg {
            cmd.extend(["-a", a]);
        }
        let (out, err, code) = khsum_in(d.path(), &cmd);
        if prog == "sha384sum" {
            // A SHA-384 list checked as MD5: no line has MD5's length.
            assert_eq!(code, 1, "{prog} {args:?}: {err}");
            assert!(
                err.contains("no properly formatted checksum lines found"),
                "{err}"
            );
            continue;
        }
        assert_eq!((code, err.as_str()), (0, ""), "{prog} {args:?}");
        assert_eq!(String::from_utf8_lossy(&out), ok, "{prog} {args:?}");
    }
    let list = tool_on_names(d.path(), "b2sum", &["--tag", "-l", "256"]);
    fs::write(d.path().join("LIST"), &list).unwrap();
    fs::write(d.path().join("a"), b"hello!\n").unwrap();
    let (out, err, code) = khsum_in(d.path(), &["-c", "LIST"]);
    assert_eq!(code, 1);
    assert!(String::from_utf8_lossy(&out).starts_with("a: FAILED\n"));
    assert_eq!(err, "khsum: WARNING: 1 computed checksum did NOT match\n");
}

/// The legacy checksums print what GNU cksum and sum print (no name for standard input
/// read because no file was named), and their lists check with `-a`.
#[test]
fn legacy_checksums_equal_cksum_and_sum() {
    let d = files();
    for (alg, prog, args) in [
        ("crc", "cksum", &[][..]),
        ("sysv", "sum", &["-s"][..]),
        ("bsd", "sum", &["-r"][..]),
        ("crc", "cksum", &["-a", "crc"][..]),
        ("sysv", "cksum", &["-a", "sysv"][..]),
        ("bsd", "cksum", &["-a", "bsd"][..]),
    ] {
        let want = tool_on_names(d.path(), prog, args);
        let args_k: Vec<&str> = ["-a", alg].into_iter().chain(NAMES).collect();
        let (out, err, code) = khsum_in(d.path(), &args_k);
        assert_eq!((code, err.as_str()), (0, ""), "{alg}");
        assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&want),
            "{alg}"
        );
        // Standard input, no name: the numbers only.
        let o = std::process::Command::new(prog)
            .args(args)
            .stdin(fs::File::open(d.path().join("big")).unwrap())
            .output()
            .unwrap();
        let k = assert_cmd::Command::cargo_bin("khsum")
            .unwrap()
            .args(["-a", alg])
            .pipe_stdin(d.path().join("big"))
            .unwrap()
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&k.stdout),
            String::from_utf8_lossy(&o.stdout),
            "{alg} stdin"
        );
        // The tool's list checks with -a; a changed file fails.
        fs::write(d.path().join("LIST"), &want).unwrap();
        let (out, err, code) = khsum_in(d.path(), &["-a", alg, "-c", "LIST"]);
        assert_eq!((code, err.as_str()), (0, ""), "{alg} -c");
        let ok: String = NAMES.iter().map(|n| format!("{n}: OK\n")).collect();
        assert_eq!(String::from_utf8_lossy(&out), ok);
    }
    let list = tool_on_names(d.path(), "cksum", &[]);
    fs::write(d.path().join("LIST"), list).unwrap();
    fs::write(d.path().join("a"), b"hello?\n").unwrap();
    let (out, _, code) = khsum_in(d.path(), &["-a", "crc", "-c", "LIST"]);
    assert_eq!(code, 1);
    assert!(String::from_utf8_lossy(&out).starts_with("a: FAILED\n"));
}
