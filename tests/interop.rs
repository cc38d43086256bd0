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
        let k = run(khsum(d.path())
            .args(["-a", alg])
            .pipe_stdin(d.path().join("big"))
            .unwrap());
        assert_eq!(
            String::from_utf8_lossy(&k.out),
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

// GNU coreutils 9.2–9.11 and b3sum spellings, each with its exact stdout, stderr and
// exit status: standard streams closed by the parent, `-a sha2` and `-a sha3` with
// `--length` in bits, the last `-l` counting, `-l 0` as the default length, the legacy
// sums' true sizes and b3sum's `--seek`.

fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(data))
}

/// The digest of `data` under the `bits`-bit SHA-3 (the `sha3` crate).
fn sha3_hex(bits: usize, data: &[u8]) -> String {
    use sha3::Digest;
    match bits {
        224 => hex::encode(sha3::Sha3_224::digest(data)),
        256 => hex::encode(sha3::Sha3_256::digest(data)),
        384 => hex::encode(sha3::Sha3_384::digest(data)),
        512 => hex::encode(sha3::Sha3_512::digest(data)),
        _ => unreachable!("{bits}"),
    }
}

/// `khsum ARGS` in `d`.
fn k(d: &Dir, args: &[&str]) -> Run {
    run(khsum(d.path()).args(args))
}

/// khsum started by `sh -c SCRIPT`, where the script runs `"$@"` (khsum and its arguments,
/// through the target's runner like every CLI test) with redirections as a shell makes
/// them: `<&-` and `>&-` start khsum with the descriptor really closed (not on
/// /dev/null), `<>/dev/null` with it open read-write on /dev/null (as Python's
/// `subprocess.DEVNULL` passes it). `LINE` is in the script's environment.
#[cfg(unix)]
fn sh(d: &Dir, script: &str, line: &str, args: &[&str]) -> Run {
    let mut c = crate::util::khsum_under(d.path(), &["sh", "-c", script, "sh"]);
    c.args(args).env("LINE", line);
    crate::util::run(&mut assert_cmd::Command::from_std(c))
}

/// khsum with `redir` applied (`<&-`, `>&-`, `</dev/null`, ...).
#[cfg(unix)]
fn with(d: &Dir, redir: &str, args: &[&str]) -> Run {
    sh(d, &format!("exec \"$@\" {redir}"), "", args)
}

/// A closed standard input is GNU's "Bad file descriptor" (exit 1) wherever khsum reads
/// it, never empty input; the same commands on /dev/null (read-only, or read-write as
/// Python and daemons pass it) read empty input as before.
#[cfg(unix)]
#[test]
fn a_closed_standard_input_is_a_bad_descriptor() {
    let d = Dir::new();
    d.create("f", "hello\n");
    d.create("L", format!("{}  -\n", sha256_hex(b"")));
    d.create("k", "000102030405060708090a0b0c0d0e0f\n");
    let f = sha256_hex(b"hello\n");
    let bad = "khsum: -: Bad file descriptor\n";
    let cases: &[(&[&str], String, &str, i32)] = &[
        (&["-a", "sha256", "-"], String::new(), bad, 1),
        (&["-a", "sha256"], String::new(), bad, 1),
        // The other inputs are hashed as usual.
        (&["-a", "sha256", "f", "-", "f"], format!("{f}  f\n{f}  f\n"), bad, 1),
        (
            &["--json", "-a", "sha256", "-"],
            "{\"name\":\"-\",\"size\":null,\"algorithm\":\"sha256\",\"digest\":null,\"status\":\"error\",\"error\":\"Bad file descriptor\"}\n".into(),
            bad,
            1,
        ),
        (
            &["-c", "-"],
            String::new(),
            "khsum: standard input: Bad file descriptor\n",
            1,
        ),
        (
            &["-c"],
            String::new(),
            "khsum: standard input: Bad file descriptor\n",
            1,
        ),
        // A list entry named `-` is standard input.
        (
            &["-c", "L"],
            "-: FAILED open or read\n".into(),
            "khsum: -: Bad file descriptor\nkhsum: WARNING: 1 listed file could not be read\n",
            1,
        ),
        (
            &["--files-from", "-"],
            String::new(),
            "khsum: --files-from standard input: Bad file descriptor\n",
            2,
        ),
        (
            &["tag", "-a", "siphash-2-4", "--key-file", "-", "f"],
            String::new(),
            bad,
            2,
        ),
        (
            &["--keyed", "f"],
            String::new(),
            "khsum: --keyed: standard input: Bad file descriptor\n",
            2,
        ),
    ];
    for (args, out, err, code) in cases {
        let r = with(&d, "<&-", args);
        assert_eq!(r.all(), (out.clone(), *err, *code), "{args:?} <&-");
    }
    let empty = format!("{}  -\n", sha256_hex(b""));
    for redir in ["</dev/null", "<>/dev/null"] {
        let r = with(&d, redir, &["-a", "sha256", "-"]);
        assert_eq!(r.all(), (empty.clone(), "", 0), "{redir}");
        let r = with(&d, redir, &["-c", "L"]);
        assert_eq!(r.all(), ("-: OK\n".into(), "", 0), "{redir}");
    }
}

