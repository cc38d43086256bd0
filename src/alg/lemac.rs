//! LeMac: a MAC built from AES rounds (Bariant, Leurent et al., "LeMac and PetitMac",
//! ToSC 2024 issue 2, pp. 35–67), 16-byte key, nonce and tag.
//!
//! This is the corrected design ("LeMac v1" of the reference code,
//! AugustinBariant/Implementations_LeMac_PetitMac `lemac.c`); the original paper's
//! message schedule was shifted by one round ("LeMac-0"), and khsum must not produce its
//! outputs (the `lemac0` records in `kats/lemac.kat` are a negative test).
//!
//! The algorithm, as implemented here:
//! - Key setup with AES-128 under the key `K`, `C_i` the block whose byte 0 is `i`:
//!   `S[i] = E_K(C_i)` for `i < 9` (initial state), `subkeys[j] = E_K(C_{9+j})` for
//!   `j < 18`, and two AES-128 keys `K2 = E_K(C_27)` (nonce) and `K3 = E_K(C_28)` (tag).
//! - The message is padded with one byte 0x01 and zeros to a multiple of 64 bytes (a
//!   whole extra block when it already is one), then absorbed 64 bytes `M0..M3` at a
//!   time; each step runs eight AES rounds in parallel:
//!   `S'[1..=8] = AESENC(S[0..=7], [M3, M3, R1^R2, M0, M0, M1, M1, M3])`,
//!   `S'[0] = S[0] ^ S[8] ^ M2`, and the delay line `(RR, R0, R1, R2)` becomes
//!   `(M2, RR ^ M1, R0, R1)`. Four all-zero blocks follow.
//! - Tag: `E_K3(N ^ E_K2(N) ^ XOR_i AES'_i(S[i]))`, where `AES'_i` is AES-128 with round
//!   keys `subkeys[i..=i+9]` and a final *full* round with a zero key.
//!
//! Since padding always adds bytes, a full 64-byte final block is not special, and the
//! buffer hands every whole block to the backend at once (`keep_last = false`).
//!
//! Backends (one file each in `lemac/`; the state is in the portable layout between
//! calls, and the backend is fixed when the hasher is built):
//! - `portable`: the reference. Constant-time: a bitsliced AES round on eight blocks
//!   (S-box as inversion in GF(2^8) plus the affine map, with AND/XOR only). It does not
//!   use `aes::hazmat::cipher_round`, which picks AES-NI by itself at run time (so the
//!   "portable" backend would not be the software path on this machine) and, for one
//!   block, runs the fixsliced code on a mostly empty batch.
//! - `aesni`: AES-NI on 128-bit registers, SSE encoding (16 registers).
//! - `armv8` (aarch64): ARMv8 AES (`AESMC(AESE(x, 0)) ^ k` for each x86 `AESENC`), the
//!   same 128-bit block loop in NEON's 32 registers; key schedule from `portable`.
//! - `vaes512`: the same 128-bit block loop in EVEX encoding (VAES + AVX-512VL), which
//!   has 32 registers, so nothing spills. It is `Backend::Vaes512` because it needs those
//!   features; it does not use 512-bit AES instructions.
//! - `vaes256` (VAES + AVX2, no AVX-512: AMD Zen 3): the one-call path and finalization
//!   in VEX encoding; the streaming block loop is `aesni`'s (see below for why the state
//!   is not packed; the tag's chains, packed two per `ymm` before, measured slower: see
//!   `lemac/vaes256.rs`).
//!
//! Why there is no wide layout. A step's eight AES rounds are independent, but the steps
//! form a chain: `S[0] -> S[1] -> ... -> S[8] -> S[0]` is eight AES latencies plus one
//! XOR per nine steps, about 2.8 cycles per step at a 3-cycle `AESENC`. The 128-bit code
//! is bound by AES throughput instead (eight `AESENC` per step, two per cycle: 4 cycles
//! per 64 bytes), and reaches it. Packing state blocks into 256-bit registers halves the
//! AES instruction count but needs a lane insert and extract per step on that chain, and
//! its round keys need lane inserts. Three such layouts (eight state blocks in four `ymm`,
//! renamed in place with period eight; an earlier `lemac/vaes256.rs` in the git history)
//! measured 36, 29 and 45 GiB/s at 1 MiB against 47-50 GiB/s for `aesni` on an Intel
//! AVX-512 machine, so they were dropped.
//!
//! On AMD Zen 3 (`bash benches/x86_latency.sh`, in cycles: `AESENC` latency 4, two per
//! cycle for both `xmm` and `ymm`; `vinserti128` after an AES round 3.3, `vperm2i128` 3.2,
//! `vextracti128` 2.5, a blend 1.2) the 128-bit loop is bound by AES throughput and the
//! chain alike (4 cycles per step against (8 * 4 + 1) / 9 = 3.7), so two blocks per `ymm`
//! can gain at most the difference to the chain, and only without a lane crossing on it.
//! A layout analysis: the `S[8] -> S[0]` merge XORs two blocks that must sit in the same
//! lane, so every lineage `S[0] -> S[8]` of a state block has to change lanes once per
//! nine steps unless all blocks stay in one lane; the best arrangement found (two
//! consecutive lineages per register, merged in the same step, the merge XOR folded into
//! the round key) still puts a `vinserti128` and an XOR on the chain: (8 * 4 + 3.3 + 1) / 9
//! = 4.0 cycles per step, no faster than `aesni`. So `vaes256` keeps the 128-bit block
//! loop.
//!
//! Against the upstream C++ (pauldreik/lemac, whose VAES-512 build runs this same 128-bit
//! EVEX block loop), side by side in one process (`bash benches/lemac_cpp.sh`): 1 MiB in
//! 16.8 µs against 17.1 µs for its copy/update/finalize and 16.4 µs for its one-shot call.
//! Hand-scheduled assembly for the block loop (four instruction orders, unrolled by nine or
//! one step per iteration with register moves as GCC emits) measured 0.2–4% slower than
//! what LLVM emits from `aesni::step`, so the intrinsics stay. On AMD Zen 3 (16 vector
//! registers, C++ on its AES-NI path) the block loop spilled a state block until the
//! loop took the delay line's `RR` from the previous message block (`schedule.rs`,
//! `absorb_regs`): `vaes256` one-call against the C++ one-shot went from 0.88 to 1.03-1.07
//! at 1 MiB and 64 KiB, 0.92 to 1.01-1.03 at 1 KiB (with the unpacked tag), 1.28 at 64 B.
//!
//! Short messages: a 64-byte message is six steps (its block, the padded last block, four
//! zero blocks) and the tag, about 120 cycles of dependent AES rounds. The padded last
//! block is built in registers from word loads of the message (`last_words`, then each
//! backend's `lanes`), never on the stack: a block stored byte by byte and loaded back as
//! vectors at once stalls store-to-load forwarding, and that stall was a third of a
//! 64-byte message's time on AMD Zen 4 (one-call path 50 -> 30 ns; the C++ one-shot, which
//! builds its last block in memory, 39 ns).
//!
//! The step schedule (register renaming, nine steps per loop iteration) and the tag's
//! round-key indexing are written once, ISA-neutral, in `lemac/schedule.rs`; each SIMD
//! backend file supplies its vector operations and expands them in its own
//! `#[target_feature]` functions. Key setup: `aesni`'s for both x86 SIMD backends (chosen in
//! the kernel table), the bitsliced code for `portable`.

