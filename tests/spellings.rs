//! Digest spellings (`--format`, `--expect`, spelled lines in `-c`), go.sum's `h1:`
//! (`--format go-h1`) and BagIt bags (`-c BAGDIR`): against vectors the reference tools
//! computed (`tests/data/spellings/make-vectors.sh`: OpenSSL, b3sum, Nix 2.8;
//! `tests/data/gomod/README.md`: Go's dirhash), and live against OpenSSL, `nix-hash` and
//! bagit-python, which `.ci/run` installs (a missing tool fails the test).

use crate::util::*;
use std::fs;

/// The inputs of `vectors.txt`.
fn inputs() -> Dir {
    let d = Dir::new();
    let pattern: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
    d.create("abc", b"abc")
        .create("empty", b"")
        .create("pattern", pattern);
    d
}

/// `(input, algorithm, format, text)` of `tests/data/spellings/vectors.txt`.
fn vectors() -> Vec<(String, String, String, String)> {
    let text = include_str!("data/spellings/vectors.txt");
    let v: Vec<_> = text
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!(f.len(), 4, "{l}");
            (f[0].into(), f[1].into(), f[2].into(), f[3].into())
        })
        .collect();
    assert_eq!(v.len(), 69);
    v
}

/// khsum writes each vector's spelling (the reference tools' text, byte for byte), reads
/// it back with `--expect` and with `-c` of the line it wrote.
#[test]
fn every_spelling_round_trips_against_the_reference_tools() {
    let d = inputs();
    for (input, alg, format, text) in vectors() {
        let r = d
            .command()
            .args(["-a", &alg, "--format", &format, &input])
            .run();
        let line = format!("{text}  {input}\n");
        assert_eq!(r.all(), (line.clone(), "", 0), "{alg} --format {format}");
        let r = d.command().args(["--expect", &text, &input]).run();
        let want = format!("{input}: OK\n");
        // Bare hex and base64 of MD5's and SHA-1's lengths are found by detection too.
        assert_eq!(r.all(), (want.clone(), "", 0), "--expect {text}");
        let r = checked(d.path(), line.as_bytes(), &[]);
        assert_eq!(r.all(), (want, "", 0), "-c {line}");
    }
}

/// The reference tools agree with khsum on files made here: SRI as the specification
/// computes it (`openssl dgst -binary | base64`), nix32 and Nix's SRI from Nix itself.
#[test]
fn live_reference_tools_agree() {
    let d = files();
    for name in NAMES {
        for alg in ["sha256", "sha384", "sha512"] {
            let b64 = d.tool(
                "sh",
                &[
                    "-c",
                    &format!("openssl dgst -{alg} -binary '{name}' | base64 -w0"),
                ],
            );
            let want = format!("{alg}-{}  {name}\n", s(&b64));
            let r = d.command().args(["-a", alg, "--format", "sri", name]).run();
            assert_eq!(r.all(), (want, "", 0), "{alg} {name}");
        }
        for alg in ["md5", "sha1", "sha256", "sha512"] {
            let nix32 = d.tool("nix-hash", &["--type", alg, "--flat", "--base32", name]);
            let want = format!("{alg}:{}  {name}\n", s(&nix32).trim_end());
            let r = d
                .command()
                .args(["-a", alg, "--format", "nix32", name])
                .run();
            assert_eq!(r.all(), (want, "", 0), "{alg} {name}");
            let sri = d.tool(
                "nix",
                &[
                    "--extra-experimental-features",
                    "nix-command",
                    "hash",
                    "file",
                    "--type",
                    alg,
                    name,
                ],
            );
            let r = d
                .command()
                .args(["--expect", s(&sri).trim_end(), name])
                .run();
            assert_eq!(r.all(), (format!("{name}: OK\n"), "", 0), "{alg} {name}");
        }
    }
}

