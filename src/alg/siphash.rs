//! SipHash-2-4 and SipHash-1-3, with 64- and 128-bit tags.
//!
//! SipHash-c-d (Aumasson and Bernstein, "SipHash: a fast short-input PRF", INDOCRYPT
//! 2012; reference code veorq/SipHash) keys a 256-bit state with a 128-bit key, absorbs
//! the message in 8-byte little-endian words with `c` SipRounds each, and squeezes the
//! tag with `d = c + 2` rounds. The last word holds the trailing 0..=7 bytes and the
//! message length modulo 256 in its top byte, so every word except the last can be
//! absorbed as soon as it is complete: the streaming buffer never keeps a full block
//! back (`keep_last = false`).
//!
//! The 128-bit variant (the reference's `siphash.c` with `outlen == 16`) differs in
//! three constants: `v1 ^= 0xee` at key setup, `v2 ^= 0xee` (instead of `0xff`) before
//! the first finalization, and `v1 ^= 0xdd` before the second, which yields the second
//! output word. Tags are written as the reference writes them: 64-bit tags as one
//! little-endian word; 128-bit tags as `LE(h1) || LE(h2)`.
//!
//! Backends: only the portable one. SipHash is one serial add-rotate-xor chain per
//! message, latency-bound at 4 cycles per SipRound. A two-lane AVX-512VL version
//! (state as (v0, v2) and (v1, v3), `vprolvq` for the per-lane rotations, one `vpshufd`
//! doing both the lane swap and the 32-bit rotation) has fewer instructions but was
//! 21-27% slower than this scalar code on the development machine (Intel Xeon with
//! AVX-512), so none is shipped. Tree or multi-lane modes would give different tags,
//! which is not SipHash.
//! The block function nevertheless lives in its own file, `siphash/portable.rs`, over a
//! slice of whole 8-byte blocks, as every algorithm's backends do.
//!
//! Key hygiene: the state is key-equivalent (SipRounds are invertible, so the state at
//! any point, together with the message, gives back the key). It is wiped when a hasher
//! is dropped, including after [`Hasher::finish_into`], and streaming finalization runs in
//! place in the boxed state rather than in a stack copy. The one-call path
//! ([`Hasher::digest_whole_into`] on a fresh prototype) works on a local copy that the
//! optimizer keeps in registers: there is no stack copy to wipe (wiping one would force
//! it into memory, about a third of a 32-byte message's time).

mod portable;

use crate::backend::{self, Available, Backend, Entry, Table};
use crate::hasher::{BlockBuffer, Error, Hasher};
use zeroize::Zeroize;

/// One backend's block functions: SipHash-1-x and SipHash-2-x compression of whole
/// 8-byte blocks.
struct Kernels {
    compress1: fn(&mut State, &[u8]),
    compress2: fn(&mut State, &[u8]),
    /// A whole message from a keyed state to the tag words (`h2` zero unless wide), the
    /// state in registers: SipHash-1-3 and SipHash-2-4.
    whole13: fn(&State, &[u8], bool) -> [u64; 2],
    whole24: fn(&State, &[u8], bool) -> [u64; 2],
}

/// Every backend's kernels, best first (only the portable one: see the module docs).
static KERNELS: &Table<Kernels> = &Table::new(&[Entry {
    backend: Backend::Portable,
    kernels: Kernels {
        compress1: portable::compress::<1>,
        compress2: portable::compress::<2>,
        whole13: portable::whole::<1, 3>,
        whole24: portable::whole::<2, 4>,
    },
}]);

/// Backends, best first.
pub(crate) fn backends() -> Vec<Backend> {
    backend::backends(KERNELS)
}

/// Bytes per absorbed word.
const BLOCK: usize = 8;

/// Builds a SipHash-`c`-`c+2` hasher (`c` = 2 or 1), 128-bit when `wide`.
///
/// # Errors
/// A key that is not 16 bytes, a `c` other than 1 or 2, or a backend SipHash does not
/// have.
pub(crate) fn new(
    proof: Available,
    c: u8,
    wide: bool,
    key: &[u8],
) -> Result<Box<dyn Hasher>, Error> {
    let key: &[u8; 16] = key.try_into().map_err(|_| {
        Error::BadKey(format!(
            "siphash needs a 16-byte key, got {} bytes",
            key.len()
        ))
    })?;
    let Some(kernels) = backend::select(KERNELS, proof) else {
        let b = proof.backend();
        return Err(Error::BadParameter(format!("siphash has no {b} backend")));
    };
    let state = State::new(key, wide);
    match c {
        2 => Ok(Box::new(SipHasher::<2, 4> {
            state,
            buf: BlockBuffer::default(),
            len: 0,
            wide,
            kernels,
        })),
        1 => Ok(Box::new(SipHasher::<1, 3> {
            state,
            buf: BlockBuffer::default(),
            len: 0,
            wide,
            kernels,
        })),
        _ => Err(Error::BadParameter(format!(
            "SipHash-{c}-{}: only SipHash-2-4 and SipHash-1-3 are supported",
            u16::from(c) + 2
        ))),
    }
}

