//! The portable Rp64_256 permutation: plain `u64` arithmetic, the reference backend.
//!
//! # The linear layer
//!
//! `state ← MDS·state + k` ([`mds_ark`]) is computed exactly over the integers and reduced
//! once per element. Each element is split into 32-bit halves, x = l + h·2^32; the MDS
//! product of each half-vector ([`circulant`]) is exact in `u64` (below 160·2^32: every
//! row of the matrix sums to 160), and the two products L and H and the round constant
//! are then combined and reduced together.
//!
//! The product is not taken row by row (144 multiply-accumulates) but as what a circulant
//! matrix is, a product of polynomials modulo x^12 − 1, through the factors of x^12 − 1:
//!
//! - x^12 − 1 = (x^6 − 1)(x^6 + 1): the vector v(x) is reduced modulo both
//!   (a_k = v_k + v_{k+6} and b_k = v_k − v_{k+6}); modulo x^6 + 1 the product is a 6×6
//!   negacyclic one, modulo x^6 − 1 it is split once more, by
//!   x^6 − 1 = (x^3 − 1)(x^3 + 1), into a cyclic and a negacyclic 3×3 product;
//! - the matrix's polynomial reduced modulo those three factors and halved ([`NEG6`],
//!   [`CYC3`], [`NEG3`]) has only entries ±2^k, k ≤ 4, so each product term is one
//!   addition or subtraction of a shifted value: no multiplication at all;
//! - the way back (Chinese remaindering) divides by 2 at each level. The reductions of
//!   this matrix have even entries at both levels, so the halvings are taken out of the
//!   three coefficient vectors at compile time, and the way back is sums and differences.
//!
//! That is 77 additions and subtractions per half-vector, most of them of a shifted value
//! (one instruction each on aarch64). Intermediate values are signed; wrapping `u64`
//! arithmetic is exact for them, since only the final values, which are non-negative and
//! below 2^40, are read.

use super::constants::{ARK1, ARK2, MDS_ROW0};
use super::field::{EPSILON, R2, exp_inv7_with, exp7_with, mont_mul, mont_reduce, to_mont_const};
use super::{NUM_ROUNDS, RATE_WIDTH, STATE_WIDTH};

/// The matrix's polynomial c(x) = Σ c_k x^k, for which MDS·v = v(x)·c(x) mod x^12 − 1:
/// row i of the product is Σ_j `MDS_ROW0[j − i]`·v_j, so c_k = `MDS_ROW0[−k mod 12]`.
const fn mds_poly() -> [i64; STATE_WIDTH] {
    let mut c = [0i64; STATE_WIDTH];
    let mut k = 0;
    while k < STATE_WIDTH {
        c[k] = MDS_ROW0[(STATE_WIDTH - k) % STATE_WIDTH] as i64;
        k += 1;
    }
    c
}

/// (c mod x^N − `sign`) / 2 for a polynomial c of degree below 2N (`sign` = 1: modulo
/// x^N − 1; −1: modulo x^N + 1). Compilation fails if a coefficient is odd.
const fn fold<const N: usize>(c: &[i64], sign: i64) -> [i64; N] {
    let mut out = [0i64; N];
    let mut k = 0;
    while k < N {
        let v = c[k] + sign * c[k + N];
        assert!(v % 2 == 0, "a halved coefficient must be an integer");
        out[k] = v / 2;
        k += 1;
    }
    out
}

/// c mod (x^6 + 1), halved: the 6×6 negacyclic factor.
const NEG6: [i64; 6] = fold::<6>(&mds_poly(), -1);
/// c mod (x^3 − 1), halved twice: the 3×3 cyclic factor.
const CYC3: [i64; 3] = fold::<3>(&fold::<6>(&mds_poly(), 1), 1);
/// c mod (x^3 + 1), halved twice: the 3×3 negacyclic factor.
const NEG3: [i64; 3] = fold::<3>(&fold::<6>(&mds_poly(), 1), -1);

// `circulant` is written out for these coefficients; another matrix fails here.
const _: () = assert!(CYC3[0] == 16 && CYC3[1] == 8 && CYC3[2] == 16);
const _: () = assert!(NEG3[0] == -8 && NEG3[1] == 1 && NEG3[2] == 1);
const _: () = assert!(
    NEG6[0] == -1
        && NEG6[1] == -1
        && NEG6[2] == 4
        && NEG6[3] == -2
        && NEG6[4] == -1
        && NEG6[5] == -8
);

