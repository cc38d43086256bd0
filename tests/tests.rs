//! One integration-test binary (one link step): each module is one area.

mod cli;
mod generated;
mod io;
mod kats;
mod siphash;
