//! SipHash throughput: khsum (through the registry and the `Hasher` trait, as the CLI
//! runs it, on every backend this CPU has) side by side with the `siphasher` crate.
//!
//! `cargo bench --bench siphash -- --warm-up-time 1 --measurement-time 2`

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use khsum::{Algorithm, Key, Params};

const SIZES: &[usize] = &[8, 64, 1024, 64 * 1024, 1 << 20];

type Peer = fn(&[u8; 16], &[u8]) -> u128;

const VARIANTS: &[(&str, Peer)] = &[
    ("siphash-2-4", |k, m| {
        u128::from(siphasher::sip::SipHasher24::new_with_key(k).hash(m))
    }),
    ("siphash-1-3", |k, m| {
        u128::from(siphasher::sip::SipHasher13::new_with_key(k).hash(m))
    }),
    ("siphash-2-4-128", |k, m| {
        siphasher::sip128::SipHasher24::new_with_key(k)
            .hash(m)
            .as_u128()
    }),
];

fn bench(c: &mut Criterion) {
    let key: [u8; 16] = core::array::from_fn(|i| (i * 29 + 7) as u8);
    let k = Key::from_bytes(key.to_vec());
    let max = *SIZES.iter().max().unwrap();
    let data: Vec<u8> = (0..max + 64).map(|i| (i % 251) as u8).collect();
    for &(name, peer) in VARIANTS {
        let alg = Algorithm::lookup(name).unwrap();
        let mut g = c.benchmark_group(name);
        for &size in SIZES {
            // Offset by one byte: inputs (mmapped files aside) are not 8-byte aligned.
            let msg = &data[1..1 + size];
            g.throughput(Throughput::Bytes(size as u64));
            for b in alg.available_backends() {
                let proto = alg
                    .hasher_on(b, Some(&k), &Params::default())
                    .unwrap()
                    .unwrap();
                g.bench_with_input(
                    BenchmarkId::new(format!("khsum-{b}"), size),
                    msg,
                    |bn, m| {
                        bn.iter(|| {
                            let mut h = proto.box_clone();
                            h.update(black_box(m));
                            h.finalize().unwrap()
                        })
                    },
                );
            }
            g.bench_with_input(BenchmarkId::new("siphasher", size), msg, |bn, m| {
                bn.iter(|| peer(black_box(&key), black_box(m)))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
