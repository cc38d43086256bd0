//! Several algorithms over one read (`-a sha256,blake3`): one [`Hasher`] that feeds each
//! chunk to every algorithm's hasher at once, on the rayon pool, so each file is read
//! once and hashed in the time of its slowest algorithm.
//!
//! Large files are memory-mapped and handed over in 8 MiB pieces, each part hashing a
//! piece on its own thread with its single-threaded `update`: one hand-off per 8 MiB
//! rather than per 1 MiB read, and no copy out of the page cache. On the development
//! machine, SHA-256 and BLAKE3 of a 1 GiB page-cached file took 0.90× the time of SHA-256
//! alone (see PERFORMANCE.md).

use crate::algorithm::ReadHint;
use crate::backend::Backend;
use crate::hasher::{Error, Hasher};
use rayon::prelude::*;

/// Chunks at least this large are hashed by the algorithms in parallel; smaller ones
/// one after another (a hand-off costs a few µs).
const PARALLEL_MIN: usize = 64 * 1024;

/// The piece of a large buffer (a mapping) the parts hash between two hand-offs.
const PIECE: usize = 8 << 20;

/// The hashers of several algorithms fed the same bytes; the digest is their digests
/// one after another ([`Multi::split`] cuts it up).
pub struct Multi {
    parts: Vec<Box<dyn Hasher>>,
}

impl Multi {
    /// How a [`Multi`]'s inputs are read: it hashes a large input on all threads, one
    /// part per thread, each reading the page cache of a mapping directly (at its own
    /// pace within a piece, with no copy into a read buffer); no lanes.
    pub const READ: ReadHint = ReadHint::ALL_THREADS;

    /// Combines prototype hashers (keyed and configured), in output order.
    pub fn new(parts: Vec<Box<dyn Hasher>>) -> Multi {
        Multi { parts }
    }

    /// The output lengths of the parts, in order.
    pub fn lengths(&self) -> Vec<usize> {
        self.parts.iter().map(|h| h.output_len()).collect()
    }

    /// Cuts a combined digest into the parts' digests, given their [`Multi::lengths`].
    pub fn split<'a>(digest: &'a [u8], lengths: &[usize]) -> Vec<&'a [u8]> {
        let mut rest = digest;
        lengths
            .iter()
            .map(|&n| {
                let (d, r) = rest.split_at(n.min(rest.len()));
                rest = r;
                d
            })
            .collect()
    }

    fn each(&mut self, data: &[u8], f: impl Fn(&mut dyn Hasher, &[u8]) + Sync) {
        if data.len() >= PARALLEL_MIN && self.parts.len() > 1 {
            self.parts.par_iter_mut().for_each(|h| f(&mut **h, data));
        } else {
            for h in &mut self.parts {
                f(&mut **h, data);
            }
        }
    }
}

impl Hasher for Multi {
    fn update(&mut self, data: &[u8]) {
        self.each(data, |h, d| h.update(d));
    }

    fn update_large(&mut self, data: &[u8]) {
        for piece in data.chunks(PIECE) {
            self.each(piece, |h, d| h.update(d));
        }
    }

    fn expect_len(&mut self, total: u64) {
        for h in &mut self.parts {
            h.expect_len(total);
        }
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        let mut rest = out;
        for h in &mut self.parts {
            let (d, r) = rest.split_at_mut(h.output_len());
            h.finish_into(d)?;
            rest = r;
        }
        Ok(())
    }

    fn notice(&self) -> Option<&'static str> {
        self.parts.iter().find_map(|h| h.notice())
    }

    fn output_len(&self) -> usize {
        self.parts.iter().map(|h| h.output_len()).sum()
    }

    fn backend(&self) -> Backend {
        self.parts
            .first()
            .map_or(Backend::Portable, |h| h.backend())
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(Multi {
            parts: self.parts.iter().map(|h| h.box_clone()).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Algorithm, Params};

    #[test]
    fn equals_each_algorithm_alone_for_any_split() {
        let names = ["sha256", "blake3", "xxh64", "rescue-prime"];
        let protos: Vec<Box<dyn Hasher>> = names
            .iter()
            .map(|n| {
                Algorithm::lookup(n)
                    .unwrap()
                    .hasher(None, &Params::default())
                    .unwrap()
            })
            .collect();
        let mut rng = crate::testutil::TestRng::new(15);
        let data = rng.bytes(300_000);
        let want: Vec<Vec<u8>> = protos
            .iter()
            .map(|p| p.digest_whole(&data).unwrap().to_vec())
            .collect();
        let multi = Multi::new(protos.iter().map(|p| p.box_clone()).collect());
        let lengths = multi.lengths();
        for cuts in [vec![], vec![1, 70_000, 200_001]] {
            let mut h = multi.box_clone();
            h.expect_len(data.len() as u64);
            for piece in crate::testutil::pieces(&data, &cuts) {
                h.update_large(piece);
            }
            let got = h.finalize().unwrap();
            assert_eq!(Multi::split(&got, &lengths), want, "cuts {cuts:?}");
        }
        let multi: &dyn Hasher = &multi;
        assert_eq!(multi.digest_whole(&data).unwrap().to_vec(), want.concat());
    }
}
