//! Backend equivalence: for every algorithm, every backend this CPU has gives the
//! portable backend's result, for random keys, lengths 0..=100,000 and random splits, and
//! at each length of the algorithm's boundary table (±1), whole and split there.

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
        nonce: alg.nonce.then_some([0x5a; 16]),
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

/// The boundary table (`Algorithm::boundaries`: block sizes, SIMD widths, thresholds),
/// each length one less and one more, on every backend: equal to the portable backend,
/// and streamed in pieces cut at the table's lengths and in one call (`digest_whole`)
/// equal to one `update`.
#[test]
fn boundary_lengths_on_every_backend() {
    for alg in Algorithm::all() {
        assert!(
            !alg.boundaries.is_empty(),
            "{} has no boundary table",
            alg.name
        );
        let lens: Vec<usize> = [0, 1]
            .into_iter()
            .chain(alg.boundaries.iter().flat_map(|&b| [b - 1, b, b + 1]))
            .collect();
        for len in lens {
            let msg = TestRng::new(len as u64).bytes(len);
            let splits: Vec<usize> = alg.boundaries.to_vec();
            check(alg, b"boundary", &msg, &splits).unwrap();
            check(alg, b"boundary", &msg, &[]).unwrap();
            if alg.key == KeyRule::SameAsMessage {
                continue; // a non-zero multiple of 32 bytes: covered by `check`
            }
            let key = key_for(alg, b"boundary", len);
            for b in alg.available_backends() {
                let whole = digest(alg, b, key.as_ref(), &msg, &[]).unwrap().unwrap();
                let split = digest(alg, b, key.as_ref(), &msg, &splits)
                    .unwrap()
                    .unwrap();
                assert_eq!(whole, split, "{} on {b}, length {len}", alg.name);
                let params = Params {
                    nonce: alg.nonce.then_some([0x5a; 16]),
                    ..Params::default()
                };
                let proto = alg.hasher_on(b, key.as_ref(), &params).unwrap().unwrap();
                let one_call = proto.digest_whole(&msg).unwrap();
                assert_eq!(
                    &one_call[..],
                    &whole[..],
                    "{} on {b}, one call, length {len}",
                    alg.name
                );
            }
        }
    }
}

/// `KHSUM_DISABLE_BACKENDS` turns a backend off as if the CPU lacked it: `khsum list` no
/// longer offers it, and the algorithm hashes on its next backend, to the same digest.
#[test]
fn a_disabled_backend_is_neither_listed_nor_used() {
    use crate::util::{Dir, s};
    let (alg, b) = Algorithm::all()
        .iter()
        .filter(|a| a.key == KeyRule::None)
        .find_map(|a| {
            let b = a.best_backend();
            (b != Backend::Portable && b != Backend::Auto).then_some((a, b))
        })
        .expect("an unkeyed algorithm with a SIMD backend on this CPU");
    let d = Dir::new();
    d.create("f", vec![0x61; 100_000]);
    let backends_listed = |disable: &str| {
        let r = d
            .command()
            .env(khsum::backend::DISABLE_ENV, disable)
            .args(["list"])
            .run();
        assert_eq!(r.code, 0);
        let out = s(&r.out);
        let header = out.lines().next().unwrap();
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(alg.name))
            .unwrap();
        // The BACKEND and AVAILABLE BACKENDS columns, where the header puts them.
        let col = |h: &str| {
            line[header.find(h).unwrap()..]
                .split_whitespace()
                .next()
                .unwrap()
        };
        let all = col("AVAILABLE")
            .split(',')
            .map(str::to_string)
            .collect::<Vec<_>>();
        // `sha-ni, avx2x8 lanes`: the single-stream backend comes first.
        (col("BACKEND").trim_end_matches(',').to_string(), all)
    };
    let (best, all) = backends_listed("");
    assert_eq!(best, b.name());
    assert!(all.contains(&b.name().to_string()), "{all:?}");
    let (best, all) = backends_listed(&format!("nonsense, {}", b.name()));
    assert_ne!(best, b.name());
    assert!(!all.contains(&b.name().to_string()), "{all:?}");
    let hash = |disable: &str| {
        let r = d
            .command()
            .env(khsum::backend::DISABLE_ENV, disable)
            .args(["-a", alg.name, "f"])
            .run();
        assert_eq!((r.code, r.err.as_str()), (0, ""));
        s(&r.out)
    };
    assert_eq!(hash(b.name()), hash(""));
}

/// `khsum list` names the multi-buffer kernel each algorithm's small inputs run in on this
/// CPU after its single-stream backend (`portable, avx2x8 lanes`), and only for those.
#[test]
fn list_shows_the_lanes_small_inputs_run_in() {
    use crate::util::{Dir, s};
    use khsum::alg::lanes;
    let r = Dir::new().command().args(["list"]).run();
    assert_eq!((r.err.as_str(), r.code), ("", 0));
    let out = s(&r.out);
    let header = out.lines().next().unwrap();
    let (from, to) = (
        header.find("BACKEND").unwrap(),
        header.find("AVAILABLE").unwrap(),
    );
    for a in Algorithm::all() {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(a.name))
            .unwrap();
        let want = match a.read.lanes.and_then(lanes::chosen_backend) {
            Some(b) => format!(
                "{}, {} lanes",
                a.best_backend().name(),
                lanes::label(a.read.lanes.unwrap(), b)
            ),
            None => a.best_backend().name().to_string(),
        };
        assert_eq!(line[from..to].trim_end(), want, "{line}");
    }
    assert!(out.contains(
        "\n'... lanes': many small inputs are hashed at once, one per SIMD lane (avx2x8: eight\nin AVX2); one input, or a large one, runs on the backend named first.\n"
    ));
}
