//! Checksum lists: their grammar, written and read ([`checkfile`]), the proof rules of
//! `-c` ([`proof`]), verification line by line ([`verify`]), `--update` ([`update`]) and
//! `--json` records ([`record`]), digest spellings ([`spelling`]), BagIt bags ([`bagit`]),
//! and `khsum audit` ([`audit`]) with the state it keeps beside a list ([`state`]) and in
//! the files' extended attributes ([`xattr`]).

pub mod audit;
pub mod bagit;
pub mod checkfile;
pub mod proof;
pub mod record;
pub mod spelling;
pub mod state;
pub mod update;
pub mod verify;
pub mod xattr;
