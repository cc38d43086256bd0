//! An ordered parallel map: work runs on the rayon pool, results come back to the calling
//! thread in input order as soon as each one's turn comes, with a bounded number in
//! flight so memory stays bounded however many inputs there are.

use std::collections::BTreeMap;

/// A good `max_batch` for hashing files: 128 small files per task (measured: 20,000
/// small files take 98 ms with 128, 106 ms with 32).
pub const FILE_BATCH: usize = 128;
use std::sync::mpsc;

/// Runs `work` on every item on the rayon pool and hands the results to `sink` in input
/// order, on the calling thread. Items go to the pool in batches of up to `max_batch` (one
/// task and one wake-up of the calling thread per batch, which is what makes thousands of
/// small files cheap). A batch is never larger than a quarter of the items left per thread
/// when the iterator knows exactly how many are left (so batches shrink towards the end and
/// the threads finish together), or else of the items started so far, so a few large
/// inputs still run one per thread. At most `window` batches are in flight or
/// waiting. `idle` is
/// called whenever the caller is about to wait for a result (the moment to flush output).
/// When `sink` returns `false`, no further items are started and the function returns
/// once the running ones finish.
///
/// With a pool of one thread (`-j1`), the items run on the calling thread strictly one
/// after another, in order: the next item is taken only after the previous one's result
/// went to `sink` (a spinning disk reads one file at a time).
///
/// A panic in `work` never leaves the caller waiting: no further items are started, the
/// ones in flight are waited for (their results still go to `sink` in order, up to the
/// batch that panicked), and the panic is then raised again on the calling thread.
/// (Hashing catches its own panics and turns them into errors for the input:
/// `io::hash_file`.)
pub fn for_each_ordered<I, T, W, S, D>(
    items: I,
    window: usize,
    max_batch: usize,
    work: W,
    sink: S,
    idle: D,
) where
    I: Iterator,
    I::Item: Send,
    T: Send,
    W: Fn(I::Item) -> T + Sync,
    S: FnMut(T) -> bool,
    D: FnMut(),
{
    let work = &work;
    for_each_ordered_batch(
        items,
        window,
        max_batch,
        1,
        |chunk: Vec<I::Item>| chunk.into_iter().map(work).collect(),
        sink,
        idle,
    );
}

/// [`for_each_ordered`] with the work done a batch at a time: `work` gets each batch's
/// items (in order) and returns their results in the same order, so the items of one
/// batch can be hashed together (the multi-buffer kernels: `crate::files::batch`). With a pool of
/// one thread (`-j1`), batches of `serial` items run on the calling thread one after
/// another, each batch's results going to `sink` before the next batch is read.
pub fn for_each_ordered_batch<I, T, W, S, D>(
    items: I,
    window: usize,
    max_batch: usize,
    serial: usize,
    work: W,
    mut sink: S,
    idle: D,
) where
    I: Iterator,
    I::Item: Send,
    T: Send,
    W: Fn(Vec<I::Item>) -> Vec<T> + Sync,
    S: FnMut(T) -> bool,
    D: FnMut(),
{
    let window = window.max(1);
    let threads = rayon::current_num_threads().max(1);
    if threads == 1 {
        let mut items = items.fuse();
        loop {
            let chunk: Vec<I::Item> = items.by_ref().take(serial.max(1)).collect();
            if chunk.is_empty() {
                return;
            }
            for t in work(chunk) {
                if !sink(t) {
                    return;
                }
            }
        }
    }
    ordered_batches(items, window, max_batch, threads, work, sink, idle);
}

