//! Usage errors that point to the fix: clap's errors about `-a` and about unknown options
//! that name an algorithm reworded, and a digest given where a list was expected.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use khsum::Algorithm;
use khsum::algorithm::{Family, Named};

/// Clap's usage error, reworded where khsum knows better:
/// - an option named like an algorithm (`--sha256`, as in other tools) gets `-a sha256`;
/// - an unknown `-a` value gets a near name only when that name is the same algorithm
///   spelled otherwise (case, separators, two letters swapped), else "not supported"
///   (`crc32c` is not `crc32`), and never clap's list of every value (`khsum list` has
///   them).
pub fn improve(e: clap::Error) -> clap::Error {
    match e.kind() {
        ErrorKind::UnknownArgument => option_named_like_an_algorithm(e),
        ErrorKind::InvalidValue => algorithm_value(e),
        _ => e,
    }
}

fn text(e: &clap::Error, kind: ContextKind) -> Option<String> {
    match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    }
}

/// A new error of `e`'s kind with `e`'s argument, value and usage, and these tips.
fn rebuilt(e: &clap::Error, suggested_value: Option<String>, tips: Vec<String>) -> clap::Error {
    use clap::CommandFactory;
    let mut new = clap::Error::new(e.kind()).with_cmd(&crate::args::Cli::command());
    for kind in [ContextKind::InvalidArg, ContextKind::InvalidValue] {
        if let Some(s) = text(e, kind) {
            new.insert(kind, ContextValue::String(s));
        }
    }
    if let Some(v) = suggested_value {
        new.insert(ContextKind::SuggestedValue, ContextValue::String(v));
    }
    if !tips.is_empty() {
        new.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(tips.into_iter().map(Into::into).collect()),
        );
    }
    if let Some(usage) = e.get(ContextKind::Usage) {
        new.insert(ContextKind::Usage, usage.clone());
    }
    new
}

/// `--sha256` or `--md5=x`: the option other tools have, answered with `-a NAME`.
fn option_named_like_an_algorithm(e: clap::Error) -> clap::Error {
    let Some(arg) = text(&e, ContextKind::InvalidArg) else {
        return e;
    };
    let Some(word) = arg.strip_prefix("--") else {
        return e;
    };
    let word = word.split('=').next().unwrap_or(word);
    let name = match Named::lookup(word) {
        Ok(Named::One(a)) => a.name,
        Ok(Named::Family(f)) => f.name(),
        Err(_) => return e,
    };
    rebuilt(
        &e,
        None,
        vec![format!(
            "khsum chooses the algorithm with -a: use '-a {name}'"
        )],
    )
}

/// An invalid `-a` value (or none): a near name only when it is the same algorithm, else
/// "not supported"; `khsum list` instead of clap's list of every value.
fn algorithm_value(e: clap::Error) -> clap::Error {
    let Some(arg) = text(&e, ContextKind::InvalidArg) else {
        return e;
    };
    if !arg.starts_with("--algorithm") {
        return e;
    }
    let value = text(&e, ContextKind::InvalidValue).unwrap_or_default();
    if value.is_empty() {
        return rebuilt(&e, None, vec![list_tip()]);
    }
    match same_algorithm(&value) {
        Some(name) => rebuilt(&e, Some(name.to_string()), Vec::new()),
        None => rebuilt(
            &e,
            None,
            vec![format!("'{value}' is not supported; {}", list_tip())],
        ),
    }
}

fn list_tip() -> String {
    "'khsum list' names the algorithms khsum supports".into()
}

/// The registry name `typed` stands for when it differs from one of its names only in
/// case and separators (`SHA_256`), or by two neighbouring letters swapped (`sha265`);
/// `None` for anything else, which may be another algorithm (`crc32c`, `md4`).
pub fn same_algorithm(typed: &str) -> Option<&'static str> {
    let want = squeeze(typed);
    if want.is_empty() {
        return None;
    }
    let mut names: Vec<(&'static str, &'static str)> = Vec::new();
    for a in Algorithm::all() {
        names.push((a.name, a.name));
        names.extend(a.aliases.iter().map(|&n| (n, a.name)));
    }
    names.extend(Family::all().into_iter().map(|f| (f.name(), f.name())));
    let hit = |close: &dyn Fn(&str) -> bool| {
        names
            .iter()
            .find(|(n, _)| close(&squeeze(n)))
            .map(|&(_, canonical)| canonical)
    };
    hit(&|n| n == want).or_else(|| hit(&|n| swapped(n, &want)))
}

/// Lower case, letters and digits only.
fn squeeze(s: &str) -> String {
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Whether `b` is `a` with two neighbouring characters swapped.
fn swapped(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    matches!(diff[..], [i, j] if j == i + 1 && a[i] == b[j] && a[j] == b[i])
}

/// A list argument that is no file but looks like a digest (hex digits as many as an
/// algorithm's output): the digest was given where the list goes, as in `khsum -c HEX
/// FILE`. The message shows the form that works: the line on standard input.
pub fn digest_for_a_list(lists: &[std::ffi::OsString]) -> Option<String> {
    let (i, hex) = lists.iter().enumerate().find_map(|(i, l)| {
        let s = l.to_str()?;
        let lengths = Algorithm::all().iter().map(|a| 2 * a.output.default_len());
        let digest = s.len() >= 8
            && s.bytes().all(|b| b.is_ascii_hexdigit())
            && lengths.into_iter().any(|n| n == s.len());
        (digest && std::fs::symlink_metadata(l).is_err()).then_some((i, s))
    })?;
    let file = lists
        .get(i + 1)
        .map_or("FILE".into(), |f| f.to_string_lossy().into_owned());
    Some(format!(
        "{hex}: no such list; to check {file} against this digest, give its line on standard input: echo \"{hex}  {file}\" | khsum -c"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_names_that_are_the_same_algorithm() {
        for (typed, want) in [
            ("SHA_256", Some("sha256")),
            ("sha265", Some("sha256")),
            ("blkae3", Some("blake3")),
            ("Sip-Hash-2-4", Some("siphash-2-4")),
            ("sha-3", Some("sha3")),
            ("crc32c", None),
            ("md4", None),
            ("crc64", None),
            ("sha", None),
            ("", None),
        ] {
            assert_eq!(same_algorithm(typed), want, "{typed}");
        }
    }
}