/// Spellings that name no algorithm of the digest are refused, saying which they name;
/// a name stands for the default length only; `--tag` and `--json` do not combine.
#[test]
fn undefined_spellings_are_refused() {
    let d = inputs();
    for (args, err) in [
        (
            &["-a", "xxh3", "--format", "sri", "abc"][..],
            "khsum: --format sri is not defined for xxh3: it names sha256, sha512, sha384, md5 or sha1 only\n",
        ),
        (
            &["-a", "md5", "--format", "oci", "abc"],
            "khsum: --format oci is not defined for md5: it names blake3, sha256, sha512 or sha384 only\n",
        ),
        (
            &["--format", "nix32", "abc"],
            "khsum: --format nix32 is not defined for blake3: it names sha256, sha512, md5 or sha1 only\n",
        ),
        (
            &["-l", "64", "--format", "oci", "abc"],
            "khsum: --format oci names blake3 at its 256-bit length only, not 512 bits\n",
        ),
        (
            &["-a", "sha256", "--tag", "--format", "sri", "abc"],
            "khsum: --format sri names the algorithm in the digest: it does not combine with --tag\n",
        ),
        (
            &["-a", "sha256", "--json", "--format", "oci", "abc"],
            "khsum: --json records hold hex digests: --format oci does not apply\n",
        ),
        (
            &["-a", "sha256", "--base64", "--format", "sri", "abc"],
            "khsum: --base64 is --format base64: it does not combine with --format sri\n",
        ),
        (
            &["--prefix", "m@v1", "abc"],
            "khsum: --prefix names a Go module's files: it is for --format go-h1\n",
        ),
    ] {
        assert_eq!(
            d.command().args(args).run().all(),
            (String::new(), err, 2),
            "{args:?}"
        );
    }
    // --tag and base64 still combine; several algorithms in a naming spelling need no tag.
    let r = d
        .command()
        .args([
            "-a",
            "sha256,sha512",
            "--format",
            "oci",
            "--no-names",
            "abc",
        ])
        .run();
    let v = vectors();
    let find = |a: &str, f: &str| {
        v.iter()
            .find(|(i, x, y, _)| i == "abc" && x == a && y == f)
            .map(|t| t.3.clone())
            .unwrap()
    };
    let want = format!("{}\n{}\n", find("sha256", "oci"), find("sha512", "oci"));
    assert_eq!(r.all(), (want, "", 0));
    let r = d
        .command()
        .args(["-a", "sha256", "--tag", "--format", "base64", "abc"])
        .run();
    let want = format!("SHA256 (abc) = {}\n", find("sha256", "base64"));
    assert_eq!(r.all(), (want, "", 0));
}