/// MDS·v for twelve values below 2^32, exactly (every result below 160·2^32), with
/// additions, subtractions and shifts (see the module documentation). Wrapping `u64`
/// arithmetic stands for signed arithmetic.
#[inline(always)]
fn circulant(v: &[u64; STATE_WIDTH]) -> [u64; STATE_WIDTH] {
    let add = u64::wrapping_add;
    let sub = u64::wrapping_sub;
    // v mod x^6 − 1 (a) and v mod x^6 + 1 (b).
    let mut a = [0u64; 6];
    let mut b = [0u64; 6];
    for k in 0..6 {
        a[k] = add(v[k], v[k + 6]);
        b[k] = sub(v[k], v[k + 6]);
    }
    // a mod x^3 − 1 (c) and a mod x^3 + 1 (d).
    let c = [add(a[0], a[3]), add(a[1], a[4]), add(a[2], a[5])];
    let d = [sub(a[0], a[3]), sub(a[1], a[4]), sub(a[2], a[5])];
    // x = c·CYC3 mod x^3 − 1, CYC3 = (16, 8, 16): x_i = 16·(c_0 + c_1 + c_2) − 8·c_{i−1}.
    let s16 = add(add(c[0], c[1]), c[2]) << 4;
    let x = [
        sub(s16, c[2] << 3),
        sub(s16, c[0] << 3),
        sub(s16, c[1] << 3),
    ];
    // y = d·NEG3 mod x^3 + 1, NEG3 = (−8, 1, 1); y_0 is kept negated.
    let y0_neg = add(add(d[0] << 3, d[1]), d[2]);
    let y1 = sub(sub(d[0], d[2]), d[1] << 3);
    let y2 = sub(add(d[0], d[1]), d[2] << 3);
    // Back to a·c mod x^6 − 1: x + y, then x − y.
    let p = [
        sub(x[0], y0_neg),
        add(x[1], y1),
        add(x[2], y2),
        add(x[0], y0_neg),
        sub(x[1], y1),
        sub(x[2], y2),
    ];
    // q = b·NEG6 mod x^6 + 1, NEG6 = (−1, −1, 4, −2, −1, −8): q_i = Σ_j ±NEG6[i − j]·b_j,
    // the sign negative where i − j wraps around; q_5 is kept negated.
    let q = [
        sub(
            add(add(add(sub(b[1] << 3, b[0]), b[2]), b[3] << 1), b[5]),
            b[4] << 2,
        ),
        sub(
            add(add(sub(sub(b[2] << 3, b[0]), b[1]), b[3]), b[4] << 1),
            b[5] << 2,
        ),
        add(
            add(sub(sub(add(b[0] << 2, b[3] << 3), b[1]), b[2]), b[4]),
            b[5] << 1,
        ),
        add(
            sub(sub(add(b[1] << 2, b[4] << 3), b[0] << 1), b[2]),
            sub(b[5], b[3]),
        ),
        sub(
            sub(add(b[2] << 2, b[5] << 3), add(b[0], b[1] << 1)),
            add(b[3], b[4]),
        ),
    ];
    let q5_neg = sub(
        add(add(add(b[0] << 3, b[1]), b[2] << 1), add(b[4], b[5])),
        b[3] << 2,
    );
    // Back to v·c mod x^12 − 1: p + q, then p − q.
    let mut out = [0u64; STATE_WIDTH];
    for k in 0..5 {
        out[k] = add(p[k], q[k]);
        out[k + 6] = sub(p[k], q[k]);
    }
    out[5] = sub(p[5], q5_neg);
    out[11] = add(p[5], q5_neg);
    out
}

/// state ← MDS·state + k, where `k` is a round constant split into 32-bit halves
/// ([`split_rows`]). Inputs may be any `u64`; outputs are reduced but may be
/// non-canonical.
///
/// With L and H the products of the low and the high halves (both below 160·2^32), the
/// result is L + H·2^32 + k. The constant's halves are added into L and H (L' < 2^41,
/// H' < 161·2^32), and with t = H' >> 32 (at most 160), H'·2^32 = t·2^64 + (H' mod 2^32)·2^32
/// ≡ t·(2^32 − 1) + (H' << 32 mod 2^64), as 2^64 ≡ 2^32 − 1. So the result is
/// w + (H' << 32 mod 2^64) with w = L' + t·(2^32 − 1) < 2^42 (exact in wrapping arithmetic,
/// as w ≥ 0), one addition whose carry (2^64 ≡ 2^32 − 1) is added back without another.
#[inline(always)]
pub(super) fn mds_ark(s: &[u64; STATE_WIDTH], k: &[[u64; STATE_WIDTH]; 2]) -> [u64; STATE_WIDTH] {
    let mut lo = [0u64; STATE_WIDTH];
    let mut hi = [0u64; STATE_WIDTH];
    for i in 0..STATE_WIDTH {
        lo[i] = s[i] & EPSILON;
        hi[i] = s[i] >> 32;
    }
    let l = circulant(&lo);
    let h = circulant(&hi);
    let mut out = [0u64; STATE_WIDTH];
    for i in 0..STATE_WIDTH {
        let h = h[i] + k[1][i];
        let t = h >> 32;
        let w = (l[i] + k[0][i]).wrapping_sub(t).wrapping_add(t << 32);
        let (r, carry) = w.overflowing_add(h << 32);
        out[i] = r.wrapping_add(EPSILON & (carry as u64).wrapping_neg());
    }
    out
}

