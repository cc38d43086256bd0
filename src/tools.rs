//! Tools over the algorithms: the known-answer tests of every backend ([`kat`], also
//! `khsum selftest`) and the measurement behind `khsum bench` ([`measure`]).

pub mod kat;
pub mod measure;