/// `--expect`: a mismatch is FAILED (exit 1) with GNU's warning; `--status` prints
/// nothing; uppercase hex reads; SRI's strongest algorithm decides, and any of its tokens
/// may match; a malformed digest is a usage error naming the spellings.
#[test]
fn expect_verdicts_and_malformed_digests() {
    let d = inputs();
    let v = vectors();
    let find = |a: &str, f: &str| {
        v.iter()
            .find(|(i, x, y, _)| i == "abc" && x == a && y == f)
            .map(|t| t.3.clone())
            .unwrap()
    };
    let hex = find("sha256", "hex");
    let r = d
        .command()
        .args(["--expect", &hex.to_uppercase(), "abc"])
        .run();
    assert_eq!(r.all(), ("abc: OK\n".into(), "", 0));
    let r = d
        .command()
        .args(["--status", "--expect", &hex, "abc"])
        .run();
    assert_eq!(r.all(), (String::new(), "", 0));
    let wrong = find("sha256", "hex").replace('b', "c");
    let r = d.command().args(["--expect", &wrong, "abc"]).run();
    assert_eq!(
        r.all(),
        (
            "abc: FAILED\n".into(),
            "khsum: WARNING: 1 computed checksum did NOT match\nkhsum: hint: abc does not give the 64-hex-digit digest under sha256, blake3, blake2s, sha512-256, sha3-256, sm3 or blake2b: if another algorithm or a key made it, name it with -a or give the key\n",
            1
        )
    );
    let r = d
        .command()
        .args(["--status", "--expect", &wrong, "abc"])
        .run();
    assert_eq!(r.all(), (String::new(), "", 1));
    // Named: sha256:HEX of another file is FAILED under sha256 alone, no hint.
    let other = format!("sha256:{}", find("sha256", "hex").replace('a', "0"));
    let r = d.command().args(["--expect", &other, "abc"]).run();
    assert_eq!(
        r.all(),
        (
            "abc: FAILED\n".into(),
            "khsum: WARNING: 1 computed checksum did NOT match\n",
            1
        )
    );
    // SRI: sha512 decides over sha256 (whose token here is wrong); either sha512 token.
    let sri256 = find("sha256", "sri");
    let sri512 = find("sha512", "sri");
    let bad512 = format!("sha512-{}", find("sha512", "base64").replace('a', "b"));
    for (meta, code) in [
        (format!("{} {sri512}", sri256.replace('u', "v")), 0),
        (format!("{bad512} {sri512}?ct=application/javascript"), 0),
        (format!("{sri256} {bad512}"), 1),
        (format!("{sri256} md9-whatever"), 0),
    ] {
        let r = d
            .command()
            .args(["--status", "--expect", &meta, "abc"])
            .run();
        assert_eq!(r.all(), (String::new(), "", code), "{meta}");
    }
    let spellings = "give hex or base64 (the algorithm found as -c finds it), ALG:HEX (sha256:…, as OCI and pip write it), SRI ALG-BASE64 (sha384-…; several: the strongest decides) or Nix's ALG:NIX32\nTry 'khsum --help' for more information.\n";
    let nix = find("sha256", "nix32");
    for (digest, why) in [
        ("", "it is empty".to_string()),
        (
            "md9:00",
            "no digest spelling names an algorithm 'md9'".into(),
        ),
        (
            "md9-AAAA",
            "no digest spelling names an algorithm 'md9'".into(),
        ),
        (
            "sha256:abc",
            "'abc' is not a sha256 digest in a form that spelling takes".into(),
        ),
        (
            &nix.to_uppercase(),
            format!(
                "'{}' is not a sha256 digest in a form that spelling takes",
                &nix[7..].to_uppercase()
            ),
        ),
        (
            "sha384-AAAA",
            "'AAAA' is not a sha384 digest in a form that spelling takes".into(),
        ),
        ("xyz!", "it is not a digest".into()),
    ] {
        let r = d.command().args(["--expect", digest, "abc"]).run();
        let err = format!("khsum: invalid digest for --expect '{digest}': {why}; {spellings}");
        assert_eq!(r.all(), (String::new(), err.as_str(), 2), "{digest}");
    }
    // Names in any case; the data's own case for base64 and nix32.
    let r = d
        .command()
        .args(["--expect", &nix.replacen("sha256", "SHA256", 1), "abc"])
        .run();
    assert_eq!(r.all(), ("abc: OK\n".into(), "", 0));
    let oci = find("sha256", "oci").to_uppercase();
    let sri = find("sha512", "sri").replacen("sha512", "SHA512", 1);
    for variant in [oci, sri] {
        let r = d.command().args(["--expect", &variant, "abc"]).run();
        assert_eq!(r.all(), ("abc: OK\n".into(), "", 0), "{variant}");
    }
    // Too short to prove anything: exit 2 with what to do; one FILE only.
    let r = d.command().args(["--expect", "00112233aabb", "abc"]).run();
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: --expect: the digest cannot check abc: its length proves nothing without naming the algorithm: give -a (or a spelling that names it, sha256:HEX)\n",
            2
        )
    );
    let r = d.command().args(["--expect", &hex, "abc", "empty"]).run();
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: --expect checks one FILE: name exactly one\nTry 'khsum --help' for more information.\n",
            2
        )
    );
    // -a settles it: another algorithm's spelled digest cannot be checked under it.
    let r = d
        .command()
        .args(["-a", "sha512", "--expect", &find("sha256", "oci"), "abc"])
        .run();
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: --expect: the digest cannot check abc: it is not a digest of the algorithm -a names\n",
            2
        )
    );
    // Standard input; `khsum check --expect`; a checksum's digest is noted as such.
    let r = d.command().args(["--expect", &hex, "-"]).stdin("abc").run();
    assert_eq!(r.all(), ("-: OK\n".into(), "", 0));
    let r = d.command().args(["check", "--expect", &hex, "abc"]).run();
    assert_eq!(r.all(), ("abc: OK\n".into(), "", 0));
    let xxh64 = s(&d
        .command()
        .args(["-a", "xxh64", "--no-names", "abc"])
        .run()
        .out);
    let r = d
        .command()
        .args(["--expect", xxh64.trim_end(), "abc"])
        .run();
    assert_eq!(
        r.all(),
        (
            "abc: OK\n".into(),
            "khsum: --expect: checked as XXH64 (not cryptographic)\n",
            0
        )
    );
}

