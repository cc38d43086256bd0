//! Hashing through the CLI (`khsum [hash] [OPTIONS] FILE...`): exact stdout bytes, stderr
//! lines and exit statuses, as b3sum and GNU sha256sum/b2sum print them; `list`,
//! `selftest` and `bench`. Expected digests come from independent crates (blake3, sha2),
//! never from khsum itself.

use crate::util::*;
use std::fs;
use tempfile::TempDir;

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
        "khsum: invalid length: '16'\nkhsum: sha256 has one output length, 256 bits (--length takes 0 or that)\n"
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
    // An unknown algorithm points to `khsum list`, not to a wall of every value, before
    // any input is read (tests/messages.rs has the near names).
    let r = run(khsum(d.path()).args(["-a", "nope", "a"]));
    assert_eq!(
        r.all(),
        (
            String::new(),
            "error: invalid value 'nope' for '--algorithm <NAME>'\n\n  tip: 'nope' is not supported; 'khsum list' names the algorithms khsum supports\n\nFor more information, try '--help'.\n",
            2
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
    mkfifo(&fifo);
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
    let mut child = spawn(d.path(), (0..3000).map(|i| format!("f{i}")));
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
    let summary = khsum::tools::kat::run_all();
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
            "sha512",
            "-a",
            "siphash-2-4",
            "--sizes",
            "64,1K",
            "--json",
            "--all-backends",
            "--plot",
        ])
        .arg(&svg));
    assert_eq!(r.code, 0, "{}", r.err);
    let v: serde_json::Value = serde_json::from_slice(&r.out).unwrap();
    let arr = v.as_array().unwrap();
    // SHA-512 has two single-stream backends on x86-64 and its multi-buffer kernels: one
    // row per backend and kernel at each size, never one per size and backend pair.
    let series: Vec<(String, String)> = ["sha512", "siphash-2-4"]
        .iter()
        .flat_map(|n| {
            let a = khsum::Algorithm::lookup(n).unwrap();
            let kernels: Vec<String> = (khsum::Algorithm::lookup(n).unwrap().read.lanes)
                .map(|k| {
                    khsum::alg::lanes::available_backends()
                        .into_iter()
                        .map(|b| khsum::alg::lanes::label(k, b))
                        .collect()
                })
                .unwrap_or_default();
            a.available_backends()
                .into_iter()
                .map(|b| b.name().to_string())
                .chain(kernels)
                .map(move |b| (a.name.to_string(), b))
        })
        .collect();
    assert_eq!(arr.len(), series.len() * 2);
    for o in arr {
        for k in [
            "algorithm",
            "backend",
            "keyed",
            "bytes",
            "cycles_per_byte",
            "gb_per_s",
        ] {
            assert!(o.get(k).is_some(), "{k} missing in {o}");
        }
        // The MAC keyed, the hash not.
        assert_eq!(
            o["keyed"].as_bool(),
            Some(o["algorithm"] == "siphash-2-4"),
            "{o}"
        );
        assert!(o["gb_per_s"].as_f64().unwrap() > 0.0);
        assert!([64, 1024].contains(&o["bytes"].as_u64().unwrap()));
        if cfg!(target_arch = "x86_64") {
            assert!(o["cycles_per_byte"].as_f64().unwrap() > 0.0);
        }
    }
    // The plot with --all-backends: one line per algorithm × backend; a legend entry per
    // algorithm and per backend; the CPU and today's date in the title.
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
    let cpu = khsum::tools::measure::cpu_info(std::time::Duration::from_millis(1)).model;
    let today = khsum::tools::measure::today_utc();
    assert!(
        texts.iter().any(|t| t.contains(&cpu) && t.contains(&today)),
        "title lacks {cpu} or {today}"
    );
    // x ticks at exactly the measured sizes.
    for size in ["64 B", "1 KiB"] {
        assert!(texts.iter().any(|t| t == size), "no tick {size}");
    }
    // With -a, just those algorithms: a panel for each one's class (sha256 a hash,
    // siphash-2-4 a MAC) and no other; every text inside the image.
    for a in khsum::Algorithm::all() {
        let named = texts.iter().any(|t| t == a.name);
        assert_eq!(named, series.iter().any(|(n, _)| n == a.name), "{}", a.name);
    }
    assert!(texts.iter().any(|t| t == "cryptographic hashes"));
    assert!(texts.iter().any(|t| t == "keyed MACs"));
    assert!(!texts.iter().any(|t| t.starts_with("checksums")));
    assert!(texts.iter().any(|t| t == "GB/s at 1 KiB, best backend"));
    let root = doc.root_element();
    let (w, h): (f64, f64) = (
        root.attribute("width").unwrap().parse().unwrap(),
        root.attribute("height").unwrap().parse().unwrap(),
    );
    for n in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let x: f64 = n.attribute("x").unwrap().parse().unwrap();
        let y: f64 = n.attribute("y").unwrap().parse().unwrap();
        assert!(
            x < w && y < h,
            "{:?} at ({x}, {y}) outside {w}×{h}",
            n.text()
        );
    }

    let r =
        run(khsum(d.path()).args(["bench", "--quick", "-a", "sha256", "--sizes", "64", "--csv"]));
    assert_eq!(r.code, 0);
    let text = s(&r.out);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("algorithm,backend,keyed,bytes,threads,cycles_per_byte,gb_per_s,spread,samples,noisy")
    );
    assert!(lines.next().unwrap().starts_with("sha256,auto,false,64,1,"));
    // Then its multi-buffer kernels, one row each.
    for b in khsum::alg::lanes::available_backends() {
        let label = khsum::alg::lanes::label(khsum::alg::lanes::Kind::Sha256, b);
        assert!(
            lines
                .next()
                .unwrap()
                .starts_with(&format!("sha256,{label},false,64,1,"))
        );
    }
    assert_eq!(lines.next(), None);

    let r = run(khsum(d.path()).args(["bench", "--backend", "nope"]));
    assert_eq!((r.code, r.out.len()), (2, 0));
    let r = run(khsum(d.path()).args(["bench", "--sizes", "0"]));
    assert_eq!((r.code, r.out.len()), (2, 0));
}

