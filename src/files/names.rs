//! File names as raw bytes: escaping in checksum lines (GNU coreutils 9.1 and b3sum
//! rules), unescaping when lists are read, and shell-style quoting for diagnostics
//! (GNU's `quotef`).

use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// The bytes of a path. On Unix these are exact (names need not be UTF-8). Elsewhere
/// they are the OS string's encoded bytes: UTF-8 for every valid Unicode name, and on
/// Windows WTF-8 for a name with an unpaired UTF-16 surrogate, which [`bytes_to_path`]
/// turns back into the same UTF-16 name.
pub fn path_bytes(p: &Path) -> Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Cow::Borrowed(p.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        Cow::Borrowed(p.as_os_str().as_encoded_bytes())
    }
}

/// The path with these bytes: exact on Unix; on Windows the UTF-16 name whose WTF-8 form
/// they are (see [`path_bytes`]); elsewhere their UTF-8 reading.
pub fn bytes_to_path(b: &[u8]) -> PathBuf {
    #[cfg(unix)]
    {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        PathBuf::from(OsStr::from_bytes(b))
    }
    #[cfg(windows)]
    {
        use std::os::windows::ffi::OsStringExt;
        match std::str::from_utf8(b) {
            Ok(s) => PathBuf::from(s),
            Err(_) => match wtf8_to_wide(b) {
                Some(wide) => PathBuf::from(std::ffi::OsString::from_wide(&wide)),
                None => PathBuf::from(String::from_utf8_lossy(b).into_owned()),
            },
        }
    }
    #[cfg(not(any(unix, windows)))]
    {
        PathBuf::from(String::from_utf8_lossy(b).into_owned())
    }
}

/// Decodes WTF-8 (UTF-8 that may also encode lone surrogates U+D800..U+DFFF as three
/// bytes) into UTF-16 code units; `None` for bytes that are not WTF-8.
#[cfg_attr(not(windows), allow(dead_code))]
fn wtf8_to_wide(b: &[u8]) -> Option<Vec<u16>> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let lead = b[i];
        let (len, min, init) = match lead {
            0x00..=0x7f => (1, 0, u32::from(lead)),
            0xc2..=0xdf => (2, 0x80, u32::from(lead & 0x1f)),
            0xe0..=0xef => (3, 0x800, u32::from(lead & 0x0f)),
            0xf0..=0xf4 => (4, 0x1_0000, u32::from(lead & 0x07)),
            _ => return None,
        };
        let tail = b.get(i + 1..i + len)?;
        let mut c = init;
        for &t in tail {
            if t & 0xc0 != 0x80 {
                return None;
            }
            c = (c << 6) | u32::from(t & 0x3f);
        }
        if c < min || c > 0x10_ffff {
            return None;
        }
        match c {
            0x1_0000.. => {
                let v = c - 0x1_0000;
                out.push(0xd800 | (v >> 10) as u16);
                out.push(0xdc00 | (v & 0x3ff) as u16);
            }
            _ => out.push(c as u16),
        }
        i += len;
    }
    Some(out)
}

/// Whether a name needs escaping in a hash line (it holds `\`, LF or CR).
pub fn needs_escape(name: &[u8]) -> bool {
    name.iter().any(|&c| matches!(c, b'\\' | b'\n' | b'\r'))
}

/// Escapes `\` as `\\`, LF as `\n` and CR as `\r` (the caller writes the leading
/// backslash that marks an escaped line).
pub fn escape(name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(name.len() + 4);
    for &c in name {
        match c {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            _ => out.push(c),
        }
    }
    out
}

