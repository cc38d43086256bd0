//! File names as raw bytes: escaping in checksum lines (GNU coreutils 9.1 and b3sum
//! rules), unescaping when lists are read, and shell-style quoting for diagnostics
//! (GNU's `quotef`).

use std::borrow::Cow;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The bytes of a path. On Unix these are exact (names need not be UTF-8); elsewhere
/// the path's UTF-8 form.
pub fn path_bytes(p: &Path) -> Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Cow::Borrowed(p.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        match p.to_string_lossy() {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(s.into_bytes()),
        }
    }
}

/// The path with these bytes (exact on Unix).
pub fn bytes_to_path(b: &[u8]) -> PathBuf {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        PathBuf::from(OsStr::from_bytes(b))
    }
    #[cfg(not(unix))]
    {
        PathBuf::from(String::from_utf8_lossy(b).into_owned())
    }
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
                '"' | '\'' | '$' | '&' | '(' | ')' | '*' | ';' | '<' | '>' | '?' | '[' | '\\'
                    | ']' | '^' | '`' | '{' | '|' | '}' | '!'
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
        if text.contains('\'') && !text.chars().any(|c| matches!(c, '"' | '$' | '`' | '\\' | '!'))
        {
            return format!("\"{text}\"");
        }
        return format!("'{}'", text.replace('\'', "'\\''"));
    }
    // Control characters or invalid UTF-8: quote printable runs, $'…' the rest.
    let mut out = String::new();
    let mut in_plain = false;
    let mut i = 0;
    while i < name.len() {
        let (ch, used) = match std::str::from_utf8(&name[i..]) {
            Ok(s) => (s.chars().next(), s.chars().next().map_or(1, char::len_utf8)),
            Err(e) if e.valid_up_to() > 0 => {
                let s = std::str::from_utf8(&name[i..i + e.valid_up_to()]).unwrap_or("");
                (s.chars().next(), s.chars().next().map_or(1, char::len_utf8))
            }
            Err(_) => (None, 1),
        };
        match ch {
            Some(c) if !c.is_control() => {
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
            _ => {
                if in_plain {
                    out.push('\'');
                    in_plain = false;
                }
                out.push_str("$'");
                for &b in &name[i..i + used] {
                    match b {
                        b'\n' => out.push_str("\\n"),
                        b'\t' => out.push_str("\\t"),
                        b'\r' => out.push_str("\\r"),
                        _ => out.push_str(&format!("\\{b:03o}")),
                    }
                }
                out.push('\'');
            }
        }
        i += used;
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
    }
}
