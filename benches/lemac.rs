//! LeMac throughput per backend (64 B .. 1 MiB), key setup and finalization cost.
//!
//! `cargo bench --bench lemac -- --warm-up-time 1 --measurement-time 2`
//!
//! Times are this thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), not wall-clock time,
//! so that other processes on a busy machine do not inflate them (time slices taken by
//! others are not counted; cache and frequency effects still are).

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use khsum::{Algorithm, Backend, Key, Params};

/// Thread CPU time in nanoseconds, formatted like wall time.
struct ThreadCpuTime;

#[cfg(unix)]
fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a Linux constant.
    #[allow(unsafe_code)]
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// Elsewhere: wall-clock time since the first call.
#[cfg(not(unix))]
fn thread_cpu_ns() -> u64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_nanos() as u64
}

impl Measurement for ThreadCpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns() - start
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        WallTime.formatter()
    }
}

const SIZES: &[usize] = &[64, 1024, 64 * 1024, 1024 * 1024];

fn setup() -> (&'static Algorithm, Key, Params) {
    let alg = Algorithm::lookup("lemac").expect("lemac is registered");
    let key = khsum::testutil::key_for(alg, &[], 0).expect("lemac takes a key");
    let params = Params {
        out_len: None,
        nonce: Some([7; 16]),
        seek: 0,
    };
    (alg, key, params)
}

fn throughput(c: &mut Criterion<ThreadCpuTime>) {
    let (alg, key, params) = setup();
    let data = khsum::testutil::TestRng::new(1).bytes(SIZES[SIZES.len() - 1] + 64);
    let mut g = c.benchmark_group("lemac");
    for &backend in alg.available_backends().iter() {
        let proto = alg
            .hasher_on(backend, Some(&key), &params)
            .expect("available")
            .expect("valid key");
        for &size in SIZES {
            if backend == Backend::Portable && size > 64 * 1024 {
                continue;
            }
            g.throughput(Throughput::Bytes(size as u64));
            g.bench_with_input(BenchmarkId::new(backend.name(), size), &size, |b, &size| {
                b.iter(|| {
                    let mut h = proto.box_clone();
                    h.update(black_box(&data[..size]));
                    h.finalize().expect("lemac never fails")
                })
            });
        }
    }
    g.finish();
}

fn fixed_costs(c: &mut Criterion<ThreadCpuTime>) {
    let (alg, key, params) = setup();
    let mut g = c.benchmark_group("lemac-fixed");
    for &backend in alg.available_backends().iter() {
        g.bench_function(BenchmarkId::new("new", backend.name()), |b| {
            b.iter(|| alg.hasher_on(backend, Some(black_box(&key)), &params))
        });
        let proto = alg
            .hasher_on(backend, Some(&key), &params)
            .expect("available")
            .expect("valid key");
        g.bench_function(BenchmarkId::new("clone+finalize", backend.name()), |b| {
            b.iter(|| black_box(&proto).box_clone().finalize())
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = throughput, fixed_costs
}
criterion_main!(benches);
