//! Rescue Prime Rp64_256: differential tests against winter-crypto 0.13.1 on every
//! backend this CPU supports, field arithmetic at the edges, and the streaming byte hasher
//! at random split points.

use khsum::alg::rescue::field::{self, P};
use khsum::alg::rescue::{BLOCK_LEN, DIGEST_LEN, RescueHasher, Rp64_256, STATE_WIDTH};
use khsum::testutil::{TestRng, pieces};
use khsum::{Algorithm, Backend, Hasher, Params};
use proptest::prelude::*;
use winter_crypto::hashers::Rp64_256 as Winter;
use winter_crypto::{Digest, ElementHasher, Hasher as WinterHasher};
use winter_math::fields::f64::BaseElement;

/// Every Rp64_256 backend this CPU has (at least the portable one).
fn backends() -> Vec<Rp64_256> {
    let v: Vec<Rp64_256> = Backend::ALL
        .iter()
        .filter_map(|&b| Rp64_256::new(b))
        .collect();
    assert!(v.iter().any(|r| r.backend() == Backend::Portable));
    v
}

/// A canonical element, with the edges (0, 1, p−1, 2^32, …) often.
fn felt(rng: &mut TestRng) -> u64 {
    const EDGES: [u64; 6] = [0, 1, 2, P - 1, 1 << 32, (1 << 32) - 1];
    let x = rng.next_u64();
    if x.is_multiple_of(8) {
        EDGES[(x >> 8) as usize % EDGES.len()]
    } else {
        x % P
    }
}

fn to_winter(x: &[u64]) -> Vec<BaseElement> {
    x.iter().map(|&v| BaseElement::new(v)).collect()
}

fn from_winter(x: &[BaseElement]) -> Vec<u64> {
    x.iter().map(|v| v.as_int()).collect()
}

#[test]
fn permutation_matches_winter_crypto() {
    let mut rng = TestRng::new(1);
    for rp in backends() {
        for _ in 0..200 {
            let s: [u64; STATE_WIDTH] = std::array::from_fn(|_| felt(&mut rng));
            let mut w: [BaseElement; STATE_WIDTH] = to_winter(&s).try_into().unwrap();
            Winter::apply_permutation(&mut w);
            let mut ours = s;
            rp.apply_permutation(&mut ours);
            assert_eq!(
                ours.to_vec(),
                from_winter(&w),
                "{:?} on {s:?}",
                rp.backend()
            );
        }
    }
}

#[test]
fn permutation_takes_non_canonical_input() {
    // Values in [p, 2^64) stand for value − p.
    let mut rng = TestRng::new(2);
    for rp in backends() {
        for _ in 0..50 {
            let canon: [u64; STATE_WIDTH] = std::array::from_fn(|_| rng.below(u32::MAX.into()));
            let raw = canon.map(|x| x + P); // all in [p, 2^64)
            let (mut a, mut b) = (canon, raw);
            rp.apply_permutation(&mut a);
            rp.apply_permutation(&mut b);
            assert_eq!(a, b, "{:?}", rp.backend());
            assert!(b.iter().all(|&x| x < P));
        }
    }
}

#[test]
fn hash_elements_matches_winter_crypto() {
    let mut rng = TestRng::new(3);
    for rp in backends() {
        for n in (0..=40).chain([63, 64, 65, 100]) {
            let e: Vec<u64> = (0..n).map(|_| felt(&mut rng)).collect();
            let w = Winter::hash_elements(&to_winter(&e));
            let ours = rp.hash_elements(&e);
            assert_eq!(
                ours.to_vec(),
                from_winter(w.as_elements()),
                "{:?} n={n}",
                rp.backend()
            );
        }
    }
}

#[test]
fn merge_matches_winter_crypto() {
    let mut rng = TestRng::new(4);
    for rp in backends() {
        for _ in 0..50 {
            let d: [[u64; 4]; 2] = std::array::from_fn(|_| std::array::from_fn(|_| felt(&mut rng)));
            let wd = d.map(|x| {
                let e: [BaseElement; 4] = to_winter(&x).try_into().unwrap();
                <Winter as WinterHasher>::Digest::from(e)
            });
            let w = Winter::merge(&wd);
            assert_eq!(
                rp.merge(&d).to_vec(),
                from_winter(w.as_elements()),
                "{:?}",
                rp.backend()
            );
            // merge = hash_elements of the 8 elements (Winterfell's consistency rule).
            assert_eq!(rp.merge(&d), rp.hash_elements(&d.concat()));
        }
    }
}

