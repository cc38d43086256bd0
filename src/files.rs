//! Inputs: opening, stamping and reading files and standard input ([`io`]), key files
//! ([`keyfile`], with the bounded reader lists and names use too), arguments and
//! streamed name lists ([`inputs`]), directory trees ([`walk`]), names in lists and
//! messages ([`names`]), batches of small files for the lanes ([`batch`]), the ordered
//! parallel map ([`parallel`]), progress counters ([`progress`]) and several algorithms
//! over one read ([`multi`]).

pub mod batch;
pub mod gomod;
pub mod inputs;
pub mod io;
pub mod keyfile;
pub mod multi;
pub mod names;
pub mod parallel;
pub mod progress;
pub mod walk;
