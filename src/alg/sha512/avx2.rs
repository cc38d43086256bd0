//! SHA-512 with the message schedule in AVX2 and the rounds in scalar registers with
//! BMI1/BMI2 (`RORX`, `ANDN`), written out as assembly.
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
//!
//! Two choices measured on AMD Zen 3 (`khsum bench -a sha512 --sizes 1048576`, medians
//! of 11 alternating runs; PERFORMANCE.md): the rounds are assembly (`round_asm!`), and
//! a block's first 64 rounds are a loop of 32 run twice, not unrolled. Together 0.93
//! times the time of the unrolled Rust rounds (3.43 against 3.68 cycles a byte); either
//! alone gains little (the assembly unrolled 0.99, the Rust rounds in the loop 1.05).

use super::K;
use std::arch::x86_64::*;

/// `W[t] + K[t]` of both blocks: the pair of words `2j, 2j + 1` of the first block at
/// `4j, 4j + 1`, of the second at `4j + 2, 4j + 3` (one stored register each).
#[repr(align(32))]
struct Wk([u64; 160]);

/// `K` laid out like [`Wk`]: `K[2j], K[2j + 1]` twice at `4j` (one register each), so
/// a schedule step at a run-time position adds its constants with one load.
#[repr(align(32))]
struct Kk([u64; 160]);

static KK: Kk = Kk({
    let mut kk = [0; 160];
    let mut i = 0;
    while i < 160 {
        kk[i] = K[2 * (i / 4) + i % 2];
        i += 1;
    }
    kk
});

/// Stores `x + (K[t], K[t + 1])` (both lanes) as pair `t / 2` of the buffer.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn store_wk(wk: &mut Wk, t: usize, x: __m256i) {
    let dst = &mut wk.0[2 * t..2 * t + 4];
    let k = &KK.0[2 * t..2 * t + 4];
    // SAFETY: `dst` is 32 writable bytes and `k` 32 readable ones; the accesses are
    // unaligned.
    unsafe {
        let k = _mm256_loadu_si256(k.as_ptr().cast());
        _mm256_storeu_si256(dst.as_mut_ptr().cast(), _mm256_add_epi64(x, k));
    }
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

/// Schedule step `q` of a pair (its words `16 + 2q` and the one after, of both blocks):
/// register `q % 8` of `x` holds the words sixteen back, and is replaced; `W + K` goes
/// to `wk`.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn step(x: &mut [__m256i; 8], q: usize, wk: &mut Wk) {
    let j = q % 8;
    x[j] = sched(
        x[j],
        x[(j + 1) % 8],
        x[(j + 4) % 8],
        x[(j + 5) % 8],
        x[(j + 7) % 8],
    );
    store_wk(wk, 16 + 2 * q, x[j]);
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

