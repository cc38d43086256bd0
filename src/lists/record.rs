//! `--json`: one JSON object per line (JSON lines) for each input hashed or checked, and
//! one summary object per checked list.
//!
//! An input's object has these fields:
//!
//! * `name`: the name as a string, when it is UTF-8; otherwise `name_bytes`, the raw
//!   bytes of the name as an array of numbers 0–255 (exactly one of the two is present);
//! * `size`: the bytes hashed (`null` when the input could not be read);
//! * `algorithm`: the algorithm's name as `khsum list` prints it (in `check`: the one
//!   that matched, or, for a FAILED line checked by detection, the first one tried);
//! * `chosen` (`check` only): how the line's algorithm was chosen: `option` (`-a`,
//!   `--length`, or a key for untagged lines), `label` (the line's own, `SHA256 (f) =`),
//!   `list-name` (`SHA256SUMS`) or `detected` (the first admissible algorithm that gave
//!   the listed digest; see `crate::lists::proof`);
//! * `line` (`check` only): the line's number in its list;
//! * `digest`: the digest (or, for `khsum tag`, the tag) in lowercase hex, `null`
//!   when none was computed. In `check`, a value computed under a secret (a key, or the
//!   key material of `--derive-key`) is printed only when it matched, so it is never
//!   more than the list already says: a FAILED record of a keyed line has `null` (see
//!   [`checked_digest`]);
//! * `expected`: in `check`, the listed digest in hex;
//! * `status`: `ok`, `failed` (the digest did not match), `missing` (the file does not
//!   exist), `error` (it could not be read), `skipped` (not a regular file, in a tree)
//!   or `new` (`check --unlisted`: a file the lists do not name);
//! * `error`: the reason, for `missing`, `error` and `skipped`, else `null`;
//! * `warning`: present only when the input itself calls for one: a SHA-1 collision
//!   attack found in it (then `status` is `failed` in `check`, `ok` when hashing, where
//!   the digest is still printed as `sha1sum` prints it).
//!
//! An improper line of a list (one `check` does not read) gets an object of its own:
//! `list` (or `list_bytes`), `line`, `status` `improper` and `reason`: `format` (no form
//! khsum reads), `too-long`, `digest-length` (an untagged digest of a length no
//! admissible algorithm has without `-a`) or `replacement-character` (a BLAKE3 line
//! naming a file with U+FFFD, which b3sum refuses too).
//!
//! A summary object has `summary: true`, `list` (or `list_bytes`), and the counts `ok`,
//! `failed`, `missing`, `errors`, `improper` (lines not understood) and `new`. After the
//! lists, `check --unlisted` closes with one summary per directory, `dir` (or
//! `dir_bytes`) instead of `list`, counting its `new` files and the `errors` (entries
//! that could not be read).

use serde_json::{Map, Value, json};

/// What happened to one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Hashed; in `check`, it matched.
    Ok,
    /// In `check`, the digest did not match.
    Failed,
    /// The file does not exist.
    Missing,
    /// The input could not be read.
    Error,
    /// Not a regular file, found in a tree: not hashed.
    Skipped,
    /// Under a directory given to `check --unlisted`, but named by no list.
    New,
}

impl Status {
    /// The word in the `status` field.
    pub fn word(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Failed => "failed",
            Status::Missing => "missing",
            Status::Error => "error",
            Status::Skipped => "skipped",
            Status::New => "new",
        }
    }
}

/// One input's record.
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    pub name: &'a [u8],
    pub size: Option<u64>,
    pub algorithm: Option<&'a str>,
    /// How the algorithm was chosen (`check` only: [`crate::lists::proof::Chosen::word`]).
    pub chosen: Option<&'a str>,
    /// The list line number (`check` only).
    pub line: Option<u64>,
    pub digest: Option<&'a [u8]>,
    /// The listed digest (`check` only).
    pub expected: Option<&'a [u8]>,
    pub status: Status,
    pub error: Option<&'a str>,
    /// A warning about the input ([`crate::Digest::notice`]), in a field of its own.
    pub warning: Option<&'a str>,
}

/// The `digest` field of a `check` record: the computed value, unless it was computed
/// under a secret (`secret`: a key, or `--derive-key`'s key material) and did not
/// match. A FAILED record must not hand out the valid tag (or derived key) for a
/// message someone else chose: that would make `khsum -c --json` a tag oracle.
pub fn checked_digest(computed: &[u8], status: Status, secret: bool) -> Option<&[u8]> {
    (!secret || status == Status::Ok).then_some(computed)
}

/// Adds `key` (a UTF-8 name) or `key_bytes` (raw bytes) to `m`.
pub(crate) fn put_name(m: &mut Map<String, Value>, key: &str, name: &[u8]) {
    match std::str::from_utf8(name) {
        Ok(s) => m.insert(key.into(), json!(s)),
        Err(_) => m.insert(format!("{key}_bytes"), json!(name)),
    };
}

