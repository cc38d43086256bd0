//! Standard streams that were closed when khsum started (`khsum - <&-`, `khsum f >&-`).
//!
//! Rust's runtime, before `main`, reopens any of descriptors 0, 1 and 2 that is closed on
//! `/dev/null` (`std::sys::pal::unix::init`, so that no file opened later lands on a
//! standard descriptor). After that a closed standard input reads as empty, and a closed
//! standard output swallows every line: a digest of nothing, or a check that printed
//! nothing, with exit status 0. GNU's tools see the closed descriptor instead (`EBADF`:
//! "standard input: Bad file descriptor", "write error: Bad file descriptor", exit 1).
//!
//! Which descriptors were closed cannot be learnt after the runtime's reopening: its
//! `/dev/null` (opened read-write) looks like one a parent passed (Python's
//! `subprocess.DEVNULL`, `daemon(3)` and libuv open it read-write too), and treating
//! those as closed would fail runs that only discard their output. So the loader runs
//! [`record`] first, from the executable's `.init_array` (glibc and musl run it before
//! calling `main`, and so before the runtime's reopening), and it notes which of the
//! three descriptors `fcntl(F_GETFD)` reports as not open (`EBADF`). Khsum then keeps the
//! runtime's `/dev/null` in place (nothing else can take those numbers) and answers
//! `EBADF` itself where it would use the stream: [`stdin`] for every read of standard
//! input, [`stdout_closed`] for the output.
//!
//! This needs one `unsafe` item, the only one outside SIMD backends and the mmap reader:
//! the `link_section` attribute that puts [`record`] into `.init_array` (the `fcntl` goes
//! through rustix's safe call on its standard descriptors). Linux only
//! (the target khsum's tests run on); elsewhere nothing is recorded and the streams behave
//! as the runtime leaves them.

use std::io;
use std::sync::atomic::{AtomicU8, Ordering};

/// Bit `fd` is set when descriptor `fd` (0, 1 or 2) was closed at startup.
static CLOSED: AtomicU8 = AtomicU8::new(0);

/// The loader calls this before `main` (see the module documentation).
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
#[used]
// SAFETY: `.init_array` holds pointers to functions taking no arguments (or glibc's
// `argc, argv, envp`, which a function of none ignores) that the loader calls once, on
// the main thread, before `main`; `record` is such a function and touches only an atomic.
#[unsafe(link_section = ".init_array")]
static RECORD: extern "C" fn() = record;

/// Notes which of descriptors 0, 1 and 2 are closed (`fcntl(F_GETFD)` fails with
/// `EBADF` for a number that is not open; rustix's standard descriptors are only numbers).
#[cfg(target_os = "linux")]
extern "C" fn record() {
    use rustix::stdio::{stderr, stdin, stdout};
    let mut closed = 0;
    for (bit, fd) in [stdin(), stdout(), stderr()].into_iter().enumerate() {
        if rustix::io::fcntl_getfd(fd) == Err(rustix::io::Errno::BADF) {
            closed |= 1 << bit;
        }
    }
    CLOSED.store(closed, Ordering::Relaxed);
}

/// Whether descriptor `fd` was closed when the process started.
fn was_closed(fd: u8) -> bool {
    // The reference keeps `RECORD` linked in with this function's object file: a `#[used]`
    // static that nothing refers to can be left out of a dependent binary.
    #[cfg(target_os = "linux")]
    std::hint::black_box(&RECORD);
    CLOSED.load(Ordering::Relaxed) & (1 << fd) != 0
}

/// The error of a stream that was closed at startup: `EBADF`, "Bad file descriptor", as
/// the system reports it for a closed descriptor.
pub fn closed_error() -> io::Error {
    #[cfg(unix)]
    return io::Error::from_raw_os_error(libc::EBADF);
    #[cfg(not(unix))]
    return io::Error::other("Bad file descriptor");
}

/// Standard input, or [`closed_error`] when it was closed when khsum started (it then
/// reads as empty, from the runtime's `/dev/null`, and must not be taken for input).
///
/// # Errors
/// Standard input was closed at startup.
pub fn stdin() -> io::Result<io::Stdin> {
    if was_closed(0) {
        return Err(closed_error());
    }
    Ok(io::stdin())
}

/// Standard input as a file of its own (a duplicate of descriptor 0): what is read from
/// it goes straight from the descriptor into the caller's buffer, never through the 8 KiB
/// buffer std keeps behind [`io::Stdin`] for the whole run. Keys are read this way, into
/// memory wiped after use.
///
/// # Errors
/// Standard input was closed at startup, or its descriptor cannot be duplicated.
pub fn stdin_direct() -> io::Result<std::fs::File> {
    let stdin = stdin()?;
    #[cfg(unix)]
    let owned = std::os::fd::AsFd::as_fd(&stdin).try_clone_to_owned()?;
    #[cfg(windows)]
    let owned = std::os::windows::io::AsHandle::as_handle(&stdin).try_clone_to_owned()?;
    Ok(std::fs::File::from(owned))
}

/// Whether standard output was closed when khsum started: anything written to it is lost
/// (on the runtime's `/dev/null`), so the first write must fail with [`closed_error`].
pub fn stdout_closed() -> bool {
    was_closed(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed cases run on the real binary, spawned with descriptors closed
    /// (`tests/interop.rs`); here, the words the error is shown with.
    #[test]
    fn a_closed_stream_is_a_bad_descriptor() {
        assert_eq!(
            crate::files::io::describe_io_error(&closed_error()),
            "Bad file descriptor"
        );
    }
}
