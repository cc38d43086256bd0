//! Differential tests of every multi-buffer kernel this CPU has (the portable one
//! everywhere) against the single-stream `md-5` and `sha2` crates: every length from 0 to
//! 3 blocks, equal lengths in every lane, random lengths mixed in one batch, batches
//! smaller than the lanes (idle lanes) and larger (refilled lanes).

use super::*;
use crate::testutil::TestRng;
use sha2::Digest as _;

fn reference(kind: Kind, msg: &[u8]) -> Vec<u8> {
    match kind {
        Kind::Md5 => md5::Md5::digest(msg).to_vec(),
        Kind::Sha256 => sha2::Sha256::digest(msg).to_vec(),
        Kind::Sha512 => sha2::Sha512::digest(msg).to_vec(),
    }
}

/// Every kernel of this CPU: kind, backend, lanes.
fn kernels() -> Vec<(Kind, Backend, usize)> {
    let mut v = Vec::new();
    for b in available_backends() {
        for k in Kind::ALL {
            v.push((k, b, lanes(k, b).unwrap()));
        }
    }
    v
}

fn check(kind: Kind, backend: Backend, msgs: &[&[u8]], what: &str) {
    let got = digest_many_on(kind, backend, msgs).expect("available backend");
    assert_eq!(got.len(), msgs.len());
    for (i, (m, d)) in msgs.iter().zip(&got).enumerate() {
        assert_eq!(
            hex::encode(&d[..]),
            hex::encode(reference(kind, m)),
            "{} on {}: {what}: message {i} of {} bytes",
            kind.name(),
            label(kind, backend),
            m.len()
        );
    }
}

#[test]
fn the_table_has_the_portable_reference_last_and_the_lanes_of_the_issue() {
    let all = backends();
    assert_eq!(all.last(), Some(&Backend::Portable));
    assert!(available_backends().contains(&Backend::Portable));
    assert_eq!(lanes(Kind::Md5, Backend::Portable), Some(8));
    assert_eq!(lanes(Kind::Sha512, Backend::Portable), Some(4));
    #[cfg(target_arch = "x86_64")]
    {
        assert_eq!(all, [Backend::Avx512, Backend::Avx2, Backend::Portable]);
        for (b, n32, n64) in [(Backend::Avx2, 8, 4), (Backend::Avx512, 16, 8)] {
            assert_eq!(lanes(Kind::Md5, b), Some(n32));
            assert_eq!(lanes(Kind::Sha256, b), Some(n32));
            assert_eq!(lanes(Kind::Sha512, b), Some(n64));
        }
        assert_eq!(label(Kind::Md5, Backend::Avx2), "avx2x8");
    }
    #[cfg(target_arch = "aarch64")]
    {
        assert_eq!(all, [Backend::Neon, Backend::Portable]);
        // Two registers per state word (see mb/neon.rs).
        assert_eq!(lanes(Kind::Sha256, Backend::Neon), Some(8));
        assert_eq!(lanes(Kind::Sha512, Backend::Neon), Some(4));
    }
    // A backend this CPU lacks yields nothing rather than running.
    for b in all {
        assert_eq!(
            digest_many_on(Kind::Md5, b, &[b"abc"]).is_some(),
            b.is_available()
        );
    }
}

#[test]
fn every_length_up_to_three_blocks_mixed_in_one_batch() {
    for (kind, backend, _) in kernels() {
        let data = TestRng::new(23).bytes(3 * kind.block_len() + 1);
        let msgs: Vec<&[u8]> = (0..=3 * kind.block_len()).map(|n| &data[..n]).collect();
        check(kind, backend, &msgs, "lengths 0..=3 blocks");
        // Reversed, so that equal and neighbouring lengths meet in the lanes differently.
        let rev: Vec<&[u8]> = msgs.iter().rev().copied().collect();
        check(kind, backend, &rev, "lengths 3 blocks..=0");
    }
}

#[test]
fn every_length_up_to_three_blocks_in_every_lane_at_once() {
    for (kind, backend, n) in kernels() {
        let mut rng = TestRng::new(7);
        for len in 0..=3 * kind.block_len() {
            // Different content per lane, all of one length: the lanes finish together.
            let owned: Vec<Vec<u8>> = (0..n).map(|_| rng.bytes(len)).collect();
            let msgs: Vec<&[u8]> = owned.iter().map(|m| &m[..]).collect();
            check(kind, backend, &msgs, &format!("{n} lanes of {len} bytes"));
        }
    }
}

#[test]
fn random_lengths_mixed_with_idle_and_refilled_lanes() {
    for (kind, backend, n) in kernels() {
        let mut rng = TestRng::new(0x23);
        // Fewer messages than lanes (idle lanes from the start), exactly the lanes, and
        // many more (every lane refilled many times).
        for count in [1, 2, n - 1, n, n + 1, 2 * n + 3, 100] {
            let owned: Vec<Vec<u8>> = (0..count)
                .map(|_| {
                    let len = match rng.below(4) {
                        0 => rng.below(3 * kind.block_len() as u64 + 1),
                        1 => rng.below(20_000),
                        _ => rng.below(2_000),
                    };
                    rng.bytes(len as usize)
                })
                .collect();
            let msgs: Vec<&[u8]> = owned.iter().map(|m| &m[..]).collect();
            check(kind, backend, &msgs, &format!("{count} random lengths"));
        }
        check(kind, backend, &[], "no message");
    }
}

#[test]
fn equal_messages_in_every_lane_position_give_equal_digests() {
    // One message among others at each lane position, as the first, the last and at
    // every refill: its digest never depends on where it ran.
    for (kind, backend, n) in kernels() {
        let mut rng = TestRng::new(99);
        let target = rng.bytes(3 * kind.block_len() - 9);
        let want = reference(kind, &target);
        for pos in 0..2 * n + 1 {
            let others: Vec<Vec<u8>> = (0..2 * n + 1)
                .map(|_| {
                    let l = rng.below(5 * kind.block_len() as u64) as usize;
                    rng.bytes(l)
                })
                .collect();
            let mut msgs: Vec<&[u8]> = others.iter().map(|m| &m[..]).collect();
            msgs[pos] = &target;
            let got = digest_many_on(kind, backend, &msgs).unwrap();
            assert_eq!(got[pos], want, "{} at {pos}", label(kind, backend));
        }
    }
}

#[test]
fn the_wrapper_hashes_many_as_the_single_stream_hasher_hashes_one() {
    for kind in Kind::ALL {
        let alg = crate::Algorithm::lookup(kind.name()).unwrap();
        let proto = alg.hasher(None, &crate::Params::default()).unwrap();
        let owned: Vec<Vec<u8>> = (0..40)
            .map(|i| TestRng::new(i).bytes(i as usize * 411))
            .collect();
        let msgs: Vec<&[u8]> = owned.iter().map(|m| &m[..]).collect();
        for (m, d) in msgs.iter().zip(proto.digest_many(&msgs)) {
            assert_eq!(d.unwrap(), reference(kind, m));
        }
        // Whatever the kernel, a copy streams as the single-stream hasher.
        let mut h = proto.box_clone();
        h.update(msgs[7]);
        assert_eq!(h.finalize().unwrap(), reference(kind, msgs[7]));
    }
}
