//! SHA-512 with the message schedule in AVX2 and the rounds in scalar registers with
//! BMI1/BMI2 (`RORX`, `ANDN`).
//!
//! Blocks go in pairs: one 256-bit register holds two consecutive words of the schedule
//! for both blocks (the first block in the low 128-bit lane, the second in the high one),
//! so eight registers hold the sixteen words the next two depend on, and one schedule step
//! (`sched`) makes two words of each block. `W[t] + K[t]` of both blocks goes to a
//! buffer, from which the rounds read theirs. The schedule is software-pipelined: the
//! first pair's is computed alone, and each later pair's 32 steps run between the rounds
//! of the pair before it, sixteen in each block (one every four rounds), into a second
//! buffer. The vector work so hides in both blocks' scalar rounds: computed in the first
//! block's rounds only, as before, it made that block 25% slower than the second, and the
//! whole 11% slower (same-run minimum over 1500 runs of 256 KiB, AMD Zen 3). An odd last
//! block is paired with itself and its second pass skipped.

use super::K;
use std::arch::x86_64::*;

/// `W[t] + K[t]` of both blocks: the pair of words `2j, 2j + 1` of the first block at
/// `4j, 4j + 1`, of the second at `4j + 2, 4j + 3` (one stored register each).
#[repr(align(32))]
struct Wk([u64; 160]);

impl Wk {
    /// `W[t] + K[t]` of the first block (`LANE` 0) or the second (1).
    #[inline(always)]
    fn get<const LANE: usize>(&self, t: usize) -> u64 {
        self.0[4 * (t / 2) + 2 * LANE + t % 2]
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

/// The 80 rounds of one block on `state` (with the feed-forward), reading `W[t] + K[t]`
/// from `wk` (lane `LANE`: 0 the first block of the pair, 1 the second). With `SCHED`,
/// steps `16 * LANE .. 16 * LANE + 16` of the next pair's schedule run in between, one
/// every four rounds of the first 64, on `x`, storing into `next`: so the vector work
/// of a pair is spread over both its blocks' rounds instead of crowding the first's.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn block<const SCHED: bool, const LANE: usize>(
    state: &mut [u64; 8],
    wk: &Wk,
    x: &mut [__m256i; 8],
    next: &mut Wk,
) {
    let w = |t: usize| wk.get::<LANE>(t);
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
    let mut bc = b ^ c;
    // Step `16 * LANE + q` of the next pair (its words `32 * LANE + 16 + 2q` and the
    // one after, of both blocks): register `(16 * LANE + q) % 8` holds the words sixteen
    // back, and is replaced.
    macro_rules! step {
        ($q:expr) => {
            if SCHED {
                let j = (16 * LANE + $q) % 8;
                x[j] = sched(
                    x[j],
                    x[(j + 1) % 8],
                    x[(j + 4) % 8],
                    x[(j + 5) % 8],
                    x[(j + 7) % 8],
                );
                store_wk(next, 16 + 2 * (16 * LANE + $q), x[j]);
            }
        };
    }
    // Rounds `t .. t + 8` with steps `q` and `q + 1`.
    macro_rules! eight {
        ($t:literal, $q:literal) => {
            step!($q);
            round!(a, b, c, d, e, f, g, h, bc, w($t));
            round!(h, a, b, c, d, e, f, g, bc, w($t + 1));
            round!(g, h, a, b, c, d, e, f, bc, w($t + 2));
            round!(f, g, h, a, b, c, d, e, bc, w($t + 3));
            step!($q + 1);
            round!(e, f, g, h, a, b, c, d, bc, w($t + 4));
            round!(d, e, f, g, h, a, b, c, bc, w($t + 5));
            round!(c, d, e, f, g, h, a, b, bc, w($t + 6));
            round!(b, c, d, e, f, g, h, a, bc, w($t + 7));
        };
    }
    eight!(0, 0);
    eight!(8, 2);
    eight!(16, 4);
    eight!(24, 6);
    eight!(32, 8);
    eight!(40, 10);
    eight!(48, 12);
    eight!(56, 14);
    eight_rounds!([a, b, c, d, e, f, g, h], bc, |i| w(64 + i));
    eight_rounds!([a, b, c, d, e, f, g, h], bc, |i| w(72 + i));
    let _ = bc;
    for (s, v) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
        *s = s.wrapping_add(v);
    }
}

/// Loads a pair (the second block the first again for an odd last one) into `x` and
/// stores its first sixteen `W[t] + K[t]`.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn start(pair: &[[u8; 128]], x: &mut [__m256i; 8], wk: &mut Wk) {
    *x = load(&pair[0], pair.get(1).unwrap_or(&pair[0]));
    for (j, v) in x.iter().enumerate() {
        store_wk(wk, 2 * j, *v);
    }
}

/// Absorbs whole 128-byte blocks: the first pair's schedule alone, then each pair's
/// rounds with the next pair's schedule in between (see [`block`]).
#[target_feature(enable = "avx2,bmi1,bmi2")]
pub(super) fn compress(state: &mut [u64; 8], blocks: &[u8]) {
    let (blocks, rest) = blocks.as_chunks::<128>();
    debug_assert!(rest.is_empty(), "partial block passed to compress");
    let mut pairs = blocks.chunks(2);
    let Some(mut pair) = pairs.next() else {
        return;
    };
    let (mut one, mut two) = (Wk([0; 160]), Wk([0; 160]));
    // Swapped by reference: the buffers are 1280 bytes each.
    let (mut cur, mut next) = (&mut one, &mut two);
    let mut x = [_mm256_setzero_si256(); 8];
    start(pair, &mut x, cur);
    for q in 0..32 {
        let j = q % 8;
        x[j] = sched(
            x[j],
            x[(j + 1) % 8],
            x[(j + 4) % 8],
            x[(j + 5) % 8],
            x[(j + 7) % 8],
        );
        store_wk(cur, 16 + 2 * q, x[j]);
    }
    loop {
        match pairs.next() {
            Some(following) => {
                // A pair follows, so this one has two blocks.
                start(following, &mut x, next);
                block::<true, 0>(state, cur, &mut x, next);
                block::<true, 1>(state, cur, &mut x, next);
                std::mem::swap(&mut cur, &mut next);
                pair = following;
            }
            None => {
                block::<false, 0>(state, cur, &mut x, next);
                if pair.len() == 2 {
                    block::<false, 1>(state, cur, &mut x, next);
                }
                return;
            }
        }
    }
}
