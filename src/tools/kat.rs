//! Known-answer tests: the vectors in `kats/` (embedded at build time), their parser, and
//! the one harness that runs every record on every backend at many split points. Both
//! `tests/kats.rs` and `khsum selftest` call [`run_all`].
//!
//! Record format (see `kats/README.md`): one record per line, `name=value` fields
//! separated by single spaces, `#` comments. Messages are `hex:<hex>`, `iota:<n>`
//! (byte i = i mod 256), `mod251:<n>` (byte i = i mod 251), `repeat:<hex>:<n>` (n copies)
//! or `xxh-sanity:<n>` (xxHash's sanity-test buffer).

use crate::algorithm::{Algorithm, Params};
use crate::backend::Backend;
use crate::key::Key;

/// The embedded vector files: (file name, contents).
pub const FILES: &[(&str, &str)] = &[
    ("blake3.kat", include_str!("../../kats/blake3.kat")),
    ("sha2.kat", include_str!("../../kats/sha2.kat")),
    ("standards.kat", include_str!("../../kats/standards.kat")),
    ("xxhash.kat", include_str!("../../kats/xxhash.kat")),
    ("legacy.kat", include_str!("../../kats/legacy.kat")),
    (
        "hmac_sha256.kat",
        include_str!("../../kats/hmac_sha256.kat"),
    ),
    ("siphash.kat", include_str!("../../kats/siphash.kat")),
    (
        "siphash_rooterberg.kat",
        include_str!("../../kats/siphash_rooterberg.kat"),
    ),
    (
        "highwayhash.kat",
        include_str!("../../kats/highwayhash.kat"),
    ),
    ("lemac.kat", include_str!("../../kats/lemac.kat")),
    (
        "rescue_rp64_256.kat",
        include_str!("../../kats/rescue_rp64_256.kat"),
    ),
    (
        "multimixer128.kat",
        include_str!("../../kats/multimixer128.kat"),
    ),
];

/// One record of a `.kat` file.
#[derive(Debug, Clone)]
pub struct Record {
    /// The file it came from.
    pub file: &'static str,
    /// Its 1-based line number.
    pub line: usize,
    fields: Vec<(&'static str, &'static str)>,
}

impl Record {
    /// A field's value.
    pub fn get(&self, name: &str) -> Option<&'static str> {
        self.fields
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| *v)
    }

    /// Where the record is, for messages: `file:line`.
    pub fn location(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

/// Parses the records of one embedded file.
pub fn parse(file: &'static str, text: &'static str) -> Vec<Record> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| Record {
            file,
            line: i + 1,
            fields: l
                .split(' ')
                .filter(|f| !f.is_empty())
                .map(|f| f.split_once('=').unwrap_or((f, "")))
                .collect(),
        })
        .collect()
}

/// Every record of every embedded file.
pub fn all_records() -> Vec<Record> {
    FILES.iter().flat_map(|(f, t)| parse(f, t)).collect()
}

/// Expands a `msg` field.
///
/// # Errors
/// An unknown form or bad hex.
pub fn expand_msg(spec: &str) -> Result<Vec<u8>, String> {
    let bad = || {
        format!(
            "bad msg field '{}'",
            spec.chars().take(40).collect::<String>()
        )
    };
    let count = |n: &str| n.parse::<usize>().map_err(|_| bad());
    if let Some(h) = spec.strip_prefix("hex:") {
        hex::decode(h).map_err(|_| bad())
    } else if let Some(n) = spec.strip_prefix("iota:") {
        Ok((0..count(n)?).map(|i| i as u8).collect())
    } else if let Some(n) = spec.strip_prefix("mod251:") {
        Ok((0..count(n)?).map(|i| (i % 251) as u8).collect())
    } else if let Some(n) = spec.strip_prefix("xxh-sanity:") {
        // xxHash's sanity-test buffer (cli/xsum_sanity_check.c, XSUM_fillTestBuffer).
        let mut g: u64 = 2_654_435_761;
        Ok((0..count(n)?)
            .map(|_| {
                let b = (g >> 56) as u8;
                g = g.wrapping_mul(11_400_714_785_074_694_797);
                b
            })
            .collect())
    } else if let Some(r) = spec.strip_prefix("repeat:") {
        let (h, n) = r.split_once(':').ok_or_else(bad)?;
        Ok(hex::decode(h).map_err(|_| bad())?.repeat(count(n)?))
    } else {
        Err(bad())
    }
}

/// What the record's `alg` field asks for.
enum Target {
    /// A digest through the registry; `negative` records must NOT match.
    Digest {
        alg: &'static Algorithm,
        out_len: Option<usize>,
        negative: bool,
    },
    /// The Rescue Prime permutation on field elements.
    RescuePermutation,
    /// Multimixer-128's f_128 block function on 32-bit words.
    MultimixerF128,
}