/// A file past 4 GiB (offsets and lengths beyond 32 bits through the mapping and the
/// reads). Natively only: under QEMU (`.ci/run`'s aarch64 leg) hashing 4 GiB through
/// emulated NEON took about 90 s of the leg, for code the same on every 64-bit target.
#[test]
fn sparse_file_larger_than_4_gib() {
    if emulated() {
        eprintln!("sparse_file_larger_than_4_gib: not run under the target's runner (an emulator)");
        return;
    }
    let d = TempDir::new().unwrap();
    let len: u64 = (4 << 30) + 12345;
    let f = fs::File::create(d.path().join("sparse")).unwrap();
    f.set_len(len).unwrap();
    drop(f);
    // b3sum 1.8 on `truncate -s $(((4 << 30) + 12345)) sparse`, the reference's digest.
    const SPARSE: &str = "0d0aac14b8ef2891bdd2308e41ef7436c4aec8e0e9b27a057a17d174b0da51a8";
    let r = run(khsum(d.path()).arg("sparse"));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(s(&r.out), format!("{SPARSE}  sparse\n"));
}

/// A long run of names after the options (what a shell glob gives; khsum parses such a
/// run outside clap, `args::parse`) hashes every name in order, exactly as the same names
/// read from a list, for the default command, `-c` and `check`, with a missing name among
/// them and options between the names.
#[test]
fn long_runs_of_names_on_the_command_line() {
    let d = TempDir::new().unwrap();
    let names: Vec<String> = (0..600).map(|i| format!("f{i:03}")).collect();
    for (i, n) in names.iter().enumerate() {
        if i != 444 {
            fs::write(d.path().join(n), format!("{i}\n")).unwrap();
        }
    }
    fs::write(d.path().join("list"), names.join("\n") + "\n").unwrap();
    let listed = run(khsum(d.path()).args(["-a", "md5", "--files-from", "list"]));
    assert_eq!(
        (listed.err.as_str(), listed.code),
        ("khsum: f444: No such file or directory\n", 1)
    );
    assert_eq!(s(&listed.out).lines().count(), 599);
    // md5("0\n"), the first file's content.
    assert!(s(&listed.out).starts_with("897316929176464ebc9ad085f31e7284  f000\n"));
    let args = run(khsum(d.path()).args(["-a", "md5"]).args(&names));
    assert_eq!(
        (s(&args.out), args.err, args.code),
        (s(&listed.out), listed.err.clone(), 1)
    );
    // Options between the names: those before the run still apply, and -j1's order is
    // the same.
    let mixed = run(khsum(d.path())
        .arg("f000")
        .args(["-a", "md5", "-j1"])
        .args(&names[1..]));
    assert_eq!(
        (s(&mixed.out), mixed.err, mixed.code),
        (s(&listed.out), listed.err.clone(), 1)
    );
    // Lists checked back through -c and check, a list of ten lines named 300 times.
    let ten: String = s(&listed.out)
        .lines()
        .take(10)
        .map(|l| format!("{l}\n"))
        .collect();
    fs::write(d.path().join("sums"), ten).unwrap();
    let lists = vec!["sums"; 300];
    for cmd in [&["-c", "-a", "md5"][..], &["check", "-a", "md5"][..]] {
        let r = run(khsum(d.path()).args(cmd).args(&lists));
        let want = (0..10)
            .map(|i| format!("f{i:03}: OK\n"))
            .collect::<String>()
            .repeat(300);
        assert_eq!(
            (s(&r.out), r.err.as_str(), r.code),
            (want, "", 0),
            "{cmd:?}"
        );
    }
}

