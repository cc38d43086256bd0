//! Goldilocks arithmetic: the prime field of p = 2^64 − 2^32 + 1.
//!
//! Elements are plain `u64`. Inside the permutation a value may be *non-canonical*: any
//! `u64` stands for its residue mod p (a value in [p, 2^64) is the same element as that
//! value minus p). [`canonical`] maps to [0, p) and is applied whenever a value leaves
//! the permutation. Reduction uses 2^64 ≡ 2^32 − 1 (= [`EPSILON`]) and 2^96 ≡ −1 (mod p);
//! there is no division and no branch on data: conditional corrections are done with
//! masks built from carry and borrow bits.

/// The modulus p = 2^64 − 2^32 + 1.
pub const P: u64 = 0xffff_ffff_0000_0001;

/// 2^64 mod p = 2^32 − 1.
pub const EPSILON: u64 = 0xffff_ffff;

/// EPSILON when `bit` is true, zero otherwise, without a branch: a 32-bit all-ones mask
/// is exactly EPSILON (this compiles to `sbb r32, r32` after the flag-setting operation).
#[inline(always)]
const fn eps_if(bit: bool) -> u64 {
    0u32.wrapping_sub(bit as u32) as u64
}

/// An all-ones mask when `bit` is true, zero otherwise (no branch).
#[inline(always)]
const fn mask(bit: bool) -> u64 {
    (bit as u64).wrapping_neg()
}

/// The canonical representative in [0, p) of any `u64`.
#[inline(always)]
pub const fn canonical(x: u64) -> u64 {
    let (y, borrow) = x.overflowing_sub(P);
    // x < p: undo the subtraction.
    y.wrapping_add(P & mask(borrow))
}

/// a + b mod p, for any (possibly non-canonical) inputs; the result may be non-canonical.
#[inline(always)]
pub const fn add(a: u64, b: u64) -> u64 {
    let (s, c) = a.overflowing_add(b);
    // A carry is 2^64 ≡ EPSILON. Adding it can carry once more only when both inputs were
    // close to 2^64; a second correction cannot carry again (the sum is then small).
    let (s, c) = s.overflowing_add(eps_if(c));
    s.wrapping_add(eps_if(c))
}

/// a − b mod p, for any inputs; the result may be non-canonical.
#[inline(always)]
pub const fn sub(a: u64, b: u64) -> u64 {
    let (d, borrow) = a.overflowing_sub(b);
    // A borrow added 2^64 ≡ EPSILON: take it away again, possibly borrowing once more.
    let (d, borrow) = d.overflowing_sub(eps_if(borrow));
    d.wrapping_sub(eps_if(borrow))
}

/// Reduces the 128-bit value `hi·2^64 + lo` to a `u64` congruent to it mod p (not
/// necessarily canonical).
#[inline(always)]
pub const fn reduce128(lo: u64, hi: u64) -> u64 {
    // hi·2^64 = hh·2^96 + hl·2^64 ≡ −hh + hl·(2^32 − 1).
    let hh = hi >> 32;
    let hl = hi & EPSILON;
    let (t0, borrow) = lo.overflowing_sub(hh);
    // On borrow t0 = lo − hh + 2^64 ≥ 2^64 − 2^32 + 1, so removing 2^64 ≡ EPSILON cannot
    // borrow.
    let t0 = t0.wrapping_sub(eps_if(borrow));
    // hl < 2^32, so hl·(2^32 − 1) fits in 64 bits.
    let t1 = (hl << 32) - hl;
    let (r, carry) = t0.overflowing_add(t1);
    // On carry r ≤ 2^64 − 2^33, so adding EPSILON cannot carry.
    r.wrapping_add(eps_if(carry))
}

/// Reduces `hi·2^64 + lo` for `hi < 2^32` (the result of a sum of small multiples).
#[inline(always)]
pub const fn reduce96(lo: u64, hi: u32) -> u64 {
    let hi = hi as u64;
    let t1 = (hi << 32) - hi;
    let (r, carry) = lo.overflowing_add(t1);
    r.wrapping_add(eps_if(carry))
}

/// Montgomery reduction with R = 2^64: for T = hi·2^64 + lo, returns a `u64` congruent
/// to T·2^−64 mod p (for T < p·2^64 it is canonical).
///
/// With m = lo·p^−1 mod 2^64 (p^−1 ≡ 1 + 2^32 mod 2^64, so m = lo + lo·2^32 mod 2^64),
/// T − m·p is a multiple of 2^64, and the result is hi − ⌊m·p / 2^64⌋ (the low words of
/// T and m·p are equal, so nothing is borrowed from them). Writing m = mh·2^32 + ml,
/// m·p = m·2^64 − m·(2^32 − 1) gives ⌊m·p / 2^64⌋ = m − mh − d, where d = 1 if ml > mh
/// and 0 otherwise, and ml > mh exactly when lo + lo·2^32 carried out of 64 bits. A
/// negative result r is replaced by r + p, which modulo 2^64 is r − (2^32 − 1).
#[inline(always)]
pub const fn mont_reduce(lo: u64, hi: u64) -> u64 {
    let (m, carry) = lo.overflowing_add(lo << 32);
    let q = m.wrapping_sub(m >> 32).wrapping_sub(carry as u64);
    let (r, borrow) = hi.overflowing_sub(q);
    r.wrapping_sub(eps_if(borrow))
}

