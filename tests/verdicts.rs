//! `khsum -c` verdicts, line by line, against the reference tools (issue 40, item 5): a
//! differential property test over random trees, list writers, list names and changes,
//! and the XXH128 preimage regression.
//!
//! Each random case builds a tree of 2-12 files (names with spaces, a subdirectory, now
//! and then a backslash or a non-ASCII letter; 0 to 70 KiB, now and then 1-2 MiB), has a
//! random writer list it (GNU's `md5sum` to `sha512sum` and `b2sum`, `b3sum` when
//! installed, `xxhsum`, or khsum itself with any algorithm that needs no key), saves the
//! list under a random name (neutral, named for the writer's algorithm, named for another
//! algorithm) or pipes it, changes random files (edit, truncate, delete, replace with
//! another file's content), and checks it with `khsum -c LIST`, no `-a`.
//!
//! The oracle is the reference tool of the list's *effective* algorithm under issue 40's
//! rules, run on the same tree and list:
//!
//! * a tagged line goes by its label (`SHA256 (f) = …` is SHA-256 in any list);
//! * untagged lines of a list named for an algorithm B (`MD5SUMS`, `x.sha512`, `B2SUMS`)
//!   are B's, at B's length (BLAKE2b and BLAKE3: any length of 128 bits or more), else
//!   improperly formatted: `md5sum -c`, `sha256sum -c`, `b2sum -c`, `b3sum -c`;
//! * untagged lines of a neutral list (or standard input) are the writer's when its
//!   algorithm is admissible at that length without `-a` (its default length; BLAKE2 and
//!   BLAKE3 from 128 bits; a non-cryptographic checksum only at a length no
//!   cryptographic hash has: XXH32 and CRC-32 at 8 hex digits, XXH64 at 16, never
//!   XXH128, whose 32 digits are MD5's), checked by the writer's own checker; else the
//!   lines are another admissible algorithm's, all FAILED (MD5's for XXH128 digests, as
//!   `md5sum -c` says; XXH64's for a 64-bit BLAKE2b or BLAKE3 digest, as `xxhsum -c`
//!   says, since 16 digits stay admissible as XXH64), or improper (8-bit digests);
//! * where no reference tool checks the effective algorithm (Rescue Prime, SHA-512/t,
//!   SHA-3, SM3, RIPEMD-160, BLAKE2s, BLAKE3 at other lengths, CRCs and the legacy sums,
//!   xxHash lines with escaped names), the ground truth of the changes made: an intact
//!   file is OK, a changed one FAILED, a deleted one `FAILED open or read`, rendered in
//!   GNU 9.1's format by `sha256sum -c` over a list of SHA-256 lines that say the same.
//!
//! Where the writer's lines are not admissible without `-a` (untagged BLAKE2b or BLAKE3
//! below 128 bits, untagged XXH128), plain `khsum -c` is held to what the rules make of
//! them, and `khsum -c -a ALG [-l N]` is compared with the writer's checker as well.
//!
//! khsum's stdout must equal the reference's (GNU's bytes; for `b3sum` and `xxhsum`, their
//! verdicts in GNU's format), its stderr GNU's lines (program name aside) plus only
//! `khsum: hint: …` lines (none when every line verified: as quiet as GNU) and the note
//! `khsum: LIST: untagged lines checked as ALG (not cryptographic)`, which must come once
//! per list and algorithm when a neutral list's untagged lines verified under a
//! non-cryptographic checksum, may come once when they were checked under one and none
//! verified (or for the legacy `cksum`/`sum` lines), and never when the algorithm was
//! settled (a label, a list name, `-a`) or cryptographic; and its exit status the
//! reference's (exactly for GNU, zero or not for the others). Every reference
//! verdict is also checked against the ground truth of the changes, so an oracle that
//! misreads a tool fails loudly instead of passing.
//!
//! Seeds: case `i` runs from `TestRng::new(seed + i)`; `seed` is [`DEFAULT_SEED`] unless
//! `KHSUM_VERDICT_SEED` (decimal or `0x` hex) says otherwise, and `KHSUM_VERDICT_CASES`
//! sets the number of cases (1,000 natively, 120 under an emulator), split over the four
//! `random_lists_*` tests by `i % 4`. A failure prints each failing case with the command
//! that reruns it alone (`KHSUM_VERDICT_SEED=seed+i KHSUM_VERDICT_CASES=1`).

use crate::util::*;
use khsum::testutil::{TestRng, xxh128_preimage};
use std::fmt::Write as _;

/// The seed of the random cases unless `KHSUM_VERDICT_SEED` is set.
const DEFAULT_SEED: u64 = 0x6b68_7375_6d40_0040;

/// How an algorithm's untagged lines look.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Form {
    /// `HEX  name`.
    Hex,
    /// `XXH3_HEX  name` (xxhsum's XXH3 lines, khsum writes them).
    Prefixed,
    /// The `cksum`/`sum` number columns, `CRC SIZE name`.
    Legacy,
    /// `LABEL (name) = HEX` even without `--tag` (khsum's Rescue Prime lines:
    /// `Algorithm::tagged_lines`).
    Tagged,
}

/// Who can check an algorithm's lines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Checker {
    /// A GNU coreutils 9.1 program (its `-c` reads its untagged and its tagged lines).
    Gnu(&'static str),
    /// `b3sum -c`: untagged 256-bit BLAKE3 lines only.
    B3sum,
    /// `xxhsum -c` (0.8.1): XXH32, XXH64, XXH128 by length, tagged lines by label; names
    /// as they are (it does not read GNU's backslash escapes, nor `XXH3_` lines).
    Xxhsum,
    /// No tool here: the ground truth.
    Truth,
}

/// An algorithm as the reference tools and issue 40's rules see it (not as khsum's
/// registry describes it: the test keeps its own table, and checks that it names every
/// algorithm of `khsum list` that needs no key).
#[derive(Debug)]
struct Alg {
    /// khsum's `-a` name.
    name: &'static str,
    /// The default digest length in bits.
    bits: u32,
    /// Cryptographic (not a checksum such as xxHash or a CRC).
    crypto: bool,
    /// The longest admissible length in bits when any length of 128 bits or more is
    /// admissible without `-a` (BLAKE2b, BLAKE2s, BLAKE3); 0 otherwise.
    var_max: u32,
    form: Form,
    /// List names that name it (`Algorithm::from_list_name`), if it has any.
    lists: &'static [&'static str],
    checker: Checker,
}

const fn alg(
    name: &'static str,
    bits: u32,
    lists: &'static [&'static str],
    checker: Checker,
) -> Alg {
    Alg {
        name,
        bits,
        crypto: true,
        var_max: 0,
        form: Form::Hex,
        lists,
        checker,
    }
}