use crate::backend::{self, Available, Backend, Entry, Table};
use crate::hasher::{BlockBuffer, Error, Hasher};
use std::sync::Arc;
use zeroize::ZeroizeOnDrop;

mod portable;
// Used by every SIMD backend (x86-64 and aarch64).
#[cfg_attr(
    not(any(target_arch = "x86_64", target_arch = "aarch64")),
    allow(unused_macros, unused_imports)
)]
mod schedule;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod aesni;
#[cfg(target_arch = "aarch64")]
#[allow(unsafe_code)]
mod armv8;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod vaes256;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod vaes512;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86;

/// One backend's functions: key setup (AES-128 key schedule and block encryption), the
/// block loop, and the finalization with the tag.
struct Kernels {
    expand_key: fn(&Block) -> RoundKeys,
    encrypt: fn(&RoundKeys, &mut [Block]),
    absorb: fn(&mut State, &[u8]),
    /// The end of a message: its last 0..=63 bytes (the padded last block), four zero
    /// blocks, the tag.
    finish: fn(&Context, &mut State, &[u8], &Block) -> Block,
    /// A whole message from the key's initial state to the tag, the state in registers.
    whole: fn(&Context, &[u8], &Block) -> Block,
}

/// Every backend's kernels, best first. SAFETY of the SIMD entries: see
/// [`crate::backend::simd_kernel`]; this table is read only through `backend::select`
/// and `backend::best`. `vaes512` runs AES-NI's key setup: its detection includes AES-NI.
#[allow(unsafe_code)]
static KERNELS: &Table<Kernels> = &Table::new(&[
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Vaes512,
        kernels: Kernels {
            expand_key: backend::simd_kernel!(aesni::expand_key, |k|),
            encrypt: backend::simd_kernel!(aesni::encrypt, |k, b|),
            absorb: backend::simd_kernel!(vaes512::absorb, |s, b|),
            finish: backend::simd_kernel!(vaes512::finish, |c, s, l, n|),
            whole: backend::simd_kernel!(vaes512::whole, |c, d, n|),
        },
    },
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::Vaes256,
        kernels: Kernels {
            expand_key: backend::simd_kernel!(aesni::expand_key, |k|),
            encrypt: backend::simd_kernel!(aesni::encrypt, |k, b|),
            // The SSE block loop: faster on large inputs than its VEX encoding on AMD
            // Zen 3 (`bash benches/lemac_cpp.sh --backend vaes256`, module docs).
            absorb: backend::simd_kernel!(aesni::absorb, |s, b|),
            finish: backend::simd_kernel!(vaes256::finish, |c, s, l, n|),
            whole: backend::simd_kernel!(vaes256::whole, |c, d, n|),
        },
    },
    #[cfg(target_arch = "x86_64")]
    Entry {
        backend: Backend::AesNi,
        kernels: Kernels {
            expand_key: backend::simd_kernel!(aesni::expand_key, |k|),
            encrypt: backend::simd_kernel!(aesni::encrypt, |k, b|),
            absorb: backend::simd_kernel!(aesni::absorb, |s, b|),
            finish: backend::simd_kernel!(aesni::finish, |c, s, l, n|),
            whole: backend::simd_kernel!(aesni::whole, |c, d, n|),
        },
    },
    #[cfg(target_arch = "aarch64")]
    Entry {
        backend: Backend::ArmAes,
        kernels: Kernels {
            expand_key: portable::expand_key,
            encrypt: backend::simd_kernel!(armv8::encrypt, |k, b|),
            absorb: backend::simd_kernel!(armv8::absorb, |s, b|),
            finish: backend::simd_kernel!(armv8::finish, |c, s, l, n|),
            whole: backend::simd_kernel!(armv8::whole, |c, d, n|),
        },
    },
    Entry {
        backend: Backend::Portable,
        kernels: Kernels {
            expand_key: portable::expand_key,
            encrypt: portable::encrypt,
            absorb: portable::absorb,
            finish: portable::finish,
            whole: portable::whole,
        },
    },
]);

