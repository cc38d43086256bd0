//! Measurement for `khsum bench`: a cycle counter (Linux perf core cycles where the
//! kernel offers them, else the x86-64 time-stamp counter or the aarch64 generic timer,
//! else nanoseconds), a timed
//! loop with warm-up and repeated samples, robust statistics, CPU facts for the report
//! header, and the SVG plot.

#[cfg(target_arch = "aarch64")]
mod cntvct;
#[cfg(target_arch = "x86_64")]
mod tsc;

use crate::Params;
use crate::algorithm::Algorithm;
use crate::backend::Backend;
use crate::hasher::Error;
use crate::key::Key;
use crate::key::KeyRule;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// What the cycle figures count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterKind {
    /// Real core cycles from a Linux perf event.
    PerfCycles,
    /// Time-stamp-counter ticks at the TSC's nominal frequency.
    Tsc,
    /// aarch64 generic-timer ticks (`CNTVCT_EL0`): a fixed-rate timer, not core cycles.
    GenericTimer,
    /// No cycle counter: only nanoseconds are reported.
    Nanoseconds,
}

impl CounterKind {
    /// How the report header names the unit.
    pub fn describe(self) -> &'static str {
        match self {
            CounterKind::PerfCycles => "core cycles (Linux perf event)",
            CounterKind::Tsc => {
                "TSC cycles at the TSC's nominal frequency (perf core-cycle events unavailable here)"
            }
            CounterKind::GenericTimer => {
                "generic-timer ticks (CNTVCT_EL0; timer ticks, NOT core cycles: perf core-cycle events unavailable here)"
            }
            CounterKind::Nanoseconds => "nanoseconds (no cycle counter on this architecture)",
        }
    }
}

/// A cycle counter.
pub struct Counter {
    kind: CounterKind,
    #[cfg(target_os = "linux")]
    perf: Option<perf_event::Counter>,
}

impl Counter {
    /// The best counter available: perf core cycles, else TSC, else none.
    pub fn new() -> Counter {
        #[cfg(target_os = "linux")]
        {
            use perf_event::events::Hardware;
            if let Ok(mut c) = perf_event::Builder::new(Hardware::CPU_CYCLES).build()
                && c.enable().is_ok()
                && c.read().is_ok()
            {
                return Counter {
                    kind: CounterKind::PerfCycles,
                    perf: Some(c),
                };
            }
        }
        Counter {
            kind: if cfg!(target_arch = "x86_64") {
                CounterKind::Tsc
            } else if cfg!(target_arch = "aarch64") {
                CounterKind::GenericTimer
            } else {
                CounterKind::Nanoseconds
            },
            #[cfg(target_os = "linux")]
            perf: None,
        }
    }

    /// What this counter counts.
    pub fn kind(&self) -> CounterKind {
        self.kind
    }

    /// The current count (0 for [`CounterKind::Nanoseconds`]).
    #[inline(always)]
    pub fn read(&mut self) -> u64 {
        #[cfg(target_os = "linux")]
        if let Some(p) = &mut self.perf {
            return p.read().unwrap_or(0);
        }
        #[cfg(target_arch = "x86_64")]
        {
            tsc::read()
        }
        #[cfg(target_arch = "aarch64")]
        {
            cntvct::read()
        }
        #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
        {
            0
        }
    }
}

impl Default for Counter {
    fn default() -> Self {
        Counter::new()
    }
}

/// Facts about this machine for the report header.
#[derive(Clone, Debug)]
pub struct CpuInfo {
    /// The CPU model name.
    pub model: String,
    /// Logical cores.
    pub logical_cores: usize,
    /// SIMD features detected at run time.
    pub features: Vec<&'static str>,
    /// The TSC frequency measured against the OS clock, in Hz (x86-64 only).
    pub tsc_hz: Option<f64>,
    /// The generic timer's frequency from `CNTFRQ_EL0`, in Hz (aarch64 only).
    pub timer_hz: Option<f64>,
}

/// Reads the CPU model and core count and measures the TSC frequency over `window`.
pub fn cpu_info(window: Duration) -> CpuInfo {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |name: &str| {
        cpuinfo
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_once(':'))
            .map(|(_, m)| m.trim().to_string())
    };
    // aarch64 Linux names no model: the implementer and part codes identify the core.
    let model = field("model name").unwrap_or_else(|| {
        match (field("CPU implementer"), field("CPU part")) {
            (Some(i), Some(p)) => format!("{} (implementer {i}, part {p})", std::env::consts::ARCH),
            _ => std::env::consts::ARCH.to_string(),
        }
    });
    CpuInfo {
        model,
        logical_cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        features: crate::backend::detected_features(),
        tsc_hz: tsc_hz(window),
        timer_hz: timer_hz(),
    }
}

