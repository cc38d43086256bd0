//! Multimixer-128: every backend this CPU has against the independent `multimixer-128`
//! crate (itzmeanjan), on random keys, messages and split points; and the length rules,
//! which `finalize` must report as errors, never as a digest.

use khsum::testutil::{TestRng, pieces};
use khsum::{Algorithm, Backend, Error, Hasher, Key, Params};
use proptest::collection::vec;
use proptest::prelude::*;

fn alg() -> &'static Algorithm {
    Algorithm::lookup("multimixer-128").unwrap()
}

fn backends() -> Vec<Backend> {
    let b = alg().available_backends();
    assert_eq!(b.last(), Some(&Backend::Portable));
    b
}

fn hasher(backend: Backend, key: &Key) -> Box<dyn Hasher> {
    let h = alg()
        .hasher_on(backend, Some(key), &Params::default())
        .expect("available backend")
        .expect("hasher");
    assert_eq!(h.backend(), backend);
    assert_eq!(h.output_len(), 64);
    h
}

/// The reference digest, from the `multimixer-128` crate.
fn reference(key: &[u8], msg: &[u8]) -> Vec<u8> {
    assert!(key.len() == msg.len() && !msg.is_empty() && msg.len().is_multiple_of(32));
    let mut dig = [0u8; multimixer_128::DIGEST_SIZE];
    multimixer_128::multimixer_128(key, msg, &mut dig);
    dig.to_vec()
}

/// Hashes `msg` fed in the pieces that `splits` cut it into (see `testutil::pieces`).
fn split_hash(backend: Backend, key: &Key, msg: &[u8], splits: &[usize]) -> Result<Vec<u8>, Error> {
    let mut h = hasher(backend, key);
    for p in pieces(msg, splits) {
        h.update(p);
    }
    h.finalize()
}

