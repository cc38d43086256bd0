//! LeMac's step schedule and tag indexing, for every SIMD backend alike (x86 AES-NI, VAES
//! with AVX-512, and ARMv8 AES). No instruction set appears here: the macros expand inside
//! a backend's `#[target_feature]` function and call that backend file's own vector
//! operations by name:
//!
//! - `load(&Block) -> V`, `store(V) -> Block`, `load4(&[u8; 64]) -> [V; 4]`, and
//!   `lanes([u64; 2]) -> V` (a block from two little-endian words, built in registers);
//! - `aesenc(x, k)`: one full AES round with round key `k` (x86 `AESENC`; on ARMv8
//!   `AESMC(AESE(x, 0)) ^ k`); `aesenclast(x, k)`: the last round, without MixColumns;
//! - `xor(a, b)`, `xor3(a, b, c)` (`c` is the late operand on the critical path), and
//!   `zero()`;
//! - `tag(&Context, [V; 9], &Block) -> Block`: the tag from the final state, usually
//!   `tag_body!` (one block per vector).
//!
//! The schedule, as `lemac.rs` documents it: a step's eight AES rounds take state blocks
//! `S[0..=7]` into `S[1..=8]` and `S[0] ^ S[8] ^ M2` into `S[0]`. The block loop renames
//! registers instead of moving data: the register holding `S[i]` becomes `S[i+1]` in place
//! and the one holding `S[8]` becomes the new `S[0]`, so after nine steps the naming is back
//! where it started and the loop body is nine steps long.

/// One LeMac step on message block `$m`; `$s0..$s8` name the registers holding
/// `S[0]..S[8]` and `$r` the delay line `[RR, R0, R1, R2]`. Afterwards `$s8` holds the new
/// `S[0]` and `$si` the new `S[i+1]`.
macro_rules! step {
    ($m:expr, $r:ident, $s0:ident, $s1:ident, $s2:ident, $s3:ident, $s4:ident, $s5:ident,
     $s6:ident, $s7:ident, $s8:ident) => {
        $crate::alg::lemac::schedule::step_words!(
            load4($m),
            $r,
            $s0,
            $s1,
            $s2,
            $s3,
            $s4,
            $s5,
            $s6,
            $s7,
            $s8
        )
    };
}

/// `step!` on a message block given as its four words (`[V; 4]`, already in registers).
macro_rules! step_words {
    ($m:expr, $r:ident, $s0:ident, $s1:ident, $s2:ident, $s3:ident, $s4:ident, $s5:ident,
     $s6:ident, $s7:ident, $s8:ident) => {{
        let [m0, m1, m2, m3] = $m;
        let [rr, r0, r1, r2] = $r;
        $s8 = xor3($s0, m2, $s8);
        $s7 = aesenc($s7, m3);
        $s6 = aesenc($s6, m1);
        $s5 = aesenc($s5, m1);
        $s4 = aesenc($s4, m0);
        $s3 = aesenc($s3, m0);
        $s2 = aesenc($s2, xor(r1, r2));
        $s1 = aesenc($s1, m3);
        $s0 = aesenc($s0, m3);
        $r = [m2, xor(rr, m1), r0, r1];
    }};
}

/// `step!` with the delay line's `RR` taken from memory: `$prev` is the previous message
/// block, whose word `M2` is `RR`, so the loop keeps only `[R0, R1, R2]` (`$r3`) in
/// registers.
macro_rules! step_after {
    ($m:expr, $prev:expr, $r3:ident, $s0:ident, $s1:ident, $s2:ident, $s3:ident, $s4:ident,
     $s5:ident, $s6:ident, $s7:ident, $s8:ident) => {{
        let [m0, m1, m2, m3] = load4($m);
        let prev: &[u8; 64] = $prev;
        let rr = load(prev[32..48].try_into().expect("16 bytes"));
        let [r0, r1, r2] = $r3;
        $s8 = xor3($s0, m2, $s8);
        $s7 = aesenc($s7, m3);
        $s6 = aesenc($s6, m1);
        $s5 = aesenc($s5, m1);
        $s4 = aesenc($s4, m0);
        $s3 = aesenc($s3, m0);
        $s2 = aesenc($s2, xor(r1, r2));
        $s1 = aesenc($s1, m3);
        $s0 = aesenc($s0, m3);
        $r3 = [xor(rr, m1), r0, r1];
    }};
}

