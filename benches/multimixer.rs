//! Multimixer-128 throughput: khsum on every backend this CPU has, through the public
//! `Hasher` API (clone a keyed prototype, `update`, `finalize`), side by side with the
//! `multimixer-128` crate, at 32 B, 1 KiB, 8 KiB, 64 KiB and 1 MiB (key and message
//! both in memory, as long as each other).
//!
//! `cargo bench --bench multimixer -- --warm-up-time 1 --measurement-time 2`
//!
//! On a busy machine, `MM_INTERLEAVED=1 cargo bench --bench multimixer` instead runs every
//! (size, implementation) pair for about a millisecond at a time, round-robin, for a few
//! hundred rounds, and reports each pair's fastest round: the pairs see the same machine
//! load, and the minimum estimates the throughput on a quiet core.

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group};
use khsum::testutil::{TestRng, key_for};
use khsum::{Algorithm, Key, Params};
use std::time::{Duration, Instant};

const SIZES: &[usize] = &[32, 1 << 10, 8 << 10, 64 << 10, 1 << 20];

/// A key (the shared test key helper) and a random message, both `len` bytes.
fn key_and_msg(alg: &Algorithm, len: usize) -> (Key, Vec<u8>) {
    let key = key_for(alg, &[7], len).expect("multimixer-128 takes a key");
    (key, TestRng::new(11).bytes(len))
}

fn multimixer(c: &mut Criterion) {
    let alg = Algorithm::lookup("multimixer-128").unwrap();
    let mut g = c.benchmark_group("multimixer-128");
    for &len in SIZES {
        let (k, msg) = key_and_msg(alg, len);
        let key = k.bytes().to_vec();
        g.throughput(Throughput::Bytes(len as u64));
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

/// The round-robin minimum-time measurement (see the module docs).
fn interleaved() {
    let alg = Algorithm::lookup("multimixer-128").unwrap();
    let rounds: usize = std::env::var("MM_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(300);
    println!(
        "{:>8}  {:<16} {:>12} {:>9} {:>9}",
        "size", "impl", "ns", "GB/s", "x crate"
    );
    for &len in SIZES {
        let (k, msg) = key_and_msg(alg, len);
        let key = k.bytes().to_vec();
        let mut cases: Vec<(String, Box<dyn Fn()>)> = Vec::new();
        for b in alg.available_backends() {
            let proto = alg
                .hasher_on(b, Some(&k), &Params::default())
                .unwrap()
                .unwrap();
            let m = msg.clone();
            cases.push((
                format!("khsum-{b}"),
                Box::new(move || {
                    let mut h = proto.box_clone();
                    h.update(black_box(&m));
                    black_box(h.finalize().unwrap());
                }),
            ));
        }
        let (kc, mc) = (key.clone(), msg.clone());
        cases.push((
            "crate".into(),
            Box::new(move || {
                let mut dig = [0u8; 64];
                multimixer_128::multimixer_128(black_box(&kc), black_box(&mc), &mut dig);
                black_box(dig);
            }),
        ));
        // About 1 ms per sample.
        let reps = (1_000_000 / (len / 8 + 50)).max(1);
        let mut best = vec![f64::INFINITY; cases.len()];
        for _ in 0..rounds {
            for (i, (_, f)) in cases.iter().enumerate() {
                let t = Instant::now();
                for _ in 0..reps {
                    f();
                }
                let ns = t.elapsed().as_nanos() as f64 / reps as f64;
                best[i] = best[i].min(ns);
            }
        }
        let crate_ns = best[cases.len() - 1];
        for ((name, _), ns) in cases.iter().zip(&best) {
            println!(
                "{len:>8}  {name:<16} {ns:>12.1} {:>9.2} {:>9.2}",
                len as f64 / ns,
                crate_ns / ns
            );
        }
    }
}

/// `update` against `update_large` (parts hashed on the rayon pool) on the best backend,
/// for a 32 MiB input: the interleaved mode's last table.
fn large() {
    let alg = Algorithm::lookup("multimixer-128").unwrap();
    let len = 32 << 20;
    let (k, msg) = key_and_msg(alg, len);
    let proto = alg.hasher(Some(&k), &Params::default()).unwrap();
    let run = |large: bool| {
        let mut best = f64::INFINITY;
        for _ in 0..20 {
            let t = Instant::now();
            let mut h = proto.box_clone();
            if large {
                h.update_large(black_box(&msg));
            } else {
                h.update(black_box(&msg));
            }
            black_box(h.finalize().unwrap());
            best = best.min(t.elapsed().as_nanos() as f64);
        }
        best
    };
    for (name, large) in [("update", false), ("update_large", true), ("update", false)] {
        let ns = run(large);
        println!(
            "{len:>8}  {:<16} {:>12.1} {:>9.2}  ({}, {} threads)",
            name,
            ns,
            len as f64 / ns,
            proto.backend(),
            rayon::current_num_threads()
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1));
    targets = multimixer
}

fn main() {
    if std::env::var_os("MM_INTERLEAVED").is_some() {
        interleaved();
        return large();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
