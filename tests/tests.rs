//! One integration-test binary (one link step): each module is one area.

mod audit;
mod backends;
mod checking;
mod differential;
mod generated;
mod gnu;
mod hashing;
mod highway;
mod interop;
mod io;
mod kats;
mod kernels;
mod keyed;
mod layout;
mod lemac;
mod multibuf;
mod multimixer;
mod rescue;
mod security;
mod siphash;
mod spellings;
mod suites;
mod trees;
mod util;
mod verdicts;
