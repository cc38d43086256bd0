//! HighwayHash SSE4.1 backend: each four-lane state vector is two 128-bit halves
//! (lanes 0, 1 and lanes 2, 3).

use super::{INIT_MUL0, INIT_MUL1, PACKET, State, ZIPPER, remainder_lanes, rounds};
use std::arch::asm;
use std::arch::x86_64::*;

/// One state vector as two halves: lanes 0, 1 and lanes 2, 3.
#[derive(Clone, Copy)]
struct V2 {
    lo: __m128i,
    hi: __m128i,
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn load(a: &[u64; 4]) -> V2 {
    let p = a.as_ptr().cast::<__m128i>();
    // SAFETY: `a` is 32 readable bytes; the loads are unaligned and read bytes 0..16 and
    // 16..32 of it.
    unsafe {
        V2 {
            lo: _mm_loadu_si128(p),
            hi: _mm_loadu_si128(p.add(1)),
        }
    }
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn store(a: &mut [u64; 4], v: V2) {
    let p = a.as_mut_ptr().cast::<__m128i>();
    // SAFETY: `a` is 32 writable bytes; the stores are unaligned and write bytes 0..16
    // and 16..32 of it.
    unsafe {
        _mm_storeu_si128(p, v.lo);
        _mm_storeu_si128(p.add(1), v.hi);
    }
}

/// The four state vectors in registers.
struct Regs {
    v0: V2,
    v1: V2,
    mul0: V2,
    mul1: V2,
    zipper: __m128i,
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn zipper() -> __m128i {
    // SAFETY: `ZIPPER` is 16 readable bytes; the load is unaligned.
    unsafe { _mm_loadu_si128(ZIPPER.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn regs(s: &State) -> Regs {
    Regs {
        v0: load(&s.v0),
        v1: load(&s.v1),
        mul0: load(&s.mul0),
        mul1: load(&s.mul1),
        zipper: zipper(),
    }
}

/// Registers for the initial state of a key (32 bytes, four little-endian lanes).
#[inline]
#[target_feature(enable = "sse4.1")]
fn regs_from_key(key: &[u8; 32]) -> Regs {
    let (mul0, mul1) = (load(&INIT_MUL0), load(&INIT_MUL1));
    let key = load_packet(key);
    // v0 = key ^ mul0; v1 = (key with the 32-bit halves of each lane swapped) ^ mul1.
    const SWAP32: i32 = 0b10_11_00_01;
    Regs {
        v0: V2 {
            lo: _mm_xor_si128(key.lo, mul0.lo),
            hi: _mm_xor_si128(key.hi, mul0.hi),
        },
        v1: V2 {
            lo: _mm_xor_si128(_mm_shuffle_epi32(key.lo, SWAP32), mul1.lo),
            hi: _mm_xor_si128(_mm_shuffle_epi32(key.hi, SWAP32), mul1.hi),
        },
        mul0,
        mul1,
        zipper: zipper(),
    }
}

#[inline]
#[target_feature(enable = "sse4.1")]
fn unregs(s: &mut State, r: &Regs) {
    store(&mut s.v0, r.v0);
    store(&mut s.v1, r.v1);
    store(&mut s.mul0, r.mul0);
    store(&mut s.mul1, r.mul1);
}

/// Returns `v` unchanged, hidden from the optimiser (no instruction is emitted). Used to
/// pin the order of a sum: LLVM would otherwise add the loop-carried `mul0` before the
/// packet, which puts one more add on the critical path.
#[inline]
#[target_feature(enable = "sse4.1")]
fn opaque(mut v: __m128i) -> __m128i {
    // SAFETY: the assembly is empty: it only names `v`'s register, and touches no memory,
    // stack or flags.
    unsafe {
        asm!("/* {0} */", inout(xmm_reg) v, options(pure, nomem, nostack, preserves_flags));
    }
    v
}

/// One half of an update (the two halves are independent).
#[inline]
#[target_feature(enable = "sse4.1")]
fn update_half(
    packet: __m128i,
    v0: &mut __m128i,
    v1: &mut __m128i,
    mul0: &mut __m128i,
    mul1: &mut __m128i,
    zipper: __m128i,
) {
    *v1 = _mm_add_epi64(opaque(_mm_add_epi64(*v1, packet)), *mul0);
    *mul0 = _mm_xor_si128(*mul0, _mm_mul_epu32(*v1, _mm_srli_epi64(*v0, 32)));
    *v0 = _mm_add_epi64(*v0, *mul1);
    *mul1 = _mm_xor_si128(*mul1, _mm_mul_epu32(*v0, _mm_srli_epi64(*v1, 32)));
    *v0 = _mm_add_epi64(*v0, _mm_shuffle_epi8(*v1, zipper));
    *v1 = _mm_add_epi64(*v1, _mm_shuffle_epi8(*v0, zipper));
}

#[inline]
#[target_feature(enable = "sse4.1")]
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

#[inline]
#[target_feature(enable = "sse4.1")]
fn load_packet(p: &[u8; PACKET]) -> V2 {
    let p = p.as_ptr().cast::<__m128i>();
    // SAFETY: `p` points to 32 readable bytes; unaligned loads of bytes 0..16 and 16..32.
    unsafe {
        V2 {
            lo: _mm_loadu_si128(p),
            hi: _mm_loadu_si128(p.add(1)),
        }
    }
}

/// Prefetches the cache line at `p` (no access is made; any address is fine).
#[inline]
#[target_feature(enable = "sse4.1")]
fn prefetch(p: *const u8) {
    _mm_prefetch::<_MM_HINT_T0>(p.cast());
}

super::packet_entry_points!("sse4.1");

#[inline]
#[target_feature(enable = "sse4.1")]
fn finish(mut r: Regs, tail: &[u8], words: usize) -> [u64; 4] {
    if !tail.is_empty() {
        let n = tail.len() as i32;
        // The length into both 32-bit halves of each v0 lane; v1's 32-bit halves rotated
        // left by the length.
        let len = _mm_set1_epi32(n);
        let (left, right) = (_mm_cvtsi32_si128(n), _mm_cvtsi32_si128(32 - n));
        let rot = |v| _mm_or_si128(_mm_sll_epi32(v, left), _mm_srl_epi32(v, right));
        r.v0 = V2 {
            lo: _mm_add_epi64(r.v0.lo, len),
            hi: _mm_add_epi64(r.v0.hi, len),
        };
        r.v1 = V2 {
            lo: rot(r.v1.lo),
            hi: rot(r.v1.hi),
        };
        let l = remainder_lanes(tail).map(|x| x as i64);
        let packet = V2 {
            lo: _mm_set_epi64x(l[1], l[0]),
            hi: _mm_set_epi64x(l[3], l[2]),
        };
        update(&mut r, packet);
    }
    for _ in 0..rounds(words) {
        // Permuted v0: lanes 2, 3, 0, 1, each with its 32-bit halves swapped.
        const SWAP32: i32 = 0b10_11_00_01;
        let p = V2 {
            lo: _mm_shuffle_epi32(r.v0.hi, SWAP32),
            hi: _mm_shuffle_epi32(r.v0.lo, SWAP32),
        };
        update(&mut r, p);
    }
    let a = V2 {
        lo: _mm_add_epi64(r.v0.lo, r.mul0.lo),
        hi: _mm_add_epi64(r.v0.hi, r.mul0.hi),
    };
    let b = V2 {
        lo: _mm_add_epi64(r.v1.lo, r.mul1.lo),
        hi: _mm_add_epi64(r.v1.hi, r.mul1.hi),
    };
    let out = match words {
        // Lane 0 of a + b; lanes 0, 1 of a plus lanes 2, 3 of b.
        1 => V2 {
            lo: _mm_add_epi64(a.lo, b.lo),
            hi: _mm_setzero_si128(),
        },
        2 => V2 {
            lo: _mm_add_epi64(a.lo, b.hi),
            hi: _mm_setzero_si128(),
        },
        _ => V2 {
            lo: modular_reduction(a.lo, b.lo),
            hi: modular_reduction(a.hi, b.hi),
        },
    };
    let mut w = [0u64; 4];
    store(&mut w, out);
    w
}

/// HighwayHash-256's reduction (see `super::modular_reduction`) of one 128-bit half:
/// `a ^ (b * (x^2 + x))` with the top two bits of `b` cleared.
#[inline]
#[target_feature(enable = "sse4.1")]
fn modular_reduction(a: __m128i, b: __m128i) -> __m128i {
    let b = _mm_and_si128(b, _mm_set_epi64x(i64::MAX >> 1, -1));
    // 128-bit shifts by 1 and 2: 64-bit shifts plus the bits carried from the low lane
    // into the high one.
    let shl1 = _mm_or_si128(
        _mm_slli_epi64(b, 1),
        _mm_slli_si128(_mm_srli_epi64(b, 63), 8),
    );
    let shl2 = _mm_or_si128(
        _mm_slli_epi64(b, 2),
        _mm_slli_si128(_mm_srli_epi64(b, 62), 8),
    );
    _mm_xor_si128(a, _mm_xor_si128(shl1, shl2))
}