/// `-c` reads a line whose digest names its algorithm as a labelled line: that algorithm
/// alone, improper under another `-a`.
#[test]
fn lists_read_spelled_lines_as_labelled() {
    let d = inputs();
    let v = vectors();
    let find = |a: &str, f: &str| {
        v.iter()
            .find(|(i, x, y, _)| i == "abc" && x == a && y == f)
            .map(|t| t.3.clone())
            .unwrap()
    };
    let list = format!(
        "{}  abc\n{} *abc\n{}  abc\n{}  abc\n",
        find("sha256", "oci"),
        find("sha512", "sri"),
        find("md5", "nix32"),
        find("blake3", "oci")
    );
    let r = checked(d.path(), list.as_bytes(), &["--json"]);
    let records = json_lines(&r.out);
    let got: Vec<(String, String)> = records
        .iter()
        .take(4)
        .map(|j| (j["algorithm"].to_string(), j["chosen"].to_string()))
        .collect();
    let label = |a: &str| (format!("\"{a}\""), "\"label\"".to_string());
    assert_eq!(
        got,
        [
            label("sha256"),
            label("sha512"),
            label("md5"),
            label("blake3")
        ]
    );
    assert_eq!((r.err.as_str(), r.code), ("", 0));
    let r = checked(d.path(), list.as_bytes(), &["-a", "sha256", "-w"]);
    assert_eq!(
        r.all(),
        (
            "abc: OK\n".into(),
            "khsum: L: 2: improperly formatted SHA256 checksum line\nkhsum: L: 3: improperly formatted SHA256 checksum line\nkhsum: L: 4: improperly formatted SHA256 checksum line\nkhsum: WARNING: 3 lines are improperly formatted\n",
            0
        )
    );
    // A spelled digest of the wrong length is an improper line.
    let list = format!("sha256:{}  abc\n", &find("sha256", "hex")[2..]);
    let r = checked(d.path(), list.as_bytes(), &["-w"]);
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: L: 1: improperly formatted checksum line\nkhsum: L: no properly formatted checksum lines found\n",
            1
        )
    );
    // A changed file under a spelled line is FAILED, never retried under another.
    let list = format!("{}  abc\n", find("sha256", "oci"));
    d.create("abc", b"abd");
    let r = checked(d.path(), list.as_bytes(), &[]);
    assert_eq!(
        r.all(),
        (
            "abc: FAILED\n".into(),
            "khsum: WARNING: 1 computed checksum did NOT match\n",
            1
        )
    );
}

/// The tree of `tests/data/gomod/make-tree.py`.
fn go_tree(d: &Dir) {
    let big: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
    d.create("tree/go.mod", b"module example.com/m\n")
        .create("tree/a-c", b"dash\n")
        .create("tree/a/b", b"slash\n")
        .create("tree/A", b"")
        .create("tree/z/deep/x.go", b"package deep\n")
        .create("tree/sp ace", b"space")
        .create("tree/\u{e9}.txt", b"accent\n")
        .create("tree/big", big);
}

