//! HighwayHash differential tests: khsum on every backend this CPU has against the
//! independent `highway` crate (nickbabcock/highway-rs), on random keys, lengths and
//! split points.

use ::highway::{HighwayHash, HighwayHasher, Key as HwKey};
use khsum::testutil::{TestRng, pieces};
use khsum::{Algorithm, Backend, Hasher, Key, Params};
use proptest::prelude::*;

const NAMES: [(&str, usize); 3] = [
    ("highwayhash-64", 1),
    ("highwayhash-128", 2),
    ("highwayhash-256", 4),
];

fn lanes(key: &[u8; 32]) -> [u64; 4] {
    let mut l = [0u64; 4];
    for (x, c) in l.iter_mut().zip(key.chunks_exact(8)) {
        *x = u64::from_le_bytes(c.try_into().unwrap());
    }
    l
}

/// The reference: the `highway` crate's words, serialised little-endian in lane order,
/// fed through `append` in the given pieces.
fn reference(words: usize, key: &[u8; 32], pieces: &[&[u8]]) -> Vec<u8> {
    let mut h = HighwayHasher::new(HwKey(lanes(key)));
    for p in pieces {
        h.append(p);
    }
    let w: Vec<u64> = match words {
        1 => vec![h.finalize64()],
        2 => h.finalize128().to_vec(),
        _ => h.finalize256().to_vec(),
    };
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn proto(name: &str, backend: Backend, key: &[u8; 32]) -> Option<Box<dyn Hasher>> {
    let alg = Algorithm::lookup(name).unwrap();
    let k = Key::from_bytes(key.to_vec());
    alg.hasher_on(backend, Some(&k), &Params::default())
        .map(|r| r.unwrap())
}

/// The backends HighwayHash lists that this CPU has (at least the portable one).
fn backends() -> Vec<Backend> {
    let b = Algorithm::lookup("highwayhash-256")
        .unwrap()
        .available_backends();
    assert!(b.contains(&Backend::Portable));
    b
}

fn check_all(key: &[u8; 32], data: &[u8], cuts: &[usize], ref_cuts: &[usize]) {
    let ours_pieces = pieces(data, cuts);
    let ref_pieces = pieces(data, ref_cuts);
    for (name, words) in NAMES {
        let want = reference(words, key, &ref_pieces);
        // The reference is itself split-independent.
        assert_eq!(want, reference(words, key, &[data]));
        for b in backends() {
            let p = proto(name, b, key).unwrap();
            assert_eq!(p.backend(), b);
            assert_eq!(p.output_len(), 8 * words);
            let mut h = p.box_clone();
            for piece in &ours_pieces {
                h.update(piece);
            }
            assert_eq!(
                h.finalize().unwrap(),
                want,
                "{name} on {b}, len {}, cuts {cuts:?}",
                data.len()
            );
            let mut h = p.box_clone();
            h.update_large(data);
            assert_eq!(h.finalize().unwrap(), want, "{name} on {b}: update_large");
            // The one-shot entry point.
            let w = khsum::alg::highway::hash_words(b, words, key, data).unwrap();
            let bytes: Vec<u8> = w[..words].iter().flat_map(|x| x.to_le_bytes()).collect();
            assert_eq!(bytes, want, "{name} on {b}: hash_words");
            assert!(w[words..].iter().all(|&x| x == 0));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn matches_highway_crate(
        key in any::<[u8; 32]>(),
        data in proptest::collection::vec(any::<u8>(), 0..=4096),
        cuts in proptest::collection::vec(any::<usize>(), 0..4),
        ref_cuts in proptest::collection::vec(any::<usize>(), 0..3),
    ) {
        check_all(&key, &data, &cuts, &ref_cuts);
    }

    #[test]
    fn short_inputs_match_highway_crate(
        key in any::<[u8; 32]>(),
        data in proptest::collection::vec(any::<u8>(), 0..=100),
        cut in any::<usize>(),
    ) {
        check_all(&key, &data, &[cut], &[]);
    }

    /// A clone taken mid-stream finishes like the original.
    #[test]
    fn clone_mid_stream(
        key in any::<[u8; 32]>(),
        data in proptest::collection::vec(any::<u8>(), 0..=300),
        cut in any::<usize>(),
    ) {
        let cut = cut % (data.len() + 1);
        let want = reference(4, &key, &[&data]);
        for b in backends() {
            let mut h = proto("highwayhash-256", b, &key).unwrap();
            h.update(&data[..cut]);
            let mut c = h.box_clone();
            c.update(&data[cut..]);
            h.update(&data[cut..]);
            prop_assert_eq!(c.finalize().unwrap(), want.clone());
            prop_assert_eq!(h.finalize().unwrap(), want.clone());
        }
    }
}

/// A few multi-MiB inputs (every length mod 32 class is covered by the property tests).
#[test]
fn multi_mib_inputs_match_highway_crate() {
    let mut rng = TestRng::new(1);
    let data = rng.bytes((3 << 20) + 29);
    let key: [u8; 32] = rng.array();
    for len in [1 << 20, (2 << 20) + 1, data.len()] {
        let d = &data[..len];
        check_all(&key, d, &[len / 3, len / 3 + 5], &[len / 2]);
    }
}

/// An unkeyed `hasher` uses the all-zero key.
#[test]
fn no_key_means_zero_key() {
    let alg = Algorithm::lookup("highwayhash-256").unwrap();
    let mut h = alg.hasher(None, &Params::default()).unwrap();
    h.update(b"abc");
    assert_eq!(h.finalize().unwrap(), reference(4, &[0; 32], &[b"abc"]));
    assert_eq!(alg.best_backend(), backends()[0]);
}
