//! Multi-buffer hashing (issue 23): the known-answer vectors through every multi-buffer
//! kernel this CPU has, and the CLI's output, order, errors and exit statuses when many
//! small files are hashed in SIMD lanes. Expected digests come from the `md-5` and `sha2`
//! crates, never from khsum.

use khsum::Backend;
use khsum::mb::{self, Kind};

/// Every MD5/SHA-256/SHA-512 vector ran, and passed, on every kernel of this CPU
/// (AVX-512 kernels only where the CPU has AVX-512).
#[test]
fn every_standard_vector_on_every_multi_buffer_kernel() {
    let s = khsum::kat::run_all();
    let labels: Vec<String> = Kind::ALL
        .iter()
        .flat_map(|&k| {
            mb::available_backends()
                .into_iter()
                .map(move |b| mb::label(k, b))
        })
        .collect();
    let mb_failures: Vec<&String> = s
        .failures
        .iter()
        .filter(|f| labels.iter().any(|l| f.contains(&format!("[{l}]"))))
        .collect();
    assert!(mb_failures.is_empty(), "{mb_failures:#?}");
    let records = khsum::kat::all_records();
    for kind in Kind::ALL {
        let want = records
            .iter()
            .filter(|r| khsum::kat::record_algorithm(r).is_some_and(|a| a.name == kind.name()))
            .count();
        assert!(want >= 4, "{}: {want} records", kind.name());
        for b in mb::available_backends() {
            let key = (kind.name().to_string(), mb::label(kind, b));
            assert_eq!(s.multi_buffer.get(&key), Some(&(want, 0)), "{key:?}");
        }
    }
    assert!(mb::available_backends().contains(&Backend::Portable));
}
