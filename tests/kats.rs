//! THE known-answer harness: every record of every file in `kats/` on every backend this
//! CPU supports, whole and at many split points (see `khsum::kat::run_record`).

use khsum::kat;
use khsum::{Algorithm, Backend};

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
