//! Multi-buffer hashing (lanes): the known-answer vectors through every multi-buffer
//! kernel this CPU has, and the CLI's output, order, errors and exit statuses when many
//! small files are hashed in SIMD lanes. Expected digests come from the `md-5`, `sha2`
//! and `blake3` crates, never from khsum.

use khsum::Backend;
use khsum::alg::lanes::{self, Kind};
use khsum::files::io::Reading;

/// Every MD5/SHA-256/SHA-512/BLAKE3 (plain hash) vector ran, and passed, on every kernel of this CPU
/// (AVX-512 kernels only where the CPU has AVX-512).
#[test]
fn every_standard_vector_on_every_multi_buffer_kernel() {
    let s = khsum::tools::kat::run_all();
    let labels: Vec<String> = Kind::ALL
        .iter()
        .flat_map(|&k| {
            lanes::available_backends()
                .into_iter()
                .map(move |b| lanes::label(k, b))
        })
        .collect();
    let mb_failures: Vec<&String> = s
        .failures
        .iter()
        .filter(|f| labels.iter().any(|l| f.contains(&format!("[{l}]"))))
        .collect();
    assert!(mb_failures.is_empty(), "{mb_failures:#?}");
    let records = khsum::tools::kat::all_records();
    for kind in Kind::ALL {
        let want = records
            .iter()
            .filter(|r| khsum::tools::kat::runs_multi_buffer(r, kind))
            .count();
        assert!(want >= 4, "{}: {want} records", kind.name());
        for b in lanes::available_backends() {
            let key = (kind.name().to_string(), lanes::label(kind, b));
            assert_eq!(s.multi_buffer.get(&key), Some(&(want, 0)), "{key:?}");
        }
    }
    assert!(lanes::available_backends().contains(&Backend::Portable));
}

/// The registry's MD5, SHA-256, SHA-512 and BLAKE3 read hints name their kernels, and
/// are read in the best SIMD kernel this CPU has; SHA-256 only where no SHA-256
/// instructions (SHA-NI, ARMv8 SHA-2) beat it: on x86-64, without SHA-NI or with AVX-512
/// lanes.
#[test]
fn the_registry_hashers_carry_the_chosen_kernel() {
    if std::env::var_os(lanes::ENV).is_some() {
        return; // a deliberate override: nothing to check about the default choice
    }
    let simd = lanes::available_backends()
        .into_iter()
        .find(|&b| b != Backend::Portable);
    for kind in Kind::ALL {
        let alg = khsum::Algorithm::lookup(kind.name()).unwrap();
        assert_eq!(alg.read.lanes, Some(kind));
        let how = Reading::new(alg.read_hint(None, &khsum::Params::default()));
        let backend = how.lanes.map(|l| l.backend());
        assert_eq!(backend, lanes::chosen_backend(kind));
        // SHA-512 on NEON is slower than scalar code (lanes::pays).
        let pays = !(kind == Kind::Sha512 && simd == Some(Backend::Neon));
        if kind != Kind::Sha256 {
            assert_eq!(backend, simd.filter(|_| pays), "{}", kind.name());
        }
        // SHA-256: SHA-NI single-stream, unless the lanes are AVX-512.
        #[cfg(target_arch = "x86_64")]
        if kind == Kind::Sha256 {
            let sha_ni = std::is_x86_feature_detected!("sha");
            assert_eq!(backend, simd.filter(|&b| !sha_ni || b == Backend::Avx512));
        }
        if let Some(l) = how.lanes {
            assert_eq!(
                (l.kind(), l.max_input()),
                (kind, kind.max_input(l.backend()))
            );
        }
    }
    // No other algorithm has lanes.
    let with_lanes = khsum::Algorithm::all()
        .iter()
        .filter(|a| a.read.lanes.is_some())
        .count();
    assert_eq!(with_lanes, Kind::ALL.len());
}

use crate::util::{Run, khsum, run, s};
use sha2::Digest as _;
use std::fs;
use std::path::Path;

fn reference(kind: Kind, data: &[u8]) -> String {
    match kind {
        Kind::Md5 => hex::encode(md5::Md5::digest(data)),
        Kind::Sha256 => hex::encode(sha2::Sha256::digest(data)),
        Kind::Sha512 => hex::encode(sha2::Sha512::digest(data)),
        Kind::Blake3 => blake3::hash(data).to_hex().to_string(),
    }
}

/// The kernel settings to run the CLI under: the default choice, none, the portable
/// reference, and every SIMD kernel of this CPU.
fn settings() -> Vec<Option<String>> {
    let mut v = vec![None, Some("off".to_string())];
    v.extend(
        lanes::available_backends()
            .iter()
            .map(|b| Some(b.name().to_string())),
    );
    v
}