/// Resolves a record's `alg` id: the registry's descriptors name the ids of their records
/// ([`Algorithm::from_kat_id`]); the rest are internal functions and the negative LeMac-0
/// records.
fn target(id: &str) -> Option<Target> {
    match id {
        "lemac0" => Some(Target::Digest {
            alg: Algorithm::from_kat_id("lemac")?,
            out_len: None,
            negative: true,
        }),
        "rp64_256-perm" => Some(Target::RescuePermutation),
        "multimixer128-f128" => Some(Target::MultimixerF128),
        _ => {
            let alg = Algorithm::from_kat_id(id)?;
            // Extendable-output records (BLAKE3's) carry 131 bytes of output.
            let out_len = matches!(alg.output, crate::OutputRule::Xof { .. }).then_some(131);
            Some(Target::Digest {
                alg,
                out_len,
                negative: false,
            })
        }
    }
}

/// The outcome of one record on one backend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Every chunking gave the expected answer.
    Pass,
    /// A mismatch or error; the text says where and how.
    Fail(String),
}

/// The registry algorithm a record exercises (`None` for internal-function records).
pub fn record_algorithm(r: &Record) -> Option<&'static Algorithm> {
    match target(r.get("alg")?)? {
        Target::Digest { alg, .. } => Some(alg),
        Target::RescuePermutation => Algorithm::lookup("rescue-prime").ok(),
        Target::MultimixerF128 => Algorithm::lookup("multimixer-128").ok(),
    }
}

/// Runs one record on one backend: whole message, `update_large`, fixed chunk sizes,
/// every (or many) two-way splits, and a clone taken mid-stream. Returns
/// `Outcome::Fail` on the first wrong answer.
pub fn run_record(r: &Record, backend: Backend) -> Outcome {
    let fail = |what: String| Outcome::Fail(format!("{} [{backend}]: {what}", r.location()));
    let Some(t) = r.get("alg").and_then(target) else {
        return fail(format!("unknown alg '{}'", r.get("alg").unwrap_or("")));
    };
    match t {
        Target::RescuePermutation => {
            felt_record(r, backend, crate::alg::rescue::kat_permutation).unwrap_or_else(fail)
        }
        Target::MultimixerF128 => {
            word_record(r, backend, crate::alg::multimixer::kat_f128).unwrap_or_else(fail)
        }
        Target::Digest {
            alg,
            out_len,
            negative,
        } => digest_record(r, backend, alg, out_len, negative).unwrap_or_else(fail),
    }
}

fn field(r: &Record, name: &str) -> Result<&'static str, String> {
    r.get(name).ok_or_else(|| format!("missing field {name}"))
}