const fn checksum(
    name: &'static str,
    bits: u32,
    lists: &'static [&'static str],
    form: Form,
    checker: Checker,
) -> Alg {
    Alg {
        name,
        bits,
        crypto: false,
        var_max: 0,
        form,
        lists,
        checker,
    }
}

use Checker::{B3sum, Gnu, Truth, Xxhsum};

static ALGS: &[Alg] = &[
    Alg {
        var_max: u32::MAX,
        ..alg("blake3", 256, &["B3SUMS", "x.b3"], B3sum)
    },
    alg(
        "sha256",
        256,
        &["SHA256SUMS", "x.sha256", "sha256sum.txt"],
        Gnu("sha256sum"),
    ),
    alg("sha512", 512, &["SHA512SUMS", "x.sha512"], Gnu("sha512sum")),
    alg("sha224", 224, &["SHA224SUMS"], Gnu("sha224sum")),
    alg("sha384", 384, &["SHA384SUMS"], Gnu("sha384sum")),
    alg("sha512-224", 224, &[], Truth),
    alg("sha512-256", 256, &[], Truth),
    alg("sha3-224", 224, &["SHA3-224SUMS"], Truth),
    alg("sha3-256", 256, &["x.sha3-256"], Truth),
    alg("sha3-384", 384, &["SHA3-384SUMS"], Truth),
    alg("sha3-512", 512, &["SHA3-512SUMS"], Truth),
    Alg {
        var_max: 512,
        ..alg("blake2b", 512, &["B2SUMS", "x.b2"], Gnu("b2sum"))
    },
    Alg {
        var_max: 256,
        ..alg("blake2s", 256, &["BLAKE2SSUMS"], Truth)
    },
    alg("sm3", 256, &["x.sm3"], Truth),
    alg("ripemd160", 160, &["RIPEMD160SUMS"], Truth),
    alg("md5", 128, &["MD5SUMS", "x.md5"], Gnu("md5sum")),
    alg("sha1", 160, &["SHA1SUMS", "x.sha1"], Gnu("sha1sum")),
    checksum("xxh32", 32, &["XXH32SUMS"], Form::Hex, Xxhsum),
    checksum("xxh64", 64, &["x.xxh64"], Form::Hex, Xxhsum),
    checksum("xxh3", 64, &["XXH3SUMS"], Form::Prefixed, Xxhsum),
    checksum("xxh128", 128, &["XXH128SUMS"], Form::Hex, Xxhsum),
    checksum("crc", 32, &[], Form::Legacy, Truth),
    checksum("crc32b", 32, &[], Form::Legacy, Truth),
    checksum("crc32", 32, &["x.crc32"], Form::Hex, Truth),
    checksum("sysv", 16, &[], Form::Legacy, Truth),
    checksum("bsd", 16, &[], Form::Legacy, Truth),
    Alg {
        form: Form::Tagged,
        ..alg("rescue-prime", 256, &[], Truth)
    },
];

fn alg_named(name: &str) -> &'static Alg {
    ALGS.iter()
        .find(|a| a.name == name)
        .unwrap_or_else(|| panic!("{name} is not in the test's table"))
}

impl Alg {
    /// A random list name naming it, if it has one.
    fn list_name(&self, rng: &mut TestRng) -> Option<&'static str> {
        (!self.lists.is_empty()).then(|| self.lists[rng.below(self.lists.len() as u64) as usize])
    }

    /// Whether an untagged digest of `bits` can be its, without `-a`, when its
    /// algorithm is settled (by a list name): its default length, or for BLAKE2 and
    /// BLAKE3 any whole-byte length from 128 bits up to its longest.
    fn admissible(&self, bits: u32) -> bool {
        bits == self.bits
            || (self.var_max > 0 && bits >= 128 && bits <= self.var_max && bits.is_multiple_of(8))
    }

    /// Whether an untagged digest of `bits` can be its in a list whose name names no
    /// algorithm: as [`Alg::admissible`], and a non-cryptographic checksum only at a
    /// length that no cryptographic hash has by default (XXH128 never: MD5 has 128 bits).
    fn admissible_unnamed(&self, bits: u32) -> bool {
        self.admissible(bits) && (self.crypto || !ALGS.iter().any(|c| c.crypto && c.bits == bits))
    }

    /// Who checks its lines of `bits` (tagged or not; `escaped`: some names are written
    /// with GNU's backslash escapes).
    fn checker_for(&self, tagged: bool, bits: u32, escaped: bool) -> Checker {
        match self.checker {
            B3sum if tagged || bits != 256 => Truth,
            // Escaped names and XXH3_ lines are beyond xxhsum 0.8.1; XXH3's are tagged by
            // default when xxhsum writes them.
            Xxhsum if escaped || (!tagged && self.form == Form::Prefixed) => Truth,
            c => c,
        }
    }
}

/// Who writes the list.
#[derive(Clone, Debug)]
struct Writer {
    /// The program (`khsum` for khsum itself).
    prog: &'static str,
    args: Vec<String>,
    alg: &'static Alg,
    /// The digest's length in bits.
    bits: u32,
    /// BSD-style `LABEL (name) = digest` lines.
    tagged: bool,
}

impl Writer {
    fn new(prog: &'static str, args: &[&str], alg: &str, bits: u32, tagged: bool) -> Writer {
        let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        if tagged {
            args.push("--tag".into());
        }
        Writer {
            prog,
            args,
            alg: alg_named(alg),
            bits,
            tagged,
        }
    }

