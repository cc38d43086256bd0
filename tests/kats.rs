//! THE known-answer harness: every record of every file in `kats/` on every backend this
//! CPU supports, whole and at many split points (see `khsum::tools::kat::run_record`).

use khsum::tools::kat;
use khsum::{Algorithm, Backend};
use std::fs;
use std::path::Path;

#[test]
fn every_vector_on_every_available_backend() {
    let s = kat::run_all();
    for ((alg, backend), (pass, fail)) in &s.per_backend {
        eprintln!("{alg:>16} {backend:<12} {pass:>4} passed {fail:>3} failed");
    }
    assert!(
        s.failures.is_empty(),
        "{} failures:\n{}",
        s.failures.len(),
        s.failures.join("\n")
    );
    // Every record ran once on every available backend of its algorithm.
    let runs: usize = s.per_backend.values().map(|(p, f)| p + f).sum();
    let want: usize = kat::all_records()
        .iter()
        .map(|r| kat::record_algorithm(r).map_or(0, |a| a.available_backends().len()))
        .sum();
    assert_eq!(runs, want, "records × backends run");
    // Every backend each algorithm lists and this CPU has was exercised.
    for a in Algorithm::all() {
        for b in a.available_backends() {
            let n = s
                .per_backend
                .get(&(a.name.to_string(), b))
                .map_or(0, |x| x.0);
            assert!(n > 0, "{} on {b}: no vector passed", a.name);
        }
    }
}

/// Every file in `kats/` is used: each `.kat` file is embedded (byte for byte) in
/// `kat::FILES`, which `run_all` runs, and has records the harness knows; every other file
/// but the README is embedded by some `include_str!` under `src/`.
#[test]
fn every_file_in_kats_is_embedded_and_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = String::new();
    let mut dirs = vec![root.join("src")];
    while let Some(d) = dirs.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                sources += &fs::read_to_string(&p).unwrap();
            }
        }
    }
    let mut kat_files = 0;
    for e in fs::read_dir(root.join("kats")).unwrap() {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if name == "README.md" {
            continue;
        }
        if name.ends_with(".kat") {
            kat_files += 1;
            let Some(&(file, text)) = kat::FILES.iter().find(|(f, _)| *f == name) else {
                panic!("kats/{name} is not in khsum::tools::kat::FILES: its vectors never run");
            };
            assert_eq!(
                text,
                fs::read_to_string(&path).unwrap(),
                "kats/{name} differs from the embedded copy"
            );
            let recs = kat::parse(file, text);
            assert!(!recs.is_empty(), "kats/{name} has no records");
            for r in &recs {
                assert!(
                    kat::record_algorithm(r).is_some(),
                    "{}: unknown alg",
                    r.location()
                );
            }
        } else {
            assert!(
                sources.contains(&format!("kats/{name}\")")),
                "kats/{name} is not embedded by any include_str! under src/"
            );
        }
    }
    assert_eq!(
        kat_files,
        kat::FILES.len(),
        "kat::FILES names a file not in kats/"
    );
}

#[test]
fn every_algorithm_has_vectors() {
    let recs = kat::all_records();
    for a in Algorithm::all() {
        let n = recs
            .iter()
            .filter(|r| kat::record_algorithm(r).is_some_and(|x| x == a))
            .count();
        assert!(n > 0, "{} has no known-answer vector in kats/", a.name);
    }
}

#[test]
fn a_wrong_vector_is_caught() {
    // The harness itself must be able to fail: corrupt one expected output.
    let text: &'static str = Box::leak(
        "alg=sha256 len=3 msg=hex:616263 out=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ae\n"
            .to_string()
            .into_boxed_str(),
    );
    let r = &kat::parse("test", text)[0];
    assert!(matches!(
        kat::run_record(r, Backend::Auto),
        kat::Outcome::Fail(_)
    ));
}
