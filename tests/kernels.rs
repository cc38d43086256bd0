//! khsum's own block functions for the interop hashes (MD5, SHA-1 with collision
//! detection, SHA-512 and its truncations, SHA-3) against the independent RustCrypto
//! crates they replaced (dev-dependencies here), on every backend this CPU has: random
//! messages of random lengths, cut at random points, and every length around the block
//! and padding boundaries.

use khsum::testutil::{TestRng, pieces};
use khsum::{Algorithm, Backend, Params};
use proptest::prelude::*;
use sha2::Digest;

/// The digest of `msg` fed in the pieces `splits` cuts, by `alg` on `backend` (`None`
/// when this CPU lacks the backend), and the notice the hasher gave.
fn khsum_digest(
    alg: &Algorithm,
    backend: Backend,
    msg: &[u8],
    splits: &[usize],
) -> Option<(Vec<u8>, Option<&'static str>)> {
    let mut h = alg.hasher_on(backend, None, &Params::default())?.unwrap();
    let parts = pieces(msg, splits);
    let (last, first) = parts.split_last().unwrap();
    for p in first {
        h.update(p);
    }
    h.update_large(last);
    let mut out = vec![0; h.output_len()];
    h.finish_into(&mut out).unwrap();
    Some((out, h.notice()))
}

/// The oracle for each algorithm: the crate khsum used before.
fn oracle(name: &str, msg: &[u8]) -> Vec<u8> {
    match name {
        "md5" => md5::Md5::digest(msg).to_vec(),
        "sha1" => sha1_checked::Sha1::digest(msg).to_vec(),
        "sha512" => sha2::Sha512::digest(msg).to_vec(),
        "sha384" => sha2::Sha384::digest(msg).to_vec(),
        "sha512-224" => sha2::Sha512_224::digest(msg).to_vec(),
        "sha512-256" => sha2::Sha512_256::digest(msg).to_vec(),
        "sha3-224" => sha3::Sha3_224::digest(msg).to_vec(),
        "sha3-256" => sha3::Sha3_256::digest(msg).to_vec(),
        "sha3-384" => sha3::Sha3_384::digest(msg).to_vec(),
        "sha3-512" => sha3::Sha3_512::digest(msg).to_vec(),
        _ => panic!("no oracle for {name}"),
    }
}

/// The algorithms whose kernels are khsum's own.
const OWN: &[&str] = &[
    "md5",
    "sha1",
    "sha512",
    "sha384",
    "sha512-224",
    "sha512-256",
];

/// `name` on every backend it lists that this CPU has: the oracle's digest, whole, cut at
/// `splits`, and through the one-call path; never a notice (random data).
fn check(name: &str, msg: &[u8], splits: &[usize]) -> Result<(), TestCaseError> {
    let alg = Algorithm::lookup(name).unwrap();
    let want = hex::encode(oracle(name, msg));
    for b in alg.available_backends() {
        let (got, notice) = khsum_digest(alg, b, msg, splits).unwrap();
        prop_assert_eq!(
            hex::encode(&got),
            want.clone(),
            "{} on {}: len {}, splits {:?}",
            name,
            b,
            msg.len(),
            splits
        );
        prop_assert_eq!(notice, None);
        let proto = alg.hasher_on(b, None, &Params::default()).unwrap().unwrap();
        let whole = proto.digest_whole(msg).unwrap();
        prop_assert_eq!(
            hex::encode(&*whole),
            want.clone(),
            "{} on {} one call: len {}",
            name,
            b,
            msg.len()
        );
    }
    Ok(())
}

#[test]
fn own_kernels_are_the_only_backends_listed() {
    // Each replaced algorithm lists its own backends, the portable one last (no crate
    // dispatch left), so the tests below reach every kernel.
    for name in OWN {
        let b = Algorithm::lookup(name).unwrap().backends();
        assert_eq!(b.last(), Some(&Backend::Portable), "{name}: {b:?}");
        assert!(!b.contains(&Backend::Auto), "{name}: {b:?}");
    }
}

#[test]
fn every_length_around_the_padding_boundaries() {
    let data = TestRng::new(26).bytes(3 * 128 + 2);
    for name in OWN {
        for len in 0..data.len() {
            let msg = &data[..len];
            check(name, msg, &[len / 3, len / 2]).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_messages_at_random_splits(
        len in prop_oneof![0usize..=300, 0usize..=5000, 0usize..=200_000],
        fill in any::<u64>(),
        splits in proptest::collection::vec(any::<usize>(), 0..6),
    ) {
        let msg = TestRng::new(fill).bytes(len);
        for name in OWN {
            check(name, &msg, &splits)?;
        }
    }
}
