//! Checksum-list grammar and list reading: bounded lines and names (see `bounded_lines`);
//! never panics on any line, whichever way the list is read (with
//! `-a`, by label, by the list's name, as a legacy `cksum`/`sum` list); every line
//! khsum writes (any algorithm, any output length it allows, tagged or untagged, hex or
//! base64, GNU's binary marker, legacy numbers) parses back to the same algorithm, digest
//! and name; and checking any list (detection, candidates and retries included) never
//! panics and never says OK without a match computed here again (see `detection`).
#![no_main]

use khsum::lists::checkfile::{Encoding, Line, LineFormat, ListParser, UNTAGGED_XOF_MIN, format_line};
use khsum::testutil::TestRng;
use khsum::{Algorithm, LineStyle, OutputRule};
use libfuzzer_sys::fuzz_target;

/// Bounded reading of list lines and `--files-from`/`--files0-from` names (issue 24): for
/// a small limit, every line comes back whole with its separator and within the limit,
/// the lines put together are the input up to the first line past the limit, and that
/// one is `TooLong`; the name lists end at such a line or at an empty NUL-separated name.
fn bounded_lines(data: &[u8]) {
    use khsum::files::inputs::{Input, NameList, read_until_bounded};
    use khsum::files::keyfile::ReadError;
    let max = 1 + usize::from(data.first().copied().unwrap_or(0)) % 64;
    for sep in [b'\n', b'\0'] {
        let mut r = std::io::BufReader::with_capacity(7, data);
        let mut seen = Vec::new();
        loop {
            let mut line = Vec::new();
            match read_until_bounded(&mut r, sep, max, &mut line) {
                Ok(0) => {
                    assert_eq!(seen, data);
                    break;
                }
                Ok(n) => {
                    assert_eq!(n, line.len());
                    assert!(n <= max);
                    let body = line.strip_suffix(&[sep]).unwrap_or(&line);
                    assert!(!body.contains(&sep));
                    seen.extend_from_slice(&line);
                }
                Err(ReadError::TooLong(m)) => {
                    assert_eq!(m, max);
                    let rest = &data[seen.len()..];
                    let end = rest.iter().position(|&c| c == sep).map_or(rest.len(), |i| i + 1);
                    assert!(end > max);
                    break;
                }
                Err(e) => panic!("{e:?}"),
            }
        }
        let list = NameList {
            name: b"L".to_vec(),
            reader: Box::new(std::io::Cursor::new(data.to_vec())),
            separator: sep,
        };
        let mut ended = false;
        for input in list.into_inputs() {
            assert!(!ended, "nothing after a list error");
            match input {
                Input::Path(p) => assert!(!p.as_os_str().is_empty()),
                Input::ListError(name, _) => {
                    assert_eq!(name, b"L");
                    ended = true;
                }
                other => panic!("{other:?}"),
            }
        }
    }
}

/// Files the fuzzed lists may name (`a`, `b`, `c`, `d`), in a directory made the working
/// directory once: empty, short, and larger than a read.
fn files() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let dir = std::env::temp_dir().join(format!("khsum-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, len) in [("a", 0), ("b", 6), ("c", 1000), ("d", 70_000)] {
            std::fs::write(dir.join(name), TestRng::new(len as u64).bytes(len)).unwrap();
        }
        std::env::set_current_dir(&dir).unwrap();
    });
}

/// The data as a list checked without `-a` (under a neutral name and one that names an
/// algorithm): no panic, and every OK line's file gives its listed digest under the
/// algorithm it was OK as, hashed here again.
fn detection(data: &[u8]) {
    use khsum::lists::verify::{Item, ListCheck, ListOptions, Outcome, Prototypes, Tally};
    files();
    let no_key = |_: &'static Algorithm| Ok(None);
    for name in [&b"list"[..], b"SUMS.md5", b"B3SUMS"] {
        let mut protos = Prototypes::new(&no_key, false, khsum::Params::default(), None);
        let opts = ListOptions {
            forced: None,
            family: None,
            length: None,
            mmap: khsum::files::io::Mmap::Auto,
        };
        let mut items = ListCheck::new(data, name, &mut protos, opts);
        let mut tally = Tally::default();
        for item in items.by_ref() {
            let Item::Check(job) = item else { continue };
            // Only the files here (or none): never standard input, `/dev/zero` and such.
            if job.entry.name == b"-" || job.entry.name.contains(&b'/') {
                continue;
            }
            let c = job.run(khsum::files::io::Mmap::Auto);
            if tally.add(&c, false) == Outcome::Ok {
                let alg = c.entry.algorithm;
                let params = khsum::Params {
                    out_len: Some(c.entry.digest.len())
                        .filter(|_| !matches!(alg.output, OutputRule::Fixed(_))),
                    ..khsum::Params::default()
                };
                let h = alg.hasher(None, &params).unwrap();
                let path = khsum::files::names::bytes_to_path(&c.entry.name);
                let read = alg.read_hint(None, &params);
                let again = khsum::files::io::hash_path(&path, &*h, read).unwrap();
                assert_eq!(&*again, &c.entry.digest[..], "{alg:?} {:?}", c.entry.name);
            }
        }
        let _ = items.finish(&tally);
    }
}