fn digest_record(
    r: &Record,
    backend: Backend,
    alg: &Algorithm,
    out_len: Option<usize>,
    negative: bool,
) -> Result<Outcome, String> {
    let msg = expand_msg(field(r, "msg")?)?;
    let want = hex::decode(field(r, "out")?).map_err(|_| "bad out field".to_string())?;
    let key = r
        .get("key")
        .map(|k| hex::decode(k).map(Key::from_bytes))
        .transpose()
        .map_err(|_| "bad key field".to_string())?;
    let nonce = match r.get("nonce") {
        Some(n) => Some(
            <[u8; 16]>::try_from(hex::decode(n).map_err(|_| "bad nonce")?)
                .map_err(|_| "nonce must be 16 bytes")?,
        ),
        None => None,
    };
    // Algorithms with a choice of lengths compute the record's.
    let params = Params {
        out_len: out_len
            .or(Some(want.len()))
            .filter(|_| !matches!(alg.output, crate::OutputRule::Fixed(_))),
        nonce,
        seek: 0,
    };
    // A `ctx` field is the key-derivation mode (`--derive-key`), crate-dispatched.
    let derive = match r.get("ctx") {
        None => None,
        Some(c) => Some(
            String::from_utf8(hex::decode(c).map_err(|_| "bad ctx field")?)
                .map_err(|_| "ctx is not UTF-8")?,
        ),
    };
    let built = match &derive {
        Some(ctx) if backend == Backend::Auto => alg.derive_hasher(ctx, &params),
        Some(_) => None,
        None => alg.hasher_on(backend, key.as_ref(), &params),
    };
    let proto = match built {
        None => return Err(format!("backend {backend} not available for {}", alg.name)),
        Some(Err(e)) => return Err(format!("cannot build {}: {e}", alg.name)),
        Some(Ok(h)) => h,
    };
    if proto.backend() != backend {
        return Err(format!("asked for {backend}, got {}", proto.backend()));
    }
    let check = |got: Result<Vec<u8>, crate::Error>, how: &str| -> Result<(), String> {
        let got = got.map_err(|e| format!("{how}: error {e}"))?;
        let equal = crate::digests_equal(&got, &want);
        if equal == negative {
            return Err(if negative {
                format!(
                    "{how}: produced the faulty-design (lemac0) output {}",
                    hex::encode(&got)
                )
            } else {
                format!(
                    "{how}: {} len {}: expected {}, got {}",
                    alg.name,
                    msg.len(),
                    hex::encode(&want),
                    hex::encode(&got)
                )
            });
        }
        Ok(())
    };
    let run = |pieces: &mut dyn Iterator<Item = &[u8]>| {
        let mut h = proto.box_clone();
        for p in pieces {
            h.update(p);
        }
        h.finalize()
    };
    check(run(&mut std::iter::once(&msg[..])), "one call")?;
    let mut h = proto.box_clone();
    h.update_large(&msg);
    check(h.finalize(), "update_large")?;
    check(proto.digest_whole(&msg).map(|d| d.to_vec()), "digest_whole")?;
    if negative {
        return Ok(Outcome::Pass);
    }
    for size in [
        1usize, 3, 7, 8, 13, 16, 17, 31, 32, 33, 63, 64, 65, 127, 129, 1000,
    ] {
        if size < 8 && msg.len() > 4096 {
            continue;
        }
        check(run(&mut msg.chunks(size)), &format!("chunks of {size}"))?;
    }
    for p in crate::testutil::split_points(msg.len()) {
        let (a, b) = msg.split_at(p);
        check(
            run(&mut [a, &[][..], b].into_iter()),
            &format!("split at {p}"),
        )?;
    }
    // A clone taken mid-stream continues independently of the original.
    let (a, b) = msg.split_at(msg.len() / 3);
    let mut h = proto.box_clone();
    h.update(a);
    let mut c = h.box_clone();
    h.update(b);
    c.update(b);
    check(c.finalize(), "clone mid-stream")?;
    check(h.finalize(), "original after clone")?;
    // MACs: a tag with one bit flipped must not verify.
    let mut flipped = want.clone();
    flipped[0] ^= 1;
    if crate::digests_equal(&flipped, &want) {
        return Err("a one-bit flip compared equal".into());
    }
    Ok(Outcome::Pass)
}

type FeltFn = fn(Backend, &[u64]) -> Result<Vec<u64>, crate::Error>;
type WordFn = fn(Backend, &[u32]) -> Result<Vec<u64>, crate::Error>;

fn numbers<T>(s: &str, radix16: bool) -> Result<Vec<T>, String>
where
    T: TryFrom<u64>,
{
    s.split(',')
        .map(|x| {
            let v = if radix16 {
                u64::from_str_radix(x, 16)
            } else {
                x.parse::<u64>()
            };
            v.ok()
                .and_then(|v| T::try_from(v).ok())
                .ok_or_else(|| format!("bad number '{x}'"))
        })
        .collect()
}

fn compare_words(got: Result<Vec<u64>, crate::Error>, want: &[u64]) -> Result<Outcome, String> {
    match got {
        Err(e) => Err(format!("error {e}")),
        Ok(g) if g == want => Ok(Outcome::Pass),
        Ok(g) => Err(format!("expected {want:?}, got {g:?}")),
    }
}

fn felt_record(r: &Record, backend: Backend, f: FeltFn) -> Result<Outcome, String> {
    let input: Vec<u64> = numbers(field(r, "in_felt")?, false)?;
    let want: Vec<u64> = numbers(field(r, "out_felt")?, false)?;
    compare_words(f(backend, &input), &want)
}

fn word_record(r: &Record, backend: Backend, f: WordFn) -> Result<Outcome, String> {
    let input: Vec<u32> = numbers(field(r, "in_u32")?, true)?;
    let want: Vec<u64> = numbers(field(r, "out_u64")?, true)?;
    compare_words(f(backend, &input), &want)
}

/// Totals of a run over records × backends.
#[derive(Debug, Default, Clone)]
pub struct Summary {
    /// (algorithm, backend) → (passed, failed).
    pub per_backend: std::collections::BTreeMap<(String, Backend), (usize, usize)>,
    /// (algorithm, multi-buffer kernel as `crate::alg::lanes::label` names it, e.g. `avx2x8`) →
    /// (passed, failed): the records of MD5, SHA-256, SHA-512 and BLAKE3 (plain hash)
    /// through every multi-buffer kernel this CPU has ([`run_multi_buffer`]).
    pub multi_buffer: std::collections::BTreeMap<(String, String), (usize, usize)>,
    /// Every failure message.
    pub failures: Vec<String>,
}

