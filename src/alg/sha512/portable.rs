//! The portable (reference) SHA-512 block function: plain Rust, no CPU-specific
//! instructions.

use super::K;

/// One round (FIPS 180-4 §6.4.2) on the working variables named in order `a..h`, with
/// `bc` holding `b ^ c` and `$wk` the round's `W[t] + K[t]`: updates `d` and `h` (the
/// caller renames the variables for the next round) and leaves `a ^ b` in `bc`, which
/// is the next round's `b ^ c`, so the majority function is `((a ^ b) & (b ^ c)) ^ b`,
/// three operations.
macro_rules! round {
    ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $bc:ident, $wk:expr) => {{
        let s1 = $e.rotate_right(14) ^ $e.rotate_right(18) ^ $e.rotate_right(41);
        let ch = ($e & $f) ^ (!$e & $g);
        let t1 = $h.wrapping_add($wk).wrapping_add(ch).wrapping_add(s1);
        let s0 = $a.rotate_right(28) ^ $a.rotate_right(34) ^ $a.rotate_right(39);
        let ab = $a ^ $b;
        let maj = (ab & $bc) ^ $b;
        $bc = ab;
        $d = $d.wrapping_add(t1);
        $h = t1.wrapping_add(s0).wrapping_add(maj);
    }};
}

/// Eight rounds, `$wk(i)` giving the `i`th one's `W[t] + K[t]`: the variables return to
/// their names after eight renamings.
macro_rules! eight_rounds {
    ([$a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident], $bc:ident, $wk:expr) => {{
        round!($a, $b, $c, $d, $e, $f, $g, $h, $bc, $wk(0usize));
        round!($h, $a, $b, $c, $d, $e, $f, $g, $bc, $wk(1usize));
        round!($g, $h, $a, $b, $c, $d, $e, $f, $bc, $wk(2usize));
        round!($f, $g, $h, $a, $b, $c, $d, $e, $bc, $wk(3usize));
        round!($e, $f, $g, $h, $a, $b, $c, $d, $bc, $wk(4usize));
        round!($d, $e, $f, $g, $h, $a, $b, $c, $bc, $wk(5usize));
        round!($c, $d, $e, $f, $g, $h, $a, $b, $bc, $wk(6usize));
        round!($b, $c, $d, $e, $f, $g, $h, $a, $bc, $wk(7usize));
    }};
}

/// The 80 rounds of one block on `state` (with the feed-forward), `wk(t)` giving
/// `W[t] + K[t]`.
#[inline(always)]
fn rounds(state: &mut [u64; 8], wk: impl Fn(usize) -> u64) {
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
    let mut bc = b ^ c;
    for t in (0..80).step_by(8) {
        eight_rounds!([a, b, c, d, e, f, g, h], bc, |i| wk(t + i));
    }
    for (s, x) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
        *s = s.wrapping_add(x);
    }
}

/// SHA-512's small sigma functions (FIPS 180-4 §4.1.3).
fn sigma0(x: u64) -> u64 {
    x.rotate_right(1) ^ x.rotate_right(8) ^ (x >> 7)
}

fn sigma1(x: u64) -> u64 {
    x.rotate_right(19) ^ x.rotate_right(61) ^ (x >> 6)
}

/// Absorbs whole 128-byte blocks.
pub(super) fn compress(state: &mut [u64; 8], blocks: &[u8]) {
    let (blocks, rest) = blocks.as_chunks::<128>();
    debug_assert!(rest.is_empty(), "partial block passed to compress");
    for block in blocks {
        let mut w = [0u64; 80];
        for (t, word) in block.as_chunks::<8>().0.iter().enumerate() {
            w[t] = u64::from_be_bytes(*word);
        }
        for t in 16..80 {
            w[t] = sigma1(w[t - 2])
                .wrapping_add(w[t - 7])
                .wrapping_add(sigma0(w[t - 15]))
                .wrapping_add(w[t - 16]);
        }
        rounds(state, |t| w[t].wrapping_add(K[t]));
    }
}