fn khsum_with(dir: &Path, setting: &Option<String>, args: &[&str]) -> Run {
    let mut c = khsum(dir);
    match setting {
        Some(v) => c.env(lanes::ENV, v),
        None => c.env_remove(lanes::ENV),
    };
    run(c.args(args))
}

/// A tree of small files of many lengths (every lane refilled many times), two files
/// above the multi-buffer size (single-stream), an empty file, a directory and a
/// missing name among them; the file names in argument order.
fn small_tree(dir: &Path) -> (Vec<String>, Vec<Option<Vec<u8>>>) {
    let mut names = Vec::new();
    let mut contents = Vec::new();
    let mut rng = khsum::testutil::TestRng::new(2323);
    for i in 0..260 {
        let name = format!("d{}/f{i:03}", i % 3);
        let data = match i {
            17 => Vec::new(),
            40 | 200 => rng.bytes(lanes::MAX_INPUT + 1 + i),
            _ => {
                let len = rng.below(if i % 5 == 0 { 600 } else { 20_000 });
                rng.bytes(len as usize)
            }
        };
        let p = dir.join(&name);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(&p, &data).unwrap();
        names.push(name);
        contents.push(Some(data));
        if i == 99 {
            names.push("d0".into());
            contents.push(None);
        }
        if i == 150 {
            names.push("missing".into());
            contents.push(None);
        }
    }
    (names, contents)
}

/// `khsum -a md5|sha256|sha512 FILES...` prints the digests the crates compute, in
/// argument order, with the same error lines and exit status whatever the kernel and the
/// thread count; the errors (a directory, a missing file) stay with their names alone.
#[test]
fn many_small_files_hash_in_lanes_in_argument_order() {
    let d = tempfile::TempDir::new().unwrap();
    let (names, contents) = small_tree(d.path());
    let args: Vec<&str> = names.iter().map(|n| &n[..]).collect();
    let want_err = "khsum: d0: Is a directory (use -r to hash the files below it)\n\
                    khsum: missing: No such file or directory\n";
    for kind in Kind::ALL {
        let mut want = String::new();
        for (n, c) in names.iter().zip(&contents) {
            if let Some(c) = c {
                want.push_str(&format!("{}  {n}\n", reference(kind, c)));
            }
        }
        for setting in settings() {
            for jobs in ["1", "3"] {
                let mut a = vec!["-j", jobs, "-a", kind.name()];
                a.extend(&args);
                let r = khsum_with(d.path(), &setting, &a);
                let what = format!("{} {setting:?} -j{jobs}", kind.name());
                assert_eq!(s(&r.out), want, "{what}");
                assert_eq!(r.err, want_err, "{what}");
                assert_eq!(r.code, 1, "{what}");
            }
        }
    }
}

/// `khsum -c` of an md5sums-style list (no `-a`: the algorithm from the digest length)
/// and of tagged SHA-256/SHA-512 lists: OK, FAILED and read errors line by line in list
/// order, GNU's closing warnings and status, the same through every kernel.
#[test]
fn checking_a_list_of_small_files_in_lanes() {
    let d = tempfile::TempDir::new().unwrap();
    let (names, contents) = small_tree(d.path());
    for kind in Kind::ALL {
        let mut list = String::new();
        let mut want = String::new();
        for (i, (n, c)) in names.iter().zip(&contents).enumerate() {
            let Some(c) = c else {
                if n == "missing" {
                    list.push_str(&format!("{}  {n}\n", reference(kind, b"")));
                    want.push_str(&format!("{n}: FAILED open or read\n"));
                }
                continue;
            };
            // Every 50th line lists a wrong digest.
            let digest = if i % 50 == 7 {
                reference(kind, b"not it")
            } else {
                reference(kind, c)
            };
            let line = match kind {
                Kind::Md5 => format!("{digest}  {n}\n"),
                Kind::Sha256 => format!("SHA256 ({n}) = {digest}\n"),
                Kind::Sha512 => format!("SHA512 ({n}) = {digest}\n"),
                Kind::Blake3 => format!("BLAKE3 ({n}) = {digest}\n"),
            };
            list.push_str(&line);
            let verdict = if i % 50 == 7 { "FAILED" } else { "OK" };
            want.push_str(&format!("{n}: {verdict}\n"));
        }
        fs::write(d.path().join("LIST"), &list).unwrap();
        let failed = want.matches(": FAILED\n").count();
        let want_err = format!(
            "khsum: missing: No such file or directory\n\
             khsum: WARNING: 1 listed file could not be read\n\
             khsum: WARNING: {failed} computed checksums did NOT match\n"
        );
        for setting in settings() {
            for jobs in ["1", "2"] {
                let r = khsum_with(d.path(), &setting, &["-j", jobs, "-c", "LIST"]);
                let what = format!("{} {setting:?} -j{jobs}", kind.name());
                assert_eq!(s(&r.out), want, "{what}");
                assert_eq!(r.err, want_err, "{what}");
                assert_eq!(r.code, 1, "{what}");
            }
        }
    }
}

