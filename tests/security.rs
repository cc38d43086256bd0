//! Issue 24: hostile inputs, generated here, against the `khsum` binary — exact stdout,
//! stderr and exit status. Key files that never end or change while they are used,
//! lists and names that never end, names built to be slow to quote, `--update` in a
//! directory others can write, panics in workers, links out of a walked tree, and
//! signals that are not faults.

#[cfg(unix)]
use crate::cli::khsum_std;
use crate::cli::{khsum, run, s};
use std::fs;
use std::path::Path;
use tempfile::TempDir;

/// A FIFO at `path` (mode 0600).
#[cfg(unix)]
fn mkfifo(path: &Path) {
    rustix::fs::mknodat(
        rustix::fs::CWD,
        path,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
}

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
        let child = khsum_std()
            .current_dir(p)
            .args(["tag", "-j1", "-a", "multimixer-128", "--key-file", "key"])
            .args(["first", "fifo"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
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
                format!("{}  first\n", multimixer(&key, &msg)),
                "khsum: fifo: key file changed while being read\n".to_string(),
                Some(1)
            ),
            "{change}"
        );
    }
}
