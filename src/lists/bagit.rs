//! BagIt bags (RFC 8493), read as bagit-python 1.9's `--validate` reads them: `bagit.txt`
//! (version and encoding), `bag-info.txt`'s `Payload-Oxum`, the payload manifests
//! (`manifest-ALG.txt`) and, from version 0.97 on, the tag manifests
//! (`tagmanifest-ALG.txt`), with the algorithms of [`Algorithm::bagit`].
//!
//! A bag is valid when its structure holds, its payload's file count and size equal the
//! `Payload-Oxum`, every manifest entry's file exists and gives its listed digest, and
//! every file below `data/` is in a payload manifest. Each manifest becomes a list of
//! labelled lines ([`Bag::list`]) that `-c`'s verification checks
//! ([`crate::lists::verify`]); the rest is data here ([`Bag::oxum`], [`Bag::unlisted`]).
//!
//! Names in manifests are percent-decoded as RFC 8493 §2.1.3 says (`%0A`, `%0D`, `%25`,
//! either case); bagit-python 1.9 decodes `%0A` and `%0D` only, and writes `%` as it is.

use crate::algorithm::Algorithm;
use crate::files::names::{bytes_to_path, path_bytes};
use std::path::{Path, PathBuf};

/// Why a directory is not a bag that can be checked (bagit-python's `BagError`s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BagError {
    /// `bagit.txt` is missing or unreadable.
    NoBagitTxt,
    /// `bagit.txt` starts with a byte-order mark.
    ByteOrderMark,
    /// A tag file has a line that is not `Name: value` (file, line).
    InvalidTag(String, String),
    /// `bagit.txt` lacks `BagIt-Version` or `Tag-File-Character-Encoding`.
    MissingTag(&'static str),
    /// A version that is not MAJOR.MINOR, or one bagit-python does not read.
    Version(String),
    /// No `data/` directory.
    NoPayloadDirectory,
    /// No payload manifest.
    NoManifest,
    /// A manifest names a path outside the bag (manifest, path).
    UnsafePath(String, Vec<u8>),
    /// A manifest lists a path twice (manifest, path, with conflicting digests).
    Duplicate(String, Vec<u8>, bool),
    /// `Payload-Oxum` is not `BYTES.FILES`.
    MalformedOxum(String),
    /// Reading a file of the bag failed (path, reason).
    Read(Vec<u8>, String),
}

/// One manifest of a bag.
#[derive(Clone, Debug)]
pub struct Manifest {
    /// Its file name (`manifest-sha256.txt`).
    pub file: String,
    pub alg: &'static Algorithm,
    /// A tag manifest (`tagmanifest-…`).
    pub tag: bool,
    /// Its entries: line number, digest text as listed, path below the bag (decoded).
    entries: Vec<(usize, String, Vec<u8>)>,
}

/// A bag, read.
#[derive(Clone, Debug)]
pub struct Bag {
    dir: PathBuf,
    pub manifests: Vec<Manifest>,
    /// `Payload-Oxum`: bytes and files, if `bag-info.txt` states it.
    oxum: Option<(u64, u64)>,
    /// Manifest files named for algorithms khsum does not have (`manifest-shake_128.txt`).
    pub unknown: Vec<String>,
    /// BagIt 1.0 and later: a path listed twice with the same digest is an error; before,
    /// the repeated line is skipped (bagit-python 1.9 warns).
    strict_duplicates: bool,
}

/// What the payload holds against its `Payload-Oxum`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Oxum {
    pub expected_bytes: u64,
    pub expected_files: u64,
    pub bytes: u64,
    pub files: u64,
}

/// Whether `dir` is a bag: a directory holding `bagit.txt`.
pub fn is_bag(dir: &Path) -> bool {
    dir.is_dir() && dir.join("bagit.txt").is_file()
}

/// The `Name: value` pairs of a tag file, with folded lines joined (RFC 2822, as
/// bagit-python reads them).
fn tags(file: &str, text: &str) -> Result<Vec<(String, String)>, BagError> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            continue;
        }
        if line.starts_with(char::is_whitespace) && !out.is_empty() {
            let last = out.last_mut().expect("not empty");
            last.1.push('\n');
            last.1.push_str(line);
            continue;
        }
        let Some((name, value)) = line.trim().split_once(':') else {
            return Err(BagError::InvalidTag(file.into(), line.trim().into()));
        };
        out.push((name.trim().into(), value.into()));
    }
    for t in &mut out {
        t.1 = t.1.trim().to_string();
    }
    Ok(out)
}

fn read(dir: &Path, file: &str) -> Result<Option<Vec<u8>>, BagError> {
    let p = dir.join(file);
    match std::fs::read(&p) {
        Ok(d) => Ok(Some(d)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(BagError::Read(
            path_bytes(&p).into_owned(),
            crate::files::io::describe_io_error(&e),
        )),
    }
}

/// A manifest path as RFC 8493 §2.1.3 decodes it: `%0A`, `%0D`, `%25`, either case.
fn decode_name(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let code = s.get(i + 1..i + 3).map(|c| c.to_ascii_uppercase());
        let c = match (s[i], code.as_deref()) {
            (b'%', Some(b"0A")) => Some(b'\n'),
            (b'%', Some(b"0D")) => Some(b'\r'),
            (b'%', Some(b"25")) => Some(b'%'),
            _ => None,
        };
        match c {
            Some(c) => {
                out.push(c);
                i += 3;
            }
            None => {
                out.push(s[i]);
                i += 1;
            }
        }
    }
    out
}