    fn label(&self) -> String {
        std::iter::once(self.prog.to_string())
            .chain(self.args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Whether `b3sum` can be run here (CI installs it; locally `cargo install b3sum --locked`).
fn have_b3sum() -> bool {
    std::process::Command::new("b3sum")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A random writer.
fn writer(rng: &mut TestRng, b3sum: bool) -> Writer {
    let maybe_tag = |rng: &mut TestRng| rng.below(3) == 0;
    loop {
        match rng.below(20) {
            0..=7 => {
                let gnu = [
                    ("md5sum", "md5", 128),
                    ("sha1sum", "sha1", 160),
                    ("sha224sum", "sha224", 224),
                    ("sha256sum", "sha256", 256),
                    ("sha384sum", "sha384", 384),
                    ("sha512sum", "sha512", 512),
                    ("b2sum", "blake2b", 512),
                ];
                let (prog, alg, bits) = gnu[rng.below(gnu.len() as u64) as usize];
                if prog == "b2sum" {
                    let l = [512, 256, 160, 128, 64, 8][rng.below(6) as usize];
                    let args: &[&str] = if l == 512 {
                        &[]
                    } else {
                        &["-l", &l.to_string()]
                    };
                    return Writer::new(prog, args, alg, l, maybe_tag(rng));
                }
                return Writer::new(prog, &[], alg, bits, maybe_tag(rng));
            }
            8..=9 => {
                if !b3sum {
                    continue;
                }
                // b3sum's default, and now and then 8 bytes (no admissible length).
                return match rng.below(4) {
                    0 => Writer::new("b3sum", &["-l", "8"], "blake3", 64, false),
                    _ => Writer::new("b3sum", &[], "blake3", 256, false),
                };
            }
            10..=12 => {
                let (h, alg, bits) = [
                    ("-H0", "xxh32", 32),
                    ("-H1", "xxh64", 64),
                    ("-H2", "xxh128", 128),
                    ("-H3", "xxh3", 64),
                ][rng.below(4) as usize];
                // xxhsum 0.8.1 writes XXH3 lines tagged, always.
                let tagged = h == "-H3";
                let mut w = Writer::new("xxhsum", &[h], alg, bits, !tagged && maybe_tag(rng));
                w.tagged |= tagged;
                return w;
            }
            _ => {
                let unkeyed: Vec<&khsum::Algorithm> = khsum::Algorithm::all()
                    .iter()
                    .filter(|a| !a.needs_key())
                    .collect();
                let a = unkeyed[rng.below(unkeyed.len() as u64) as usize];
                let t = alg_named(a.name);
                // BLAKE3 at other lengths, in bytes: 8 bits (never admissible), 32 and 64
                // (only checksums have those lengths), 128 and up.
                if a.name == "blake3" && rng.below(2) == 0 {
                    let bytes = [1, 4, 8, 16, 20, 48, 64][rng.below(7) as usize];
                    let l = bytes.to_string();
                    return Writer::new("khsum", &["-l", &l], "blake3", bytes * 8, maybe_tag(rng));
                }
                let tagged = t.form == Form::Tagged || (t.form != Form::Legacy && maybe_tag(rng));
                return Writer::new("khsum", &["-a", a.name], a.name, t.bits, tagged);
            }
        }
    }
}

/// What the list is called.
#[derive(Clone, Copy, Debug)]
enum ListKind {
    /// A name that names no algorithm.
    Neutral(&'static str),
    /// Named for the writer's algorithm.
    Own(&'static str),
    /// Named for another algorithm than the writer's.
    Other(&'static str, &'static Alg),
    /// Piped to `khsum -c -`.
    Stdin,
}

impl ListKind {
    /// The file the list is saved as (also for standard input, to rerun it by hand).
    fn file(&self) -> &'static str {
        match self {
            ListKind::Neutral(n) | ListKind::Own(n) | ListKind::Other(n, _) => n,
            ListKind::Stdin => "piped-list",
        }
    }

    /// The list argument: the file, or `-`.
    fn arg(&self) -> &'static str {
        match self {
            ListKind::Stdin => "-",
            _ => self.file(),
        }
    }

    fn describe(&self) -> String {
        match self {
            ListKind::Neutral(n) => format!("{n} (names no algorithm)"),
            ListKind::Own(n) => format!("{n} (named for the writer's algorithm)"),
            ListKind::Other(n, a) => format!("{n} (named for {})", a.name),
            ListKind::Stdin => "piped to khsum -c -".into(),
        }
    }

    fn unnamed(&self) -> bool {
        matches!(self, ListKind::Neutral(_) | ListKind::Stdin)
    }
}

/// Algorithms whose lists are named for them in "named for another algorithm" cases:
/// those a reference tool checks by its name.
const OTHER_NAMED: &[&str] = &[
    "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "blake3",
];

fn list_kind(rng: &mut TestRng, w: &Writer) -> ListKind {
    let neutral = |rng: &mut TestRng| {
        ListKind::Neutral(["list", "sums.txt", "checksums"][rng.below(3) as usize])
    };
    // Legacy lines are khsum's extension: only under neutral names or piped.
    if w.alg.form == Form::Legacy {
        return if rng.below(3) == 0 {
            ListKind::Stdin
        } else {
            neutral(rng)
        };
    }
    match rng.below(20) {
        0..=5 => neutral(rng),
        6..=10 => match w.alg.list_name(rng) {
            Some(n) => ListKind::Own(n),
            None => neutral(rng),
        },
        11..=15 => {
            let others: Vec<&str> = OTHER_NAMED
                .iter()
                .copied()
                .filter(|n| *n != w.alg.name)
                .collect();
            let b = alg_named(others[rng.below(others.len() as u64) as usize]);
            ListKind::Other(b.list_name(rng).unwrap(), b)
        }
        _ => ListKind::Stdin,
    }
}

/// One file of the tree.
#[derive(Clone, Debug)]
struct File {
    name: String,
    /// What it held when the list was written.
    original: Vec<u8>,
    /// What it holds now (`None`: deleted).
    now: Option<Vec<u8>>,
    /// What was done to it.
    change: String,
}

impl File {
    fn intact(&self) -> bool {
        self.now.as_ref() == Some(&self.original)
    }
}

fn tree(rng: &mut TestRng) -> Vec<File> {
    let n = 2 + rng.below(11) as usize;
    let big = rng.below(25) == 0;
    let mut files: Vec<File> = (0..n)
        .map(|i| {
            let name = match rng.below(16) {
                0..=4 => format!("f{i}"),
                5..=7 => format!("file {i}.txt"),
                8..=9 => format!("sub/f{i}"),
                10 => format!("sub/deep dir/two  spaces {i}"),
                11 => format!("back\\slash{i}"),
                12 => format!("sub/na\u{ef}ve {i}"),
                13 => format!("-dash{i}"),
                _ => format!("data{i}.bin"),
            };
            let len = match rng.below(10) {
                0 => 0,
                1..=3 => rng.below(64) as usize,
                4..=7 => rng.below(4096) as usize,
                _ => rng.below(70 * 1024) as usize,
            };
            let original = if i > 0 && rng.below(8) == 0 {
                Vec::new() // filled below: a copy of another file (same content)
            } else {
                rng.bytes(len)
            };
            File {
                name,
                original,
                now: None,
                change: String::new(),
            }
        })
        .collect();
    for i in 1..n {
        if files[i].original.is_empty() && rng.below(2) == 0 {
            let j = rng.below(i as u64) as usize;
            files[i].original = files[j].original.clone();
        }
    }
    if big {
        let i = rng.below(n as u64) as usize;
        let len = (1 << 20) + rng.below(1 << 20) as usize;
        files[i].original = rng.bytes(len);
    }
    for f in &mut files {
        f.now = Some(f.original.clone());
    }
    files
}

/// Random changes to a random subset of the files (now and then only the first line's).
fn change(rng: &mut TestRng, files: &mut [File]) {
    let n = files.len();
    let p = [0, 10, 30, 60, 100][rng.below(5) as usize];
    let first_only = rng.below(6) == 0;
    for i in 0..n {
        let pick = if first_only {
            i == 0
        } else {
            rng.below(100) < p
        };
        if !pick {
            continue;
        }
        let original = files[i].original.clone();
        let (now, what) = match rng.below(5) {
            0 if !original.is_empty() => {
                let at = rng.below(original.len() as u64) as usize;
                let mut v = original.clone();
                v[at] ^= 1 << rng.below(8);
                (Some(v), format!("flipped a bit of byte {at}"))
            }
            0 | 1 => {
                let mut v = original.clone();
                let n = 1 + rng.below(100) as usize;
                let more = rng.bytes(n);
                v.extend_from_slice(&more);
                (Some(v), format!("appended {} bytes", more.len()))
            }
            2 if !original.is_empty() => {
                let to = rng.below(original.len() as u64) as usize;
                (
                    Some(original[..to].to_vec()),
                    format!("truncated to {to} bytes"),
                )
            }
            2 | 3 => (None, "deleted".to_string()),
            _ => {
                let j = (i + 1 + rng.below(n as u64 - 1) as usize) % n;
                (
                    Some(files[j].original.clone()),
                    format!("replaced with {:?}'s content", files[j].name),
                )
            }
        };
        files[i].now = now;
        files[i].change = what;
    }
}

/// A line's verdict.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum V {
    Ok,
    Failed,
    /// Missing or unreadable (`FAILED open or read`).
    Unread,
}

/// What a list's lines are under issue 40's rules, without `-a`.
#[derive(Clone, Copy, Debug)]
enum Eff {
    /// Checked under `alg`; `same`: the writer's algorithm at the written length, so
    /// the verdicts are the changes' ground truth (else every file present fails).
    Checked { alg: &'static Alg, same: bool },
    /// No line is properly formatted.
    Improper,
}

fn effective(w: &Writer, list: ListKind) -> Eff {
    let same = Eff::Checked {
        alg: w.alg,
        same: true,
    };
    if w.tagged || w.alg.form == Form::Prefixed {
        return same; // by the label (xxhsum's `XXH3_` is one)
    }
    match list {
        ListKind::Own(_) if w.alg.admissible(w.bits) => same,
        ListKind::Own(_) => Eff::Improper,
        ListKind::Other(_, b) if w.alg.form == Form::Hex && b.admissible(w.bits) => Eff::Checked {
            alg: b,
            same: false,
        },
        ListKind::Other(..) => Eff::Improper,
        // khsum's extension: legacy `cksum`/`sum` lines, where the name says nothing.
        _ if w.alg.form == Form::Legacy || w.alg.admissible_unnamed(w.bits) => same,
        // Another algorithm's lines, all FAILED: one of that default length first (MD5 for
        // 128 bits, which md5sum checks), else BLAKE2 or BLAKE3 at that length.
        _ => ALGS
            .iter()
            .filter(|e| e.form == Form::Hex && e.admissible_unnamed(w.bits))
            .min_by_key(|e| e.bits != w.bits)
            .map_or(Eff::Improper, |e| Eff::Checked {
                alg: e,
                same: false,
            }),
    }
}

/// The ground truth of the changes for lines checked under the written algorithm
/// (`same`), or under another one (every file present fails).
fn truth(files: &[File], same: bool, w: &Writer) -> Vec<(String, V)> {
    files
        .iter()
        .map(|f| {
            let v = match &f.now {
                None => V::Unread,
                Some(_) if same && (f.intact() || collides(w, f)) => V::Ok,
                Some(_) => V::Failed,
            };
            (f.name.clone(), v)
        })
        .collect()
}

/// Whether a changed file still has its listed digest: a real chance for digests of 32
/// bits or fewer (1 in 256 at 8 bits), computed for those the test can compute with
/// independent crates; the legacy sums' 16 and 32 bits are left to chance (bit flips
/// always change them; other changes match 1 time in 65536 or fewer).
fn collides(w: &Writer, f: &File) -> bool {
    let Some(now) = &f.now else { return false };
    if w.bits > 32 {
        return false;
    }
    let bytes = (w.bits / 8) as usize;
    let digest = |data: &[u8]| -> Vec<u8> {
        match w.alg.name {
            "blake3" => {
                let mut out = vec![0; bytes];
                blake3::Hasher::new()
                    .update(data)
                    .finalize_xof()
                    .fill(&mut out);
                out
            }
            "blake2b" => {
                use blake2::digest::{Update, VariableOutput};
                let mut h = blake2::Blake2bVar::new(bytes).unwrap();
                h.update(data);
                let mut out = vec![0; bytes];
                h.finalize_variable(&mut out).unwrap();
                out
            }
            "xxh32" => twox_hash::XxHash32::oneshot(0, data).to_be_bytes().to_vec(),
            "crc32" => crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC)
                .checksum(data)
                .to_be_bytes()
                .to_vec(),
            _ => Vec::new(), // the legacy sums: taken as changed
        }
    };
    let (a, b) = (digest(&f.original), digest(now));
    !a.is_empty() && a == b
}

/// A name as GNU escapes it in a list line (`\` first when escaped).
fn escaped(name: &str) -> (bool, String) {
    let e = name
        .replace('\\', "\\\\")
        .replace('\n', "\\n")
        .replace('\r', "\\r");
    (e != name, e)
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The verdicts in GNU-style `-c` output (GNU, khsum, b3sum), or xxhsum's.
fn verdicts(out: &[u8], xxhsum: bool) -> Vec<(String, V)> {
    let mut v = Vec::new();
    for line in s(out).lines() {
        if xxhsum && line.contains(": Could not open or read '") {
            let name = line.split_once(": Could not open or read '").unwrap().1;
            let name = name.rsplit_once("': ").map_or(name, |n| n.0);
            v.push((name.to_string(), V::Unread));
            continue;
        }
        let (name, status) = match line.rsplit_once(": ") {
            Some(x) => x,
            None => continue,
        };
        let status = match status {
            "OK" => V::Ok,
            "FAILED" => V::Failed,
            "FAILED open or read" => V::Unread,
            s if s.starts_with("FAILED (") => V::Unread, // b3sum's
            _ => continue,
        };
        let name = match name.strip_prefix('\\') {
            Some(n) if !xxhsum => unescape(n),
            _ => name.to_string(),
        };
        v.push((name, status));
    }
    v
}

/// How often the non-cryptographic note may come.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Note {
    Never,
    /// Lines were checked under a checksum but none verified, or khsum's legacy lines.
    AtMostOnce,
    /// Untagged lines of an unnamed list verified under a checksum.
    Once,
}

/// khsum's stderr lines that no GNU tool prints: its hints and the note.
fn is_note(line: &str) -> bool {
    line.starts_with("khsum: ")
        && line.contains(": untagged lines checked as ")
        && line.ends_with(" (not cryptographic)")
}

fn is_extra(line: &str) -> bool {
    line.starts_with("khsum: hint: ") || is_note(line)
}

/// What a check must print: GNU's rendering (stdout, stderr with `khsum:` for the
/// program's name, exit status), the verdicts, and the note rule.
struct Expect {
    what: String,
    out: Vec<u8>,
    err: String,
    code: i32,
    verdicts: Vec<(String, V)>,
    note: Note,
    /// How the note may name the list (`'standard input'` or `-` for a piped one).
    note_lists: Vec<&'static str>,
    /// The reference tool's own run, when it is not GNU's rendering (b3sum, xxhsum).
    raw: Option<Run>,
}

/// How khsum may name `list` in the note.
fn note_lists(list: ListKind) -> Vec<&'static str> {
    match list {
        ListKind::Stdin => vec!["'standard input'", "-"],
        _ => vec![list.file()],
    }
}

fn gnu_err(err: &str, prog: &str) -> String {
    err.lines()
        .map(|l| match l.strip_prefix(&format!("{prog}: ")) {
            Some(rest) => format!("khsum: {rest}\n"),
            None => format!("{l}\n"),
        })
        .collect()
}

/// GNU 9.1's rendering of `verdicts` for `files`: `sha256sum -c` over SHA-256 lines that
/// say the same (the right digest for OK, a wrong one for FAILED).
fn render(d: &Dir, files: &[File], verdicts: &[(String, V)]) -> Run {
    let mut list = String::new();
    for ((name, v), f) in verdicts.iter().zip(files) {
        assert_eq!(name, &f.name);
        let digest = match (v, &f.now) {
            (V::Ok, Some(now)) => s256(now),
            _ => "0".repeat(64),
        };
        let (esc, e) = escaped(name);
        writeln!(list, "{}{digest}  {e}", if esc { "\\" } else { "" }).unwrap();
    }
    d.reference("sha256sum", &["-c", "-"], list.as_bytes())
}

/// Runs `checker` as the reference for `list` (its `-c`), expecting `truth`.
fn reference(
    d: &Dir,
    files: &[File],
    list: ListKind,
    bytes: &[u8],
    checker: Checker,
    truth: Vec<(String, V)>,
    note: Note,
) -> Expect {
    let stdin: &[u8] = if matches!(list, ListKind::Stdin) {
        bytes
    } else {
        b""
    };
    let (prog, gnu) = match checker {
        Gnu(p) => (p, true),
        B3sum => ("b3sum", false),
        Xxhsum => ("xxhsum", false),
        Truth => {
            let r = render(d, files, &truth);
            return Expect {
                what: "the ground truth of the changes, rendered by sha256sum -c".into(),
                out: r.out,
                err: gnu_err(&r.err, "sha256sum"),
                code: r.code,
                verdicts: truth,
                note,
                note_lists: note_lists(list),
                raw: None,
            };
        }
    };
    let r = d.reference(prog, &["-c", list.arg()], stdin);
    let got = verdicts(&r.out, prog == "xxhsum");
    assert_eq!(
        got,
        truth,
        "the reference {prog} -c {} disagrees with the changes made (a fault of the test's oracle): {r:?}",
        list.arg()
    );
    if gnu {
        Expect {
            what: format!("{prog} -c {}", list.arg()),
            out: r.out.clone(),
            err: gnu_err(&r.err, prog),
            code: r.code,
            verdicts: got,
            note,
            note_lists: note_lists(list),
            raw: None,
        }
    } else {
        let g = render(d, files, &got);
        assert_eq!(
            g.code == 0,
            r.code == 0,
            "{prog}'s status against its verdicts: {r:?}"
        );
        Expect {
            what: format!("{prog} -c {} (its verdicts in GNU's format)", list.arg()),
            out: g.out,
            err: gnu_err(&g.err, "sha256sum"),
            code: g.code,
            verdicts: got,
            note,
            note_lists: note_lists(list),
            raw: Some(r),
        }
    }
}

/// Improper lines only: GNU's message, from the named GNU tool, else from `sha256sum -c`
/// when the lines are not SHA-256's either, else written out.
fn improper(d: &Dir, w: &Writer, list: ListKind, bytes: &[u8]) -> Expect {
    let named = match list {
        ListKind::Own(_) => Some(w.alg),
        ListKind::Other(_, b) => Some(b),
        _ => None,
    };
    let stdin: &[u8] = if matches!(list, ListKind::Stdin) {
        bytes
    } else {
        b""
    };
    let prog = match named {
        Some(Alg {
            checker: Gnu(p),
            var_max: 0,
            ..
        }) => Some(*p),
        _ if w.bits != 256 || w.alg.form == Form::Prefixed => Some("sha256sum"),
        _ => None,
    };
    let (what, out, err, code) = match prog {
        Some(p) => {
            let r = d.reference(p, &["-c", list.arg()], stdin);
            (
                format!("{p} -c {} (no line is proper)", list.arg()),
                r.out,
                gnu_err(&r.err, p),
                r.code,
            )
        }
        None => {
            let name = if matches!(list, ListKind::Stdin) {
                "'standard input'"
            } else {
                list.file()
            };
            (
                "no properly formatted line".into(),
                Vec::new(),
                format!("khsum: {name}: no properly formatted checksum lines found\n"),
                1,
            )
        }
    };
    assert_eq!(
        (
            out.len(),
            code,
            err.ends_with(": no properly formatted checksum lines found\n")
        ),
        (0, 1, true),
        "{what}: {err}"
    );
    Expect {
        what,
        out,
        err,
        code,
        verdicts: Vec::new(),
        note: Note::Never,
        note_lists: note_lists(list),
        raw: None,
    }
}

/// How khsum's run differs from what is expected (`None`: it does not).
fn compare(r: &Run, e: &Expect) -> Option<String> {
    let mut why = Vec::new();
    let got = verdicts(&r.out, false);
    if got != e.verdicts {
        let diff: Vec<String> = e
            .verdicts
            .iter()
            .zip(got.iter().map(Some).chain(std::iter::repeat(None)))
            .filter(|(a, b)| Some(*a) != *b)
            .map(|(a, b)| format!("{:?} {:?} -> {:?}", a.0, a.1, b.map(|b| b.1)))
            .collect();
        why.push(format!(
            "verdicts differ ({} lines vs {}): {}",
            got.len(),
            e.verdicts.len(),
            diff.join(", ")
        ));
    }
    if r.out != e.out {
        why.push("stdout differs".into());
    }
    let gnu_lines: String = r
        .err
        .lines()
        .filter(|l| !is_extra(l))
        .map(|l| format!("{l}\n"))
        .collect();
    if gnu_lines != e.err {
        why.push("stderr differs".into());
    }
    if r.code != e.code {
        why.push(format!("exit status {} (expected {})", r.code, e.code));
    }
    // A list whose every line verified is as quiet as GNU's: no hint.
    let all_ok = !e.verdicts.is_empty() && e.verdicts.iter().all(|(_, v)| *v == V::Ok);
    if all_ok && r.err.lines().any(|l| l.starts_with("khsum: hint: ")) {
        why.push("a hint although every line verified".into());
    }
    let notes: Vec<&str> = r.err.lines().filter(|l| is_note(l)).collect();
    if let Some(n) = notes.iter().find(|n| {
        !e.note_lists
            .iter()
            .any(|l| n.starts_with(&format!("khsum: {l}: untagged lines checked as ")))
    }) {
        why.push(format!("the note names another list: {n}"));
    }
    let mut distinct = notes.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let bad_note = match e.note {
        Note::Never => !notes.is_empty(),
        Note::AtMostOnce => distinct.len() != notes.len(),
        Note::Once => notes.is_empty() || distinct.len() != notes.len(),
    };
    if bad_note {
        why.push(format!(
            "the non-cryptographic note: {} times, expected {:?}",
            notes.len(),
            e.note
        ));
    }
    (!why.is_empty()).then(|| why.join("; "))
}

/// One random case: `None` when khsum agrees with the references.
fn case(seed: u64, b3sum: bool, tally: &mut Tally) -> Option<String> {
    let mut rng = TestRng::new(seed);
    let mut files = tree(&mut rng);
    let w = writer(&mut rng, b3sum);
    let list = list_kind(&mut rng, &w);
    let d = Dir::new();
    for f in &files {
        d.create(&f.name, &f.original);
    }
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    let bytes = if w.prog == "khsum" {
        let r = d.command().args(&w.args).args(["--"]).args(&names).run();
        assert_eq!((r.code, r.err.as_str()), (0, ""), "{}", w.label());
        r.out
    } else {
        let args: Vec<&str> = w
            .args
            .iter()
            .map(|s| s.as_str())
            .chain(std::iter::once("--"))
            .chain(names.iter().copied())
            .collect();
        d.tool(w.prog, &args)
    };
    let lines = s(&bytes);
    assert_eq!(lines.lines().count(), files.len(), "{}: {lines}", w.label());
    let escapes = lines.lines().any(|l| l.starts_with('\\'));
    d.create(list.file(), &bytes);
    change(&mut rng, &mut files);
    for f in &files {
        let p = d.path().join(&f.name);
        match &f.now {
            Some(now) => std::fs::write(&p, now).unwrap(),
            None => std::fs::remove_file(&p).unwrap(),
        }
    }
    let stdin = |c: &mut crate::util::TestCommand| {
        if matches!(list, ListKind::Stdin) {
            c.stdin(bytes.clone());
        }
    };

    let mut runs: Vec<(Vec<String>, Expect)> = Vec::new();
    let plain = vec!["-c".to_string(), list.arg().to_string()];
    let eff = effective(&w, list);
    match eff {
        Eff::Improper => runs.push((plain, improper(&d, &w, list, &bytes))),
        Eff::Checked { alg, same } => {
            let t = truth(&files, same, &w);
            // Said once per list when a line read was checked by detection as a
            // non-cryptographic checksum, whatever its verdict.
            let read = t.iter().any(|(_, v)| *v != V::Unread);
            let note = if w.tagged
                || w.alg.form == Form::Prefixed
                || !list.unnamed()
                || alg.crypto
                || !read
            {
                Note::Never
            } else {
                Note::Once
            };
            let checker = match alg.checker_for(w.tagged, w.bits, escapes) {
                B3sum if !b3sum => Truth,
                c => c,
            };
            runs.push((plain, reference(&d, &files, list, &bytes, checker, t, note)));
        }
    }
    // Lines not admissible without -a: also checked with it, against the writer's checker.
    if !w.tagged && w.alg.form == Form::Hex && !w.alg.admissible_unnamed(w.bits) {
        let mut args = vec!["-c".to_string(), "-a".into(), w.alg.name.into()];
        if w.alg.name == "blake3" {
            args.extend(["-l".into(), (w.bits / 8).to_string()]);
        }
        args.push(list.arg().into());
        let checker = w.alg.checker_for(false, w.bits, escapes);
        runs.push((
            args,
            reference(
                &d,
                &files,
                list,
                &bytes,
                checker,
                truth(&files, true, &w),
                Note::Never,
            ),
        ));
    }

    tally.add(&w, list, eff, runs.len() > 1);
    let mut report = String::new();
    for (args, e) in &runs {
        let mut c = d.command();
        c.args(args);
        stdin(&mut c);
        let r = c.run();
        if let Some(why) = compare(&r, e) {
            let _ = write!(
                report,
                "\n  khsum {} — {why}\n    khsum stdout:\n{}    khsum stderr:\n{}    khsum exit: {}\n    expected ({}) stdout:\n{}    expected stderr:\n{}    expected exit: {}\n",
                args.join(" "),
                indent(&s(&r.out)),
                indent(&r.err),
                r.code,
                e.what,
                indent(&s(&e.out)),
                indent(&e.err),
                e.code
            );
            if let Some(raw) = &e.raw {
                let _ = write!(
                    report,
                    "    the reference's own output:\n{}{}",
                    indent(&s(&raw.out)),
                    indent(&raw.err)
                );
            }
        }
    }
    if report.is_empty() {
        return None;
    }
    let changes: Vec<String> = files
        .iter()
        .map(|f| {
            let what = if f.change.is_empty() {
                "as is"
            } else {
                &f.change
            };
            format!("{:?} ({} bytes): {what}", f.name, f.original.len())
        })
        .collect();
    Some(format!(
        "writer: {} | list: {} | effective: {} | changes: {}\n  list:\n{}{report}",
        w.label(),
        list.describe(),
        match eff {
            Eff::Improper => "improper".to_string(),
            Eff::Checked { alg, same } => format!(
                "{}{}",
                alg.name,
                if same { "" } else { " (not the writer's)" }
            ),
        },
        changes.join("; "),
        indent(&lines),
    ))
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("      {l}\n")).collect()
}

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    let n = match v.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16),
        None => v.parse(),
    };
    Some(n.unwrap_or_else(|_| panic!("{name}={v}: not a number")))
}