/// A closed standard output is GNU's "write error: Bad file descriptor" (exit 1) for
/// every command that writes, and the run stops at the first line (a check of an endless
/// list ends); a run that writes nothing succeeds, as GNU's does.
#[cfg(unix)]
#[test]
fn a_closed_standard_output_is_a_write_error() {
    let d = Dir::new();
    d.create("f", "hello\n");
    d.create("k", "000102030405060708090a0b0c0d0e0f\n");
    let line = format!("{}  f", sha256_hex(b"hello\n"));
    d.create("L", format!("{line}\n"));
    d.create("U", "00  g\n");
    let write_error = "khsum: write error: Bad file descriptor\n";
    let writers: &[&[&str]] = &[
        &["-a", "md5", "f"],
        &["f"],
        &["--json", "-a", "sha256", "f"],
        &["--tag", "-a", "sha2", "-l", "256", "f"],
        &["tag", "-a", "siphash-2-4", "--key-file", "k", "f"],
        &["-c", "L"],
        &["-c", "--json", "L"],
        &["--version"],
        &["--help"],
        &["list"],
        &["selftest"],
        // At once, before any measuring.
        &["bench", "-a", "md5", "--sizes", "64"],
        // The list is left as it was when its lines could not be shown.
        &["--update", "U", "f"],
    ];
    for args in writers {
        let r = with(&d, ">&-", args);
        assert_eq!(r.all(), (String::new(), write_error, 1), "{args:?} >&-");
    }
    assert_eq!(fs::read(d.path().join("U")).unwrap(), b"00  g\n");
    // Nothing to write: nothing fails.
    let r = with(&d, ">&-", &["-c", "--status", "L"]);
    assert_eq!(r.all(), (String::new(), "", 0));
    // An endless list stops at the first line that cannot be written.
    let r = sh(
        &d,
        "yes \"$LINE\" | timeout 60 \"$@\" >&-",
        &line,
        &["-c", "-a", "sha256"],
    );
    assert_eq!(r.all(), (String::new(), write_error, 1));
    // /dev/null, opened write-only or read-write, takes the output as before.
    for redir in [">/dev/null", "1<>/dev/null"] {
        let r = with(&d, redir, &["-a", "md5", "f"]);
        assert_eq!(r.all(), (String::new(), "", 0), "{redir}");
        let r = with(&d, redir, &["-c", "L"]);
        assert_eq!(r.all(), (String::new(), "", 0), "{redir}");
    }
}

/// GNU cksum 9.8+'s `-a sha2 -l BITS` and `-a sha3 -l BITS` (`tests/cksum/cksum-a.sh`,
/// `cksum-sha3.sh`): the same digests as sha224sum … sha512sum and SHA3-224 … SHA3-512,
/// GNU's tags, and GNU's words for the lengths it refuses (exit 2, khsum's usage status).
#[test]
fn sha2_and_sha3_take_their_length_in_bits() {
    let d = Dir::new();
    d.create("a", "some data\n");
    for bits in ["224", "256", "384", "512"] {
        let gnu = s(&d.tool(&format!("sha{bits}sum"), &["a"]));
        for l in [&["-l", bits][..], &[&format!("--length={bits}")]] {
            let args: Vec<&str> = ["-a", "sha2"]
                .iter()
                .chain(l)
                .chain(&["a"])
                .copied()
                .collect();
            assert_eq!(k(&d, &args).all(), (gnu.clone(), "", 0), "{args:?}");
        }
        let hex = &gnu[..gnu.find(' ').unwrap()];
        assert_eq!(
            k(&d, &["--tag", "-a", "sha2", "-l", bits, "a"]).all(),
            (format!("SHA{bits} (a) = {hex}\n"), "", 0)
        );
        let sha3 = sha3_hex(bits.parse().unwrap(), b"some data\n");
        assert_eq!(
            k(&d, &["-a", "sha3", "-l", bits, "a"]).all(),
            (format!("{sha3}  a\n"), "", 0)
        );
        assert_eq!(
            k(&d, &["--tag", "-a", "SHA3", "--length", bits, "a"]).all(),
            (format!("SHA3-{bits} (a) = {sha3}\n"), "", 0)
        );
    }
    for fam in ["sha2", "sha3"] {
        let label = fam.to_ascii_uppercase();
        for len in [
            "216",
            "248",
            "376",
            "504",
            "513",
            "1024",
            "0",
            "18446744073709551616",
        ] {
            let want = format!(
                "khsum: invalid length: '{len}'\nkhsum: digest length for '{label}' must be 224, 256, 384, or 512\n"
            );
            // Also when checking, as GNU does.
            for check in [&[][..], &["--check"]] {
                let args: Vec<&str> = ["-a", fam, "-l", len, "a"]
                    .into_iter()
                    .chain(check.iter().copied())
                    .collect();
                assert_eq!(k(&d, &args).all(), (String::new(), &*want, 2), "{args:?}");
            }
        }
        assert_eq!(
            k(&d, &["-a", fam, "a"]).all(),
            (
                String::new(),
                &*format!(
                    "khsum: --algorithm={fam} requires specifying --length 224, 256, 384, or 512\n"
                ),
                2
            )
        );
    }
}

