//! Byte-for-byte compatibility with the tools users already script against: khsum's
//! output for the interop algorithms equals what GNU coreutils (md5sum, sha1sum,
//! sha224sum, sha384sum, b2sum, cksum, sum) and xxhsum print for the same files on this
//! machine, and lists those tools write check with `khsum -c`. The tools are part of every
//! Debian and Ubuntu system (xxhsum: package xxhash, which .ci/run installs); a test fails
//! (it does not skip) when one is missing.

use assert_cmd::Command;
use assert_cmd::cargo::CommandCargoExt;
use std::fs;
use std::path::Path;
use tempfile::TempDir;

fn files() -> TempDir {
    let d = TempDir::new().unwrap();
    fs::write(d.path().join("a"), b"hello\n").unwrap();
    fs::write(d.path().join("empty"), b"").unwrap();
    let big: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
    fs::write(d.path().join("big"), big).unwrap();
    fs::write(d.path().join("sp ace"), b"x").unwrap();
    d
}

const NAMES: [&str; 4] = ["a", "empty", "big", "sp ace"];

fn tool(dir: &Path, prog: &str, args: &[&str]) -> Vec<u8> {
    let o = std::process::Command::new(prog)
        .current_dir(dir)
        .args(args)
        .args(NAMES)
        .output()
        .unwrap_or_else(|e| panic!("{prog} is needed for this test: {e}"));
    assert!(o.status.success(), "{prog} {args:?} failed");
    o.stdout
}

fn khsum(dir: &Path, args: &[&str]) -> (Vec<u8>, String, i32) {
    let o = Command::cargo_bin("khsum")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    (
        o.stdout,
        String::from_utf8_lossy(&o.stderr).into_owned(),
        o.status.code().unwrap_or(-1),
    )
}

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
        let want = tool(d.path(), prog, theirs);
        let args: Vec<&str> = ours.iter().copied().chain(NAMES).collect();
        let (out, err, code) = khsum(d.path(), &args);
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
        let list = tool(d.path(), prog, args);
        fs::write(d.path().join("LIST"), &list).unwrap();
        let mut cmd = vec!["-c", "LIST"];
        if let Some(a) = alg {
            cmd.extend(["-a", a]);
        }
        let (out, err, code) = khsum(d.path(), &cmd);
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
    let list = tool(d.path(), "b2sum", &["--tag", "-l", "256"]);
    fs::write(d.path().join("LIST"), &list).unwrap();
    fs::write(d.path().join("a"), b"hello!\n").unwrap();
    let (out, err, code) = khsum(d.path(), &["-c", "LIST"]);
    assert_eq!(code, 1);
    assert!(String::from_utf8_lossy(&out).starts_with("a: FAILED\n"));
    assert_eq!(err, "khsum: WARNING: 1 computed checksum did NOT match\n");
}

