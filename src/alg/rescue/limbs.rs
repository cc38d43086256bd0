//! The two-limb representation of Goldilocks elements used by the AVX-512 IFMA backends
//! (`ifma.rs` on 256-bit registers, `ifma_x2.rs` on 512-bit registers): its constants, the
//! round constants in the form the limb MDS layer starts from, and the limb arithmetic and
//! linear layer ([`ifma_limbs!`]), written over lane operations passed in by the backend, so
//! no instruction set is named here. The representation is documented in `ifma.rs`.

use super::constants;
use super::field::{EPSILON, P};
use super::{NUM_ROUNDS, STATE_WIDTH};

/// B − 1 = 2^48 − 1: the low-limb mask.
pub(super) const LOW: u64 = (1 << 48) - 1;
/// B = 2^48.
pub(super) const B: u64 = 1 << 48;
/// 1 − B, added to every product's low limb (see the module documentation).
pub(super) const BIAS: u64 = 1u64.wrapping_sub(B);

/// 2^38 (see [`mds_ark`]).
pub(super) const PIECE_BIAS: u64 = 1 << 38;
/// 2^53 and 2^51: added to the low and the high limb sums of the S-boxes' last
/// multiplication, which `mds_ark` reads without renormalising ([`Wide`]).
pub(super) const WIDE_BIAS0: u64 = 1 << 53;
pub(super) const WIDE_BIAS1: u64 = 1 << 51;
/// What every MDS input carries on top of its value: [`PIECE_BIAS`] and the wide biases,
/// 2^38 + 2^53 + 2^51·2^48 ≡ 2^38 + 2^53 − 8 (mod p), as 2^99 = 8·2^96 ≡ −8.
const INPUT_OFFSET: u64 = (1 << 38) + (1 << 53) - 8;

/// The round constants as the starting values of the MDS column sums (see [`mds_ark`]):
/// for each constant k, v = k − 160·`INPUT_OFFSET` mod p (each MDS row sums to 160, so this
/// cancels the offsets of the inputs) as `[v mod 2^32, v >> 32]`, lane by lane. The names are
/// those of `constants.rs`, so the shared round loop takes these here.
pub(super) const ARK1: [[[u64; STATE_WIDTH]; 2]; NUM_ROUNDS] = ark_sums(&constants::ARK1);
pub(super) const ARK2: [[[u64; STATE_WIDTH]; 2]; NUM_ROUNDS] = ark_sums(&constants::ARK2);

const fn ark_sums(t: &[[u64; STATE_WIDTH]; NUM_ROUNDS]) -> [[[u64; STATE_WIDTH]; 2]; NUM_ROUNDS] {
    let mut out = [[[0; STATE_WIDTH]; 2]; NUM_ROUNDS];
    let mut r = 0;
    while r < NUM_ROUNDS {
        let mut i = 0;
        while i < STATE_WIDTH {
            let off = (160 * INPUT_OFFSET as u128 % P as u128) as u64;
            let v = ((t[r][i] as u128 + P as u128 - off as u128) % P as u128) as u64;
            out[r][0][i] = v & EPSILON;
            out[r][1][i] = v >> 32;
            i += 1;
        }
        r += 1;
    }
    out
}