/// Ends a JSON object as one line.
pub(crate) fn push_line(out: &mut Vec<u8>, v: &Value) {
    serde_json::to_writer(&mut *out, v).expect("writing JSON into memory cannot fail");
    out.push(b'\n');
}

impl Record<'_> {
    /// Appends the record as one JSON line.
    pub fn write_line(&self, out: &mut Vec<u8>) {
        let mut m = Map::new();
        put_name(&mut m, "name", self.name);
        m.insert("size".into(), json!(self.size));
        m.insert("algorithm".into(), json!(self.algorithm));
        if let Some(c) = self.chosen {
            m.insert("chosen".into(), json!(c));
        }
        if let Some(l) = self.line {
            m.insert("line".into(), json!(l));
        }
        m.insert("digest".into(), json!(self.digest.map(hex::encode)));
        if let Some(e) = self.expected {
            m.insert("expected".into(), json!(hex::encode(e)));
        }
        m.insert("status".into(), json!(self.status.word()));
        m.insert("error".into(), json!(self.error));
        if let Some(w) = self.warning {
            m.insert("warning".into(), json!(w));
        }
        push_line(out, &Value::Object(m));
    }
}

/// Appends the record of an improper line of the list `list`: its number and why
/// (`reason`: [`crate::lists::verify::Reason::word`]).
pub fn write_improper_line(list: &[u8], line: u64, reason: &str, out: &mut Vec<u8>) {
    let mut m = Map::new();
    put_name(&mut m, "list", list);
    m.insert("line".into(), json!(line));
    m.insert("status".into(), json!("improper"));
    m.insert("reason".into(), json!(reason));
    push_line(out, &Value::Object(m));
}

/// The counts of one checked list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub ok: u64,
    pub failed: u64,
    pub missing: u64,
    pub errors: u64,
    pub improper: u64,
    pub new: u64,
}

impl Summary {
    /// Appends the summary of the list `list` as one JSON line.
    pub fn write_line(&self, list: &[u8], out: &mut Vec<u8>) {
        self.write_named("list", list, out);
    }

    /// Appends the summary of a directory `check --unlisted` walked (`dir` instead of
    /// `list`): its `new` files and `errors`.
    pub fn write_dir_line(&self, dir: &[u8], out: &mut Vec<u8>) {
        self.write_named("dir", dir, out);
    }

    fn write_named(&self, key: &str, name: &[u8], out: &mut Vec<u8>) {
        let mut m = Map::new();
        m.insert("summary".into(), json!(true));
        put_name(&mut m, key, name);
        for (k, v) in [
            ("ok", self.ok),
            ("failed", self.failed),
            ("missing", self.missing),
            ("errors", self.errors),
            ("improper", self.improper),
            ("new", self.new),
        ] {
            m.insert(k.into(), json!(v));
        }
        push_line(out, &Value::Object(m));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_values_show_only_when_they_matched() {
        let d = [1u8, 2];
        assert_eq!(checked_digest(&d, Status::Ok, true), Some(&d[..]));
        assert_eq!(checked_digest(&d, Status::Failed, true), None);
        assert_eq!(checked_digest(&d, Status::Failed, false), Some(&d[..]));
        assert_eq!(checked_digest(&d, Status::Ok, false), Some(&d[..]));
    }

    #[test]
    fn records_are_one_line_each() {
        let mut out = Vec::new();
        Record {
            name: b"a \"b\"\n",
            size: Some(3),
            algorithm: Some("sha256"),
            chosen: None,
            line: None,
            digest: Some(&[0xab, 0x01]),
            expected: None,
            status: Status::Ok,
            error: None,
            warning: None,
        }
        .write_line(&mut out);
        Record {
            name: b"\xff/x",
            size: None,
            algorithm: Some("md5"),
            chosen: Some("detected"),
            line: Some(7),
            digest: None,
            expected: Some(&[1]),
            status: Status::Missing,
            error: Some("No such file or directory"),
            warning: Some("w"),
        }
        .write_line(&mut out);
        write_improper_line(b"L", 9, "digest-length", &mut out);
        Summary {
            ok: 1,
            ..Default::default()
        }
        .write_line(b"L", &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"name\":\"a \\\"b\\\"\\n\",\"size\":3,\"algorithm\":\"sha256\",\"digest\":\"ab01\",\"status\":\"ok\",\"error\":null}\n\
             {\"name_bytes\":[255,47,120],\"size\":null,\"algorithm\":\"md5\",\"chosen\":\"detected\",\"line\":7,\"digest\":null,\"expected\":\"01\",\"status\":\"missing\",\"error\":\"No such file or directory\",\"warning\":\"w\"}\n\
             {\"list\":\"L\",\"line\":9,\"status\":\"improper\",\"reason\":\"digest-length\"}\n\
             {\"summary\":true,\"list\":\"L\",\"ok\":1,\"failed\":0,\"missing\":0,\"errors\":0,\"improper\":0,\"new\":0}\n"
        );
    }
}