fn timer_hz() -> Option<f64> {
    #[cfg(target_arch = "aarch64")]
    {
        Some(cntvct::frequency() as f64)
    }
    #[cfg(not(target_arch = "aarch64"))]
    {
        None
    }
}

fn tsc_hz(window: Duration) -> Option<f64> {
    #[cfg(target_arch = "x86_64")]
    {
        let t0 = Instant::now();
        let c0 = tsc::read();
        while t0.elapsed() < window {
            std::hint::spin_loop();
        }
        let c1 = tsc::read();
        let dt = t0.elapsed().as_secs_f64();
        Some((c1 - c0) as f64 / dt)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = window;
        None
    }
}

/// One measured point.
#[derive(Clone, Debug)]
pub struct Measurement {
    /// Canonical algorithm name.
    pub algorithm: &'static str,
    /// The backend measured.
    pub backend: Backend,
    /// Messages hashed at once: 1 for the single-stream path, the lanes of a
    /// multi-buffer kernel (whose figures are then aggregate over its lanes).
    pub lanes: usize,
    /// Message size in bytes.
    pub bytes: usize,
    /// Whether the hasher was keyed (see [`keyings`]).
    pub keyed: bool,
    /// Median cycles per byte (of [`Counter::kind`]); `None` without a cycle counter.
    pub cycles_per_byte: Option<f64>,
    /// Relative spread of the samples: (p75 − p25) / median.
    pub spread: f64,
    /// Median throughput in GB/s (10^9 bytes per second).
    pub gb_per_s: f64,
    /// Samples taken after warm-up.
    pub samples: usize,
}

impl Measurement {
    /// The backend as reports name it: `avx2`, or `avx2x8` for a multi-buffer kernel.
    pub fn backend_label(&self) -> String {
        if self.lanes > 1 {
            format!("{}x{}", self.backend.name(), self.lanes)
        } else {
            self.backend.name().to_string()
        }
    }

    /// Whether the samples disagree enough that the figure should not be trusted.
    pub fn noisy(&self) -> bool {
        self.spread > 0.10
    }
}

/// How long each measurement may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Warm-up time before sampling.
    pub warmup: Duration,
    /// Target duration of one sample.
    pub sample: Duration,
    /// Number of samples (at least 3).
    pub samples: usize,
    /// Sampling time per point: slow operations get fewer samples (never fewer than 3).
    pub total: Duration,
}

impl Budget {
    /// The default run: about 0.12 s per point.
    pub const DEFAULT: Budget = Budget {
        warmup: Duration::from_millis(15),
        sample: Duration::from_millis(8),
        samples: 13,
        total: Duration::from_millis(110),
    };
    /// `--quick`: about 0.02 s per point.
    pub const QUICK: Budget = Budget {
        warmup: Duration::from_millis(3),
        sample: Duration::from_millis(3),
        samples: 5,
        total: Duration::from_millis(15),
    };
}

/// How an algorithm is measured: keyed when it means anything only under a key (a MAC,
/// a universal hash); unkeyed when it takes no key; both when its key is optional (keyed
/// BLAKE3 is a MAC, plain BLAKE3 a hash), so each row says what it measures.
pub fn keyings(alg: &Algorithm) -> &'static [bool] {
    if alg.needs_key() {
        &[true]
    } else if alg.takes_key() {
        &[false, true]
    } else {
        &[false]
    }
}

/// A key that fits the algorithm for a message of `bytes` bytes (a fixed pattern: the
/// benchmark measures speed, not secrecy), when `keyed`. `None` otherwise.
fn bench_key(alg: &Algorithm, bytes: usize, keyed: bool) -> Option<Key> {
    let pattern = |n: usize| (0..n).map(|i| (i * 131 + 7) as u8).collect::<Vec<u8>>();
    match alg.key {
        _ if !keyed => None,
        KeyRule::None => None,
        KeyRule::Fixed(n) => Some(Key::from_bytes(pattern(n))),
        KeyRule::Any => Some(Key::from_bytes(pattern(32))),
        KeyRule::SameAsMessage => Some(Key::from_bytes(pattern(bytes))),
    }
}

/// Whether an algorithm accepts a message of this size (Multimixer-128 needs a non-zero
/// multiple of 32 bytes).
pub fn size_applies(alg: &Algorithm, bytes: usize) -> bool {
    alg.key != KeyRule::SameAsMessage || (bytes > 0 && bytes.is_multiple_of(32))
}

