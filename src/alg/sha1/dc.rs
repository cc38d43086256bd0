//! SHA-1 collision detection: the counter-cryptanalysis of Stevens and Shumow
//! ("Speeding up detection of SHA-1 collision attacks using unavoidable attack
//! conditions", USENIX Security 2017), as the reference library sha1dc
//! (cr-marcstevens/sha1collisiondetection, the code git uses) runs it by default: the
//! unavoidable-bit-condition (UBC) check on every block's expanded message, then, only for
//! the disturbance vectors (DVs) whose conditions all hold, a recompression of the block
//! with the DV's message difference. A block is an attack block when such a recompression
//! reaches the same chaining value. The digest itself is never changed (sha1dc's "safe
//! hash" rewrite is off), and reduced-round collisions are not reported (sha1dc's
//! default).
//!
//! This file is shared by every backend: a backend computes the digest its own way, keeps
//! the expanded message `W[0..80]` it computed anyway (in its lane order: word `t` at
//! index `t ^ X`), and calls [`ubc_mask`] on it, and [`dv_check`] in the rare case the mask
//! is not zero (4.7% of random blocks, about one DV each). `dv_check` recomputes the
//! block in software to get the states at steps 58 and 65, so the backends need not expose
//! their internal state.
//!
//! Sources of the tables (facts carried with their source, not code):
//! - [`UBC`]: every condition of sha1dc's `lib/ubc_check.c` (HEAD b4a7b0b, generated there
//!   from the DV data in `tools/data/3565`), each reduced to the relation of two bits of
//!   `W` it tests, with the DVs it eliminates; conditions with the same relation and value
//!   merged (156 rows, 373 DV-conditions). The rows were extracted by evaluating each C
//!   condition as a black box on all 2560 one-bit inputs (each depends on exactly two bits)
//!   and checked against `ubc_check` and its directly verifiable form `ubc_check_verify.c`
//!   (commit 33c1798) on 101,000 expanded messages: random ones, and for each DV 200
//!   satisfying all its conditions and 200 violating exactly one. The row order is ours:
//!   greedy, each row the one that eliminates most surviving DVs in expectation, so the
//!   mask of a random block is zero after 46 rows in half the cases and after 88 in 90%.
//! - [`DVS`]: sha1dc's `sha1_dvs` (same file): the DV's type, K, b, the step the
//!   recompression starts from, and the first 16 words of its message difference; the
//!   other 64 follow by SHA-1's message expansion, which is linear (checked against all 80
//!   of sha1dc's words when the table was made; a test checks the last ones).

/// The unavoidable-bit-condition table and its check, from one list of rows in groups:
/// [`UBC`] (the rows as data, for the tests) and [`ubc_mask`] (the rows as straight-line
/// code with constant indices and shifts, an exit after each group). The grouping (36
/// rows, then eight at a time) was the fastest of those measured on AMD Zen 3 with the
/// SHA-NI kernel (64 KiB, minimum of 3000 calls, ns/byte: 16 at a time 1.22, 8 at a time
/// 1.26, 32 then 8 1.07, 36 then 8 1.05, 40 then 8 1.18, no exit at all 1.64; the SHA
/// extensions alone 0.63): exits cost mispredicted branches, rows cost instructions.
macro_rules! ubc_table {
    ($([$(($a:literal, $sa:literal, $b:literal, $sb:literal, $want:literal, $dvs:literal)),* $(,)?])*) => {
        /// The unavoidable bit conditions: `(a, sa, b, sb, want, dvs)` says that bit `sa`
        /// of `W[a]` XOR bit `sb` of `W[b]` must be `want`, or the DVs in the mask `dvs`
        /// (bit `i`: [`DVS`]`[i]`) cannot be the attack's. See the module docs for the
        /// source and the order.
        #[allow(dead_code)]
        pub(crate) const UBC: [(usize, u32, usize, u32, u32, u32); 156] =
            [$($(($a, $sa, $b, $sb, $want, $dvs),)*)*];

        /// The unavoidable-bit-condition check of one block's expanded message (word `t`
        /// at `w[t ^ X]`): the mask of the DVs (bit `i`: [`DVS`]`[i]`) whose conditions
        /// all hold, the same as sha1dc's `ubc_check`. Zero for almost every block, and
        /// then known after a few dozen rows: the rows run in groups without branches,
        /// with an exit after each group once every DV is eliminated.
        #[inline(always)]
        pub(super) fn ubc_mask<const X: usize>(w: &[u32; 80]) -> u32 {
            let mut dead = 0u32;
            $(
                $(
                    let bad = ((w[$a ^ X] >> $sa) ^ (w[$b ^ X] >> $sb) ^ $want) & 1;
                    dead |= $dvs & bad.wrapping_neg();
                )*
                if dead == u32::MAX {
                    return 0;
                }
            )*
            !dead
        }
    };
}