/// The four 64-bit state words, in the reference's order.
#[derive(Clone, Debug, PartialEq, Eq, Zeroize)]
pub(crate) struct State {
    pub(crate) v0: u64,
    pub(crate) v1: u64,
    pub(crate) v2: u64,
    pub(crate) v3: u64,
}

impl State {
    /// Key setup. The constants are the ASCII of "somepseudorandomlygeneratedbytes"
    /// (SipHash paper §2; veorq/SipHash `siphash.c`).
    fn new(key: &[u8; 16], wide: bool) -> State {
        let (k0, k1) = key.split_at(8);
        let k0 = u64::from_le_bytes(k0.try_into().expect("8 bytes"));
        let k1 = u64::from_le_bytes(k1.try_into().expect("8 bytes"));
        let mut s = State {
            v0: k0 ^ 0x736f_6d65_7073_6575,
            v1: k1 ^ 0x646f_7261_6e64_6f6d,
            v2: k0 ^ 0x6c79_6765_6e65_7261,
            v3: k1 ^ 0x7465_6462_7974_6573,
        };
        if wide {
            s.v1 ^= 0xee;
        }
        s
    }

    /// One SipRound (SipHash paper §2, Figure 2.1).
    ///
    /// Each half-round updates two independent lanes, (v0, v1) and (v2, v3); they are
    /// written interleaved rather than lane after lane as in the paper. The dataflow is
    /// identical, but LLVM keeps this order in the emitted code, and the out-of-order
    /// core (oldest-first issue, rotations on only two ports) runs it 6-12% faster than
    /// the paper's order on the development machine (Intel Xeon, min-of-N timings at
    /// 1 MiB). The chain is latency-bound: 4 cycles per SipRound plus 1 per word for
    /// the message XOR, i.e. 9 cycles per 8 bytes for SipHash-2-4 at best.
    ///
    /// SipHash-1-3 absorbs with this order; SipHash-2-4 with [`State::round_v0_first`].
    #[inline(always)]
    pub(crate) fn round(&mut self) {
        let State { v0, v1, v2, v3 } = self;
        *v0 = v0.wrapping_add(*v1);
        *v2 = v2.wrapping_add(*v3);
        *v1 = v1.rotate_left(13) ^ *v0;
        *v3 = v3.rotate_left(16) ^ *v2;
        *v0 = v0.rotate_left(32);
        *v2 = v2.wrapping_add(*v1);
        *v0 = v0.wrapping_add(*v3);
        *v1 = v1.rotate_left(17) ^ *v2;
        *v3 = v3.rotate_left(21) ^ *v0;
        *v2 = v2.rotate_left(32);
    }

    /// One SipRound, the dataflow of [`State::round`] in another order: v0's rotation
    /// right after its addition, then v3 and the addition that feeds the next
    /// half-round before v1, and in the second half v3's update and v2's rotation before
    /// v1's. Which order lets the scheduler reach the latency bound depends on how many
    /// rounds a word takes (min-of-N over 1 MiB through the hasher, on a 2-core AMD EPYC
    /// VM):
    ///
    /// | order | SipHash-2-4 | SipHash-1-3 |
    /// |---|---:|---:|
    /// | [`State::round`] | 404 µs | 202 µs |
    /// | this one | 364 µs | 236 µs |
    ///
    /// so the 2-round absorption uses this one. On aarch64 it is also the order that
    /// keeps khsum's loop at or below the `siphasher` crate's in all three llvm-mca models
    /// (`benches/arm_mca.py`: 9.04, 14.03 and 24.02 cycles a word on neoverse-n1,
    /// cortex-a76 and apple-m4 against 9.04, 13.04 and 26.02 with the other order;
    /// siphasher 9.04, 14.04 and 24.71).
    #[inline(always)]
    pub(crate) fn round_v0_first(&mut self) {
        let State { v0, v1, v2, v3 } = *self;
        let a0 = v0.wrapping_add(v1);
        let a2 = v2.wrapping_add(v3);
        let r0 = a0.rotate_left(32);
        let x3 = v3.rotate_left(16) ^ a2;
        let b0 = r0.wrapping_add(x3);
        let x1 = v1.rotate_left(13) ^ a0;
        let b2 = a2.wrapping_add(x1);
        let y3 = x3.rotate_left(21) ^ b0;
        let r2 = b2.rotate_left(32);
        let y1 = x1.rotate_left(17) ^ b2;
        *self = State {
            v0: b0,
            v1: y1,
            v2: r2,
            v3: y3,
        };
    }

