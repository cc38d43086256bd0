//! Help that tells the truth per subcommand, and usage errors that point to the fix:
//! the exact text, and the exit status, of each.

use crate::util::*;
use std::fs;

/// `khsum ARGS --help` (piped: plain text), which must succeed silently.
fn help(args: &[&str]) -> String {
    let d = Dir::new();
    let r = d.command().args(args).args(["--help"]).run();
    assert_eq!((r.err.as_str(), r.code), ("", 0), "{args:?}");
    s(&r.out)
}

/// The text of one option in `--help`: from its line to the next option's.
fn option<'a>(help: &'a str, flag: &str) -> &'a str {
    let start = help
        .find(&format!("{flag} <"))
        .or_else(|| help.find(&format!("{flag}\n")))
        .unwrap_or_else(|| panic!("no {flag} in {help}"));
    let rest = &help[start..];
    let end = rest[1..]
        .find("\n  -")
        .or_else(|| rest[1..].find("\n\n"))
        .map_or(rest.len(), |i| i + 1);
    &rest[..end]
}

/// The command lines of the examples a help text ends with.
fn examples(help: &str) -> Vec<&str> {
    let (_, block) = help
        .rsplit_once("\nExamples:\n")
        .unwrap_or_else(|| panic!("no Examples block at the end of {help}"));
    block
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .map(str::trim)
        .collect()
}

/// Each subcommand lists only the options that apply to it, words `-a` for itself, and
/// ends with three to five examples; no help lists clap's wall of every `-a` value.
#[test]
fn each_subcommand_documents_its_own_options() {
    let check = help(&["check"]);
    assert!(
        check.contains(
            "\nWithout -a, a line's label (SHA256 (f) = ...) or the list's name (SHA256SUMS) settles its\n\
             algorithm; an untagged line is checked under every admissible algorithm of its length.\n"
        ),
        "{check}"
    );
    let a = option(&check, "--algorithm");
    assert!(a.contains("Check only the lines of this algorithm"), "{a}");
    assert!(
        !a.contains("default blake3") && !a.contains("comma-separated"),
        "{a}"
    );
    // -r is refused in check; the walk's rules apply to --unlisted only.
    assert!(!check.contains("--recursive"), "{check}");
    assert!(
        check.contains("\nWith --unlisted:\n      --exclude <GLOB>"),
        "{check}"
    );

    let hash = help(&["hash"]);
    let a = option(&hash, "--algorithm");
    for rule in [
        "default blake3",
        "comma-separated (-a sha256,blake3)",
        "-a sha2 or -a sha3 takes its member from -l BITS",
        "uses the all-zero key",
    ] {
        assert!(a.replace('\n', " ").contains(rule), "{rule}: {a}");
    }
    for checking in ["--strict", "--quiet", "--ignore-missing", "--unlisted"] {
        assert!(!hash.contains(checking), "{checking} in hash --help");
    }

    // tag: only the algorithms that take a key, and no key derivation.
    let tag = help(&["tag"]);
    let a = option(&tag, "--algorithm").replace('\n', " ");
    for alg in khsum::Algorithm::all() {
        let listed =
            a.contains(&format!(" {},", alg.name)) || a.contains(&format!(" {};", alg.name));
        assert_eq!(listed, alg.takes_key(), "{}: {a}", alg.name);
    }
    assert!(!tag.contains("--derive-key"), "{tag}");

    // audit: -r is implied, so not offered; its own options under their heading.
    let audit = help(&["audit"]);
    assert!(!audit.contains("--recursive"), "{audit}");
    assert!(audit.contains("\nRecording:\n      --update\n"), "{audit}");
    assert!(audit.contains("\n   64  older\n\nExamples:\n"), "{audit}");

    for sub in ["hash", "check", "tag", "audit", "list", "bench", "selftest"] {
        let text = help(&[sub]);
        let ex = examples(&text);
        assert!((3..=5).contains(&ex.len()), "{sub}: {ex:?}");
        assert!(ex.iter().all(|e| e.contains("khsum ")), "{sub}: {ex:?}");
        assert!(
            !text.contains("Possible values") && !text.contains("- sha512-224"),
            "{sub}"
        );
    }
    assert!(!help(&[]).contains("Possible values"));
}

