//! The x86-64 time-stamp counter, read between fences (`lfence; rdtsc; lfence`), so the
//! measured code can neither start before the first read nor still be running at the
//! second. Like a SIMD backend, this module exists only to reach a CPU instruction, which
//! is why it may use `unsafe`.
#![allow(unsafe_code)]

use std::arch::x86_64::{_mm_lfence, _rdtsc};

/// Reads the TSC, serialized against the instructions around it.
#[inline(always)]
pub fn read() -> u64 {
    // SAFETY: lfence needs SSE2, which is part of the x86-64 baseline; rdtsc has no
    // preconditions in user mode (the OSes khsum runs on do not set CR4.TSD).
    unsafe {
        _mm_lfence();
        let t = _rdtsc();
        _mm_lfence();
        t
    }
}
