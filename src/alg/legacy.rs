//! The legacy checksums of GNU `cksum -a` and `sum`: `crc` (POSIX `cksum`, CRC-32/CKSUM
//! over the data and then its length), `crc32b` (the zlib/Ethernet CRC-32 of the data
//! alone), `sysv` (`sum -s`) and `bsd` (`sum -r`). They catch accidental corruption only.
//!
//! Their lines are not hex digests: `CRC SIZE NAME` for the CRCs and `SUM BLOCKS NAME` for
//! the sums (see [`crate::spec::LineStyle`]). The "digest" a hasher returns is
//! therefore the two numbers of the line, each big-endian: the 32-bit checksum and the
//! 64-bit size (CRCs) or block count (sums: 512-byte blocks for sysv, 1024 for bsd,
//! rounded up), so a line written and a line read compare as bytes.
//!
//! The CRCs come from the `crc-fast` crate (carry-less multiplication folding, chosen at
//! run time from the CPU's features). The two sums are a few lines each and no
//! maintained crate provides them; they follow GNU coreutils' `sum.c` definitions (BSD: a
//! 16-bit checksum rotated right by one bit before each byte is added; System V: the
//! byte sum folded to 16 bits).

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};

use crc_fast::CrcAlgorithm;

#[derive(Clone)]
enum State {
    Cksum(crc_fast::Digest),
    Crc32b(crc_fast::Digest),
    /// The same CRC as `Crc32b`, its value alone as a 4-byte digest (hex lines: RHash,
    /// SFV, 7-Zip).
    Crc32(crc_fast::Digest),
    Sysv(u64),
    Bsd(u16),
}

#[derive(Clone)]
struct Legacy {
    state: State,
    len: u64,
}

impl Hasher for Legacy {
    fn update(&mut self, data: &[u8]) {
        self.len = self.len.wrapping_add(data.len() as u64);
        match &mut self.state {
            State::Cksum(d) | State::Crc32b(d) | State::Crc32(d) => d.update(data),
            State::Sysv(s) => {
                // In 32-bit lanes, which the compiler vectorizes: a chunk of 2^24 bytes
                // sums to less than 2^32.
                for chunk in data.chunks(1 << 24) {
                    let part: u32 = chunk.iter().map(|&b| u32::from(b)).sum();
                    *s = s.wrapping_add(u64::from(part));
                }
            }
            State::Bsd(c) => {
                for &b in data {
                    *c = c.rotate_right(1).wrapping_add(u16::from(b));
                }
            }
        }
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        let (value, second) = match self.state.clone() {
            State::Cksum(mut d) => {
                // The length follows the data, least significant byte first, without
                // its high zero bytes.
                let mut n = self.len;
                while n > 0 {
                    d.update(&[n as u8]);
                    n >>= 8;
                }
                (d.finalize() as u32, self.len)
            }
            State::Crc32b(d) => (d.finalize() as u32, self.len),
            State::Crc32(d) => {
                out.copy_from_slice(&(d.finalize() as u32).to_be_bytes());
                return Ok(());
            }
            State::Sysv(s) => {
                let r = (s & 0xffff) + ((s & 0xffff_ffff) >> 16);
                (((r & 0xffff) + (r >> 16)) as u32, self.len.div_ceil(512))
            }
            State::Bsd(c) => (u32::from(c), self.len.div_ceil(1024)),
        };
        out[..4].copy_from_slice(&value.to_be_bytes());
        out[4..].copy_from_slice(&second.to_be_bytes());
        Ok(())
    }

    fn digest_whole_into(
        &self,
        data: &[u8],
        out: &mut [u8],
    ) -> Result<Option<&'static str>, Error> {
        crate::hasher::whole_on_stack(self, data, out)
    }

    fn output_len(&self) -> usize {
        match self.state {
            State::Crc32(_) => 4,
            _ => 12,
        }
    }

    fn backend(&self) -> Backend {
        Backend::Auto
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

fn new(state: State) -> Box<dyn Hasher> {
    Box::new(Legacy { state, len: 0 })
}

/// POSIX `cksum`.
pub(crate) fn cksum() -> Box<dyn Hasher> {
    new(State::Cksum(crc_fast::Digest::new(
        CrcAlgorithm::Crc32Cksum,
    )))
}

/// `cksum -a crc32b`.
pub(crate) fn crc32b() -> Box<dyn Hasher> {
    new(State::Crc32b(crc_fast::Digest::new(
        CrcAlgorithm::Crc32IsoHdlc,
    )))
}

/// The zlib CRC-32 as a 4-byte hex digest (`rhash --crc32`, SFV lists).
pub(crate) fn crc32() -> Box<dyn Hasher> {
    new(State::Crc32(crc_fast::Digest::new(
        CrcAlgorithm::Crc32IsoHdlc,
    )))
}

/// `sum -s`.
pub(crate) fn sysv() -> Box<dyn Hasher> {
    new(State::Sysv(0))
}

/// `sum -r`.
pub(crate) fn bsd() -> Box<dyn Hasher> {
    new(State::Bsd(0))
}
