//! Every algorithm's streaming API: random split points give the one-shot result, and
//! every SIMD backend gives the portable backend's result.
#![no_main]

use khsum::{Algorithm, Backend, Key, KeyRule, Params};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let algs = Algorithm::all();
    let alg = &algs[usize::from(data[0]) % algs.len()];
    let cut_a = usize::from(data[1]);
    let cut_b = usize::from(data[2]) * 7;
    let mut msg = &data[3..];
    let owned;
    if alg.key == KeyRule::SameAsMessage {
        let n = msg.len() / 32 * 32;
        if n == 0 {
            return;
        }
        owned = msg[..n].to_vec();
        msg = &owned;
    }
    let key = match alg.key {
        KeyRule::None => None,
        KeyRule::Fixed(n) => Some(Key::from_bytes((0..n).map(|i| data[i % data.len()]).collect())),
        KeyRule::Any => Some(Key::from_bytes(data[..3].to_vec())),
        KeyRule::SameAsMessage => Some(Key::from_bytes(msg.iter().map(|b| b ^ 0xa5).collect())),
    };
    let params = Params::default();
    let one_shot = |b: Backend| {
        let mut h = alg.hasher_on(b, key.as_ref(), &params)?.ok()?;
        h.update(msg);
        Some(h.finalize().ok()?)
    };
    let reference = one_shot(Backend::Portable).or_else(|| one_shot(Backend::Auto));
    let Some(reference) = reference else { return };
    for b in alg.available_backends() {
        let mut h = alg.hasher_on(b, key.as_ref(), &params).unwrap().unwrap();
        let a = cut_a.min(msg.len());
        let c = (a + cut_b).min(msg.len());
        h.update(&msg[..a]);
        h.update(&msg[a..c]);
        h.update_large(&msg[c..]);
        let got = h.finalize().unwrap();
        assert_eq!(got, reference, "{} on {b}, cuts {a} {c}, len {}", alg.name, msg.len());
    }
});