/// Backends, best first.
pub(crate) fn backends() -> Vec<Backend> {
    backend::backends(KERNELS)
}

/// The entries of the backends this CPU has (for tests).
#[cfg(test)]
fn available() -> impl Iterator<Item = &'static Entry<Kernels>> {
    backend::available(KERNELS)
}

/// One AES block, in memory byte order.
pub(crate) type Block = [u8; 16];

/// An expanded AES-128 key: round keys 0..=10.
pub(crate) type RoundKeys = [Block; 11];

/// Everything derived from the key; built once per key, shared by clones, wiped on drop.
pub(crate) struct Context {
    /// The initial state `S[i] = E_K(C_i)`.
    pub(crate) init: [Block; 9],
    /// The finalization subkeys `E_K(C_{9+j})`.
    pub(crate) subkeys: [Block; 18],
    /// The expanded keys `K2` (nonce) and `K3` (tag).
    pub(crate) keys: [RoundKeys; 2],
}

/// The absorbing state: nine AES blocks and the message delay line `[RR, R0, R1, R2]`,
/// in the portable layout every backend loads from and stores back to.
///
/// It starts as key material (`S[i] = E_K(C_i)`), so it is wiped on drop (see [`wipe`]).
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) s: [Block; 9],
    pub(crate) r: [Block; 4],
}