ubc_table! {
    [
        (44, 29, 45, 29, 0, 0x0283a080),
        (46, 29, 47, 29, 0, 0x18180801),
        (45, 4, 48, 29, 0, 0x20202224),
        (49, 29, 50, 29, 0, 0xc2810008),
        (44, 4, 47, 29, 0, 0x1010088a),
        (43, 4, 46, 29, 0, 0x08080225),
        (45, 6, 47, 6, 0, 0x00004440),
        (44, 6, 46, 6, 0, 0x00001110),
        (48, 29, 49, 29, 0, 0x60a08004),
        (41, 1, 42, 6, 1, 0x04040100),
        (40, 29, 41, 29, 0, 0x800a00a2),
        (40, 1, 41, 6, 1, 0x01004040),
        (39, 1, 40, 6, 1, 0x00401010),
        (47, 29, 48, 29, 0, 0x30302002),
        (45, 29, 46, 29, 0, 0x0a0a8200),
        (46, 4, 49, 29, 0, 0x40808888),
        (47, 4, 50, 29, 0, 0x82012220),
        (36, 1, 37, 6, 1, 0x00041040),
        (47, 6, 49, 6, 0, 0x00004400),
        (46, 6, 47, 1, 0, 0x01000010),
        (42, 6, 43, 1, 0, 0x04040000),
        (41, 4, 44, 29, 0, 0x00812025),
        (53, 29, 54, 29, 0, 0x60220800),
        (44, 1, 45, 6, 1, 0x00404000),
        (42, 4, 45, 29, 0, 0x0202808a),
        (52, 29, 53, 29, 0, 0x30110200),
        (40, 4, 43, 29, 0, 0x8020080a),
        (47, 6, 48, 1, 0, 0x04000040),
        (46, 6, 48, 6, 0, 0x00001100),
        (35, 1, 36, 6, 1, 0x00000410),
        (39, 4, 42, 29, 0, 0x40100205),
        (41, 6, 42, 1, 0, 0x01004000),
        (40, 6, 41, 1, 0, 0x00401000),
        (50, 29, 51, 29, 0, 0x8a020020),
        (51, 29, 52, 29, 0, 0x18080080),
        (61, 2, 62, 7, 1, 0x00040010),
    ]
    [
        (43, 6, 45, 6, 0, 0x00000440),
        (43, 29, 44, 29, 0, 0x00a12820),
        (42, 6, 44, 6, 0, 0x00000110),
        (37, 4, 40, 29, 0, 0x50020021),
        (38, 4, 41, 29, 0, 0xa0080082),
        (53, 6, 54, 1, 0, 0x00400000),
        (54, 6, 55, 1, 0, 0x01000000),
        (55, 6, 56, 1, 0, 0x04000000),
    ]
    [
        (42, 29, 43, 29, 0, 0x00300a08),
        (50, 6, 51, 1, 0, 0x00041000),
        (37, 1, 38, 6, 1, 0x00004100),
        (48, 4, 51, 29, 0, 0x08028880),
        (54, 29, 55, 29, 0, 0xc0882000),
        (39, 4, 41, 4, 1, 0x40000005),
        (49, 6, 50, 1, 0, 0x00000400),
        (51, 6, 53, 6, 0, 0x00400000),
    ]
    [
        (52, 6, 54, 6, 0, 0x01000000),
        (53, 6, 55, 6, 0, 0x04000000),
        (50, 4, 53, 29, 0, 0x20128800),
        (49, 4, 52, 29, 0, 0x10092200),
        (48, 6, 50, 6, 0, 0x00041000),
        (55, 29, 56, 29, 0, 0x82108000),
        (45, 29, 47, 29, 1, 0x0000008a),
        (44, 29, 46, 29, 1, 0x00000025),
    ]
    [
        (62, 2, 63, 7, 1, 0x00000040),
        (63, 2, 64, 7, 1, 0x00000100),
        (42, 1, 50, 1, 1, 0x00000400),
        (50, 1, 54, 1, 1, 0x00400000),
        (51, 1, 55, 1, 1, 0x01000000),
        (52, 1, 56, 1, 1, 0x04000000),
        (36, 4, 40, 29, 0, 0x00110208),
        (56, 4, 59, 29, 0, 0x28000000),
    ]
    [
        (51, 4, 54, 29, 0, 0x40282000),
        (52, 4, 55, 29, 0, 0x80908000),
        (37, 4, 39, 4, 1, 0x50000001),
        (56, 29, 59, 29, 1, 0x0a000000),
        (40, 6, 42, 6, 0, 0x00000010),
        (41, 6, 43, 6, 0, 0x00000040),
        (48, 6, 49, 1, 0, 0x00000100),
        (39, 6, 40, 1, 0, 0x00000400),
    ]
    [
        (51, 6, 52, 1, 0, 0x00004000),
        (47, 1, 51, 1, 1, 0x00040000),
        (45, 6, 46, 1, 0, 0x00400000),
        (45, 1, 47, 1, 1, 0x01000000),
        (46, 1, 48, 1, 1, 0x04000000),
        (41, 29, 42, 29, 0, 0x00180284),
        (40, 4, 42, 4, 1, 0x8000000a),
        (38, 4, 40, 4, 1, 0xa0000002),
    ]
    [
        (63, 1, 64, 6, 1, 0x00010004),
        (57, 29, 58, 29, 0, 0x10800000),
        (56, 29, 57, 29, 0, 0x08200000),
        (38, 1, 40, 1, 1, 0x00000400),
        (43, 1, 51, 1, 1, 0x00001000),
        (49, 6, 51, 6, 0, 0x00004000),
        (37, 5, 41, 30, 0, 0x00400000),
        (38, 5, 42, 30, 0, 0x01000000),
    ]
    [
        (39, 5, 43, 30, 0, 0x04000000),
        (58, 29, 59, 29, 0, 0x22000000),
        (51, 29, 54, 29, 1, 0x000a0800),
        (50, 29, 52, 29, 1, 0x00012200),
        (53, 29, 56, 29, 1, 0x00308000),
        (46, 29, 48, 29, 1, 0x00000224),
        (47, 29, 49, 29, 1, 0x00000888),
        (55, 4, 58, 29, 0, 0x12000000),
    ]
    [
        (54, 4, 57, 29, 0, 0x08800000),
        (61, 1, 62, 6, 1, 0x00000001),
        (37, 1, 37, 6, 0, 0x00004000),
        (36, 0, 41, 30, 1, 0x00400000),
        (37, 0, 42, 30, 1, 0x01000000),
        (38, 0, 43, 30, 1, 0x04000000),
        (48, 29, 50, 29, 1, 0x00002220),
        (49, 29, 51, 29, 1, 0x00008880),
    ]
    [
        (61, 0, 62, 5, 1, 0x00020008),
        (60, 0, 61, 5, 1, 0x00010004),
        (53, 4, 56, 29, 0, 0x02200000),
        (36, 4, 38, 4, 1, 0x28000000),
        (59, 5, 63, 30, 0, 0x00000001),
        (62, 1, 63, 6, 1, 0x00000002),
        (35, 5, 39, 30, 0, 0x00004000),
        (38, 4, 42, 29, 0, 0x00802000),
    ]
    [
        (35, 4, 39, 29, 0, 0x00080084),
        (39, 4, 43, 29, 0, 0x02008000),
        (58, 0, 63, 30, 1, 0x00000001),
        (60, 5, 64, 30, 0, 0x00000002),
        (58, 29, 61, 29, 1, 0x10000000),
        (59, 4, 63, 29, 0, 0x40000000),
        (62, 0, 63, 5, 1, 0x00080020),
        (37, 4, 41, 29, 0, 0x00200800),
    ]
    [
        (48, 29, 55, 29, 1, 0x0000a000),
        (59, 0, 64, 30, 1, 0x00000002),
        (55, 29, 58, 29, 1, 0x00800000),
        (59, 29, 60, 29, 0, 0x08000000),
        (57, 4, 61, 29, 0, 0x10000000),
        (58, 4, 62, 29, 0, 0x20000000),
        (57, 4, 59, 29, 0, 0x40000000),
        (60, 4, 64, 29, 0, 0x80000000),
    ]
    [
        (63, 0, 64, 5, 1, 0x00100080),
        (35, 3, 39, 28, 0, 0x00082000),
        (37, 3, 41, 28, 0, 0x00200000),
        (38, 3, 42, 28, 0, 0x00800000),
        (39, 3, 43, 28, 0, 0x02000000),
        (40, 3, 44, 28, 0, 0x08000000),
        (41, 3, 45, 28, 0, 0x10000000),
        (42, 3, 46, 28, 0, 0x20000000),
    ]
    [
        (43, 3, 47, 28, 0, 0x40000000),
        (44, 3, 48, 28, 0, 0x80000000),
        (36, 4, 37, 4, 1, 0x00000800),
        (38, 4, 39, 4, 1, 0x00008000),
        (36, 3, 40, 28, 0, 0x00100000),
        (36, 30, 41, 28, 1, 0x00200000),
        (37, 30, 42, 28, 1, 0x00800000),
        (38, 30, 43, 28, 1, 0x02000000),
    ]
    [
        (40, 4, 44, 29, 0, 0x08000000),
        (41, 4, 45, 29, 0, 0x10000000),
        (42, 4, 46, 29, 0, 0x20000000),
        (43, 4, 47, 29, 0, 0x40000000),
        (44, 4, 48, 29, 0, 0x80000000),
        (37, 4, 38, 4, 1, 0x00002000),
        (35, 30, 40, 28, 1, 0x00100000),
        (39, 30, 44, 28, 1, 0x08000000),
    ]
}