fuzz_target!(|data: &[u8]| {
    bounded_lines(data);
    detection(data);
    // 1. Arbitrary lines, read every way a list is read.
    let lookup = |n| Algorithm::lookup(n).ok();
    let parsers = [
        ListParser::new(None, None),
        ListParser::new(lookup("sha256"), None),
        ListParser::new(lookup("blake2b"), None),
        ListParser::new(lookup("crc"), None),
        ListParser::new(lookup("bsd"), None),
        ListParser::for_list(None, None, b"SHA256SUMS.asc"),
        ListParser::for_list(None, None, b"B2SUMS"),
        ListParser::for_list(None, None, b"files.xxh3"),
    ];
    for mut p in parsers {
        for line in data.split(|&c| c == b'\n') {
            let _ = p.parse(line);
        }
    }
    // 2. Round trip: the first two bytes pick algorithm, format and length, the rest is
    //    the name.
    let [sel, len_sel, name @ ..] = data else {
        return;
    };
    if name.is_empty() || name.contains(&0) {
        return;
    }
    let algs = Algorithm::all();
    let alg = &algs[usize::from(*sel) % algs.len()];
    let legacy = alg.line != LineStyle::Hex;
    // Legacy lines carry names as they are (GNU's cksum and sum do not escape them).
    if legacy && name.iter().any(|&c| c == b'\n' || c == b'\r') {
        return;
    }
    // Any length the algorithm allows: a tagged line's label carries it; an untagged
    // line of a range (b2sum) gives it by the digest's own length.
    let len = match alg.output {
        OutputRule::Fixed(n) => n,
        OutputRule::Range { min, max, .. } => min + usize::from(*len_sel) % (max - min + 1),
        OutputRule::Xof { default } => 1 + (default + usize::from(*len_sel)) % 128,
    };
    let tag = sel & 0x80 != 0;
    let digest = TestRng::new(u64::from(*sel) << 8 | u64::from(*len_sel)).bytes(len);
    let f = LineFormat {
        tag,
        binary: sel & 0x40 != 0,
        encoding: if sel & 0x20 != 0 {
            Encoding::Base64
        } else {
            Encoding::Hex
        },
        ..LineFormat::default()
    };
    let mut out = Vec::new();
    format_line(&mut out, alg, &digest, name, f);
    // Untagged lines are read with -a, as a list of them must be; with --length too for
    // a short extendable output (BLAKE3 under UNTAGGED_XOF_MIN bytes), and for base64 of
    // an extendable output or a range (b2sum), whose length the digest's own does not give
    // unambiguously (a base64 field may be all hex digits). Tagged lines by their label
    // alone.
    let length = match alg.output {
        OutputRule::Xof { .. } if len >= UNTAGGED_XOF_MIN && f.encoding == Encoding::Hex => None,
        OutputRule::Xof { .. } => Some(len),
        OutputRule::Range { .. } if f.encoding == Encoding::Base64 => Some(len),
        _ => None,
    };
    let mut p = if tag && !legacy {
        ListParser::new(None, None)
    } else {
        ListParser::new(Some(alg), length)
    };
    match p.parse(&out) {
        Line::Entry(e) => {
            assert_eq!(e.algorithm.name, alg.name);
            assert_eq!(e.digest, digest);
            assert_eq!(e.name, name, "line {:?}", String::from_utf8_lossy(&out));
        }
        other => panic!(
            "line {:?} parsed as {other:?}",
            String::from_utf8_lossy(&out)
        ),
    }
});
