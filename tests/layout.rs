//! The shape of the source tree, checked from the files themselves: the library's floors
//! (no module imports one on a floor above), no import cycle among the library's modules
//! nor among the binary's, no function of the binary over 100 lines, and no
//! per-algorithm rule outside the registry (a `name == "…"` test).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file below `dir`, less `skip`.
fn sources(dir: &Path, skip: Option<&Path>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if Some(p.as_path()) == skip {
                continue;
            }
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The code of a file without `//` comments, string contents and its test module.
fn code(p: &Path) -> String {
    let text = fs::read_to_string(p).unwrap();
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap();
    let mut out = String::new();
    for line in text.lines() {
        let mut in_str = false;
        let mut prev = ' ';
        let mut kept = String::new();
        for (i, c) in line.char_indices() {
            if !in_str && c == '/' && line[i..].starts_with("//") {
                break;
            }
            if c == '"' && prev != '\\' {
                in_str = !in_str;
            }
            kept.push(if in_str && c != '"' { ' ' } else { c });
            prev = if prev == '\\' && c == '\\' { ' ' } else { c };
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// The library's floors, lowest first: a module imports only from its own floor or those
/// below. The core (`lib.rs` and the files beside it), the algorithms, the registry, the
/// inputs, the lists, the tools.
const FLOORS: &[&[&str]] = &[
    &["lib", "spec", "hasher", "backend", "key"],
    &["alg"],
    &["algorithm"],
    &["files"],
    &["lists"],
    &["tools"],
];

/// Folders whose modules count one by one (`files::io`), not as one.
const FOLDERS: &[&str] = &["alg", "files", "lists", "tools"];

/// The floor of a module (`files::io`: `files`'s).
fn floor(m: &str) -> usize {
    let top = m.split("::").next().unwrap();
    FLOORS
        .iter()
        .position(|f| f.contains(&top))
        .unwrap_or_else(|| panic!("{m} is on no floor: add it to FLOORS"))
}

/// The module a file below `root` belongs to: `spec` for `spec.rs`, `backend` for
/// `backend/x86.rs`; in a floor's folder, `files::io` for `files/io.rs` and
/// `files/io/mmap.rs`, `files` for `files.rs`.
fn module(root: &Path, p: &Path) -> String {
    let rel = p.strip_prefix(root).unwrap();
    let parts: Vec<String> = rel
        .components()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .collect();
    if parts.len() > 1 && FOLDERS.contains(&parts[0].as_str()) {
        format!("{}::{}", parts[0], parts[1])
    } else {
        parts[0].clone()
    }
}

/// The module a path after `crate::` names (`files::io::Open` is `files::io`).
fn named(path: &str) -> String {
    let mut segs = path.split("::").map(str::trim);
    let first = segs.next().unwrap_or_default().to_string();
    match segs.next() {
        Some(second) if FOLDERS.contains(&first.as_str()) && !second.is_empty() => {
            format!("{first}::{second}")
        }
        _ => first,
    }
}

/// The modules each module names as `crate::m` (re-exports of `lib.rs` resolved), one
/// level down in the floors' folders.
fn graph(
    root: &Path,
    skip: Option<&Path>,
    reexports: &BTreeMap<String, String>,
) -> BTreeMap<String, BTreeSet<String>> {
    let files = sources(root, skip);
    let mods: BTreeSet<String> = files
        .iter()
        .map(|p| module(root, p))
        .filter(|m| m != "main")
        .collect();
    let mut g: BTreeMap<String, BTreeSet<String>> =
        mods.iter().map(|m| (m.clone(), BTreeSet::new())).collect();
    for p in &files {
        let m = module(root, p);
        if !mods.contains(&m) {
            continue;
        }
        let c = code(p);
        let mut names: Vec<String> = Vec::new();
        for (i, _) in c.match_indices("crate::") {
            let rest = &c[i + 7..];
            let path: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let after = &rest[path.len()..];
            if let Some(group) = after.strip_prefix('{') {
                // `crate::{a, b::C}` or `crate::files::{io, batch}`.
                let group = &group[..group.find('}').unwrap_or(group.len())];
                names.extend(
                    group
                        .split(',')
                        .map(|n| named(&format!("{path}{}", n.trim()))),
                );
            } else {
                names.push(named(&path));
            }
        }
        for n in names {
            let t = reexports.get(&n).cloned().unwrap_or(n);
            if t != m && mods.contains(&t) {
                g.get_mut(&m).unwrap().insert(t);
            }
        }
    }
    g
}

/// A cycle of `g`, if it has one.
fn cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(n) {
            Some(2) => return None,
            Some(1) => {
                let at = path.iter().position(|p| p == n).unwrap();
                let mut c = path[at..].to_vec();
                c.push(n.to_string());
                return Some(c);
            }
            _ => {}
        }
        state.insert(n.to_string(), 1);
        path.push(n.to_string());
        for m in &g[n] {
            if let Some(c) = visit(m, g, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    g.keys()
        .find_map(|n| visit(n, g, &mut state, &mut Vec::new()))
}

/// `pub use m::{A, B};` lines of `lib.rs`: name → module.
fn reexports(lib: &Path) -> BTreeMap<String, String> {
    let mut r = BTreeMap::new();
    for line in fs::read_to_string(lib).unwrap().lines() {
        let Some(rest) = line.strip_prefix("pub use ") else {
            continue;
        };
        let Some((m, names)) = rest.trim_end_matches(';').split_once("::") else {
            continue;
        };
        for n in names.trim_matches(|c| c == '{' || c == '}').split(',') {
            r.insert(n.trim().to_string(), m.to_string());
        }
    }
    r
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The floors as folders: `ls src` shows them, and every module imports only from its own
/// floor or those below (a registry entry builds an algorithm, never the reverse; lists
/// read files, never the reverse).
#[test]
fn floors_import_only_downward() {
    let src = root();
    let bin = src.join("bin");
    let lib = graph(&src, Some(&bin), &reexports(&src.join("lib.rs")));
    for folder in FOLDERS {
        assert!(src.join(folder).is_dir() && src.join(format!("{folder}.rs")).is_file());
    }
    let mut upward = Vec::new();
    for (m, deps) in &lib {
        if m == "testutil" {
            continue; // test support, hidden: it may use anything
        }
        for d in deps.iter().filter(|d| *d != "testutil") {
            if floor(d) > floor(m) {
                upward.push(format!("{m} -> {d}"));
            }
        }
    }
    assert_eq!(upward, Vec::<String>::new(), "imports from a floor above");
    // The check finds an upward import where there is one.
    assert!(floor("files::io") > floor("algorithm") && floor("algorithm") > floor("alg::lemac"));
}

#[test]
fn no_import_cycles() {
    let src = root();
    let bin = src.join("bin");
    let lib = graph(&src, Some(&bin), &reexports(&src.join("lib.rs")));
    assert!(
        lib.len() > 25
            && lib["algorithm"].contains("spec")
            && lib["lists::verify"].contains("files::io"),
        "{lib:?}"
    );
    assert_eq!(cycle(&lib), None, "the library's modules");
    let bin = graph(&bin.join("khsum"), None, &BTreeMap::new());
    assert!(bin.len() > 8 && bin["check"].contains("report"), "{bin:?}");
    assert_eq!(cycle(&bin), None, "the binary's modules");
    // The check finds a cycle where there is one.
    let mut g = lib.clone();
    g.get_mut("spec").unwrap().insert("algorithm".into());
    assert!(cycle(&g).is_some());
}

#[test]
fn no_function_of_the_binary_over_100_lines() {
    for p in sources(&root().join("bin"), None) {
        let c = code(&p);
        let lines: Vec<&str> = c.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let l = lines[i].trim_start();
            let is_fn = ["fn ", "pub fn ", "pub(crate) fn "]
                .iter()
                .any(|s| l.starts_with(s));
            if is_fn && !l.trim_end().ends_with(';') {
                let (mut depth, mut opened, mut j) = (0i32, false, i);
                while j < lines.len() {
                    depth +=
                        lines[j].matches('{').count() as i32 - lines[j].matches('}').count() as i32;
                    opened |= lines[j].contains('{');
                    if opened && depth <= 0 {
                        break;
                    }
                    j += 1;
                }
                let n = j - i + 1;
                assert!(
                    n <= 100,
                    "{}:{}: a function of {n} lines",
                    p.display(),
                    i + 1
                );
            }
            i += 1;
        }
    }
}

#[test]
fn per_algorithm_rules_live_in_the_registry() {
    for p in sources(&root(), None) {
        let text = fs::read_to_string(&p).unwrap();
        let text = text.split("#[cfg(test)]\nmod tests").next().unwrap();
        for (n, line) in text.lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("//") {
                continue;
            }
            for pat in ["name == \"", "name != \"", "label == \""] {
                assert!(!line.contains(pat), "{}:{}: {line}", p.display(), n + 1);
            }
        }
    }
}

/// Keys read from standard input (`--key-file -`, `--keyed`) go straight from the
/// descriptor into wiped memory (`io::stdin_direct`): std's `Stdin` keeps an 8 KiB buffer
/// of what passed through it for the whole run, a copy of the key nothing wipes. No file
/// that reads keys touches `io::stdin()`.
#[test]
fn keys_never_pass_through_std_s_stdin_buffer() {
    let root = root();
    for f in ["files/keyfile.rs", "bin/khsum/setup.rs"] {
        let c = code(&root.join(f));
        assert!(c.contains("stdin_direct()"), "{f} reads no key from stdin?");
        for bad in ["io::stdin()", "std::io::stdin", "stdin().lock"] {
            assert!(!c.contains(bad), "{f}: {bad}");
        }
    }
}

/// The CLI tests start khsum one way: `tests/util.rs`'s `khsum_std` (through the target's
/// runner, with no key in the environment and a UTF-8 locale), which every other way
/// there derives from. No other test file finds the binary itself.
#[test]
fn tests_start_khsum_only_through_the_harness() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut found = Vec::new();
    // Whole lines less comments: the binary's name is in a string.
    let lines = |p: &Path| {
        let text = fs::read_to_string(p).unwrap();
        text.lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    };
    for p in sources(&tests, Some(&tests.join("util.rs"))) {
        if p.ends_with("layout.rs") {
            continue; // this test names what it looks for
        }
        let c = lines(&p);
        for bad in ["cargo_bin", "CARGO_BIN_EXE"] {
            if c.contains(bad) {
                found.push(format!("{}: {bad}", p.display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(
        lines(&tests.join("util.rs")).matches("cargo_bin(").count(),
        1
    );
}

/// The README opens with the two commands a newcomer runs, the second being the one CI
/// runs (`.ci/run`'s `cargo test` leg); it stays within 300 lines and PERFORMANCE.md
/// within 400, with one section per CPU class, in the order issue 39 set.
#[test]
fn readme_and_performance_keep_their_shape() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    let head: Vec<&str> = readme.lines().take(5).collect();
    assert_eq!(
        head,
        [
            "# khsum",
            "",
            "```sh",
            "cargo run --release -- README.md     # build khsum and hash a real file (BLAKE3, like b3sum)",
            "cargo test                           # run the tests: every KAT on every backend this CPU has, CLI, differential",
        ]
    );
    let ci = fs::read_to_string(root.join(".ci/run")).unwrap();
    assert!(ci.contains("\nleg \"cargo test\" cargo test\n"), "{ci}");
    assert!(
        readme.lines().count() <= 300,
        "README.md: {} lines",
        readme.lines().count()
    );
    let sections: Vec<&str> = readme.lines().filter(|l| l.starts_with("## ")).collect();
    assert_eq!(
        sections,
        [
            "## Install",
            "## Common tasks",
            "## Options",
            "## Exit status",
            "## Against the peers",
            "## More"
        ]
    );
    let perf = fs::read_to_string(root.join("PERFORMANCE.md")).unwrap();
    assert!(
        perf.lines().count() <= 400,
        "PERFORMANCE.md: {} lines",
        perf.lines().count()
    );
    let sections: Vec<&str> = perf.lines().filter(|l| l.starts_with("## ")).collect();
    assert_eq!(
        sections,
        [
            "## Method",
            "## Intel Xeon with AVX-512",
            "## AMD Zen 3",
            "## AMD Zen 4",
            "## aarch64, in LLVM's cycle model"
        ]
    );
}