/// A kernel this CPU lacks, or a name that is no backend, leaves the single-stream path:
/// the digests are the same.
#[test]
fn an_unavailable_kernel_setting_falls_back_to_single_stream() {
    let d = tempfile::TempDir::new().unwrap();
    fs::write(d.path().join("a"), b"abc").unwrap();
    fs::write(d.path().join("b"), vec![7u8; 5000]).unwrap();
    let want = format!(
        "{}  a\n{}  b\n",
        reference(Kind::Md5, b"abc"),
        reference(Kind::Md5, &[7u8; 5000])
    );
    for setting in ["avx512", "neon", "avx2", "nonsense", "on"] {
        let r = khsum_with(d.path(), &Some(setting.into()), &["-a", "md5", "a", "b"]);
        assert_eq!(r.all(), (want.clone(), "", 0), "{setting}");
    }
}

// The kernels themselves: differential tests of every multi-buffer kernel this CPU has
// (the portable one everywhere) against the single-stream `md-5` and `sha2` crates: every
// length from 0 to 3 blocks, equal lengths in every lane, random lengths mixed in one
// batch, batches smaller than the lanes (idle lanes) and larger (refilled lanes).

use khsum::alg::lanes::{available_backends, backends, digest_many_on, label, lanes};
use khsum::testutil::TestRng;

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
            reference(kind, m),
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
            assert_eq!(lanes(Kind::Blake3, b), Some(n32));
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
            assert_eq!(
                hex::encode(&got[pos][..]),
                want,
                "{} at {pos}",
                label(kind, backend)
            );
        }
    }
}

#[test]
fn the_lanes_hash_many_as_the_single_stream_hasher_hashes_one() {
    for kind in Kind::ALL {
        let alg = khsum::Algorithm::lookup(kind.name()).unwrap();
        let proto = alg.hasher(None, &khsum::Params::default()).unwrap();
        let owned: Vec<Vec<u8>> = (0..40)
            .map(|i| TestRng::new(i).bytes(i as usize * 411))
            .collect();
        let msgs: Vec<&[u8]> = owned.iter().map(|m| &m[..]).collect();
        // The lanes the registry's hint gives this CPU, if any.
        if let Some(l) = Reading::new(alg.read_hint(None, &khsum::Params::default())).lanes {
            let got = l.digest_many(&msgs);
            assert_eq!(got.len(), msgs.len());
            for (m, d) in msgs.iter().zip(got) {
                assert_eq!(hex::encode(&d[..]), reference(kind, m));
            }
        }
        // Whatever the kernel, a copy streams as the single-stream hasher.
        let mut h = proto.box_clone();
        h.update(msgs[7]);
        assert_eq!(hex::encode(h.finalize().unwrap()), reference(kind, msgs[7]));
    }
}

// BLAKE3's lanes take chunks (1 KiB, up to 16 blocks) and parent nodes of many messages:
// the tests above cover its blocks (0 to 3 of 64 bytes); these cover its chunks and the
// shapes of its tree.

/// Every length from 0 to 3 chunks and a byte, mixed in one batch and one length in every
/// lane at once: the partial last block, the chunk boundaries, the first parents.
#[test]
fn blake3_every_length_up_to_three_chunks() {
    for b in available_backends() {
        let n = lanes(Kind::Blake3, b).unwrap();
        let data = TestRng::new(31).bytes(3 * 1024 + 1);
        let msgs: Vec<&[u8]> = (0..=3 * 1024 + 1).map(|l| &data[..l]).collect();
        check(Kind::Blake3, b, &msgs, "lengths 0..=3073");
        let rev: Vec<&[u8]> = msgs.iter().rev().copied().collect();
        check(Kind::Blake3, b, &rev, "lengths 3073..=0");
        let mut rng = TestRng::new(32);
        for len in (0..=3 * 1024 + 1).step_by(13) {
            let owned: Vec<Vec<u8>> = (0..n).map(|_| rng.bytes(len)).collect();
            let msgs: Vec<&[u8]> = owned.iter().map(|m| &m[..]).collect();
            check(Kind::Blake3, b, &msgs, &format!("{n} lanes of {len} bytes"));
        }
    }
}

