//! The portable (reference) MD5 block function: plain Rust, no CPU-specific instructions.
//!
//! Each step is `a = b + ((a + f(b, c, d) + K[i] + M[g]) <<< s)`. Only `b` is new (the
//! previous step's result); `c` and `d` are older, so everything that does not need `b`
//! is formed first, and `b` enters the step as late as possible:
//!
//! - F = `(b & c) | (!b & d)` as `d ^ (b & (c ^ d))`: `c ^ d` early, then two operations;
//! - G = `(b & d) | (c & !d)` as the sum `(c & !d) + (b & d)` (the two terms share no
//!   bit), the first term added to `a + K + M` early, so `b` costs one AND;
//! - H = `b ^ c ^ d` with `c ^ d` early;
//! - I = `c ^ (b | !d)` with `!d` early.
//!
//! followed by the addition, rotation and the addition of `b`: 5, 4, 4 and 5 dependent
//! operations a step.

/// `K[i] = floor(abs(sin(i + 1)) * 2^32)` (RFC 1321 §3.4, the table T[1..64]).
#[rustfmt::skip]
const K: [u32; 64] = [
    // Round 1
    0xd76a_a478, 0xe8c7_b756, 0x2420_70db, 0xc1bd_ceee,
    0xf57c_0faf, 0x4787_c62a, 0xa830_4613, 0xfd46_9501,
    0x6980_98d8, 0x8b44_f7af, 0xffff_5bb1, 0x895c_d7be,
    0x6b90_1122, 0xfd98_7193, 0xa679_438e, 0x49b4_0821,
    // Round 2
    0xf61e_2562, 0xc040_b340, 0x265e_5a51, 0xe9b6_c7aa,
    0xd62f_105d, 0x0244_1453, 0xd8a1_e681, 0xe7d3_fbc8,
    0x21e1_cde6, 0xc337_07d6, 0xf4d5_0d87, 0x455a_14ed,
    0xa9e3_e905, 0xfcef_a3f8, 0x676f_02d9, 0x8d2a_4c8a,
    // Round 3
    0xfffa_3942, 0x8771_f681, 0x6d9d_6122, 0xfde5_380c,
    0xa4be_ea44, 0x4bde_cfa9, 0xf6bb_4b60, 0xbebf_bc70,
    0x289b_7ec6, 0xeaa1_27fa, 0xd4ef_3085, 0x0488_1d05,
    0xd9d4_d039, 0xe6db_99e5, 0x1fa2_7cf8, 0xc4ac_5665,
    // Round 4
    0xf429_2244, 0x432a_ff97, 0xab94_23a7, 0xfc93_a039,
    0x655b_59c3, 0x8f0c_cc92, 0xffef_f47d, 0x8584_5dd1,
    0x6fa8_7e4f, 0xfe2c_e6e0, 0xa301_4314, 0x4e08_11a1,
    0xf753_7e82, 0xbd3a_f235, 0x2ad7_d2bb, 0xeb86_d391,
];

/// One block.
#[inline(always)]
fn block(s: &mut [u32; 4], m: &[u8; 64]) {
    let w = |i: usize| u32::from_le_bytes([m[4 * i], m[4 * i + 1], m[4 * i + 2], m[4 * i + 3]]);
    let [mut a, mut b, mut c, mut d] = *s;
    // The constants are read through a pointer the optimizer cannot see through: with
    // them as immediates, LLVM moves each constant's addition to the end of its sum,
    // after `f(b, c, d)`, which puts one more addition on the chain (6 operations for
    // an F step, measured 5.3 cycles a byte against 4.5).
    let k: &[u32; 64] = std::hint::black_box(&K);
    // The step macros name their rotation and message word; `$i` indexes K.
    macro_rules! f {
        ($a:ident, $b:ident, $c:ident, $d:ident, $g:expr, $s:expr, $i:expr) => {
            let t = $a.wrapping_add(w($g)).wrapping_add(k[$i]);
            let f = (($c ^ $d) & $b) ^ $d;
            $a = $b.wrapping_add(t.wrapping_add(f).rotate_left($s));
        };
    }
    macro_rules! g {
        ($a:ident, $b:ident, $c:ident, $d:ident, $g:expr, $s:expr, $i:expr) => {
            let t = $a
                .wrapping_add(w($g))
                .wrapping_add(k[$i])
                .wrapping_add($c & !$d);
            $a = $b.wrapping_add(t.wrapping_add($b & $d).rotate_left($s));
        };
    }
    macro_rules! h {
        ($a:ident, $b:ident, $c:ident, $d:ident, $g:expr, $s:expr, $i:expr) => {
            let t = $a.wrapping_add(w($g)).wrapping_add(k[$i]);
            $a = $b.wrapping_add(t.wrapping_add(($c ^ $d) ^ $b).rotate_left($s));
        };
    }
    macro_rules! i {
        ($a:ident, $b:ident, $c:ident, $d:ident, $g:expr, $s:expr, $i:expr) => {
            let t = $a.wrapping_add(w($g)).wrapping_add(k[$i]);
            $a = $b.wrapping_add(t.wrapping_add((!$d | $b) ^ $c).rotate_left($s));
        };
    }
    macro_rules! round {
        ($m:ident, $r:expr, [$s0:expr, $s1:expr, $s2:expr, $s3:expr], $g:expr) => {
            let mut j = 0;
            while j < 16 {
                $m!(a, b, c, d, $g(16 * $r + j), $s0, 16 * $r + j);
                $m!(d, a, b, c, $g(16 * $r + j + 1), $s1, 16 * $r + j + 1);
                $m!(c, d, a, b, $g(16 * $r + j + 2), $s2, 16 * $r + j + 2);
                $m!(b, c, d, a, $g(16 * $r + j + 3), $s3, 16 * $r + j + 3);
                j += 4;
            }
        };
    }
    // Message word of step i (RFC 1321 §3.4): i, 1 + 5i, 5 + 3i, 7i (mod 16).
    round!(f, 0, [7, 12, 17, 22], |i: usize| i % 16);
    round!(g, 1, [5, 9, 14, 20], |i: usize| (1 + 5 * i) % 16);
    round!(h, 2, [4, 11, 16, 23], |i: usize| (5 + 3 * i) % 16);
    round!(i, 3, [6, 10, 15, 21], |i: usize| (7 * i) % 16);
    s[0] = s[0].wrapping_add(a);
    s[1] = s[1].wrapping_add(b);
    s[2] = s[2].wrapping_add(c);
    s[3] = s[3].wrapping_add(d);
}

/// Absorbs whole 64-byte blocks.
pub(super) fn compress(state: &mut [u32; 4], blocks: &[u8]) {
    let (blocks, rest) = blocks.as_chunks::<64>();
    debug_assert!(rest.is_empty(), "partial block passed to compress");
    for m in blocks {
        block(state, m);
    }
}