/// The last `-l` counts (GNU 9.4+, and b3sum through clap), when hashing and checking.
#[test]
fn the_last_length_counts() {
    let d = Dir::new();
    d.create("f", "hello\n");
    let b2 = s(&d.tool("b2sum", &["-l", "128", "f"]));
    assert_eq!(
        k(&d, &["-a", "blake2b", "-l", "123", "-l", "128", "f"]).all(),
        (b2, "", 0)
    );
    assert_eq!(
        k(&d, &["-a", "sha3", "-l", "253", "-l", "256", "f"]).all(),
        (format!("{}  f\n", sha3_hex(256, b"hello\n")), "", 0)
    );
    let mut xof = [0u8; 8];
    blake3::Hasher::new()
        .update(b"hello\n")
        .finalize_xof()
        .fill(&mut xof);
    let line = format!("{}  f\n", hex::encode(xof));
    assert_eq!(
        k(&d, &["-l", "5", "--length", "8", "f"]).all(),
        (line.clone(), "", 0)
    );
    // The length is the untagged BLAKE3 lines'; a tagged line keeps its algorithm's.
    d.create(
        "L",
        format!("{line}SHA256 (f) = {}\n", sha256_hex(b"hello\n")),
    );
    assert_eq!(
        k(&d, &["-c", "-l", "5", "-l", "8", "L"]).all(),
        ("f: OK\nf: OK\n".into(), "", 0)
    );
}

/// `-l 0` is the default length for every algorithm (GNU 9.8+), b2sum's 512 bits for
/// BLAKE2b included.
#[test]
fn length_zero_is_the_default_length() {
    let d = Dir::new();
    d.create("f", "hello\n");
    d.create("k", "00".repeat(64));
    for a in khsum::Algorithm::all() {
        let mut args = vec!["-a", a.name, "f"];
        if a.key == khsum::KeyRule::SameAsMessage {
            // Multimixer-128: a key as long as the message (32 bytes, padded input).
            continue;
        }
        let default = k(&d, &args);
        // A MAC without a key says which key it used (tests/messages.rs), every time.
        let note = if a.needs_key() {
            format!(
                "khsum: note: no key given: {} uses the all-zero key, so its output is a fingerprint, not a MAC (a key: --key-file or --key-env)\n",
                a.name
            )
        } else {
            String::new()
        };
        assert_eq!(
            (default.err.as_str(), default.code),
            (note.as_str(), 0),
            "{}",
            a.name
        );
        args.splice(0..0, ["-l", "0"]);
        assert_eq!(k(&d, &args).all(), default.all(), "{}", a.name);
    }
    for extra in [&[][..], &["--tag"]] {
        let gnu: Vec<&str> = ["-l", "0"]
            .into_iter()
            .chain(extra.iter().copied())
            .chain(["f"])
            .collect();
        let ours: Vec<&str> = ["-a", "blake2b"]
            .into_iter()
            .chain(gnu.iter().copied())
            .collect();
        assert_eq!(k(&d, &ours).all(), (s(&d.tool("b2sum", &gnu)), "", 0));
    }
}

