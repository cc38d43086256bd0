//! Checksum lines: writing them (GNU `sha256sum` / `b3sum` untagged form, BSD `--tag`
//! form, `-z`) and reading them back from lists (GNU, BSD, OpenSSL and b3sum forms), with
//! the same leniency as GNU coreutils 9.1.

use crate::algorithm::{Algorithm, Family};
use crate::files::names;
use crate::lists::proof::Chosen;
use crate::spec::{LineStyle, OutputRule, XOF_MAX};

/// How hash lines are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineFormat {
    /// BSD style: `LABEL (name) = hex`.
    pub tag: bool,
    /// End lines with NUL instead of newline, and never escape names.
    pub zero: bool,
    /// Print only the digest.
    pub no_names: bool,
    /// Mark the name with `*` (GNU binary mode) in untagged lines.
    pub binary: bool,
    /// How digests are written.
    pub encoding: Encoding,
    /// The digests are keyed tags: BSD lines get the algorithm's keyed label
    /// (`BLAKE3-KEYED`), so a check without the key asks for it.
    pub keyed: bool,
}

pub use crate::lists::spelling::Encoding;

/// The length of the base64 form (with padding) of `n` bytes.
/// The shortest BLAKE3 digest (in bytes) an untagged line's length is taken from without
/// `--length`: 128 bits.
pub const UNTAGGED_XOF_MIN: usize = crate::lists::proof::VARIABLE_MIN;

fn base64_len(n: usize) -> usize {
    n.div_ceil(3) * 4
}

/// The length in bytes a digest field states by itself: hex digits, two a byte (first, as
/// GNU reads them), or padded base64.
fn stated_len(field: &[u8]) -> Option<usize> {
    if field.len().is_multiple_of(2) && field.iter().all(u8::is_ascii_hexdigit) {
        return Some(field.len() / 2);
    }
    let pad = field.iter().rev().take_while(|&&c| c == b'=').count();
    let base64 = |&c: &u8| c.is_ascii_alphanumeric() || c == b'+' || c == b'/';
    (field.len().is_multiple_of(4) && pad <= 2 && field[..field.len() - pad].iter().all(base64))
        .then(|| field.len() / 4 * 3 - pad)
        .filter(|&n| n > 0)
}

/// Decodes a digest of `n` bytes written in hex or, when its length is base64's for `n`
/// bytes, in base64 (with padding), as GNU cksum 9.2+ reads lists.
fn decode_digest(text: &[u8], n: usize) -> Option<Vec<u8>> {
    use base64::Engine;
    if text.len() == 2 * n {
        let mut d = vec![0; n];
        if hex::decode_to_slice(text, &mut d).is_ok() {
            return Some(d);
        }
    }
    // Both forms have 4 characters for 2 bytes (`-l 16`): hex first, as GNU reads them.
    if text.len() == base64_len(n) {
        // Trailing bits past the last byte are ignored, as GNU's decoder ignores them
        // (`SHA1+++…+=` is a 20-byte digest to `cksum -a sha1 -c`).
        const LENIENT: base64::engine::GeneralPurpose = base64::engine::GeneralPurpose::new(
            &base64::alphabet::STANDARD,
            base64::engine::general_purpose::PAD.with_decode_allow_trailing_bits(true),
        );
        let d = LENIENT.decode(text).ok()?;
        return (d.len() == n).then_some(d);
    }
    None
}

/// Appends one hash line (with its terminator) to `out`.
pub fn format_line(out: &mut Vec<u8>, alg: &Algorithm, digest: &[u8], name: &[u8], f: LineFormat) {
    if alg.line != LineStyle::Hex {
        return format_legacy(out, alg.line, digest, Some(name), f);
    }
    let end = if f.zero { b'\0' } else { b'\n' };
    if f.no_names {
        f.encoding.write(out, alg, digest);
        out.push(end);
        return;
    }
    let escaped = !f.zero && names::needs_escape(name);
    let name: std::borrow::Cow<'_, [u8]> = if escaped {
        names::escape(name).into()
    } else {
        name.into()
    };
    if escaped {
        out.push(b'\\');
    }
    if f.tag {
        out.extend_from_slice(alg.label_for(digest.len(), f.keyed).as_bytes());
        out.extend_from_slice(b" (");
        out.extend_from_slice(&name);
        out.extend_from_slice(b") = ");
        f.encoding.write(out, alg, digest);
    } else {
        if !f.encoding.names_algorithm() {
            out.extend_from_slice(alg.untagged_prefix.as_bytes());
        }
        f.encoding.write(out, alg, digest);
        out.extend_from_slice(if f.binary { b" *" } else { b"  " });
        out.extend_from_slice(&name);
    }
    out.push(end);
}

/// Appends a legacy `cksum` / `sum` line: the two numbers of `digest` (see `legacy.rs`)
/// and the name, as GNU coreutils 9.1 prints them; `name` is `None` for standard input
/// read because no file was named (those tools then print no name). `--tag` does not
/// apply (GNU ignores it for these), and names are written as they are.
pub fn format_legacy(
    out: &mut Vec<u8>,
    style: LineStyle,
    digest: &[u8],
    name: Option<&[u8]>,
    f: LineFormat,
) {
    let (value, second) = legacy_numbers(digest);
    let numbers = match style {
        LineStyle::SumBsd => format!("{value:05} {second:5}"),
        _ => format!("{value} {second}"),
    };
    out.extend_from_slice(numbers.as_bytes());
    if let (Some(name), false) = (name, f.no_names) {
        out.push(b' ');
        out.extend_from_slice(name);
    }
    out.push(if f.zero { b'\0' } else { b'\n' });
}

