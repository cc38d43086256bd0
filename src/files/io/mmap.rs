//! Memory-mapped files that cannot kill the process with SIGBUS.
//!
//! Reading a mapped page that lies past the end of a file (because the file was truncated
//! after it was mapped) raises SIGBUS, whose default action ends the process. khsum
//! installs a SIGBUS handler once: when the faulting address lies in a mapping registered
//! here, it maps anonymous zero pages over the rest of that mapping, marks the mapping as
//! faulted and returns, so the reader finishes on zeros. The caller then sees
//! [`MappedFile::faulted`] and reports the file instead of printing a digest. A fault
//! anywhere else is passed to the previously installed handler (Rust's runtime), or
//! re-raised with the default action.
//!
//! Only faults the kernel raised (`si_code > 0`: `BUS_ADRERR` and its kin) are examined:
//! a SIGBUS sent by a process (`kill -BUS`, `tkill`, `sigqueue`: `si_code <= 0` on Linux,
//! `SI_USER` and up elsewhere) carries
//! no fault address, so it is never taken for a fault in a mapping; it gets the default
//! action, ending the process as it would without the guard, instead of being swallowed
//! (with the guard removed, as Rust's handler resets the disposition). The handler runs
//! on the thread's alternate signal stack when it has one (`SA_ONSTACK`, as Rust's own
//! handler does), so a fault near a stack's end can still be handled.
#![allow(unsafe_code)]

use std::fs::File;
use std::io;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// How many mappings can be guarded at once (one per worker thread is typical).
const SLOTS: usize = 256;

struct Slot {
    busy: AtomicBool,
    start: AtomicUsize,
    len: AtomicUsize,
    faulted: AtomicBool,
}

#[allow(clippy::declare_interior_mutable_const)]
const EMPTY: Slot = Slot {
    busy: AtomicBool::new(false),
    start: AtomicUsize::new(0),
    len: AtomicUsize::new(0),
    faulted: AtomicBool::new(false),
};

static REGIONS: [Slot; SLOTS] = [EMPTY; SLOTS];
static INSTALL: Once = Once::new();
static INSTALLED: AtomicBool = AtomicBool::new(false);
static PAGE: AtomicUsize = AtomicUsize::new(4096);
/// The previous SIGBUS handler (a `sa_sigaction` value), 0 when it was SIG_DFL/SIG_IGN.
static PREVIOUS: AtomicUsize = AtomicUsize::new(0);
static PREVIOUS_FLAGS: AtomicUsize = AtomicUsize::new(0);

/// A read-only memory map of a whole file, registered with the SIGBUS guard.
pub struct MappedFile {
    map: memmap2::Mmap,
    slot: usize,
}

impl MappedFile {
    /// Maps the first `len` bytes of `file` (its size when the caller looked).
    ///
    /// # Errors
    /// The guard could not be installed or has no free slot, or the map failed; callers
    /// fall back to ordinary reads.
    pub fn map(file: &File, len: u64) -> io::Result<MappedFile> {
        let len = usize::try_from(len)
            .ok()
            .filter(|&l| l > 0 && l <= isize::MAX as usize)
            .ok_or_else(|| io::Error::other("file too large to map"))?;
        install();
        if !INSTALLED.load(Ordering::Acquire) {
            return Err(io::Error::other("SIGBUS guard unavailable"));
        }
        let slot = REGIONS
            .iter()
            .position(|s| {
                s.busy
                    .compare_exchange(false, true, Ordering::AcqRel, Ordering::Relaxed)
                    .is_ok()
            })
            .ok_or_else(|| io::Error::other("too many mappings"))?;
        // SAFETY: memmap2 requires that the file not be modified while mapped, or reads
        // may observe changing bytes or fault. Changing bytes are caught by the caller's
        // before/after metadata comparison (size, mtime, ctime), and a fault past the end
        // of a truncated file is turned into zero pages plus the `faulted` flag by the
        // SIGBUS handler below, for which this mapping is registered before any read.
        let map = unsafe { memmap2::MmapOptions::new().len(len).map(file) };
        let map = match map {
            Ok(m) => m,
            Err(e) => {
                REGIONS[slot].busy.store(false, Ordering::Release);
                return Err(e);
            }
        };
        let r = &REGIONS[slot];
        r.faulted.store(false, Ordering::Relaxed);
        r.start.store(map.as_ptr() as usize, Ordering::Relaxed);
        r.len.store(map.len(), Ordering::Release);
        Ok(MappedFile { map, slot })
    }

    /// The mapped bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.map
    }

    /// Whether a read hit a page past the end of the file (it was truncated while
    /// mapped): the bytes read from there on were zeros, not the file's.
    pub fn faulted(&self) -> bool {
        REGIONS[self.slot].faulted.load(Ordering::Acquire)
    }
}