/// A disturbance vector of sha1dc's table (`sha1_dvs`, in mask-bit order). Its name
/// (`kind`, `k`, `b`) identifies the row against the source; only the tests read it.
#[allow(dead_code)]
pub(crate) struct Dv {
    /// The DV is `I(k, b)` (kind 1) or `II(k, b)` (kind 2) in the paper's notation.
    pub(crate) kind: u8,
    /// Its `k`.
    pub(crate) k: u8,
    /// Its `b`.
    pub(crate) b: u8,
    /// The step the recompression starts from (its state is the same for both blocks).
    pub(crate) testt: usize,
    /// The first 16 words of the message XOR-difference.
    pub(crate) dm: [u32; 16],
}

/// The 32 disturbance vectors sha1dc checks. Source: see the module docs.
#[rustfmt::skip]
pub(crate) const DVS: [Dv; 32] = [
    Dv { kind: 1, k: 43, b: 0, testt: 58, dm: [0x08000000, 0x9800000c, 0xd8000010, 0x08000010, 0xb8000010, 0x98000000, 0x60000000, 0x00000008, 0xc0000000, 0x90000014, 0x10000010, 0xb8000014, 0x28000000, 0x20000010, 0x48000000, 0x08000018] },
    Dv { kind: 1, k: 44, b: 0, testt: 58, dm: [0xb4000008, 0x08000000, 0x9800000c, 0xd8000010, 0x08000010, 0xb8000010, 0x98000000, 0x60000000, 0x00000008, 0xc0000000, 0x90000014, 0x10000010, 0xb8000014, 0x28000000, 0x20000010, 0x48000000] },
    Dv { kind: 1, k: 45, b: 0, testt: 58, dm: [0xf4000014, 0xb4000008, 0x08000000, 0x9800000c, 0xd8000010, 0x08000010, 0xb8000010, 0x98000000, 0x60000000, 0x00000008, 0xc0000000, 0x90000014, 0x10000010, 0xb8000014, 0x28000000, 0x20000010] },
    Dv { kind: 1, k: 46, b: 0, testt: 58, dm: [0x2c000010, 0xf4000014, 0xb4000008, 0x08000000, 0x9800000c, 0xd8000010, 0x08000010, 0xb8000010, 0x98000000, 0x60000000, 0x00000008, 0xc0000000, 0x90000014, 0x10000010, 0xb8000014, 0x28000000] },
    Dv { kind: 1, k: 46, b: 2, testt: 58, dm: [0xb0000040, 0xd0000053, 0xd0000022, 0x20000000, 0x60000032, 0x60000043, 0x20000040, 0xe0000042, 0x60000002, 0x80000001, 0x00000020, 0x00000003, 0x40000052, 0x40000040, 0xe0000052, 0xa0000000] },
    Dv { kind: 1, k: 47, b: 0, testt: 58, dm: [0xc8000010, 0x2c000010, 0xf4000014, 0xb4000008, 0x08000000, 0x9800000c, 0xd8000010, 0x08000010, 0xb8000010, 0x98000000, 0x60000000, 0x00000008, 0xc0000000, 0x90000014, 0x10000010, 0xb8000014] },
    Dv { kind: 1, k: 47, b: 2, testt: 58, dm: [0x20000043, 0xb0000040, 0xd0000053, 0xd0000022, 0x20000000, 0x60000032, 0x60000043, 0x20000040, 0xe0000042, 0x60000002, 0x80000001, 0x00000020, 0x00000003, 0x40000052, 0x40000040, 0xe0000052] },
    Dv { kind: 1, k: 48, b: 0, testt: 58, dm: [0xb800000a, 0xc8000010, 0x2c000010, 0xf4000014, 0xb4000008, 0x08000000, 0x9800000c, 0xd8000010, 0x08000010, 0xb8000010, 0x98000000, 0x60000000, 0x00000008, 0xc0000000, 0x90000014, 0x10000010] },
    Dv { kind: 1, k: 48, b: 2, testt: 58, dm: [0xe000002a, 0x20000043, 0xb0000040, 0xd0000053, 0xd0000022, 0x20000000, 0x60000032, 0x60000043, 0x20000040, 0xe0000042, 0x60000002, 0x80000001, 0x00000020, 0x00000003, 0x40000052, 0x40000040] },
    Dv { kind: 1, k: 49, b: 0, testt: 58, dm: [0x18000000, 0xb800000a, 0xc8000010, 0x2c000010, 0xf4000014, 0xb4000008, 0x08000000, 0x9800000c, 0xd8000010, 0x08000010, 0xb8000010, 0x98000000, 0x60000000, 0x00000008, 0xc0000000, 0x90000014] },
    Dv { kind: 1, k: 49, b: 2, testt: 58, dm: [0x60000000, 0xe000002a, 0x20000043, 0xb0000040, 0xd0000053, 0xd0000022, 0x20000000, 0x60000032, 0x60000043, 0x20000040, 0xe0000042, 0x60000002, 0x80000001, 0x00000020, 0x00000003, 0x40000052] },
    Dv { kind: 1, k: 50, b: 0, testt: 65, dm: [0x0800000c, 0x18000000, 0xb800000a, 0xc8000010, 0x2c000010, 0xf4000014, 0xb4000008, 0x08000000, 0x9800000c, 0xd8000010, 0x08000010, 0xb8000010, 0x98000000, 0x60000000, 0x00000008, 0xc0000000] },
    Dv { kind: 1, k: 50, b: 2, testt: 65, dm: [0x20000030, 0x60000000, 0xe000002a, 0x20000043, 0xb0000040, 0xd0000053, 0xd0000022, 0x20000000, 0x60000032, 0x60000043, 0x20000040, 0xe0000042, 0x60000002, 0x80000001, 0x00000020, 0x00000003] },
    Dv { kind: 1, k: 51, b: 0, testt: 65, dm: [0xe8000000, 0x0800000c, 0x18000000, 0xb800000a, 0xc8000010, 0x2c000010, 0xf4000014, 0xb4000008, 0x08000000, 0x9800000c, 0xd8000010, 0x08000010, 0xb8000010, 0x98000000, 0x60000000, 0x00000008] },
    Dv { kind: 1, k: 51, b: 2, testt: 65, dm: [0xa0000003, 0x20000030, 0x60000000, 0xe000002a, 0x20000043, 0xb0000040, 0xd0000053, 0xd0000022, 0x20000000, 0x60000032, 0x60000043, 0x20000040, 0xe0000042, 0x60000002, 0x80000001, 0x00000020] },
    Dv { kind: 1, k: 52, b: 0, testt: 65, dm: [0x04000010, 0xe8000000, 0x0800000c, 0x18000000, 0xb800000a, 0xc8000010, 0x2c000010, 0xf4000014, 0xb4000008, 0x08000000, 0x9800000c, 0xd8000010, 0x08000010, 0xb8000010, 0x98000000, 0x60000000] },
    Dv { kind: 2, k: 45, b: 0, testt: 58, dm: [0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004, 0xbc000018, 0xb0000010, 0x0000000c, 0xb8000010, 0x08000018, 0x78000010, 0x08000014, 0x70000010, 0xb800001c, 0xe8000000, 0xb0000004] },
    Dv { kind: 2, k: 46, b: 0, testt: 58, dm: [0x2400001c, 0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004, 0xbc000018, 0xb0000010, 0x0000000c, 0xb8000010, 0x08000018, 0x78000010, 0x08000014, 0x70000010, 0xb800001c, 0xe8000000] },
    Dv { kind: 2, k: 46, b: 2, testt: 58, dm: [0x90000070, 0xb0000053, 0x30000008, 0x00000043, 0xd0000072, 0xb0000010, 0xf0000062, 0xc0000042, 0x00000030, 0xe0000042, 0x20000060, 0xe0000041, 0x20000050, 0xc0000041, 0xe0000072, 0xa0000003] },
    Dv { kind: 2, k: 47, b: 0, testt: 58, dm: [0x20000010, 0x2400001c, 0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004, 0xbc000018, 0xb0000010, 0x0000000c, 0xb8000010, 0x08000018, 0x78000010, 0x08000014, 0x70000010, 0xb800001c] },
    Dv { kind: 2, k: 48, b: 0, testt: 58, dm: [0xbc00001a, 0x20000010, 0x2400001c, 0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004, 0xbc000018, 0xb0000010, 0x0000000c, 0xb8000010, 0x08000018, 0x78000010, 0x08000014, 0x70000010] },
    Dv { kind: 2, k: 49, b: 0, testt: 58, dm: [0x3c000004, 0xbc00001a, 0x20000010, 0x2400001c, 0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004, 0xbc000018, 0xb0000010, 0x0000000c, 0xb8000010, 0x08000018, 0x78000010, 0x08000014] },
    Dv { kind: 2, k: 49, b: 2, testt: 58, dm: [0xf0000010, 0xf000006a, 0x80000040, 0x90000070, 0xb0000053, 0x30000008, 0x00000043, 0xd0000072, 0xb0000010, 0xf0000062, 0xc0000042, 0x00000030, 0xe0000042, 0x20000060, 0xe0000041, 0x20000050] },
    Dv { kind: 2, k: 50, b: 0, testt: 65, dm: [0xb400001c, 0x3c000004, 0xbc00001a, 0x20000010, 0x2400001c, 0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004, 0xbc000018, 0xb0000010, 0x0000000c, 0xb8000010, 0x08000018, 0x78000010] },
    Dv { kind: 2, k: 50, b: 2, testt: 65, dm: [0xd0000072, 0xf0000010, 0xf000006a, 0x80000040, 0x90000070, 0xb0000053, 0x30000008, 0x00000043, 0xd0000072, 0xb0000010, 0xf0000062, 0xc0000042, 0x00000030, 0xe0000042, 0x20000060, 0xe0000041] },
    Dv { kind: 2, k: 51, b: 0, testt: 65, dm: [0xc0000010, 0xb400001c, 0x3c000004, 0xbc00001a, 0x20000010, 0x2400001c, 0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004, 0xbc000018, 0xb0000010, 0x0000000c, 0xb8000010, 0x08000018] },
    Dv { kind: 2, k: 51, b: 2, testt: 65, dm: [0x00000043, 0xd0000072, 0xf0000010, 0xf000006a, 0x80000040, 0x90000070, 0xb0000053, 0x30000008, 0x00000043, 0xd0000072, 0xb0000010, 0xf0000062, 0xc0000042, 0x00000030, 0xe0000042, 0x20000060] },
    Dv { kind: 2, k: 52, b: 0, testt: 65, dm: [0x0c000002, 0xc0000010, 0xb400001c, 0x3c000004, 0xbc00001a, 0x20000010, 0x2400001c, 0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004, 0xbc000018, 0xb0000010, 0x0000000c, 0xb8000010] },
    Dv { kind: 2, k: 53, b: 0, testt: 65, dm: [0xcc000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x3c000004, 0xbc00001a, 0x20000010, 0x2400001c, 0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004, 0xbc000018, 0xb0000010, 0x0000000c] },
    Dv { kind: 2, k: 54, b: 0, testt: 65, dm: [0x0400001c, 0xcc000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x3c000004, 0xbc00001a, 0x20000010, 0x2400001c, 0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004, 0xbc000018, 0xb0000010] },
    Dv { kind: 2, k: 55, b: 0, testt: 65, dm: [0x00000010, 0x0400001c, 0xcc000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x3c000004, 0xbc00001a, 0x20000010, 0x2400001c, 0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004, 0xbc000018] },
    Dv { kind: 2, k: 56, b: 0, testt: 65, dm: [0x2600001a, 0x00000010, 0x0400001c, 0xcc000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x3c000004, 0xbc00001a, 0x20000010, 0x2400001c, 0xec000014, 0x0c000002, 0xc0000010, 0xb400001c, 0x2c000004] },
];

