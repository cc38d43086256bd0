//! The portable, constant-time reference backend: a bitsliced AES round applied to
//! eight blocks at once.
//!
//! No table look-ups and no secret-dependent branches or addresses: SubBytes is computed
//! as the inversion `x^254` in GF(2^8) followed by the affine map, on bit planes, with
//! only AND and XOR. One LeMac step runs exactly eight AES rounds (state blocks 0..=7
//! into blocks 1..=8), which is one call of [`aesenc8`].

use super::{Block, Context, RoundKeys, State};

/// Eight blocks as bit planes: `planes[b]` holds bit `b` of every byte; byte `p` of the
/// 128-bit plane (bits `8p..8p+8`) holds byte position `p` of blocks 0..=7 (bit `k` is
/// block `k`). AES byte position `p` is row `p % 4`, column `p / 4`.
type Planes = [u128; 8];

/// Transposes the 8x8 bit matrix in `x` (bit `8r + c` goes to bit `8c + r`).
fn transpose8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00aa_00aa_00aa_00aa;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_cccc_0000_cccc;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_f0f0_f0f0;
    x ^= t ^ (t << 28);
    x
}

fn pack(blocks: &[Block; 8]) -> Planes {
    let mut bytes = [[0u8; 16]; 8];
    for p in 0..16 {
        let column = u64::from_le_bytes(std::array::from_fn(|k| blocks[k][p]));
        let t = transpose8(column).to_le_bytes();
        for b in 0..8 {
            bytes[b][p] = t[b];
        }
    }
    bytes.map(u128::from_le_bytes)
}

fn unpack(planes: &Planes) -> [Block; 8] {
    let bytes = planes.map(u128::to_le_bytes);
    let mut blocks = [[0u8; 16]; 8];
    for p in 0..16 {
        let row = u64::from_le_bytes(std::array::from_fn(|b| bytes[b][p]));
        let t = transpose8(row).to_le_bytes();
        for k in 0..8 {
            blocks[k][p] = t[k];
        }
    }
    blocks
}

/// Reduces a 15-coefficient bitsliced polynomial modulo x^8 + x^4 + x^3 + x + 1.
fn reduce(mut c: [u128; 15]) -> Planes {
    for k in (8..15).rev() {
        let v = c[k];
        c[k - 4] ^= v;
        c[k - 5] ^= v;
        c[k - 7] ^= v;
        c[k - 8] ^= v;
    }
    std::array::from_fn(|i| c[i])
}

/// Bitsliced multiplication in GF(2^8) (the AES field).
fn gf_mul(a: &Planes, b: &Planes) -> Planes {
    let mut c = [0u128; 15];
    for i in 0..8 {
        for j in 0..8 {
            c[i + j] ^= a[i] & b[j];
        }
    }
    reduce(c)
}

/// Bitsliced squaring in GF(2^8) (a linear map).
fn gf_square(a: &Planes) -> Planes {
    let mut c = [0u128; 15];
    for i in 0..8 {
        c[2 * i] = a[i];
    }
    reduce(c)
}

fn gf_square_n(a: &Planes, n: usize) -> Planes {
    let mut r = *a;
    for _ in 0..n {
        r = gf_square(&r);
    }
    r
}

/// The AES S-box on every byte: inversion (`x^254`, so 0 maps to 0), then the affine map.
fn sub_bytes(x: &Planes) -> Planes {
    let x3 = gf_mul(&gf_square(x), x); // x^3
    let x15 = gf_mul(&gf_square_n(&x3, 2), &x3); // x^15
    let x63 = gf_mul(&gf_square_n(&x15, 2), &x3); // x^63
    let x127 = gf_mul(&gf_square(&x63), x); // x^127
    let inv = gf_square(&x127); // x^254
    // s_i = b_i ^ b_{i+4} ^ b_{i+5} ^ b_{i+6} ^ b_{i+7} ^ c_i (indices mod 8), c = 0x63.
    std::array::from_fn(|i| {
        let s = inv[i] ^ inv[(i + 4) % 8] ^ inv[(i + 5) % 8] ^ inv[(i + 6) % 8] ^ inv[(i + 7) % 8];
        if (0x63 >> i) & 1 == 1 { !s } else { s }
    })
}

