//! SipHash throughput: khsum (through the registry and the `Hasher` trait, as the CLI
//! runs it, on every backend this CPU has) side by side with the `siphasher` crate.
//!
//! `cargo bench --bench siphash -- --warm-up-time 1 --measurement-time 2`

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use khsum::testutil::{TestRng, key_for};
use khsum::{Algorithm, Params};

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
    // The shared test key (every SipHash entry takes 16 bytes) and random data.
    let k = key_for(Algorithm::lookup("siphash-2-4").unwrap(), b"bench", 0).unwrap();
    let key: [u8; 16] = k.bytes().try_into().unwrap();
    let max = *SIZES.iter().max().unwrap();
    let data = TestRng::new(1).bytes(max + 64);
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
