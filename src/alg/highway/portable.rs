//! HighwayHash portable backend: plain 64-bit arithmetic, the reference for the others.

use super::{PACKET, State, ZIPPER, remainder_packet, rounds};

/// Picks the bytes of the lane pair (`lo` = bytes 0..8, `hi` = bytes 8..16) named by
/// `idx` (eight indices into those 16 bytes), little-endian.
#[inline(always)]
fn pick(lo: u64, hi: u64, idx: &[u8]) -> u64 {
    let src = (u128::from(hi) << 64) | u128::from(lo);
    idx.iter().enumerate().fold(0u64, |acc, (j, &i)| {
        acc | ((((src >> (8 * u32::from(i))) as u64) & 0xff) << (8 * j))
    })
}

/// Adds the zipper-merged bytes of `v[2i]`, `v[2i + 1]` to `add[2i]`, `add[2i + 1]`.
#[inline(always)]
fn zipper_merge_add(v: &[u64; 4], add: &mut [u64; 4]) {
    for pair in 0..2 {
        let (lo, hi) = (v[2 * pair], v[2 * pair + 1]);
        add[2 * pair] = add[2 * pair].wrapping_add(pick(lo, hi, &ZIPPER[..8]));
        add[2 * pair + 1] = add[2 * pair + 1].wrapping_add(pick(lo, hi, &ZIPPER[8..]));
    }
}

/// One update of the state with a packet of four lanes.
#[inline(always)]
fn update(s: &mut State, lanes: [u64; 4]) {
    for (i, lane) in lanes.into_iter().enumerate() {
        s.v1[i] = s.v1[i].wrapping_add(lane).wrapping_add(s.mul0[i]);
        s.mul0[i] ^= (s.v1[i] & 0xffff_ffff).wrapping_mul(s.v0[i] >> 32);
        s.v0[i] = s.v0[i].wrapping_add(s.mul1[i]);
        s.mul1[i] ^= (s.v0[i] & 0xffff_ffff).wrapping_mul(s.v1[i] >> 32);
    }
    let v1 = s.v1;
    zipper_merge_add(&v1, &mut s.v0);
    let v0 = s.v0;
    zipper_merge_add(&v0, &mut s.v1);
}

fn lanes_of(packet: &[u8]) -> [u64; 4] {
    let mut lanes = [0u64; 4];
    for (l, c) in lanes.iter_mut().zip(packet.chunks_exact(8)) {
        *l = u64::from_le_bytes(c.try_into().unwrap_or_default());
    }
    lanes
}

/// Absorbs whole 32-byte packets.
pub(crate) fn update_packets(s: &mut State, packets: &[u8]) {
    // A local copy the optimiser can keep in registers (wiped on drop).
    let mut local = s.clone();
    for p in packets.chunks_exact(PACKET) {
        update(&mut local, lanes_of(p));
    }
    s.clone_from(&local);
}

/// Finishes a copy of the state: absorbs the 0..=31-byte `tail` (nothing when empty),
/// runs the permute-and-update rounds and returns the `words` (1, 2 or 4) output words.
pub(crate) fn finalize(state: &State, tail: &[u8], words: usize) -> [u64; 4] {
    let mut s = state.clone();
    if !tail.is_empty() {
        let n = tail.len() as u64;
        for i in 0..4 {
            // The length into both 32-bit halves of v0, and a rotation of v1's halves.
            s.v0[i] = s.v0[i].wrapping_add((n << 32) + n);
            let (a, b) = (s.v1[i] as u32, (s.v1[i] >> 32) as u32);
            s.v1[i] =
                u64::from(a.rotate_left(n as u32)) | (u64::from(b.rotate_left(n as u32)) << 32);
        }
        update(&mut s, lanes_of(&remainder_packet(tail)));
    }
    for _ in 0..rounds(words) {
        // Lanes 2, 3, 0, 1 of v0, each with its 32-bit halves swapped.
        let v = s.v0;
        update(
            &mut s,
            [
                v[2].rotate_left(32),
                v[3].rotate_left(32),
                v[0].rotate_left(32),
                v[1].rotate_left(32),
            ],
        );
    }
    s.output(words)
}

/// The hash of `data` as a whole message from the state `state` (left unchanged).
pub(crate) fn whole(state: &State, data: &[u8], words: usize) -> [u64; 4] {
    let mut s = state.clone();
    let (packets, tail) = data.as_chunks::<PACKET>();
    for p in packets {
        update(&mut s, lanes_of(p));
    }
    finalize(&s, tail, words)
}

/// One-shot hash of `data` under `key` (32 bytes, four little-endian lanes).
pub(crate) fn hash(key: &[u8; 32], data: &[u8], words: usize) -> [u64; 4] {
    let mut s = State::new(&lanes_of(key));
    let (packets, tail) = data.as_chunks::<PACKET>();
    for p in packets {
        update(&mut s, lanes_of(p));
    }
    finalize(&s, tail, words)
}