/// Runs every embedded record on every backend of its algorithm that this CPU has.
pub fn run_all() -> Summary {
    let mut s = Summary::default();
    for r in all_records() {
        let Some(alg) = record_algorithm(&r) else {
            s.failures.push(format!("{}: unknown alg", r.location()));
            continue;
        };
        for backend in alg.available_backends() {
            let entry = s
                .per_backend
                .entry((alg.name.to_string(), backend))
                .or_default();
            match run_record(&r, backend) {
                Outcome::Pass => entry.0 += 1,
                Outcome::Fail(m) => {
                    entry.1 += 1;
                    s.failures.push(m);
                }
            }
        }
        let Some(kind) = alg.read.lanes.filter(|&k| runs_multi_buffer(&r, k)) else {
            continue;
        };
        for backend in crate::alg::lanes::available_backends() {
            let entry = s
                .multi_buffer
                .entry((
                    alg.name.to_string(),
                    crate::alg::lanes::label(kind, backend),
                ))
                .or_default();
            match run_multi_buffer(&r, kind, backend) {
                Outcome::Pass => entry.0 += 1,
                Outcome::Fail(m) => {
                    entry.1 += 1;
                    s.failures.push(m);
                }
            }
        }
    }
    s
}

/// Whether [`run_all`] runs record `r` through `kind`'s multi-buffer kernels: a record of
/// its algorithm, and for BLAKE3 only the plain hash's (the kernels do not take keys).
pub fn runs_multi_buffer(r: &Record, kind: crate::alg::lanes::Kind) -> bool {
    record_algorithm(r).is_some_and(|a| a.name == kind.name())
        && (kind != crate::alg::lanes::Kind::Blake3 || r.get("alg") == Some("blake3"))
}

/// Runs an MD5, SHA-256, SHA-512 or BLAKE3 record through a multi-buffer kernel: the record's
/// message alone, and twice in one batch with messages of other lengths in the other
/// lanes (so it shares the kernel with lanes that finish earlier and are refilled).
pub fn run_multi_buffer(r: &Record, kind: crate::alg::lanes::Kind, backend: Backend) -> Outcome {
    let name = crate::alg::lanes::label(kind, backend);
    let fail = |what: String| Outcome::Fail(format!("{} [{name}]: {what}", r.location()));
    let parsed = field(r, "msg").and_then(expand_msg).and_then(|m| {
        Ok((
            m,
            hex::decode(field(r, "out")?).map_err(|_| "bad out field")?,
        ))
    });
    let (msg, want) = match parsed {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let lanes = crate::alg::lanes::lanes(kind, backend).unwrap_or(1);
    let others: Vec<Vec<u8>> = (0..2 * lanes)
        .map(|i| crate::testutil::TestRng::new(i as u64).bytes(i * 37 % 300))
        .collect();
    let mut batch: Vec<&[u8]> = vec![&msg];
    batch.extend(others.iter().map(|o| &o[..]));
    batch.push(&msg);
    let runs: [(&[&[u8]], &[usize]); 2] = [(&batch[..1], &[0]), (&batch, &[0, batch.len() - 1])];
    // BLAKE3's records give 131 bytes of extendable output; the hash is the first 32.
    let want = &want[..want.len().min(kind.digest_len())];
    for (msgs, at) in runs {
        let Some(got) = crate::alg::lanes::digest_many_on(kind, backend, msgs) else {
            return fail("kernel not available".into());
        };
        for &i in at {
            if !crate::digests_equal(&got[i], want) {
                return fail(format!(
                    "{} len {} as message {i} of {}: expected {}, got {}",
                    kind.name(),
                    msg.len(),
                    msgs.len(),
                    hex::encode(want),
                    hex::encode(&got[i][..])
                ));
            }
        }
    }
    Outcome::Pass
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_expand() {
        assert_eq!(expand_msg("hex:").unwrap(), b"");
        assert_eq!(expand_msg("hex:6162").unwrap(), b"ab");
        assert_eq!(expand_msg("iota:3").unwrap(), [0, 1, 2]);
        assert_eq!(expand_msg("mod251:253").unwrap()[251..], [0, 1]);
        assert_eq!(expand_msg("repeat:61:3").unwrap(), b"aaa");
        assert!(expand_msg("nope:1").is_err());
    }

    #[test]
    fn every_record_names_a_known_algorithm() {
        let recs = all_records();
        assert!(recs.len() > 900, "{}", recs.len());
        for r in &recs {
            assert!(record_algorithm(r).is_some(), "{}", r.location());
        }
    }
}
