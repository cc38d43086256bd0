//! Output and diagnostics: buffered stdout that notices write failures, `khsum: …`
//! messages on stderr (written after stdout is flushed, so the two stay in order), and
//! the exit status.

use khsum::files::names;
use std::io::{self, BufWriter, Stdout, Write};
use std::process::ExitCode;

/// The outcome of a run, worst wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Exit 0.
    Ok,
    /// Exit 1: a mismatch, an unreadable input, or an output failure.
    Failed,
    /// Exit 2: a usage or setup error.
    Usage,
}

impl Status {
    pub fn code(self) -> ExitCode {
        ExitCode::from(match self {
            Status::Ok => 0,
            Status::Failed => 1,
            Status::Usage => 2,
        })
    }
}

/// Standard output. After the first failed write, nothing more is written; the failure
/// is reported once at the end by [`Out::finish`]. A standard output that was closed when
/// khsum started fails its first write with "Bad file descriptor", as GNU's tools do; a
/// run that writes nothing succeeds.
pub struct Out {
    w: BufWriter<Stdout>,
    error: Option<io::Error>,
    /// Whether stdout is a terminal (where a progress bar on stderr is drawn too).
    terminal: bool,
}

impl Out {
    pub fn new() -> Out {
        Out {
            w: BufWriter::with_capacity(64 * 1024, io::stdout()),
            error: None,
            terminal: io::IsTerminal::is_terminal(&io::stdout()),
        }
    }

    /// Fails now, as the first write would, when standard output was closed when khsum
    /// started (so a long run, `bench`, stops before its work); returns whether output
    /// works.
    pub fn check_open(&mut self) -> bool {
        if self.error.is_none() && khsum::files::io::stdout_closed() {
            self.error = Some(khsum::files::io::closed_error());
        }
        self.error.is_none()
    }

    /// Writes bytes; returns false once output has failed (the caller should stop).
    pub fn write(&mut self, b: &[u8]) -> bool {
        if !b.is_empty() {
            self.check_open();
        }
        if self.error.is_none() {
            // On a terminal with a progress bar, each line is written with the bar
            // cleared.
            let res = if self.terminal && crate::progress::drawing() {
                crate::progress::suspend(|| self.w.write_all(b).and_then(|()| self.w.flush()))
            } else {
                self.w.write_all(b)
            };
            if let Err(e) = res {
                self.error = Some(e);
            }
        }
        self.error.is_none()
    }

    /// Flushes buffered output (before waiting, and before writing to stderr).
    pub fn flush(&mut self) -> bool {
        if self.error.is_none()
            && let Err(e) = self.w.flush()
        {
            self.error = Some(e);
        }
        self.error.is_none()
    }

    /// Whether output still works.
    pub fn ok(&self) -> bool {
        self.error.is_none()
    }

    /// Writes a `khsum: …` diagnostic to stderr, after flushing stdout.
    pub fn warn(&mut self, msg: &str) {
        self.flush();
        warn(msg);
    }

    /// Flushes and folds any output failure into the status: a closed pipe ends quietly
    /// with status 1 (the output is incomplete); any other failure is reported.
    pub fn finish(mut self, status: Status) -> Status {
        self.flush();
        match self.error {
            None => status,
            Some(e) if e.kind() == io::ErrorKind::BrokenPipe => status.max(Status::Failed),
            Some(e) => {
                warn(&format!(
                    "write error: {}",
                    khsum::files::io::describe_io_error(&e)
                ));
                status.max(Status::Failed)
            }
        }
    }
}

/// Writes `khsum: msg` to stderr (a failure to write it cannot be reported anywhere).
pub fn warn(msg: &str) {
    crate::progress::suspend(|| {
        let _ = writeln!(io::stderr().lock(), "khsum: {msg}");
    });
}

/// A name as GNU quotes it in diagnostics.
pub fn q(name: &[u8]) -> String {
    names::quote(name)
}