/// A buffer of `bytes` bytes that starts at an odd offset inside its allocation, so
/// backends are measured on unaligned input as files give it.
fn buffer(bytes: usize) -> (Vec<u8>, usize) {
    let off = 13;
    let v: Vec<u8> = (0..bytes + off).map(|i| (i % 251) as u8).collect();
    (v, off)
}

/// Measures one algorithm on one backend at one message size, single-threaded, on a
/// cache-resident buffer, keyed or not ([`keyings`]). Each operation is what hashing one
/// input costs: clone the prepared hasher, update with the whole message, finalize (and
/// drop the copy, wiping it when keyed).
///
/// # Errors
/// The algorithm could not be set up, or does not accept this size.
pub fn measure(
    alg: &'static Algorithm,
    backend: Backend,
    bytes: usize,
    keyed: bool,
    counter: &mut Counter,
    budget: Budget,
) -> Result<Measurement, Error> {
    let key = bench_key(alg, bytes, keyed);
    let proto = alg
        .hasher_on(backend, key.as_ref(), &Params::default())
        .ok_or_else(|| Error::BadParameter(format!("backend {backend} not available")))??;
    let (buf, off) = buffer(bytes);
    let msg = &buf[off..];
    let mut op = || -> Result<(), Error> {
        let mut h = proto.box_clone();
        h.update(black_box(msg));
        black_box(h.finalize()?);
        Ok(())
    };
    let m = timed(alg.name, backend, 1, bytes, bytes, &mut op, counter, budget)?;
    Ok(Measurement { keyed, ..m })
}

/// Measures a multi-buffer kernel (`crate::alg::lanes`): batches of four messages per lane, all
/// of `bytes` bytes, hashed by one [`crate::alg::lanes::digest_many_on`] call each; the figures
/// are aggregate (all lanes' bytes over the batch's cycles).
///
/// # Errors
/// The CPU lacks the backend, or the algorithm has no multi-buffer kernel.
pub fn measure_multi_buffer(
    alg: &'static Algorithm,
    backend: Backend,
    bytes: usize,
    counter: &mut Counter,
    budget: Budget,
) -> Result<Measurement, Error> {
    let unavailable = || Error::BadParameter(format!("no multi-buffer kernel on {backend}"));
    let kind = alg.read.lanes.ok_or_else(unavailable)?;
    let lanes = crate::alg::lanes::lanes(kind, backend).ok_or_else(unavailable)?;
    if !backend.is_available() {
        return Err(unavailable());
    }
    let count = 4 * lanes;
    // One buffer, each message at an odd offset of its own.
    let (buf, off) = buffer(count * (bytes + 1));
    let msgs: Vec<&[u8]> = (0..count)
        .map(|i| &buf[off + i * (bytes + 1)..][..bytes])
        .collect();
    let mut op = || -> Result<(), Error> {
        black_box(crate::alg::lanes::digest_many_on(
            kind,
            backend,
            black_box(&msgs),
        ));
        Ok(())
    };
    timed(
        alg.name,
        backend,
        lanes,
        bytes,
        count * bytes,
        &mut op,
        counter,
        budget,
    )
}

/// Times `op`, which hashes `per_op` bytes: warm-up, then samples of enough operations
/// each to fill [`Budget::sample`].
#[allow(clippy::too_many_arguments)]
fn timed(
    algorithm: &'static str,
    backend: Backend,
    lanes: usize,
    bytes: usize,
    per_op_bytes: usize,
    op: &mut dyn FnMut() -> Result<(), Error>,
    counter: &mut Counter,
    budget: Budget,
) -> Result<Measurement, Error> {
    // Warm up, and estimate how many operations make one sample.
    let t0 = Instant::now();
    let mut n = 0u64;
    while t0.elapsed() < budget.warmup || n == 0 {
        op()?;
        n += 1;
    }
    let per_op = t0.elapsed().as_secs_f64() / n as f64;
    let iters = ((budget.sample.as_secs_f64() / per_op) as u64).max(1);
    let per_sample = per_op * iters as f64;
    let samples =
        ((budget.total.as_secs_f64() / per_sample) as usize).clamp(3, budget.samples.max(3));
    let mut cpb = Vec::with_capacity(samples);
    let mut gbs = Vec::with_capacity(samples);
    let denom = (iters as f64) * (per_op_bytes.max(1) as f64);
    for _ in 0..samples {
        let t = Instant::now();
        let c0 = counter.read();
        for _ in 0..iters {
            op()?;
        }
        let c1 = counter.read();
        let ns = t.elapsed().as_nanos() as f64;
        cpb.push(c1.wrapping_sub(c0) as f64 / denom);
        gbs.push(denom / ns);
    }
    let (gb_med, _) = median_spread(&mut gbs);
    let (cpb_med, cpb_spread) = median_spread(&mut cpb);
    let has_cycles = counter.kind() != CounterKind::Nanoseconds;
    Ok(Measurement {
        algorithm,
        backend,
        lanes,
        bytes,
        keyed: false,
        cycles_per_byte: has_cycles.then_some(cpb_med),
        spread: if has_cycles {
            cpb_spread
        } else {
            median_spread(&mut gbs).1
        },
        gb_per_s: gb_med,
        samples,
    })
}