/// Reverses [`escape`]; `None` for an invalid escape sequence or a trailing backslash.
pub fn unescape(s: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    let mut it = s.iter();
    while let Some(&c) = it.next() {
        if c == b'\\' {
            match it.next()? {
                b'\\' => out.push(b'\\'),
                b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// Quotes a name for a diagnostic the way GNU coreutils' `quotef` does (shell-escape
/// style): plain names stay as they are; names with spaces or shell metacharacters are
/// single-quoted (double-quoted when they hold a `'` and nothing that double quotes would
/// expand); control characters and bytes that are not UTF-8 become `$'\n'`-style escapes.
pub fn quote(name: &[u8]) -> String {
    quote_in(name, ascii_locale())
}

/// Whether the locale's character set is ASCII (`LC_ALL`, else `LC_CTYPE`, else `LANG`,
/// the first one set: unset, `C`, `POSIX` or any name without UTF-8), where GNU's
/// quoting writes every byte outside ASCII as an octal escape, as it does in the `C`
/// locale (`'file_'$'\303\203'`); read once.
fn ascii_locale() -> bool {
    static ASCII: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ASCII.get_or_init(|| {
        let set = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
            .unwrap_or_default()
            .to_ascii_lowercase();
        !(set.contains("utf-8") || set.contains("utf8"))
    })
}

/// [`quote`] for an ASCII locale (`ascii`: characters outside ASCII escaped) or a UTF-8
/// one.
pub fn quote_in(name: &[u8], ascii: bool) -> String {
    let text = String::from_utf8_lossy(name);
    let invalid = matches!(text, Cow::Owned(_));
    let is_ctrl = |c: char| c.is_control() || (ascii && !c.is_ascii());
    let special = |c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '"' | '\''
                    | '$'
                    | '&'
                    | '('
                    | ')'
                    | '*'
                    | ';'
                    | '<'
                    | '>'
                    | '?'
                    | '['
                    | '\\'
                    | ']'
                    | '^'
                    | '`'
                    | '{'
                    | '|'
                    | '}'
                    | '!'
            )
    };
    if name.is_empty() {
        return "''".into();
    }
    let starts_special = matches!(name[0], b'#' | b'~');
    if !invalid && !starts_special && !text.chars().any(|c| special(c) || is_ctrl(c)) {
        return text.into_owned();
    }
    if !invalid && !text.chars().any(is_ctrl) {
        if text.contains('\'')
            && !text
                .chars()
                .any(|c| matches!(c, '"' | '$' | '`' | '\\' | '!'))
        {
            return format!("\"{text}\"");
        }
        return format!("'{}'", text.replace('\'', "'\\''"));
    }
    // Control characters or invalid UTF-8 (or, in an ASCII locale, any byte outside
    // ASCII): as GNU's shell-escape quoting writes them, quoted runs and `$'…'` escaped
    // runs (consecutive escaped bytes share one): `''$'\377'`, `'x'$'\n''y'`, a `'` as
    // `'\''`; a name whose first `'` comes before its first escaped byte starts with `''`
    // and an unquoted `\'`, as GNU's quoting restarts there. One pass over the bytes:
    // linear in the name's length, so a hostile name of megabytes quotes in milliseconds.
    #[derive(PartialEq)]
    enum At {
        Out,
        Quoted,
        Escaped,
    }
    let first_escape = name.utf8_chunks().fold((0, None), |(at, found), chunk| {
        let here = found.or_else(|| {
            chunk
                .valid()
                .char_indices()
                .find(|&(_, c)| is_ctrl(c))
                .map(|(i, _)| at + i)
                .or_else(|| (!chunk.invalid().is_empty()).then(|| at + chunk.valid().len()))
        });
        (at + chunk.valid().len() + chunk.invalid().len(), here)
    });
    let first_escape = first_escape.1.unwrap_or(name.len());
    let restart = name
        .iter()
        .position(|&b| b == b'\'')
        .is_some_and(|q| q < first_escape);
    let mut out = String::with_capacity(name.len() + 16);
    let mut at = if restart {
        out.push_str("''");
        At::Out
    } else {
        out.push('\'');
        At::Quoted
    };
    let escaped = |out: &mut String, at: &mut At, bytes: &[u8]| {
        if bytes.is_empty() {
            return;
        }
        match at {
            At::Out => out.push_str("''$'"),
            At::Quoted => out.push_str("'$'"),
            At::Escaped => {}
        }
        *at = At::Escaped;
        for &b in bytes {
            match b {
                b'\n' => out.push_str("\\n"),
                b'\t' => out.push_str("\\t"),
                b'\r' => out.push_str("\\r"),
                _ => {
                    out.push('\\');
                    for shift in [6, 3, 0] {
                        out.push(char::from(b'0' + ((b >> shift) & 7)));
                    }
                }
            }
        }
    };
    for chunk in name.utf8_chunks() {
        for c in chunk.valid().chars() {
            if is_ctrl(c) {
                let mut utf8 = [0u8; 4];
                escaped(&mut out, &mut at, c.encode_utf8(&mut utf8).as_bytes());
            } else if c == '\'' {
                if at == At::Out {
                    out.push_str("\\'");
                } else {
                    out.push_str("'\\''");
                    at = At::Quoted;
                }
            } else {
                match at {
                    At::Out => out.push('\''),
                    At::Escaped => out.push_str("''"),
                    At::Quoted => {}
                }
                at = At::Quoted;
                out.push(c);
            }
        }
        escaped(&mut out, &mut at, chunk.invalid());
    }
    if at != At::Out {
        out.push('\'');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quoting of a UTF-8 locale, whatever the test's environment.
    fn quote_in_utf8(name: &[u8]) -> String {
        quote_in(name, false)
    }

    #[test]
    fn wtf8_decodes_to_utf16_with_lone_surrogates() {
        assert_eq!(wtf8_to_wide(b"a\xc3\xa9").unwrap(), [0x61, 0xe9]);
        // U+1F600 as a surrogate pair.
        assert_eq!(
            wtf8_to_wide("\u{1f600}".as_bytes()).unwrap(),
            [0xd83d, 0xde00]
        );
        // A lone high surrogate U+D800 (ED A0 80), as Windows names may hold.
        assert_eq!(wtf8_to_wide(b"x\xed\xa0\x80").unwrap(), [0x78, 0xd800]);
        // Not WTF-8: a stray continuation byte, an overlong form, a truncated sequence.
        assert_eq!(wtf8_to_wide(b"\x80"), None);
        assert_eq!(wtf8_to_wide(b"\xc0\x80"), None);
        assert_eq!(wtf8_to_wide(b"\xe2\x82"), None);
    }

    #[test]
    fn escape_round_trip() {
        let n = b"a\\b\nc\rd";
        assert!(needs_escape(n));
        assert_eq!(escape(n), b"a\\\\b\\nc\\rd");
        assert_eq!(unescape(&escape(n)).unwrap(), n);
        assert_eq!(unescape(b"a\\x"), None);
        assert_eq!(unescape(b"a\\"), None);
        assert!(!needs_escape(b"plain name"));
    }

    #[test]
    fn quoting_matches_gnu() {
        // Expected strings are what GNU sha256sum 9.1 prints for missing files.
        assert_eq!(quote_in_utf8(b"my file"), "'my file'");
        assert_eq!(quote_in_utf8(b"it's"), "\"it's\"");
        assert_eq!(quote_in_utf8(b"n\nl2"), "'n'$'\\n''l2'");
        assert_eq!(quote_in_utf8(b"ok-name_1.2"), "ok-name_1.2");
        assert_eq!(quote_in_utf8("é".as_bytes()), "é");
        // In the C locale, GNU's quoting escapes every byte outside ASCII.
        assert_eq!(quote_in("file_Ã".as_bytes(), true), "'file_'$'\\303\\203'");
        assert_eq!(quote_in("é b".as_bytes(), true), "''$'\\303\\251'' b'");
        assert_eq!(quote_in_utf8(b"x$y"), "'x$y'");
        assert_eq!(quote_in_utf8(b"a*b"), "'a*b'");
        assert_eq!(quote_in_utf8(b"standard input"), "'standard input'");
        assert_eq!(quote_in_utf8(b"\xff"), "''$'\\377'");
        assert_eq!(quote_in_utf8(b"\xe2\x82x"), "''$'\\342\\202''x'");
        assert_eq!(quote_in_utf8("a\u{85}b".as_bytes()), "'a'$'\\302\\205''b'");
        // A quote before the first escaped byte: GNU's quoting restarts with `''`.
        assert_eq!(quote_in_utf8(b"a'b\n"), "'''a'\\''b'$'\\n'");
        assert_eq!(quote_in_utf8(b"\n'"), "''$'\\n'\\'''");
    }

    /// A hostile name of 1 MiB (quotes, control characters and bytes that are not UTF-8
    /// throughout) quotes to the exact expected text; quoting is one pass over the name
    /// (`cargo bench --bench names` shows its time against the name's length).
    #[test]
    fn quoting_a_hostile_mebibyte_name() {
        let unit: &[u8] = b"x'\n\xff";
        let n = (1 << 20) / unit.len();
        let name = unit.repeat(n);
        assert_eq!(name.len(), 1 << 20);
        // As GNU 9.1 quotes it (checked against sha256sum for two units).
        let want = format!(
            "''{}{}'",
            r"'x'\'''$'\n\377",
            r"''x'\'''$'\n\377".repeat(n - 1)
        );
        assert_eq!(quote_in_utf8(&name), want);
        // Printable text with one control character at the end: one quoted run.
        let mut name = vec![b'a'; (1 << 20) - 1];
        name.push(b'\t');
        assert_eq!(
            quote_in_utf8(&name),
            format!("'{}'$'\\t'", "a".repeat((1 << 20) - 1))
        );
    }
}
