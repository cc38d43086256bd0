//! BLAKE3 of many messages at once: the lane scheduler over the multi-buffer kernels'
//! `blake3` compression (`super::kernels!`).
//!
//! BLAKE3 (the specification's section 2) splits a message into 1 KiB chunks, compresses
//! each chunk's 64-byte blocks into a chaining value, and merges the chunks' values
//! pairwise in a binary tree of parent nodes, one compression each. Every chunk and every
//! parent of every message is an independent job, so one lane takes any job of any
//! message. The blake3 crate already runs the chunks of ONE message in SIMD lanes; what
//! lanes across messages add is for small files: a file of 1 KiB is one chunk, 16
//! compressions in a chain, and a few chunks fill only a few of the crate's lanes.
//!
//! A batch goes in two phases:
//!
//! 1. every chunk of every message, longest first, in the lanes; a lane that finishes
//!    its chunk takes the next at once, each lane with its own counter (the chunk's index
//!    in its message) and flags;
//! 2. the tree, one level at a time: adjacent pairs of a message's nodes become parent
//!    jobs and an odd last node moves up unchanged. This is the left-complete tree of the
//!    specification (section 2.1): the left subtree of `n` chunks holds the largest power
//!    of two below `n`, which pairing from the left builds level by level.
//!
//! The root is the message's one chunk (one-chunk messages) or its last parent, compressed
//! with the ROOT flag; its first eight output words, little-endian, are the 32-byte hash.
//! Longer outputs (the extendable output) and the keyed and key-derivation modes stay with
//! the crate: the registry gives lanes to the plain 32-byte hash only.

use super::consts::{BLAKE3_CHUNK_END, BLAKE3_CHUNK_START, BLAKE3_IV, BLAKE3_PARENT, BLAKE3_ROOT};
use super::scheduler::{self, Jobs, MAX_LANES, MAX_TAIL, MAX_WORDS, Step};
use crate::hasher::Digest;

/// Bytes of a chunk.
const CHUNK: usize = 1024;
/// Bytes of a block.
const BLOCK: usize = 64;

/// The per-lane inputs of one kernel call, one entry per lane (those past the kernel's
/// lanes unused). Flag bits never overlap, so the kernel XORs them together.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Params {
    /// The counter's low and high words: the chunk's index in its message (0 for parents).
    pub(super) counter_lo: [u32; MAX_LANES],
    pub(super) counter_hi: [u32; MAX_LANES],
    /// Flags of every block of the call.
    pub(super) base: [u32; MAX_LANES],
    /// Flags added to the call's first block.
    pub(super) start: [u32; MAX_LANES],
    /// Flags added to the call's last block.
    pub(super) end: [u32; MAX_LANES],
    /// The length of the call's last block (the others are whole, 64 bytes).
    pub(super) last_len: [u32; MAX_LANES],
}

/// A kernel: `compress(state, lanes, blocks, params)` compresses `blocks` blocks from the
/// start of every lane's slice into that lane's chaining value (word `w` of lane `i` at
/// `state[w * lanes + i]`).
pub(super) type Compress = fn(&mut [u32], &[&[u8]], usize, &Params);

/// One compression job: a chunk (up to 16 blocks) or a parent node (one block, the two
/// children's chaining values).
struct Job<'a> {
    data: &'a [u8],
    /// The chunk's index in its message; 0 for a parent.
    counter: u64,
    /// A chunk (CHUNK_START and CHUNK_END flags), or a parent (PARENT).
    chunk: bool,
    /// The message's root: the ROOT flag on its last block.
    root: bool,
}