impl Drop for State {
    fn drop(&mut self) {
        wipe(&mut self.s);
        wipe(&mut self.r);
    }
}

impl ZeroizeOnDrop for State {}

/// Overwrites blocks with zeros, with stores the optimizer must keep
/// ([`zeroize::optimization_barrier`]); much faster than `Zeroize`'s per-byte volatile
/// writes, which matters for a small message's finalization.
fn wipe<const N: usize>(v: &mut [Block; N]) {
    *v = [[0; 16]; N];
    zeroize::optimization_barrier(v);
}

/// The padded last block of a message whose whole blocks were absorbed (the 0..=63-byte
/// `tail`, one byte 0x01 and zeros) as four 128-bit lanes of two little-endian 64-bit
/// words, read from the message with word loads only. The SIMD backends turn the words
/// into vectors in registers (their `lanes`): a block built on the stack and read back as
/// vectors right away stalls store-to-load forwarding (the loads span several smaller
/// stores), which cost a 64-byte message about 15 of its 50 ns on AMD Zen 4.
#[inline(always)]
fn last_words(tail: &[u8]) -> [[u64; 2]; 4] {
    debug_assert!(tail.len() < 64);
    let n = tail.len();
    // The padded block's 8 bytes at `at` (a multiple of 8).
    let word = |at: usize| -> u64 {
        if at + 8 <= n {
            u64::from_le_bytes(tail[at..at + 8].try_into().expect("8 bytes"))
        } else if at > n {
            0
        } else {
            partial_word(&tail[at..]) | 1 << (8 * (n - at))
        }
    };
    [
        [word(0), word(8)],
        [word(16), word(24)],
        [word(32), word(40)],
        [word(48), word(56)],
    ]
}

/// The 0..=7 bytes of `s` as a little-endian word, in at most two loads (overlapping ones
/// for 4..=7 bytes, three byte loads for 1..=3).
#[inline(always)]
fn partial_word(s: &[u8]) -> u64 {
    let n = s.len();
    debug_assert!(n < 8);
    if n >= 4 {
        let lo = u32::from_le_bytes(s[..4].try_into().expect("4 bytes"));
        let hi = u32::from_le_bytes(s[n - 4..].try_into().expect("4 bytes"));
        u64::from(lo) | u64::from(hi) << (8 * (n - 4))
    } else if n > 0 {
        u64::from(s[0])
            | u64::from(s[n / 2]) << (8 * (n / 2))
            | u64::from(s[n - 1]) << (8 * (n - 1))
    } else {
        0
    }
}

/// The padded last block as bytes (for the portable backend, which works on bytes).
fn last_block(tail: &[u8]) -> [u8; 64] {
    let mut last = [0u8; 64];
    for (b, w) in last
        .chunks_exact_mut(8)
        .zip(last_words(tail).as_flattened())
    {
        b.copy_from_slice(&w.to_le_bytes());
    }
    last
}

/// Overwrites a last block (it held message bytes) with stores the optimizer must keep.
#[inline(always)]
fn wipe_last(last: &mut [u8; 64]) {
    *last = [0; 64];
    zeroize::optimization_barrier(last);
}

impl Drop for Context {
    fn drop(&mut self) {
        wipe(&mut self.init);
        wipe(&mut self.subkeys);
        for k in &mut self.keys {
            wipe(k);
        }
    }
}

impl ZeroizeOnDrop for Context {}

impl Context {
    fn new(k: &Kernels, key: &Block) -> Context {
        let mut master = (k.expand_key)(key);
        let mut blocks = [[0u8; 16]; 29];
        for (i, b) in blocks.iter_mut().enumerate() {
            b[0] = i as u8;
        }
        (k.encrypt)(&master, &mut blocks);
        wipe(&mut master);
        let ctx = Context {
            init: std::array::from_fn(|i| blocks[i]),
            subkeys: std::array::from_fn(|j| blocks[9 + j]),
            keys: [(k.expand_key)(&blocks[27]), (k.expand_key)(&blocks[28])],
        };
        wipe(&mut blocks);
        ctx
    }
}

