//! HighwayHash throughput: khsum on each backend this CPU has, side by side with the
//! `highway` crate (nickbabcock/highway-rs, runtime-dispatched `HighwayHasher`).
//!
//! `cargo bench --bench highway -- --warm-up-time 1 --measurement-time 2`
//!
//! - `clone/<backend>`: the CLI's path: `box_clone` of a prepared prototype hasher, one
//!   `update`, `finalize` (two heap allocations: the box and the output `Vec`).
//! - `oneshot/<backend>`: `khsum::alg::highway::hash_words` (key setup + hash, no allocation).
//! - `highway-crate`: `HighwayHasher::new(key)` + `append` + `finalize*` (the crate's
//!   `hash64/128/256`).
//! - group `highway-256MiB`: one 256 MiB buffer through `Algorithm::hasher` +
//!   `update_large`, against the crate on the same buffer.
//!
//! On a busy machine criterion's means drift between benchmarks run minutes apart. With
//! `KHSUM_BENCH_INTERLEAVED=1` the bench also prints a table measured the robust way:
//! every variant of a size timed in turn, round after round, keeping each one's fastest
//! round, so all ratios come from the same moments.

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group};
use highway::{HighwayHash, HighwayHasher, Key as HwKey, PortableHash};
use khsum::testutil::{TestRng, key_for};
use khsum::{Algorithm, Key, Params};

/// The benchmark key (the shared test key: bytes 0, 1, …, 31), as khsum takes it, as
/// bytes and as the crate's lanes.
fn keys() -> (Key, [u8; 32], HwKey) {
    let key = key_for(Algorithm::lookup("highwayhash-256").unwrap(), &[], 0).unwrap();
    let bytes: [u8; 32] = key.bytes().try_into().unwrap();
    let lanes =
        std::array::from_fn(|i| u64::from_le_bytes(bytes[8 * i..][..8].try_into().unwrap()));
    (key, bytes, HwKey(lanes))
}

fn data(len: usize) -> Vec<u8> {
    TestRng::new(len as u64).bytes(len)
}

/// The crate's output words for `d` (no allocation; unused lanes zero).
fn crate_words(h: impl HighwayHash, words: usize, d: &[u8]) -> [u64; 4] {
    match words {
        1 => [h.hash64(d), 0, 0, 0],
        2 => {
            let [a, b] = h.hash128(d);
            [a, b, 0, 0]
        }
        _ => h.hash256(d),
    }
}

/// The crate's hash of `d` as output bytes, for checking that both sides agree.
fn crate_hash(lanes: HwKey, words: usize, d: &[u8]) -> Vec<u8> {
    let w = crate_words(HighwayHasher::new(lanes), words, d);
    w[..words].iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn sizes(c: &mut Criterion) {
    let (key, key_bytes, lanes) = keys();
    for (name, words) in [
        ("highwayhash-64", 1usize),
        ("highwayhash-128", 2),
        ("highwayhash-256", 4),
    ] {
        let alg = Algorithm::lookup(name).unwrap();
        let mut g = c.benchmark_group(name);
        for len in [64usize, 1024, 64 << 10, 1 << 20] {
            let d = data(len);
            let want = crate_hash(lanes, words, &d);
            g.throughput(Throughput::Bytes(len as u64));
            for b in alg.available_backends() {
                let proto = alg
                    .hasher_on(b, Some(&key), &Params::default())
                    .unwrap()
                    .unwrap();
                let mut check = proto.box_clone();
                check.update(&d);
                assert_eq!(check.finalize().unwrap(), want, "{name} {b}");
                g.bench_with_input(BenchmarkId::new(format!("clone/{b}"), len), &d, |bn, d| {
                    bn.iter(|| {
                        let mut h = proto.box_clone();
                        h.update(black_box(d));
                        h.finalize().unwrap()
                    })
                });
                g.bench_with_input(
                    BenchmarkId::new(format!("oneshot/{b}"), len),
                    &d,
                    |bn, d| {
                        bn.iter(|| {
                            khsum::alg::highway::hash_words(b, words, &key_bytes, black_box(d))
                                .unwrap()
                        })
                    },
                );
            }
            g.bench_with_input(BenchmarkId::new("highway-crate", len), &d, |bn, d| {
                bn.iter(|| crate_words(HighwayHasher::new(lanes), words, black_box(d)))
            });
        }
        g.finish();
    }
}

fn large(c: &mut Criterion) {
    let len = 256usize << 20;
    let d = data(len);
    let (key, _, lanes) = keys();
    let alg = Algorithm::lookup("highwayhash-256").unwrap();
    let mut g = c.benchmark_group("highway-256MiB");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(len as u64));
    g.bench_function(format!("khsum-update_large/{}", alg.best_backend()), |bn| {
        bn.iter(|| {
            let mut h = alg.hasher(Some(&key), &Params::default()).unwrap();
            h.update_large(black_box(&d));
            h.finalize().unwrap()
        })
    });
    g.bench_function("highway-crate", |bn| {
        bn.iter(|| HighwayHasher::new(lanes).hash256(black_box(&d)))
    });
    g.finish();
}