fn key_and_msg(max_blocks: usize) -> impl Strategy<Value = (Vec<u8>, Vec<u8>, Vec<usize>)> {
    (1..=max_blocks).prop_flat_map(|blocks| {
        let n = blocks * 32;
        (vec(any::<u8>(), n), vec(any::<u8>(), n), vec(0..=n, 0..4))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random lengths up to 4 KiB (every SIMD loop and tail shape), random splits.
    #[test]
    fn every_backend_matches_the_crate((key, msg, splits) in key_and_msg(128)) {
        let want = reference(&key, &msg);
        let k = Key::from_bytes(key);
        for b in backends() {
            prop_assert_eq!(&split_hash(b, &k, &msg, &splits).unwrap(), &want, "backend {}", b);
            let mut h = hasher(b, &k);
            h.update_large(&msg);
            prop_assert_eq!(&h.finalize().unwrap(), &want, "backend {} update_large", b);
        }
    }

    /// Short messages, so that small shapes (1..16 blocks) get many cases.
    #[test]
    fn short_messages_match_the_crate((key, msg, splits) in key_and_msg(16)) {
        let want = reference(&key, &msg);
        let k = Key::from_bytes(key);
        for b in backends() {
            prop_assert_eq!(&split_hash(b, &k, &msg, &splits).unwrap(), &want, "backend {}", b);
        }
    }

    /// f_128 on every backend equals the crate's digest of a one-block key `words`
    /// against an all-zero message (x = words + 0).
    #[test]
    fn f128_matches_the_crate(words in proptest::array::uniform8(any::<u32>())) {
        let key: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let want = reference(&key, &[0u8; 32]);
        for b in backends() {
            let got = khsum::alg::multimixer::kat_f128(b, &words).unwrap();
            let got: Vec<u8> = got.iter().flat_map(|w| w.to_le_bytes()).collect();
            prop_assert_eq!(&got, &want, "backend {}", b);
        }
    }

    /// Any message length other than the key's is an error, whatever the split.
    #[test]
    fn length_mismatch_is_an_error(
        key_blocks in 1usize..8,
        msg_len in 0usize..300,
        splits in vec(0usize..300, 0..3),
    ) {
        prop_assume!(msg_len != key_blocks * 32);
        let k = Key::from_bytes(vec![7; key_blocks * 32]);
        let msg = vec![9u8; msg_len];
        for b in backends() {
            let e = split_hash(b, &k, &msg, &splits).unwrap_err();
            prop_assert!(matches!(e, Error::BadInput(_)), "{:?}", e);
        }
    }
}

#[test]
fn multi_mib_inputs_match_the_crate() {
    // 5 MiB + 3 blocks takes update_large's parallel path; 1 MiB + 1 block does not.
    let mut rng = TestRng::new(1);
    for len in [(5 << 20) + 96, (1 << 20) + 32] {
        let key = rng.bytes(len);
        let msg = rng.bytes(len);
        let want = reference(&key, &msg);
        let k = Key::from_bytes(key);
        for b in backends() {
            assert_eq!(split_hash(b, &k, &msg, &[]).unwrap(), want, "{b} one call");
            assert_eq!(
                split_hash(b, &k, &msg, &[13, 1 << 20, len - 31]).unwrap(),
                want,
                "{b} split"
            );
            let mut h = hasher(b, &k);
            h.update_large(&msg);
            assert_eq!(h.finalize().unwrap(), want, "{b} update_large");
            // update_large after a partial block, and a clone taken mid-stream.
            let mut h = hasher(b, &k);
            h.update(&msg[..5]);
            h.update_large(&msg[5..len - 7]);
            let mut c = h.box_clone();
            h.update(&msg[len - 7..]);
            c.update(&msg[len - 7..]);
            assert_eq!(h.finalize().unwrap(), want, "{b} partial + update_large");
            assert_eq!(c.finalize().unwrap(), want, "{b} clone");
        }
    }
}

#[test]
fn length_errors_say_what_is_required() {
    let cases: [(usize, usize); 6] = [
        (64, 32),   // message shorter than the key
        (32, 64),   // message longer than the key
        (32, 0),    // empty message
        (0, 0),     // empty key and message
        (33, 33),   // equal, but not a multiple of 32
        (64, 6000), // far longer than the key, in many pieces
    ];
    for b in backends() {
        for (klen, mlen) in cases {
            let k = Key::from_bytes(vec![1; klen]);
            let msg = vec![2u8; mlen];
            let mut h = hasher(b, &k);
            for piece in msg.chunks(100) {
                h.update(piece);
            }
            let e = h.finalize().unwrap_err();
            assert_eq!(
                e,
                Error::BadInput(format!(
                    "multimixer-128 needs a key exactly as long as the message, a non-zero \
                     multiple of 32 bytes: key is {klen} bytes, message is {mlen} bytes"
                )),
                "{b} key {klen} msg {mlen}"
            );
            let mut h = hasher(b, &k);
            h.update_large(&msg);
            assert!(matches!(h.finalize(), Err(Error::BadInput(_))), "{b}");
        }
    }
    // A message far longer than the key through the parallel path: an error, no panic.
    let k = Key::from_bytes(vec![1; 1 << 20]);
    let msg = vec![2u8; 5 << 20];
    for b in backends() {
        let mut h = hasher(b, &k);
        h.update_large(&msg);
        assert!(matches!(h.finalize(), Err(Error::BadInput(_))), "{b}");
    }
}

#[test]
fn no_key_and_bad_inputs_are_refused() {
    assert_eq!(
        alg().hasher(None, &Params::default()).err(),
        Some(Error::KeyRequired("multimixer-128"))
    );
    for b in backends() {
        assert!(khsum::alg::multimixer::kat_f128(b, &[1, 2, 3]).is_err());
    }
    assert!(
        alg()
            .hasher_on(Backend::Vaes512, None, &Params::default())
            .is_none()
    );
}

#[test]
fn readme_example_matches_the_crate() {
    // The crate's README example: key 0x0f × 32, message 0xf0 × 32.
    let (key, msg) = (vec![0x0fu8; 32], vec![0xf0u8; 32]);
    let want = reference(&key, &msg);
    let k = Key::from_bytes(key);
    for b in backends() {
        assert_eq!(split_hash(b, &k, &msg, &[16]).unwrap(), want, "{b}");
    }
}