/// XXH3's untagged lines carry xxhsum's `XXH3_` prefix (they would otherwise look like
/// XXH64's), and such a list checks with plain `khsum -c`.
#[test]
fn xxh3_untagged_lines_name_the_algorithm() {
    let d = files();
    let (out, _, code) = khsum(d.path(), &["-a", "xxh3", "a", "empty"]);
    assert_eq!(code, 0);
    // XXH3 of "hello\n" and of the empty input, as xxhsum -H3 prints them.
    let tagged = tool(d.path(), "xxhsum", &["-H3", "--tag"]);
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
    let (out, err, code) = khsum(d.path(), &["-c", "LIST"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(String::from_utf8_lossy(&out), "a: OK\nempty: OK\n");
    // Checked as XXH64, the prefixed lines are not XXH64 lines.
    let (_, err, code) = khsum(d.path(), &["-a", "xxh64", "-c", "LIST"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no properly formatted checksum lines found"),
        "{err}"
    );
}

#[test]
fn blake2b_length_is_in_bits_like_b2sum() {
    let d = files();
    for bad in ["7", "0", "520"] {
        let (out, err, code) = khsum(d.path(), &["-a", "blake2b", "-l", bad, "a"]);
        assert_eq!((code, out.len()), (2, 0), "-l {bad}");
        assert_eq!(
            err,
            format!(
                "khsum: invalid length: {bad} (blake2b takes a multiple of 8 bits from 8 to 512)\n"
            )
        );
    }
}

/// Untagged lines check with no `-a` whatever the list is called: a list named like the
/// tools name theirs (`SHA256SUMS`, `*.md5`, `B2SUMS`, also `.txt`/`.asc`) tries that
/// algorithm first, and an unnamed one finds it from the digests' content.
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
        fs::write(d.path().join(list), tool(d.path(), prog, args)).unwrap();
        let (out, err, code) = khsum(d.path(), &["-c", list]);
        assert_eq!((code, err.as_str()), (0, ""), "{prog} {args:?} as {list}");
        assert_eq!(
            String::from_utf8_lossy(&out),
            ok,
            "{prog} {args:?} as {list}"
        );
    }
    // Under a name that says nothing, the digests' content tells: every tool's list
    // checks, and a changed file is still FAILED.
    for (prog, args) in [
        ("sha256sum", &[][..]),
        ("md5sum", &[][..]),
        ("xxhsum", &["-H1"][..]),
        ("xxhsum", &["-H0"][..]),
        ("b2sum", &["-l", "128"][..]),
    ] {
        fs::write(d.path().join("list"), tool(d.path(), prog, args)).unwrap();
        let (out, err, code) = khsum(d.path(), &["-c", "list"]);
        assert_eq!((code, err.as_str()), (0, ""), "{prog} {args:?}");
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
        let (list, err, code) = khsum(d.path(), &args_k);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        let name = if args.contains(&"blake2b") {
            "B2SUMS"
        } else {
            "list"
        };
        fs::write(d.path().join(name), &list).unwrap();
        let (out, err, code) = khsum(d.path(), &["-c", name]);
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
        let (out, _, code) = khsum(d.path(), &["-c", name]);
        assert_eq!(
            (code, String::from_utf8_lossy(&out).as_ref()),
            (1, "changed: FAILED\n"),
            "{args:?}"
        );
    }
    let args_k: Vec<&str> = ["-l", "8"].into_iter().chain(NAMES).collect();
    let (list, _, _) = khsum(d.path(), &args_k);
    fs::write(d.path().join("list"), &list).unwrap();
    for args in [
        &["-c", "list"][..],
        &["-c", "-l", "8", "list"],
        &["-c", "-a", "blake3", "list"],
    ] {
        let (out, err, code) = khsum(d.path(), args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out), ok, "{args:?}");
    }
}

