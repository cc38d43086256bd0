//! The lane scheduler every multi-buffer kernel runs under: the Merkle–Damgård hashes'
//! messages (`super::lanes_run`) and BLAKE3's chunk and parent jobs (`super::blake3_lanes`).
//!
//! A job is a run of whole blocks hashed in place from its data (its body), then up to
//! [`MAX_TAIL`] bytes of blocks the job builds itself (its tail: MD padding with a length
//! field, or BLAKE3's zero-padded last block). Each kernel call gives every busy lane as
//! many blocks as the one with the fewest left in its current segment (body or tail); a
//! lane whose job is done takes the next at once, and a lane left without one (at the
//! end) is fed a busy lane's blocks and its result ignored. Callers pass jobs longest
//! first, which keeps that end, where lanes idle, short.

/// The most lanes of any kernel.
pub(super) const MAX_LANES: usize = 16;
/// The longest tail: two SHA-512 blocks.
pub(super) const MAX_TAIL: usize = 256;
/// The most state words of a lane.
pub(super) const MAX_WORDS: usize = 8;

/// What a kernel call does for one busy lane.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    /// The lane's job.
    pub(super) job: usize,
    /// The call starts the job (its first block).
    pub(super) first: bool,
    /// The call ends the job (its last block).
    pub(super) last: bool,
    /// The call's blocks are the job's tail.
    pub(super) tail: bool,
}

/// A hash's jobs, as the scheduler sees them.
pub(super) trait Jobs<'a> {
    /// A state word.
    type W: Copy + Default;
    /// Block length in bytes.
    const BLOCK: usize;
    /// The initial state of every job (at most [`MAX_WORDS`] words).
    fn iv(&self) -> &[Self::W];
    /// Job `j`'s bytes.
    fn data(&self, j: usize) -> &'a [u8];
    /// Builds job `j`'s tail at the start of `tail`; returns the job's blocks in place
    /// (the first ones of its data) and in the tail.
    fn start(&self, j: usize, tail: &mut [u8; MAX_TAIL]) -> (usize, usize);
    /// One kernel call: `blocks` blocks from the start of every lane's slice into its
    /// column of the word-major `state`; `steps[i]` is lane `i`'s job (`None`: idle, fed
    /// another lane's blocks).
    fn compress(
        &self,
        state: &mut [Self::W],
        data: &[&[u8]],
        blocks: usize,
        steps: &[Option<Step>],
    );
}

/// A lane's job in progress.
#[derive(Clone, Copy)]
struct Lane {
    /// The job, or `None` when the lane is idle.
    job: Option<usize>,
    /// Blocks of the job done.
    pos: usize,
    /// Blocks hashed in place, from the job's data.
    body: usize,
    /// The job's tail, `tail_blocks` blocks.
    tail: [u8; MAX_TAIL],
    tail_blocks: usize,
}

impl Lane {
    const IDLE: Lane = Lane {
        job: None,
        pos: 0,
        body: 0,
        tail: [0; MAX_TAIL],
        tail_blocks: 0,
    };

    /// The contiguous blocks the lane has next (`block` bytes each): the rest of its
    /// body, else of its tail.
    fn segment<'s>(&'s self, data: &'s [u8], block: usize) -> &'s [u8] {
        if self.pos < self.body {
            &data[self.pos * block..self.body * block]
        } else {
            &self.tail[(self.pos - self.body) * block..self.tail_blocks * block]
        }
    }
}

/// Runs the jobs of `order` through `n` lanes, job `j`'s final state words into `out[j]`
/// (its first `jobs.iv().len()`).
pub(super) fn run<'a, J: Jobs<'a>>(
    jobs: &J,
    n: usize,
    order: impl IntoIterator<Item = usize>,
    out: &mut [[J::W; MAX_WORDS]],
) {
    assert!((1..=MAX_LANES).contains(&n));
    let iv = jobs.iv();
    let words = iv.len();
    assert!(words <= MAX_WORDS);
    let mut state_store = [J::W::default(); MAX_WORDS * MAX_LANES];
    let state = &mut state_store[..words * n];
    let mut lane_store = [Lane::IDLE; MAX_LANES];
    let lanes = &mut lane_store[..n];
    let mut queue = order.into_iter();
    loop {
        for (i, lane) in lanes.iter_mut().enumerate() {
            if lane.job.is_none()
                && let Some(j) = queue.next()
            {
                (lane.body, lane.tail_blocks) = jobs.start(j, &mut lane.tail);
                // A job of no blocks would never end.
                assert!(lane.body + lane.tail_blocks > 0, "job {j} has no blocks");
                lane.pos = 0;
                lane.job = Some(j);
                for (w, &v) in iv.iter().enumerate() {
                    state[w * n + i] = v;
                }
            }
        }
        let Some(fill) = lanes
            .iter()
            .find_map(|l| l.job.map(|j| l.segment(jobs.data(j), J::BLOCK)))
        else {
            break;
        };
        let mut data: [&[u8]; MAX_LANES] = [fill; MAX_LANES];
        let mut blocks = usize::MAX;
        for (d, lane) in data.iter_mut().zip(lanes.iter()) {
            if let Some(j) = lane.job {
                *d = lane.segment(jobs.data(j), J::BLOCK);
                blocks = blocks.min(d.len() / J::BLOCK);
            }
        }
        let mut steps = [None; MAX_LANES];
        for (s, lane) in steps.iter_mut().zip(lanes.iter()) {
            *s = lane.job.map(|job| Step {
                job,
                first: lane.pos == 0,
                last: lane.pos + blocks == lane.body + lane.tail_blocks,
                tail: lane.pos >= lane.body,
            });
        }
        jobs.compress(state, &data[..n], blocks, &steps[..n]);
        for (i, lane) in lanes.iter_mut().enumerate() {
            let Some(j) = lane.job else { continue };
            lane.pos += blocks;
            if lane.pos == lane.body + lane.tail_blocks {
                for (w, o) in out[j][..words].iter_mut().enumerate() {
                    *o = state[w * n + i];
                }
                lane.job = None;
            }
        }
    }
}