/// A path as Python's `os.path.normpath` makes it (`./a//b` is `a/b`, `a/../b` is `b`),
/// and whether it stays inside the bag.
fn normalize(p: &[u8]) -> (Vec<u8>, bool) {
    let absolute = p.first() == Some(&b'/');
    let mut parts: Vec<&[u8]> = Vec::new();
    let mut inside = !absolute && p.first() != Some(&b'~');
    for part in p.split(|&c| c == b'/') {
        match part {
            b"" | b"." => {}
            b".." => {
                if parts.pop().is_none() {
                    inside = false;
                }
            }
            _ => parts.push(part),
        }
    }
    (parts.join(&b'/'), inside && !parts.is_empty())
}

impl Manifest {
    /// Whether it lists no file.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl Bag {
    /// Reads the bag in `dir`: its declarations and every manifest, checking what
    /// bagit-python checks before any file is hashed.
    ///
    /// # Errors
    /// What makes the directory no bag that can be checked ([`BagError`]).
    pub fn open(dir: &Path) -> Result<Bag, BagError> {
        let bagit = read(dir, "bagit.txt")?.ok_or(BagError::NoBagitTxt)?;
        if bagit.starts_with("\u{feff}".as_bytes()) {
            return Err(BagError::ByteOrderMark);
        }
        let text = String::from_utf8_lossy(&bagit);
        let decl = tags("bagit.txt", &text)?;
        let get = |t: &[(String, String)], n: &str| {
            t.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone())
        };
        let version = get(&decl, "BagIt-Version").ok_or(BagError::MissingTag("BagIt-Version"))?;
        get(&decl, "Tag-File-Character-Encoding")
            .ok_or(BagError::MissingTag("Tag-File-Character-Encoding"))?;
        let v: Vec<u32> = version
            .split('.')
            .map(|p| p.parse().map_err(|_| BagError::Version(version.clone())))
            .collect::<Result<_, _>>()?;
        let (major, minor) = match v[..] {
            [a, b] => (a, b),
            _ => return Err(BagError::Version(version)),
        };
        let info_file = match (major, minor) {
            (0, 93..=95) => "package-info.txt",
            (0, 96..) | (1, _) => "bag-info.txt",
            _ => return Err(BagError::Version(version)),
        };
        let mut oxum = None;
        if let Some(info) = read(dir, info_file)? {
            let info = tags(info_file, &String::from_utf8_lossy(&info))?;
            if let Some(o) = get(&info, "Payload-Oxum") {
                let parsed = o.split_once('.').and_then(|(b, f)| {
                    let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
                    (digits(b) && digits(f)).then(|| (b.parse().ok(), f.parse().ok()))
                });
                match parsed {
                    Some((Some(b), Some(f))) => oxum = Some((b, f)),
                    _ => return Err(BagError::MalformedOxum(o)),
                }
            }
        }
        let tag_manifests = (major, minor) >= (0, 97);
        let mut bag = Bag {
            dir: dir.to_path_buf(),
            manifests: Vec::new(),
            oxum,
            unknown: Vec::new(),
            strict_duplicates: major >= 1,
        };
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .map_err(|e| {
                BagError::Read(
                    path_bytes(dir).into_owned(),
                    crate::files::io::describe_io_error(&e),
                )
            })?
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .collect();
        files.sort();
        for tag in [false, true] {
            if tag && !tag_manifests {
                break;
            }
            let stem = if tag { "tagmanifest-" } else { "manifest-" };
            for f in &files {
                let Some(name) = f.strip_prefix(stem).and_then(|n| n.strip_suffix(".txt")) else {
                    continue;
                };
                match Algorithm::by_spelled_name(name, |a| a.bagit) {
                    Some(alg) if name == alg.bagit.unwrap_or_default() => {
                        bag.manifests.push(bag.manifest(f, alg, tag)?);
                    }
                    _ => bag.unknown.push(f.clone()),
                }
            }
        }
        if !dir.join("data").is_dir() {
            return Err(BagError::NoPayloadDirectory);
        }
        if !bag.manifests.iter().any(|m| !m.tag) {
            return Err(BagError::NoManifest);
        }
        Ok(bag)
    }

    /// Reads one manifest: `DIGEST PATH` lines (comments and blank lines skipped, lines
    /// of one field skipped as bagit-python skips them), each path decoded, normalized and
    /// kept inside the bag, listed once (a repeated identical line before BagIt 1.0 is
    /// skipped, as bagit-python does).
    fn manifest(
        &self,
        file: &str,
        alg: &'static Algorithm,
        tag: bool,
    ) -> Result<Manifest, BagError> {
        let text = read(&self.dir, file)?.unwrap_or_default();
        let text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&text);
        let mut entries: Vec<(usize, String, Vec<u8>)> = Vec::new();
        let mut seen: std::collections::HashMap<Vec<u8>, String> = Default::default();
        for (i, line) in text.split(|&c| c == b'\n').enumerate() {
            let line = line.trim_ascii();
            if line.is_empty() || line[0] == b'#' {
                continue;
            }
            let Some(space) = line.iter().position(u8::is_ascii_whitespace) else {
                continue;
            };
            let digest = String::from_utf8_lossy(&line[..space]).into_owned();
            let path = line[space..].trim_ascii_start();
            let start = path.iter().take_while(|&&c| c == b'*').count();
            let (normal, inside) = normalize(&path[start..]);
            if !inside {
                return Err(BagError::UnsafePath(
                    file.into(),
                    decode_name(&path[start..]),
                ));
            }
            let path = decode_name(&normal);
            if let Some(before) = seen.get(&path) {
                if *before == digest && !self.strict_duplicates {
                    continue;
                }
                return Err(BagError::Duplicate(file.into(), path, *before != digest));
            }
            seen.insert(path.clone(), digest.clone());
            entries.push((i + 1, digest, path));
        }
        Ok(Manifest {
            file: file.into(),
            alg,
            tag,
            entries,
        })
    }

    /// The path of a manifest (for messages and as the list's name).
    pub fn path_of(&self, m: &Manifest) -> PathBuf {
        self.dir.join(&m.file)
    }

    /// A manifest as a list `-c` checks, line for line (its line numbers kept: other
    /// lines are blank): `LABEL (BAGDIR/PATH) = HEX`, or, for a digest that is not hex of
    /// the algorithm's length, a line that is improper (bagit-python counts it a
    /// mismatch).
    pub fn list(&self, m: &Manifest) -> Vec<u8> {
        use crate::lists::checkfile::{LineFormat, format_line};
        let mut out = Vec::new();
        let mut line_no = 1;
        let n = m.alg.output.default_len();
        let tag = LineFormat {
            tag: true,
            ..LineFormat::default()
        };
        for (at, digest, path) in &m.entries {
            while line_no < *at {
                out.push(b'\n');
                line_no += 1;
            }
            let full = path_bytes(&self.dir.join(bytes_to_path(path))).into_owned();
            match hex::decode(digest).ok().filter(|d| d.len() == n) {
                Some(d) => format_line(&mut out, m.alg, &d, &full, tag),
                None => out.extend_from_slice(b"(not a digest)\n"),
            }
            line_no += 1;
        }
        out
    }

    /// The files below `data/` (as bagit-python walks them: every entry that is not a
    /// directory), as paths below the bag.
    fn payload(&self) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for e in walkdir::WalkDir::new(self.dir.join("data"))
            .sort_by_file_name()
            .into_iter()
            .flatten()
        {
            // A link to a directory is one to os.walk, which does not enter it.
            if e.file_type().is_dir() || (e.path_is_symlink() && e.path().is_dir()) {
                continue;
            }
            if let Ok(rel) = e.path().strip_prefix(&self.dir) {
                let mut name = Vec::new();
                for (i, part) in rel.components().enumerate() {
                    if i > 0 {
                        name.push(b'/');
                    }
                    name.extend_from_slice(&path_bytes(Path::new(part.as_os_str())));
                }
                out.push(name);
            }
        }
        out
    }

    /// The payload against `Payload-Oxum`, when the bag states one and they differ.
    pub fn oxum(&self) -> Option<Oxum> {
        let (expected_bytes, expected_files) = self.oxum?;
        let files = self.payload();
        let bytes = files
            .iter()
            .filter_map(|f| std::fs::metadata(self.dir.join(bytes_to_path(f))).ok())
            .map(|m| m.len())
            .sum();
        let o = Oxum {
            expected_bytes,
            expected_files,
            bytes,
            files: files.len() as u64,
        };
        (o.bytes != o.expected_bytes || o.files != o.expected_files).then_some(o)
    }

    /// The files below `data/` that no payload manifest lists, as paths with the bag's
    /// directory in front.
    pub fn unlisted(&self) -> Vec<Vec<u8>> {
        let listed: std::collections::HashSet<&[u8]> = self
            .manifests
            .iter()
            .filter(|m| !m.tag)
            .flat_map(|m| m.entries.iter().map(|(_, _, p)| &p[..]))
            .collect();
        self.payload()
            .into_iter()
            .filter(|p| !listed.contains(&p[..]))
            .map(|p| path_bytes(&self.dir.join(bytes_to_path(&p))).into_owned())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_decode_and_normalize() {
        assert_eq!(decode_name(b"a%0Ab%0dc%25d%41"), b"a\nb\rc%d%41");
        assert_eq!(normalize(b"./data//a/../b"), (b"data/b".to_vec(), true));
        assert!(!normalize(b"../x").1);
        assert!(!normalize(b"/etc/passwd").1);
        assert!(!normalize(b"data/../../x").1);
        assert!(!normalize(b"~/x").1);
    }
}