/// Byte `p` of the result is byte `p + n` (mod 4, within the same column) of `v`.
fn rotate_rows(v: u128, n: u32) -> u128 {
    const LANES: u128 = 0xffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff;
    let down = LANES / 0xffff_ffff * (0xffff_ffff >> (8 * n));
    ((v >> (8 * n)) & down) | ((v << (32 - 8 * n)) & !down)
}

fn shift_rows(v: u128) -> u128 {
    // Row r of column c takes row r of column c + r: bytes move down by 4r positions.
    const ROW: u128 = 0x0000_00ff_0000_00ff_0000_00ff_0000_00ff;
    (v & ROW)
        | (v & (ROW << 8)).rotate_right(32)
        | (v & (ROW << 16)).rotate_right(64)
        | (v & (ROW << 24)).rotate_right(96)
}

fn mix_columns(a: &Planes) -> Planes {
    // out_r = 2(a_r ^ a_{r+1}) ^ a_{r+1} ^ (a_{r+2} ^ a_{r+3}).
    let r1 = a.map(|v| rotate_rows(v, 1));
    let t: Planes = std::array::from_fn(|i| a[i] ^ r1[i]);
    let r2 = t.map(|v| rotate_rows(v, 2));
    // 2t: multiplication by x, reducing x^8 to x^4 + x^3 + x + 1.
    let xt = [
        t[7],
        t[0] ^ t[7],
        t[1],
        t[2] ^ t[7],
        t[3] ^ t[7],
        t[4],
        t[5],
        t[6],
    ];
    std::array::from_fn(|i| xt[i] ^ r1[i] ^ r2[i])
}

fn xor(a: &Block, b: &Block) -> Block {
    std::array::from_fn(|i| a[i] ^ b[i])
}

/// One AES encryption round on eight blocks with eight round keys (the `AESENC`
/// instruction), or the final round without MixColumns (`AESENCLAST`) when `last`.
fn aes_round8(blocks: &mut [Block; 8], keys: &[Block; 8], last: bool) {
    let mut p = sub_bytes(&pack(blocks));
    p = p.map(shift_rows);
    if !last {
        p = mix_columns(&p);
    }
    let out = unpack(&p);
    for k in 0..8 {
        blocks[k] = xor(&out[k], &keys[k]);
    }
}

fn aesenc8(blocks: &mut [Block; 8], keys: &[Block; 8]) {
    aes_round8(blocks, keys, false);
}

/// Absorbs whole 64-byte blocks.
pub(super) fn absorb(state: &mut State, blocks: &[u8]) {
    debug_assert_eq!(blocks.len() % 64, 0);
    let State { s, r } = state;
    for m in blocks.chunks_exact(64) {
        let w = |i: usize| -> Block { m[16 * i..16 * i + 16].try_into().expect("16 bytes") };
        let (m0, m1, m2, m3) = (w(0), w(1), w(2), w(3));
        let [rr, r0, r1, r2] = *r;
        let mut next: [Block; 8] = std::array::from_fn(|i| s[i]);
        aesenc8(&mut next, &[m3, m3, xor(&r1, &r2), m0, m0, m1, m1, m3]);
        let s0 = xor(&xor(&s[0], &s[8]), &m2);
        s[1..].copy_from_slice(&next);
        s[0] = s0;
        *r = [m2, xor(&rr, &m1), r0, r1];
    }
}

/// The AES-128 key schedule (FIPS 197 §5.2).
pub(super) fn expand_key(key: &Block) -> RoundKeys {
    const RCON: [u8; 10] = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36];
    let mut rk = [[0u8; 16]; 11];
    rk[0] = *key;
    for i in 1..11 {
        let prev = rk[i - 1];
        // SubWord(RotWord(w3)) through the constant-time S-box.
        let mut t = [[0u8; 16]; 8];
        t[0][..4].copy_from_slice(&[prev[13], prev[14], prev[15], prev[12]]);
        let s = unpack(&sub_bytes(&pack(&t)))[0];
        let mut w = [s[0] ^ RCON[i - 1], s[1], s[2], s[3]];
        for j in 0..4 {
            for b in 0..4 {
                w[b] ^= prev[4 * j + b];
                rk[i][4 * j + b] = w[b];
            }
        }
    }
    rk
}