/// Inputs from this length on take the block loop and finalization kernels in
/// `digest_whole_into` rather than the one-call `whole` kernel (whose state never leaves
/// registers, which matters only for short inputs).
const WHOLE_MAX: usize = 4096;

/// A LeMac computation: the shared key context, the nonce term and the running state.
#[derive(Clone)]
struct LeMac {
    kernels: &'static Entry<Kernels>,
    ctx: Arc<Context>,
    /// `N ^ E_K2(N)`, computed once in [`new`].
    nonce_term: Block,
    state: State,
    buf: BlockBuffer<64>,
    /// Whether any message byte was given (then `state` and `buf` are no longer the key's
    /// initial state).
    started: bool,
}

impl Drop for LeMac {
    fn drop(&mut self) {
        wipe(std::array::from_mut(&mut self.nonce_term));
        // Like `BlockBuffer::wipe`, with plain stores (see `wipe`).
        self.buf = BlockBuffer::default();
        zeroize::optimization_barrier(&self.buf);
    }
}

/// Builds a LeMac hasher for a 16-byte key and nonce on the proven backend.
pub(crate) fn new(
    proof: Available,
    key: &[u8],
    nonce: &[u8; 16],
) -> Result<Box<dyn Hasher>, Error> {
    let kernels = backend::select(KERNELS, proof)
        .ok_or_else(|| Error::BadParameter(format!("lemac has no {} backend", proof.backend())))?;
    Ok(Box::new(LeMac::new(kernels, key, nonce)?))
}

impl LeMac {
    fn new(kernels: &'static Entry<Kernels>, key: &[u8], nonce: &[u8; 16]) -> Result<LeMac, Error> {
        let key: &Block = key
            .try_into()
            .map_err(|_| Error::BadKey(format!("lemac needs a 16-byte key, got {}", key.len())))?;
        let k = &kernels.kernels;
        let ctx = Context::new(k, key);
        let mut nonce_term = *nonce;
        (k.encrypt)(&ctx.keys[0], std::slice::from_mut(&mut nonce_term));
        for (t, n) in nonce_term.iter_mut().zip(nonce) {
            *t ^= n;
        }
        Ok(LeMac {
            kernels,
            state: State {
                s: ctx.init,
                r: [[0; 16]; 4],
            },
            ctx: Arc::new(ctx),
            nonce_term,
            buf: BlockBuffer::default(),
            started: false,
        })
    }

    fn tag(&mut self) -> Block {
        let tail = self.buf.pending();
        (self.kernels.kernels.finish)(&self.ctx, &mut self.state, tail, &self.nonce_term)
    }
}

impl Hasher for LeMac {
    fn update(&mut self, data: &[u8]) {
        self.started |= !data.is_empty();
        let (absorb, state) = (self.kernels.kernels.absorb, &mut self.state);
        self.buf.update(data, false, |blocks| absorb(state, blocks));
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        out.copy_from_slice(&self.tag());
        Ok(())
    }

