//! HighwayHash NEON backend (aarch64): each four-lane state vector is two 128-bit halves
//! (lanes 0, 1 and lanes 2, 3), as in the SSE4.1 backend. The 32×32→64-bit products are
//! `UMULL` of the narrowed low halves (`XTN`) and high halves (`SHRN #32`); the zipper
//! merge is one `TBL` per half.

use super::{INIT_MUL0, INIT_MUL1, PACKET, State, ZIPPER, remainder_lanes, rounds};
use std::arch::aarch64::*;
use std::arch::asm;

/// One state vector as two halves: lanes 0, 1 and lanes 2, 3.
#[derive(Clone, Copy)]
struct V2 {
    lo: uint64x2_t,
    hi: uint64x2_t,
}

#[inline]
#[target_feature(enable = "neon")]
fn load(a: &[u64; 4]) -> V2 {
    // SAFETY: `a` is four readable `u64`s; each load reads two of them, without alignment
    // requirements beyond `u64`'s, which the reference guarantees.
    unsafe {
        V2 {
            lo: vld1q_u64(a.as_ptr()),
            hi: vld1q_u64(a.as_ptr().add(2)),
        }
    }
}

#[inline]
#[target_feature(enable = "neon")]
fn store(a: &mut [u64; 4], v: V2) {
    // SAFETY: `a` is four writable `u64`s; each store writes two of them.
    unsafe {
        vst1q_u64(a.as_mut_ptr(), v.lo);
        vst1q_u64(a.as_mut_ptr().add(2), v.hi);
    }
}

#[inline]
#[target_feature(enable = "neon")]
fn load_packet(p: &[u8; PACKET]) -> V2 {
    // SAFETY: `p` is 32 readable bytes; the byte loads read bytes 0..16 and 16..32 and
    // have no alignment requirement.
    unsafe {
        V2 {
            lo: vreinterpretq_u64_u8(vld1q_u8(p.as_ptr())),
            hi: vreinterpretq_u64_u8(vld1q_u8(p.as_ptr().add(16))),
        }
    }
}

/// Prefetches the cache line at `p` for reading (`PRFM` never faults, whatever the
/// address).
#[inline]
#[target_feature(enable = "neon")]
fn prefetch(p: *const u8) {
    // SAFETY: PRFM is a hint: it performs no architecturally visible access and cannot
    // fault; it touches no register but the address operand and no flags.
    unsafe {
        asm!("prfm pldl1keep, [{0}]", in(reg) p, options(nostack, preserves_flags, readonly));
    }
}

/// The four state vectors in registers.
struct Regs {
    v0: V2,
    v1: V2,
    mul0: V2,
    mul1: V2,
    zipper: uint8x16_t,
}

#[inline]
#[target_feature(enable = "neon")]
fn zipper() -> uint8x16_t {
    // SAFETY: `ZIPPER` is 16 readable bytes.
    unsafe { vld1q_u8(ZIPPER.as_ptr()) }
}

#[inline]
#[target_feature(enable = "neon")]
fn regs(s: &State) -> Regs {
    Regs {
        v0: load(&s.v0),
        v1: load(&s.v1),
        mul0: load(&s.mul0),
        mul1: load(&s.mul1),
        zipper: zipper(),
    }
}

/// Each 64-bit lane with its 32-bit halves swapped.
#[inline]
#[target_feature(enable = "neon")]
fn swap32(v: uint64x2_t) -> uint64x2_t {
    vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(v)))
}

/// Registers for the initial state of a key (32 bytes, four little-endian lanes).
#[inline]
#[target_feature(enable = "neon")]
fn regs_from_key(key: &[u8; 32]) -> Regs {
    let (mul0, mul1) = (load(&INIT_MUL0), load(&INIT_MUL1));
    let key = load_packet(key);
    // v0 = key ^ mul0; v1 = (key with the 32-bit halves of each lane swapped) ^ mul1.
    Regs {
        v0: V2 {
            lo: veorq_u64(key.lo, mul0.lo),
            hi: veorq_u64(key.hi, mul0.hi),
        },
        v1: V2 {
            lo: veorq_u64(swap32(key.lo), mul1.lo),
            hi: veorq_u64(swap32(key.hi), mul1.hi),
        },
        mul0,
        mul1,
        zipper: zipper(),
    }
}

#[inline]
#[target_feature(enable = "neon")]
fn unregs(s: &mut State, r: &Regs) {
    store(&mut s.v0, r.v0);
    store(&mut s.v1, r.v1);
    store(&mut s.mul0, r.mul0);
    store(&mut s.mul1, r.mul1);
}

