//! khsum's LeMac (the fastest backend this CPU has, or `--backend NAME`) against the
//! upstream C++ build, in one process, single thread. Two pairs are compared: khsum's
//! streaming hasher (copy the keyed prototype, update, finalize) against the same calls on
//! the C++ class, and khsum's one-call `Hasher::digest_whole` (what it uses for a file that
//! fits its read buffer) against the C++ `oneshot`. For each size, the four
//! implementations run in turn, 41 rounds of about 16 MiB each; the figures are medians of
//! this thread's CPU time per MAC (`CLOCK_THREAD_CPUTIME_ID`, so time slices given to
//! other processes do not count). Before timing, each size's tags are compared.
//!
//! `ratio` = C++ time / khsum time: above 1.0 means khsum is faster.
#![allow(unsafe_code)] // FFI calls into the C++ library and clock_gettime.

use khsum::{Algorithm, Backend, Key, Params};
use std::ffi::c_void;
use std::hint::black_box;

unsafe extern "C" {
    fn cpp_lemac_new(key: *const u8) -> *mut c_void;
    fn cpp_lemac_stream(p: *const c_void, d: *const u8, n: usize, nonce: *const u8, out: *mut u8);
    fn cpp_lemac_oneshot(p: *const c_void, d: *const u8, n: usize, nonce: *const u8, out: *mut u8);
}

fn cpu_ns() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0);
    ts.tv_sec as f64 * 1e9 + ts.tv_nsec as f64
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let alg = Algorithm::lookup("lemac").expect("registered");
    let backend = match std::env::args().skip_while(|a| a != "--backend").nth(1) {
        Some(name) => *Backend::ALL
            .iter()
            .find(|b| b.name() == name)
            .expect("backend name"),
        None => alg.best_backend(),
    };
    let key: Vec<u8> = (0..16).collect();
    let nonce = [7u8; 16];
    let params = Params {
        out_len: None,
        nonce: Some(nonce),
        seek: 0,
    };
    let proto = alg
        .hasher_on(backend, Some(&Key::from_bytes(key.clone())), &params)
        .expect("backend available on this CPU")
        .expect("valid key");
    // SAFETY: `key` is 16 readable bytes; the object lives until the process ends.
    let cpp = unsafe { cpp_lemac_new(key.as_ptr()) } as *const c_void;
    let data: Vec<u8> = (0..(1 << 20)).map(|i| i as u8).collect();
    println!(
        "khsum LeMac backend {backend} vs C++ (pauldreik/lemac); thread CPU time, median of 41 rounds"
    );
    println!(
        "{:>8}  {:>10} {:>9}  {:>12} {:>6}  {:>12} {:>12} {:>6}",
        "size", "khsum ns", "GiB/s", "C++ stream", "ratio", "khsum whole", "C++ oneshot", "ratio"
    );
    for size in [64usize, 1024, 64 << 10, 1 << 20] {
        let d = &data[..size];
        let mut out = [0u8; 16];
        let mut ours = proto.box_clone();
        ours.update(d);
        let ours = ours.finalize().expect("lemac never fails");
        // SAFETY (both calls): `d` has `size` readable bytes, `nonce` 16, `out` 16 writable.
        unsafe { cpp_lemac_stream(cpp, d.as_ptr(), size, nonce.as_ptr(), out.as_mut_ptr()) };
        assert_eq!(ours, out, "stream tags differ at {size} bytes");
        unsafe { cpp_lemac_oneshot(cpp, d.as_ptr(), size, nonce.as_ptr(), out.as_mut_ptr()) };
        assert_eq!(ours, out, "one-shot tags differ at {size} bytes");
        let iters = ((16usize << 20) / (size + 64)).max(1);
        assert_eq!(proto.digest_whole(d).expect("lemac never fails"), ours);
        let mut t: [Vec<f64>; 4] = Default::default();
        let mut tag = [0u8; 16];
        for _ in 0..41 {
            for (which, times) in t.iter_mut().enumerate() {
                let t0 = cpu_ns();
                for _ in 0..iters {
                    let d = black_box(d);
                    match which {
                        0 => {
                            let mut h = proto.box_clone();
                            h.update(d);
                            black_box(h.finalize().expect("lemac never fails"));
                        }
                        // SAFETY: as above.
                        1 => unsafe {
                            cpp_lemac_stream(
                                cpp,
                                d.as_ptr(),
                                size,
                                nonce.as_ptr(),
                                out.as_mut_ptr(),
                            )
                        },
                        3 => {
                            proto
                                .digest_whole_into(d, &mut tag)
                                .expect("lemac never fails");
                            black_box(&tag);
                        }
                        // SAFETY: as above.
                        _ => unsafe {
                            cpp_lemac_oneshot(
                                cpp,
                                d.as_ptr(),
                                size,
                                nonce.as_ptr(),
                                out.as_mut_ptr(),
                            )
                        },
                    }
                    black_box(&out);
                }
                times.push((cpu_ns() - t0) / iters as f64);
            }
        }
        let [k, s, o, w] = t.map(|mut v| median(&mut v));
        println!(
            "{size:>8}  {k:>10.1} {:>9.2}  {s:>12.1} {:>6.3}  {w:>12.1} {o:>12.1} {:>6.3}",
            size as f64 / k / 1.073741824,
            s / k,
            o / w
        );
    }
}
