//! Small messages through the CLI's one-call path (`Hasher::digest_whole_into` on a keyed
//! prototype, the digest written into a caller's buffer), side by side with each peer
//! crate's one-call function, measured in the same run:
//!
//! - HighwayHash-64/128/256 against the `highway` crate (`HighwayHasher::new(key)` +
//!   `hash64/128/256`);
//! - SipHash-2-4 and SipHash-1-3 (64-bit tags) against `siphasher`'s `hash` on a keyed
//!   hasher (`SipHasher24::new_with_key(key).hash(data)`);
//! - LeMac (no peer crate; `bash benches/lemac_cpp.sh` compares it with the C++ one-shot)
//!   and every other algorithm, for the per-message fixed cost.
//!
//! Run: `cargo bench --bench small` (all), `cargo bench --bench small -- highway` (names
//! containing "highway").
//!
//! Method: for each case, the variants run in turn, round after round (41 rounds of about
//! 20 ms each), and each figure is the median over rounds of this thread's CPU time per
//! message (`CLOCK_THREAD_CPUTIME_ID`, so time slices given to other processes do not
//! count). `ratio` = khsum time / peer time (below 1.0: khsum is faster).

use khsum::testutil::{TestRng, key_for};
use khsum::{Algorithm, Params};
use std::hash::Hasher as _;
use std::hint::black_box;

/// This thread's CPU time in nanoseconds (Unix), so that other processes on a busy
/// machine do not count.
#[cfg(unix)]
fn cpu_ns() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    #[allow(unsafe_code)]
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0);
    ts.tv_sec as f64 * 1e9 + ts.tv_nsec as f64
}

/// Elsewhere, wall-clock time since the first call.
#[cfg(not(unix))]
fn cpu_ns() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_nanos() as f64
}

/// Median time per call of each closure, the closures run in turn round after round.
fn interleaved(fs: &mut [&mut dyn FnMut()]) -> Vec<f64> {
    // Calibrate: calls per round for about 20 ms of the slowest.
    let mut iters = 1usize;
    loop {
        let t0 = cpu_ns();
        for f in fs.iter_mut() {
            for _ in 0..iters {
                f();
            }
        }
        if cpu_ns() - t0 > 20e6 || iters > 1 << 26 {
            break;
        }
        iters *= 2;
    }
    let mut t: Vec<Vec<f64>> = vec![Vec::new(); fs.len()];
    for _ in 0..41 {
        for (f, times) in fs.iter_mut().zip(&mut t) {
            let t0 = cpu_ns();
            for _ in 0..iters {
                f();
            }
            times.push((cpu_ns() - t0) / iters as f64);
        }
    }
    t.into_iter()
        .map(|mut v| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        })
        .collect()
}

fn proto(name: &str) -> (&'static Algorithm, Box<dyn khsum::Hasher>) {
    let alg = Algorithm::lookup(name).expect("registered");
    let key = key_for(alg, &[], 0);
    let params = Params {
        out_len: None,
        nonce: (name == "lemac").then_some([7; 16]),
        seek: 0,
    };
    let h = alg.hasher(key.as_ref(), &params).expect("valid key");
    (alg, h)
}

