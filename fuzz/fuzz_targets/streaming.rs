//! Every algorithm's streaming API: random split points give the one-shot result, and
//! every SIMD backend gives the portable backend's result.
#![no_main]

use khsum::testutil::{key_for, pieces};
use khsum::{Algorithm, Backend, KeyRule, Params};
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
    let key = key_for(alg, &data[..3], msg.len());
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
        let [p, q, rest] = pieces(msg, &[cut_a, cut_a + cut_b])[..] else {
            unreachable!()
        };
        h.update(p);
        h.update(q);
        h.update_large(rest);
        let got = h.finalize().unwrap();
        let (a, c) = (p.len(), p.len() + q.len());
        assert_eq!(
            got,
            reference,
            "{} on {b}, cuts {a} {c}, len {}",
            alg.name,
            msg.len()
        );
    }
});
