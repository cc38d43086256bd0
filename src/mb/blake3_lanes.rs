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

use super::MAX_LANES;
use super::consts::{BLAKE3_CHUNK_END, BLAKE3_CHUNK_START, BLAKE3_IV, BLAKE3_PARENT, BLAKE3_ROOT};
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

/// A lane's job in progress.
#[derive(Clone, Copy)]
struct Lane {
    /// The index of its job, or `None` when the lane is idle.
    job: Option<usize>,
    /// Blocks of the job done.
    pos: usize,
    /// The job's whole blocks hashed in place, in its data.
    body: usize,
    /// The job's last block, zero-padded, when it is partial (or the empty message's one
    /// block); `tail_len` bytes of it are the job's.
    tail: [u8; BLOCK],
    tail_len: usize,
    has_tail: bool,
}

impl Lane {
    const IDLE: Lane = Lane {
        job: None,
        pos: 0,
        body: 0,
        tail: [0; BLOCK],
        tail_len: 0,
        has_tail: false,
    };

    /// Puts job `j`, whose bytes are `data`, into the lane.
    fn start(&mut self, j: usize, data: &[u8]) {
        let whole = data.len() / BLOCK;
        let rest = data.len() % BLOCK;
        // A last block that is whole is hashed in place; a partial one (or the empty
        // message's empty block) from the padded copy.
        self.has_tail = rest != 0 || whole == 0;
        self.tail = [0; BLOCK];
        self.tail[..rest].copy_from_slice(&data[whole * BLOCK..]);
        self.tail_len = rest;
        self.body = whole;
        self.pos = 0;
        self.job = Some(j);
    }

    fn total(&self) -> usize {
        self.body + usize::from(self.has_tail)
    }

    /// The contiguous blocks the lane has next: the rest of its body, else its tail.
    fn segment<'a>(&'a self, data: &'a [u8]) -> &'a [u8] {
        if self.pos < self.body {
            &data[self.pos * BLOCK..self.body * BLOCK]
        } else {
            &self.tail
        }
    }
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

/// Runs `jobs` in the order `order` through the `n` lanes of `compress`, job `j`'s final
/// chaining value (or root output) into `out[j]`.
///
/// Each call gives every busy lane as many blocks as the one with the fewest left in its
/// current segment (its body in place, or its padded last block); a lane whose job is
/// done takes the next at once, and a lane left without one (at the end) is fed a busy
/// lane's blocks and its result ignored.
fn run_jobs(compress: Compress, n: usize, jobs: &[Job], order: &[usize], out: &mut [[u32; 8]]) {
    assert!((1..=MAX_LANES).contains(&n));
    let mut state_store = [0u32; 8 * MAX_LANES];
    let state = &mut state_store[..8 * n];
    let mut lane_store = [Lane::IDLE; MAX_LANES];
    let lanes = &mut lane_store[..n];
    let mut queue = order.iter().copied();
    let mut p = Params::default();
    loop {
        for (i, lane) in lanes.iter_mut().enumerate() {
            if lane.job.is_none()
                && let Some(j) = queue.next()
            {
                lane.start(j, jobs[j].data);
                for (w, &iv) in BLAKE3_IV.iter().enumerate() {
                    state[w * n + i] = iv;
                }
            }
        }
        let Some(fill) = lanes
            .iter()
            .find_map(|l| l.job.map(|j| l.segment(jobs[j].data)))
        else {
            break;
        };
        let mut data: [&[u8]; MAX_LANES] = [fill; MAX_LANES];
        let mut blocks = usize::MAX;
        for (d, lane) in data.iter_mut().zip(lanes.iter()) {
            if let Some(j) = lane.job {
                *d = lane.segment(jobs[j].data);
                blocks = blocks.min(d.len() / BLOCK);
            }
        }
        for (i, lane) in lanes.iter().enumerate() {
            let Some(j) = lane.job else {
                continue;
            };
            let job = &jobs[j];
            let ends = lane.pos + blocks == lane.total();
            p.counter_lo[i] = job.counter as u32;
            p.counter_hi[i] = (job.counter >> 32) as u32;
            p.base[i] = if job.chunk { 0 } else { BLAKE3_PARENT };
            p.start[i] = if job.chunk && lane.pos == 0 {
                BLAKE3_CHUNK_START
            } else {
                0
            };
            p.end[i] = match (ends, job.chunk, job.root) {
                (false, _, _) => 0,
                (true, true, false) => BLAKE3_CHUNK_END,
                (true, true, true) => BLAKE3_CHUNK_END | BLAKE3_ROOT,
                (true, false, root) => {
                    if root {
                        BLAKE3_ROOT
                    } else {
                        0
                    }
                }
            };
            p.last_len[i] = if lane.pos < lane.body {
                BLOCK as u32
            } else {
                lane.tail_len as u32
            };
        }
        compress(state, &data[..n], blocks, &p);
        for (i, lane) in lanes.iter_mut().enumerate() {
            let Some(j) = lane.job else {
                continue;
            };
            lane.pos += blocks;
            if lane.pos == lane.total() {
                for (w, o) in out[j].iter_mut().enumerate() {
                    *o = state[w * n + i];
                }
                lane.job = None;
            }
        }
    }
}