fn main() {
    let filter: Option<String> = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-') && a != "small");
    let wanted = |name: &str| filter.as_ref().is_none_or(|f| name.contains(f.as_str()));
    println!(
        "CPU: {}; khsum's one-call path (digest_whole_into) vs the peer crate's one-call \
         function; thread CPU time, median of 41 interleaved rounds",
        khsum::tools::measure::cpu_info(std::time::Duration::from_millis(1)).model
    );
    println!(
        "{:<18} {:>6} {:>9} {:>12} {:>10} {:>6}",
        "algorithm", "bytes", "backend", "khsum ns", "peer ns", "ratio"
    );
    let mut out = [0u8; 64];
    for (name, words) in [
        ("highwayhash-64", 1usize),
        ("highwayhash-128", 2),
        ("highwayhash-256", 4),
    ] {
        if !wanted(name) {
            continue;
        }
        let (alg, h) = proto(name);
        let key = key_for(alg, &[], 0).expect("keyed");
        let lanes: [u64; 4] = std::array::from_fn(|i| {
            u64::from_le_bytes(key.bytes()[8 * i..][..8].try_into().unwrap())
        });
        for size in [64usize, 1024] {
            let data = TestRng::new(size as u64).bytes(size);
            let n = h.output_len();
            h.digest_whole_into(&data, &mut out[..n]).unwrap();
            let peer = |d: &[u8]| -> [u64; 4] {
                use highway::HighwayHash;
                let hh = highway::HighwayHasher::new(highway::Key(lanes));
                match words {
                    1 => [hh.hash64(d), 0, 0, 0],
                    2 => {
                        let [a, b] = hh.hash128(d);
                        [a, b, 0, 0]
                    }
                    _ => hh.hash256(d),
                }
            };
            let want: Vec<u8> = peer(&data)[..words]
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect();
            assert_eq!(&out[..n], &want[..], "{name} {size}");
            let t = interleaved(&mut [
                &mut || {
                    h.digest_whole_into(black_box(&data), &mut out[..n])
                        .unwrap();
                    black_box(&out);
                },
                &mut || {
                    black_box(peer(black_box(&data)));
                },
            ]);
            row(name, size, h.backend().name(), t[0], Some(t[1]));
        }
    }
    for (name, c) in [("siphash-2-4", 2), ("siphash-1-3", 1)] {
        if !wanted(name) {
            continue;
        }
        let (alg, h) = proto(name);
        let key: [u8; 16] = key_for(alg, &[], 0)
            .expect("keyed")
            .bytes()
            .try_into()
            .unwrap();
        for size in [8usize, 32, 64, 1024] {
            let data = TestRng::new(size as u64).bytes(size);
            let peer = |d: &[u8]| -> u64 {
                if c == 2 {
                    let mut s = siphasher::sip::SipHasher24::new_with_key(&key);
                    s.write(d);
                    s.finish()
                } else {
                    let mut s = siphasher::sip::SipHasher13::new_with_key(&key);
                    s.write(d);
                    s.finish()
                }
            };
            h.digest_whole_into(&data, &mut out[..8]).unwrap();
            assert_eq!(out[..8], peer(&data).to_le_bytes(), "{name} {size}");
            let t = interleaved(&mut [
                &mut || {
                    h.digest_whole_into(black_box(&data), &mut out[..8])
                        .unwrap();
                    black_box(&out);
                },
                &mut || {
                    black_box(peer(black_box(&data)));
                },
            ]);
            row(name, size, h.backend().name(), t[0], Some(t[1]));
        }
    }
    // The others: the per-message cost of the one-call path, no peer in this table.
    for alg in Algorithm::all() {
        let name = alg.name;
        if name.starts_with("highwayhash") || name.starts_with("siphash") || !wanted(name) {
            continue;
        }
        if name == "multimixer-128" {
            continue; // Its key must be as long as the message.
        }
        let (_, h) = proto(name);
        let n = h.output_len();
        // BLAKE3 also unkeyed: `khsum FILE`'s default, a path of its own (the crate's
        // one-call `blake3::hash`); the keyed one copies the keyed state.
        let unkeyed = (name == "blake3").then(|| {
            alg.hasher(None, &Params::default())
                .expect("unkeyed BLAKE3")
        });
        for size in [64usize, 1024] {
            if let Some(u) = &unkeyed {
                let data = TestRng::new(size as u64).bytes(size);
                let mut out = vec![0u8; n];
                let t = interleaved(&mut [&mut || {
                    u.digest_whole_into(black_box(&data), &mut out).unwrap();
                    black_box(&out);
                }]);
                row("blake3 (unkeyed)", size, u.backend().name(), t[0], None);
            }
            let data = TestRng::new(size as u64).bytes(size);
            let mut out = vec![0u8; n];
            let t = interleaved(&mut [&mut || {
                h.digest_whole_into(black_box(&data), &mut out).unwrap();
                black_box(&out);
            }]);
            row(name, size, h.backend().name(), t[0], None);
        }
    }
}

fn row(name: &str, size: usize, backend: &str, ours: f64, peer: Option<f64>) {
    match peer {
        Some(p) => println!(
            "{name:<18} {size:>6} {backend:>9} {ours:>12.1} {p:>10.1} {:>6.2}",
            ours / p
        ),
        None => println!(
            "{name:<18} {size:>6} {backend:>9} {ours:>12.1} {:>10} {:>6}",
            "-", "-"
        ),
    }
}