/// go.sum's `h1:` as Go's dirhash computes it (`tests/data/gomod/README.md`): of a tree
/// with and without a prefix, of zips stored and deflated, and the real go.sum line of
/// rsc.io/quote v1.5.2.
#[test]
fn go_h1_equals_go_s_dirhash() {
    let d = Dir::new();
    go_tree(&d);
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gomod");
    for z in ["example.com-m-v1.0.0.zip", "rsc.io-quote-v1.5.2.zip"] {
        fs::copy(data.join(z), d.path().join(z)).unwrap();
    }
    let r = d
        .command()
        .args([
            "--format",
            "go-h1",
            "--prefix",
            "example.com/m@v1.0.0",
            "-r",
            "tree",
        ])
        .run();
    assert_eq!(
        r.all(),
        (
            "h1:sz4BXJRBLo1WXOAqsvYc6ZiitBH4E6Je4Nj3QS8mBJg=  tree\n".into(),
            "",
            0
        )
    );
    let r = d
        .command()
        .args([
            "--format",
            "go-h1",
            "--prefix",
            "",
            "-r",
            "--no-names",
            "tree",
        ])
        .run();
    assert_eq!(
        r.all(),
        (
            "h1:pu/TUqbUIhHIChfPDspgUbJ5bECAgj6TmdfZyvt4zcA=\n".into(),
            "",
            0
        )
    );
    let r = d
        .command()
        .args([
            "--format",
            "go-h1",
            "example.com-m-v1.0.0.zip",
            "rsc.io-quote-v1.5.2.zip",
        ])
        .run();
    assert_eq!(
        r.all(),
        (
            "h1:sz4BXJRBLo1WXOAqsvYc6ZiitBH4E6Je4Nj3QS8mBJg=  example.com-m-v1.0.0.zip\nh1:w5fcysjrx7yqtD/aO+QwRjYZOKnaM9Uh2b40tElTs3Y=  rsc.io-quote-v1.5.2.zip\n"
                .into(),
            "",
            0
        )
    );
    // A damaged zip is an error for that input, named; a tree needs -r and --prefix.
    let mut zip = fs::read(data.join("example.com-m-v1.0.0.zip")).unwrap();
    // The stored entry `sp ace` holds `space`.
    let at = zip.windows(5).position(|w| w == b"space").unwrap();
    zip[at] = b'S';
    d.create("bad.zip", zip);
    let r = d.command().args(["--format", "go-h1", "bad.zip"]).run();
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: bad.zip: not a zip archive go reads: an entry's CRC-32 does not match its data\n",
            1
        )
    );
    let r = d.command().args(["--format", "go-h1", "-r", "tree"]).run();
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: --format go-h1 -r: give the module's --prefix MODULE@VERSION (go.sum hashes its files under it)\n",
            2
        )
    );
    let r = d
        .command()
        .args(["--format", "go-h1", "-a", "sha512", "x.zip"])
        .run();
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: --format go-h1 is go.sum's SHA-256 of a module's files: it takes -r, --prefix and --no-names only\n",
            2
        )
    );
}

/// What bagit-python's `--validate` says of a bag: its exit status.
fn bagit_validate(d: &Dir, bag: &str) -> i32 {
    d.reference("python3", &["-m", "bagit", "--validate", bag], b"")
        .code
}

/// A bag made by bagit-python (sha256 and sha512 manifests, tag manifests, a name with a
/// newline, which its manifest writes `%0A`, and one with `%`).
fn make_bag(d: &Dir, bag: &str) {
    d.create(&format!("{bag}/a.txt"), b"hello\n")
        .create(&format!("{bag}/sub/c"), b"x")
        .create(&format!("{bag}/new\nline"), b"nl")
        .create(&format!("{bag}/100%.txt"), b"%");
    let make = format!("import bagit; bagit.make_bag('{bag}', checksums=['sha256', 'sha512'])");
    let r = d.reference("python3", &["-c", &make], b"");
    assert_eq!(r.code, 0, "{}", r.err);
}