/// Trees of every shape up to 33 chunks (left subtrees of 1 to 32 chunks, odd nodes
/// carried up at every level), at a chunk boundary and a byte either side, each alone
/// and all together; and the largest input the CLI gives the lanes, and twice that.
#[test]
fn blake3_tree_shapes_and_the_largest_inputs() {
    let data = TestRng::new(33).bytes(33 * 1024 + 1);
    let mut lens = vec![lanes::BLAKE3_MAX_INPUT, 2 * lanes::BLAKE3_MAX_INPUT + 1025];
    lens.extend([lanes::BLAKE3_AVX512_MAX_INPUT, lanes::BLAKE3_NEON_MAX_INPUT]);
    for chunks in 1..=33 {
        lens.extend([chunks * 1024 - 1, chunks * 1024, chunks * 1024 + 1]);
    }
    let msgs: Vec<&[u8]> = lens.iter().map(|&l| &data[..l]).collect();
    for b in available_backends() {
        check(Kind::Blake3, b, &msgs, "tree shapes together");
        for m in &msgs {
            check(Kind::Blake3, b, &[m], "tree shape alone");
        }
    }
}

/// The plain 32-byte hash alone takes the lanes: keyed mode, key derivation and longer
/// outputs (`-l`) keep the crate's single-stream hasher, and give its results.
#[test]
fn blake3_lanes_only_for_the_plain_hash() {
    let alg = khsum::Algorithm::lookup("blake3").unwrap();
    let plain = Reading::new(alg.read_hint(None, &khsum::Params::default()));
    let max = match plain.lanes.map(|l| l.backend()) {
        Some(b) => Kind::Blake3.max_input(b),
        None => 0,
    };
    // Keyed, longer or seeked output, key derivation: no lanes, whatever the CPU.
    let key = khsum::Key::from_bytes(vec![7u8; 32]);
    let long = khsum::Params {
        out_len: Some(64),
        ..khsum::Params::default()
    };
    let seek = khsum::Params {
        seek: 1,
        ..khsum::Params::default()
    };
    assert_eq!(alg.read.lanes, Some(Kind::Blake3));
    assert_eq!(
        alg.read_hint(Some(&key), &khsum::Params::default()).lanes,
        None
    );
    assert_eq!(alg.read_hint(None, &long).lanes, None);
    assert_eq!(alg.read_hint(None, &seek).lanes, None);
    assert_eq!(alg.derive_read_hint().lanes, None);
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        Kind::Blake3.max_input(Backend::Avx2),
        lanes::BLAKE3_MAX_INPUT
    );
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        Kind::Blake3.max_input(Backend::Avx512),
        lanes::BLAKE3_AVX512_MAX_INPUT
    );
    assert_eq!(
        Kind::Blake3.max_input(Backend::Neon),
        lanes::BLAKE3_NEON_MAX_INPUT
    );
    assert_eq!(Kind::Md5.max_input(Backend::Neon), lanes::MAX_INPUT);
    assert_eq!(plain.lanes.map_or(0, |l| l.max_input()), max);
    let d = tempfile::TempDir::new().unwrap();
    let mut rng = TestRng::new(34);
    let owned: Vec<Vec<u8>> = (0..20).map(|i| rng.bytes(i * 700)).collect();
    let mut names = Vec::new();
    for (i, c) in owned.iter().enumerate() {
        let name = format!("f{i:02}");
        fs::write(d.path().join(&name), c).unwrap();
        names.push(name);
    }
    let args: Vec<&str> = names.iter().map(|n| &n[..]).collect();
    let key = [7u8; 32];
    fs::write(d.path().join("KEY"), key).unwrap();
    for setting in settings() {
        // -l 64: 64 bytes of extendable output (BLAKE3 counts bytes, as b3sum).
        let mut a = vec!["-l", "64"];
        a.extend(&args);
        let r = khsum_with(d.path(), &setting, &a);
        let mut want = String::new();
        for (n, c) in names.iter().zip(&owned) {
            let mut out = [0u8; 64];
            blake3::Hasher::new()
                .update(c)
                .finalize_xof()
                .fill(&mut out);
            want.push_str(&format!("{}  {n}\n", hex::encode(out)));
        }
        assert_eq!(r.all(), (want, "", 0), "-l 64 {setting:?}");
        let mut a = vec!["--key-file", "KEY"];
        a.extend(&args);
        let r = khsum_with(d.path(), &setting, &a);
        let mut want = String::new();
        for (n, c) in names.iter().zip(&owned) {
            want.push_str(&format!("{}  {n}\n", blake3::keyed_hash(&key, c).to_hex()));
        }
        assert_eq!(r.all(), (want, "", 0), "keyed {setting:?}");
    }
}
