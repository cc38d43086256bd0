//! Hashes one message many times through the streaming path (copy the keyed prototype,
//! update, finalize), for counting instructions per message with callgrind, which
//! repeats exactly whatever the machine is doing. Not part of khsum.
//!
//!     cargo build --release --example stream_cost
//!     valgrind --tool=callgrind target/release/examples/stream_cost ALG BACKEND BYTES N [unkeyed]
//!
//! Instructions per message: the difference of two runs (N = 1000 and N = 21000) divided
//! by 20,000. Valgrind has no AVX-512: use the `aesni`, `avx2` or `sse4.1` backends. An
//! algorithm that takes a key is keyed unless `unkeyed` follows N (BLAKE3's plain hash).

use khsum::testutil::key_for;
use khsum::{Algorithm, Params};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (alg, backend, bytes, n, keyed) = match &args[..] {
        [_, alg, backend, bytes, n] => (alg, backend, bytes, n, true),
        [_, alg, backend, bytes, n, u] if u == "unkeyed" => (alg, backend, bytes, n, false),
        _ => panic!("usage: stream_cost ALG BACKEND BYTES N [unkeyed]"),
    };
    let alg = Algorithm::lookup(alg).expect("an algorithm khsum knows");
    let bytes: usize = bytes.parse().expect("a byte count");
    let b = alg
        .available_backends()
        .into_iter()
        .find(|b| b.name() == backend)
        .expect("a backend this CPU has");
    let key = key_for(alg, &[7], bytes).filter(|_| keyed);
    let proto = alg
        .hasher_on(b, key.as_ref(), &Params::default())
        .expect("this CPU has it")
        .expect("valid parameters");
    let msg: Vec<u8> = (0..bytes).map(|i| i as u8).collect();
    for _ in 0..n.parse::<usize>().expect("a count") {
        let mut h = proto.box_clone();
        h.update(black_box(&msg));
        black_box(h.finalize().expect("finalize"));
    }
}
