//! Progress on stderr: bytes and files done of the total, rate and ETA, drawn by indicatif
//! after half a second of work, only on a terminal unless `--progress` forces it. Output on
//! stdout is not affected; diagnostics and terminal output are written with the bar
//! cleared ([`suspend`]).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use khsum::files::progress::{Counter, Total};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// When progress is drawn on stderr.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Progress {
    /// `--no-progress`.
    Never,
    /// When stderr is a terminal (the default).
    OnTerminal,
    /// `--progress`: also when stderr is not a terminal.
    Always,
}

/// How long work runs before progress is drawn.
const DELAY: Duration = Duration::from_millis(500);
/// How often the numbers are redrawn.
const TICK: Duration = Duration::from_millis(100);

/// The bar being drawn, if any (for [`suspend`]).
static BAR: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Runs `f` (which writes to stderr or a terminal) with the bar cleared, if one is drawn.
pub fn suspend<T>(f: impl FnOnce() -> T) -> T {
    let bar = BAR.lock().ok().and_then(|b| b.clone());
    match bar {
        Some(b) => b.suspend(f),
        None => f(),
    }
}

/// Whether a bar is being drawn.
pub fn drawing() -> bool {
    BAR.lock().is_ok_and(|b| b.is_some())
}

/// Counts the total in the background once drawing starts: adds to the counter's
/// total, returns early when the flag is set.
pub type Totals = Box<dyn FnOnce(&Counter, &AtomicBool) + Send>;

/// A running progress display.
pub struct Display {
    stop: Arc<AtomicBool>,
    ticker: Option<JoinHandle<()>>,
}

/// Starts the display, or returns `None` when progress is not shown (`--no-progress`, or
/// stderr is not a terminal without `--progress`): then nothing is counted either.
pub fn start(mode: Progress, totals: Totals) -> Option<(Display, Arc<Counter>)> {
    let forced = match mode {
        Progress::Never => return None,
        Progress::OnTerminal if !std::io::stderr().is_terminal() => return None,
        Progress::OnTerminal => false,
        Progress::Always => true,
    };
    let counter = Counter::new();
    let stop = Arc::new(AtomicBool::new(false));
    let ticker = {
        let counter = counter.clone();
        let stop = stop.clone();
        std::thread::spawn(move || draw(forced, &counter, &stop, totals))
    };
    Some((
        Display {
            stop,
            ticker: Some(ticker),
        },
        counter,
    ))
}

/// Waits until `until` or until stopped; returns whether stopped.
fn wait(stop: &AtomicBool, until: Instant) -> bool {
    loop {
        if stop.load(Ordering::Acquire) {
            return true;
        }
        let now = Instant::now();
        if now >= until {
            return false;
        }
        std::thread::sleep((until - now).min(Duration::from_millis(20)));
    }
}

fn draw(forced: bool, counter: &Arc<Counter>, stop: &Arc<AtomicBool>, totals: Totals) {
    let started = Instant::now();
    if wait(stop, started + DELAY) {
        return;
    }
    {
        let counter = counter.clone();
        let stop = stop.clone();
        std::thread::spawn(move || totals(&counter, &stop));
    }
    let mut target = Some(if forced {
        ProgressDrawTarget::term_like_with_hz(Box::new(console::Term::buffered_stderr()), 10)
    } else {
        ProgressDrawTarget::stderr_with_hz(10)
    });
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    let style = |t: &str| {
        ProgressStyle::with_template(t)
            .expect("a valid template")
            .progress_chars("=> ")
    };
    let unknown = style("{spinner} {bytes} hashed, {msg}");
    // The bar first and of a fixed width, so it stays put while the numbers after it grow.
    let known = style("{spinner} [{bar:30}] {percent:>3}% {bytes}/{total_bytes}, {msg}");
    bar.set_style(unknown);
    // The rate is measured from when drawing starts.
    let (shown, at_show) = (Instant::now(), counter.snapshot().bytes);
    let mut styled = false;
    loop {
        let stopped = stop.load(Ordering::Acquire);
        let s = counter.snapshot();
        let secs = shown.elapsed().as_secs_f64();
        let rate = if secs > 0.05 {
            s.bytes.saturating_sub(at_show) as f64 / secs
        } else {
            0.0
        };
        if let Total::Known(bytes, _) = s.total {
            if !styled {
                bar.set_style(known.clone());
                styled = true;
            }
            bar.set_length(bytes.max(s.bytes));
        }
        bar.set_message(message(s, rate));
        bar.set_position(s.bytes);
        if stopped {
            // The last frame, drawn whatever the rate limit, with the counts as they end
            // (the last file counted), then cleared.
            if !bar.is_hidden() {
                bar.abandon();
            }
            break;
        }
        if bar.is_hidden() {
            // The first frame is drawn with its numbers in place.
            bar.set_draw_target(target.take().expect("set once"));
            if let Ok(mut b) = BAR.lock() {
                *b = Some(bar.clone());
            }
        }
        bar.tick();
        wait(stop, Instant::now() + TICK);
    }
    if let Ok(mut b) = BAR.lock() {
        *b = None;
    }
    bar.finish_and_clear();
}

/// The text after the bar: files done (of how many, once counted), rate and ETA.
fn message(s: khsum::files::progress::Snapshot, rate: f64) -> String {
    let speed = format!("{}/s", indicatif::BinaryBytes(rate as u64));
    let files = |n: u64| if n == 1 { "file" } else { "files" };
    match s.total {
        Total::Known(bytes, total) => {
            let total = total.max(s.files);
            let left = bytes.max(s.bytes) - s.bytes;
            let eta = if left == 0 {
                "0s".into()
            } else if rate > 0.0 {
                eta(left as f64 / rate)
            } else {
                "?".into()
            };
            format!("{}/{total} {}, {speed}, ETA {eta}", s.files, files(total))
        }
        Total::Counting => format!("{} {}, {speed}, counting", s.files, files(s.files)),
        Total::Unknown => format!("{} {}, {speed}", s.files, files(s.files)),
    }
}

/// Seconds left as `1h02m`, `3m05s` or `7s`.
fn eta(secs: f64) -> String {
    let s = secs.ceil() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s / 60 % 60),
    }
}

impl Display {
    /// Stops drawing and clears the bar (before the final messages).
    pub fn finish(mut self) {
        self.stop.store(true, Ordering::Release);
        if let Some(t) = self.ticker.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Release);
        if let Some(t) = self.ticker.take() {
            let _ = t.join();
        }
    }
}