/// One round (FIPS 180-4 §6.4.2) as assembly text, on registers named `a..h` in order,
/// with `bc` holding `b ^ c` (left holding the majority function; the caller swaps it
/// with `ab`, which is left holding `a ^ b`, the next round's `b ^ c`), `r13` and `r14`
/// scratch, and `W[t] + K[t]` at byte `off` from `r15`. Updates `d` and `h`; the caller
/// renames the registers for the next round.
///
/// The same round as the portable one (`round!` in `portable.rs`), with its additions as
/// `LEA`s and in an order chosen here: from Rust, LLVM emits `ADD`s in the order its
/// reassociation picks (the `W[t] + K[t]` load last, after `Σ1`), and allocates
/// registers around the loop worse. `llvm-mca -mcpu=znver3` puts the `LEA`s on Zen 3's
/// address units, beside the four integer units that the rotations and logic fill (5.3
/// cycles a round against 6.1); the machine gains less than the model. In `block`'s
/// loop, 3.49 against 3.86 TSC cycles a byte for the same loop with these rounds in Rust
/// (`khsum bench -a sha512 --sizes 1048576`, a variant build; PERFORMANCE.md).
macro_rules! round_asm {
    ($a:literal, $b:literal, $c:literal, $d:literal, $e:literal, $f:literal, $g:literal, $h:literal, $bc:literal, $ab:literal, $off:literal) => {
        concat!(
            ins!("add", $h, concat!("qword ptr [r15 + ", $off, "]")),
            // Σ1(e) in r13, with Ch(e, f, g) = (e & f) + (!e & g) added to h on the way.
            ins!("rorx", "r13", $e, "41"),
            ins!("rorx", "r14", $e, "18"),
            ins!("andn", $ab, $e, $g),
            ins!("xor", "r13", "r14"),
            ins!("rorx", "r14", $e, "14"),
            lea!($h, $ab),
            ins!("mov", $ab, $f),
            ins!("and", $ab, $e),
            ins!("xor", "r13", "r14"),
            lea!($h, $ab),
            // h is T1; d += T1.
            lea!($h, "r13"),
            ins!("rorx", "r13", $a, "39"),
            ins!("rorx", "r14", $a, "34"),
            lea!($d, $h),
            // Σ0(a) in r13; Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b in bc.
            ins!("xor", "r13", "r14"),
            ins!("rorx", "r14", $a, "28"),
            ins!("mov", $ab, $a),
            ins!("xor", $ab, $b),
            ins!("xor", "r13", "r14"),
            ins!("and", $bc, $ab),
            ins!("xor", $bc, $b),
            lea!($h, $bc),
            lea!($h, "r13"),
        )
    };
}

/// One instruction's text: `op dst, src` or `op dst, src1, src2`.
macro_rules! ins {
    ($op:literal, $dst:expr, $src:expr) => {
        concat!($op, " ", $dst, ", ", $src, "\n")
    };
    ($op:literal, $dst:expr, $s1:expr, $s2:expr) => {
        concat!($op, " ", $dst, ", ", $s1, ", ", $s2, "\n")
    };
}

/// `dst += src` as `LEA`.
macro_rules! lea {
    ($dst:expr, $src:expr) => {
        concat!("lea ", $dst, ", [", $dst, " + ", $src, "]\n")
    };
}

/// Four rounds on `state` (`a..h` in their registers; the first four of eight
/// renamings with `HI` false, the last four with `HI` true, after which they are back in
/// their places), `bc` holding `b ^ c` on entry and exit, reading `W[t] + K[t]` of
/// round `t + i` (`i` counting from the first of the eight) at word `4 * (i / 2) + i % 2`
/// of `wk` (one lane of [`Wk`]).
#[inline(always)]
fn rounds4<const HI: bool>(state: &mut [u64; 8], bc: &mut u64, wk: &[u64; 14]) {
    let [a, b, c, d, e, f, g, h] = state;
    macro_rules! asm {
        ($text:expr) => {
            // SAFETY: the code reads words at byte offsets 0 to 104 of `wk` (112
            // readable bytes) and writes only the registers named here; it uses no
            // stack. It runs only inside `block`, a `target_feature(enable =
            // "avx2,bmi1,bmi2")` function reached through the dispatch table only on a
            // CPU with BMI1/BMI2, which `RORX` and `ANDN` need.
            unsafe {
                std::arch::asm!(
                    $text,
                    inout("rax") *a, inout("rcx") *b, inout("rdx") *c, inout("rsi") *d,
                    inout("rdi") *e, inout("r8") *f, inout("r9") *g, inout("r10") *h,
                    inout("r11") *bc, out("r12") _, out("r13") _, out("r14") _,
                    in("r15") wk.as_ptr(),
                    options(nostack, readonly),
                )
            }
        };
    }
    // Four rounds from registers named `a..h`: each round's `a` is the one before's `h`
    // (the renaming of `eight_rounds!` in `portable.rs`), and `bc` and `ab` swap between `r11` and `r12`.
    macro_rules! four {
        ([$a:literal, $b:literal, $c:literal, $d:literal, $e:literal, $f:literal, $g:literal, $h:literal], [$o0:literal, $o1:literal, $o2:literal, $o3:literal]) => {
            concat!(
                round_asm!($a, $b, $c, $d, $e, $f, $g, $h, "r11", "r12", $o0),
                round_asm!($h, $a, $b, $c, $d, $e, $f, $g, "r12", "r11", $o1),
                round_asm!($g, $h, $a, $b, $c, $d, $e, $f, "r11", "r12", $o2),
                round_asm!($f, $g, $h, $a, $b, $c, $d, $e, "r12", "r11", $o3),
            )
        };
    }
    // Rounds 4..8 of the eight start from the registers rotated by four.
    if HI {
        asm!(four!(
            ["rdi", "r8", "r9", "r10", "rax", "rcx", "rdx", "rsi"],
            ["64", "72", "96", "104"]
        ));
    } else {
        asm!(four!(
            ["rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10"],
            ["0", "8", "32", "40"]
        ));
    }
}