impl Drop for MappedFile {
    fn drop(&mut self) {
        let r = &REGIONS[self.slot];
        r.len.store(0, Ordering::Release);
        r.start.store(0, Ordering::Release);
        r.busy.store(false, Ordering::Release);
        // `self.map` is unmapped after this, when the field is dropped.
    }
}

fn install() {
    INSTALL.call_once(|| {
        // SAFETY: sysconf has no preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        if page > 0 {
            PAGE.store(page as usize, Ordering::Relaxed);
        }
        // SAFETY: a zeroed sigaction is a valid value to fill in; sigemptyset and
        // sigaction get valid pointers to locals. The handler only uses async-signal-safe
        // operations (atomics, mmap, sigaction).
        unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_sigbus as *const () as usize;
            sa.sa_flags = libc::SA_SIGINFO | libc::SA_NODEFER | libc::SA_ONSTACK;
            libc::sigemptyset(&mut sa.sa_mask);
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGBUS, &sa, &mut old) == 0 {
                if old.sa_sigaction != libc::SIG_DFL && old.sa_sigaction != libc::SIG_IGN {
                    PREVIOUS.store(old.sa_sigaction, Ordering::Relaxed);
                    PREVIOUS_FLAGS.store(old.sa_flags as usize, Ordering::Relaxed);
                }
                INSTALLED.store(true, Ordering::Release);
            }
        }
    });
}

extern "C" fn on_sigbus(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo_t for SA_SIGINFO handlers.
    let code = unsafe { (*info).si_code };
    // Linux's SI_USER, SI_QUEUE, SI_TKILL… are 0 or negative; macOS's and the BSDs' are
    // 0x10001 and up. The kernel's fault codes (BUS_ADRERR, SI_KERNEL 0x80) lie between.
    if code <= 0 || code >= 0x10000 {
        // Sent by a process, not raised by a fault: the default action (the process ends
        // with SIGBUS), as if no handler were installed. SA_NODEFER leaves SIGBUS
        // unblocked here, so the raised signal is delivered at once.
        // SAFETY: signal() with SIG_DFL and raise() are async-signal-safe.
        unsafe {
            libc::signal(libc::SIGBUS, libc::SIG_DFL);
            libc::raise(libc::SIGBUS);
        }
        return;
    }
    // SAFETY: as above; for a kernel-raised SIGBUS, si_addr is the faulting address.
    let addr = unsafe { (*info).si_addr() } as usize;
    let page = PAGE.load(Ordering::Relaxed);
    for r in &REGIONS {
        if !r.busy.load(Ordering::Acquire) {
            continue;
        }
        let start = r.start.load(Ordering::Acquire);
        let len = r.len.load(Ordering::Acquire);
        if start != 0 && addr >= start && addr < start + len {
            let base = addr & !(page - 1);
            let end = (start + len).div_ceil(page) * page;
            // SAFETY: [base, end) lies inside our own live mapping (registered, not yet
            // unregistered), so replacing it with anonymous read-only zero pages touches
            // no other memory; the mapping is unmapped whole when dropped.
            let p = unsafe {
                libc::mmap(
                    base as *mut libc::c_void,
                    end - base,
                    libc::PROT_READ,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                    -1,
                    0,
                )
            };
            if p != libc::MAP_FAILED {
                r.faulted.store(true, Ordering::Release);
                return;
            }
            break;
        }
    }
    let prev = PREVIOUS.load(Ordering::Relaxed);
    if prev != 0 {
        let flags = PREVIOUS_FLAGS.load(Ordering::Relaxed) as libc::c_int;
        if flags & libc::SA_SIGINFO != 0 {
            // SAFETY: `prev` was the sa_sigaction of an SA_SIGINFO handler.
            let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                unsafe { std::mem::transmute(prev) };
            f(sig, info, ctx);
        } else {
            // SAFETY: `prev` was a plain sa_handler.
            let f: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(prev) };
            f(sig);
        }
        return;
    }
    // Not ours and no previous handler: restore the default action; returning re-runs
    // the faulting instruction, which then ends the process as it would have.
    // SAFETY: signal() with SIG_DFL is async-signal-safe.
    unsafe {
        libc::signal(libc::SIGBUS, libc::SIG_DFL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The guard is installed with SA_SIGINFO, SA_NODEFER and SA_ONSTACK, and is this
    /// module's handler.
    #[test]
    fn installed_with_its_flags() {
        install();
        assert!(INSTALLED.load(Ordering::Acquire));
        // SAFETY: a zeroed sigaction is valid to be filled in; a null new action only
        // queries the current one.
        let cur = unsafe {
            let mut cur: libc::sigaction = std::mem::zeroed();
            assert_eq!(libc::sigaction(libc::SIGBUS, std::ptr::null(), &mut cur), 0);
            cur
        };
        assert_eq!(cur.sa_sigaction, on_sigbus as *const () as usize);
        let want = libc::SA_SIGINFO | libc::SA_NODEFER | libc::SA_ONSTACK;
        assert_eq!(cur.sa_flags & want, want);
    }
}