/// A line whose label names a MAC is never checked with the all-zero key: without a key
/// it is an error (exit 2, nothing checked); with one it checks.
#[test]
fn keyed_labels_need_a_key() {
    let d = files();
    fs::write(d.path().join("k"), [7u8; 16]).unwrap();
    let (tags, _, code) = khsum(
        d.path(),
        &["tag", "-a", "siphash-2-4", "--key-file", "k", "--tag", "a"],
    );
    assert_eq!(code, 0);
    fs::write(d.path().join("TAGS"), &tags).unwrap();
    let (out, err, code) = khsum(d.path(), &["-c", "TAGS"]);
    assert_eq!((code, out.len()), (2, 0));
    assert_eq!(
        err,
        "khsum: TAGS: 1: SIPHASH-2-4 lines need a key (--key-file or --key-env)\n"
    );
    let (out, err, code) = khsum(d.path(), &["-c", "--key-file", "k", "TAGS"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(String::from_utf8_lossy(&out), "a: OK\n");
    // An unkeyed hash's label is not affected; BLAKE3's unkeyed mode is the plain hash.
    let (sums, _, _) = khsum(d.path(), &["--tag", "a"]);
    fs::write(d.path().join("SUMS"), &sums).unwrap();
    let (out, _, code) = khsum(d.path(), &["-c", "SUMS"]);
    assert_eq!(
        (code, String::from_utf8_lossy(&out).as_ref()),
        (0, "a: OK\n")
    );
}

/// With a length, tags carry it (`BLAKE3-512`, as b2sum writes `BLAKE2b-256`), so any
/// tagged khsum output checks with plain `khsum -c`.
#[test]
fn tags_carry_the_length() {
    let d = files();
    let (out, err, code) = khsum(d.path(), &["-l", "64", "--tag", "a"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let mut xof = [0u8; 64];
    blake3::Hasher::new()
        .update(b"hello\n")
        .finalize_xof()
        .fill(&mut xof);
    assert_eq!(
        String::from_utf8_lossy(&out),
        format!("BLAKE3-512 (a) = {}\n", hex::encode(xof))
    );
    fs::write(d.path().join("T"), &out).unwrap();
    let (out, err, code) = khsum(d.path(), &["-c", "T"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(String::from_utf8_lossy(&out), "a: OK\n");
    let (out, _, code) = khsum(d.path(), &["-a", "blake2b", "-l", "128", "--tag", "a"]);
    assert_eq!(code, 0);
    assert!(String::from_utf8_lossy(&out).starts_with("BLAKE2b-128 (a) = "));
    fs::write(d.path().join("T"), &out).unwrap();
    let (out, _, code) = khsum(d.path(), &["-c", "T"]);
    assert_eq!(
        (code, String::from_utf8_lossy(&out).as_ref()),
        (0, "a: OK\n")
    );
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
        let want = tool(d.path(), prog, args);
        let args_k: Vec<&str> = ["-a", alg].into_iter().chain(NAMES).collect();
        let (out, err, code) = khsum(d.path(), &args_k);
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
        let k = Command::cargo_bin("khsum")
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
        let (out, err, code) = khsum(d.path(), &["-a", alg, "-c", "LIST"]);
        assert_eq!((code, err.as_str()), (0, ""), "{alg} -c");
        let ok: String = NAMES.iter().map(|n| format!("{n}: OK\n")).collect();
        assert_eq!(String::from_utf8_lossy(&out), ok);
    }
    let list = tool(d.path(), "cksum", &[]);
    fs::write(d.path().join("LIST"), list).unwrap();
    fs::write(d.path().join("a"), b"hello?\n").unwrap();
    let (out, _, code) = khsum(d.path(), &["-a", "crc", "-c", "LIST"]);
    assert_eq!(code, 1);
    assert!(String::from_utf8_lossy(&out).starts_with("a: FAILED\n"));
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
    let (out, err, code) = khsum(d.path(), &["-a", "blake3", "-c", "--warn", "--status", "L"]);
    assert_eq!((code, out.len(), err.as_str()), (1, 0, ""));
    let (out, err, code) = khsum(d.path(), &["-a", "blake3", "-c", "--status", "--warn", "L"]);
    assert_eq!(code, 1);
    assert_eq!(String::from_utf8_lossy(&out), "a: FAILED\n");
    assert_eq!(
        err,
        "khsum: L: 2: improperly formatted BLAKE3 checksum line\n\
         khsum: WARNING: 1 line is improperly formatted\n\
         khsum: WARNING: 1 computed checksum did NOT match\n"
    );
    let (out, err, code) = khsum(d.path(), &["-a", "blake3", "-c", "--warn", "--quiet", "L"]);
    assert_eq!(code, 1);
    assert_eq!(String::from_utf8_lossy(&out), "a: FAILED\n");
    assert!(!err.contains("improperly formatted checksum line"), "{err}");

    let (out, err, code) = khsum(d.path(), &["--tag", "--text", "a"]);
    assert_eq!((code, out.len()), (2, 0));
    assert!(
        err.starts_with("error: the argument '--tag' cannot be used with '--text'"),
        "{err}"
    );
    let (plain, _, _) = khsum(d.path(), &["a"]);
    let (untagged, _, code) = khsum(d.path(), &["--tag", "--untagged", "a"]);
    assert_eq!((code, untagged), (0, plain));

    // Piped help is plain text (no terminal escapes), and starts with the summary.
    for args in [&["--help"][..], &["check", "--help"], &["bench", "--help"]] {
        let (out, err, code) = khsum(d.path(), args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        let out = String::from_utf8(out).unwrap();
        assert!(!out.contains('\x1b'), "{args:?}: {out}");
        assert!(out.contains("Usage: khsum"), "{args:?}: {out}");
    }
    for flag in ["--help", "--version"] {
        let o = std::process::Command::cargo_bin("khsum")
            .unwrap()
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

/// `--base64` digests (cksum 9.2+) are written and read; a base64 digest of the wrong
/// length is an improperly formatted line. `--raw` writes the one input's digest bytes.
#[test]
fn base64_and_raw_digests() {
    use base64::Engine;
    use sha2::Digest;
    let d = files();
    let want = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(b"hello\n"));
    let (out, err, code) = khsum(d.path(), &["-a", "sha256", "--base64", "a"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(String::from_utf8_lossy(&out), format!("{want}  a\n"));
    let (out, _, _) = khsum(d.path(), &["-a", "sha256", "--base64", "--tag", "a"]);
    assert_eq!(
        String::from_utf8_lossy(&out),
        format!("SHA256 (a) = {want}\n")
    );
    fs::write(d.path().join("L"), &out).unwrap();
    let (out, err, code) = khsum(d.path(), &["-c", "L"]);
    assert_eq!(
        (code, err.as_str(), String::from_utf8_lossy(&out).as_ref()),
        (0, "", "a: OK\n")
    );
    fs::write(d.path().join("L"), format!("{want}  a\n")).unwrap();
    let (out, _, code) = khsum(d.path(), &["-a", "sha256", "-c", "L"]);
    assert_eq!(
        (code, String::from_utf8_lossy(&out).as_ref()),
        (0, "a: OK\n")
    );
    // One character short: not a digest of SHA-256's length in either encoding.
    fs::write(d.path().join("L"), format!("SHA256 (a) = {}\n", &want[1..])).unwrap();
    let (out, err, code) = khsum(d.path(), &["-c", "L"]);
    assert_eq!((code, out.len()), (1, 0));
    assert_eq!(
        err,
        "khsum: L: no properly formatted checksum lines found\n"
    );

    let (out, err, code) = khsum(d.path(), &["-a", "sha256", "--raw", "a"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, sha2::Sha256::digest(b"hello\n").to_vec());
    let (out, err, code) = khsum(d.path(), &["--raw", "a", "big"]);
    assert_eq!((code, out.len()), (2, 0));
    assert_eq!(
        err,
        "khsum: --raw writes one digest: give one input and one algorithm (and no -r)\n"
    );
}

/// Diagnostics as GNU 9.1 writes them: an improper tagged line's warning names its
/// algorithm (`sha256sum -c -w`), a list that cannot be read is a `read error`; and a key
/// given for a list of unkeyed lines is an error naming the list and the line (exit 2),
/// never a check with the key ignored.
#[test]
fn list_diagnostics_name_the_algorithm_and_the_cause() {
    let d = files();
    let mut list = tool(d.path(), "sha256sum", &["--tag"]);
    list.extend_from_slice(b"SHA256 (a) = 00\n");
    fs::write(d.path().join("L"), &list).unwrap();
    let gnu = std::process::Command::new("sha256sum")
        .current_dir(d.path())
        .args(["-c", "-w", "L"])
        .output()
        .unwrap();
    let (out, err, code) = khsum(d.path(), &["-c", "-w", "L"]);
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
    let (out, err, code) = khsum(d.path(), &["-a", "sha256", "-c", "dir"]);
    assert_eq!((Some(code), out.len()), (gnu.status.code(), 0));
    assert_eq!(err, "khsum: dir: read error\n");
    assert_eq!(
        err,
        String::from_utf8_lossy(&gnu.stderr).replace("sha256sum:", "khsum:")
    );

    fs::write(d.path().join("k"), [7u8; 32]).unwrap();
    let (out, err, code) = khsum(d.path(), &["-c", "--key-file", "k", "L"]);
    assert_eq!((code, out.len()), (2, 0));
    assert_eq!(
        err,
        "khsum: L: 1: SHA256 lines take no key (one was given with --key-file)\n"
    );
}

/// `--derive-key CONTEXT` is b3sum's: each FILE is key material, each line its derived key
/// (the blake3 crate's `derive_key`, any `-l`), and such a list checks with the same
/// option. With `--key-file`, the key is the material and the output one nameless line
/// (or raw bytes). Anything else with it is a usage error.
#[test]
fn derive_key_like_b3sum() {
    let d = files();
    let ctx = "khsum tests 2026-11-25 derive-key";
    let (out, err, code) = khsum(d.path(), &["--derive-key", ctx, "a", "big"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let want = |data: &[u8], n: usize| {
        let mut o = vec![0u8; n];
        blake3::Hasher::new_derive_key(ctx)
            .update(data)
            .finalize_xof()
            .fill(&mut o);
        o
    };
    let big = fs::read(d.path().join("big")).unwrap();
    assert_eq!(want(b"hello\n", 32), blake3::derive_key(ctx, b"hello\n"));
    assert_eq!(
        String::from_utf8_lossy(&out),
        format!(
            "{}  a\n{}  big\n",
            hex::encode(want(b"hello\n", 32)),
            hex::encode(want(&big, 32))
        )
    );
    fs::write(d.path().join("KEYS"), &out).unwrap();
    let (out, err, code) = khsum(d.path(), &["-c", "--derive-key", ctx, "KEYS"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(String::from_utf8_lossy(&out), "a: OK\nbig: OK\n");
    let (out, _, code) = khsum(d.path(), &["-c", "KEYS"]);
    assert_eq!(
        (code, String::from_utf8_lossy(&out).as_ref()),
        (1, "a: FAILED\nbig: FAILED\n")
    );
    let (out, _, code) = khsum(d.path(), &["--derive-key", ctx, "-l", "64", "a"]);
    assert_eq!(
        (code, String::from_utf8_lossy(&out).into_owned()),
        (0, format!("{}  a\n", hex::encode(want(b"hello\n", 64))))
    );

    // Key material from a key file (hex digits are decoded) or the environment.
    let material = [0x5au8; 48];
    fs::write(d.path().join("master"), hex::encode(material) + "\n").unwrap();
    let (out, err, code) = khsum(d.path(), &["--derive-key", ctx, "--key-file", "master"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        String::from_utf8_lossy(&out),
        format!("{}\n", hex::encode(want(&material, 32)))
    );
    let (out, _, code) = khsum(
        d.path(),
        &["--derive-key", ctx, "--key-file", "master", "--raw"],
    );
    assert_eq!((code, out), (0, want(&material, 32)));

    for (args, msg) in [
        (
            &["--derive-key", ctx, "--key-file", "master", "a"][..],
            "--derive-key takes its key material from the key (--key-file or --key-env) or from the FILEs, not both",
        ),
        (
            &["--derive-key", ctx, "-a", "sha256", "a"],
            "--derive-key is BLAKE3's key derivation: it does not apply to sha256",
        ),
        (
            &["--derive-key", ctx, "--tag", "a"],
            "--derive-key writes derived keys, not tagged lines (--tag)",
        ),
        (
            &["-c", "--derive-key", ctx, "--key-file", "master", "KEYS"],
            "--derive-key checks lists of derived keys: the listed files are the key material, so it takes no --key-file or --key-env",
        ),
    ] {
        let (out, err, code) = khsum(d.path(), args);
        assert_eq!((code, out.len()), (2, 0), "{args:?}");
        assert_eq!(err, format!("khsum: {msg}\n"), "{args:?}");
    }
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
    let (out, err, code) = khsum(d.path(), &["-a", "sha1", "two", "a"]);
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
    let o = Command::cargo_bin("khsum")
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
        let (_, err, code) = khsum(d.path(), &[&["-a", "sha1", "big"], mmap].concat());
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
    let (out, err, code) = khsum(d.path(), &["-c", "SHA1SUMS"]);
    assert_eq!(String::from_utf8(out).unwrap(), "two: FAILED\na: OK\n");
    assert_eq!(
        err,
        format!(
            "khsum: two: {COLLISION}\nkhsum: WARNING: 1 listed file carries a SHA-1 collision attack: its matching digest proves nothing\n"
        )
    );
    assert_eq!(code, 1);
    let (out, _, code) = khsum(d.path(), &["-c", "--json", "SHA1SUMS"]);
    let first: serde_json::Value =
        serde_json::from_slice(out.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(first["status"], "failed");
    assert_eq!(first["digest"], SHAMBLES_SHA1);
    assert_eq!(first["warning"], COLLISION);
    assert_eq!(code, 1);
    // Several algorithms in one read: the SHA-1 line is printed and the warning given.
    let (_, err, code) = khsum(d.path(), &["-a", "sha1,sha256", "one"]);
    assert_eq!(
        (err.as_str(), code),
        (&*format!("khsum: one: {COLLISION}\n"), 0)
    );
    // An ordinary file's SHA-1 gets no warning (the `a` line above) and checks OK.
    let (_, err, code) = khsum(d.path(), &["-c", "--status", "SHA1SUMS"]);
    assert_eq!(
        (err.as_str(), code),
        (&*format!("khsum: two: {COLLISION}\n"), 1)
    );
}

/// `crc` and `crc32b` (crc-fast's folding code, each SIMD path this CPU has) equal the
/// table-driven `crc` crate on random inputs of every length up to 4 KiB and beyond, fed
/// at random split points: `crc` is CRC-32/CKSUM over the data and then its length's
/// bytes (least significant first, high zero bytes left out), `crc32b` CRC-32/ISO-HDLC.
#[test]
fn crcs_equal_the_crc_crate_at_random_splits() {
    use khsum::testutil::{TestRng, pieces};
    let cksum = crc::Crc::<u32>::new(&crc::CRC_32_CKSUM);
    let hdlc = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);
    let params = khsum::Params::default();
    let crc_proto = khsum::Algorithm::lookup("crc")
        .unwrap()
        .hasher(None, &params)
        .unwrap();
    let b_proto = khsum::Algorithm::lookup("crc32b")
        .unwrap()
        .hasher(None, &params)
        .unwrap();
    let mut rng = TestRng::new(32);
    let lengths: Vec<usize> = (0..=300)
        .chain([511, 512, 513, 4095, 4096, 65_537, 1 << 20])
        .collect();
    for len in lengths {
        let data = rng.bytes(len);
        let cuts = [
            rng.below(len as u64 + 1) as usize,
            rng.below(len as u64 + 1) as usize,
        ];
        let mut want = cksum.digest();
        want.update(&data);
        let mut n = len as u64;
        while n > 0 {
            want.update(&[n as u8]);
            n >>= 8;
        }
        let mut expect = want.finalize().to_be_bytes().to_vec();
        expect.extend_from_slice(&(len as u64).to_be_bytes());
        let mut expect_b = hdlc.checksum(&data).to_be_bytes().to_vec();
        expect_b.extend_from_slice(&(len as u64).to_be_bytes());
        for (proto, expect) in [(&crc_proto, &expect), (&b_proto, &expect_b)] {
            assert_eq!(proto.digest_whole(&data).unwrap(), *expect, "len {len}");
            let mut h = proto.box_clone();
            for p in pieces(&data, &cuts) {
                h.update(p);
            }
            assert_eq!(h.finalize().unwrap(), *expect, "len {len} cuts {cuts:?}");
        }
    }
}

/// `blake2b` and `blake2s` (blake2b_simd / blake2s_simd, each SIMD path this CPU has)
/// equal RustCrypto's portable `blake2` crate for random inputs, every output length and
/// random split points.
#[test]
fn blake2_equals_the_rustcrypto_crate_at_random_splits() {
    use blake2::digest::{Update, VariableOutput};
    use khsum::testutil::{TestRng, pieces};
    let mut rng = TestRng::new(2);
    for (name, max) in [("blake2b", 64usize), ("blake2s", 32)] {
        let alg = khsum::Algorithm::lookup(name).unwrap();
        for out_len in 1..=max {
            let proto = alg
                .hasher(
                    None,
                    &khsum::Params {
                        out_len: Some(out_len),
                        nonce: None,
                    },
                )
                .unwrap();
            let len = [0, 1, 63, 64, 65, 128, 129, 1000, 70_000][out_len % 9] + out_len;
            let data = rng.bytes(len);
            let mut want = vec![0u8; out_len];
            if name == "blake2b" {
                let mut v = blake2::Blake2bVar::new(out_len).unwrap();
                v.update(&data);
                v.finalize_variable(&mut want).unwrap();
            } else {
                let mut v = blake2::Blake2sVar::new(out_len).unwrap();
                v.update(&data);
                v.finalize_variable(&mut want).unwrap();
            }
            assert_eq!(proto.digest_whole(&data).unwrap(), want, "{name} {out_len}");
            let cuts = [
                rng.below(len as u64 + 1) as usize,
                rng.below(len as u64 + 1) as usize,
            ];
            let mut h = proto.box_clone();
            for p in pieces(&data, &cuts) {
                h.update(p);
            }
            assert_eq!(h.finalize().unwrap(), want, "{name} {out_len} {cuts:?}");
        }
    }
}