/// What the cases covered, printed at the end of each part (`--nocapture` shows it).
#[derive(Default)]
struct Tally {
    counts: std::collections::BTreeMap<String, usize>,
}

impl Tally {
    fn add(&mut self, w: &Writer, list: ListKind, eff: Eff, with_a: bool) {
        let prog = if w.tagged {
            format!("{} --tag", w.prog)
        } else {
            w.prog.to_string()
        };
        let list = match list {
            ListKind::Neutral(_) => "neutral name",
            ListKind::Own(_) => "named for its algorithm",
            ListKind::Other(..) => "named for another",
            ListKind::Stdin => "standard input",
        };
        let eff = match eff {
            Eff::Checked { same: true, .. } => "the writer's algorithm",
            Eff::Checked { same: false, .. } => "another algorithm",
            Eff::Improper => "improper",
        };
        for key in [
            format!("writer {prog}"),
            format!("list {list}"),
            format!("lines are {eff}"),
        ] {
            *self.counts.entry(key).or_default() += 1;
        }
        if with_a {
            *self.counts.entry("also run with -a".into()).or_default() += 1;
        }
    }
}

/// Announces once per run that the b3sum writers are skipped (on the test's stderr
/// itself, not captured: a skip must be seen).
fn say_b3sum_skipped() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "verdicts: SKIPPED the b3sum writers: b3sum is not installed (cargo install b3sum \
             --locked; CI installs it), and BLAKE3 lists are checked against the ground truth"
        );
    });
}