/// The 80 rounds of one block on `state` (with the feed-forward), reading `W[t] + K[t]`
/// from `wk` (lane `lane`: 0 the first block of the pair, 1 the second). With `SCHED`,
/// steps `16 * lane .. 16 * lane + 16` of the next pair's schedule run in between, one
/// every four rounds of the first 64, on `x`, storing into `next`: so the vector work
/// of a pair is spread over both its blocks' rounds instead of crowding the first's.
///
/// The first 64 rounds are a loop of 32 (with eight steps), run twice, not unrolled:
/// unrolled, a pair's code is about 24 KB, more than Zen 3's decoded-instruction cache
/// holds (4K operations), and the rounds alone ran 4–5% slower unrolled than looped. Each
/// step follows four rounds (before them: 1.5% slower).
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn block<const SCHED: bool>(
    state: &mut [u64; 8],
    wk: &Wk,
    lane: usize,
    x: &mut [__m256i; 8],
    next: &mut Wk,
) {
    let mut v = *state;
    let mut bc = v[1] ^ v[2];
    let mut y = *x;
    // Run-time trip counts: LLVM would unroll a loop of two.
    // (`& 1`: both are 0 or 1, which lets the compiler drop the bounds checks.)
    let (two, lane) = (std::hint::black_box(2), lane & 1);
    for r in 0..two {
        let r = r & 1;
        // This lane's `W[t] + K[t]` for rounds `32 * r + i .. 32 * r + i + 8`, and the
        // next pair's step `16 * lane + 8 * r + q` (its words `32 * lane + 16 * r + 16
        // + 2q` and the one after, of both blocks), for which register `q` holds the
        // words sixteen back and is replaced.
        let w = |i: usize| -> &[u64; 14] {
            wk.0[64 * r + 2 * i + 2 * lane..][..14].try_into().unwrap()
        };
        macro_rules! step {
            ($q:expr) => {
                if SCHED {
                    step(&mut y, 16 * lane + 8 * r + $q, next);
                }
            };
        }
        // Rounds `i .. i + 8` of the stretch, each half after one step.
        macro_rules! eight {
            ($i:literal, $q:literal) => {
                rounds4::<false>(&mut v, &mut bc, w($i));
                step!($q);
                rounds4::<true>(&mut v, &mut bc, w($i));
                step!($q + 1);
            };
        }
        eight!(0, 0);
        eight!(8, 2);
        eight!(16, 4);
        eight!(24, 6);
    }
    for t in [64, 72] {
        let w: &[u64; 14] = wk.0[2 * t + 2 * lane..][..14].try_into().unwrap();
        rounds4::<false>(&mut v, &mut bc, w);
        rounds4::<true>(&mut v, &mut bc, w);
    }
    *x = y;
    for (s, v) in state.iter_mut().zip(v) {
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
        step(&mut x, q, cur);
    }
    loop {
        match pairs.next() {
            Some(following) => {
                // A pair follows, so this one has two blocks.
                start(following, &mut x, next);
                for lane in 0..std::hint::black_box(2) {
                    block::<true>(state, cur, lane, &mut x, next);
                }
                std::mem::swap(&mut cur, &mut next);
                pair = following;
            }
            None => {
                for lane in 0..pair.len() {
                    block::<false>(state, cur, lane, &mut x, next);
                }
                return;
            }
        }
    }
}