/// The checksum and the size or block count of a legacy digest.
fn legacy_numbers(digest: &[u8]) -> (u32, u64) {
    let v = digest
        .get(..4)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u32::from_be_bytes);
    let n = digest
        .get(4..12)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u64::from_be_bytes);
    (v, n)
}

/// Appends a check status line (`name: OK` etc.) as GNU coreutils 9.1 writes it: a name
/// holding a newline gets a leading backslash and is escaped; any other is written as is.
pub fn format_status(out: &mut Vec<u8>, name: &[u8], status: &str) {
    if name.contains(&b'\n') {
        out.push(b'\\');
        out.extend_from_slice(&names::escape(name));
    } else {
        out.extend_from_slice(name);
    }
    out.extend_from_slice(b": ");
    out.extend_from_slice(status.as_bytes());
    out.push(b'\n');
}

/// One parsed list line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The algorithm that checks this line.
    pub algorithm: &'static Algorithm,
    /// The expected digest bytes (their length is the output length to compute).
    pub digest: Vec<u8>,
    /// The file name, unescaped, as raw bytes.
    pub name: Vec<u8>,
    /// What settled the algorithm: the line's label, `-a`, or the list's name.
    pub chosen: Chosen,
    /// Its label says it is a keyed tag (`BLAKE3-KEYED`): it needs a key.
    pub keyed: bool,
}

/// An untagged line whose algorithm the line does not state and no `-a` gave: its
/// digest's length (and form) narrows the algorithms it can be, and hashing one listed
/// file decides ([`crate::lists::verify`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Untagged {
    /// The listed digest: hex or base64 decoded; for a legacy `cksum`/`sum` line, the
    /// two numbers as the legacy hashers return them (see `legacy.rs`).
    pub digest: Vec<u8>,
    /// The file name, unescaped, as raw bytes.
    pub name: Vec<u8>,
    /// A legacy `CHECKSUM SIZE-OR-BLOCKS NAME` line rather than a digest.
    pub legacy: bool,
    /// The digest was written in base64 (for messages that describe it).
    pub base64: bool,
}

/// What a list line is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A comment or an empty line.
    Skip,
    /// Not a checksum line this parser understands, with the algorithm it is a line of
    /// where that is known (for the warning `improperly formatted SHA256 checksum line`):
    /// `-a`'s, else the line's own label (`SHA256 (a) = 00`), else the one the list's
    /// name implies for untagged lines.
    Improper(Option<&'static Algorithm>),
    /// A checksum to verify.
    Entry(Entry),
    /// A checksum to verify once its algorithm is found (parsers made with
    /// [`ListParser::detecting`] only).
    Untagged(Untagged),
}

/// Reads the lines of one checksum list. It keeps state between lines, as GNU does: the
/// first untagged line decides whether the list uses the `hex name` (one space, BSD
/// "reversed") form, and later lines may not mix the two.
#[derive(Debug, Clone)]
pub struct ListParser {
    forced: Option<&'static Algorithm>,
    /// `-a sha2`/`-a sha3`: lines of the family's members only, the member picked by the
    /// line's label or digest length.
    family: Option<Family>,
    /// The algorithm of untagged lines when no `-a` was given: the list's name's, else
    /// BLAKE3 (b3sum's lists).
    untagged: &'static Algorithm,
    length: Option<usize>,
    reversed: Option<bool>,
    /// The algorithm the list's name implies, if it implies one (for warnings).
    named_untagged: Option<&'static Algorithm>,
    /// Untagged lines with no algorithm stated become [`Line::Untagged`].
    detect: bool,
    /// No line read yet (a UTF-8 byte-order mark is skipped there).
    first: bool,
    /// Where a Windows tool's multi-line record stands (`certutil -hashfile`,
    /// PowerShell's `Get-FileHash`).
    windows: Windows,
}