/// A round-constant table in Montgomery form, each constant split into its low and its
/// high 32 bits (the form [`mds_ark`] takes).
const fn split_rows(t: &[[u64; STATE_WIDTH]; NUM_ROUNDS]) -> [[[u64; STATE_WIDTH]; 2]; NUM_ROUNDS] {
    let mut out = [[[0u64; STATE_WIDTH]; 2]; NUM_ROUNDS];
    let mut r = 0;
    while r < NUM_ROUNDS {
        let mut i = 0;
        while i < STATE_WIDTH {
            let m = to_mont_const(t[r][i]);
            out[r][0][i] = m & EPSILON;
            out[r][1][i] = m >> 32;
            i += 1;
        }
        r += 1;
    }
    out
}

const ARK1_MONT: [[[u64; STATE_WIDTH]; 2]; NUM_ROUNDS] = split_rows(&ARK1);
const ARK2_MONT: [[[u64; STATE_WIDTH]; 2]; NUM_ROUNDS] = split_rows(&ARK2);

/// The 7-round Rescue-XLIX permutation. Input elements may be any `u64` (taken mod p);
/// output elements are canonical.
///
/// Inside, elements are kept in Montgomery form (x·2^64 mod p), whose reduction
/// (`field::mont_reduce`) takes fewer operations than the direct one. The MDS layer and
/// the additions are linear with integer coefficients, so they act on Montgomery forms
/// unchanged; the round constants are converted at compile time.
#[inline(always)]
pub(super) fn permute(state: &mut [u64; STATE_WIDTH]) {
    let mut s = [0u64; STATE_WIDTH];
    for (m, x) in s.iter_mut().zip(state.iter()) {
        *m = mont_mul(*x, R2);
    }
    for r in 0..NUM_ROUNDS {
        s = mds_ark(&exp7_with(s, mont_mul), &ARK1_MONT[r]);
        s = mds_ark(&exp_inv7_with(s, mont_mul), &ARK2_MONT[r]);
    }
    // mont_reduce(x, 0) = x·2^−64 mod p, canonical (x < p·2^64).
    for (o, x) in state.iter_mut().zip(s) {
        *o = mont_reduce(x, 0);
    }
}

/// For each block: adds it to the rate part of the state (elements 4..12, field
/// addition), then applies the permutation. The state stays canonical.
pub(crate) fn absorb(state: &mut [u64; STATE_WIDTH], blocks: &[[u64; RATE_WIDTH]]) {
    for b in blocks {
        for (x, m) in state[STATE_WIDTH - RATE_WIDTH..].iter_mut().zip(b) {
            *x = super::field::add(*x, *m);
        }
        permute(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alg::rescue::field::{P, canonical};

    /// MDS·v + k by the definition, mod p.
    fn reference(s: &[u64; STATE_WIDTH], k: &[u64; STATE_WIDTH]) -> [u64; STATE_WIDTH] {
        std::array::from_fn(|i| {
            let mut t = k[i] as u128;
            for (j, &x) in s.iter().enumerate() {
                t += x as u128 * MDS_ROW0[(j + STATE_WIDTH - i) % STATE_WIDTH] as u128;
            }
            (t % P as u128) as u64
        })
    }

    fn split(k: &[u64; STATE_WIDTH]) -> [[u64; STATE_WIDTH]; 2] {
        [k.map(|x| x & EPSILON), k.map(|x| x >> 32)]
    }

    #[test]
    fn circulant_is_the_matrix_product() {
        let mut rng = crate::testutil::TestRng::new(7);
        for n in 0..1000 {
            let v: [u64; STATE_WIDTH] = std::array::from_fn(|i| match (n + i) % 4 {
                0 => EPSILON,
                1 => 0,
                _ => rng.next_u64() & EPSILON,
            });
            let got = circulant(&v);
            for (i, g) in got.iter().enumerate() {
                let want: u64 = (0..STATE_WIDTH)
                    .map(|j| v[j] * MDS_ROW0[(j + STATE_WIDTH - i) % STATE_WIDTH])
                    .sum();
                assert_eq!(*g, want, "row {i} of {v:?}");
            }
        }
    }

    #[test]
    fn mds_ark_matches_the_definition_at_the_edges() {
        let mut rng = crate::testutil::TestRng::new(8);
        let edges = [0, 1, EPSILON, 1 << 32, P - 1, P, u64::MAX - 1, u64::MAX];
        for n in 0..2000 {
            let s: [u64; STATE_WIDTH] = std::array::from_fn(|i| match n % 3 {
                0 => edges[(n / 3 + i * 5) % edges.len()],
                1 => u64::MAX,
                _ => rng.next_u64(),
            });
            let k: [u64; STATE_WIDTH] = std::array::from_fn(|i| match n % 4 {
                0 => P - 1,
                1 => 0,
                _ => canonical(rng.next_u64() ^ i as u64),
            });
            let got = mds_ark(&s, &split(&k)).map(canonical);
            assert_eq!(got, reference(&s, &k), "s={s:?} k={k:?}");
        }
    }
}