/// `khsum list` and the length errors state what the legacy sums and CRCs produce: a
/// 4-byte CRC or a 2-byte sum beside the size or block count (their `--raw` output), not
/// the 12 bytes khsum holds them in.
#[test]
fn the_legacy_sums_sizes_are_stated_truly() {
    let d = Dir::new();
    d.create("f", "hello\n");
    let r = k(&d, &["list"]);
    assert_eq!((r.err.as_str(), r.code), ("", 0));
    let text = s(&r.out);
    let header = text.lines().next().unwrap();
    let (from, to) = (
        header.find("OUTPUT").unwrap(),
        header.find("BACKEND").unwrap(),
    );
    let output = |name: &str| -> String {
        let row = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap();
        row[from..to].trim_end().to_string()
    };
    for (name, want) in [
        ("crc", "4 bytes+size"),
        ("crc32b", "4 bytes+size"),
        ("sysv", "2 bytes+blocks"),
        ("bsd", "2 bytes+blocks"),
        ("crc32", "4 bytes"),
        ("sha256", "32 bytes"),
    ] {
        assert_eq!(output(name), want, "{name}");
    }
    assert!(!text.contains("12 bytes"), "{text}");
    assert!(
        text.contains(
            "\n-a sha2 -l BITS: sha224, sha256, sha384 or sha512 (224, 256, 384 or 512 bits), as GNU cksum -a sha2\n"
        ),
        "{text}"
    );
    for (alg, raw) in [("crc", 4), ("crc32b", 4), ("sysv", 2), ("bsd", 2)] {
        assert_eq!(k(&d, &["-a", alg, "--raw", "f"]).out.len(), raw, "{alg}");
    }
    for (alg, bits, count) in [
        ("crc", 32, "size"),
        ("crc32b", 32, "size"),
        ("sysv", 16, "blocks"),
        ("bsd", 16, "blocks"),
    ] {
        let want = format!(
            "khsum: invalid length: '96'\nkhsum: {alg} prints a {bits}-bit checksum and the {count}: --length does not apply\n"
        );
        assert_eq!(
            k(&d, &["-a", alg, "-l", "96", "f"]).all(),
            (String::new(), &*want, 2)
        );
    }
}

/// b3sum's `--seek N`: the extendable output from byte N on, exactly as the blake3 crate's
/// `OutputReader::set_position` gives it (b3sum's own code path), in every output form, in
/// keyed and key-derivation modes, and when checking.
#[test]
fn seek_is_b3sums() {
    let d = Dir::new();
    let data: Vec<u8> = (0..5000u32).map(|i| (i % 251) as u8).collect();
    d.create("f", &data);
    let key = [7u8; 32];
    d.create("k", key);
    let xof = |h: &blake3::Hasher, seek: u64, len: usize| {
        let mut out = vec![0u8; len];
        let mut r = h.finalize_xof();
        r.set_position(seek);
        r.fill(&mut out);
        out
    };
    let plain = {
        let mut h = blake3::Hasher::new();
        h.update(&data);
        h
    };
    let keyed = {
        let mut h = blake3::Hasher::new_keyed(&key);
        h.update(&data);
        h
    };
    let derived = {
        let mut h = blake3::Hasher::new_derive_key("khsum seek test");
        h.update(&data);
        h
    };
    for seek in [0u64, 1, 31, 63, 64, 65, 1000, 1 << 40, u64::MAX - 200] {
        let n = seek.to_string();
        for len in [1usize, 32, 100] {
            let l = len.to_string();
            let hex = hex::encode(xof(&plain, seek, len));
            assert_eq!(
                k(&d, &["--seek", &n, "-l", &l, "f"]).all(),
                (format!("{hex}  f\n"), "", 0),
                "--seek {seek} -l {len}"
            );
            let r = k(&d, &["--seek", &n, "-l", &l, "--raw", "f"]);
            assert_eq!(
                (r.out, r.err.as_str(), r.code),
                (xof(&plain, seek, len), "", 0)
            );
        }
        let hex = hex::encode(xof(&plain, seek, 32));
        assert_eq!(
            k(&d, &["--tag", "--seek", &n, "f"]).all(),
            (format!("BLAKE3 (f) = {hex}\n"), "", 0)
        );
        d.create("L", format!("{hex}  f\n"));
        assert_eq!(
            k(&d, &["-c", "--seek", &n, "L"]).all(),
            ("f: OK\n".into(), "", 0)
        );
        let r = run(khsum(d.path())
            .args(["--keyed", "--seek", &n, "f"])
            .write_stdin(key.to_vec()));
        assert_eq!(
            r.all(),
            (
                format!("{}  f\n", hex::encode(xof(&keyed, seek, 32))),
                "",
                0
            )
        );
        assert_eq!(
            k(
                &d,
                &["tag", "-a", "blake3", "--key-file", "k", "--seek", &n, "f"]
            )
            .all(),
            (
                format!(
                    "BLAKE3-KEYED (f) = {}\n",
                    hex::encode(xof(&keyed, seek, 32))
                ),
                "",
                0
            )
        );
        assert_eq!(
            k(&d, &["--derive-key", "khsum seek test", "--seek", &n, "f"]).all(),
            (
                format!("{}  f\n", hex::encode(xof(&derived, seek, 32))),
                "",
                0
            )
        );
    }
    assert_eq!(
        k(&d, &["-a", "sha256", "--seek", "1", "f"]).all(),
        (
            String::new(),
            "khsum: sha256 has no extendable output to seek in (--seek is for blake3)\n",
            2
        )
    );
}
