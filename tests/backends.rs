//! Backend equivalence: for every algorithm, every backend this CPU has gives the
//! portable backend's result, for random keys, lengths 0..=100,000 and random splits.

use khsum::testutil::{TestRng, key_for, pieces};
use khsum::{Algorithm, Backend, Key, KeyRule, Params};
use proptest::prelude::*;

fn digest(
    alg: &Algorithm,
    backend: Backend,
    key: Option<&Key>,
    msg: &[u8],
    splits: &[usize],
) -> Option<Result<Vec<u8>, khsum::Error>> {
    let params = Params {
        nonce: (alg.name == "lemac").then_some([0x5a; 16]),
        ..Params::default()
    };
    let mut h = match alg.hasher_on(backend, key, &params)? {
        Ok(h) => h,
        Err(e) => return Some(Err(e)),
    };
    let parts = pieces(msg, splits);
    let (last, first) = parts.split_last().expect("at least one piece");
    for p in first {
        h.update(p);
    }
    h.update_large(last);
    Some(h.finalize())
}

fn check(alg: &Algorithm, seed: &[u8], msg: &[u8], splits: &[usize]) -> Result<(), TestCaseError> {
    let msg = if alg.key == KeyRule::SameAsMessage {
        // Multimixer-128 takes a non-zero multiple of 32 bytes (an empty draw becomes 32
        // zero bytes: cycling an empty message would stay empty).
        let n = (msg.len() / 32).max(1) * 32;
        &(0..n)
            .map(|i| msg.get(i % msg.len().max(1)).copied().unwrap_or(0))
            .collect::<Vec<u8>>()[..]
    } else {
        msg
    };
    let key = key_for(alg, seed, msg.len());
    let reference = match digest(alg, Backend::Portable, key.as_ref(), msg, &[]) {
        None => return Ok(()), // the algorithm has no portable backend (crate-dispatched)
        Some(r) => r.map_err(|e| TestCaseError::fail(e.to_string()))?,
    };
    for b in alg.available_backends() {
        let got = digest(alg, b, key.as_ref(), msg, splits).unwrap();
        let got = got.map_err(|e| TestCaseError::fail(format!("{b}: {e}")))?;
        prop_assert_eq!(
            hex::encode(&got),
            hex::encode(&reference),
            "{} on {} differs from portable (len {}, splits {:?})",
            alg.name,
            b,
            msg.len(),
            splits
        );
    }
    Ok(())
}

fn lengths() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..=300, 0usize..=4096, 0usize..=100_000]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_backend_equals_portable(
        seed in proptest::collection::vec(any::<u8>(), 1..64),
        len in lengths(),
        fill in any::<u64>(),
        splits in proptest::collection::vec(any::<usize>(), 0..6),
    ) {
        let msg = TestRng::new(fill).bytes(len);
        for alg in Algorithm::all() {
            check(alg, &seed, &msg, &splits)?;
        }
    }
}
