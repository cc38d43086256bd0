//! One integration-test binary (one link step): each module is one area.

mod kats;
mod multimixer;