/// SHA-1's message expansion of 16 words (FIPS 180-4 §6.1.2), at compile time.
pub(super) const fn expand(m: &[u32; 16]) -> [u32; 80] {
    let mut w = [0u32; 80];
    let mut t = 0;
    while t < 80 {
        w[t] = if t < 16 {
            m[t]
        } else {
            (w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]).rotate_left(1)
        };
        t += 1;
    }
    w
}

/// Each DV's message difference over all 80 steps.
pub(crate) const DM: [[u32; 80]; 32] = {
    let mut dm = [[0u32; 80]; 32];
    let mut i = 0;
    while i < 32 {
        dm[i] = expand(&DVS[i].dm);
        i += 1;
    }
    dm
};

/// The round function and constant of step `t` (FIPS 180-4 §4.1.1, §4.2.1).
#[inline(always)]
fn f_k(t: usize, b: u32, c: u32, d: u32) -> u32 {
    match t / 20 {
        0 => ((b & c) | (!b & d)).wrapping_add(0x5a82_7999),
        1 => (b ^ c ^ d).wrapping_add(0x6ed9_eba1),
        2 => ((b & c) | (b & d) | (c & d)).wrapping_add(0x8f1b_bcdc),
        _ => (b ^ c ^ d).wrapping_add(0xca62_c1d6),
    }
}

