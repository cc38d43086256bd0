//! Quoting hostile names for diagnostics (`khsum::files::names::quote`): the time per byte for
//! names from 16 KiB to 4 MiB, each made of quotes, control characters and bytes that are
//! not UTF-8. Linear quoting shows a flat ns/byte column; the quadratic quoting of
//! issue 24 took about 4 s for one 512 KiB name and 16 s for 1 MiB.
//!
//! Run: `cargo bench --bench names`. Each figure is the median of 15 runs (wall clock;
//! repeat on a quiet machine).

use khsum::files::names::quote;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let unit: &[u8] = b"ab'\n\xff c\x01";
    println!("{:>10} {:>12} {:>8}", "bytes", "median ns", "ns/byte");
    for shift in 14..=22 {
        let len = 1usize << shift;
        let name: Vec<u8> = unit.iter().copied().cycle().take(len).collect();
        let mut times: Vec<u128> = (0..15)
            .map(|_| {
                let t = Instant::now();
                black_box(quote(black_box(&name)));
                t.elapsed().as_nanos()
            })
            .collect();
        times.sort_unstable();
        let median = times[times.len() / 2];
        println!("{len:>10} {median:>12} {:>8.2}", median as f64 / len as f64);
    }
}
