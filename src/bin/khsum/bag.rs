//! `khsum -c BAGDIR`: a BagIt bag checked as bagit-python's `--validate` checks it. The
//! library reads the bag (`khsum::lists::bagit`); each manifest is checked as a list, by
//! `-c`'s verification; then the `Payload-Oxum` and the payload files no manifest lists.

use crate::plan::Verbosity;
use crate::report::{Out, q};
use crate::setup::SetupError;
use khsum::files::names::path_bytes;
use khsum::lists::bagit::{Bag, BagError};
use khsum::lists::checkfile::format_status;
use std::io::Read;
use std::path::Path;

/// Checks one manifest as a list (its text, its path), with every line counted: whether
/// it passed.
pub type CheckList<'a> = dyn FnMut(Box<dyn Read>, &[u8], &mut Out) -> Result<bool, SetupError> + 'a;

/// Checks the bag in `dir` (`limited`: `-a` or `--length` was given), each manifest
/// through `list`; returns whether it is valid.
pub fn check(
    dir: &Path,
    verbosity: Verbosity,
    limited: bool,
    out: &mut Out,
    list: &mut CheckList<'_>,
) -> Result<bool, SetupError> {
    let shown = path_bytes(dir).into_owned();
    if limited {
        return Err(SetupError(format!(
            "{}: a bag's manifests name their algorithms: check it without -a or --length",
            q(&shown)
        )));
    }
    let bag = match Bag::open(dir) {
        Ok(b) => b,
        Err(e) => {
            out.warn(&format!("{}: not a valid bag: {}", q(&shown), words(&e)));
            return Ok(false);
        }
    };
    let mut valid = true;
    let verbose = verbosity != Verbosity::Nothing;
    for f in &bag.unknown {
        if verbose {
            out.warn(&format!(
                "{}: {f}: an algorithm khsum does not have: not checked",
                q(&shown)
            ));
        }
    }
    if let Some(o) = bag.oxum() {
        valid = false;
        out.warn(&format!(
            "{}: Payload-Oxum {}.{} says {} files and {} bytes; data/ holds {} files and {} bytes",
            q(&shown),
            o.expected_bytes,
            o.expected_files,
            o.expected_files,
            o.expected_bytes,
            o.files,
            o.bytes
        ));
    }
    for m in bag.manifests.iter().filter(|m| !m.is_empty()) {
        let path = path_bytes(&bag.path_of(m)).into_owned();
        let text = std::io::Cursor::new(bag.list(m));
        valid &= list(Box::new(text), &path, out)?;
        if !out.ok() {
            return Ok(false);
        }
    }
    let unlisted = bag.unlisted();
    let mut line = Vec::new();
    for name in &unlisted {
        if verbose {
            line.clear();
            format_status(&mut line, name, "NEW");
            if !out.write(&line) {
                return Ok(false);
            }
        }
    }
    if !unlisted.is_empty() {
        valid = false;
        if verbose {
            let n = unlisted.len();
            out.warn(&format!(
                "WARNING: {n} {} below {}/data in no payload manifest",
                if n == 1 { "file is" } else { "files are" },
                q(&shown)
            ));
        }
    }
    Ok(valid)
}

/// Why a directory is no bag that can be checked, in words.
fn words(e: &BagError) -> String {
    match e {
        BagError::NoBagitTxt => "bagit.txt cannot be read".into(),
        BagError::ByteOrderMark => "bagit.txt starts with a byte-order mark".into(),
        BagError::InvalidTag(file, line) => format!("{file}: not a 'Name: value' line: {line}"),
        BagError::MissingTag(t) => format!("bagit.txt does not declare {t}"),
        BagError::Version(v) => format!("BagIt-Version {v} is not one bagit-python reads"),
        BagError::NoPayloadDirectory => "it has no data directory".into(),
        BagError::NoManifest => "it has no payload manifest (manifest-ALG.txt)".into(),
        BagError::UnsafePath(m, p) => format!("{m} names {}, outside the bag", q(p)),
        BagError::Duplicate(m, p, conflicting) => format!(
            "{m} lists {} twice{}",
            q(p),
            if *conflicting {
                ", with different digests"
            } else {
                ""
            }
        ),
        BagError::MalformedOxum(o) => format!("Payload-Oxum '{o}' is not BYTES.FILES"),
        BagError::Read(p, why) => format!("{}: {why}", q(p)),
    }
}
