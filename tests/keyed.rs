//! Keyed tags (MACs) through the CLI: `khsum tag`, keys from files, the environment and
//! standard input (b3sum's `--keyed`), key errors, `--derive-key`, keyed lists, and what
//! `check` may and may not reveal.

use crate::util::*;
use khsum::{Algorithm, KeyRule};
use std::fs;
use std::path::Path;
use tempfile::TempDir;

/// A key file for `alg` (every key rule: fixed, any length, as long as the message).
fn key_bytes(alg: &Algorithm, msg_len: usize) -> Vec<u8> {
    let len = match alg.key {
        KeyRule::None => unreachable!("unkeyed"),
        KeyRule::Fixed(n) => n,
        KeyRule::Any => 37,
        KeyRule::SameAsMessage => msg_len,
    };
    (0..len).map(|i| (i * 7 + 3) as u8).collect()
}

/// `check --json` is not a tag oracle: for every keyed algorithm, a
/// FAILED record of a line someone forged carries `"digest":null`, never the valid tag
/// for the message they chose; an OK record shows only the value the list already holds.
/// Tagged lines (the algorithm from the label) and `-a` with untagged lines alike.
#[test]
fn check_json_never_reveals_a_tag_that_did_not_match() {
    let d = tempfile::TempDir::new().unwrap();
    let msg: Vec<u8> = (0..64u8).map(|i| i.wrapping_mul(29)).collect();
    fs::write(d.path().join("evil"), &msg).unwrap();
    let keyed: Vec<&Algorithm> = Algorithm::all()
        .iter()
        .filter(|a| a.key != KeyRule::None)
        .collect();
    assert!(keyed.len() >= 10, "{keyed:?}");
    for alg in keyed {
        fs::write(d.path().join("k"), key_bytes(alg, msg.len())).unwrap();
        let name = alg.name;
        let tag =
            run(khsum(d.path()).args(["tag", "-a", name, "--key-file", "k", "--tag", "evil"]));
        assert_eq!(tag.code, 0, "{name}: {}", tag.err);
        let line = s(&tag.out);
        let value = line.trim_end().rsplit_once(' ').unwrap().1.to_string();
        let untagged = format!("{value}  evil\n");
        for (list, forced) in [(line.clone(), None), (untagged, Some(name))] {
            let mut args = vec!["-c", "--json", "--key-file", "k"];
            if let Some(a) = forced {
                args.extend(["-a", a]);
            }
            args.push("L");
            // The genuine line: OK, and the digest is the listed one.
            fs::write(d.path().join("L"), &list).unwrap();
            let r = run(khsum(d.path()).args(&args));
            assert_eq!(r.code, 0, "{name} {forced:?}: {}", r.err);
            let chosen = if forced.is_some() { "option" } else { "label" };
            let rec = format!(
                "{{\"name\":\"evil\",\"size\":64,\"algorithm\":\"{name}\",\"chosen\":\"{chosen}\",\"line\":1,\"digest\":\"{value}\",\"expected\":\"{value}\",\"status\":\"ok\",\"error\":null}}\n"
            );
            assert!(s(&r.out).starts_with(&rec), "{name}: {}", s(&r.out));
            // The forged line: FAILED, and the valid tag appears nowhere.
            let zeros = "0".repeat(value.len());
            let forged = list.replace(&value, &zeros);
            fs::write(d.path().join("L"), &forged).unwrap();
            let r = run(khsum(d.path()).args(&args));
            assert_eq!(r.code, 1, "{name} {forced:?}: {}", r.err);
            let want = format!(
                "{{\"name\":\"evil\",\"size\":64,\"algorithm\":\"{name}\",\"chosen\":\"{chosen}\",\"line\":1,\"digest\":null,\"expected\":\"{zeros}\",\"status\":\"failed\",\"error\":null}}\n\
                 {{\"summary\":true,\"list\":\"L\",\"ok\":0,\"failed\":1,\"missing\":0,\"errors\":0,\"improper\":0,\"new\":0}}\n"
            );
            assert_eq!(s(&r.out), want, "{name} {forced:?}");
            assert!(!r.err.contains(&value), "{name}: {}", r.err);
        }
    }
}

