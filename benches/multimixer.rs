//! Multimixer-128 throughput: khsum on every backend this CPU has, through the public
//! `Hasher` API (clone a keyed prototype, `update`, `finalize`), side by side with the
//! `multimixer-128` crate, at 32 B, 1 KiB, 8 KiB, 64 KiB and 1 MiB (key and message
//! both in memory, as long as each other).
//!
//! `cargo bench --bench multimixer -- --warm-up-time 1 --measurement-time 2`

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use khsum::{Algorithm, Key, Params};

const SIZES: &[usize] = &[32, 1 << 10, 8 << 10, 64 << 10, 1 << 20];

fn bytes(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
        .collect()
}

fn multimixer(c: &mut Criterion) {
    let alg = Algorithm::lookup("multimixer-128").unwrap();
    let mut g = c.benchmark_group("multimixer-128");
    for &len in SIZES {
        let key = bytes(len, 7);
        let msg = bytes(len, 11);
        g.throughput(Throughput::Bytes(len as u64));
        let k = Key::from_bytes(key.clone());
        for b in alg.available_backends() {
            let proto = alg
                .hasher_on(b, Some(&k), &Params::default())
                .unwrap()
                .unwrap();
            g.bench_with_input(BenchmarkId::new(format!("khsum-{b}"), len), &msg, |t, m| {
                t.iter(|| {
                    let mut h = proto.box_clone();
                    h.update(black_box(m));
                    h.finalize().unwrap()
                })
            });
        }
        g.bench_with_input(BenchmarkId::new("crate", len), &msg, |t, m| {
            t.iter(|| {
                let mut dig = [0u8; 64];
                multimixer_128::multimixer_128(black_box(&key), black_box(m), &mut dig);
                dig
            })
        });
    }
    g.finish();
}

criterion_group!(benches, multimixer);
criterion_main!(benches);
