//! The floor under a no-change `khsum audit` (`benches/audit.sh` prints it): a walk of a
//! tree that does nothing but read each directory and `stat` each file in it (std's
//! `read_dir`, then each entry's metadata, `statx` from its directory), on one thread and
//! on two (the tree's top directories dealt out in turn).
//!
//! Run: `cargo bench --bench stat_walk -- DIR`. Each figure is the median of 7 runs (wall
//! clock, page-cached; repeat on a quiet machine).

use std::path::PathBuf;
use std::time::Instant;

/// Files met and their bytes, under `dirs`.
fn walk(mut dirs: Vec<PathBuf>) -> (u64, u64) {
    let (mut files, mut bytes) = (0, 0);
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("a readable directory") {
            let e = e.expect("a readable directory");
            let m = e.metadata().expect("a file that stays");
            if m.is_dir() {
                dirs.push(e.path());
            } else {
                files += 1;
                bytes += m.len();
            }
        }
    }
    (files, bytes)
}

fn main() {
    let root = PathBuf::from(
        std::env::args()
            .skip(1)
            .find(|a| !a.starts_with('-'))
            .expect("usage: cargo bench --bench stat_walk -- DIR"),
    );
    // The directories under DIR, dealt out to the threads (files directly in DIR are
    // left out; benches/audit.sh's tree has none).
    let mut tops: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("a readable directory")
        .map(|e| e.expect("a readable directory").path())
        .filter(|p| p.is_dir())
        .collect();
    tops.sort();
    for threads in [1, 2] {
        let mut times: Vec<f64> = (0..7)
            .map(|_| {
                let start = Instant::now();
                let parts: Vec<Vec<PathBuf>> = (0..threads)
                    .map(|i| tops.iter().skip(i).step_by(threads).cloned().collect())
                    .collect();
                let met: Vec<(u64, u64)> = std::thread::scope(|s| {
                    let hs: Vec<_> = parts
                        .into_iter()
                        .map(|p| s.spawn(move || walk(p)))
                        .collect();
                    hs.into_iter().map(|h| h.join().expect("a walk")).collect()
                });
                std::hint::black_box(met);
                start.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!("stat-only walk, {threads} thread(s): {:.3} s", times[3]);
    }
}