/// `check --derive-key --json`: the listed files are key material, so a FAILED record
/// does not print the key derived from it; an unkeyed check still prints what it computed.
#[test]
fn check_json_never_reveals_a_derived_key_that_did_not_match() {
    let d = tempfile::TempDir::new().unwrap();
    fs::write(d.path().join("material"), b"secret material\n").unwrap();
    let ctx = "khsum tests 2026-11-26 oracle";
    let derived = blake3::derive_key(ctx, b"secret material\n");
    let zeros = "0".repeat(64);
    fs::write(d.path().join("L"), format!("{zeros}  material\n")).unwrap();
    let r = run(khsum(d.path()).args(["-c", "--json", "--derive-key", ctx, "L"]));
    assert_eq!(r.code, 1, "{}", r.err);
    assert_eq!(
        s(&r.out).lines().next().unwrap(),
        format!(
            "{{\"name\":\"material\",\"size\":16,\"algorithm\":\"blake3\",\"chosen\":\"option\",\"line\":1,\"digest\":null,\"expected\":\"{zeros}\",\"status\":\"failed\",\"error\":null}}"
        )
    );
    assert!(!s(&r.out).contains(&hex::encode(derived)));
    // Unkeyed: nothing secret, the computed digest stays (what sha256sum users script on).
    let r = run(khsum(d.path()).args(["-c", "--json", "-a", "blake3", "L"]));
    assert_eq!(r.code, 1, "{}", r.err);
    let plain = blake3::hash(b"secret material\n").to_hex().to_string();
    assert!(
        s(&r.out).contains(&format!("\"digest\":\"{plain}\"")),
        "{}",
        s(&r.out)
    );
}

