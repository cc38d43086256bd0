#!/usr/bin/env python3
"""The NEON multi-buffer kernels (issue 23) against one-message-at-a-time code, in LLVM's
cycle model: does 8-lane MD5/SHA-256/BLAKE3 and 4-lane SHA-512 NEON (two registers per
state word) pay on ARM?

A small aarch64 program (target/arm-mca/mb-mca-probe, khsum's release profile) hashes, once
each: 8 messages of 1 KiB through khsum's NEON MD5, SHA-256 and BLAKE3 kernels, 8 of 2 KiB
and 8 of 4 KiB through BLAKE3's, and 4 of 1 KiB through its SHA-512 kernel (one per lane)
(`khsum::mb::digest_many_on`, the lane scheduler included), and one message of the same
size through the `md-5`, `sha2` and `blake3` crates (sha2 built with its `force-soft`
feature: the scalar code a CPU without the SHA-2 instructions runs; where the CPU has
them, khsum does not use its SHA-256/SHA-512 kernels at all; blake3 with its defaults:
one 1 KiB chunk is a chain of compressions, 4 KiB its NEON lanes over the chunks). Every
executed instruction of each call is traced under qemu-aarch64 and the straight block
given to llvm-mca on the Neoverse N1, Cortex-A76 and Apple M4 models (the helpers of
benches/arm_mca.py; its notes on llvm-mca's limits apply; instructions run in the
shared C library, the scheduler's allocations, are not counted). Printed: cycles per
message (a kernel's call divided by its lanes) and the ratio crate / NEON.

    python3 benches/mb_mca.py
"""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("arm_mca", os.path.join(HERE, "arm_mca.py"))
A = importlib.util.module_from_spec(spec)
spec.loader.exec_module(A)

MAIN = """use khsum::mb::{digest_many_on, Kind};
use khsum::Backend;
use sha2::Digest as _;
use std::hint::black_box;

#[no_mangle]
#[inline(never)]
pub fn probe_mb(kind: Kind, msgs: &[&[u8]]) -> usize {
    digest_many_on(kind, Backend::Neon, msgs).expect("neon").len()
}

#[no_mangle]
#[inline(never)]
pub fn probe_mb_md5(msgs: &[&[u8]]) -> usize { probe_mb(Kind::Md5, msgs) }
#[no_mangle]
#[inline(never)]
pub fn probe_mb_sha256(msgs: &[&[u8]]) -> usize { probe_mb(Kind::Sha256, msgs) }
#[no_mangle]
#[inline(never)]
pub fn probe_mb_sha512(msgs: &[&[u8]]) -> usize { probe_mb(Kind::Sha512, msgs) }
#[no_mangle]
#[inline(never)]
pub fn probe_mb_blake3(msgs: &[&[u8]]) -> usize { probe_mb(Kind::Blake3, msgs) }
#[no_mangle]
#[inline(never)]
pub fn probe_mb_blake3_4k(msgs: &[&[u8]]) -> usize {
    // Not the same body as probe_mb_blake3, which the linker would fold into it.
    probe_mb(Kind::Blake3, msgs) + 1
}
#[no_mangle]
#[inline(never)]
pub fn probe_mb_blake3_2k(msgs: &[&[u8]]) -> usize { probe_mb(Kind::Blake3, msgs) + 2 }
#[no_mangle]
#[inline(never)]
pub fn probe_md5(m: &[u8]) -> u8 { md5::Md5::digest(m)[0] }
#[no_mangle]
#[inline(never)]
pub fn probe_sha256(m: &[u8]) -> u8 { sha2::Sha256::digest(m)[0] }
#[no_mangle]
#[inline(never)]
pub fn probe_sha512(m: &[u8]) -> u8 { sha2::Sha512::digest(m)[0] }
#[no_mangle]
#[inline(never)]
pub fn probe_blake3(m: &[u8]) -> u8 { blake3::hash(m).as_bytes()[0] }
#[no_mangle]
#[inline(never)]
pub fn probe_blake3_4k(m: &[u8]) -> u8 { blake3::hash(m).as_bytes()[1] }
#[no_mangle]
#[inline(never)]
pub fn probe_blake3_2k(m: &[u8]) -> u8 { blake3::hash(m).as_bytes()[2] }

fn main() {
    let data: Vec<u8> = (0..32768u32).map(|i| (i * 7 % 251) as u8).collect();
    let eight: Vec<&[u8]> = (0..8).map(|i| &data[i * 1024..][..1024]).collect();
    let eight_4k: Vec<&[u8]> = (0..8).map(|i| &data[i * 4096..][..4096]).collect();
    black_box(probe_mb_blake3(black_box(&eight)));
    black_box(probe_mb_blake3_4k(black_box(&eight_4k)));
    let eight_2k: Vec<&[u8]> = (0..8).map(|i| &data[i * 2048..][..2048]).collect();
    black_box(probe_mb_blake3_2k(black_box(&eight_2k)));
    black_box(probe_blake3_2k(black_box(eight_2k[0])));
    black_box(probe_blake3(black_box(eight[0])));
    black_box(probe_blake3_4k(black_box(eight_4k[0])));
    black_box(probe_mb_md5(black_box(&eight)));
    black_box(probe_mb_sha256(black_box(&eight)));
    black_box(probe_mb_sha512(black_box(&eight[..4])));
    black_box(probe_md5(black_box(eight[0])));
    black_box(probe_sha256(black_box(eight[0])));
    black_box(probe_sha512(black_box(eight[0])));
}
"""


def probe():
    deps = [f'md-5 = "={A.locked_version("md-5")}"',
            f'sha2 = {{ version = "={A.locked_version("sha2")}", features = ["force-soft"] }}',
            f'blake3 = "={A.locked_version("blake3")}"']
    return A.build_probe("mb-mca-probe", deps, MAIN)


# `python3 benches/mb_mca.py blake3 blake3_4k` runs those rows alone.
ONLY = [(a, 4 if a == "sha512" else 8) for a in sys.argv[1:]]


def main():
    binary = probe()
    code, syms = A.disassembly(binary)
    pcs = A.qemu_trace(binary)
    version = A.re.search(r"LLVM version ([\d.]+)", A.run([A.MCA, "--version"])).group(1)
    print(f"# llvm-mca {version}: cycles per message (1 KiB; blake3_2k, blake3_4k: 2, 4 KiB), one traced call each")
    print(f"{'hash':<8} {'code':<28} {'instr':>7}" + "".join(f" {m:>12}" for m in A.MODELS))
    for alg, lanes in ONLY or [("md5", 8), ("sha256", 8), ("sha512", 4), ("blake3", 8), ("blake3_2k", 8), ("blake3_4k", 8)]:
        rows = []
        for label, name, per in [(f"khsum neon x{lanes} (per msg)", f"probe_mb_{alg}", lanes),
                                 ("crate, one message", f"probe_{alg}", 1)]:
            # The lane scheduler's few allocations and tail copies run in the shared C
            # library, outside the probe's disassembly: not counted.
            ins = A.traced_call(pcs, code, syms, name, outside="skip")
            cyc = [A.mca_block(ins, m) / per for m in A.MODELS]
            rows.append(cyc)
            print(f"{alg:<8} {label:<28} {len(ins) / per:>7.0f}" + "".join(f" {c:>12.0f}" for c in cyc),
                  flush=True)
        print(f"{alg:<8} {'crate / neon':<28} {'':>7}"
              + "".join(f" {s / n:>12.2f}" for n, s in zip(*rows)))


if __name__ == "__main__":
    sys.exit(main())