/// The median and the relative inter-quartile spread of samples (sorted in place).
pub fn median_spread(v: &mut [f64]) -> (f64, f64) {
    if v.is_empty() {
        return (0.0, 0.0);
    }
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    let m = at(0.5);
    let spread = if m > 0.0 {
        (at(0.75) - at(0.25)) / m
    } else {
        0.0
    };
    (m, spread)
}

/// Multi-threaded file throughput: `inputs` in-memory inputs of `bytes` each hashed on a
/// pool of `threads` rayon threads, one input per task, as `khsum` hashes many files
/// (keyed only when the algorithm needs a key). Returns GB/s.
///
/// # Errors
/// The algorithm could not be set up, or the thread pool could not be built.
pub fn parallel_throughput(
    alg: &'static Algorithm,
    threads: usize,
    inputs: usize,
    bytes: usize,
) -> Result<f64, Error> {
    use rayon::prelude::*;
    let key = bench_key(alg, bytes, alg.needs_key());
    let proto = alg.hasher(key.as_ref(), &Params::default())?;
    let (buf, off) = buffer(bytes);
    let msg = &buf[off..];
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| Error::BadParameter(e.to_string()))?;
    let run = || {
        pool.install(|| {
            (0..inputs).into_par_iter().try_for_each(|_| {
                let mut h = proto.box_clone();
                h.update(msg);
                black_box(h.finalize()?);
                Ok::<(), Error>(())
            })
        })
    };
    run()?;
    let mut best = f64::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        run()?;
        best = best.min(t.elapsed().as_secs_f64());
    }
    Ok((inputs * bytes) as f64 / best / 1e9)
}

/// Parses a size such as `64`, `4K`, `1M` or `2KiB` (powers of 1024).
///
/// # Errors
/// Anything else.
pub fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let lower = t.to_ascii_lowercase();
    let (num, mult) = [
        ("kib", 1usize << 10),
        ("mib", 1 << 20),
        ("k", 1 << 10),
        ("m", 1 << 20),
        ("b", 1),
    ]
    .iter()
    .find_map(|(suf, m)| lower.strip_suffix(suf).map(|n| (n.to_string(), *m)))
    .unwrap_or((lower.clone(), 1));
    num.trim()
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .filter(|&n| n > 0 && n <= 1 << 30)
        .ok_or_else(|| format!("bad size '{t}' (use e.g. 64, 4K, 1M; at most 1024M)"))
}

/// A size as the report prints it: `64 B`, `4 KiB`, `1 MiB`.
pub fn format_size(n: usize) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 10 && n.is_multiple_of(1 << 10) {
        format!("{} KiB", n >> 10)
    } else {
        format!("{n} B")
    }
}

/// Today's date (UTC) as `YYYY-MM-DD`, for the titles of measurements.
pub fn today_utc() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (the days-to-civil
/// conversion of the Gregorian calendar's 400-year cycle).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("64").unwrap(), 64);
        assert_eq!(parse_size("4K").unwrap(), 4096);
        assert_eq!(parse_size("1M").unwrap(), 1 << 20);
        assert_eq!(parse_size("2KiB").unwrap(), 2048);
        assert!(parse_size("0").is_err());
        assert!(parse_size("x").is_err());
        assert_eq!(format_size(65536), "64 KiB");
        assert_eq!(format_size(100), "100 B");
    }

    #[test]
    fn median_and_spread() {
        let mut v = vec![5.0, 1.0, 3.0, 2.0, 4.0];
        let (m, s) = median_spread(&mut v);
        assert_eq!(m, 3.0);
        assert!((s - 2.0 / 3.0).abs() < 1e-9);
    }

    #[test]
    fn measures_something_real() {
        let a = Algorithm::lookup("sha256").unwrap();
        let mut c = Counter::new();
        let m = measure(a, Backend::Auto, 1024, false, &mut c, Budget::QUICK).unwrap();
        assert!(m.gb_per_s > 0.0 && m.gb_per_s < 1000.0, "{m:?}");
        if c.kind() != CounterKind::Nanoseconds {
            assert!(m.cycles_per_byte.unwrap() > 0.0);
        }
    }
}
