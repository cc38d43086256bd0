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
    let text = String::from_utf8_lossy(name);
    let invalid = matches!(text, Cow::Owned(_));
    let is_ctrl = |c: char| c.is_control();
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
    // Control characters or invalid UTF-8: quote printable runs, $'…' the rest. One pass
    // over the bytes (each chunk's valid text, then its invalid bytes): linear in the
    // name's length, so a hostile name of megabytes quotes in milliseconds.
    let mut out = String::with_capacity(name.len() + 16);
    let mut in_plain = false;
    let escaped = |out: &mut String, in_plain: &mut bool, bytes: &[u8]| {
        if *in_plain {
            out.push('\'');
            *in_plain = false;
        }
        out.push_str("$'");
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
        out.push('\'');
    };
    for chunk in name.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_control() {
                let mut utf8 = [0u8; 4];
                escaped(&mut out, &mut in_plain, c.encode_utf8(&mut utf8).as_bytes());
                continue;
            }
            if !in_plain {
                out.push('\'');
                in_plain = true;
            }
            if c == '\'' {
                out.push_str("'\\''");
            } else {
                out.push(c);
            }
        }
        // Each byte that is not UTF-8 gets its own $'\NNN'.
        for &b in chunk.invalid() {
            escaped(&mut out, &mut in_plain, &[b]);
        }
    }
    if in_plain {
        out.push('\'');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(quote(b"my file"), "'my file'");
        assert_eq!(quote(b"it's"), "\"it's\"");
        assert_eq!(quote(b"n\nl2"), "'n'$'\\n''l2'");
        assert_eq!(quote(b"ok-name_1.2"), "ok-name_1.2");
        assert_eq!(quote("é".as_bytes()), "é");
        assert_eq!(quote(b"x$y"), "'x$y'");
        assert_eq!(quote(b"a*b"), "'a*b'");
        assert_eq!(quote(b"standard input"), "'standard input'");
        assert_eq!(quote(b"\xff"), "$'\\377'");
        assert_eq!(quote(b"\xe2\x82x"), "$'\\342'$'\\202''x'");
        assert_eq!(quote("a\u{85}b".as_bytes()), "'a'$'\\302\\205''b'");
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
        assert_eq!(quote(&name), r"'x'\'''$'\n'$'\377'".repeat(n));
        // Printable text with one control character at the end: one quoted run.
        let mut name = vec![b'a'; (1 << 20) - 1];
        name.push(b'\t');
        assert_eq!(
            quote(&name),
            format!("'{}'$'\\t'", "a".repeat((1 << 20) - 1))
        );
    }
}