/// Usage errors that say what to type instead, each with its exact text and exit status 2.
#[test]
fn usage_errors_point_to_the_fix() {
    let d = tree();
    let usage = "Usage: khsum [OPTIONS] [FILE]...\n       khsum <COMMAND>\n\nFor more information, try '--help'.\n";
    let cases: &[(&[&str], String)] = &[
        // Other tools' option for the algorithm.
        (
            &["--sha256", "a"],
            format!(
                "error: unexpected argument '--sha256' found\n\n  tip: khsum chooses the algorithm with -a: use '-a sha256'\n\n{usage}"
            ),
        ),
        (
            &["check", "--md5", "L"],
            "error: unexpected argument '--md5' found\n\n  tip: khsum chooses the algorithm with -a: use '-a md5'\n\nUsage: khsum check [OPTIONS] [LIST]...\n\nFor more information, try '--help'.\n".into(),
        ),
        // A near name that is another algorithm is not offered.
        (
            &["-a", "crc32c", "a"],
            "error: invalid value 'crc32c' for '--algorithm <NAME>'\n\n  tip: 'crc32c' is not supported; 'khsum list' names the algorithms khsum supports\n\nFor more information, try '--help'.\n".into(),
        ),
        (
            &["bench", "-a", "md4"],
            "error: invalid value 'md4' for '--algorithm <NAME>'\n\n  tip: 'md4' is not supported; 'khsum list' names the algorithms khsum supports\n\nFor more information, try '--help'.\n".into(),
        ),
        // One that is the same algorithm, typed otherwise, is; never the list of values.
        (
            &["-a", "SHA_256", "a"],
            "error: invalid value 'SHA_256' for '--algorithm <NAME>'\n\n  tip: a similar value exists: 'sha256'\n\nFor more information, try '--help'.\n".into(),
        ),
        (
            &["check", "-a", "blkae3", "L"],
            "error: invalid value 'blkae3' for '--algorithm <NAME>'\n\n  tip: a similar value exists: 'blake3'\n\nFor more information, try '--help'.\n".into(),
        ),
        (
            &["audit", "-a", "sha265", "L", "d"],
            "error: invalid value 'sha265' for '--algorithm <NAME>'\n\n  tip: a similar value exists: 'sha256'\n\nFor more information, try '--help'.\n".into(),
        ),
        (
            &["a", "-a"],
            "error: a value is required for '--algorithm <NAME>' but none was supplied\n\n  tip: 'khsum list' names the algorithms khsum supports\n\nFor more information, try '--help'.\n".into(),
        ),
    ];
    for (args, want) in cases {
        let r = run(khsum(d.path()).args(*args));
        assert_eq!(r.all(), (String::new(), want.as_str(), 2), "{args:?}");
    }
}

/// A digest given where the list goes (`khsum -c HEX FILE`, as if checking FILE against
/// it) gets the form that does that: the line on standard input. That form then works.
#[test]
fn a_digest_given_as_a_list_gets_the_stdin_idiom() {
    let d = tree();
    let hex = s256(b"hello\n");
    for args in [
        vec!["-c", hex.as_str(), "a"],
        vec!["check", hex.as_str(), "a"],
    ] {
        let r = run(khsum(d.path()).args(&args));
        assert_eq!(
            r.all(),
            (
                String::new(),
                &*format!(
                    "khsum: {hex}: no such list; to check a against this digest, give its line on standard input: echo \"{hex}  a\" | khsum -c\n"
                ),
                2
            ),
            "{args:?}"
        );
    }
    let r = run(khsum(d.path()).args(["-c", &hex[..40]]));
    assert_eq!(
        r.all(),
        (
            String::new(),
            &*format!(
                "khsum: {h}: no such list; to check FILE against this digest, give its line on standard input: echo \"{h}  FILE\" | khsum -c\n",
                h = &hex[..40]
            ),
            2
        )
    );
    // The idiom it suggests.
    let r = run(khsum(d.path()).arg("-c").write_stdin(format!("{hex}  a\n")));
    assert_eq!(r.all(), ("a: OK\n".into(), "", 0));
    // A list whose name is hex digits is still a list.
    fs::write(d.path().join(&hex), format!("{hex}  a\n")).unwrap();
    let r = run(khsum(d.path()).args(["-c", &hex]));
    assert_eq!(r.all(), ("a: OK\n".into(), "", 0));
    // And a name of no digest's length a missing list, as GNU says it.
    let r = run(khsum(d.path()).args(["-c", "abcdef0123"]));
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: abcdef0123: No such file or directory\n",
            1
        )
    );
}

