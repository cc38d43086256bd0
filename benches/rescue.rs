//! Rescue Prime Rp64_256: one permutation and 1 MiB of bytes, on every backend this CPU
//! supports, side by side with winter-crypto 0.13.1.
//!
//! `cargo bench --bench rescue -- --warm-up-time 1 --measurement-time 2`

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use khsum::Backend;
use khsum::rescue::{Rp64_256, STATE_WIDTH};
use winter_crypto::Hasher as _;
use winter_crypto::hashers::Rp64_256 as Winter;
use winter_math::fields::f64::BaseElement;

fn rescue(c: &mut Criterion) {
    let backends: Vec<Rp64_256> = Backend::ALL
        .iter()
        .filter_map(|&b| Rp64_256::new(b))
        .collect();

    let mut g = c.benchmark_group("rp64_256-permutation");
    g.bench_function("winter-crypto", |b| {
        let mut s: [BaseElement; STATE_WIDTH] = std::array::from_fn(|i| BaseElement::new(i as u64));
        b.iter(|| Winter::apply_permutation(black_box(&mut s)))
    });
    for &rp in &backends {
        g.bench_function(rp.backend().name(), |b| {
            let mut s: [u64; STATE_WIDTH] = std::array::from_fn(|i| i as u64);
            b.iter(|| rp.apply_permutation(black_box(&mut s)))
        });
    }
    g.finish();

    const MIB: usize = 1 << 20;
    let data: Vec<u8> = (0..MIB).map(|i| (i % 251) as u8).collect();
    let mut g = c.benchmark_group("rp64_256-hash-1MiB");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(MIB as u64));
    // winter-crypto 0.13.1 panics above 56 bytes unless the length is a multiple of 7:
    // hash 1 MiB rounded down to one (4 bytes fewer).
    g.bench_function("winter-crypto", |b| {
        b.iter(|| Winter::hash(black_box(&data[..MIB / 7 * 7])))
    });
    for &rp in &backends {
        g.bench_function(rp.backend().name(), |b| {
            b.iter(|| rp.hash_bytes(black_box(&data)))
        });
    }
    g.finish();
}

criterion_group!(benches, rescue);
criterion_main!(benches);