/// Runs the cases `i` with `i % 4 == part`.
fn random_lists(part: u64) {
    let seed = env_u64("KHSUM_VERDICT_SEED").unwrap_or(DEFAULT_SEED);
    let cases = env_u64("KHSUM_VERDICT_CASES").unwrap_or(if emulated() { 120 } else { 1000 });
    let b3sum = have_b3sum();
    if !b3sum {
        say_b3sum_skipped();
    }
    let mut failures = Vec::new();
    let mut tally = Tally::default();
    let mut ran = 0;
    for i in (part..cases).step_by(4) {
        ran += 1;
        let case_seed = seed.wrapping_add(i);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            case(case_seed, b3sum, &mut tally)
        }));
        let outcome = outcome.unwrap_or_else(|p| {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Some(format!("the case itself panicked: {msg}\n"))
        });
        if let Some(f) = outcome {
            failures.push((i, case_seed, f));
        }
    }
    let covered: Vec<String> = tally
        .counts
        .iter()
        .map(|(k, n)| format!("{k}: {n}"))
        .collect();
    eprintln!("verdicts part {part}: {ran} cases; {}", covered.join(", "));
    if failures.is_empty() {
        return;
    }
    // The first few in full, then one line each: which writer, list and effective
    // algorithm, and how khsum differed.
    let n = failures.len();
    let mut text = String::new();
    for (k, (i, case_seed, f)) in failures.iter().enumerate() {
        let rerun = format!(
            "KHSUM_VERDICT_SEED={case_seed:#x} KHSUM_VERDICT_CASES=1 cargo test --test tests verdicts::random_lists_0"
        );
        if k < 6 {
            writeln!(
                text,
                "case {i} of seed {seed:#x}: {f}  reproduce: {rerun}\n"
            )
            .unwrap();
            continue;
        }
        let head = f.lines().next().unwrap_or_default();
        let head = head.split(" | changes: ").next().unwrap_or_default();
        let why: Vec<&str> = f
            .lines()
            .filter_map(|l| {
                l.strip_prefix("  khsum ")
                    .map(|w| w.split(" — ").nth(1).unwrap_or(w))
            })
            .map(|w| w.split(" (").next().unwrap_or(w))
            .collect();
        writeln!(
            text,
            "case {i}: {head} | {} | reproduce: {rerun}",
            why.join("; ")
        )
        .unwrap();
    }
    panic!(
        "{n} of {ran} random cases differ from the references (seed {seed:#x}; 6 in full, then one line each):\n\n{text}"
    );
}