/// khsum's verdict on bags, valid and damaged, is bagit-python's; its output names what
/// is wrong.
#[test]
fn bags_verdicts_equal_bagit_python() {
    let d = Dir::new();
    type Damage = fn(&std::path::Path);
    let cases: &[(&str, Damage)] = &[
        ("valid", |_| {}),
        ("changed", |b| {
            fs::write(b.join("data/a.txt"), "hellO\n").unwrap()
        }),
        ("missing", |b| {
            fs::remove_file(b.join("data/sub/c")).unwrap()
        }),
        ("unlisted", |b| fs::write(b.join("data/extra"), "").unwrap()),
        ("oxum", |b| {
            let p = b.join("bag-info.txt");
            let t = fs::read_to_string(&p)
                .unwrap()
                .replace("Payload-Oxum: 10.4", "Payload-Oxum: 11.4");
            fs::write(p, t).unwrap();
        }),
        ("tag-changed", |b| {
            let p = b.join("bag-info.txt");
            let t = fs::read_to_string(&p).unwrap() + "Contact-Name: someone\n";
            fs::write(p, t).unwrap();
        }),
        ("no-data", |b| {
            fs::rename(b.join("data"), b.join("payload")).unwrap()
        }),
        ("unsafe", |b| {
            let p = b.join("manifest-sha256.txt");
            let t = fs::read_to_string(&p).unwrap() + &format!("{}  ../outside\n", "0".repeat(64));
            fs::write(p, t).unwrap();
        }),
        ("bad-digest", |b| {
            let p = b.join("manifest-sha512.txt");
            let t = fs::read_to_string(&p).unwrap();
            let t = t.replacen(|c: char| c.is_ascii_hexdigit(), "", 1);
            fs::write(p, t).unwrap();
        }),
        ("newline-name-changed", |b| {
            fs::write(b.join("data/new\nline"), "NL").unwrap()
        }),
        ("percent-name-changed", |b| {
            fs::write(b.join("data/100%.txt"), "%%").unwrap()
        }),
        ("upper-hex", |b| {
            let p = b.join("manifest-sha256.txt");
            let t: String = fs::read_to_string(&p)
                .unwrap()
                .lines()
                .map(|l| {
                    let (d, n) = l.split_once("  ").unwrap();
                    format!("{}  {n}\n", d.to_uppercase())
                })
                .collect();
            fs::write(p, t).unwrap();
            // The tag manifests list manifest-sha256.txt: drop them (a bag may have none).
            fs::remove_file(b.join("tagmanifest-sha256.txt")).unwrap();
            fs::remove_file(b.join("tagmanifest-sha512.txt")).unwrap();
        }),
        ("duplicate", |b| {
            let p = b.join("manifest-sha512.txt");
            let t = fs::read_to_string(&p).unwrap();
            let first = t.lines().next().unwrap().to_string();
            fs::write(p, t + &first + "\n").unwrap();
        }),
        ("bom", |b| {
            let p = b.join("bagit.txt");
            let t = fs::read_to_string(&p).unwrap();
            fs::write(p, format!("\u{feff}{t}")).unwrap();
        }),
        ("no-manifest", |b| {
            fs::remove_file(b.join("manifest-sha256.txt")).unwrap();
            fs::remove_file(b.join("manifest-sha512.txt")).unwrap();
        }),
    ];
    for (name, damage) in cases {
        make_bag(&d, name);
        damage(&d.path().join(name));
        let theirs = bagit_validate(&d, name);
        let ours = d.command().args(["-c", "--status", name]).run();
        assert_eq!(ours.code, theirs, "{name}: khsum {ours:?}");
        let valid = ["valid", "upper-hex"].contains(name);
        assert_eq!(ours.code, i32::from(!valid), "{name}");
    }
    // What khsum says of damaged bags, exactly: the Payload-Oxum first, then each
    // manifest's lines (the tag manifests list bag-info.txt, which the Oxum bag changed).
    let r = d
        .command()
        .args(["-c", "--quiet", "changed", "missing", "unlisted", "oxum"])
        .run();
    assert_eq!(
        r.all(),
        (
            "changed/data/a.txt: FAILED\nchanged/data/a.txt: FAILED\nmissing/data/sub/c: FAILED open or read\nmissing/data/sub/c: FAILED open or read\nunlisted/data/extra: NEW\noxum/bag-info.txt: FAILED\noxum/bag-info.txt: FAILED\n".into(),
            "khsum: WARNING: 1 computed checksum did NOT match\nkhsum: WARNING: 1 computed checksum did NOT match\nkhsum: missing: Payload-Oxum 10.4 says 4 files and 10 bytes; data/ holds 3 files and 9 bytes\nkhsum: missing/data/sub/c: No such file or directory\nkhsum: WARNING: 1 listed file could not be read\nkhsum: missing/data/sub/c: No such file or directory\nkhsum: WARNING: 1 listed file could not be read\nkhsum: unlisted: Payload-Oxum 10.4 says 4 files and 10 bytes; data/ holds 5 files and 10 bytes\nkhsum: WARNING: 1 file is below unlisted/data in no payload manifest\nkhsum: oxum: Payload-Oxum 11.4 says 4 files and 11 bytes; data/ holds 4 files and 10 bytes\nkhsum: WARNING: 1 computed checksum did NOT match\nkhsum: WARNING: 1 computed checksum did NOT match\n",
            1
        )
    );
    let r = d.command().args(["-c", "no-data", "unsafe"]).run();
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: no-data: not a valid bag: it has no data directory\nkhsum: unsafe: not a valid bag: manifest-sha256.txt names ../outside, outside the bag\n",
            1
        )
    );
}