/// The block loop over whole 64-byte blocks (`$blocks: &[[u8; 64]]`) on the registers
/// `$a0..$a8` (holding `S[0]..S[8]`, and holding them again afterwards) and the delay line
/// `$r`. After the first block, each step reads `RR` (the previous block's `M2`) from the
/// message instead of a register (`step_after!`): with all four words of the delay line in
/// registers, the nine state blocks, the delay line and the message words did not fit in
/// sixteen, and LLVM spilled a state block, putting a store and a reload on the chain of
/// AES rounds (1 MiB: 29.6 µs before, on AMD Zen 3 with `vaes256`).
macro_rules! absorb_regs {
    ($blocks:expr, $r:ident, $a0:ident, $a1:ident, $a2:ident, $a3:ident, $a4:ident,
     $a5:ident, $a6:ident, $a7:ident, $a8:ident) => {{
        let blocks: &[[u8; 64]] = $blocks;
        if let Some((first, _)) = blocks.split_first() {
            $crate::alg::lemac::schedule::step!(
                first, $r, $a0, $a1, $a2, $a3, $a4, $a5, $a6, $a7, $a8
            );
            ($a0, $a1, $a2, $a3, $a4, $a5, $a6, $a7, $a8) =
                ($a8, $a0, $a1, $a2, $a3, $a4, $a5, $a6, $a7);
            let [_, r0, r1, r2] = $r;
            let mut r3 = [r0, r1, r2];
            // Windows of ten blocks, nine apart: the previous block and nine new ones.
            let mut windows = blocks.windows(10).step_by(9);
            let mut done = 1;
            for w in &mut windows {
                $crate::alg::lemac::schedule::step_after!(
                    &w[1], &w[0], r3, $a0, $a1, $a2, $a3, $a4, $a5, $a6, $a7, $a8
                );
                $crate::alg::lemac::schedule::step_after!(
                    &w[2], &w[1], r3, $a8, $a0, $a1, $a2, $a3, $a4, $a5, $a6, $a7
                );
                $crate::alg::lemac::schedule::step_after!(
                    &w[3], &w[2], r3, $a7, $a8, $a0, $a1, $a2, $a3, $a4, $a5, $a6
                );
                $crate::alg::lemac::schedule::step_after!(
                    &w[4], &w[3], r3, $a6, $a7, $a8, $a0, $a1, $a2, $a3, $a4, $a5
                );
                $crate::alg::lemac::schedule::step_after!(
                    &w[5], &w[4], r3, $a5, $a6, $a7, $a8, $a0, $a1, $a2, $a3, $a4
                );
                $crate::alg::lemac::schedule::step_after!(
                    &w[6], &w[5], r3, $a4, $a5, $a6, $a7, $a8, $a0, $a1, $a2, $a3
                );
                $crate::alg::lemac::schedule::step_after!(
                    &w[7], &w[6], r3, $a3, $a4, $a5, $a6, $a7, $a8, $a0, $a1, $a2
                );
                $crate::alg::lemac::schedule::step_after!(
                    &w[8], &w[7], r3, $a2, $a3, $a4, $a5, $a6, $a7, $a8, $a0, $a1
                );
                $crate::alg::lemac::schedule::step_after!(
                    &w[9], &w[8], r3, $a1, $a2, $a3, $a4, $a5, $a6, $a7, $a8, $a0
                );
                done += 9;
            }
            for i in done..blocks.len() {
                $crate::alg::lemac::schedule::step_after!(
                    &blocks[i],
                    &blocks[i - 1],
                    r3,
                    $a0,
                    $a1,
                    $a2,
                    $a3,
                    $a4,
                    $a5,
                    $a6,
                    $a7,
                    $a8
                );
                ($a0, $a1, $a2, $a3, $a4, $a5, $a6, $a7, $a8) =
                    ($a8, $a0, $a1, $a2, $a3, $a4, $a5, $a6, $a7);
            }
            let last = &blocks[blocks.len() - 1];
            $r = [
                load(last[32..48].try_into().expect("16 bytes")),
                r3[0],
                r3[1],
                r3[2],
            ];
        }
    }};
}

/// The block loop over whole 64-byte blocks (`$blocks.len()` a multiple of 64), the state
/// loaded into registers once and stored back at the end.
macro_rules! absorb_body {
    ($state:expr, $blocks:expr) => {{
        let state: &mut State = $state;
        let (blocks, rest) = $blocks.as_chunks::<64>();
        debug_assert!(rest.is_empty());
        let [
            mut a0,
            mut a1,
            mut a2,
            mut a3,
            mut a4,
            mut a5,
            mut a6,
            mut a7,
            mut a8,
        ] = state.s.each_ref().map(load);
        let mut r = state.r.each_ref().map(load);
        $crate::alg::lemac::schedule::absorb_regs!(blocks, r, a0, a1, a2, a3, a4, a5, a6, a7, a8);
        state.s = [a0, a1, a2, a3, a4, a5, a6, a7, a8].map(store);
        state.r = r.map(store);
    }};
}

