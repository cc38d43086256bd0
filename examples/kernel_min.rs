//! Minimum-of-N timing of one algorithm on one backend, for a machine others are using:
//! one message hashed many times through the one-call path, each call timed alone; the
//! fastest calls are the ones no other process interrupted. Not part of khsum.
//!
//!     cargo build --release --example kernel_min
//!     target/release/examples/kernel_min ALG BACKEND BYTES [CALLS]
//!
//! Prints the minimum and the 5th percentile in ns/byte and in cycles/byte at the nominal
//! clock given by `KHSUM_GHZ` (default 2.45, this VM's TSC frequency), which is not the
//! boosted clock, so compare algorithms with each other, not with cycle counts elsewhere.

use khsum::testutil::{TestRng, key_for};
use khsum::{Algorithm, Params};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (alg, backend, bytes) = match &args[1..] {
        [a, b, n] | [a, b, n, _] => (a, b, n),
        _ => panic!("usage: kernel_min ALG BACKEND BYTES [CALLS]"),
    };
    let calls: usize = args.get(4).map_or(2000, |c| c.parse().expect("a count"));
    let alg = Algorithm::lookup(alg).expect("an algorithm khsum knows");
    let bytes: usize = bytes.parse().expect("a byte count");
    let b = alg
        .available_backends()
        .into_iter()
        .find(|b| b.name() == backend)
        .expect("a backend this CPU has");
    let key = key_for(alg, &[7], bytes);
    let params = Params {
        nonce: alg.nonce.then_some([0; 16]),
        ..Params::default()
    };
    let proto = alg
        .hasher_on(b, key.as_ref(), &params)
        .expect("this CPU has it")
        .expect("a valid configuration");
    let msg = TestRng::new(1).bytes(bytes);
    let mut times: Vec<f64> = (0..calls)
        .map(|_| {
            let t = Instant::now();
            black_box(proto.digest_whole(black_box(&msg)).expect("digest"));
            t.elapsed().as_secs_f64() * 1e9 / bytes as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let ghz: f64 = std::env::var("KHSUM_GHZ").map_or(2.45, |g| g.parse().expect("GHz"));
    let p5 = times[calls / 20];
    println!(
        "{} {} {} B: min {:.4} ns/B ({:.3} c/B, {:.1} ns a call), p5 {:.4} ns/B ({:.3} c/B)",
        alg.name,
        b,
        bytes,
        times[0],
        times[0] * ghz,
        times[0] * bytes as f64,
        p5,
        p5 * ghz
    );
}