/// The 32-byte BLAKE3 hashes of `msgs`, in order, through `compress`, a kernel of `lanes`
/// lanes.
pub(super) fn digest_many(compress: Compress, lanes: usize, msgs: &[&[u8]]) -> Vec<Digest> {
    // Phase 1: every chunk; `first[m]..first[m + 1]` are message m's.
    let mut jobs = Vec::new();
    let mut first = Vec::with_capacity(msgs.len() + 1);
    for msg in msgs {
        first.push(jobs.len());
        let chunks = msg.len().div_ceil(CHUNK).max(1);
        for c in 0..chunks {
            jobs.push(Job {
                data: &msg[c * CHUNK..msg.len().min((c + 1) * CHUNK)],
                counter: c as u64,
                chunk: true,
                root: chunks == 1,
            });
        }
    }
    first.push(jobs.len());
    // Longest first: the whole chunks as they come, then the partial ones by length.
    let (mut order, mut partial): (Vec<usize>, Vec<usize>) =
        (0..jobs.len()).partition(|&j| jobs[j].data.len() == CHUNK);
    partial.sort_unstable_by_key(|&j| std::cmp::Reverse(jobs[j].data.len()));
    order.append(&mut partial);
    let mut cvs = vec![[0u32; 8]; jobs.len()];
    run_jobs(compress, lanes, &jobs, &order, &mut cvs);

    // Phase 2: the tree, a level at a time. Message m's current level is
    // `cvs[first[m]..first[m] + len[m]]`, each level written over the one below.
    let mut len: Vec<usize> = first.windows(2).map(|w| w[1] - w[0]).collect();
    let mut blocks: Vec<[u8; BLOCK]> = Vec::new();
    let mut roots: Vec<bool> = Vec::new();
    let mut parents = Vec::new();
    loop {
        blocks.clear();
        roots.clear();
        for (&start, &n) in first.iter().zip(&len) {
            for pair in cvs[start..start + n].chunks_exact(2) {
                blocks.push(parent_block(&pair[0], &pair[1]));
                roots.push(n == 2);
            }
        }
        if blocks.is_empty() {
            break;
        }
        let jobs: Vec<Job> = blocks
            .iter()
            .zip(&roots)
            .map(|(b, &root)| Job {
                data: b,
                counter: 0,
                chunk: false,
                root,
            })
            .collect();
        let order: Vec<usize> = (0..jobs.len()).collect();
        parents.clear();
        parents.resize(jobs.len(), [0u32; 8]);
        run_jobs(compress, lanes, &jobs, &order, &mut parents);
        let mut next = parents.iter();
        for (&start, n) in first.iter().zip(&mut len) {
            let pairs = *n / 2;
            for (slot, p) in cvs[start..start + pairs].iter_mut().zip(next.by_ref()) {
                *slot = *p;
            }
            if *n % 2 == 1 && *n > 1 {
                // The odd last node moves up unchanged.
                cvs[start + pairs] = cvs[start + *n - 1];
            }
            *n = n.div_ceil(2);
        }
    }
    first[..msgs.len()]
        .iter()
        .map(|&start| {
            let mut d = Digest::zeroed(32);
            for (o, w) in d.chunks_exact_mut(4).zip(cvs[start]) {
                o.copy_from_slice(&w.to_le_bytes());
            }
            d
        })
        .collect()
}

/// A parent node's block: the left child's chaining value, then the right's, as
/// little-endian words.
fn parent_block(left: &[u32; 8], right: &[u32; 8]) -> [u8; BLOCK] {
    let mut b = [0u8; BLOCK];
    for (o, w) in b.chunks_exact_mut(4).zip(left.iter().chain(right)) {
        o.copy_from_slice(&w.to_le_bytes());
    }
    b
}

/// A batch's jobs of one phase, through one kernel.
struct Batch<'j, 'a> {
    compress: Compress,
    jobs: &'j [Job<'a>],
}

impl<'a> Jobs<'a> for Batch<'_, 'a> {
    type W = u32;
    const BLOCK: usize = BLOCK;

    fn iv(&self) -> &[u32] {
        &BLAKE3_IV
    }

    fn data(&self, j: usize) -> &'a [u8] {
        self.jobs[j].data
    }

    /// A last block that is whole is hashed in place; a partial one (or the empty
    /// message's empty block) from a zero-padded copy.
    fn start(&self, j: usize, tail: &mut [u8; MAX_TAIL]) -> (usize, usize) {
        let data = self.jobs[j].data;
        let whole = data.len() / BLOCK;
        let rest = data.len() % BLOCK;
        tail[..BLOCK].fill(0);
        tail[..rest].copy_from_slice(&data[whole * BLOCK..]);
        (whole, usize::from(rest != 0 || whole == 0))
    }

    fn compress(&self, state: &mut [u32], data: &[&[u8]], blocks: usize, steps: &[Option<Step>]) {
        let mut p = Params::default();
        for (i, step) in steps.iter().enumerate() {
            let Some(s) = step else { continue };
            let job = &self.jobs[s.job];
            p.counter_lo[i] = job.counter as u32;
            p.counter_hi[i] = (job.counter >> 32) as u32;
            p.base[i] = if job.chunk { 0 } else { BLAKE3_PARENT };
            p.start[i] = if job.chunk && s.first {
                BLAKE3_CHUNK_START
            } else {
                0
            };
            let end = if job.chunk { BLAKE3_CHUNK_END } else { 0 };
            let root = if job.root { BLAKE3_ROOT } else { 0 };
            p.end[i] = if s.last { end | root } else { 0 };
            p.last_len[i] = if s.tail {
                (job.data.len() % BLOCK) as u32
            } else {
                BLOCK as u32
            };
        }
        (self.compress)(state, data, blocks, &p);
    }
}

/// Runs `jobs` in the order `order` through the `n` lanes of `compress` ([`scheduler::run`]),
/// job `j`'s final chaining value (or root output) into `out[j]`.
fn run_jobs(
    compress: Compress,
    n: usize,
    jobs: &[Job],
    order: &[usize],
    out: &mut [[u32; MAX_WORDS]],
) {
    scheduler::run(&Batch { compress, jobs }, n, order.iter().copied(), out);
}