#[test]
fn double_dash_ends_options() {
    let d = tree();
    fs::write(d.path().join("-a"), b"dash").unwrap();
    let r = run(khsum(d.path()).args(["--", "-a"]));
    assert_eq!((s(&r.out), r.code), (format!("{}  -a\n", b3(b"dash")), 0));
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

#[test]
fn blake2b_length_is_in_bits_like_b2sum() {
    let d = files();
    // GNU cksum 9.8+'s words (`-l 0` is the default length: tests/interop.rs).
    for (bad, why) in [
        ("7", "length is not a multiple of 8"),
        ("520", "maximum digest length for 'BLAKE2b' is 512 bits"),
    ] {
        let (out, err, code) = khsum_in(d.path(), &["-a", "blake2b", "-l", bad, "a"]);
        assert_eq!((code, out.len()), (2, 0), "-l {bad}");
        assert_eq!(
            err,
            format!("khsum: invalid length: '{bad}'\nkhsum: {why}\n")
        );
    }
}

/// With a length, tags carry it (`BLAKE3-512`, as b2sum writes `BLAKE2b-256`), so any
/// tagged khsum output checks with plain `khsum -c`.
#[test]
fn tags_carry_the_length() {
    let d = files();
    let (out, err, code) = khsum_in(d.path(), &["-l", "64", "--tag", "a"]);
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
    let (out, err, code) = khsum_in(d.path(), &["-c", "T"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(String::from_utf8_lossy(&out), "a: OK\n");
    let (out, _, code) = khsum_in(d.path(), &["-a", "blake2b", "-l", "128", "--tag", "a"]);
    assert_eq!(code, 0);
    assert!(String::from_utf8_lossy(&out).starts_with("BLAKE2b-128 (a) = "));
    fs::write(d.path().join("T"), &out).unwrap();
    let (out, _, code) = khsum_in(d.path(), &["-c", "T"]);
    assert_eq!(
        (code, String::from_utf8_lossy(&out).as_ref()),
        (0, "a: OK\n")
    );
}

/// `--base64` digests (cksum 9.2+) are written and read; a base64 digest of the wrong
/// length is an improperly formatted line. `--raw` writes the one input's digest bytes.
#[test]
fn base64_and_raw_digests() {
    use base64::Engine;
    use sha2::Digest;
    let d = files();
    let want = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(b"hello\n"));
    let (out, err, code) = khsum_in(d.path(), &["-a", "sha256", "--base64", "a"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(String::from_utf8_lossy(&out), format!("{want}  a\n"));
    let (out, _, _) = khsum_in(d.path(), &["-a", "sha256", "--base64", "--tag", "a"]);
    assert_eq!(
        String::from_utf8_lossy(&out),
        format!("SHA256 (a) = {want}\n")
    );
    fs::write(d.path().join("L"), &out).unwrap();
    let (out, err, code) = khsum_in(d.path(), &["-c", "L"]);
    assert_eq!(
        (code, err.as_str(), String::from_utf8_lossy(&out).as_ref()),
        (0, "", "a: OK\n")
    );
    fs::write(d.path().join("L"), format!("{want}  a\n")).unwrap();
    let (out, _, code) = khsum_in(d.path(), &["-a", "sha256", "-c", "L"]);
    assert_eq!(
        (code, String::from_utf8_lossy(&out).as_ref()),
        (0, "a: OK\n")
    );
    // One character short: not a digest of SHA-256's length in either encoding.
    fs::write(d.path().join("L"), format!("SHA256 (a) = {}\n", &want[1..])).unwrap();
    let (out, err, code) = khsum_in(d.path(), &["-c", "L"]);
    assert_eq!((code, out.len()), (1, 0));
    assert_eq!(
        err,
        "khsum: L: no properly formatted checksum lines found\n"
    );

    let (out, err, code) = khsum_in(d.path(), &["-a", "sha256", "--raw", "a"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, sha2::Sha256::digest(b"hello\n").to_vec());
    let (out, err, code) = khsum_in(d.path(), &["--raw", "a", "big"]);
    assert_eq!((code, out.len()), (2, 0));
    assert_eq!(
        err,
        "khsum: --raw writes one digest: give one input and one algorithm (and no -r)\n"
    );
}

/// Names in messages are quoted as GNU 9.1 quotes them for the locale: in the `C` locale
/// (or any without UTF-8) every byte outside ASCII is an octal escape; in a UTF-8 locale
/// the name is printed as it is. Compared with `sha256sum` on the same names (control
/// characters, bytes that are not UTF-8, quotes).
#[cfg(unix)]
#[test]
fn message_quoting_follows_the_locale() {
    use std::os::unix::ffi::OsStrExt;
    let d = Dir::new();
    let names: [&[u8]; 9] = [
        "file_\u{c3}".as_bytes(),
        "\u{e9} b".as_bytes(),
        b"\xff",
        b"\nx",
        b"a\tb",
        b"\xe2\x82x",
        b"x'\n\xff",
        b"a'b\n",
        b"\n'",
    ];
    for name in names {
        let name = std::ffi::OsStr::from_bytes(name);
        for locale in ["C", "POSIX", "C.UTF-8"] {
            let r = d
                .command()
                .env("LC_ALL", locale)
                .args([std::ffi::OsStr::new("-a"), "sha256".as_ref(), name])
                .run();
            let gnu = std::process::Command::new("sha256sum")
                .current_dir(d.path())
                .env("LC_ALL", locale)
                .arg(name)
                .output()
                .unwrap();
            let want = String::from_utf8_lossy(&gnu.stderr).replacen("sha256sum:", "khsum:", 1);
            assert_eq!(
                (r.err.as_str(), r.code),
                (want.as_ref(), 1),
                "{name:?} {locale}"
            );
        }
    }
    let r = d.command().env("LC_ALL", "C").args(["file_\u{c3}"]).run();
    assert_eq!(
        r.err,
        "khsum: 'file_'$'\\303\\203': No such file or directory\n"
    );
}
