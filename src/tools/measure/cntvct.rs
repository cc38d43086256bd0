//! The aarch64 generic timer: the virtual count `CNTVCT_EL0`, read between instruction
//! barriers, and its frequency `CNTFRQ_EL0`. The timer ticks at a fixed rate (commonly
//! 24 MHz to 1 GHz) unrelated to the core clock, so its counts are not core cycles. Like a
//! SIMD backend, this module exists only to reach CPU registers, which is why it may use
//! `unsafe`.
#![allow(unsafe_code)]

use std::arch::asm;

/// Reads `CNTVCT_EL0`, ordered after the instructions before it (`ISB`).
#[inline(always)]
pub fn read() -> u64 {
    let t: u64;
    // SAFETY: Linux, macOS and Windows give user space read access to the virtual counter
    // (CNTKCTL_EL1.EL0VCTEN); ISB only waits for earlier instructions. No memory, stack
    // or flags are touched.
    unsafe {
        asm!("isb", "mrs {t}, cntvct_el0", t = out(reg) t,
             options(nomem, nostack, preserves_flags));
    }
    t
}

/// The timer frequency in Hz, from `CNTFRQ_EL0` (set by firmware).
pub fn frequency() -> u64 {
    let f: u64;
    // SAFETY: CNTFRQ_EL0 is readable at EL0 whenever the counter is; the read touches no
    // memory, stack or flags.
    unsafe {
        asm!("mrs {f}, cntfrq_el0", f = out(reg) f, options(nomem, nostack, preserves_flags));
    }
    f
}
