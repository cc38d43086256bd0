//! LeMac: every backend this CPU has gives the portable (reference) backend's tag, on
//! random keys, nonces, lengths 0..=4096 and split points, and on a few multi-MiB
//! inputs. The reference backend itself is pinned by `kats/lemac.kat` (tests/kats.rs)
//! and the key-setup test in `src/lemac.rs`.

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
        cut1 in any::<prop::sample::Index>(),
        cut2 in any::<prop::sample::Index>(),
    ) {
        let want = tag(Backend::Portable, &key, nonce, &[&msg]);
        let (a, b) = (cut1.index(msg.len() + 1), cut2.index(msg.len() + 1));
        let (lo, hi) = (a.min(b), a.max(b));
        for backend in simd_backends() {
            prop_assert_eq!(&tag(backend, &key, nonce, &[&msg]), &want, "{} whole", backend);
            let pieces = [&msg[..lo], &msg[lo..hi], &msg[hi..]];
            prop_assert_eq!(
                &tag(backend, &key, nonce, &pieces), &want, "{} split {} {}", backend, lo, hi
            );
        }
        // The portable backend agrees with itself across splits too.
        let pieces = [&msg[..lo], &msg[lo..hi], &msg[hi..]];
        prop_assert_eq!(tag(Backend::Portable, &key, nonce, &pieces), want);
    }
}

#[test]
fn backends_equal_portable_on_multi_mib_inputs() {
    // A small deterministic generator (xorshift64*) for the message bytes.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    for len in [(1 << 20) + 17, 3 << 20, (2 << 20) - 64] {
        let msg: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        let key: [u8; 16] = std::array::from_fn(|_| next() as u8);
        let nonce: [u8; 16] = std::array::from_fn(|_| next() as u8);
        let want = tag(Backend::Portable, &key, nonce, &[&msg]);
        for backend in simd_backends() {
            assert_eq!(
                tag(backend, &key, nonce, &[&msg]),
                want,
                "{backend} len {len}"
            );
            let cut = len / 3 + 5;
            let got = tag(backend, &key, nonce, &[&msg[..cut], &msg[cut..]]);
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
