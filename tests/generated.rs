//! The committed man page and completion scripts must equal what `khsum generate` prints
//! from the current clap definitions. Regenerate with:
//!     KHSUM_BLESS=1 cargo test --test tests generated
//! (or `khsum generate man > man/khsum.1`, `khsum generate completions bash > …`).

use std::path::Path;

const FILES: &[(&[&str], &str)] = &[
    (&["generate", "man"], "man/khsum.1"),
    (&["generate", "man", "hash"], "man/khsum-hash.1"),
    (&["generate", "man", "check"], "man/khsum-check.1"),
    (&["generate", "man", "tag"], "man/khsum-tag.1"),
    (&["generate", "man", "list"], "man/khsum-list.1"),
    (&["generate", "man", "bench"], "man/khsum-bench.1"),
    (&["generate", "man", "selftest"], "man/khsum-selftest.1"),
    (&["generate", "man", "audit"], "man/khsum-audit.1"),
    (
        &["generate", "completions", "bash"],
        "completions/khsum.bash",
    ),
    (&["generate", "completions", "zsh"], "completions/_khsum"),
    (
        &["generate", "completions", "fish"],
        "completions/khsum.fish",
    ),
    (
        &["generate", "completions", "elvish"],
        "completions/khsum.elv",
    ),
    (
        &["generate", "completions", "powershell"],
        "completions/_khsum.ps1",
    ),
];

#[test]
fn man_page_and_completions_are_fresh() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("KHSUM_BLESS").is_some();
    let mut stale = Vec::new();
    for (args, file) in FILES {
        let out = assert_cmd::Command::cargo_bin("khsum")
            .unwrap()
            .args(*args)
            .output()
            .unwrap();
        assert!(out.status.success(), "khsum {args:?} failed");
        assert!(out.stdout.len() > 150, "khsum {args:?} printed too little");
        let path = root.join(file);
        if std::fs::read(&path).ok().as_deref() != Some(&out.stdout[..]) {
            if bless {
                std::fs::write(&path, &out.stdout).unwrap();
            } else {
                stale.push(*file);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale generated files {stale:?}: run `KHSUM_BLESS=1 cargo test --test tests generated` and commit"
    );
}

/// Every shell completion offers the registry's algorithm names after `-a`.
#[test]
fn completions_offer_algorithm_names() {
    for file in [
        "completions/khsum.bash",
        "completions/_khsum",
        "completions/khsum.fish",
    ] {
        let text = std::fs::read_to_string(file).unwrap();
        for a in khsum::Algorithm::all() {
            assert!(
                text.contains(a.name),
                "{file} does not offer {} after -a",
                a.name
            );
        }
    }
    // bash: the names are the words completed after -a / --algorithm.
    let bash = std::fs::read_to_string("completions/khsum.bash").unwrap();
    let names: Vec<&str> = khsum::Algorithm::all().iter().map(|a| a.name).collect();
    assert!(
        bash.contains(&format!(
            "--algorithm)\n                    COMPREPLY=($(compgen -W \"{}\"",
            names.join(" ")
        )),
        "bash completion for --algorithm"
    );
}

/// The man page's ENVIRONMENT names every variable khsum reads for itself: the switches
/// tests and emulators use are documented where users look.
#[test]
fn the_man_page_names_the_environment_khsum_reads() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let man = std::fs::read_to_string(root.join("man/khsum.1")).unwrap();
    let section = man
        .split(".SH ENVIRONMENT")
        .nth(1)
        .expect("an ENVIRONMENT section");
    for var in [
        khsum::backend::DISABLE_ENV,
        khsum::alg::lanes::ENV,
        "LC_ALL",
    ] {
        assert!(section.contains(var), "{var} is not in ENVIRONMENT");
    }
}
