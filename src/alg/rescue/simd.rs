//! The parts of the AVX2, AVX-512 and AVX-512 IFMA Rp64_256 permutations that are written
//! the same way: the state type, the S-box exponentiation chains, the round structure and
//! `absorb` ([`vector_rounds!`]), and for AVX2 and AVX-512 the S-box state split into
//! vector and scalar parts and the MDS layer's column sums ([`u64_lanes!`]). Each backend
//! file supplies its own field primitives (`reduce`, `ltu`, `add_carry`, `add_canon`,
//! `canonical`, `fold`; `ifma.rs` its limb arithmetic and MDS layer) and expands the macros
//! with its target features, so each copy is compiled for its own instruction set.

use super::STATE_WIDTH;
use super::constants::MDS_ROW0;

/// Column `j` of the MDS matrix: lane i holds MDS[i][j] = MDS_ROW0[(j − i) mod 12].
pub(super) const fn mds_columns() -> [[u64; STATE_WIDTH]; STATE_WIDTH] {
    let mut cols = [[0u64; STATE_WIDTH]; STATE_WIDTH];
    let mut j = 0;
    while j < STATE_WIDTH {
        let mut i = 0;
        while i < STATE_WIDTH {
            cols[j][i] = MDS_ROW0[(j + STATE_WIDTH - i) % STATE_WIDTH];
            i += 1;
        }
        j += 1;
    }
    cols
}

pub(super) const MDS_COLS: [[u64; STATE_WIDTH]; STATE_WIDTH] = mds_columns();

/// The AVX-512VL field primitives on 256-bit lanes (`ltu`, `add_canon`, `canonical`,
/// `reduce`), for the AVX-512 and AVX-512 IFMA backends, each compiled with its own
/// target features.
macro_rules! avx512_field {
    ($feat:literal) => {
        /// The lanes where a < b (unsigned).
        #[inline]
        #[target_feature(enable = $feat)]
        fn ltu(a: __m256i, b: __m256i) -> __mmask8 {
            _mm256_cmplt_epu64_mask(a, b)
        }

        /// a + b (mod p) where `b` is canonical.
        #[inline]
        #[target_feature(enable = $feat)]
        fn add_canon(a: __m256i, b: __m256i) -> __m256i {
            let s = _mm256_add_epi64(a, b);
            _mm256_mask_add_epi64(s, ltu(s, b), s, splat(EPSILON))
        }

        /// The canonical representative (subtract p where x ≥ p).
        #[inline]
        #[target_feature(enable = $feat)]
        fn canonical(x: __m256i) -> __m256i {
            let p = splat(P);
            _mm256_mask_sub_epi64(x, _mm256_cmpge_epu64_mask(x, p), x, p)
        }

        /// Reduces `lo + (hi + c)·2^64`, where `c` (0 or 1 per lane, as a mask) is a carry not
        /// yet added into `hi`; see `field::reduce128`. Folding the carry into hl·(2^32 − 1)
        /// (hl + c ≤ 2^32 still fits) and applying the borrow and the final carry as two
        /// independent masked corrections keeps the dependency chain short: a carry and a borrow
        /// cancel exactly (the wrapped intermediate is harmless), and either alone cannot wrap.
        #[inline]
        #[target_feature(enable = $feat)]
        fn reduce(lo: __m256i, hi: __m256i, c: __mmask8) -> __m256i {
            let eps = splat(EPSILON);
            let hh = _mm256_srli_epi64::<32>(hi);
            let t1 = _mm256_sub_epi64(_mm256_slli_epi64::<32>(hi), _mm256_and_si256(hi, eps));
            let t1 = _mm256_mask_add_epi64(t1, c, t1, eps);
            let borrow = ltu(lo, hh);
            let t0 = _mm256_sub_epi64(lo, hh);
            let r = _mm256_add_epi64(t0, t1);
            let carry = ltu(r, t1);
            let r = _mm256_mask_sub_epi64(r, borrow, r, eps);
            _mm256_mask_add_epi64(r, carry, r, eps)
        }
    };
}
pub(super) use avx512_field;