/// The limb arithmetic and the linear layer, shared with `ifma_x2.rs` (the same code on
/// 512-bit registers): `Limbs`, `Split`, `Wide`, `renormalise`, `limbs_mul`,
/// `limbs_mul_wide`, `limbs_square`, `mul`, `mul_wide`, `square`, `sums_to_limbs` and
/// `mds_ark`, written with the lane operations passed in for
/// the register width `$v`. The calling module supplies `splat`, `bcast` (lane `K` across
/// each 256-bit half) and `load4` (four elements into every 256-bit half).
macro_rules! ifma_limbs {
    ($feat:literal, $v:ty, add = $add:ident, sub = $sub:ident, and = $and:ident,
     slli = $slli:ident, srli = $srli:ident, srai = $srai:ident, tern = $tern:ident,
     lo52 = $lo52:ident, hi52 = $hi52:ident, zero = $zero:ident) => {
        /// An element per lane as `lo + hi·2^48`, both limbs in [0, 2^49 + 64).
        #[derive(Clone, Copy)]
        struct Limbs {
            lo: $v,
            hi: $v,
        }

        /// The state during the S-boxes: all twelve elements as limbs in three register pairs.
        type Split = [Limbs; 3];

        /// The S-boxes' last products, not renormalised: z0 + z1·B with the wide biases
        /// added, both in [0, 2^53.6) (see `mds_ark`).
        type Wide = [($v, $v); 3];

        /// Renormalises the signed limb sums z0 + z1·B (see the module documentation).
        #[inline]
        #[target_feature(enable = $feat)]
        fn renormalise(z0: $v, z1: $v) -> Limbs {
            let c0 = $srai::<48>(z0);
            let c1 = $srai::<48>(z1);
            // 0xEA: (a & b) | c.
            let m0 = $tern::<0xEA>(z0, splat(LOW), splat(B));
            let m1 = $tern::<0xEA>(z1, splat(LOW), splat(B));
            Limbs {
                lo: $sub(m0, c1),
                hi: $add(m1, c0),
            }
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn limbs_mul(x: Limbs, y: Limbs) -> Limbs {
            let zero = $zero();
            let l00 = $lo52(splat(BIAS), x.lo, y.lo);
            let h00 = $hi52(zero, x.lo, y.lo);
            let l11 = $lo52(zero, x.hi, y.hi);
            let h11 = $hi52(zero, x.hi, y.hi);
            let l01 = $lo52(zero, x.lo, y.hi);
            let h01 = $hi52(zero, x.lo, y.hi);
            let l10 = $lo52(zero, x.hi, y.lo);
            let h10 = $hi52(zero, x.hi, y.lo);
            let z0 = $sub($sub(l00, l11), $slli::<4>($add(h01, h10)));
            let z1 = $add($add(l01, l10), $slli::<4>($sub(h00, h11)));
            renormalise(z0, z1)
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn limbs_square(x: Limbs) -> Limbs {
            let zero = $zero();
            let l0 = $lo52(splat(BIAS), x.lo, x.lo);
            let h0 = $hi52(zero, x.lo, x.lo);
            let l1 = $lo52(zero, x.hi, x.hi);
            let h1 = $hi52(zero, x.hi, x.hi);
            let lc = $lo52(zero, x.lo, x.hi);
            let hc = $hi52(zero, x.lo, x.hi);
            let z0 = $sub($sub(l0, l1), $slli::<5>(hc));
            let z1 = $add($add(lc, lc), $slli::<4>($sub(h0, h1)));
            renormalise(z0, z1)
        }

        /// x·y without the renormalisation, for `mds_ark`: the sums of `limbs_mul` with
        /// [`WIDE_BIAS0`] and [`WIDE_BIAS1`] in place of the renormalising bias.
        #[inline]
        #[target_feature(enable = $feat)]
        fn limbs_mul_wide(x: Limbs, y: Limbs) -> ($v, $v) {
            let zero = $zero();
            let l00 = $lo52(splat(WIDE_BIAS0), x.lo, y.lo);
            let h00 = $hi52(zero, x.lo, y.lo);
            let l11 = $lo52(zero, x.hi, y.hi);
            let h11 = $hi52(zero, x.hi, y.hi);
            let l01 = $lo52(splat(WIDE_BIAS1), x.lo, y.hi);
            let h01 = $hi52(zero, x.lo, y.hi);
            let l10 = $lo52(zero, x.hi, y.lo);
            let h10 = $hi52(zero, x.hi, y.lo);
            let z0 = $sub($sub(l00, l11), $slli::<4>($add(h01, h10)));
            let z1 = $add($add(l01, l10), $slli::<4>($sub(h00, h11)));
            (z0, z1)
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn mul_wide(x: Split, y: Split) -> Wide {
            [
                limbs_mul_wide(x[0], y[0]),
                limbs_mul_wide(x[1], y[1]),
                limbs_mul_wide(x[2], y[2]),
            ]
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn mul(x: Split, y: Split) -> Split {
            [
                limbs_mul(x[0], y[0]),
                limbs_mul(x[1], y[1]),
                limbs_mul(x[2], y[2]),
            ]
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn square(x: Split) -> Split {
            [limbs_square(x[0]), limbs_square(x[1]), limbs_square(x[2])]
        }

        /// lo + hi·2^32 as limbs, for lo, hi < 2^46 (MDS column sums, see `mds_ark`): the low 16
        /// bits of hi go to the low limb at bit 32, the rest is the high limb. No reduction is
        /// needed: the low limb is below 2^46 + 2^48 and the high limb below 2^30.
        #[inline]
        #[target_feature(enable = $feat)]
        fn sums_to_limbs(lo: $v, hi: $v) -> Limbs {
            Limbs {
                lo: $add(lo, $slli::<32>($and(hi, splat(0xffff)))),
                hi: $srli::<16>(hi),
            }
        }

        /// state ← MDS · state + k (k: the pre-split [`ARK1`]/[`ARK2`] row), from the S-boxes'
        /// unrenormalised last products to limbs. Each input is lo + hi·B with lo = z0 and
        /// hi = z1 of [`limbs_mul_wide`]: z0 = l00 − l11 − 16·(h01 + h10) + 2^53 lies in
        /// (2^52 − 2^51.01, 3·2^52) and z1 = l01 + l10 + 16·(h00 − h11) + 2^51 in
        /// (2^51 − 2^50.01, 2^53.46) (the l below 2^52, the h below 2^46.01), so both are
        /// positive and below 2^53.6; the biases add 2^53 + 2^51·B ≡ 2^53 − 8. The input is
        /// rewritten as two pieces, x ≡ q0 + q1·2^32: with lo = a + b·2^32 (a < 2^32) and
        /// hi·2^48 = (hi mod 2^16)·2^48 + (hi >> 16)·2^64, 2^64 ≡ 2^32 − 1 gives
        /// q0 = a + 2^38 − (hi >> 16) and q1 = b + (hi mod 2^16)·2^16 + (hi >> 16), both positive
        /// (hi >> 16 < 2^37.6) and below 2^38.03. Every input thus carries
        /// `INPUT_OFFSET` = 2^38 + 2^53 − 8, and as each MDS row sums to 160 the sums start
        /// from k − 160·`INPUT_OFFSET` (mod p). The column sums of coefficient × piece are
        /// exact: each product is below 26·2^38.03 < 2^42.8, so `vpmadd52luq` adds all of it,
        /// and 72 multiply-adds do the work of 72 multiplications and 72 additions, with no
        /// reduction (not even a renormalisation) of the S-box output. The sums (below
        /// 2^32 + 160·2^38.03 < 2^46) become limbs as in [`sums_to_limbs`]. Three partial sums
        /// per output keep the accumulation chains four deep.
        #[inline]
        #[target_feature(enable = $feat)]
        fn mds_ark(s: Wide, k: &[[u64; STATE_WIDTH]; 2]) -> Split {
            let eps = splat(EPSILON);
            let zero = $zero();
            // sums[part][lo/hi][register]
            let mut sums = [[[zero; 3]; 2]; 3];
            for r in 0..3 {
                sums[0][0][r] = load4(&k[0][4 * r..]);
                sums[0][1][r] = load4(&k[1][4 * r..]);
            }
            let mut column = |j: usize, q0: $v, q1: $v| {
                let [lo, hi] = &mut sums[j % 3];
                for (r, (l, h)) in lo.iter_mut().zip(hi.iter_mut()).enumerate() {
                    let c = load4(&super::simd::MDS_COLS[j][4 * r..]);
                    *l = $lo52(*l, q0, c);
                    *h = $lo52(*h, q1, c);
                }
            };
            for (r, &(lo, hi)) in s.iter().enumerate() {
                let top = $srli::<16>(hi);
                // 0xEA: (a & b) | c.
                let q0 = $sub($tern::<0xEA>(lo, eps, splat(PIECE_BIAS)), top);
                let q1 = $add($add($srli::<32>(lo), $srli::<32>($slli::<48>(hi))), top);
                column(4 * r, bcast::<0x00>(q0), bcast::<0x00>(q1));
                column(4 * r + 1, bcast::<0x55>(q0), bcast::<0x55>(q1));
                column(4 * r + 2, bcast::<0xAA>(q0), bcast::<0xAA>(q1));
                column(4 * r + 3, bcast::<0xFF>(q0), bcast::<0xFF>(q1));
            }
            let [a, b, c] = sums;
            let sum = |i: usize, r: usize| $add($add(a[i][r], b[i][r]), c[i][r]);
            [
                sums_to_limbs(sum(0, 0), sum(1, 0)),
                sums_to_limbs(sum(0, 1), sum(1, 1)),
                sums_to_limbs(sum(0, 2), sum(1, 2)),
            ]
        }
    };
}

pub(super) use ifma_limbs;