/// The pool half of [`for_each_ordered_batch`].
fn ordered_batches<I, T, W, S, D>(
    items: I,
    window: usize,
    max_batch: usize,
    threads: usize,
    work: W,
    mut sink: S,
    mut idle: D,
) where
    I: Iterator,
    I::Item: Send,
    T: Send,
    W: Fn(Vec<I::Item>) -> Vec<T> + Sync,
    S: FnMut(T) -> bool,
    D: FnMut(),
{
    // A batch whose work panicked comes back as the panic's payload; the panic is raised
    // again on this thread once every batch in flight is back (never a wait for a
    // result that will not come).
    type Batch<T> = Result<Vec<T>, Box<dyn std::any::Any + Send>>;
    let (tx, rx) = mpsc::channel::<(usize, Batch<T>)>();
    let work = &work;
    let mut panicked = None;
    rayon::in_place_scope(|scope| {
        let mut items = items.fuse();
        let mut submitted = 0usize;
        let mut started_items = 0usize;
        let mut emitted = 0usize;
        let mut waiting: BTreeMap<usize, Batch<T>> = BTreeMap::new();
        let mut stop = false;
        loop {
            while !stop && submitted - emitted < window {
                // With an exact count of the items left, batches shrink towards the end
                // so the threads finish together; otherwise they grow with the items seen.
                let known = match items.size_hint() {
                    (left, Some(upper)) if left == upper => left,
                    (left, _) => started_items.max(left),
                };
                let batch = (known / (4 * threads)).clamp(1, max_batch.max(1));
                let chunk: Vec<I::Item> = items.by_ref().take(batch).collect();
                if chunk.is_empty() {
                    break;
                }
                started_items += chunk.len();
                let tx = tx.clone();
                let idx = submitted;
                scope.spawn(move |_| {
                    let done =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(chunk)));
                    // The receiver lives until the scope ends, so this cannot fail.
                    let _ = tx.send((idx, done));
                });
                submitted += 1;
            }
            if emitted == submitted {
                break;
            }
            let (i, t) = match rx.try_recv() {
                Ok(v) => v,
                Err(_) => {
                    idle();
                    rx.recv().expect("a worker holds a sender until it sends")
                }
            };
            waiting.insert(i, t);
            while let Some(batch) = waiting.remove(&emitted) {
                emitted += 1;
                match batch {
                    Ok(ts) => {
                        for t in ts {
                            if !stop && !sink(t) {
                                stop = true;
                            }
                        }
                    }
                    Err(payload) => {
                        // Nothing more is started; the batches in flight are waited for.
                        stop = true;
                        panicked.get_or_insert(payload);
                    }
                }
            }
        }
    });
    if let Some(payload) = panicked {
        std::panic::resume_unwind(payload);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_order_and_stops() {
        let mut got = Vec::new();
        for_each_ordered(
            0..1000u32,
            7,
            3,
            |x| x * 2,
            |y| {
                got.push(y);
                true
            },
            || {},
        );
        assert_eq!(got, (0..1000).map(|x| x * 2).collect::<Vec<_>>());
        let mut n = 0;
        for_each_ordered(
            0..1000u32,
            4,
            1,
            |x| x,
            |_| {
                n += 1;
                n < 10
            },
            || {},
        );
        assert_eq!(n, 10);
    }

    /// A panicking item on a pool of two threads: the call returns (by raising the panic
    /// again on the caller) instead of waiting forever, and the results before the
    /// panicking batch were delivered in order. Before, the caller kept a sender and the
    /// call never returned.
    #[test]
    fn a_panicking_worker_never_hangs() {
        let (done_tx, done_rx) = mpsc::channel();
        std::thread::spawn(move || {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(2)
                .build()
                .unwrap();
            let mut got = Vec::new();
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                pool.install(|| {
                    for_each_ordered(
                        0..100u32,
                        4,
                        1,
                        |x| {
                            assert!(x != 50, "item 50 panics");
                            x
                        },
                        |y| {
                            got.push(y);
                            true
                        },
                        || {},
                    )
                })
            }));
            let msg = r.err().and_then(|p| {
                p.downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| p.downcast_ref::<String>().cloned())
            });
            done_tx.send((msg, got)).unwrap();
        });
        let (msg, got) = done_rx
            .recv_timeout(std::time::Duration::from_secs(120))
            .expect("for_each_ordered returned");
        assert_eq!(msg.as_deref(), Some("item 50 panics"));
        assert_eq!(got, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn batches_keep_order_on_one_thread_and_many() {
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut got = Vec::new();
            let mut sizes = std::sync::Mutex::new(Vec::new());
            pool.install(|| {
                for_each_ordered_batch(
                    0..1000u32,
                    5,
                    16,
                    7,
                    |chunk: Vec<u32>| {
                        sizes.lock().unwrap().push(chunk.len());
                        chunk.into_iter().map(|x| x + 1).collect()
                    },
                    |y| {
                        got.push(y);
                        true
                    },
                    || {},
                )
            });
            assert_eq!(got, (1..=1000).collect::<Vec<_>>(), "{threads} threads");
            let sizes = sizes.get_mut().unwrap();
            let most = if threads == 1 { 7 } else { 16 };
            assert!(sizes.iter().all(|&n| (1..=most).contains(&n)), "{sizes:?}");
            assert_eq!(sizes.iter().sum::<usize>(), 1000);
        }
    }
}