#[test]
fn random_lists_0() {
    random_lists(0);
}

#[test]
fn random_lists_1() {
    random_lists(1);
}

#[test]
fn random_lists_2() {
    random_lists(2);
}

#[test]
fn random_lists_3() {
    random_lists(3);
}

/// The test's table names every algorithm that needs no key, with the lengths khsum
/// writes, and the oracle's rules hold on fixed examples.
#[test]
fn the_oracle_knows_every_algorithm() {
    let d = Dir::new();
    d.create("a", b"abc");
    for a in khsum::Algorithm::all().iter().filter(|a| !a.needs_key()) {
        let t = alg_named(a.name);
        let r = d.command().args(["-a", a.name, "a"]).run();
        let line = s(&r.out);
        let digest = match t.form {
            Form::Legacy => continue,
            Form::Prefixed => line
                .strip_prefix("XXH3_")
                .unwrap()
                .split(' ')
                .next()
                .unwrap(),
            Form::Hex => line.split(' ').next().unwrap(),
            Form::Tagged => line.trim_end().rsplit(' ').next().unwrap(),
        };
        assert_eq!(digest.len() as u32 * 4, t.bits, "{}", a.name);
    }
    // The test's list names are the library's.
    for a in ALGS {
        for n in a.lists {
            let named = khsum::Algorithm::from_list_name(n.as_bytes()).map(|a| a.name);
            assert_eq!(named, Some(a.name), "{n}");
        }
    }
    for n in ["list", "sums.txt", "checksums", "piped-list"] {
        assert_eq!(
            khsum::Algorithm::from_list_name(n.as_bytes()).map(|a| a.name),
            None
        );
    }
    // Issue 40's examples: XXH128 lines are MD5's in a neutral list (all FAILED), BLAKE2b
    // at 64 bits XXH64's, at 8 bits nobody's; SHA-256 lines in MD5SUMS improper.
    let w = |prog, alg: &str, bits| Writer::new(prog, &[], alg, bits, false);
    let name = |e: Eff| match e {
        Eff::Checked { alg, same } => format!("{} {same}", alg.name),
        Eff::Improper => "improper".into(),
    };
    let neutral = ListKind::Neutral("list");
    assert_eq!(
        name(effective(&w("xxhsum", "xxh128", 128), neutral)),
        "md5 false"
    );
    assert_eq!(
        name(effective(
            &w("xxhsum", "xxh128", 128),
            ListKind::Own("XXH128SUMS")
        )),
        "xxh128 true"
    );
    assert_eq!(
        name(effective(&w("b2sum", "blake2b", 64), neutral)),
        "xxh64 false"
    );
    assert_eq!(
        name(effective(
            &w("b2sum", "blake2b", 64),
            ListKind::Own("B2SUMS")
        )),
        "improper"
    );
    assert_eq!(
        name(effective(&w("b2sum", "blake2b", 8), ListKind::Stdin)),
        "improper"
    );
    assert_eq!(
        name(effective(&w("b2sum", "blake2b", 128), neutral)),
        "blake2b true"
    );
    assert_eq!(
        name(effective(&w("khsum", "blake3", 32), neutral)),
        "xxh32 false"
    );
    assert_eq!(
        name(effective(&w("khsum", "xxh32", 32), neutral)),
        "xxh32 true"
    );
    assert_eq!(
        name(effective(
            &w("khsum", "sha256", 256),
            ListKind::Other("MD5SUMS", alg_named("md5"))
        )),
        "improper"
    );
    assert_eq!(
        name(effective(
            &w("khsum", "xxh128", 128),
            ListKind::Other("MD5SUMS", alg_named("md5"))
        )),
        "md5 false"
    );
    assert_eq!(
        name(effective(
            &w("khsum", "blake3", 256),
            ListKind::Other("SHA256SUMS", alg_named("sha256"))
        )),
        "sha256 false"
    );
    assert_eq!(
        name(effective(
            &w("khsum", "sha512", 512),
            ListKind::Other("B3SUMS", alg_named("blake3"))
        )),
        "blake3 false"
    );
}

