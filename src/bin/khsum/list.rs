//! `khsum list`: the registry, with the backend this CPU uses for each algorithm.

use crate::report::{Out, Status};
use khsum::algorithm::Family;
use khsum::{Algorithm, KeyRule, OutputRule};

pub fn run() -> Status {
    let mut out = Out::new();
    let mut rows: Vec<[String; 6]> = vec![
        [
            "NAME",
            "KEY",
            "OUTPUT",
            "BACKEND",
            "AVAILABLE BACKENDS",
            "DESCRIPTION",
        ]
        .map(String::from),
    ];
    for a in Algorithm::all() {
        let key = match a.key {
            KeyRule::None => "none".to_string(),
            KeyRule::Fixed(n) => format!("{n} bytes"),
            KeyRule::Any => "any".to_string(),
            KeyRule::SameAsMessage => "=message".to_string(),
        };
        let output = match (a.output, a.line.legacy_value()) {
            // The legacy lines: the checksum, and the size or block count beside it.
            (_, Some((n, count))) => format!("{n} bytes+{count}"),
            (OutputRule::Fixed(n), None) => format!("{n} bytes"),
            (OutputRule::Xof { default }, None) => format!("{default}+ (XOF)"),
            (OutputRule::Range { min, max, default }, None) => {
                format!("{default} ({min}..{max})")
            }
        };
        let avail: Vec<&str> = a.available_backends().iter().map(|b| b.name()).collect();
        rows.push([
            a.name.to_string(),
            key,
            output,
            backend(a),
            avail.join(","),
            a.summary.to_string(),
        ]);
    }
    // Every column as wide as its widest cell (backend names differ per CPU), so the
    // columns line up whatever this machine has.
    let mut width = [0usize; 5];
    for row in &rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.len());
        }
    }
    let mut s = String::new();
    for row in &rows {
        for (w, cell) in width.iter().zip(row) {
            s.push_str(&format!("{cell:<w$}  "));
        }
        s.push_str(&row[5]);
        s.push('\n');
    }
    // GNU cksum 9.8+'s families: one -a, the member picked by --length.
    s.push('\n');
    for f in Family::all() {
        let members = f.members();
        let names: Vec<&str> = members.iter().map(|a| a.name).collect();
        let bits: Vec<String> = members
            .iter()
            .map(|a| (8 * a.output.default_len()).to_string())
            .collect();
        s.push_str(&format!(
            "-a {} -l BITS: {} ({} bits), as GNU cksum -a {}\n",
            f.name(),
            or_list(&names),
            or_list(&bits),
            f.name()
        ));
    }
    s.push_str(
        "\n'... lanes': many small inputs are hashed at once, one per SIMD lane (avx2x8: eight\n\
         in AVX2); one input, or a large one, runs on the backend named first.\n",
    );
    s.push_str(&format!(
        "\nCPU features ({}): {}\n",
        std::env::consts::ARCH,
        khsum::backend::detected_features().join(" ")
    ));
    out.write(s.as_bytes());
    out.finish(Status::Ok)
}

/// The backend one input runs on, and the multi-buffer kernel many small inputs share,
/// when this CPU has one: `portable, avx2x8 lanes` (MD5 has no single-stream SIMD code, but
/// eight small MD5 files run at once in AVX2's lanes).
fn backend(a: &Algorithm) -> String {
    use khsum::alg::lanes;
    let one = a.best_backend().name();
    match a
        .read
        .lanes
        .and_then(|k| Some((k, lanes::chosen_backend(k)?)))
    {
        Some((k, b)) => format!("{one}, {} lanes", lanes::label(k, b)),
        None => one.to_string(),
    }
}

/// `a, b, c or d`.
fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", rest.join(", "), last.as_ref())
        }
        _ => items.iter().map(AsRef::as_ref).collect(),
    }
}