    /// Absorbs one message word with `C` compression rounds (in the order that is
    /// faster for that `C`, see [`State::round_v0_first`]).
    #[inline(always)]
    pub(crate) fn absorb<const C: usize>(&mut self, m: u64) {
        self.v3 ^= m;
        for _ in 0..C {
            if C == 1 {
                self.round();
            } else {
                self.round_v0_first();
            }
        }
        self.v0 ^= m;
    }

    fn xor_all(&self) -> u64 {
        self.v0 ^ self.v1 ^ self.v2 ^ self.v3
    }

    /// Absorbs the last word (the `tail` of fewer than 8 bytes and the length byte) and
    /// runs `D` finalization rounds per output word, in place. Returns `(h1, h2)`;
    /// `h2` is computed only when `wide`.
    #[inline(always)]
    fn finish<const C: usize, const D: usize>(
        &mut self,
        tail: &[u8],
        len: u64,
        wide: bool,
    ) -> (u64, Option<u64>) {
        let b = tail_word(tail) | (len << 56);
        self.absorb::<C>(b);
        self.v2 ^= if wide { 0xee } else { 0xff };
        for _ in 0..D {
            self.round();
        }
        let h1 = self.xor_all();
        if !wide {
            return (h1, None);
        }
        self.v1 ^= 0xdd;
        for _ in 0..D {
            self.round();
        }
        (h1, Some(self.xor_all()))
    }
}

/// Writes a tag as the reference does: `LE(h1)`, then `LE(h2)` for 128-bit tags.
#[inline(always)]
fn write_tag(out: &mut [u8], h1: u64, h2: Option<u64>) {
    out[..8].copy_from_slice(&h1.to_le_bytes());
    if let Some(h2) = h2 {
        out[8..16].copy_from_slice(&h2.to_le_bytes());
    }
}

/// The 0..=7 bytes of `tail` as a little-endian word, read with at most three loads (no
/// copy through a stack buffer, whose byte stores a word load would wait for).
#[inline(always)]
fn tail_word(tail: &[u8]) -> u64 {
    debug_assert!(tail.len() < BLOCK);
    let n = tail.len();
    let mut w = 0u64;
    let mut at = 0;
    if n >= 4 {
        w = u64::from(u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]));
        at = 4;
    }
    if n - at >= 2 {
        w |= u64::from(u16::from_le_bytes([tail[at], tail[at + 1]])) << (8 * at);
        at += 2;
    }
    if at < n {
        w |= u64::from(tail[at]) << (8 * at);
    }
    w
}

/// Runs the backend's block function over whole 8-byte blocks.
#[inline(always)]
fn compress<const C: usize>(k: &Entry<Kernels>, state: &mut State, blocks: &[u8]) {
    if C == 1 {
        (k.kernels.compress1)(state, blocks)
    } else {
        (k.kernels.compress2)(state, blocks)
    }
}

/// A SipHash-`C`-`D` computation in progress.
#[derive(Clone)]
struct SipHasher<const C: usize, const D: usize> {
    state: State,
    buf: BlockBuffer<BLOCK>,
    /// Bytes absorbed so far, modulo 2^64 (only the low byte reaches the tag).
    len: u64,
    wide: bool,
    kernels: &'static Entry<Kernels>,
}

impl<const C: usize, const D: usize> Drop for SipHasher<C, D> {
    fn drop(&mut self) {
        self.state.zeroize();
        self.buf.wipe();
    }
}

impl<const C: usize, const D: usize> Hasher for SipHasher<C, D> {
    fn update(&mut self, data: &[u8]) {
        self.len = self.len.wrapping_add(data.len() as u64);
        let (k, state) = (self.kernels, &mut self.state);
        self.buf
            .update(data, false, |blocks| compress::<C>(k, state, blocks));
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        let Self {
            state,
            buf,
            len,
            wide,
            ..
        } = self;
        let (h1, h2) = state.finish::<C, D>(buf.pending(), *len, *wide);
        write_tag(out, h1, h2);
        Ok(())
    }