/// a·b·2^−64 mod p: the product of two values in Montgomery form (x̃ = x·2^64 mod p).
#[inline(always)]
pub const fn mont_mul(a: u64, b: u64) -> u64 {
    let w = (a as u128) * (b as u128);
    mont_reduce(w as u64, (w >> 64) as u64)
}

/// 2^128 mod p: `mont_mul(x, R2)` converts x to Montgomery form.
pub const R2: u64 = ((1u128 << 64) % P as u128 * ((1u128 << 64) % P as u128) % P as u128) as u64;

/// x·2^64 mod p (Montgomery form), canonical, at compile time.
pub const fn to_mont_const(x: u64) -> u64 {
    (((x as u128) << 64) % P as u128) as u64
}

/// a · b mod p (any inputs; result possibly non-canonical).
#[inline(always)]
pub const fn mul(a: u64, b: u64) -> u64 {
    let w = (a as u128) * (b as u128);
    reduce128(w as u64, (w >> 64) as u64)
}

/// a² mod p.
#[inline(always)]
pub const fn square(a: u64) -> u64 {
    mul(a, a)
}

/// a^e mod p, canonical, by square-and-multiply over the public exponent `e` (tests and
/// reference only; the permutation uses fixed addition chains).
pub const fn pow(a: u64, mut e: u64) -> u64 {
    let mut base = a;
    let mut acc = 1u64;
    while e > 0 {
        if e & 1 == 1 {
            acc = mul(acc, base);
        }
        base = square(base);
        e >>= 1;
    }
    canonical(acc)
}

/// x^7 (the S-box) of one element.
#[inline(always)]
pub fn exp7(x: u64) -> u64 {
    exp7_n([x])[0]
}

/// x^(1/7) = x^10540996611094048183 (the inverse S-box) of one element.
#[inline(always)]
pub fn exp_inv7(x: u64) -> u64 {
    exp_inv7_n([x])[0]
}

// Plain loops rather than `array::map`/`from_fn`, which are not always inlined. The
// chains are generic over the multiplication so the same code serves canonical-form
// (`mul`) and Montgomery-form (`mont_mul`) arithmetic.
#[inline(always)]
fn mul_n<const N: usize>(mut a: [u64; N], b: [u64; N], m: impl Fn(u64, u64) -> u64) -> [u64; N] {
    for i in 0..N {
        a[i] = m(a[i], b[i]);
    }
    a
}

#[inline(always)]
fn square_n<const N: usize>(mut a: [u64; N], m: impl Fn(u64, u64) -> u64) -> [u64; N] {
    for x in a.iter_mut() {
        *x = m(*x, *x);
    }
    a
}

/// `M` squarings followed by a multiplication by `tail`: base^(2^M) · tail, lane-wise.
/// Each step works on all `N` lanes, so the lanes' independent multiplications overlap.
#[inline(always)]
fn exp_acc<const N: usize, const M: usize>(
    base: [u64; N],
    tail: [u64; N],
    m: impl Fn(u64, u64) -> u64 + Copy,
) -> [u64; N] {
    let mut r = base;
    for _ in 0..M {
        r = square_n(r, m);
    }
    mul_n(r, tail, m)
}

/// x^7 lane-wise with the multiplication `m`: x², x³, x⁶, x⁷.
#[inline(always)]
pub fn exp7_with<const N: usize>(x: [u64; N], m: impl Fn(u64, u64) -> u64 + Copy) -> [u64; N] {
    let x2 = square_n(x, m);
    let x3 = mul_n(x2, x, m);
    mul_n(square_n(x3, m), x, m)
}

/// x^(1/7) = x^10540996611094048183 lane-wise with the multiplication `m`, in 71
/// multiplications (63 squarings), the chain of the vector backends (`simd.rs`).
///
/// The exponent is e = 16·S·(2^32 + 3) + 7, where S = Σ_{i<10} 8^i is the binary
/// `1001001…001` (ten 1s, three apart): z = x^(2^32 + 3) shares x², x³ and x⁴ with x⁷,
/// z^S takes four multiplications (1, 2, 4, 8, then 10 groups of `001`), and the result
/// is (z^S)^16 · x⁷.
#[inline(always)]
pub fn exp_inv7_with<const N: usize>(x: [u64; N], m: impl Fn(u64, u64) -> u64 + Copy) -> [u64; N] {
    let x2 = square_n(x, m);
    let x3 = mul_n(x2, x, m);
    let x4 = square_n(x2, m);
    let x7 = mul_n(x3, x4, m);
    let z = exp_acc::<N, 30>(x4, x3, m); // x^(2^32 + 3)
    let z2 = exp_acc::<N, 3>(z, z, m); // z^0b1001
    let z4 = exp_acc::<N, 6>(z2, z2, m); // four groups
    let z8 = exp_acc::<N, 12>(z4, z4, m); // eight groups
    let z10 = exp_acc::<N, 6>(z8, z2, m); // z^S: ten groups
    exp_acc::<N, 4>(z10, x7, m)
}

