//! Rescue Prime Rp64_256: one permutation, a batch of permutations (`permute_many`, time
//! per permutation) and 1 MiB of bytes, on every backend this CPU supports, side by side
//! with winter-crypto 0.13.1 (which has no batched form: its figure for the batch is
//! `apply_permutation` called once per state).
//!
//! `cargo bench --bench rescue -- --warm-up-time 1 --measurement-time 2`
//!
//! On a loaded machine criterion's means wander with the load. With
//! `RESCUE_BENCH_MIN=1` the bench instead alternates the implementations in one loop and
//! prints each one's fastest time (the least disturbed), and its ratio to winter-crypto's.

use criterion::{Criterion, Throughput, black_box};
use khsum::Backend;
use khsum::alg::rescue::{Rp64_256, STATE_WIDTH};
use std::time::Instant;
use winter_crypto::Hasher as _;
use winter_crypto::hashers::Rp64_256 as Winter;
use winter_math::fields::f64::BaseElement;

const MIB: usize = 1 << 20;
/// States per `permute_many` call in the batch benchmark.
const BATCH: usize = 16;

fn backends() -> Vec<Rp64_256> {
    Backend::ALL
        .iter()
        .filter_map(|&b| Rp64_256::new(b))
        .collect()
}

fn data() -> Vec<u8> {
    khsum::testutil::TestRng::new(1).bytes(MIB)
}

/// winter-crypto 0.13.1 panics above 56 bytes unless the length is a multiple of 7: it
/// hashes 1 MiB rounded down to one (4 bytes fewer).
fn winter_len() -> usize {
    MIB / 7 * 7
}

fn rescue(c: &mut Criterion) {
    let backends = backends();
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

    let mut g = c.benchmark_group("rp64_256-permute-many-16");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.bench_function("winter-crypto", |b| {
        let mut s: Vec<[BaseElement; STATE_WIDTH]> =
            vec![std::array::from_fn(|i| BaseElement::new(i as u64)); BATCH];
        b.iter(|| {
            for x in black_box(&mut s).iter_mut() {
                Winter::apply_permutation(x);
            }
        })
    });
    for &rp in &backends {
        g.bench_function(rp.backend().name(), |b| {
            let mut s: Vec<[u64; STATE_WIDTH]> = vec![std::array::from_fn(|i| i as u64); BATCH];
            b.iter(|| rp.permute_many(black_box(&mut s)))
        });
    }
    g.finish();

    let data = data();
    let mut g = c.benchmark_group("rp64_256-hash-1MiB");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(MIB as u64));
    g.bench_function("winter-crypto", |b| {
        b.iter(|| Winter::hash(black_box(&data[..winter_len()])))
    });
    for &rp in &backends {
        g.bench_function(rp.backend().name(), |b| {
            b.iter(|| rp.hash_bytes(black_box(&data)))
        });
    }
    g.finish();
}

/// Fastest of `rounds` timings of `reps` calls of each closure, the closures taking
/// turns so that all see the same machine load.
fn fastest(rounds: usize, reps: u32, fs: &mut [Box<dyn FnMut() + '_>]) -> Vec<f64> {
    let mut best = vec![f64::MAX; fs.len()];
    for _ in 0..rounds {
        for (b, f) in best.iter_mut().zip(fs.iter_mut()) {
            let t = Instant::now();
            for _ in 0..reps {
                f();
            }
            *b = b.min(t.elapsed().as_secs_f64() / f64::from(reps));
        }
    }
    best
}

fn min_mode() {
    let backends = backends();
    let names: Vec<&str> = std::iter::once("winter-crypto")
        .chain(backends.iter().map(|r| r.backend().name()))
        .collect();

    let mut ws: [BaseElement; STATE_WIDTH] = std::array::from_fn(|i| BaseElement::new(i as u64));
    let mut ss: Vec<[u64; STATE_WIDTH]> = backends
        .iter()
        .map(|_| std::array::from_fn(|i| i as u64))
        .collect();
    let mut fs: Vec<Box<dyn FnMut()>> =
        vec![Box::new(|| Winter::apply_permutation(black_box(&mut ws)))];
    for (rp, s) in backends.iter().zip(ss.iter_mut()) {
        fs.push(Box::new(move || rp.apply_permutation(black_box(s))));
    }
    let perm = fastest(400, 20, &mut fs);
    drop(fs);

    let mut wb: Vec<[BaseElement; STATE_WIDTH]> =
        vec![std::array::from_fn(|i| BaseElement::new(i as u64)); BATCH];
    let mut sb: Vec<Vec<[u64; STATE_WIDTH]>> = backends
        .iter()
        .map(|_| vec![std::array::from_fn(|i| i as u64); BATCH])
        .collect();
    let mut fs: Vec<Box<dyn FnMut()>> = vec![Box::new(|| {
        for x in black_box(&mut wb).iter_mut() {
            Winter::apply_permutation(x);
        }
    })];
    for (rp, s) in backends.iter().zip(sb.iter_mut()) {
        fs.push(Box::new(move || rp.permute_many(black_box(s))));
    }
    let batch: Vec<f64> = fastest(100, 4, &mut fs)
        .into_iter()
        .map(|t| t / BATCH as f64)
        .collect();
    drop(fs);

    let data = data();
    let mut fs: Vec<Box<dyn FnMut()>> = vec![Box::new(|| {
        black_box(Winter::hash(black_box(&data[..winter_len()])));
    })];
    for rp in &backends {
        fs.push(Box::new(|| {
            black_box(rp.hash_bytes(black_box(&data)));
        }));
    }
    let hash = fastest(8, 1, &mut fs);

    println!(
        "{:<14} {:>12} {:>7} {:>14} {:>7} {:>14} {:>7}",
        "", "permutation", "ratio", "batch (/perm)", "ratio", "1 MiB (MB/s)", "ratio"
    );
    for (i, n) in names.iter().enumerate() {
        let mbs = |t: f64, len: usize| len as f64 / t / 1e6;
        let len = if i == 0 { winter_len() } else { MIB };
        println!(
            "{n:<14} {:>9.3} µs {:>7.3} {:>11.3} µs {:>7.3} {:>14.2} {:>7.3}",
            perm[i] * 1e6,
            perm[i] / perm[0],
            batch[i] * 1e6,
            batch[i] / batch[0],
            mbs(hash[i], len),
            mbs(hash[i], len) / mbs(hash[0], winter_len()),
        );
    }
}

fn main() {
    if std::env::var_os("RESCUE_BENCH_MIN").is_some() {
        min_mode();
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    rescue(&mut c);
    c.final_summary();
}
