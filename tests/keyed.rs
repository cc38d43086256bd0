//! Keyed tags (MACs) through the CLI: what `check` may and may not reveal.

use crate::cli::{khsum, run, s};
use khsum::{Algorithm, KeyRule};
use std::fs;

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

/// `check --json` is not a tag oracle (issue 24, item 1): for every keyed algorithm, a
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
            let rec = format!(
                "{{\"name\":\"evil\",\"size\":64,\"algorithm\":\"{name}\",\"digest\":\"{value}\",\"expected\":\"{value}\",\"status\":\"ok\",\"error\":null}}\n"
            );
            assert!(s(&r.out).starts_with(&rec), "{name}: {}", s(&r.out));
            // The forged line: FAILED, and the valid tag appears nowhere.
            let zeros = "0".repeat(value.len());
            let forged = list.replace(&value, &zeros);
            fs::write(d.path().join("L"), &forged).unwrap();
            let r = run(khsum(d.path()).args(&args));
            assert_eq!(r.code, 1, "{name} {forced:?}: {}", r.err);
            let want = format!(
                "{{\"name\":\"evil\",\"size\":64,\"algorithm\":\"{name}\",\"digest\":null,\"expected\":\"{zeros}\",\"status\":\"failed\",\"error\":null}}\n\
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
            "{{\"name\":\"material\",\"size\":16,\"algorithm\":\"blake3\",\"digest\":null,\"expected\":\"{zeros}\",\"status\":\"failed\",\"error\":null}}"
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