/// x^7 lane-wise.
#[inline(always)]
pub fn exp7_n<const N: usize>(x: [u64; N]) -> [u64; N] {
    exp7_with(x, mul)
}

/// x^(1/7) lane-wise.
#[inline(always)]
pub fn exp_inv7_n<const N: usize>(x: [u64; N]) -> [u64; N] {
    exp_inv7_with(x, mul)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference: exact arithmetic through u128 `%`.
    fn r(x: u128) -> u64 {
        (x % P as u128) as u64
    }

    const EDGES: [u64; 14] = [
        0,
        1,
        2,
        EPSILON,
        1 << 32,
        (1 << 32) + 1,
        1 << 63,
        P - 2,
        P - 1,
        P,
        P + 1,
        u64::MAX - 1,
        u64::MAX,
        0x1234_5678_9abc_def0,
    ];

    #[test]
    fn canonical_maps_into_range() {
        for &x in &EDGES {
            assert_eq!(canonical(x), r(x as u128), "x={x}");
            assert!(canonical(x) < P);
        }
        assert_eq!(canonical(P), 0);
        assert_eq!(canonical(u64::MAX), EPSILON - 1);
    }

    #[test]
    fn add_sub_mul_at_the_edges() {
        for &a in &EDGES {
            for &b in &EDGES {
                let (a1, b1) = (a as u128, b as u128);
                assert_eq!(canonical(add(a, b)), r(a1 + b1), "{a}+{b}");
                let want_sub = (r(a1) as u128 + P as u128 - r(b1) as u128) % P as u128;
                assert_eq!(canonical(sub(a, b)) as u128, want_sub, "{a}-{b}");
                assert_eq!(canonical(mul(a, b)), r(a1 * b1), "{a}*{b}");
            }
        }
    }

    #[test]
    fn reduce128_at_the_edges() {
        let his = [0, 1, EPSILON, 1 << 32, u64::MAX, u64::MAX - EPSILON, P - 1];
        for &hi in &his {
            for &lo in &EDGES {
                let x = ((hi as u128) << 64) | lo as u128;
                assert_eq!(canonical(reduce128(lo, hi)), r(x), "hi={hi} lo={lo}");
            }
        }
        for hi in [0u32, 1, 26 * 12, u32::MAX] {
            for &lo in &EDGES {
                let x = ((hi as u128) << 64) | lo as u128;
                assert_eq!(canonical(reduce96(lo, hi)), r(x), "hi={hi} lo={lo}");
            }
        }
    }

    #[test]
    fn random_products_match_u128_reference() {
        let mut rng = crate::testutil::TestRng::new(1);
        for _ in 0..100_000 {
            let (a, b) = (rng.next_u64(), rng.next_u64());
            assert_eq!(canonical(mul(a, b)), r(a as u128 * b as u128));
            assert_eq!(canonical(add(a, b)), r(a as u128 + b as u128));
        }
    }

    #[test]
    fn montgomery_arithmetic_matches_reference() {
        let inv_r = pow(pow(2, 64), P - 2); // 2^−64 mod p
        for &a in &EDGES {
            for &b in &EDGES {
                let want = r(r(a as u128 * b as u128) as u128 * inv_r as u128);
                assert_eq!(canonical(mont_mul(a, b)), want, "{a}*{b}");
            }
            let am = mont_mul(a, R2);
            assert_eq!(canonical(am), r(((a as u128) << 64) % P as u128));
            assert_eq!(canonical(am), to_mont_const(canonical(a)));
            assert_eq!(canonical(mont_reduce(am, 0)), canonical(a));
        }
        let mut rng = crate::testutil::TestRng::new(2);
        for _ in 0..100_000 {
            let (a, b) = (rng.next_u64(), rng.next_u64());
            let want = r(r(a as u128 * b as u128) as u128 * inv_r as u128);
            assert_eq!(canonical(mont_mul(a, b)), want);
        }
    }

    #[test]
    fn the_sboxes_are_inverse() {
        // 7 · INV_ALPHA ≡ 1 mod (p − 1).
        const INV_ALPHA: u64 = 10540996611094048183;
        assert_eq!((7u128 * INV_ALPHA as u128) % (P as u128 - 1), 1);
        for &x in &EDGES {
            let c = canonical(x);
            assert_eq!(canonical(exp7(x)), pow(c, 7), "x={x}");
            assert_eq!(canonical(exp_inv7(x)), pow(c, INV_ALPHA), "x={x}");
            assert_eq!(canonical(exp_inv7(exp7(x))), c, "x={x}");
            assert_eq!(canonical(exp7(exp_inv7(x))), c, "x={x}");
        }
        // The exponent of `exp_inv7_with`'s chain.
        let s: u128 = (0..10).map(|i| 8u128.pow(i)).sum();
        assert_eq!(16 * s * ((1 << 32) + 3) + 7, INV_ALPHA as u128);
        // Fermat: a^(p−1) = 1 for a ≠ 0.
        assert_eq!(pow(3, P - 1), 1);
    }
}