/// AES-128 encryption of blocks under one expanded key, eight at a time.
pub(super) fn encrypt(keys: &RoundKeys, blocks: &mut [Block]) {
    for chunk in blocks.chunks_mut(8) {
        let mut b = [[0u8; 16]; 8];
        for (x, blk) in b.iter_mut().zip(chunk.iter()) {
            *x = xor(blk, &keys[0]);
        }
        for (round, rk) in keys.iter().enumerate().skip(1) {
            aes_round8(&mut b, &[*rk; 8], round == 10);
        }
        chunk.copy_from_slice(&b[..chunk.len()]);
    }
}

/// Absorbs the padded last block and four zero blocks, then returns the tag
/// `E_{K3}(N' ^ XOR_i AES'_{subkeys[i..]}(S[i]))`, where `nonce_term` is `N' = N ^ E_{K2}(N)`
/// and AES' is ten full rounds, the last one with a zero key.
pub(super) fn finish(ctx: &Context, state: &mut State, tail: &[u8], nonce_term: &Block) -> Block {
    let mut last = super::last_block(tail);
    absorb(state, &last);
    super::wipe_last(&mut last);
    absorb(state, &[0; 4 * 64]);
    let mut t = *nonce_term;
    for (first, chunk) in [(0, &state.s[..8]), (8, &state.s[8..])] {
        let n = chunk.len();
        let mut b = [[0u8; 16]; 8];
        for i in 0..n {
            b[i] = xor(&chunk[i], &ctx.subkeys[first + i]);
        }
        let mut k = [[0u8; 16]; 8];
        for round in 1..11 {
            for (i, ki) in k.iter_mut().enumerate().take(n) {
                *ki = if round == 10 {
                    [0; 16]
                } else {
                    ctx.subkeys[first + i + round]
                };
            }
            aesenc8(&mut b, &k);
        }
        for x in &b[..n] {
            t = xor(&t, x);
        }
    }
    encrypt(&ctx.keys[1], std::slice::from_mut(&mut t));
    t
}

/// A whole message from the key's initial state to the tag.
pub(super) fn whole(ctx: &Context, data: &[u8], nonce_term: &Block) -> Block {
    let mut state = State {
        s: ctx.init,
        r: [[0; 16]; 4],
    };
    let (blocks, tail) = data.split_at(data.len() / 64 * 64);
    absorb(&mut state, blocks);
    finish(ctx, &mut state, tail, nonce_term)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_is_a_transpose() {
        let x = 0x0123_4567_89ab_cdefu64;
        let t = transpose8(x);
        for r in 0..8 {
            for c in 0..8 {
                assert_eq!((x >> (8 * r + c)) & 1, (t >> (8 * c + r)) & 1);
            }
        }
    }

    #[test]
    fn sbox_matches_fips197_values() {
        // FIPS 197 Figure 7: S(00) = 63, S(01) = 7c, S(53) = ed, S(ff) = 16.
        let mut blocks = [[0u8; 16]; 8];
        blocks[3][5] = 0x01;
        blocks[7][15] = 0x53;
        blocks[0][0] = 0xff;
        let out = unpack(&sub_bytes(&pack(&blocks)));
        assert_eq!(out[1][1], 0x63);
        assert_eq!(out[3][5], 0x7c);
        assert_eq!(out[7][15], 0xed);
        assert_eq!(out[0][0], 0x16);
    }

    #[test]
    fn aes128_fips197_appendix_b() {
        // FIPS 197 Appendix B: key 2b7e1516..., plaintext 3243f6a8... -> 3925841d...
        let key: Block = hex("2b7e151628aed2a6abf7158809cf4f3c");
        let mut b = [hex("3243f6a8885a308d313198a2e0370734")];
        encrypt(&expand_key(&key), &mut b);
        assert_eq!(b[0], hex("3925841d02dc09fbdc118597196a0b32"));
    }

    fn hex(s: &str) -> Block {
        hex::decode(s).unwrap().try_into().unwrap()
    }
}
