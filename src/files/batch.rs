//! Many small files hashed together: the scheduler that feeds the multi-buffer kernels
//! (`crate::alg::lanes`, issue 23) from a batch of inputs.
//!
//! A batch is what one task of the ordered pipeline (`crate::files::parallel`) takes: up to
//! [`crate::files::parallel::FILE_BATCH`] inputs, on one thread. [`hash_batch`] runs the
//! caller's work on each input in order with a [`Reader`]; the work hashes its files
//! through [`Reader::hash_path`], which reads a file exactly as `io::hash_path_with`
//! does (the same consistency checks and errors, per file) and then, for a hasher read
//! with lanes ([`Reading::lanes`]: its read hint names lanes this CPU runs) and a file of
//! at most their [`Lanes::max_input`], keeps the content instead of hashing it. The kept files
//! are hashed all at once ([`Lanes::digest_many`]: one file per SIMD lane) when the batch
//! ends or when their bytes reach [`BUDGET`], and their digests are put into the work's
//! results before the batch returns. Everything else (larger files, standard input,
//! other hashers, errors) is done on the spot as before. So output order, error lines and exit statuses do not
//! change: an unreadable file is that file's error alone.
//!
//! Memory: a batch holds at most [`BUDGET`] bytes of kept content (plus the thread's
//! 1 MiB read buffer; each thread keeps its arena, of exactly `BUDGET` bytes, between
//! batches), so at most `BUDGET` × the batches running at once: one per thread,
//! `-j N`; a thread that waits inside another hasher's multi-threaded `update_large` may
//! start another batch, so never more than the pipeline's window (4 × threads) batches.

use crate::alg::lanes::Lanes;
use crate::files::io::{Hashed, InputError, Open, Reading, hash_file, read_path};
use crate::hasher::{Digest, Error, Hasher};
use std::ops::Deref;
use std::path::Path;

/// The most bytes of file content one batch keeps before it hashes them: 8 MiB (with the
/// default `-j` of two threads here, 16 MiB in all). Enough for 128 files of 64 KiB, and
/// for 8 lanes of the largest multi-buffer input ([`crate::alg::lanes::MAX_INPUT`]) four times.
pub const BUDGET: usize = 8 << 20;

/// Items per batch when the pipeline runs on one thread (`-j1`): a whole batch, so one
/// thread fills its lanes too, when `how` has lanes; otherwise one
/// item at a time, each printed before the next is read, as without batches.
pub fn serial_batch(how: Reading) -> usize {
    if how.lanes.is_some() {
        crate::files::parallel::FILE_BATCH
    } else {
        1
    }
}

/// A file kept for hashing in lanes.
struct Kept<P> {
    /// The batch item it belongs to.
    item: usize,
    proto: P,
    lanes: Lanes,
    /// Its content: `arena[start..start + len]`.
    start: usize,
    len: usize,
}

/// Reads a batch's files, keeping the small ones for its hashers' multi-buffer kernels.
/// `P` is how the caller holds its hashers: `&dyn Hasher`, `Arc<dyn Hasher>`.
pub struct Reader<P> {
    /// The index of the item being worked on.
    item: usize,
    arena: Vec<u8>,
    kept: Vec<Kept<P>>,
    /// The results of kept files hashed so far, by item.
    done: Vec<(usize, Result<Hashed, InputError>)>,
}