/// The Windows tools' outputs, which take several lines per file:
///
/// * `certutil -hashfile F ALG`: `ALG hash of F:` (Windows 7: `ALG hash of file F:`), the
///   digest in hex on the next line (Windows 7: bytes separated by spaces), then
///   `CertUtil: -hashfile command completed successfully.`;
/// * PowerShell's `Get-FileHash`, as a table (`Algorithm  Hash  Path`, a line of dashes,
///   then `ALG  HEX  PATH` rows) or, through `Format-List`, as `Algorithm : ALG`,
///   `Hash : HEX`, `Path : PATH` records. Its hex is uppercase and its paths absolute.
///
/// The algorithm is the record's own (a label); the path is the file's name as written.
#[derive(Debug, Clone, Default)]
enum Windows {
    #[default]
    None,
    /// A certutil header was read: its algorithm and file.
    Certutil(&'static Algorithm, Vec<u8>),
    /// Inside a `Get-FileHash` table (after its header).
    Table,
    /// A `Format-List` record so far: the algorithm and the digest, when read.
    Record(Option<&'static Algorithm>, Option<Vec<u8>>),
}

/// The label before a BSD line's `(`: GNU's one space, OpenSSL's none, or RHash's
/// padding to a column (`SHA1  (f) = …`, `MD5   (f) = …`).
fn label_of(before_paren: &[u8]) -> &[u8] {
    let end = before_paren
        .iter()
        .rposition(|&c| c != b' ')
        .map_or(0, |i| i + 1);
    &before_paren[..end]
}

/// The two decimal numbers and the name of a legacy `CHECKSUM SIZE-OR-BLOCKS NAME` line
/// (`cksum`, `sum -s`, `sum -r`'s `%05d %5d`), the numbers as the legacy hashers' 12-byte
/// digest (the checksum and the second number, big-endian). `strict` (no `-a`, where a
/// line could also be a digest line) takes a checksum of at most 10 digits and a second
/// number of at most 20.
fn legacy_fields(s: &[u8], strict: bool) -> Option<(Vec<u8>, Vec<u8>)> {
    let number = |s: &[u8], max: usize| -> Option<(u64, usize)> {
        let n = s.iter().take_while(|c| c.is_ascii_digit()).count();
        if strict && n > max {
            return None;
        }
        let v = std::str::from_utf8(&s[..n]).ok()?.parse().ok()?;
        Some((v, n))
    };
    let (value, n) = number(s, 10)?;
    let value = u32::try_from(value).ok()?;
    let rest = &s[n..];
    let spaces = rest.iter().take_while(|&&c| c == b' ').count();
    if spaces == 0 {
        return None;
    }
    let (second, m) = number(&rest[spaces..], 20)?;
    let name = rest[spaces + m..].strip_prefix(b" ")?;
    if name.is_empty() {
        return None;
    }
    let mut digest = value.to_be_bytes().to_vec();
    digest.extend_from_slice(&second.to_be_bytes());
    Some((digest, name.to_vec()))
}

/// An SFV line, `name CRC32` (8 hex digits last, either case), as RHash and cksfv write
/// them: the zlib CRC-32 in hex.
fn sfv(s: &[u8]) -> Option<Entry> {
    let space = s.iter().rposition(|&c| c == b' ')?;
    let (name, value) = (&s[..space], &s[space + 1..]);
    if value.len() != 8 || name.is_empty() {
        return None;
    }
    let digest = hex::decode(value).ok()?;
    Some(Entry {
        algorithm: Algorithm::all().iter().find(|a| a.sfv_lines)?,
        digest,
        name: name.strip_suffix(b" ").unwrap_or(name).to_vec(),
        // The form, not a label, names the algorithm: found as untagged lines are.
        chosen: Chosen::Detected,
        keyed: false,
    })
}

/// Whether a line has the shape of a BSD line, `LABEL (name) = DIGEST` or OpenSSL's
/// `LABEL(name)= DIGEST` (a label of one word, possibly empty, and a digest of one): such
/// a line is never read as an untagged or SFV line, whatever its label (GNU and uutils
/// find no properly formatted line in `SHA (f) = 00000000`).
fn bsd_shaped(s: &[u8]) -> bool {
    let Some(open) = s.iter().position(|&c| c == b'(') else {
        return false;
    };
    let label = label_of(&s[..open]);
    if label.iter().any(|&c| is_white(c)) {
        return false;
    }
    // GNU's untagged form puts two spaces (or ` *`) after the digest: `HEX  (f) = 0`.
    let after = &s[label.len()..];
    if after.starts_with(b"  ") || after.starts_with(b" *") {
        return false;
    }
    let Some(close) = s.iter().rposition(|&c| c == b')') else {
        return false;
    };
    let rest = &s[close + 1..];
    let rest = &rest[rest.iter().take_while(|&&c| c == b' ').count()..];
    let Some(digest) = rest.strip_prefix(b"=") else {
        return false;
    };
    let digest = &digest[digest.iter().take_while(|&&c| c == b' ').count()..];
    !digest.is_empty() && !digest.iter().any(|&c| is_white(c))
}

/// Whether a line starts with an even run of hex digits followed by GNU's two-character
/// separator (`  ` or ` *`): an untagged digest line, never a `cksum` line, which puts
/// one space between its numbers (`10818430  7 r1042` is an XXH32 or CRC-32 line for
/// the file `7 r1042`).
fn untagged_first(s: &[u8]) -> bool {
    let n = s.iter().take_while(|c| c.is_ascii_hexdigit()).count();
    n > 0 && n.is_multiple_of(2) && (s[n..].starts_with(b"  ") || s[n..].starts_with(b" *"))
}

/// A line's file name as listed: unescaped when the line started with a backslash; `None` when
/// it is empty or its escapes are not GNU's.
fn listed_name(name: &[u8], escaped: bool) -> Option<Vec<u8>> {
    let name = if escaped {
        names::unescape(name)?
    } else {
        name.to_vec()
    };
    (!name.is_empty()).then_some(name)
}

fn is_white(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\x0b' | b'\x0c' | b'\r' | b'\n')
}

impl ListParser {
    /// A parser for lists checked with `-a forced` (only that algorithm's lines are
    /// accepted), or any algorithm by BSD label with BLAKE3 for untagged lines when
    /// `forced` is `None`. `length` is `--length` (digest bytes) for extendable-output
    /// algorithms.
    pub fn new(forced: Option<&'static Algorithm>, length: Option<usize>) -> ListParser {
        ListParser {
            forced,
            family: None,
            untagged: forced.unwrap_or_else(Algorithm::default_algorithm),
            length,
            reversed: None,
            named_untagged: None,
            detect: false,
            first: true,
            windows: Windows::None,
        }
    }

    /// A parser for a list checked with `-a FAMILY` (GNU cksum 9.8+'s `-a sha2`, `-a sha3`):
    /// tagged lines of the family's members (`SHA256`, `SHA2-256`, `SHA3-256`), and
    /// untagged lines whose digest (hex, else base64) has a member's length, as GNU reads
    /// them.
    pub fn for_family(family: Family) -> ListParser {
        let mut p = ListParser::new(None, None);
        p.family = Some(family);
        p
    }

    /// A parser for a list checked without `-a` or `--length`: tagged lines go by their
    /// label, and untagged ones (hex or base64 digests, legacy `cksum`/`sum` lines) come
    /// back as [`Line::Untagged`] for their algorithm to be found by their content.
    /// `named` is what the list's name implies ([`Algorithm::from_list_name`]), for
    /// warnings about improper lines.
    pub fn detecting(named: Option<&'static Algorithm>) -> ListParser {
        let mut p = ListParser::new(None, None);
        p.detect = true;
        p.named_untagged = named;
        p
    }

    /// A parser for the list named `list_name`: as [`ListParser::new`], but without
    /// `-a` the list's name may imply the algorithm of its untagged lines
    /// ([`Algorithm::from_list_name`]). Tagged lines always go by their label.
    pub fn for_list(
        forced: Option<&'static Algorithm>,
        length: Option<usize>,
        list_name: &[u8],
    ) -> ListParser {
        let mut p = ListParser::new(forced, length);
        if forced.is_none()
            && let Some(a) = Algorithm::from_list_name(list_name)
        {
            p.untagged = a;
            p.named_untagged = Some(a);
        }
        p
    }

    fn digest_len(&self, alg: &Algorithm) -> Option<usize> {
        alg.output_len(self.length).ok()
    }

    /// Parses one line, with or without its `\n`.
    pub fn parse(&mut self, line: &[u8]) -> Line {
        let line = if std::mem::take(&mut self.first) {
            line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line)
        } else {
            line
        };
        // `#` comments; without -a also SFV's `;` comments (RHash's header).
        if line.first() == Some(&b'#') || (self.detect && line.first() == Some(&b';')) {
            return Line::Skip;
        }
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            return Line::Skip;
        }
        if line.contains(&0) {
            return Line::Improper(self.named_algorithm(line));
        }
        if let Some(l) = self.parse_windows(line) {
            return l;
        }
        match self.parse_inner(line) {
            Some(l) => l,
            None => Line::Improper(self.named_algorithm(line)),
        }
    }

