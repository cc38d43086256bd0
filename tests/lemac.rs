//! LeMac: every backend this CPU has gives the portable (reference) backend's tag, on
//! random keys, nonces, lengths 0..=4096 and split points, and on a few multi-MiB
//! inputs. The reference backend itself is pinned by `kats/lemac.kat` (tests/kats.rs)
//! and the key-setup test in `src/lemac.rs`.

use khsum::testutil::{TestRng, pieces};
use khsum::{Algorithm, Backend, Hasher, Key, Params};
use proptest::prelude::*;

fn lemac() -> &'static Algorithm {
    Algorithm::lookup("lemac").expect("lemac is registered")
}

fn hasher(backend: Backend, key: &[u8; 16], nonce: [u8; 16]) -> Option<Box<dyn Hasher>> {
    let key = Key::from_bytes(key.to_vec());
    let params = Params {
        out_len: None,
        nonce: Some(nonce),
        seek: 0,
    };
    Some(
        lemac()
            .hasher_on(backend, Some(&key), &params)?
            .expect("a 16-byte key is valid"),
    )
}

/// The SIMD backends this CPU has (the portable one is the reference).
fn simd_backends() -> Vec<Backend> {
    lemac()
        .available_backends()
        .into_iter()
        .filter(|&b| b != Backend::Portable)
        .collect()
}

fn tag(backend: Backend, key: &[u8; 16], nonce: [u8; 16], pieces: &[&[u8]]) -> Vec<u8> {
    let mut h = hasher(backend, key, nonce).expect("available backend");
    for p in pieces {
        h.update(p);
    }
    h.finalize().expect("lemac never fails")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn backends_equal_portable(
        key in any::<[u8; 16]>(),
        nonce in any::<[u8; 16]>(),
        msg in proptest::collection::vec(any::<u8>(), 0..=4096),
        cuts in any::<[usize; 2]>(),
    ) {
        let want = tag(Backend::Portable, &key, nonce, &[&msg]);
        let parts = pieces(&msg, &cuts);
        for backend in simd_backends() {
            prop_assert_eq!(&tag(backend, &key, nonce, &[&msg]), &want, "{} whole", backend);
            prop_assert_eq!(
                &tag(backend, &key, nonce, &parts), &want, "{} split {:?}", backend, cuts
            );
        }
        // The portable backend agrees with itself across splits too.
        prop_assert_eq!(tag(Backend::Portable, &key, nonce, &parts), want);
    }
}

#[test]
fn backends_equal_portable_on_multi_mib_inputs() {
    let mut rng = TestRng::new(1);
    for len in [(1 << 20) + 17, 3 << 20, (2 << 20) - 64] {
        let msg = rng.bytes(len);
        let key: [u8; 16] = rng.array();
        let nonce: [u8; 16] = rng.array();
        let want = tag(Backend::Portable, &key, nonce, &[&msg]);
        for backend in simd_backends() {
            assert_eq!(
                tag(backend, &key, nonce, &[&msg]),
                want,
                "{backend} len {len}"
            );
            let cut = len / 3 + 5;
            let got = tag(backend, &key, nonce, &pieces(&msg, &[cut]));
            assert_eq!(got, want, "{backend} len {len} split {cut}");
        }
    }
}

#[test]
fn every_listed_backend_is_used() {
    for backend in lemac().available_backends() {
        let h = hasher(backend, &[0; 16], [0; 16]).expect("available");
        assert_eq!(h.backend(), backend);
    }
}