/// The interleaved minimum-of-rounds table (see the module docs).
fn interleaved() {
    type Variant<'a> = (String, Box<dyn FnMut() + 'a>);
    let (key, key_bytes, lanes) = keys();
    for (name, words) in [
        ("highwayhash-64", 1usize),
        ("highwayhash-128", 2),
        ("highwayhash-256", 4),
    ] {
        let alg = Algorithm::lookup(name).unwrap();
        for len in [64usize, 1024, 64 << 10, 1 << 20] {
            let d = data(len);
            let mut vs: Vec<Variant> = vec![(
                "highway-crate".into(),
                Box::new(|| {
                    let h = HighwayHasher::new(lanes);
                    black_box(crate_words(h, words, black_box(&d)));
                }),
            )];
            // The crate's own SSE4.1 and portable paths, the fair match for ours.
            #[cfg(target_arch = "x86_64")]
            if highway::SseHash::new(lanes).is_some() {
                vs.push((
                    "crate-sse4.1".into(),
                    Box::new(|| {
                        let h = highway::SseHash::new(lanes).unwrap();
                        black_box(crate_words(h, words, black_box(&d)));
                    }),
                ));
            }
            vs.push((
                "crate-portable".into(),
                Box::new(|| {
                    let h = PortableHash::new(lanes);
                    black_box(crate_words(h, words, black_box(&d)));
                }),
            ));
            for b in alg.available_backends() {
                let proto = alg
                    .hasher_on(b, Some(&key), &Params::default())
                    .unwrap()
                    .unwrap();
                let d = &d;
                vs.push((
                    format!("clone/{b}"),
                    Box::new(move || {
                        let mut h = proto.box_clone();
                        h.update(black_box(d));
                        black_box(h.finalize().unwrap());
                    }),
                ));
                vs.push((
                    format!("oneshot/{b}"),
                    Box::new(move || {
                        black_box(
                            khsum::alg::highway::hash_words(b, words, &key_bytes, black_box(d))
                                .unwrap(),
                        );
                    }),
                ));
            }
            let iters = (1 << 20) / (len + 64) + 1;
            let mut best = vec![f64::MAX; vs.len()];
            for _ in 0..200 {
                for (i, (_, f)) in vs.iter_mut().enumerate() {
                    let t = std::time::Instant::now();
                    for _ in 0..iters {
                        f();
                    }
                    best[i] = best[i].min(t.elapsed().as_nanos() as f64 / iters as f64);
                }
            }
            print!("{name:>16} {len:>8} B: highway-crate {:>10.1} ns", best[0]);
            for (i, (n, _)) in vs.iter().enumerate().skip(1) {
                print!(" | {n} {:.1} ({:.2}x)", best[i], best[0] / best[i]);
            }
            println!();
        }
    }
}

criterion_group!(benches, sizes, large);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    if std::env::var_os("KHSUM_BENCH_INTERLEAVED").is_some() {
        interleaved();
    }
}
