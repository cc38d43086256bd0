//! `khsum selftest`: every known-answer vector (embedded at build time) on every backend
//! this CPU supports; one line per algorithm × backend; non-zero exit on any mismatch.

use crate::report::{Out, Status};

pub fn run() -> Status {
    let mut out = Out::new();
    let s = khsum::tools::kat::run_all();
    let mut text = String::new();
    // In registry order, each algorithm's backends best first.
    let rows = khsum::Algorithm::all().iter().flat_map(|a| {
        a.available_backends()
            .into_iter()
            .filter_map(|b| s.per_backend.get_key_value(&(a.name.to_string(), b)))
    });
    for ((alg, backend), (pass, fail)) in rows {
        let verdict = if *fail == 0 { "ok" } else { "FAILED" };
        text.push_str(&format!(
            "{alg:<16} {:<12} {pass:>4} passed {fail:>3} failed  {verdict}\n",
            backend.name()
        ));
    }
    // The multi-buffer kernels (MD5, SHA-256, SHA-512, BLAKE3 in SIMD lanes), named by lanes.
    for ((alg, kernel), (pass, fail)) in &s.multi_buffer {
        let verdict = if *fail == 0 { "ok" } else { "FAILED" };
        text.push_str(&format!(
            "{alg:<16} {kernel:<12} {pass:>4} passed {fail:>3} failed  {verdict}\n"
        ));
    }
    out.write(text.as_bytes());
    for f in &s.failures {
        out.warn(&format!("selftest: {f}"));
    }
    let status = if s.failures.is_empty() {
        Status::Ok
    } else {
        out.warn(&format!("selftest: {} vector(s) FAILED", s.failures.len()));
        Status::Failed
    };
    out.finish(status)
}
