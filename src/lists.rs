//! Checksum lists: their grammar, written and read ([`checkfile`]), the proof rules of
//! `-c` ([`proof`]), verification line by line ([`verify`]), `--update` ([`update`]) and
//! `--json` records ([`record`]).

pub mod bagit;
pub mod checkfile;
pub mod proof;
pub mod record;
pub mod spelling;
pub mod update;
pub mod verify;