/// b3sum's `--keyed`: exactly 32 raw key bytes on standard input; lines as b3sum writes
/// them (the blake3 crate's keyed hash), which check with `-c --keyed`. Any other count
/// is an error in b3sum's words ("key bytes"), exit 2, nothing hashed.
#[test]
fn keyed_reads_32_raw_bytes_from_standard_input_like_b3sum() {
    let d = crate::util::Dir::new();
    d.create("a", b"hello\n").create("b", b"bee");
    let key: [u8; 32] = std::array::from_fn(|i| (i * 5 + 1) as u8);
    let want = format!(
        "{}  a\n{}  b\n",
        blake3::keyed_hash(&key, b"hello\n").to_hex(),
        blake3::keyed_hash(&key, b"bee").to_hex()
    );
    let r = d
        .command()
        .args(["--keyed", "a", "b"])
        .stdin(key.to_vec())
        .run();
    assert_eq!(r.all(), (want.clone(), "", 0));
    d.create("L", &want);
    let r = d
        .command()
        .args(["-c", "--keyed", "L"])
        .stdin(key.to_vec())
        .run();
    assert_eq!(r.all(), ("a: OK\nb: OK\n".into(), "", 0));
    let mut other = key;
    other[0] ^= 1;
    let r = d
        .command()
        .args(["-c", "--keyed", "L"])
        .stdin(other.to_vec())
        .run();
    assert_eq!(r.code, 1);
    assert_eq!(s(&r.out), "a: FAILED\nb: FAILED\n");
    for (input, err) in [
        (
            &key[..31],
            "khsum: --keyed: expected 32 key bytes from standard input, found 31\n",
        ),
        (
            &[][..],
            "khsum: --keyed: expected 32 key bytes from standard input, found 0\n",
        ),
        (
            &[7u8; 33][..],
            "khsum: --keyed: read more than 32 key bytes from standard input\n",
        ),
    ] {
        let r = d
            .command()
            .args(["--keyed", "a"])
            .stdin(input.to_vec())
            .run();
        assert_eq!(r.all(), (String::new(), err, 2), "{} bytes", input.len());
    }
    let r = d.command().args(["--keyed"]).stdin(key.to_vec()).run();
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: standard input cannot hold both the key (--keyed) and data to hash\n",
            2
        )
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
        // `tag` writes labelled lines, keyed BLAKE3's saying so.
        let r = run(khsum(p).args(["tag", "-a", "blake3", "--key-file", kf, "a"]));
        assert_eq!(
            (s(&r.out), r.code),
            (format!("BLAKE3-KEYED (a) = {want}\n"), 0),
            "{}",
            r.err
        );
    }
    let r = run(khsum(p)
        .args(["tag", "--key-env", "KHSUM_KEY", "--tag", "a"])
        .env("KHSUM_KEY", hex::encode(&key)));
    assert_eq!(s(&r.out), format!("BLAKE3-KEYED (a) = {want}\n"));
    // --untagged: b3sum --keyed's plain lines.
    let r = run(khsum(p)
        .args(["tag", "--untagged", "--key-file", "-", "a"])
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
        format!(
            "HMAC-SHA256 (a) = {}\n",
            hex::encode(m.finalize().into_bytes())
        )
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
    let b = run(khsum(d.path()).args([
        "tag",
        "-a",
        "siphash-2-4",
        "--untagged",
        "--key-file",
        "zero16",
        "a",
    ]));
    // Said on stderr every time, not only on a terminal.
    assert_eq!(
        (a.err.as_str(), a.code),
        (
            "khsum: note: no key given: siphash-2-4 uses the all-zero key, so its output is a fingerprint, not a MAC (a key: --key-file or --key-env)\n",
            0
        )
    );
    assert_eq!((b.err.as_str(), b.code), ("", 0));
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
    assert_eq!(
        s(&r.out),
        format!("MULTIMIXER-128 (m) = {}\n", hex::encode(want))
    );
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

/// A line whose label names a MAC is never checked with the all-zero key: without a key
/// it is an error (exit 2, nothing checked); with one it checks.
#[test]
fn keyed_labels_need_a_key() {
    let d = files();
    fs::write(d.path().join("k"), [7u8; 16]).unwrap();
    let (tags, _, code) = khsum_in(
        d.path(),
        &["tag", "-a", "siphash-2-4", "--key-file", "k", "--tag", "a"],
    );
    assert_eq!(code, 0);
    fs::write(d.path().join("TAGS"), &tags).unwrap();
    let (out, err, code) = khsum_in(d.path(), &["-c", "TAGS"]);
    assert_eq!((code, out.len()), (2, 0));
    assert_eq!(
        err,
        "khsum: TAGS: 1: SIPHASH-2-4 lines need a key (--key-file or --key-env)\n"
    );
    let (out, err, code) = khsum_in(d.path(), &["-c", "--key-file", "k", "TAGS"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(String::from_utf8_lossy(&out), "a: OK\n");
    // An unkeyed hash's label is not affected; BLAKE3's unkeyed mode is the plain hash.
    let (sums, _, _) = khsum_in(d.path(), &["--tag", "a"]);
    fs::write(d.path().join("SUMS"), &sums).unwrap();
    let (out, _, code) = khsum_in(d.path(), &["-c", "SUMS"]);
    assert_eq!(
        (code, String::from_utf8_lossy(&out).as_ref()),
        (0, "a: OK\n")
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
    let (out, err, code) = khsum_in(d.path(), &["--derive-key", ctx, "a", "big"]);
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
    let (out, err, code) = khsum_in(d.path(), &["-c", "--derive-key", ctx, "KEYS"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(String::from_utf8_lossy(&out), "a: OK\nbig: OK\n");
    let (out, _, code) = khsum_in(d.path(), &["-c", "KEYS"]);
    assert_eq!(
        (code, String::from_utf8_lossy(&out).as_ref()),
        (1, "a: FAILED\nbig: FAILED\n")
    );
    let (out, _, code) = khsum_in(d.path(), &["--derive-key", ctx, "-l", "64", "a"]);
    assert_eq!(
        (code, String::from_utf8_lossy(&out).into_owned()),
        (0, format!("{}  a\n", hex::encode(want(b"hello\n", 64))))
    );

    // Key material from a key file (hex digits are decoded) or the environment.
    let material = [0x5au8; 48];
    fs::write(d.path().join("master"), hex::encode(material) + "\n").unwrap();
    let (out, err, code) = khsum_in(d.path(), &["--derive-key", ctx, "--key-file", "master"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        String::from_utf8_lossy(&out),
        format!("{}\n", hex::encode(want(&material, 32)))
    );
    let (out, _, code) = khsum_in(
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
        let (out, err, code) = khsum_in(d.path(), args);
        assert_eq!((code, out.len()), (2, 0), "{args:?}");
        assert_eq!(err, format!("khsum: {msg}\n"), "{args:?}");
    }
}

#[test]
fn hints_one_step_away() {
    let d = tree();
    let r = run(khsum(d.path()).args(["tag", "--key", "00112233", "a"]));
    assert_eq!(
        (r.out.len(), r.err.as_str(), r.code),
        (
            0,
            "khsum: --key: khsum takes keys from --key-file FILE (raw bytes or hex; '-' reads standard input), --key-env VAR (hex) or --keyed (32 raw bytes on standard input, as b3sum), never on the command line\n",
            2
        )
    );
}