    /// A line of a Windows tool's output (see [`Windows`]), or `None` when it is not one
    /// (and no record is open).
    fn parse_windows(&mut self, line: &[u8]) -> Option<Line> {
        let text = std::str::from_utf8(line).ok();
        let trimmed = text.map(str::trim);
        match std::mem::take(&mut self.windows) {
            Windows::Certutil(alg, name) => {
                // The digest line: hex, or hex bytes separated by spaces (Windows 7).
                let hex: Vec<u8> = line.iter().copied().filter(|&c| c != b' ').collect();
                let n = alg.output.default_len();
                return Some(
                    match decode_digest(&hex, n).filter(|_| hex.len() == 2 * n) {
                        Some(digest) => self.windows_entry(alg, digest, name),
                        None => Line::Improper(Some(alg)),
                    },
                );
            }
            Windows::Table => {
                // The rest of the list is the table's.
                self.windows = Windows::Table;
                return Some(match trimmed.and_then(|t| self.table_row(t)) {
                    Some(l) => l,
                    None => Line::Improper(None),
                });
            }
            Windows::Record(alg, digest) => {
                if let Some((key, value)) = trimmed.and_then(|t| t.split_once(" : ")) {
                    let (key, value) = (key.trim(), value.trim());
                    return Some(match (key, alg, digest) {
                        ("Hash", Some(a), None) => {
                            match decode_digest(value.as_bytes(), a.output.default_len()) {
                                Some(d) => {
                                    self.windows = Windows::Record(Some(a), Some(d));
                                    Line::Skip
                                }
                                None => Line::Improper(Some(a)),
                            }
                        }
                        ("Path", Some(a), Some(d)) if !value.is_empty() => {
                            self.windows_entry(a, d, value.as_bytes().to_vec())
                        }
                        _ => Line::Improper(alg),
                    });
                }
            }
            Windows::None => {}
        }
        let t = trimmed?;
        // Every line that opens a Windows tool's output ends with `:` or starts with one
        // of these words; the lines of other lists go on at once.
        if !(t.ends_with(':') || t.starts_with("CertUtil") || t.starts_with("Algorithm")) {
            return None;
        }
        // certutil's header and closing line.
        if let Some(head) = t.strip_suffix(':')
            && let Some((label, name)) = head.split_once(" hash of ")
            && let Some(alg) = self.windows_label(label)
        {
            let name = name.strip_prefix("file ").unwrap_or(name);
            self.windows = Windows::Certutil(alg, name.as_bytes().to_vec());
            return Some(Line::Skip);
        }
        if t == "CertUtil: -hashfile command completed successfully." {
            return Some(Line::Skip);
        }
        // Get-FileHash: a table's header, or a Format-List record's first field.
        if t.split_whitespace().eq(["Algorithm", "Hash", "Path"]) {
            self.windows = Windows::Table;
            return Some(Line::Skip);
        }
        if let Some(("Algorithm", label)) = t.split_once(" : ").map(|(k, v)| (k.trim(), v.trim())) {
            let alg = self.windows_label(label);
            self.windows = Windows::Record(alg, None);
            return Some(if alg.is_some() {
                Line::Skip
            } else {
                Line::Improper(None)
            });
        }
        None
    }