thread_local! {
    /// Each thread's arena, kept between its batches (reserved once at [`BUDGET`]): a
    /// fresh one per batch grew by doubling, copying what it held at every step.
    static ARENA: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

impl<P: Clone + Deref<Target = dyn Hasher>> Reader<P> {
    fn new() -> Reader<P> {
        Reader {
            item: 0,
            arena: ARENA.take(),
            kept: Vec::new(),
            done: Vec::new(),
        }
    }

    /// Hashes the file at `path` with `proto`, read as `how` says and opened as `open`
    /// says, as `io::hash_file` does; a file kept for the lanes gets its digest when the
    /// batch ends (the result returned now holds its size and an empty placeholder
    /// digest, which [`hash_batch`] replaces).
    ///
    /// # Errors
    /// As `io::hash_path_with`: this file alone.
    pub fn hash_path(
        &mut self,
        path: &Path,
        proto: P,
        how: Reading,
        open: Open<'_>,
    ) -> Result<Hashed, InputError> {
        let Some(lanes) = how.lanes else {
            return hash_file(path, &*proto, how, open);
        };
        let max = lanes.max_input();
        let Reader {
            item,
            arena,
            kept,
            done,
            ..
        } = self;
        let mut is_kept = false;
        let mut keep = |data: &[u8]| -> Result<Digest, Error> {
            if data.len() > max {
                return proto.digest_whole(data);
            }
            if place(arena.len()) + data.len() > BUDGET {
                hash_kept(arena, kept, done);
            }
            if arena.capacity() < BUDGET {
                // Once per thread: the arena never grows past the budget, nor moves.
                arena.reserve_exact(BUDGET - arena.len());
            }
            arena.resize(place(arena.len()), 0);
            kept.push(Kept {
                item: *item,
                proto: proto.clone(),
                lanes,
                start: arena.len(),
                len: data.len(),
            });
            arena.extend_from_slice(data);
            is_kept = true;
            Ok(Digest::zeroed(0))
        };
        let res = read_path(path, &*proto, how, open, &mut keep);
        if is_kept && res.is_err() {
            // Never after the content was complete and checked; but should it be, the
            // error stands and nothing is hashed for it.
            self.kept.pop();
        }
        res
    }
}

#[cfg(test)]
thread_local! {
    /// The kept files hashed together, per group, on this thread (for the tests).
    static LANE_CALLS: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Where the next kept file starts in an arena of `len` bytes: 64-byte aligned, at least
/// 512 bytes away from a multiple of 4096. The file comes from the page-aligned read buffer
/// (`io::ALIGN`), and copying to an address at the same offset within a page ran at a
/// fraction of its speed on AMD Zen 3 (glibc's `rep movsb`): on 5,000 files of 16 KiB,
/// which all landed at offset 0, that copy was 31% of `khsum -j1`'s CPU time (BLAKE3 in
/// lanes, `perf record -e cpu-clock`), and `khsum -j1 -a md5` took 139.8 ms, against
/// 101.6 ms placed this way (`benches/alt.py`, medians of 11; SHA-512 210.5 against
/// 174.0 ms).
fn place(len: usize) -> usize {
    let start = len.next_multiple_of(64);
    match start % 4096 {
        512..=3584 => start,
        _ => start + 1024,
    }
}

/// Hashes every kept file, one [`Lanes::digest_many`] call per kind of lanes (a file
/// alone gains nothing from lanes: its hasher's), into `done`, and empties the arena.
fn hash_kept<P: Deref<Target = dyn Hasher>>(
    arena: &mut Vec<u8>,
    kept: &mut Vec<Kept<P>>,
    done: &mut Vec<(usize, Result<Hashed, InputError>)>,
) {
    let mut rest: Vec<Kept<P>> = std::mem::take(kept);
    while let Some(first) = rest.first() {
        let lanes = first.lanes;
        let (group, others): (Vec<Kept<P>>, Vec<Kept<P>>) = rest
            .into_iter()
            .partition(|k| k.lanes.kind() == lanes.kind());
        rest = others;
        let msgs: Vec<&[u8]> = group
            .iter()
            .map(|k| &arena[k.start..k.start + k.len])
            .collect();
        #[cfg(test)]
        LANE_CALLS.with_borrow_mut(|c| c.push(group.len()));
        let digests: Vec<Result<Digest, Error>> = match &group[..] {
            [one] => vec![one.proto.digest_whole(msgs[0])],
            _ => lanes.digest_many(&msgs).into_iter().map(Ok).collect(),
        };
        for (k, d) in group.iter().zip(digests) {
            let res = d.map(|digest| Hashed {
                digest,
                size: k.len as u64,
            });
            done.push((k.item, res.map_err(InputError::from)));
        }
    }
    arena.clear();
}

/// Runs `work` on every item of a batch in order, with a [`Reader`] to hash its files,
/// and returns the results in order, each kept file's digest put in place through
/// `slot` (the result of the one `hash_path` call an item made; `None`: the item made
/// none).
pub fn hash_batch<T, R, P>(
    items: Vec<T>,
    mut work: impl FnMut(T, &mut Reader<P>) -> R,
    slot: impl Fn(&mut R) -> Option<&mut Result<Hashed, InputError>>,
) -> Vec<R>
where
    P: Clone + Deref<Target = dyn Hasher>,
{
    let mut reader = Reader::new();
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        reader.item = i;
        out.push(work(item, &mut reader));
    }
    let Reader {
        mut arena,
        mut kept,
        mut done,
        ..
    } = reader;
    hash_kept(&mut arena, &mut kept, &mut done);
    ARENA.set(arena);
    for (i, res) in done {
        if let Some(s) = slot(&mut out[i]) {
            *s = res;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::TestRng;
    use sha2::Digest as _;

    #[test]
    fn kept_files_start_aligned_and_off_the_page_offset_of_the_read_buffer() {
        for len in (0..3 * 4096).chain([BUDGET - 5000, 1 << 20]) {
            let p = place(len);
            assert!(p >= len && p - len < 64 + 1024, "{len} -> {p}");
            assert_eq!(p % 64, 0, "{len} -> {p}");
            assert!((512..=3584).contains(&(p % 4096)), "{len} -> {p}");
        }
    }

    #[test]
    fn kept_files_get_their_digests_in_order_and_errors_stay_alone() {
        let d = tempfile::TempDir::new().unwrap();
        let mut rng = TestRng::new(5);
        let mut want = Vec::new();
        let mut paths = Vec::new();
        for i in 0..30 {
            let p = d.path().join(format!("f{i}"));
            match i % 7 {
                // Missing, and a directory: their errors, nothing else.
                3 => want.push(Err("No such file or directory".to_string())),
                5 => {
                    std::fs::create_dir(&p).unwrap();
                    want.push(Err("Is a directory".to_string()));
                }
                _ => {
                    // Above the kept size for some: hashed on the spot.
                    let max = crate::alg::lanes::MAX_INPUT;
                    let data = rng.bytes(if i % 4 == 0 { max + i } else { i * 31 });
                    std::fs::write(&p, &data).unwrap();
                    want.push(Ok((
                        hex::encode(md5::Md5::digest(&data)),
                        data.len() as u64,
                    )));
                }
            }
            paths.push(p);
        }
        let md5 = crate::Algorithm::lookup("md5").unwrap();
        let proto = md5.hasher(None, &crate::Params::default()).unwrap();
        let proto: &dyn Hasher = &*proto;
        // The portable kernel, which every CPU has.
        let how = Reading {
            lanes: Lanes::on(crate::alg::lanes::Kind::Md5, crate::Backend::Portable),
            ..Reading::new(md5.read)
        };
        assert!(how.lanes.is_some());
        LANE_CALLS.take();
        let got = hash_batch(
            paths,
            |p, r| r.hash_path(&p, proto, how, Open::Named),
            |res| Some(res),
        );
        let got: Vec<Result<(String, u64), String>> = got
            .into_iter()
            .map(|r| {
                r.map(|h| (hex::encode(&h.digest[..]), h.size))
                    .map_err(|e| e.reason)
            })
            .collect();
        assert_eq!(got, want);
        // One call of the lanes for all the kept files (those of at most their size).
        let kept = want
            .iter()
            .filter(|w| matches!(w, Ok((_, n)) if *n as usize <= crate::alg::lanes::MAX_INPUT))
            .count();
        assert!(kept > 1);
        assert_eq!(LANE_CALLS.take(), [kept]);
    }
}
