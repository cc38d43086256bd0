//! SHA-512 with the message schedule in AVX2 and the rounds in scalar registers with
//! BMI1/BMI2 (`RORX`, `ANDN`).
//!
//! Blocks go in pairs: one 256-bit register holds two consecutive words of the schedule
//! for both blocks (the first block in the low 128-bit lane, the second in the high one),
//! so eight registers hold the sixteen words the next two depend on, and one schedule step
//! (`sched`) makes two words of each block. The steps are written between the rounds of
//! the first block, two rounds a step, so that the vector units work while the scalar
//! rounds run; `W[t] + K[t]` of both blocks goes to a buffer, from which the second
//! block's 80 rounds then read theirs. An odd last block is paired with itself and its
//! second pass skipped.

use super::K;
use super::portable::rounds;
use std::arch::x86_64::*;

/// `W[t] + K[t]` of both blocks: the pair of words `2j, 2j + 1` of the first block at
/// `4j, 4j + 1`, of the second at `4j + 2, 4j + 3` (one stored register each).
#[repr(align(32))]
struct Wk([u64; 160]);

impl Wk {
    #[inline(always)]
    fn first(&self, t: usize) -> u64 {
        self.0[4 * (t / 2) + t % 2]
    }

    #[inline(always)]
    fn second(&self, t: usize) -> u64 {
        self.0[4 * (t / 2) + 2 + t % 2]
    }
}

/// Stores `x + (K[t], K[t + 1])` (both lanes) as pair `t / 2` of the buffer.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn store_wk(wk: &mut Wk, t: usize, x: __m256i) {
    let k = _mm256_set_epi64x(K[t + 1] as i64, K[t] as i64, K[t + 1] as i64, K[t] as i64);
    let dst = &mut wk.0[2 * t..2 * t + 4];
    // SAFETY: `dst` is 32 writable bytes; the store is unaligned.
    unsafe { _mm256_storeu_si256(dst.as_mut_ptr().cast(), _mm256_add_epi64(x, k)) };
}

/// A 64-bit rotation right of each lane by `N` (AVX2 has none: two shifts and an OR).
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn rotr<const N: i32, const M: i32>(x: __m256i) -> __m256i {
    _mm256_or_si256(_mm256_srli_epi64::<N>(x), _mm256_slli_epi64::<M>(x))
}

/// One schedule step for both blocks: from the registers holding words `t - 16, t - 15`
/// (`w0`), `t - 14, t - 13` (`w1`), `t - 8, t - 7` (`w4`), `t - 6, t - 5` (`w5`) and
/// `t - 2, t - 1` (`w7`), words `t` and `t + 1` (FIPS 180-4 §6.4.2, step 1).
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn sched(w0: __m256i, w1: __m256i, w4: __m256i, w5: __m256i, w7: __m256i) -> __m256i {
    // Words t - 15, t - 14 and t - 7, t - 6: a byte shift across register pairs, within
    // each 128-bit lane (each block apart).
    let w15 = _mm256_alignr_epi8::<8>(w1, w0);
    let w7x = _mm256_alignr_epi8::<8>(w5, w4);
    let s0 = _mm256_xor_si256(
        _mm256_xor_si256(rotr::<1, 63>(w15), rotr::<8, 56>(w15)),
        _mm256_srli_epi64::<7>(w15),
    );
    let s1 = _mm256_xor_si256(
        _mm256_xor_si256(rotr::<19, 45>(w7), rotr::<61, 3>(w7)),
        _mm256_srli_epi64::<6>(w7),
    );
    _mm256_add_epi64(_mm256_add_epi64(w0, w7x), _mm256_add_epi64(s0, s1))
}

/// Both blocks' first sixteen words, byte-swapped to big-endian words.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn load(first: &[u8; 128], second: &[u8; 128]) -> [__m256i; 8] {
    let bswap = _mm256_set_epi64x(
        0x0809_0a0b_0c0d_0e0f,
        0x0001_0203_0405_0607,
        0x0809_0a0b_0c0d_0e0f,
        0x0001_0203_0405_0607,
    );
    std::array::from_fn(|j| {
        let (lo, hi) = (&first[16 * j..16 * j + 16], &second[16 * j..16 * j + 16]);
        // SAFETY: `lo` and `hi` are 16 readable bytes each; the loads are unaligned.
        let (lo, hi) = unsafe {
            (
                _mm_loadu_si128(lo.as_ptr().cast()),
                _mm_loadu_si128(hi.as_ptr().cast()),
            )
        };
        _mm256_shuffle_epi8(_mm256_set_m128i(hi, lo), bswap)
    })
}

/// Absorbs whole 128-byte blocks.
#[target_feature(enable = "avx2,bmi1,bmi2")]
pub(super) fn compress(state: &mut [u64; 8], blocks: &[u8]) {
    let (blocks, rest) = blocks.as_chunks::<128>();
    debug_assert!(rest.is_empty(), "partial block passed to compress");
    let mut wk = Wk([0; 160]);
    for pair in blocks.chunks(2) {
        let first = &pair[0];
        let second = pair.get(1).unwrap_or(first);
        let mut x = load(first, second);
        for (j, v) in x.iter().enumerate() {
            store_wk(&mut wk, 2 * j, *v);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
        let mut bc = b ^ c;
        // Four schedule steps (words t0 .. t0 + 8 of both blocks, `t0 = 16 + 2 * $q`)
        // between the first block's rounds t0 - 16 .. t0 - 8: register `$q % 8` and the
        // next three are replaced, as they hold the words sixteen back.
        macro_rules! quad {
            ($($q:literal)*) => {$(
                macro_rules! step {
                    ($i:literal) => {
                        let j = ($q + $i) % 8;
                        x[j] = sched(x[j], x[(j + 1) % 8], x[(j + 4) % 8], x[(j + 5) % 8], x[(j + 7) % 8]);
                        store_wk(&mut wk, 16 + 2 * ($q + $i), x[j]);
                    };
                }
                step!(0);
                round!(a, b, c, d, e, f, g, h, bc, wk.first(2 * $q));
                round!(h, a, b, c, d, e, f, g, bc, wk.first(2 * $q + 1));
                step!(1);
                round!(g, h, a, b, c, d, e, f, bc, wk.first(2 * $q + 2));
                round!(f, g, h, a, b, c, d, e, bc, wk.first(2 * $q + 3));
                step!(2);
                round!(e, f, g, h, a, b, c, d, bc, wk.first(2 * $q + 4));
                round!(d, e, f, g, h, a, b, c, bc, wk.first(2 * $q + 5));
                step!(3);
                round!(c, d, e, f, g, h, a, b, bc, wk.first(2 * $q + 6));
                round!(b, c, d, e, f, g, h, a, bc, wk.first(2 * $q + 7));
            )*};
        }
        quad!(0 4 8 12 16 20 24 28);
        for t in (64..80).step_by(8) {
            eight_rounds!([a, b, c, d, e, f, g, h], bc, |i| wk.first(t + i));
        }
        for (s, v) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
            *s = s.wrapping_add(v);
        }
        if pair.len() == 2 {
            rounds(state, |t| wk.second(t));
        }
    }
}
