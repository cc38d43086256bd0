//! A minimal program that hashes one file with a peer crate on a memory map, for the
//! whole-process comparisons in `benches/peers.sh` (`khsum tag -a ALG --key-file K FILE`
//! against this). Not part of khsum.
//!
//!     cargo run --release --example peer_mmap -- ALG KEYFILE FILE
//!
//! ALG: siphash-2-4 | siphash-1-3 (siphasher crate), highwayhash-64 | highwayhash-256
//! (highway crate), multimixer-128 (multimixer-128 crate; KEYFILE as long as FILE),
//! blake3 (blake3 crate, unkeyed; KEYFILE ignored).
//!
//! Each peer through its fastest public call on the whole mapping: siphasher's one-call
//! `SipHasher24::hash(&map)` (its `Hasher::write` path is slower: 1.38x on an Intel Xeon,
//! issue 26), highway's `hash64`/`hash256`, blake3's `update_rayon` (what b3sum does on
//! a mapped file). `benches/peers.sh` builds this with `-C target-cpu=native`.
#![allow(unsafe_code)]

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (alg, key_path, path) = (&args[1], &args[2], &args[3]);
    let key = std::fs::read(key_path).unwrap();
    let file = std::fs::File::open(path).unwrap();
    // SAFETY: a benchmark on a file nobody modifies while it runs.
    let map = unsafe { memmap2::Mmap::map(&file).unwrap() };
    let out: Vec<u8> = match alg.as_str() {
        "siphash-2-4" | "siphash-1-3" => {
            let k: [u8; 16] = key[..16].try_into().unwrap();
            let v = if alg == "siphash-2-4" {
                siphasher::sip::SipHasher24::new_with_key(&k).hash(&map)
            } else {
                siphasher::sip::SipHasher13::new_with_key(&k).hash(&map)
            };
            v.to_le_bytes().to_vec()
        }
        "highwayhash-64" | "highwayhash-256" => {
            use highway::HighwayHash;
            let lanes: Vec<u64> = key[..32]
                .chunks(8)
                .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
                .collect();
            let h =
                highway::HighwayHasher::new(highway::Key([lanes[0], lanes[1], lanes[2], lanes[3]]));
            if alg == "highwayhash-64" {
                h.hash64(&map).to_le_bytes().to_vec()
            } else {
                h.hash256(&map)
                    .iter()
                    .flat_map(|w| w.to_le_bytes())
                    .collect()
            }
        }
        "multimixer-128" => {
            let mut d = [0u8; 64];
            multimixer_128::multimixer_128(&key, &map, &mut d);
            d.to_vec()
        }
        "blake3" => {
            let _ = key;
            let mut h = blake3::Hasher::new();
            h.update_rayon(&map);
            h.finalize().as_bytes().to_vec()
        }
        other => panic!("unknown algorithm {other}"),
    };
    println!("{}  {path}", hex::encode(out));
}