/// The end of a message from registers: absorbs the padded last block (from `$tail`, the
/// message's last 0..=63 bytes, built in registers: `lemac::last_words`) and four zero
/// blocks, then computes the tag with the backend file's `tag` function (see `tag_body`).
macro_rules! finish_regs {
    ($ctx:expr, $tail:expr, $nonce_term:expr, $r:ident, $a0:ident, $a1:ident, $a2:ident,
     $a3:ident, $a4:ident, $a5:ident, $a6:ident, $a7:ident, $a8:ident) => {{
        let ctx: &Context = $ctx;
        let tail: &[u8] = $tail;
        let [w0, w1, w2, w3] = super::last_words(tail);
        let last = [lanes(w0), lanes(w1), lanes(w2), lanes(w3)];
        for m in [last, [zero(); 4], [zero(); 4], [zero(); 4], [zero(); 4]] {
            $crate::alg::lemac::schedule::step_words!(
                m, $r, $a0, $a1, $a2, $a3, $a4, $a5, $a6, $a7, $a8
            );
            ($a0, $a1, $a2, $a3, $a4, $a5, $a6, $a7, $a8) =
                ($a8, $a0, $a1, $a2, $a3, $a4, $a5, $a6, $a7);
        }
        tag(
            ctx,
            [$a0, $a1, $a2, $a3, $a4, $a5, $a6, $a7, $a8],
            $nonce_term,
        )
    }};
}

/// The tag from the final state `$s` (nine vectors): `E_K3(N ^ E_K2(N) ^ XOR_i
/// AES'_i(S[i]))`, the nine independent ten-round chains interleaved, one block per
/// vector. `AES'_i` uses the round keys `subkeys[i..=i+9]` and a final full round with a
/// zero key. A backend's `tag` function expands this (or packs the chains its own way).
macro_rules! tag_body {
    ($ctx:expr, $s:expr, $nonce_term:expr) => {{
        let ctx: &Context = $ctx;
        let s = $s;
        let sk = ctx.subkeys.each_ref().map(load);
        let mut x: [_; 9] = std::array::from_fn(|i| xor(s[i], sk[i]));
        for round in 1..10 {
            for i in 0..9 {
                x[i] = aesenc(x[i], sk[i + round]);
            }
        }
        let mut t = load($nonce_term);
        for v in x {
            t = xor(t, aesenc(v, zero()));
        }
        $crate::alg::lemac::schedule::tag_key3!(ctx, t)
    }};
}

/// `E_K3(t)`, the last step of the tag, as a block.
macro_rules! tag_key3 {
    ($ctx:expr, $t:expr) => {{
        let ctx: &Context = $ctx;
        let mut t = $t;
        let k = ctx.keys[1].each_ref().map(load);
        t = xor(t, k[0]);
        for rk in &k[1..10] {
            t = aesenc(t, *rk);
        }
        store(aesenclast(t, k[10]))
    }};
}

/// The finalization of a state in memory: loads it, then `finish_regs`.
macro_rules! finish_body {
    ($ctx:expr, $state:expr, $tail:expr, $nonce_term:expr) => {{
        let state: &mut State = $state;
        let [
            mut a0,
            mut a1,
            mut a2,
            mut a3,
            mut a4,
            mut a5,
            mut a6,
            mut a7,
            mut a8,
        ] = state.s.each_ref().map(load);
        let mut r = state.r.each_ref().map(load);
        $crate::alg::lemac::schedule::finish_regs!(
            $ctx,
            $tail,
            $nonce_term,
            r,
            a0,
            a1,
            a2,
            a3,
            a4,
            a5,
            a6,
            a7,
            a8
        )
    }};
}

/// A whole message from the key's initial state (`ctx.init`, empty delay line) to the tag,
/// the state in registers throughout (no copy of a state in memory): the one-call path.
macro_rules! whole_body {
    ($ctx:expr, $data:expr, $nonce_term:expr) => {{
        let ctx: &Context = $ctx;
        let data: &[u8] = $data;
        let (blocks, tail) = data.as_chunks::<64>();
        let [
            mut a0,
            mut a1,
            mut a2,
            mut a3,
            mut a4,
            mut a5,
            mut a6,
            mut a7,
            mut a8,
        ] = ctx.init.each_ref().map(load);
        let mut r = [zero(); 4];
        $crate::alg::lemac::schedule::absorb_regs!(blocks, r, a0, a1, a2, a3, a4, a5, a6, a7, a8);
        $crate::alg::lemac::schedule::finish_regs!(
            ctx,
            tail,
            $nonce_term,
            r,
            a0,
            a1,
            a2,
            a3,
            a4,
            a5,
            a6,
            a7,
            a8
        )
    }};
}

pub(crate) use {
    absorb_body, absorb_regs, finish_body, finish_regs, step, step_after, step_words, tag_body,
    tag_key3, whole_body,
};