    fn digest_whole_into(
        &self,
        data: &[u8],
        out: &mut [u8],
    ) -> Result<Option<&'static str>, Error> {
        if !self.buf.pending().is_empty() || self.len != 0 {
            return crate::hasher::whole_on_stack(self, data, out);
        }
        // A fresh prototype: one kernel call from the keyed state to the tag, the words
        // straight from `data`, no block buffer.
        let k = &self.kernels.kernels;
        let [h1, h2] = if C == 1 {
            (k.whole13)(&self.state, data, self.wide)
        } else {
            (k.whole24)(&self.state, data, self.wide)
        };
        write_tag(out, h1, self.wide.then_some(h2));
        Ok(None)
    }

    fn output_len(&self) -> usize {
        if self.wide { 16 } else { 8 }
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

    /// SipHash paper (Aumasson, Bernstein 2012), Appendix A: key 00..0f, message 00..0e
    /// (15 bytes), SipHash-2-4. The intermediate states are the paper's; the same values
    /// are asserted by c-util/c-siphash `test-basic.c` and systemd `test-siphash24.c`.
    fn paper_key() -> [u8; 16] {
        core::array::from_fn(|i| i as u8)
    }

    #[test]
    fn paper_appendix_a_states() {
        let mut s = State::new(&paper_key(), false);
        assert_eq!(
            s,
            State {
                v0: 0x7469686173716475,
                v1: 0x6b617f6d656e6665,
                v2: 0x6b7f62616d677361,
                v3: 0x7b6b696e727e6c7b,
            }
        );
        // The first word, injected into v3, then two SipRounds.
        let m0 = 0x0706050403020100;
        s.v3 ^= m0;
        assert_eq!(s.v3, 0x7c6d6c6a717c6d7b);
        s.round();
        s.round();
        assert_eq!(
            s,
            State {
                v0: 0x4d07749cdd0858e0,
                v1: 0x0d52f6f62a4f59a4,
                v2: 0x634cb3577b01fd3d,
                v3: 0xa5224d6f55c7d9c8,
            }
        );
        s.v0 ^= m0;
        assert_eq!(s.v0, 0x4a017198de0a59e0);

        // The same first block through the portable block function.
        let msg: Vec<u8> = (0..15).collect();
        let mut t = State::new(&paper_key(), false);
        portable::compress::<2>(&mut t, &msg[..8]);
        assert_eq!(t, s);

        let (h1, h2) = t.finish::<2, 4>(&msg[8..], 15, false);
        assert_eq!(h1, 0xa129ca6149be45e5);
        assert_eq!(h2, None);
        assert_eq!(
            t,
            State {
                v0: 0xf6bcd53893fecff1,
                v1: 0x54b9964c7ea0d937,
                v2: 0x1b38329c099bb55a,
                v3: 0x1814bb89ad7be679,
            }
        );
    }

    #[test]
    fn paper_appendix_a_through_the_hasher() {
        let msg: Vec<u8> = (0..15).collect();
        for split in 0..=msg.len() {
            let mut h = new(Available::PORTABLE, 2, false, &paper_key()).unwrap();
            h.update(&msg[..split]);
            h.update(&msg[split..]);
            assert_eq!(h.output_len(), 8);
            // The paper prints the tag as the integer 0xa129ca6149be45e5; the reference
            // writes it little-endian.
            assert_eq!(h.finalize().unwrap(), 0xa129ca6149be45e5u64.to_le_bytes());
        }
    }

    #[test]
    fn both_round_orders_are_the_same_function() {
        let mut rng = crate::testutil::TestRng::new(5);
        for _ in 0..1000 {
            let mut a = State {
                v0: rng.next_u64(),
                v1: rng.next_u64(),
                v2: rng.next_u64(),
                v3: rng.next_u64(),
            };
            let mut b = a.clone();
            a.round();
            b.round_v0_first();
            assert_eq!(a, b);
        }
    }

    #[test]
    fn portable_block_slice_equals_one_block_at_a_time() {
        let msg: Vec<u8> = (0..8 * 37).map(|i| (i * 7 + 3) as u8).collect();
        for wide in [false, true] {
            let mut a = State::new(&paper_key(), wide);
            let mut b = a.clone();
            portable::compress::<1>(&mut a, &msg);
            for w in msg.chunks(8) {
                b.absorb::<1>(u64::from_le_bytes(w.try_into().unwrap()));
            }
            assert_eq!(a, b);
        }
    }

    #[test]
    fn wide_setup_and_output_len() {
        let a = State::new(&paper_key(), false);
        let b = State::new(&paper_key(), true);
        assert_eq!((a.v0, a.v1 ^ 0xee, a.v2, a.v3), (b.v0, b.v1, b.v2, b.v3));
        let h = new(Available::PORTABLE, 1, true, &paper_key()).unwrap();
        assert_eq!(h.output_len(), 16);
        assert_eq!(h.backend(), Backend::Portable);
        assert_eq!(h.finalize().unwrap().len(), 16);
    }

    #[test]
    fn bad_configurations_are_errors() {
        assert!(matches!(
            new(Available::PORTABLE, 2, false, &[0; 15]),
            Err(Error::BadKey(_))
        ));
        assert!(matches!(
            new(Available::PORTABLE, 3, false, &[0; 16]),
            Err(Error::BadParameter(_))
        ));
        if let Some(avx2) = Available::detect(Backend::Avx2) {
            assert!(matches!(
                new(avx2, 2, false, &[0; 16]),
                Err(Error::BadParameter(_))
            ));
        }
    }
}