    /// A row of a `Get-FileHash` table: its dashes, or `ALG HEX PATH`.
    fn table_row(&self, t: &str) -> Option<Line> {
        if !t.is_empty() && t.chars().all(|c| c == '-' || c == ' ') {
            return Some(Line::Skip);
        }
        let (label, rest) = t.split_once(char::is_whitespace)?;
        let alg = self.windows_label(label)?;
        let rest = rest.trim_start();
        let (hex, path) = rest.split_once(char::is_whitespace)?;
        let path = path.trim();
        Some(
            match decode_digest(hex.as_bytes(), alg.output.default_len()) {
                Some(d) if !path.is_empty() => self.windows_entry(alg, d, path.as_bytes().to_vec()),
                _ => Line::Improper(Some(alg)),
            },
        )
    }

    /// The algorithm a Windows tool names (`SHA256`, `SHA1`, `MD5`, …: BSD labels), if
    /// this run reads its lines (`-a` names it, or none was given).
    fn windows_label(&self, label: &str) -> Option<&'static Algorithm> {
        let a = Algorithm::from_bsd_label(label)?;
        (self.forced.is_none_or(|f| f == a) && self.family.is_none_or(|f| f.contains(a)))
            .then_some(a)
    }

    /// A Windows tool's line for `name`, by its own algorithm.
    fn windows_entry(&self, alg: &'static Algorithm, digest: Vec<u8>, name: Vec<u8>) -> Line {
        Line::Entry(Entry {
            algorithm: alg,
            digest,
            name,
            chosen: Chosen::Label,
            keyed: false,
        })
    }

    /// The algorithm an improper line is a line of, as far as it says (see
    /// [`Line::Improper`]).
    fn named_algorithm(&self, line: &[u8]) -> Option<&'static Algorithm> {
        if self.forced.is_some() {
            return self.forced;
        }
        let start = line.iter().position(|&c| !is_white(c))?;
        let s = line[start..].strip_prefix(b"\\").unwrap_or(&line[start..]);
        let labelled = s.iter().position(|&c| c == b'(').and_then(|open| {
            Algorithm::from_label(std::str::from_utf8(label_of(&s[..open])).ok()?)
        });
        match labelled {
            Some(l) => Some(l.alg),
            None => self.named_untagged,
        }
    }

    fn parse_inner(&mut self, s: &[u8]) -> Option<Line> {
        let mut i = s.iter().position(|&c| !is_white(c))?;
        let escaped = s[i] == b'\\';
        if escaped {
            i += 1;
        }
        if self.untagged.line != LineStyle::Hex {
            return self.parse_legacy(&s[i..]).map(Line::Entry);
        }
        if let Some(e) = self.parse_bsd(&s[i..], escaped) {
            return Some(Line::Entry(e));
        }
        if bsd_shaped(&s[i..]) {
            // A label not known, or not for this run (another than -a's): a foreign line.
            return None;
        }
        if let Some(line) = self.parse_prefixed(&s[i..], escaped) {
            return line;
        }
        if self.detect {
            return self.parse_detecting(&s[i..], escaped);
        }
        self.parse_untagged(&s[i..], escaped).map(Line::Entry)
    }

    /// A line whose digest spells its algorithm (`sha256:HEX  name`, `sha512-BASE64  name`,
    /// Nix's `sha256:NIX32  name`; [`crate::lists::spelling::prefixed`]): the name is its
    /// label. `None`: not such a line; `Some(None)`: such a line, not for this run (another
    /// algorithm than `-a`'s), or with no name.
    fn parse_prefixed(&self, s: &[u8], escaped: bool) -> Option<Option<Line>> {
        let field = s.iter().position(|&c| is_white(c))?;
        let (alg, digest) = crate::lists::spelling::prefixed(&s[..field])?;
        let rest = &s[field..];
        let Some(name) = [&b"  "[..], b" *", b" "]
            .iter()
            .find_map(|sep| rest.strip_prefix(*sep))
        else {
            return Some(None);
        };
        if self.forced.is_some_and(|f| f != alg) || self.family.is_some_and(|f| !f.contains(alg)) {
            return Some(None);
        }
        Some(listed_name(name, escaped).map(|name| {
            Line::Entry(Entry {
                algorithm: alg,
                digest,
                name,
                chosen: Chosen::Label,
                keyed: false,
            })
        }))
    }

    /// Without `-a`: a legacy line, an untagged digest line, or an SFV line (`name
    /// CRC32`, RHash's default output).
    fn parse_detecting(&mut self, s: &[u8], escaped: bool) -> Option<Line> {
        if !escaped
            && !untagged_first(s)
            && let Some((digest, name)) = legacy_fields(s, true)
        {
            return Some(Line::Untagged(Untagged {
                digest,
                name,
                legacy: true,
                base64: false,
            }));
        }
        if let Some(e) = self.parse_untagged(s, escaped) {
            if e.chosen == Chosen::Label {
                // A prefix named it (xxhsum's `XXH3_`).
                return Some(Line::Entry(e));
            }
            let field = s.iter().position(|&c| is_white(c)).unwrap_or(s.len());
            let base64 = field != 2 * e.digest.len();
            return Some(Line::Untagged(Untagged {
                digest: e.digest,
                name: e.name,
                legacy: false,
                base64,
            }));
        }
        // SFV lines (`name CRC32`) where the list's name says nothing else.
        if self.named_untagged.is_none_or(|a| a.sfv_lines) {
            return sfv(s).map(Line::Entry);
        }
        None
    }

    /// `hex  name` (or ` *name`, or BSD-reversed `hex name`), for the untagged algorithm
    /// or one an untagged prefix names.
    fn parse_untagged(&mut self, s: &[u8], escaped: bool) -> Option<Entry> {
        let mut rest = s;
        // A prefix that names the algorithm (xxhsum's `XXH3_`).
        let prefixed = Algorithm::all().iter().find(|a| {
            !a.untagged_prefix.is_empty() && rest.starts_with(a.untagged_prefix.as_bytes())
        });
        let mut alg = match (prefixed, self.forced) {
            (Some(_), _) if self.family.is_some() => return None,
            (Some(p), Some(f)) if p != f => return None,
            (Some(p), _) => {
                rest = &rest[p.untagged_prefix.len()..];
                p
            }
            (None, _) => self.untagged,
        };
        let chosen = if prefixed.is_some() {
            Chosen::Label
        } else if self.forced.is_some() || self.family.is_some() || self.length.is_some() {
            Chosen::Option
        } else if self.named_untagged.is_some() {
            Chosen::ListName
        } else {
            Chosen::Option
        };
        // The digest's length in bytes. Without --length, a range of lengths (b2sum) and
        // BLAKE3's extendable output take the length the digest states (as b2sum reads its
        // lines), so `khsum -l 64` output checks with plain `khsum -c`; BLAKE3 only from
        // UNTAGGED_XOF_MIN bytes on: a shorter field is b3sum's 64 digits or --length,
        // never a guess (CRC, sum and xxHash lists have such fields).
        let field = rest.iter().position(|&c| is_white(c)).unwrap_or(rest.len());
        // With -a blake3 (or -a blake2b) any length; without -a, BLAKE3 lines (what an
        // untagged line is read as when no detection runs) from UNTAGGED_XOF_MIN bytes.
        let xof_min = if self.forced.is_some() {
            1
        } else {
            UNTAGGED_XOF_MIN
        };
        let n = match alg.output {
            _ if let Some(f) = self.family => {
                // Hex first, as GNU reads them: 64 characters are a SHA-256 digest in hex
                // before a SHA-384 one in base64.
                let member = f
                    .members()
                    .into_iter()
                    .find(|a| decode_digest(&rest[..field], a.output.default_len()).is_some())?;
                alg = member;
                member.output.default_len()
            }
            _ if self.detect && prefixed.is_none() => stated_len(&rest[..field])?,
            // A range (b2sum) takes the length the digest states even with --length, as
            // GNU reads untagged lines (`b2sum -l 128 -c` checks 256-bit lines too).
            OutputRule::Range { min, max, .. } => {
                stated_len(&rest[..field]).filter(|n| (min..=max).contains(n))?
            }
            OutputRule::Xof { .. } if self.length.is_none() => stated_len(&rest[..field])
                .filter(|n| (xof_min..=XOF_MAX).contains(n))
                .or_else(|| self.digest_len(alg))?,
            _ => self.digest_len(alg)?,
        };
        // Hex, or base64 (cksum --base64) when the first field has its length.
        let hex_len = if field == base64_len(n) && field != 2 * n {
            field
        } else {
            2 * n
        };
        if rest.len() < hex_len + 2 || !is_white(rest[hex_len]) {
            return None;
        }
        let digest = decode_digest(&rest[..hex_len], n)?;
        let mut j = hex_len + 1;
        let name_part = &rest[j..];
        if name_part.len() == 1 || (name_part[0] != b' ' && name_part[0] != b'*') {
            if self.reversed == Some(false) {
                return None;
            }
            self.reversed = Some(true);
        } else if self.reversed != Some(true) {
            self.reversed = Some(false);
            j += 1;
        }
        Some(Entry {
            algorithm: alg,
            digest,
            name: listed_name(&rest[j..], escaped)?,
            chosen,
            keyed: false,
        })
    }

    /// A legacy `CHECKSUM SIZE-OR-BLOCKS NAME` line (`cksum`, `sum`), for the list's
    /// untagged algorithm: two decimal numbers, then one space and the name.
    fn parse_legacy(&self, s: &[u8]) -> Option<Entry> {
        let (digest, name) = legacy_fields(s, false)?;
        Some(Entry {
            algorithm: self.untagged,
            digest,
            name,
            chosen: Chosen::Option,
            keyed: false,
        })
    }

    /// `LABEL (name) = hex` or OpenSSL's `LABEL(name)= hex`.
    fn parse_bsd(&self, s: &[u8], escaped: bool) -> Option<Entry> {
        let open = s.iter().position(|&c| c == b'(')?;
        let label = std::str::from_utf8(label_of(&s[..open])).ok()?;
        let crate::algorithm::Label {
            alg,
            len: labelled_len,
            keyed,
        } = Algorithm::from_label(label)?;
        if self.forced.is_some_and(|f| f != alg) || self.family.is_some_and(|f| !f.contains(alg)) {
            return None;
        }
        let body = &s[open + 1..];
        let close = body.iter().rposition(|&c| c == b')')?;
        let name = &body[..close];
        let mut k = close + 1;
        while k < body.len() && is_white(body[k]) {
            k += 1;
        }
        if body.get(k) != Some(&b'=') {
            return None;
        }
        k += 1;
        while k < body.len() && is_white(body[k]) {
            k += 1;
        }
        // A label without a length is the algorithm's one length, or the default length
        // of a range (`BLAKE2b`: 512 bits, as GNU reads it), whatever `--length` says;
        // only BLAKE3's bare label takes `--length` (b3sum's tags never state one).
        let want = match (labelled_len, alg.output) {
            (Some(n), _) => n,
            (None, OutputRule::Fixed(n) | OutputRule::Range { default: n, .. }) => n,
            (None, OutputRule::Xof { .. }) => self.digest_len(alg)?,
        };
        let digest = decode_digest(&body[k..], want)?;
        Some(Entry {
            algorithm: alg,
            digest,
            name: listed_name(name, escaped)?,
            chosen: Chosen::Label,
            keyed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alg(n: &str) -> &'static Algorithm {
        Algorithm::lookup(n).unwrap()
    }

    /// `-c -a sha3` (and `sha2`): each untagged line's digest length, in hex or base64,
    /// picks the member; tagged lines of a member count, any other line is improper.
    #[test]
    fn a_family_reads_every_members_lines() {
        use base64::Engine;
        let b64 = |d: &[u8]| base64::engine::general_purpose::STANDARD.encode(d);
        for fam in ["sha2", "sha3"] {
            let f = Family::lookup(fam).unwrap();
            for member in f.members() {
                let n = member.output.default_len();
                let d: Vec<u8> = (0..n as u8).collect();
                let entry = |name: &[u8], chosen| {
                    Line::Entry(Entry {
                        algorithm: member,
                        digest: d.clone(),
                        name: name.to_vec(),
                        chosen,
                        keyed: false,
                    })
                };
                let mut p = ListParser::for_family(f);
                let hex = hex::encode(&d);
                let option = Chosen::Option;
                assert_eq!(p.parse(format!("{hex}  a").as_bytes()), entry(b"a", option));
                let line = format!("{}  b", b64(&d));
                assert_eq!(p.parse(line.as_bytes()), entry(b"b", option));
                for label in member.labels {
                    let line = format!("{label} (c) = {hex}");
                    assert_eq!(
                        p.parse(line.as_bytes()),
                        entry(b"c", Chosen::Label),
                        "{line}"
                    );
                }
                // One digit short, or another algorithm's label: not a line of the family.
                let short = format!("{}  a", &hex[1..]);
                assert_eq!(p.parse(short.as_bytes()), Line::Improper(None));
                let other = format!("BLAKE2b-{} (c) = {hex}", 8 * n);
                assert_eq!(
                    p.parse(other.as_bytes()),
                    Line::Improper(Some(alg("blake2b")))
                );
            }
            // xxhsum's prefixed lines name their own algorithm.
            let mut p = ListParser::for_family(f);
            assert_eq!(
                p.parse(format!("XXH3_{}  a", "ab".repeat(28)).as_bytes()),
                Line::Improper(None)
            );
        }
        // Untagged: the hex form first (64 hex digits are SHA-256, not base64 SHA-384).
        let mut p = ListParser::for_family(Family::lookup("sha2").unwrap());
        match p.parse(format!("{}  a", "ab".repeat(32)).as_bytes()) {
            Line::Entry(e) => assert_eq!(e.algorithm.name, "sha256"),
            other => panic!("{other:?}"),
        }
        // GNU's truncated SHA3 line (`tests/cksum/cksum-sha3.sh`) is improper.
        let mut p = ListParser::for_family(Family::lookup("sha3").unwrap());
        let line = format!("SHA3-248 (check.vals) = {}", "ab".repeat(31));
        assert!(matches!(p.parse(line.as_bytes()), Line::Improper(_)));
    }

    /// `--length` (BLAKE3's, for untagged lines) leaves other algorithms' tagged lines
    /// at their own lengths.
    #[test]
    fn a_length_leaves_other_labels_alone() {
        let mut p = ListParser::new(None, Some(8));
        let sha = format!("SHA256 (a) = {}", "ab".repeat(32));
        assert!(matches!(p.parse(sha.as_bytes()), Line::Entry(e) if e.algorithm.name == "sha256"));
        let b2 = format!("BLAKE2b (a) = {}", "ab".repeat(64));
        assert!(matches!(p.parse(b2.as_bytes()), Line::Entry(e) if e.digest.len() == 64));
        let b3 = format!("BLAKE3 (a) = {}", "ab".repeat(8));
        assert!(matches!(p.parse(b3.as_bytes()), Line::Entry(e) if e.digest.len() == 8));
    }

    #[test]
    fn formats_like_gnu_and_b3sum() {
        let mut out = Vec::new();
        let d = [0xabu8; 4];
        let sha = alg("sha256");
        format_line(&mut out, sha, &d, b"a", LineFormat::default());
        format_line(&mut out, sha, &d, b"n\nl", LineFormat::default());
        let tag = LineFormat {
            tag: true,
            ..Default::default()
        };
        format_line(&mut out, sha, &d, b"b\\c", tag);
        let z = LineFormat {
            zero: true,
            tag: true,
            ..Default::default()
        };
        format_line(&mut out, sha, &d, b"n\nl", z);
        assert_eq!(
            out,
            b"abababab  a\n\\abababab  n\\nl\n\\SHA256 (b\\\\c) = abababab\nSHA256 (n\nl) = abababab\0"
        );
    }

    #[test]
    fn status_lines_escape_only_names_with_newlines() {
        let mut out = Vec::new();
        format_status(&mut out, b"b\\c", "OK");
        format_status(&mut out, b"c\rr", "OK");
        format_status(&mut out, b"a\\b\nc", "FAILED");
        assert_eq!(out, b"b\\c: OK\nc\rr: OK\n\\a\\\\b\\nc: FAILED\n");
    }

    #[test]
    fn parses_untagged_bsd_openssl_and_escapes() {
        let h = "ab".repeat(32);
        let mut p = ListParser::new(Some(alg("sha256")), None);
        // Every improper line of a list checked with -a is a line of that algorithm.
        let bad = Line::Improper(Some(alg("sha256")));
        let e = |name: &[u8], chosen| {
            Line::Entry(Entry {
                algorithm: alg("sha256"),
                digest: vec![0xab; 32],
                name: name.to_vec(),
                chosen,
                keyed: false,
            })
        };
        let (option, label) = (Chosen::Option, Chosen::Label);
        assert_eq!(p.parse(format!("{h}  a b\n").as_bytes()), e(b"a b", option));
        assert_eq!(
            p.parse(format!("{h} *bin\r\n").as_bytes()),
            e(b"bin", option)
        );
        assert_eq!(
            p.parse(format!("\\{}  x\\ny", h.to_uppercase()).as_bytes()),
            e(b"x\ny", option)
        );
        assert_eq!(
            p.parse(format!("SHA256 (f) = {h}").as_bytes()),
            e(b"f", label)
        );
        assert_eq!(
            p.parse(format!("SHA256(f)= {h}").as_bytes()),
            e(b"f", label)
        );
        assert_eq!(
            p.parse(format!("SHA256 (a (1)) = {h}").as_bytes()),
            e(b"a (1)", label)
        );
        assert_eq!(p.parse(b"# comment"), Line::Skip);
        assert_eq!(p.parse(b"\n"), Line::Skip);
        assert_eq!(p.parse(b" \n"), bad);
        assert_eq!(p.parse(format!("{}  a", &h[2..]).as_bytes()), bad);
        assert_eq!(p.parse(format!("{h}ab  a").as_bytes()), bad);
        assert_eq!(p.parse(format!("SHA512 (f) = {h}").as_bytes()), bad);
        assert_eq!(p.parse(format!("\\{h}  bad\\q").as_bytes()), bad);
        assert_eq!(p.parse(b"\xff\xfe garbage"), bad);
        assert_eq!(p.parse(format!("{h}  a\0b").as_bytes()), bad);
    }

    #[test]
    fn labels_pick_the_algorithm_without_a() {
        let mut p = ListParser::new(None, None);
        let h64 = "01".repeat(64);
        match p.parse(format!("SHA512 (f) = {h64}").as_bytes()) {
            Line::Entry(e) => assert_eq!(e.algorithm.name, "sha512"),
            other => panic!("{other:?}"),
        }
        let h32 = "01".repeat(32);
        match p.parse(format!("BLAKE3-256 (f) = {h32}").as_bytes()) {
            Line::Entry(e) => assert_eq!(e.algorithm.name, "blake3"),
            other => panic!("{other:?}"),
        }
        match p.parse(format!("{h32}  f").as_bytes()) {
            Line::Entry(e) => assert_eq!(e.algorithm.name, "blake3"),
            other => panic!("{other:?}"),
        }
    }

    /// Without -a, an improper line names the algorithm of its label, else the one the
    /// list's name implies, else none (GNU's `improperly formatted SHA256 checksum line`).
    #[test]
    fn improper_lines_name_their_algorithm() {
        let mut p = ListParser::new(None, None);
        assert_eq!(
            p.parse(b"SHA256 (a) = 00"),
            Line::Improper(Some(alg("sha256")))
        );
        assert_eq!(
            p.parse(b"BLAKE2b-256 (a) = 0"),
            Line::Improper(Some(alg("blake2b")))
        );
        assert_eq!(
            p.parse(b"\\MD5 (a\\nb) = 1"),
            Line::Improper(Some(alg("md5")))
        );
        assert_eq!(p.parse(b"NOPE (a) = 00"), Line::Improper(None));
        assert_eq!(p.parse(b"00  a"), Line::Improper(None));
        let mut p = ListParser::for_list(None, None, b"dir/SHA512SUMS");
        assert_eq!(p.parse(b"00  a"), Line::Improper(Some(alg("sha512"))));
        assert_eq!(p.parse(b"MD5 (a) = 00"), Line::Improper(Some(alg("md5"))));
    }

    /// A 2-byte digest is 4 characters in hex and in base64 (found by the fuzz target):
    /// either form reads.
    #[test]
    fn two_byte_digests_read_in_either_form() {
        let mut p = ListParser::new(Some(alg("blake2s")), Some(2));
        for line in [&b"0905  a"[..], b"CQU=  a", b"BLAKE2s-16 (a) = CQU="] {
            match p.parse(line) {
                Line::Entry(e) => assert_eq!((e.digest, e.name), (vec![9, 5], b"a".to_vec())),
                other => panic!("{:?}: {other:?}", String::from_utf8_lossy(line)),
            }
        }
    }

    #[test]
    fn reversed_form_cannot_be_mixed() {
        let h = "ab".repeat(32);
        let mut p = ListParser::new(Some(alg("sha256")), None);
        assert!(matches!(
            p.parse(format!("{h} a").as_bytes()),
            Line::Entry(_)
        ));
        // Once reversed, a two-space line keeps the second space in the name.
        match p.parse(format!("{h}  b").as_bytes()) {
            Line::Entry(e) => assert_eq!(e.name, b" b"),
            other => panic!("{other:?}"),
        }
        let mut q = ListParser::new(Some(alg("sha256")), None);
        assert!(matches!(
            q.parse(format!("{h}  a").as_bytes()),
            Line::Entry(_)
        ));
        assert_eq!(
            q.parse(format!("{h} b").as_bytes()),
            Line::Improper(Some(alg("sha256")))
        );
    }
}
