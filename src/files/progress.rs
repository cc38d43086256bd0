//! Counting work done, for a progress display: bytes hashed (counted as each hasher
//! absorbs them, so a large file shows progress while it is read) and inputs finished,
//! against totals that a separate count may fill in meanwhile.

use crate::backend::Backend;
use crate::hasher::{Error, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// Work done and, once known, the total (all counters shared between threads).
#[derive(Debug, Default)]
pub struct Counter {
    bytes: AtomicU64,
    files: AtomicU64,
    total_bytes: AtomicU64,
    total_files: AtomicU64,
    /// 0 while counting, [`KNOWN`] or [`UNKNOWN`].
    total_state: AtomicU8,
}

const KNOWN: u8 = 1;
const UNKNOWN: u8 = 2;

/// What is known of the total.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Total {
    /// Still being counted.
    #[default]
    Counting,
    /// Bytes and inputs in all.
    Known(u64, u64),
    /// Cannot be known beforehand (standard input, a pipe).
    Unknown,
}

/// A snapshot of a [`Counter`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub bytes: u64,
    pub files: u64,
    pub total: Total,
}

impl Counter {
    /// A counter at zero with no total.
    pub fn new() -> Arc<Counter> {
        Arc::new(Counter::default())
    }

    /// Adds hashed bytes.
    pub fn add_bytes(&self, n: u64) {
        self.bytes.fetch_add(n, Ordering::Relaxed);
    }

    /// Counts one finished input.
    pub fn add_file(&self) {
        self.files.fetch_add(1, Ordering::Relaxed);
    }

    /// Adds one input of `size` bytes to the total being counted.
    pub fn add_to_total(&self, size: u64) {
        self.total_bytes.fetch_add(size, Ordering::Relaxed);
        self.total_files.fetch_add(1, Ordering::Relaxed);
    }

    /// Marks the total as complete.
    pub fn total_done(&self) {
        self.total_state.store(KNOWN, Ordering::Release);
    }

    /// Marks the total as one that cannot be known.
    pub fn total_unknown(&self) {
        self.total_state.store(UNKNOWN, Ordering::Release);
    }

    /// The current counts.
    pub fn snapshot(&self) -> Snapshot {
        let total = match self.total_state.load(Ordering::Acquire) {
            KNOWN => Total::Known(
                self.total_bytes.load(Ordering::Relaxed),
                self.total_files.load(Ordering::Relaxed),
            ),
            UNKNOWN => Total::Unknown,
            _ => Total::Counting,
        };
        Snapshot {
            bytes: self.bytes.load(Ordering::Relaxed),
            files: self.files.load(Ordering::Relaxed),
            total,
        }
    }
}

/// A hasher that counts the bytes it absorbs into a [`Counter`] (every clone counts
/// into the same one).
pub struct Counted {
    inner: Box<dyn Hasher>,
    counter: Arc<Counter>,
}

impl Counted {
    /// Wraps a prototype hasher.
    pub fn new(inner: Box<dyn Hasher>, counter: Arc<Counter>) -> Counted {
        Counted { inner, counter }
    }
}

impl Hasher for Counted {
    fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
        self.counter.add_bytes(data.len() as u64);
    }

    fn update_large(&mut self, data: &[u8]) {
        // In slices, so that a mapped file of gigabytes shows progress as it goes.
        for piece in data.chunks(32 << 20) {
            self.inner.update_large(piece);
            self.counter.add_bytes(piece.len() as u64);
        }
    }

    fn expect_len(&mut self, total: u64) {
        self.inner.expect_len(total);
    }

    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        self.inner.finish_into(out)
    }

    fn input_is_secret(&self) -> bool {
        self.inner.input_is_secret()
    }

    fn output_len(&self) -> usize {
        self.inner.output_len()
    }

    fn backend(&self) -> Backend {
        self.inner.backend()
    }

    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(Counted {
            inner: self.inner.box_clone(),
            counter: self.counter.clone(),
        })
    }

    fn notice(&self) -> Option<&'static str> {
        self.inner.notice()
    }

    fn digest_whole_into(
        &self,
        data: &[u8],
        out: &mut [u8],
    ) -> Result<Option<&'static str>, Error> {
        let r = self.inner.digest_whole_into(data, out);
        self.counter.add_bytes(data.len() as u64);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_bytes_through_clones_and_keeps_the_digest() {
        let proto = crate::Algorithm::lookup("sha256")
            .unwrap()
            .hasher(None, &crate::Params::default())
            .unwrap();
        let c = Counter::new();
        let counted = Counted::new(proto.box_clone(), c.clone());
        let mut h = counted.box_clone();
        h.update(b"abc");
        h.update_large(&[1; 1000]);
        let mut want = proto.box_clone();
        want.update(b"abc");
        want.update(&[1; 1000]);
        assert_eq!(h.finalize().unwrap(), want.finalize().unwrap());
        assert_eq!(
            (&counted as &dyn Hasher).digest_whole(b"xy").unwrap(),
            proto.digest_whole(b"xy").unwrap()
        );
        c.add_file();
        assert_eq!(
            c.snapshot(),
            Snapshot {
                bytes: 1005,
                files: 1,
                total: Total::Counting
            }
        );
        c.add_to_total(7);
        c.total_done();
        assert_eq!(c.snapshot().total, Total::Known(7, 1));
        c.total_unknown();
        assert_eq!(c.snapshot().total, Total::Unknown);
    }
}
