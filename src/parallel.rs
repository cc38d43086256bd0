//! An ordered parallel map: work runs on the rayon pool, results come back to the calling
//! thread in input order as soon as each one's turn comes, with a bounded number in
//! flight so memory stays bounded however many inputs there are.

use std::collections::BTreeMap;
use std::sync::mpsc;

/// Runs `work` on every item on the rayon pool and hands the results to `sink` in input
/// order, on the calling thread. At most `window` results are in flight or waiting. `idle`
/// is called whenever the caller is about to wait for a result (the moment to flush
/// output). When `sink` returns `false`, no further items are started and the function
/// returns once the running ones finish.
pub fn for_each_ordered<I, T, W, S, D>(items: I, window: usize, work: W, mut sink: S, mut idle: D)
where
    I: Iterator,
    I::Item: Send,
    T: Send,
    W: Fn(I::Item) -> T + Sync,
    S: FnMut(T) -> bool,
    D: FnMut(),
{
    let window = window.max(1);
    let (tx, rx) = mpsc::channel::<(usize, T)>();
    let work = &work;
    rayon::in_place_scope(|scope| {
        let mut items = items.fuse();
        let mut submitted = 0usize;
        let mut emitted = 0usize;
        let mut waiting: BTreeMap<usize, T> = BTreeMap::new();
        let mut stop = false;
        loop {
            while !stop && submitted - emitted < window {
                let Some(item) = items.next() else { break };
                let tx = tx.clone();
                let idx = submitted;
                scope.spawn(move |_| {
                    // The receiver lives until the scope ends, so this cannot fail.
                    let _ = tx.send((idx, work(item)));
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
            while let Some(t) = waiting.remove(&emitted) {
                emitted += 1;
                if !stop && !sink(t) {
                    stop = true;
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_order_and_stops() {
        let mut got = Vec::new();
        for_each_ordered(0..1000u32, 7, |x| x * 2, |y| {
            got.push(y);
            true
        }, || {});
        assert_eq!(got, (0..1000).map(|x| x * 2).collect::<Vec<_>>());
        let mut n = 0;
        for_each_ordered(0..1000u32, 4, |x| x, |_| {
            n += 1;
            n < 10
        }, || {});
        assert_eq!(n, 10);
    }
}
