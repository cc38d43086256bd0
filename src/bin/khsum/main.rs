//! The khsum command line (being built).
#![forbid(unsafe_code)]

fn main() {}