/// A directory given as a list says so, as hash mode does (exit 1, as GNU's).
#[test]
fn a_directory_given_as_a_list_is_one() {
    let d = tree();
    fs::create_dir(d.path().join("dir")).unwrap();
    for args in [&["-c", "dir"][..], &["check", "dir"]] {
        let r = run(khsum(d.path()).args(args));
        assert_eq!(
            r.all(),
            (String::new(), "khsum: dir: Is a directory\n", 1),
            "{args:?}"
        );
    }
    let r = run(khsum(d.path()).arg("dir"));
    assert_eq!(
        r.all(),
        (
            String::new(),
            "khsum: dir: Is a directory (use -r to hash the files below it)\n",
            1
        )
    );
}

/// A keyed algorithm hashed without a key says which key it used, on stderr, whether or
/// not stderr is a terminal; with a key, nothing is said.
#[test]
fn a_mac_without_a_key_says_it_used_the_all_zero_key() {
    let d = tree();
    fs::write(d.path().join("zero32"), [0u8; 32]).unwrap();
    let r = run(khsum(d.path()).args(["-a", "highwayhash-64", "a"]));
    let tagged = run(khsum(d.path()).args([
        "tag",
        "-a",
        "highwayhash-64",
        "--untagged",
        "--key-file",
        "zero32",
        "a",
    ]));
    assert_eq!(
        r.all(),
        (
            s(&tagged.out),
            "khsum: note: no key given: highwayhash-64 uses the all-zero key, so its output is a fingerprint, not a MAC (a key: --key-file or --key-env)\n",
            0
        )
    );
    assert_eq!((tagged.err.as_str(), tagged.code), ("", 0));
    // BLAKE3's key is optional: unkeyed, it is the plain hash, and nothing is said.
    let r = run(khsum(d.path()).arg("a"));
    assert_eq!(r.all(), (line(b"hello\n", "a"), "", 0));
}

/// `khsum bench` says what each row measures: hashes unkeyed, MACs keyed, BLAKE3 both.
#[test]
fn bench_rows_say_whether_they_are_keyed() {
    let d = tree();
    let r = run(khsum(d.path()).args([
        "bench",
        "--quick",
        "-a",
        "blake3",
        "-a",
        "sha256",
        "-a",
        "siphash-2-4",
        "--backend",
        "auto",
        "--backend",
        "portable",
        "--sizes",
        "64",
        "--csv",
    ]));
    assert_eq!(r.code, 0, "{}", r.err);
    let rows: Vec<String> = s(&r.out)
        .lines()
        .skip(1)
        .filter(|l| !l.split(',').nth(1).unwrap().contains('x'))
        .map(|l| l.split(',').take(3).collect::<Vec<_>>().join(","))
        .collect();
    assert_eq!(
        rows,
        [
            "blake3,auto,false",
            "blake3,auto,true",
            "sha256,auto,false",
            "siphash-2-4,portable,true"
        ]
    );
    let r = run(khsum(d.path()).args([
        "bench",
        "--quick",
        "-a",
        "blake3",
        "--backend",
        "auto",
        "--sizes",
        "64",
    ]));
    assert_eq!(r.code, 0, "{}", r.err);
    let table = s(&r.out);
    let head = "ALGORITHM        KEY   BACKEND          SIZE ";
    assert!(table.contains(&format!("\n{head}")), "{table}");
    for row in [
        "\nblake3           none  auto             64 B ",
        "\nblake3           keyed auto             64 B ",
    ] {
        assert!(table.contains(row), "{row:?} in {table}");
    }
}
