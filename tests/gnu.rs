//! Current GNU coreutils (9.2–9.11) and b3sum behaviour (issue 25), each with its exact
//! stdout, stderr and exit status: standard streams closed by the parent.

use crate::util::{Dir, Run};
use std::fs;

fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(data))
}

/// khsum started by `sh -c SCRIPT`, where the script runs `"$@"` (khsum and its arguments,
/// through the target's runner like every CLI test) with redirections as a shell makes
/// them: `<&-` and `>&-` start khsum with the descriptor really closed (not on
/// /dev/null), `<>/dev/null` with it open read-write on /dev/null (as Python's
/// `subprocess.DEVNULL` passes it). `LINE` is in the script's environment.
#[cfg(unix)]
fn sh(d: &Dir, script: &str, line: &str, args: &[&str]) -> Run {
    let khsum = crate::util::khsum_std();
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg("sh")
        .arg(khsum.get_program())
        .args(khsum.get_args())
        .args(args)
        .current_dir(d.path())
        .env_remove("KHSUM_KEY")
        .env("LINE", line)
        .output()
        .unwrap();
    Run {
        out: o.stdout,
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
        code: o.status.code().unwrap_or(-1),
    }
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
        &["--tag", "-a", "sha256", "f"],
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