/// The low 32 bits of each lane of `a` times the high 32 bits of each lane of `b`, as
/// full 64-bit products.
#[inline]
#[target_feature(enable = "neon")]
fn mul_lo_hi(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
    vmull_u32(vmovn_u64(a), vshrn_n_u64::<32>(b))
}

/// The zipper merge of one half (bytes permuted within each pair of lanes).
#[inline]
#[target_feature(enable = "neon")]
fn zip(v: uint64x2_t, zipper: uint8x16_t) -> uint64x2_t {
    vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(v), zipper))
}

/// Returns `v` unchanged, hidden from the optimiser (no instruction is emitted). Used to
/// pin the order of a sum (see `update_half`).
#[inline]
#[target_feature(enable = "neon")]
fn opaque(mut v: uint64x2_t) -> uint64x2_t {
    // SAFETY: the assembly is empty: it only names `v`'s register, and touches no memory,
    // stack or flags.
    unsafe {
        asm!("/* {0:v} */", inout(vreg) v, options(pure, nomem, nostack, preserves_flags));
    }
    v
}

/// One half of an update (the two halves are independent).
#[inline]
#[target_feature(enable = "neon")]
fn update_half(
    packet: uint64x2_t,
    v0: &mut uint64x2_t,
    v1: &mut uint64x2_t,
    mul0: &mut uint64x2_t,
    mul1: &mut uint64x2_t,
    zipper: uint8x16_t,
) {
    // (v1 + packet) + mul0, as in the x86 backends: mul0 (a UMULL and an EOR behind) is
    // the last input to arrive. Left to itself LLVM adds mul0 first, which measured
    // 11.52 -> 12.52 cycles a packet in llvm-mca's apple-m4 model (benches/arm_mca.py).
    *v1 = vaddq_u64(opaque(vaddq_u64(*v1, packet)), *mul0);
    *mul0 = veorq_u64(*mul0, mul_lo_hi(*v1, *v0));
    *v0 = vaddq_u64(*v0, *mul1);
    *mul1 = veorq_u64(*mul1, mul_lo_hi(*v0, *v1));
    *v0 = vaddq_u64(*v0, zip(*v1, zipper));
    *v1 = vaddq_u64(*v1, zip(*v0, zipper));
}

#[inline]
#[target_feature(enable = "neon")]
fn update(r: &mut Regs, packet: V2) {
    let z = r.zipper;
    update_half(
        packet.lo,
        &mut r.v0.lo,
        &mut r.v1.lo,
        &mut r.mul0.lo,
        &mut r.mul1.lo,
        z,
    );
    update_half(
        packet.hi,
        &mut r.v0.hi,
        &mut r.v1.hi,
        &mut r.mul0.hi,
        &mut r.mul1.hi,
        z,
    );
}

super::packet_entry_points!("neon");

#[inline]
#[target_feature(enable = "neon")]
fn finish(mut r: Regs, tail: &[u8], words: usize) -> [u64; 4] {
    if !tail.is_empty() {
        let n = tail.len() as i32;
        // The length into both 32-bit halves of each v0 lane; v1's 32-bit halves rotated
        // left by the length (USHL shifts right for negative counts).
        let len = vreinterpretq_u64_u32(vdupq_n_u32(n as u32));
        let (left, right) = (vdupq_n_s32(n), vdupq_n_s32(n - 32));
        let rot = |v: uint64x2_t| {
            let v = vreinterpretq_u32_u64(v);
            vreinterpretq_u64_u32(vorrq_u32(vshlq_u32(v, left), vshlq_u32(v, right)))
        };
        r.v0 = V2 {
            lo: vaddq_u64(r.v0.lo, len),
            hi: vaddq_u64(r.v0.hi, len),
        };
        r.v1 = V2 {
            lo: rot(r.v1.lo),
            hi: rot(r.v1.hi),
        };
        let l = remainder_lanes(tail);
        update(&mut r, load(&l));
    }
    for _ in 0..rounds(words) {
        // Permuted v0: lanes 2, 3, 0, 1, each with its 32-bit halves swapped.
        let p = V2 {
            lo: swap32(r.v0.hi),
            hi: swap32(r.v0.lo),
        };
        update(&mut r, p);
    }
    let mut s = State::new(&[0; 4]);
    unregs(&mut s, &r);
    s.output(words)
}