/// Step `t` of the compression, on the working variables `[A, B, C, D, E]`.
#[inline(always)]
pub(super) fn step(t: usize, s: [u32; 5], w: &[u32; 80]) -> [u32; 5] {
    let [a, b, c, d, e] = s;
    let new = a
        .rotate_left(5)
        .wrapping_add(f_k(t, b, c, d))
        .wrapping_add(e)
        .wrapping_add(w[t]);
    [new, a, b.rotate_left(30), c, d]
}

/// Step `t` undone: the working variables before step `t` from those after it.
#[inline(always)]
fn unstep(t: usize, s: [u32; 5], w: &[u32; 80]) -> [u32; 5] {
    let [new, a, b30, c, d] = s;
    let b = b30.rotate_right(30);
    let e = new
        .wrapping_sub(a.rotate_left(5))
        .wrapping_sub(f_k(t, b, c, d))
        .wrapping_sub(w[t]);
    [a, b, c, d, e]
}

/// The recompression check of a block whose UBC `mask` is not zero: the block's
/// expanded message `w` (word `t` at `w[t ^ X]`), the chaining value before it
/// (`ihv_in`) and after it (`ihv_out`). For each DV in the mask: the message with the
/// DV's difference, run backwards from the state before step `testt` to the chaining
/// value it would need, and forwards to the end; if that gives `ihv_out` as well, two
/// different blocks reach the same chaining value along this DV's path: an attack block.
/// (sha1dc's `sha1_process`, recompression from its stored states.)
#[cold]
#[inline(never)]
pub(super) fn dv_check<const X: usize>(
    ihv_in: &[u32; 5],
    ihv_out: &[u32; 5],
    w: &[u32; 80],
    mask: u32,
) -> bool {
    let m1: [u32; 80] = std::array::from_fn(|t| w[t ^ X]);
    let s58 = forward(*ihv_in, &m1, 0, 58);
    let s65 = forward(s58, &m1, 58, 65);
    debug_assert_eq!(
        {
            let s = forward(s65, &m1, 65, 80);
            std::array::from_fn::<u32, 5, _>(|i| ihv_in[i].wrapping_add(s[i]))
        },
        *ihv_out,
        "the backend's digest differs from the recomputed one"
    );
    for (i, (dv, dm)) in DVS.iter().zip(&DM).enumerate() {
        if mask >> i & 1 == 0 {
            continue;
        }
        let start = if dv.testt == 58 { s58 } else { s65 };
        if recompress(&m1, dm, dv.testt, start) == *ihv_out {
            return true;
        }
    }
    false
}

