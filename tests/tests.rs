//! One integration-test binary (one link step): each module is one area.

mod backends;
mod checking;
mod cli;
mod generated;
mod highway;
mod interop;
mod io;
mod kats;
mod kernels;
mod keyed;
mod lemac;
mod multimixer;
mod rescue;
mod siphash;
mod trees;
mod util;