/// The comparison fails each way khsum can be wrong: a verdict, a warning, the status, a
/// hint where every line verified, the note missing, repeated, unasked for, or naming
/// another list.
#[test]
fn the_comparison_catches_what_it_must() {
    let run = |out: &str, err: &str, code| Run {
        out: out.as_bytes().to_vec(),
        err: err.to_string(),
        code,
    };
    let expect = |out: &str, err: &str, code, note| Expect {
        what: "fixed".into(),
        out: out.as_bytes().to_vec(),
        err: err.into(),
        code,
        verdicts: verdicts(out.as_bytes(), false),
        note,
        note_lists: vec!["sums.txt"],
        raw: None,
    };
    let warn = "khsum: WARNING: 1 computed checksum did NOT match\n";
    let note = "khsum: sums.txt: untagged lines checked as XXH64 (not cryptographic)\n";
    let failing = expect("a: OK\nb: FAILED\n", warn, 1, Note::Never);
    assert_eq!(compare(&run("a: OK\nb: FAILED\n", warn, 1), &failing), None);
    let hinted = format!("{warn}khsum: hint: sums.txt: try -a\n");
    assert_eq!(
        compare(&run("a: OK\nb: FAILED\n", &hinted, 1), &failing),
        None
    );
    for wrong in [
        run("a: FAILED\nb: FAILED\n", warn, 1),
        run("a: OK\nb: OK\n", warn, 1),
        run("a: OK\nb: FAILED\n", "", 1),
        run("a: OK\nb: FAILED\n", warn, 0),
        run("a: OK\nb: FAILED\n", &format!("{warn}{note}"), 1),
    ] {
        assert!(compare(&wrong, &failing).is_some(), "{wrong:?}");
    }
    let ok = expect("a: OK\n", "", 0, Note::Once);
    assert_eq!(compare(&run("a: OK\n", note, 0), &ok), None);
    for wrong in [
        run("a: OK\n", "", 0),
        run("a: OK\n", &format!("{note}{note}"), 0),
        run("a: OK\n", &note.replace("sums.txt", "list"), 0),
        run("a: OK\n", &format!("{note}khsum: hint: quiet, please\n"), 0),
    ] {
        assert!(compare(&wrong, &ok).is_some(), "{wrong:?}");
    }
    let maybe = expect("a: FAILED\n", warn, 1, Note::AtMostOnce);
    assert_eq!(compare(&run("a: FAILED\n", warn, 1), &maybe), None);
    assert_eq!(
        compare(&run("a: FAILED\n", &format!("{note}{warn}"), 1), &maybe),
        None
    );
    let twice = format!("{note}{warn}{note}");
    assert!(compare(&run("a: FAILED\n", &twice, 1), &maybe).is_some());
}