/// Differential property test against bagit-python: random bags (random payload trees,
/// one to three manifest algorithms, tag manifests or none), made by bagit-python, then
/// BagIt 0.97 or 1.0, then random damage (a payload file changed, truncated, removed or
/// added; a manifest line's digest or name changed, dropped or duplicated; the
/// Payload-Oxum changed; bag-info.txt edited; nothing). khsum's `-c --status BAG` exit
/// status is `--validate`'s.
/// `KHSUM_BAG_SEED` reruns one case.
#[test]
fn bag_verdicts_equal_bagit_python_on_random_bags() {
    use khsum::testutil::TestRng;
    let cases: u64 = if emulated() { 5 } else { 40 };
    let seeds: Vec<u64> = match std::env::var("KHSUM_BAG_SEED") {
        Ok(v) => vec![v.parse().unwrap()],
        Err(_) => (0..cases).map(|i| 0x6261_6769_7400_0038 + i).collect(),
    };
    let d = Dir::new();
    for seed in seeds {
        let mut rng = TestRng::new(seed);
        let bag = format!("b{seed:x}");
        let n = 1 + rng.below(8);
        let mut files = Vec::new();
        for i in 0..n {
            let name = match rng.below(4) {
                0 => format!("f{i}"),
                1 => format!("sub/f{i}.txt"),
                2 => format!("sub/deep/f {i}"),
                _ => format!("g{i}%.bin"),
            };
            let len = rng.below(2000) as usize;
            d.create(&format!("{bag}/{name}"), rng.bytes(len));
            files.push(name);
        }
        let algs = ["sha256", "sha512", "md5"];
        let k = 1 + rng.below(3) as usize;
        let chosen: Vec<String> = algs[..k].iter().map(|a| format!("'{a}'")).collect();
        let make = format!(
            "import bagit; bagit.make_bag('{bag}', checksums=[{}])",
            chosen.join(", ")
        );
        let r = d.reference("python3", &["-c", &make], b"");
        assert_eq!(r.code, 0, "{}", r.err);
        let b = d.path().join(&bag);
        if rng.below(4) == 0 {
            for a in &algs[..k] {
                let _ = fs::remove_file(b.join(format!("tagmanifest-{a}.txt")));
            }
        }
        // BagIt 1.0 (stricter about repeated lines); the tag manifests, if kept, list the
        // declaration this changes.
        if rng.below(3) == 0 {
            let p = b.join("bagit.txt");
            let t = fs::read_to_string(&p).unwrap();
            fs::write(&p, t.replace("BagIt-Version: 0.97", "BagIt-Version: 1.0")).unwrap();
        }
        let payload = |i: usize| b.join("data").join(&files[i % files.len()]);
        let manifest = b.join(format!(
            "manifest-{}.txt",
            algs[rng.below(k as u64) as usize]
        ));
        let damage = rng.below(11);
        let pick = rng.below(64) as usize;
        match damage {
            0 => {}
            1 => {
                let mut data = fs::read(payload(pick)).unwrap();
                data.push(b'!');
                fs::write(payload(pick), data).unwrap();
            }
            2 => {
                let data = fs::read(payload(pick)).unwrap();
                let mut flipped = data.clone();
                if let Some(x) = flipped.first_mut() {
                    *x ^= 1;
                    fs::write(payload(pick), flipped).unwrap();
                }
            }
            3 => fs::remove_file(payload(pick)).unwrap(),
            4 => fs::write(b.join("data/extra file"), b"x").unwrap(),
            5..=7 => {
                let text = fs::read_to_string(&manifest).unwrap();
                let mut lines: Vec<String> = text.lines().map(String::from).collect();
                let at = pick % lines.len();
                match damage {
                    5 => {
                        // A digest character changed.
                        let l = &lines[at];
                        let c = if l.starts_with('0') { "1" } else { "0" };
                        lines[at] = format!("{c}{}", &l[1..]);
                    }
                    6 => {
                        lines.remove(at);
                    }
                    _ => {
                        let l = lines[at].clone();
                        lines.push(l);
                    }
                }
                fs::write(&manifest, lines.join("\n") + "\n").unwrap();
            }
            8 => {
                let p = b.join("bag-info.txt");
                let t = fs::read_to_string(&p).unwrap();
                let t: String = t
                    .lines()
                    .map(|l| match l.strip_prefix("Payload-Oxum: ") {
                        Some(v) => {
                            let (bytes, count) = v.split_once('.').unwrap();
                            let bytes: u64 = bytes.parse().unwrap();
                            format!("Payload-Oxum: {}.{count}\n", bytes + 1)
                        }
                        None => format!("{l}\n"),
                    })
                    .collect();
                fs::write(p, t).unwrap();
            }
            9 => {
                let p = b.join("bag-info.txt");
                let t = fs::read_to_string(&p).unwrap() + "Contact-Name: someone\n";
                fs::write(p, t).unwrap();
            }
            _ => {
                // A payload file truncated to nothing.
                fs::write(payload(pick), b"").unwrap();
            }
        }
        let theirs = bagit_validate(&d, &bag);
        let ours = d.command().args(["-c", "--status", &bag]).run();
        assert_eq!(
            ours.code, theirs,
            "KHSUM_BAG_SEED={seed}: damage {damage}, files {files:?}, algorithms {k}: khsum {ours:?}"
        );
        assert_eq!(ours.out, b"");
    }
}