/// Steps `from..to` forwards. One loop per round, so that each step's round function
/// is known where it is compiled.
#[inline(always)]
fn forward(mut s: [u32; 5], w: &[u32; 80], from: usize, to: usize) -> [u32; 5] {
    for r in 0..4 {
        for t in from.max(20 * r)..to.min(20 * r + 20) {
            s = step(t, s, w);
        }
    }
    s
}

/// Steps `from..to` undone, last first (one loop per round, as [`forward`]).
#[inline(always)]
fn backward(mut s: [u32; 5], w: &[u32; 80], from: usize, to: usize) -> [u32; 5] {
    for r in (0..4).rev() {
        for t in (from.max(20 * r)..to.min(20 * r + 20)).rev() {
            s = unstep(t, s, w);
        }
    }
    s
}

/// The chaining value the message `m1 ^ dm` reaches from the state `start` before step
/// `testt`: the steps before `testt` run backwards to the chaining value they would need,
/// the rest forwards, and the two are added as the compression's feed-forward does.
fn recompress(m1: &[u32; 80], dm: &[u32; 80], testt: usize, start: [u32; 5]) -> [u32; 5] {
    let m2: [u32; 80] = std::array::from_fn(|t| m1[t] ^ dm[t]);
    let back = backward(start, &m2, 0, testt);
    let fwd = forward(start, &m2, testt, 80);
    std::array::from_fn(|j| back[j].wrapping_add(fwd[j]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_differences_expand_to_sha1dcs_tables() {
        // The last words of sha1_dvs[0] (I(43,0)) and sha1_dvs[31] (II(56,0)) in
        // sha1dc's lib/ubc_check.c.
        assert_eq!(
            DM[0][76..],
            [0x8000_004c, 0x0000_0803, 0x8000_0161, 0x8000_0599]
        );
        assert_eq!((DVS[31].kind, DVS[31].k, DVS[31].testt), (2, 56, 65));
        assert_eq!(DM[31][79], 0xc000_0046);
    }

    /// A random expanded message and chaining value, and the chaining value after it with
    /// the state before every step.
    fn random_block(seed: u64) -> ([u32; 80], [u32; 5], [u32; 5], Vec<[u32; 5]>) {
        let mut rng = crate::testutil::TestRng::new(seed);
        let m: [u32; 16] = std::array::from_fn(|_| rng.next_u64() as u32);
        let w = expand(&m);
        let ihv_in: [u32; 5] = std::array::from_fn(|_| rng.next_u64() as u32);
        let mut s = ihv_in;
        let mut states = Vec::new();
        for t in 0..80 {
            states.push(s);
            s = step(t, s, &w);
        }
        let out = std::array::from_fn(|i| ihv_in[i].wrapping_add(s[i]));
        (w, ihv_in, out, states)
    }

    #[test]
    fn recompression_without_difference_reaches_the_same_chaining_value() {
        // With a zero difference the recompression from either starting step must give
        // back the block's own output: the backward steps reach the input chaining value.
        for seed in 0..20 {
            let (w, _, out, states) = random_block(seed);
            for testt in [58, 65] {
                assert_eq!(recompress(&w, &[0; 80], testt, states[testt]), out);
            }
            // And a real difference does not.
            assert_ne!(recompress(&w, &DM[0], 58, states[58]), out);
        }
    }

    #[test]
    fn dv_check_flags_only_a_reached_chaining_value() {
        let (w, ihv_in, out, _) = random_block(9);
        assert!(!dv_check::<0>(&ihv_in, &out, &w, u32::MAX));
        let swapped: [u32; 80] = std::array::from_fn(|i| w[i ^ 3]);
        assert!(!dv_check::<3>(&ihv_in, &out, &swapped, u32::MAX));
    }

    #[test]
    fn step_and_unstep_are_inverse() {
        let mut rng = crate::testutil::TestRng::new(1);
        let w: [u32; 80] = std::array::from_fn(|_| rng.next_u64() as u32);
        for t in 0..80 {
            let s: [u32; 5] = std::array::from_fn(|_| rng.next_u64() as u32);
            assert_eq!(unstep(t, step(t, s, &w), &w), s, "step {t}");
        }
    }
}
