//! Hostile files at the library level: a file truncated or grown while it is being read
//! must give an error, never a digest (and a truncated memory map must not kill the
//! process with SIGBUS).

use khsum::algorithm::ReadHint;
use khsum::files::io::{MMAP_MIN, hash_path};
use khsum::{Backend, Error, Hasher};
use std::fs;
use std::path::PathBuf;

/// A "hasher" that changes the file under the reader at its first update, then touches
/// every byte it is given (so a mapped page past the new end is really read).
#[derive(Clone)]
struct Saboteur {
    path: PathBuf,
    new_len: u64,
    done: bool,
    sum: u64,
}

/// The read hint of a hasher hashed on all threads from a mapping (`mmap`), or of one on
/// one thread.
fn hint(mmap: bool) -> ReadHint {
    if mmap {
        ReadHint::ALL_THREADS
    } else {
        ReadHint::PLAIN
    }
}

impl Hasher for Saboteur {
    fn update(&mut self, data: &[u8]) {
        if !self.done {
            self.done = true;
            fs::OpenOptions::new()
                .write(true)
                .open(&self.path)
                .unwrap()
                .set_len(self.new_len)
                .unwrap();
        }
        self.sum = data
            .iter()
            .fold(self.sum, |a, &b| a.wrapping_add(u64::from(b)));
    }
    fn finish_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        out.copy_from_slice(&self.sum.to_le_bytes());
        Ok(())
    }
    fn output_len(&self) -> usize {
        8
    }
    fn backend(&self) -> Backend {
        Backend::Portable
    }
    fn box_clone(&self) -> Box<dyn Hasher> {
        Box::new(self.clone())
    }
}

fn sabotage(
    len: u64,
    new_len: u64,
    mmap: bool,
) -> Result<khsum::Digest, khsum::files::io::InputError> {
    sabotage_with(len, new_len, mmap, false)
}

/// [`sabotage`] with a hasher that asks for its mapping to be faulted in ahead (a hash
/// at memory speed).
fn sabotage_with(
    len: u64,
    new_len: u64,
    mmap: bool,
    ahead: bool,
) -> Result<khsum::Digest, khsum::files::io::InputError> {
    let d = tempfile::TempDir::new().unwrap();
    let path = d.path().join("f");
    fs::write(&path, vec![1u8; len as usize]).unwrap();
    let s = Saboteur {
        path: path.clone(),
        new_len,
        done: false,
        sum: 0,
    };
    let read = if ahead {
        ReadHint::MEMORY_SPEED
    } else {
        hint(mmap)
    };
    hash_path(&path, &s, read)
}

#[test]
fn truncated_while_mapped_is_an_error_not_a_crash() {
    let len = 8 * MMAP_MIN;
    let e = sabotage(len, 4096, true).unwrap_err();
    assert_eq!(e.reason, "file changed while being read");
    // And to zero.
    let e = sabotage(len, 0, true).unwrap_err();
    assert_eq!(e.reason, "file changed while being read");
}

/// The same with a helper thread faulting the mapping's pages in ahead of the hash
/// (`Large::MemorySpeed`): either thread may reach a page past the new end first. A pool
/// of 8 threads leaves one idle for the helper while other tests hash.
#[test]
fn truncated_while_mapped_and_faulted_ahead_is_an_error_not_a_crash() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(8)
        .build()
        .unwrap();
    let len = khsum::files::io::PIPELINE_MIN + 4096;
    for new_len in [len / 2, 4096, 0] {
        let e = pool
            .install(|| sabotage_with(len, new_len, false, true))
            .unwrap_err();
        assert_eq!(e.reason, "file changed while being read", "{new_len}");
    }
}

#[test]
fn grown_while_mapped_is_an_error() {
    let len = 2 * MMAP_MIN;
    let e = sabotage(len, 3 * len, true).unwrap_err();
    assert_eq!(e.reason, "file changed while being read");
}

#[test]
fn changed_while_read_is_an_error() {
    // Above the read buffer's size (1 MiB), a file the hasher does not map is read and
    // hashed in chunks; a size change while that goes on is caught.
    for (len, mmap) in [(2 << 20, false), (8 * MMAP_MIN, false)] {
        let e = sabotage(len, 10, mmap).unwrap_err();
        assert_eq!(e.reason, "file changed while being read");
        let e = sabotage(len, len + 5000, mmap).unwrap_err();
        assert_eq!(e.reason, "file changed while being read");
    }
}

/// A large file read by a helper thread into the ring (the default for hashers that
/// hash on one thread) that shrinks or grows while it is read is an error too.
#[test]
fn changed_while_read_by_the_ring_is_an_error() {
    let len = khsum::files::io::PIPELINE_MIN + 4096;
    for new_len in [len / 2, 0, len + 5] {
        let e = sabotage(len, new_len, false).unwrap_err();
        assert_eq!(e.reason, "file changed while being read", "{new_len}");
    }
}

#[test]
fn small_file_is_read_whole_before_hashing() {
    // Up to 1 MiB (and below the mmap threshold for hashers that map), the file is read
    // whole and checked before the hash starts, so a change made while hashing cannot
    // mix into the digest: the result is that of the bytes read. (The check of the read
    // itself is `io::tests::whole_read_checks_the_file` in the library.)
    for (len, mmap) in [(1000u64, true), (1000, false), (1 << 20, false)] {
        let sum = len.to_le_bytes().to_vec();
        assert_eq!(sabotage(len, 10, mmap).unwrap(), sum);
        assert_eq!(sabotage(len, len + 5000, mmap).unwrap(), sum);
    }
}

#[test]
fn an_untouched_file_hashes() {
    let d = tempfile::TempDir::new().unwrap();
    let path = d.path().join("f");
    fs::write(&path, vec![1u8; 3 * MMAP_MIN as usize]).unwrap();
    let s = Saboteur {
        path: path.clone(),
        new_len: 3 * MMAP_MIN,
        done: true,
        sum: 0,
    };
    let sum = (3 * MMAP_MIN).to_le_bytes();
    assert_eq!(hash_path(&path, &s, hint(true)).unwrap(), sum);
    assert_eq!(hash_path(&path, &s, hint(false)).unwrap(), sum);
}