/// The S-box state of the AVX2 and AVX-512 backends, for [`vector_rounds!`]: `Split`
/// with `split`, `join`, `mul` and `square` (`Wide` and `mul_wide` are `Split` and `mul`),
/// and the linear layer `mds_ark`, and `mul_red`, from the backend's `reduce`, `ltu`,
/// `add_carry` and `fold`.
macro_rules! u64_lanes {
    ($feat:literal) => {
        /// x·y reduced: with x = x1·2^32 + x0 and y likewise,
        /// x·y = x0y0 + (x0y1 + x1y0)·2^32 + x1y1·2^64; the two middle terms are added to
        /// the low word separately, so the high word never overflows
        /// (x1y1 + 2·(2^32 − 1) + 2 < 2^64) and the low word's two carries come out of
        /// `ltu`: one is added to the high word here (`add_carry`), the other is folded
        /// in `reduce`.
        #[inline]
        #[target_feature(enable = $feat)]
        fn mul_red(x: __m256i, y: __m256i) -> __m256i {
            let xh = _mm256_srli_epi64::<32>(x);
            let yh = _mm256_srli_epi64::<32>(y);
            let ll = _mm256_mul_epu32(x, y);
            let lh = _mm256_mul_epu32(x, yh);
            let hl = _mm256_mul_epu32(xh, y);
            let hh = _mm256_mul_epu32(xh, yh);
            let lo1 = _mm256_add_epi64(ll, _mm256_slli_epi64::<32>(lh));
            let c1 = ltu(lo1, ll);
            let lo = _mm256_add_epi64(lo1, _mm256_slli_epi64::<32>(hl));
            let c2 = ltu(lo, lo1);
            let hi = _mm256_add_epi64(
                hh,
                _mm256_add_epi64(_mm256_srli_epi64::<32>(lh), _mm256_srli_epi64::<32>(hl)),
            );
            reduce(lo, add_carry(hi, c1), c2)
        }

        /// During the S-boxes: elements 0..8 in two registers, 8..12 in general-purpose
        /// registers in Montgomery form, so the scalar multiplier works in parallel with the
        /// vector units.
        #[derive(Clone, Copy)]
        struct Split {
            a: [__m256i; 2],
            b: [u64; 4],
        }

        /// Keeps `x` in a general-purpose register: without this, LLVM packs the four scalar
        /// lanes into vector registers (SLP vectorisation), which costs far more than it saves
        /// here. The empty `asm!` emits no instruction.
        #[inline(always)]
        fn gpr(mut x: u64) -> u64 {
            // SAFETY: the assembly template is empty: it executes nothing, reads and writes no
            // memory, and leaves `x` unchanged in the register it was given.
            unsafe {
                core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags))
            };
            x
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn split(s: State) -> Split {
            use super::field::{R2, mont_mul};
            let mut b = [0u64; 4];
            // SAFETY: `b` is 4 writable u64 (32 bytes); the store is unaligned.
            unsafe { _mm256_storeu_si256(b.as_mut_ptr().cast(), s.0[2]) };
            Split {
                a: [s.0[0], s.0[1]],
                b: [
                    mont_mul(b[0], R2),
                    mont_mul(b[1], R2),
                    mont_mul(b[2], R2),
                    mont_mul(b[3], R2),
                ],
            }
        }

        /// What the S-boxes hand to `mds_ark`: here the state itself.
        type Wide = Split;

        /// The S-boxes' last multiplication.
        #[inline]
        #[target_feature(enable = $feat)]
        fn mul_wide(x: Split, y: Split) -> Split {
            mul(x, y)
        }

        /// The element lo + hi·2^32 of each lane (an MDS column sum, see `mds_ark`).
        #[inline]
        #[target_feature(enable = $feat)]
        fn split_sums(lo: [__m256i; 3], hi: [__m256i; 3]) -> Split {
            let eps = splat(EPSILON);
            split(State([
                fold(lo[0], hi[0], eps),
                fold(lo[1], hi[1], eps),
                fold(lo[2], hi[2], eps),
            ]))
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn join(s: Split) -> State {
            use super::field::mont_reduce;
            let b = s.b.map(|x| mont_reduce(x, 0) as i64);
            State([s.a[0], s.a[1], _mm256_set_epi64x(b[3], b[2], b[1], b[0])])
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn mul(x: Split, y: Split) -> Split {
            use super::field::mont_mul;
            Split {
                a: [mul_red(x.a[0], y.a[0]), mul_red(x.a[1], y.a[1])],
                b: [
                    gpr(mont_mul(x.b[0], y.b[0])),
                    gpr(mont_mul(x.b[1], y.b[1])),
                    gpr(mont_mul(x.b[2], y.b[2])),
                    gpr(mont_mul(x.b[3], y.b[3])),
                ],
            }
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn square(x: Split) -> Split {
            use super::field::mont_mul;
            Split {
                a: [square_red(x.a[0]), square_red(x.a[1])],
                b: [
                    gpr(mont_mul(x.b[0], x.b[0])),
                    gpr(mont_mul(x.b[1], x.b[1])),
                    gpr(mont_mul(x.b[2], x.b[2])),
                    gpr(mont_mul(x.b[3], x.b[3])),
                ],
            }
        }

        /// x² reduced. With x = x1·2^32 + x0: x² = x0² + x0·x1·2^33 + x1²·2^64, and
        /// x1² + (x0·x1 >> 31) < 2^64, so only the low word's carry is left (folded in `reduce`).
        #[inline]
        #[target_feature(enable = $feat)]
        fn square_red(x: __m256i) -> __m256i {
            let xh = _mm256_srli_epi64::<32>(x);
            let p0 = _mm256_mul_epu32(x, x);
            let p1 = _mm256_mul_epu32(x, xh);
            let p2 = _mm256_mul_epu32(xh, xh);
            let lo = _mm256_add_epi64(p0, _mm256_slli_epi64::<33>(p1));
            let carry = ltu(lo, p0);
            let hi = _mm256_add_epi64(p2, _mm256_srli_epi64::<31>(p1));
            reduce(lo, hi, carry)
        }

        /// state ← MDS · state + k (k canonical), ready for the next S-box: column sums of
        /// coefficient × 32-bit half, exact in 64 bits (each below 161·2^32 < 2^41), which the
        /// backend's `split_sums` turns into its S-box state lo + hi·2^32. The round
        /// constant's halves start the sums, which saves a separate modular addition. Each
        /// element is broadcast from its register (no store and reload), and the twelve columns
        /// are summed in two halves so the additions form two chains of six.
        #[inline]
        #[target_feature(enable = $feat)]
        fn mds_ark(s: Split, k: &[u64; STATE_WIDTH]) -> Split {
            let s = join(s);
            let eps = splat(EPSILON);
            let zero = _mm256_setzero_si256();
            let k = load(k);
            // sums[half][lo/hi][register]; the sums stay below 13·26·2^32 < 2^41.
            let mut sums = [[[zero; 3]; 2]; 2];
            for r in 0..3 {
                sums[0][0][r] = _mm256_and_si256(k.0[r], eps);
                sums[0][1][r] = _mm256_srli_epi64::<32>(k.0[r]);
            }
            let mut column = |j: usize, l: __m256i| {
                let h = _mm256_srli_epi64::<32>(l);
                let c = load(&super::simd::MDS_COLS[j]);
                let acc = &mut sums[j % 2];
                for k in 0..3 {
                    acc[0][k] = _mm256_add_epi64(acc[0][k], _mm256_mul_epu32(l, c.0[k]));
                    acc[1][k] = _mm256_add_epi64(acc[1][k], _mm256_mul_epu32(h, c.0[k]));
                }
            };
            for r in 0..3 {
                let x = s.0[r];
                column(4 * r, bcast::<0x00>(x));
                column(4 * r + 1, bcast::<0x55>(x));
                column(4 * r + 2, bcast::<0xAA>(x));
                column(4 * r + 3, bcast::<0xFF>(x));
            }
            let [a, b] = sums;
            let lo: [__m256i; 3] = core::array::from_fn(|k| _mm256_add_epi64(a[0][k], b[0][k]));
            let hi: [__m256i; 3] = core::array::from_fn(|k| _mm256_add_epi64(a[1][k], b[1][k]));
            split_sums(lo, hi)
        }
    };
}

pub(super) use u64_lanes;

/// The S-box exponentiations over the backend's `Split`, from its `mul` and `square`; the
/// last multiplication of each is the backend's `mul_wide`, whose result (`Wide`) only
/// `mds_ark` reads (`ifma.rs` skips its renormalisation there). Used by [`vector_rounds!`]
/// and by `ifma_x2.rs`.
macro_rules! sbox_chains {
    ($feat:literal) => {
        #[inline]
        #[target_feature(enable = $feat)]
        fn squares<const M: usize>(x: Split) -> Split {
            let mut r = x;
            for _ in 0..M {
                r = square(r);
            }
            r
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn exp_acc<const M: usize>(base: Split, tail: Split) -> Split {
            mul(squares::<M>(base), tail)
        }

        /// x^7 = x³·x⁴: three dependent multiplications (x², then x³ and x⁴ side by side).
        #[inline]
        #[target_feature(enable = $feat)]
        fn sbox(x: Split) -> Wide {
            let x2 = square(x);
            let x3 = mul(x2, x);
            let x4 = square(x2);
            mul_wide(x3, x4)
        }

        /// x^(1/7) = x^e in 71 steps (63 squarings, 8 multiplications; the chain of
        /// `field::exp_inv7_with`): e = 16·S·(2^32 + 3) + 7 with S = Σ_{i<10} 8^i, whose binary form is the
        /// ten 1s three apart of `1001001…001`. z = x^(2^32 + 3) shares x², x³ and x⁴ with
        /// x⁷, then z^S takes four multiplications (1, 2, 4, 8, 10 groups).
        #[inline]
        #[target_feature(enable = $feat)]
        fn inv_sbox(x: Split) -> Wide {
            let x2 = square(x);
            let x3 = mul(x2, x);
            let x4 = square(x2);
            let x7 = mul(x3, x4);
            let z = exp_acc::<30>(x4, x3); // x^(2^32 + 3)
            let z2 = exp_acc::<3>(z, z); // z^0b1001
            let z4 = exp_acc::<6>(z2, z2); // four groups
            let z8 = exp_acc::<12>(z4, z4); // eight groups
            let z10 = exp_acc::<6>(z8, z2); // z^S
            mul_wide(squares::<4>(z10), x7)
        }
    };
}

pub(super) use sbox_chains;

/// Expands to the shared functions, each with `#[target_feature(enable = $feat)]`. The
/// backend supplies the state during the S-boxes, `Split`, with `split` (from `State`),
/// `join`, `mul`, `square` and `mul_wide` (to `Wide`), and the linear layer `mds_ark` (from
/// `Wide` to `Split`), see [`u64_lanes!`] and `ifma.rs`.
macro_rules! vector_rounds {
    ($feat:literal) => {
        /// The state as three registers.
        #[derive(Clone, Copy)]
        struct State([__m256i; 3]);

        #[inline]
        #[target_feature(enable = $feat)]
        fn splat(x: u64) -> __m256i {
            _mm256_set1_epi64x(x as i64)
        }

        super::simd::sbox_chains!($feat);

        #[inline]
        #[target_feature(enable = $feat)]
        fn load(x: &[u64; STATE_WIDTH]) -> State {
            // SAFETY: `x` is 12 readable u64; the three unaligned loads read bytes 0..32, 32..64
            // and 64..96.
            unsafe {
                let p = x.as_ptr();
                State([
                    _mm256_loadu_si256(p.cast()),
                    _mm256_loadu_si256(p.add(4).cast()),
                    _mm256_loadu_si256(p.add(8).cast()),
                ])
            }
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn store(s: State) -> [u64; STATE_WIDTH] {
            let mut out = [0u64; STATE_WIDTH];
            // SAFETY: `out` is 12 writable u64; the three unaligned stores write bytes 0..32,
            // 32..64 and 64..96.
            unsafe {
                let p = out.as_mut_ptr();
                _mm256_storeu_si256(p.cast(), s.0[0]);
                _mm256_storeu_si256(p.add(4).cast(), s.0[1]);
                _mm256_storeu_si256(p.add(8).cast(), s.0[2]);
            }
            out
        }

        /// Lane `K` of `x` in every lane (`vpermq` with an immediate).
        #[inline]
        #[target_feature(enable = $feat)]
        fn bcast<const K: i32>(x: __m256i) -> __m256i {
            _mm256_permute4x64_epi64::<K>(x)
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn permute(s: State) -> State {
            let mut x = split(s);
            for r in 0..NUM_ROUNDS {
                x = mds_ark(sbox(x), &ARK1[r]);
                x = mds_ark(inv_sbox(x), &ARK2[r]);
            }
            let s = join(x);
            State([canonical(s.0[0]), canonical(s.0[1]), canonical(s.0[2])])
        }

        /// For each block: adds it to the rate (state[4..12]) and applies the permutation.
        /// Elements may be any `u64` (taken mod p); the state is canonical afterwards.
        #[target_feature(enable = $feat)]
        pub(crate) fn absorb(state: &mut [u64; STATE_WIDTH], blocks: &[[u64; RATE_WIDTH]]) {
            let s0 = load(state);
            let mut s = State([canonical(s0.0[0]), canonical(s0.0[1]), canonical(s0.0[2])]);
            for blk in blocks {
                let mut m = [0u64; STATE_WIDTH];
                m[STATE_WIDTH - RATE_WIDTH..].copy_from_slice(blk);
                let m = load(&m);
                s = State([
                    add_canon(s.0[0], canonical(m.0[0])),
                    add_canon(s.0[1], canonical(m.0[1])),
                    add_canon(s.0[2], canonical(m.0[2])),
                ]);
                s = permute(s);
            }
            *state = store(s);
        }
    };
}

pub(super) use vector_rounds;