#[test]
fn hash_bytes_matches_winter_crypto_up_to_56_bytes() {
    let mut rng = TestRng::new(5);
    let alg = Algorithm::lookup("rescue-prime").unwrap();
    for rp in backends() {
        for len in 0..=56 {
            for round in 0..8 {
                let msg = match round {
                    0 => vec![0u8; len],
                    1 => vec![0xff; len],
                    _ => rng.bytes(len),
                };
                let want = Winter::hash(&msg).as_bytes();
                assert_eq!(rp.hash_bytes(&msg), want, "{:?} len={len}", rp.backend());
                // Through the registry, as the CLI hashes files.
                let mut h = alg
                    .hasher_on(rp.backend(), None, &Params::default())
                    .unwrap()
                    .unwrap();
                h.update(&msg);
                assert_eq!(h.finalize().unwrap(), want.to_vec(), "registry len={len}");
                // Streaming with the length announced.
                let mut h: Box<dyn Hasher> = Box::new(RescueHasher::with_len(rp, len as u64));
                h.update(&msg);
                assert_eq!(h.finalize().unwrap(), want.to_vec(), "with_len len={len}");
            }
        }
    }
    assert_eq!(Rp64_256::best().hash_bytes(b""), [0u8; DIGEST_LEN]);
}

/// Above 56 bytes winter-crypto 0.13.1 drops the padding byte (multiples of 7) or panics;
/// khsum pads. The intended padding equals hashing the padded chunks as elements with
/// the chunk count, which `hash_elements` does (it puts the element count in state[0]).
#[test]
fn long_inputs_follow_the_intended_padding() {
    let mut rng = TestRng::new(6);
    for rp in backends() {
        for len in [57, 62, 63, 64, 111, 112, 113, 1000] {
            let msg = rng.bytes(len);
            let mut elems: Vec<u64> = msg
                .chunks(7)
                .map(|c| {
                    let mut b = [0u8; 8];
                    b[..c.len()].copy_from_slice(c);
                    u64::from_le_bytes(b)
                })
                .collect();
            let last = msg.len() - (msg.len() - 1) / 7 * 7;
            *elems.last_mut().unwrap() |= 1u64 << (8 * last);
            let want: Vec<u8> = rp
                .hash_elements(&elems)
                .iter()
                .flat_map(|x| x.to_le_bytes())
                .collect();
            assert_eq!(
                rp.hash_bytes(&msg).to_vec(),
                want,
                "{:?} len={len}",
                rp.backend()
            );
            // The documented difference: above 56 bytes winter-crypto 0.13.1 leaves out the
            // padding byte when the length is a multiple of 7, and panics otherwise.
            if len % 7 == 0 {
                assert_ne!(Winter::hash(&msg).as_bytes().to_vec(), want, "len={len}");
            } else {
                let r = std::panic::catch_unwind(|| Winter::hash(&msg));
                assert!(r.is_err(), "winter-crypto no longer panics at len={len}");
            }
        }
    }
}

#[test]
fn backends_agree_on_long_inputs() {
    let mut rng = TestRng::new(7);
    let msg = rng.bytes(70 * BLOCK_LEN + 5);
    let want = Rp64_256::new(Backend::Portable).unwrap().hash_bytes(&msg);
    for rp in backends() {
        for len in [
            0,
            1,
            BLOCK_LEN - 1,
            BLOCK_LEN,
            BLOCK_LEN + 1,
            64 * BLOCK_LEN,
            msg.len(),
        ] {
            let p = Rp64_256::new(Backend::Portable)
                .unwrap()
                .hash_bytes(&msg[..len]);
            assert_eq!(
                rp.hash_bytes(&msg[..len]),
                p,
                "{:?} len={len}",
                rp.backend()
            );
        }
        assert_eq!(rp.hash_bytes(&msg), want);
    }
}