    fn digest_whole_into(
        &self,
        data: &[u8],
        out: &mut [u8],
    ) -> Result<Option<&'static str>, Error> {
        if self.started {
            // Not a fresh prototype: continue from a copy of its state.
            return crate::hasher::whole_on_stack(self, data, out);
        }
        let k = &self.kernels.kernels;
        if data.len() < WHOLE_MAX {
            // From the key context to the tag in one kernel call: no state copy in memory.
            out.copy_from_slice(&(k.whole)(&self.ctx, data, &self.nonce_term));
            return Ok(None);
        }
        // Large: the backend's block loop (for `vaes256` the SSE loop, faster there than
        // its VEX encoding in `whole`), then its finalization.
        let mut state = State {
            s: self.ctx.init,
            r: [[0; 16]; 4],
        };
        let (blocks, tail) = data.split_at(data.len() / 64 * 64);
        (k.absorb)(&mut state, blocks);
        out.copy_from_slice(&(k.finish)(&self.ctx, &mut state, tail, &self.nonce_term));
        Ok(None)
    }

    fn output_len(&self) -> usize {
        16
    }

    fn backend(&self) -> Backend {
        self.kernels.backend
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The padded last block built from words (what the SIMD backends load into
    /// registers) equals the definition: the tail, one byte 0x01, zeros, for every tail
    /// length and at every alignment of the tail in memory.
    #[test]
    fn last_words_are_the_padded_block() {
        let bytes = crate::testutil::TestRng::new(64).bytes(64 + 8);
        for offset in 0..8 {
            for n in 0..64 {
                let tail = &bytes[offset..offset + n];
                let mut want = [0u8; 64];
                want[..n].copy_from_slice(tail);
                want[n] = 1;
                assert_eq!(last_block(tail), want, "{n} bytes at {offset}");
                let words = last_words(tail);
                for (i, w) in words.as_flattened().iter().enumerate() {
                    let at = 8 * i;
                    assert_eq!(w.to_le_bytes(), want[at..at + 8], "{n} bytes, word {i}");
                }
            }
        }
    }

    /// `digest_whole` on a hasher that already holds data (a partial block, or whole
    /// blocks) continues from it, like `update` + `finalize`.
    #[test]
    fn digest_whole_continues_a_started_hasher() {
        let msg: Vec<u8> = (0..300u32).map(|i| (i * 7) as u8).collect();
        for e in available() {
            let b = e.backend;
            for split in [0, 1, 63, 64, 65, 200, 300] {
                let mut h = LeMac::new(e, &[9; 16], &[3; 16]).unwrap();
                h.update(&msg[..split]);
                let mut whole = h.clone();
                whole.update(&msg[split..]);
                let want = whole.tag().to_vec();
                assert_eq!(
                    (&h as &dyn Hasher).digest_whole(&msg[split..]).unwrap(),
                    want,
                    "{b} at {split}"
                );
                let fresh = LeMac::new(e, &[9; 16], &[3; 16]).unwrap();
                let mut whole = fresh.clone();
                whole.update(&msg[split..]);
                assert_eq!(
                    (&fresh as &dyn Hasher).digest_whole(&msg[split..]).unwrap(),
                    whole.tag(),
                    "{b} fresh, {split} bytes"
                );
            }
        }
    }

    /// The one-call path (`whole` kernels: last block built in registers, state in
    /// registers) equals the streaming path for every tail length, on every backend.
    #[test]
    fn digest_whole_matches_streaming_for_every_length() {
        let msg = crate::testutil::TestRng::new(16).bytes(WHOLE_MAX + 100);
        let lens = (0..=300).chain([WHOLE_MAX - 1, WHOLE_MAX, WHOLE_MAX + 1, WHOLE_MAX + 100]);
        for e in available() {
            let b = e.backend;
            let fresh = LeMac::new(e, &[5; 16], &[6; 16]).unwrap();
            for len in lens.clone() {
                let mut h = fresh.clone();
                h.update(&msg[..len]);
                assert_eq!(
                    (&fresh as &dyn Hasher).digest_whole(&msg[..len]).unwrap(),
                    h.tag(),
                    "{b} at {len}"
                );
            }
        }
    }

    /// Checks key setup against `kats/lemac_init_state.txt` (pauldreik/lemac
    /// `test/tests.cpp`, FIPS-197 key 2b7e1516...) on every available backend.
    #[test]
    fn key_setup_matches_reference_internal_state() {
        let text = include_str!("../../kats/lemac_init_state.txt");
        let mut want: Vec<(String, usize, Block)> = Vec::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let f = |name: &str| {
                line.split(' ')
                    .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
                    .unwrap_or_else(|| panic!("no {name} in {line}"))
            };
            let value: Block = hex::decode(f("value")).unwrap().try_into().unwrap();
            want.push((f("field").to_string(), f("index").parse().unwrap(), value));
        }
        assert_eq!(want.len(), 9 + 18 + 11 + 11);
        let key: Block = hex::decode("2b7e151628aed2a6abf7158809cf4f3c")
            .unwrap()
            .try_into()
            .unwrap();
        for e in available() {
            let b = e.backend;
            let ctx = Context::new(&e.kernels, &key);
            for (field, i, value) in &want {
                let got = match field.as_str() {
                    "S" => ctx.init[*i],
                    "subkeys" => ctx.subkeys[*i],
                    "keys0" => ctx.keys[0][*i],
                    "keys1" => ctx.keys[1][*i],
                    _ => panic!("unknown field {field}"),
                };
                assert_eq!(&got, value, "{field}[{i}] on {b}");
            }
        }
    }
}