/// A manifest line repeated with the same digest: bagit-python 1.9 warns before BagIt 1.0
/// and refuses the bag from 1.0 on; khsum's verdict is the same for each version.
#[test]
fn a_repeated_manifest_line_follows_the_bags_version() {
    let d = Dir::new();
    for (version, valid) in [("0.97", true), ("1.0", false)] {
        let bag = format!("v{version}");
        make_bag(&d, &bag);
        let b = d.path().join(&bag);
        for f in ["tagmanifest-sha256.txt", "tagmanifest-sha512.txt"] {
            fs::remove_file(b.join(f)).unwrap();
        }
        let p = b.join("bagit.txt");
        let t = fs::read_to_string(&p).unwrap();
        fs::write(
            &p,
            t.replace("BagIt-Version: 0.97", &format!("BagIt-Version: {version}")),
        )
        .unwrap();
        let m = b.join("manifest-sha256.txt");
        let t = fs::read_to_string(&m).unwrap();
        let first = t.lines().next().unwrap().to_string();
        fs::write(&m, t + &first + "\n").unwrap();
        assert_eq!(bagit_validate(&d, &bag), i32::from(!valid), "{version}");
        let ours = d.command().args(["-c", "--status", &bag]).run();
        assert_eq!(ours.code, i32::from(!valid), "{version}: {ours:?}");
    }
}