/// The MD5 of `name` in hex, as `md5sum` prints it.
fn md5_of(d: &Dir, name: &str) -> String {
    let out = s(&d.tool("md5sum", &[name]));
    out[..32].to_string()
}

/// A file crafted so that its XXH128 is the MD5 listed for it is FAILED wherever the
/// list's untagged lines are not XXH128's by name, label or `-a` (issue 40, item 3):
/// `MD5SUMS` (also with `--ignore-missing`, and with a genuine file listed after it), a
/// one-line `file.md5`, a neutral name and standard input, as `md5sum -c` says. Where
/// XXH128 is named, the same line verifies, which shows the file is a real preimage.
#[test]
fn a_file_crafted_against_xxh128_is_failed_for_its_md5() {
    let d = Dir::new();
    d.create("file", b"the release tarball, as published\n");
    d.create("genuine", b"another file of the release\n");
    let md5 = md5_of(&d, "file");
    let target: [u8; 16] = hex::decode(&md5).unwrap().try_into().unwrap();
    d.create("file", xxh128_preimage(target));
    assert_eq!(
        s(&d.tool("xxhsum", &["-H2", "file"])),
        format!("{md5}  file\n")
    );
    let line = format!("{md5}  file\n");
    let two = format!("{line}{}  genuine\n", md5_of(&d, "genuine"));
    let mut failures = Vec::new();
    for (list, extra, text) in [
        ("MD5SUMS", &[][..], &line),
        ("MD5SUMS", &["--ignore-missing"][..], &line),
        ("MD5SUMS", &[][..], &two),
        ("file.md5", &[][..], &line),
        ("sums.txt", &[][..], &line),
        ("list", &["--ignore-missing"][..], &two),
        ("-", &[][..], &line),
    ] {
        let stdin: &[u8] = if list == "-" { text.as_bytes() } else { b"" };
        if list != "-" {
            d.create(list, text);
        }
        let gnu = d.reference("md5sum", &[extra, &["-c", list]].concat(), stdin);
        let want = if text == &two {
            "file: FAILED\ngenuine: OK\n"
        } else {
            "file: FAILED\n"
        };
        assert_eq!(
            (s(&gnu.out).as_str(), gnu.code),
            (want, 1),
            "md5sum -c {list}"
        );
        let mut c = d.command();
        c.args(extra).args(["-c", list]);
        if list == "-" {
            c.stdin(text.clone());
        }
        let r = c.run();
        let e = Expect {
            what: format!("md5sum -c {list}"),
            out: gnu.out.clone(),
            err: gnu_err(&gnu.err, "md5sum"),
            code: gnu.code,
            verdicts: verdicts(&gnu.out, false),
            note: Note::Never,
            note_lists: Vec::new(),
            raw: None,
        };
        if let Some(why) = compare(&r, &e) {
            failures.push(format!(
                "khsum {} ({} lines): {why}\n  got {:?}\n  md5sum -c: {:?}",
                [extra, &["-c", list]].concat().join(" "),
                text.lines().count(),
                r.all(),
                gnu.all()
            ));
        }
    }
    // Named by the list's name, a label or -a, the line is XXH128's and verifies.
    d.create("XXH128SUMS", &line);
    d.create("tagged", format!("XXH128 (file) = {md5}\n"));
    d.create("MD5SUMS", &line);
    for args in [
        &["-c", "XXH128SUMS"][..],
        &["-c", "tagged"],
        &["-c", "-a", "xxh128", "MD5SUMS"],
    ] {
        let r = d.command().args(args).run();
        if r.all() != ("file: OK\n".into(), "", 0) {
            failures.push(format!(
                "khsum {}: {:?}, expected file: OK",
                args.join(" "),
                r.all()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
