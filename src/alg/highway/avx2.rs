//! HighwayHash AVX2 backend: each four-lane state vector in one 256-bit register.

use super::{INIT_MUL0, INIT_MUL1, PACKET, State, ZIPPER, remainder_lanes};
use std::arch::asm;
use std::arch::x86_64::*;

#[inline]
#[target_feature(enable = "avx2")]
fn load(a: &[u64; 4]) -> __m256i {
    // SAFETY: `a` is 32 readable bytes; the load is unaligned.
    unsafe { _mm256_loadu_si256(a.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn store(a: &mut [u64; 4], v: __m256i) {
    // SAFETY: `a` is 32 writable bytes; the store is unaligned.
    unsafe { _mm256_storeu_si256(a.as_mut_ptr().cast(), v) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn load_packet(p: &[u8; PACKET]) -> __m256i {
    // SAFETY: `p` is 32 readable bytes; the load is unaligned.
    unsafe { _mm256_loadu_si256(p.as_ptr().cast()) }
}

/// The four state vectors in registers.
struct Regs {
    v0: __m256i,
    v1: __m256i,
    mul0: __m256i,
    mul1: __m256i,
    zipper: __m256i,
}

/// The zipper-merge byte shuffle for both 128-bit halves (pshufb works per half).
const ZIPPER_BOTH: [u8; 32] = {
    let mut z = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        z[i] = ZIPPER[i % 16];
        i += 1;
    }
    z
};

#[inline]
#[target_feature(enable = "avx2")]
fn regs(s: &State) -> Regs {
    Regs {
        v0: load(&s.v0),
        v1: load(&s.v1),
        mul0: load(&s.mul0),
        mul1: load(&s.mul1),
        zipper: load_packet(&ZIPPER_BOTH),
    }
}

/// Registers for the initial state of a key (32 bytes, four little-endian lanes).
#[inline]
#[target_feature(enable = "avx2")]
fn regs_from_key(key: &[u8; 32]) -> Regs {
    let (mul0, mul1) = (load(&INIT_MUL0), load(&INIT_MUL1));
    let key = load_packet(key);
    // v0 = key ^ mul0; v1 = (key with the 32-bit halves of each lane swapped) ^ mul1.
    let swapped = _mm256_shuffle_epi32(key, 0b10_11_00_01);
    Regs {
        v0: _mm256_xor_si256(key, mul0),
        v1: _mm256_xor_si256(swapped, mul1),
        mul0,
        mul1,
        zipper: load_packet(&ZIPPER_BOTH),
    }
}

#[inline]
#[target_feature(enable = "avx2")]
fn unregs(s: &mut State, r: &Regs) {
    store(&mut s.v0, r.v0);
    store(&mut s.v1, r.v1);
    store(&mut s.mul0, r.mul0);
    store(&mut s.mul1, r.mul1);
}

/// Returns `v` unchanged, hidden from the optimiser (no instruction is emitted). Used to
/// pin the order of a sum: LLVM would otherwise add the loop-carried `mul0` before the
/// packet, which puts one more add on the critical path (8 instead of 7 cycles a packet).
#[inline]
#[target_feature(enable = "avx2")]
fn opaque(mut v: __m256i) -> __m256i {
    // SAFETY: the assembly is empty: it only names `v`'s register, and touches no memory,
    // stack or flags.
    unsafe {
        asm!("/* {0} */", inout(ymm_reg) v, options(pure, nomem, nostack, preserves_flags));
    }
    v
}

/// The two 128-bit halves of `v` exchanged, as one `vperm2i128` (written out: LLVM
/// otherwise emits `vpermq`, which has about twice its latency on AMD Zen 3).
#[inline]
#[target_feature(enable = "avx2")]
fn swap_halves(v: __m256i) -> __m256i {
    let out;
    // SAFETY: one AVX2 register-to-register instruction (the function enables AVX2); it
    // touches no memory, stack or flags.
    unsafe {
        asm!("vperm2i128 {o}, {v}, {v}, 1", o = lateout(ymm_reg) out, v = in(ymm_reg) v,
            options(pure, nomem, nostack, preserves_flags));
    }
    out
}

#[inline]
#[target_feature(enable = "avx2")]
fn update(r: &mut Regs, packet: __m256i) {
    // (v1 + packet) first: mul0 is the last input to arrive on the critical path.
    r.v1 = _mm256_add_epi64(opaque(_mm256_add_epi64(r.v1, packet)), r.mul0);
    r.mul0 = _mm256_xor_si256(r.mul0, _mm256_mul_epu32(r.v1, _mm256_srli_epi64(r.v0, 32)));
    r.v0 = _mm256_add_epi64(r.v0, r.mul1);
    r.mul1 = _mm256_xor_si256(r.mul1, _mm256_mul_epu32(r.v0, _mm256_srli_epi64(r.v1, 32)));
    r.v0 = _mm256_add_epi64(r.v0, _mm256_shuffle_epi8(r.v1, r.zipper));
    r.v1 = _mm256_add_epi64(r.v1, _mm256_shuffle_epi8(r.v0, r.zipper));
}

/// [`update`] for a finalization round, where the packet (the permuted `v0`) is the last
/// input to arrive: `v1 + mul0` first, then the packet (one add less on the chain).
#[inline]
#[target_feature(enable = "avx2")]
fn update_final(r: &mut Regs, packet: __m256i) {
    r.v1 = _mm256_add_epi64(opaque(_mm256_add_epi64(r.v1, r.mul0)), packet);
    r.mul0 = _mm256_xor_si256(r.mul0, _mm256_mul_epu32(r.v1, _mm256_srli_epi64(r.v0, 32)));
    r.v0 = _mm256_add_epi64(r.v0, r.mul1);
    r.mul1 = _mm256_xor_si256(r.mul1, _mm256_mul_epu32(r.v0, _mm256_srli_epi64(r.v1, 32)));
    r.v0 = _mm256_add_epi64(r.v0, _mm256_shuffle_epi8(r.v1, r.zipper));
    r.v1 = _mm256_add_epi64(r.v1, _mm256_shuffle_epi8(r.v0, r.zipper));
}

/// Prefetches the cache line at `p` (no access is made; any address is fine).
#[inline]
#[target_feature(enable = "avx2")]
fn prefetch(p: *const u8) {
    _mm_prefetch::<_MM_HINT_T0>(p.cast());
}

super::packet_entry_points!("avx2");

#[inline]
#[target_feature(enable = "avx2")]
fn finish(mut r: Regs, tail: &[u8], words: usize) -> [u64; 4] {
    if !tail.is_empty() {
        let n = tail.len() as i32;
        // The length into both 32-bit halves of each v0 lane; v1's 32-bit halves rotated
        // left by the length.
        r.v0 = _mm256_add_epi64(r.v0, _mm256_set1_epi32(n));
        r.v1 = _mm256_or_si256(
            _mm256_sll_epi32(r.v1, _mm_cvtsi32_si128(n)),
            _mm256_srl_epi32(r.v1, _mm_cvtsi32_si128(32 - n)),
        );
        let l = remainder_lanes(tail).map(|x| x as i64);
        update(&mut r, _mm256_setr_epi64x(l[0], l[1], l[2], l[3]));
    }
    // Permuted v0: lanes 2, 3, 0, 1, each with its 32-bit halves swapped: the 128-bit
    // halves exchanged (`vperm2i128`), then the 32-bit swap within each 64-bit lane
    // (`vpshufd`). One `vpermd` does both, but it sits on the round's dependency chain,
    // and on AMD Zen 3 its latency is about 8 cycles against about 3 + 1 for this pair
    // (measured: a 64-byte HighwayHash-256 took 61 ns with `vpermd`; see PERFORMANCE.md,
    // AMD Zen 3); on Intel cores the pair costs one cycle more per round than
    // `vpermd` (3 + 1 against 3).
    for _ in 0..super::rounds(words) {
        let p = _mm256_shuffle_epi32(swap_halves(r.v0), 0b10_11_00_01);
        update_final(&mut r, p);
    }
    let a = _mm256_add_epi64(r.v0, r.mul0);
    let b = _mm256_add_epi64(r.v1, r.mul1);
    let out = match words {
        // Lane 0 of a + b; lanes 0, 1 of a plus lanes 2, 3 of b.
        1 => _mm256_add_epi64(a, b),
        2 => _mm256_add_epi64(a, _mm256_permute2x128_si256(b, b, 0x11)),
        _ => modular_reduction(a, b),
    };
    let mut w = [0u64; 4];
    store(&mut w, out);
    w
}

/// HighwayHash-256's reduction (see `super::modular_reduction`), on both 128-bit halves
/// at once: for each half, `a ^ (b * (x^2 + x))` with the top two bits of `b` cleared.
#[inline]
#[target_feature(enable = "avx2")]
fn modular_reduction(a: __m256i, b: __m256i) -> __m256i {
    let b = _mm256_and_si256(b, _mm256_setr_epi64x(-1, i64::MAX >> 1, -1, i64::MAX >> 1));
    // 128-bit shifts by 1 and 2 of each half: 64-bit shifts plus the bits carried from
    // the low lane into the high one.
    let shl1 = _mm256_or_si256(
        _mm256_slli_epi64(b, 1),
        _mm256_bslli_epi128(_mm256_srli_epi64(b, 63), 8),
    );
    let shl2 = _mm256_or_si256(
        _mm256_slli_epi64(b, 2),
        _mm256_bslli_epi128(_mm256_srli_epi64(b, 62), 8),
    );
    _mm256_xor_si256(a, _mm256_xor_si256(shl1, shl2))
}