#[test]
fn announced_length_must_match() {
    let rp = Rp64_256::best();
    let mut h: Box<dyn Hasher> = Box::new(RescueHasher::with_len(rp, 10));
    h.update(&[1; 9]);
    assert!(h.finalize().is_err());
    let mut h: Box<dyn Hasher> = Box::new(RescueHasher::with_len(rp, 10));
    h.update(&[1; 11]);
    assert!(h.finalize().is_err());
    // Announcing after some input was given still works.
    let mut h: Box<dyn Hasher> = Box::new(RescueHasher::new(rp));
    h.update(&[5; 100]);
    h.expect_len(300);
    h.update(&[5; 200]);
    assert_eq!(h.finalize().unwrap(), rp.hash_bytes(&[5; 300]).to_vec());
}

#[test]
fn field_edges_match_u128_reference() {
    let edges = [
        0,
        1,
        2,
        (1u64 << 32) - 1,
        1 << 32,
        P - 1,
        P,
        P + 1,
        u64::MAX,
    ];
    let r = |x: u128| (x % P as u128) as u64;
    for &a in &edges {
        assert_eq!(field::canonical(a), r(a as u128));
        for &b in &edges {
            assert_eq!(field::canonical(field::mul(a, b)), r(a as u128 * b as u128));
            assert_eq!(field::canonical(field::add(a, b)), r(a as u128 + b as u128));
            let d = (r(a as u128) as u128 + P as u128 - r(b as u128) as u128) % P as u128;
            assert_eq!(field::canonical(field::sub(a, b)) as u128, d);
        }
    }
    // (p − 1)² = 1, 2^32 · 2^32 = 2^64 ≡ 2^32 − 1, 2^96 ≡ −1.
    assert_eq!(field::canonical(field::mul(P - 1, P - 1)), 1);
    assert_eq!(
        field::canonical(field::mul(1 << 32, 1 << 32)),
        (1 << 32) - 1
    );
    assert_eq!(field::canonical(field::reduce128(0, 1 << 32)), P - 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn field_ops_match_u128_reference(a: u64, b: u64) {
        let r = |x: u128| (x % P as u128) as u64;
        prop_assert_eq!(field::canonical(field::mul(a, b)), r(a as u128 * b as u128));
        prop_assert_eq!(field::canonical(field::add(a, b)), r(a as u128 + b as u128));
        prop_assert_eq!(field::canonical(field::exp_inv7(field::exp7(a))), r(a as u128));
    }

    #[test]
    fn any_split_gives_the_same_digest(
        msg in proptest::collection::vec(any::<u8>(), 0..400),
        cuts in proptest::collection::vec(any::<usize>(), 0..4),
        announce in any::<bool>(),
    ) {
        let rp = Rp64_256::best();
        let want = rp.hash_bytes(&msg).to_vec();
        let parts = pieces(&msg, &cuts);
        let mut h: Box<dyn Hasher> = Box::new(if announce {
            RescueHasher::with_len(rp, msg.len() as u64)
        } else {
            RescueHasher::new(rp)
        });
        let mut at = 0;
        for (i, p) in parts.iter().enumerate() {
            h.update(p);
            at += p.len();
            if i + 1 < parts.len() {
                // A clone taken mid-stream finishes the same way.
                let mut c = h.box_clone();
                c.update(&msg[at..]);
                prop_assert_eq!(c.finalize().unwrap(), want.clone());
            }
        }
        prop_assert_eq!(h.finalize().unwrap(), want);
    }
}

#[test]
fn unsupported_backends_and_bad_states_are_errors() {
    // Rescue has no SSE4.1 or AES backend: no hasher, no permutation there.
    for b in [Backend::Sse41, Backend::AesNi, Backend::Auto] {
        assert!(Rp64_256::new(b).is_none(), "{b}");
        assert!(khsum::alg::rescue::kat_permutation(b, &[0; STATE_WIDTH]).is_err());
    }
    let alg = Algorithm::lookup("rescue-prime").unwrap();
    assert!(
        alg.hasher_on(Backend::Sse41, None, &Params::default())
            .is_none()
    );
    assert!(khsum::alg::rescue::kat_permutation(Backend::Portable, &[0; 11]).is_err());
    assert!(khsum::alg::rescue::kat_permutation(Backend::Portable, &[0; 13]).is_err());
    // The best backend is one of the available ones, and the registry uses it.
    let best = Rp64_256::best();
    assert!(backends().contains(&best));
    let h = alg.hasher(None, &Params::default()).unwrap();
    assert_eq!(h.backend(), best.backend());
    assert_eq!(h.output_len(), DIGEST_LEN);
}
