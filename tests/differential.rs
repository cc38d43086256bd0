//! khsum's crate-backed algorithms against independent implementations (dev-dependencies)
//! on random inputs cut at random split points: crc-fast's folding CRCs against the
//! table-driven crc crate, blake2b_simd/blake2s_simd against RustCrypto's blake2.

/// `crc` and `crc32b` (crc-fast's folding code, each SIMD path this CPU has) equal the
/// table-driven `crc` crate on random inputs of every length up to 4 KiB and beyond, fed
/// at random split points: `crc` is CRC-32/CKSUM over the data and then its length's
/// bytes (least significant first, high zero bytes left out), `crc32b` CRC-32/ISO-HDLC.
#[test]
fn crcs_equal_the_crc_crate_at_random_splits() {
    use khsum::testutil::{TestRng, pieces};
    let cksum = crc::Crc::<u32>::new(&crc::CRC_32_CKSUM);
    let hdlc = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);
    let params = khsum::Params::default();
    let crc_proto = khsum::Algorithm::lookup("crc")
        .unwrap()
        .hasher(None, &params)
        .unwrap();
    let b_proto = khsum::Algorithm::lookup("crc32b")
        .unwrap()
        .hasher(None, &params)
        .unwrap();
    let mut rng = TestRng::new(32);
    let lengths: Vec<usize> = (0..=300)
        .chain([511, 512, 513, 4095, 4096, 65_537, 1 << 20])
        .collect();
    for len in lengths {
        let data = rng.bytes(len);
        let cuts = [
            rng.below(len as u64 + 1) as usize,
            rng.below(len as u64 + 1) as usize,
        ];
        let mut want = cksum.digest();
        want.update(&data);
        let mut n = len as u64;
        while n > 0 {
            want.update(&[n as u8]);
            n >>= 8;
        }
        let mut expect = want.finalize().to_be_bytes().to_vec();
        expect.extend_from_slice(&(len as u64).to_be_bytes());
        let mut expect_b = hdlc.checksum(&data).to_be_bytes().to_vec();
        expect_b.extend_from_slice(&(len as u64).to_be_bytes());
        for (proto, expect) in [(&crc_proto, &expect), (&b_proto, &expect_b)] {
            assert_eq!(proto.digest_whole(&data).unwrap(), *expect, "len {len}");
            let mut h = proto.box_clone();
            for p in pieces(&data, &cuts) {
                h.update(p);
            }
            assert_eq!(h.finalize().unwrap(), *expect, "len {len} cuts {cuts:?}");
        }
    }
}

/// `blake2b` and `blake2s` (blake2b_simd / blake2s_simd, each SIMD path this CPU has)
/// equal RustCrypto's portable `blake2` crate for random inputs, every output length and
/// random split points.
#[test]
fn blake2_equals_the_rustcrypto_crate_at_random_splits() {
    use blake2::digest::{Update, VariableOutput};
    use khsum::testutil::{TestRng, pieces};
    let mut rng = TestRng::new(2);
    for (name, max) in [("blake2b", 64usize), ("blake2s", 32)] {
        let alg = khsum::Algorithm::lookup(name).unwrap();
        for out_len in 1..=max {
            let proto = alg
                .hasher(
                    None,
                    &khsum::Params {
                        out_len: Some(out_len),
                        nonce: None,
                    },
                )
                .unwrap();
            let len = [0, 1, 63, 64, 65, 128, 129, 1000, 70_000][out_len % 9] + out_len;
            let data = rng.bytes(len);
            let mut want = vec![0u8; out_len];
            if name == "blake2b" {
                let mut v = blake2::Blake2bVar::new(out_len).unwrap();
                v.update(&data);
                v.finalize_variable(&mut want).unwrap();
            } else {
                let mut v = blake2::Blake2sVar::new(out_len).unwrap();
                v.update(&data);
                v.finalize_variable(&mut want).unwrap();
            }
            assert_eq!(proto.digest_whole(&data).unwrap(), want, "{name} {out_len}");
            let cuts = [
                rng.below(len as u64 + 1) as usize,
                rng.below(len as u64 + 1) as usize,
            ];
            let mut h = proto.box_clone();
            for p in pieces(&data, &cuts) {
                h.update(p);
            }
            assert_eq!(h.finalize().unwrap(), want, "{name} {out_len} {cuts:?}");
        }
    }
}
