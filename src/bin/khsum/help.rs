//! What each subcommand's `--help` (and man page) says: the options that apply to it,
//! worded for it, and its examples. `args.rs` declares the options once; the functions
//! here reword, regroup or hide them per subcommand (clap's `mut_args`).

use clap::Arg;
use khsum::Algorithm;

/// `-a` in hash mode (`khsum`, `khsum hash`).
const HASH_ALGORITHM: &str = "Algorithm (default blake3; 'khsum list' names them). Several, \
comma-separated (-a sha256,blake3), hash each file in one read, one tagged line each; -a sha2 or \
-a sha3 takes its member from -l BITS, as cksum does. A keyed algorithm without a key uses the \
all-zero key (said on stderr): a fingerprint, not a MAC";

/// `-a` in `khsum check`: detection is the default.
const CHECK_ALGORITHM: &str = "Check only the lines of this algorithm, under it alone (default: \
each line's own, as the description says)";

/// The two lines of `khsum check`'s description on detection (COMPATIBILITY.md's proof
/// rules).
pub const CHECK_ABOUT: &str = "\
Verify checksum lists (GNU, BSD --tag and b3sum forms).

Without -a, a line's label (SHA256 (f) = ...) or the list's name (SHA256SUMS) settles its
algorithm; an untagged line is checked under every admissible algorithm of its length.";

pub const HASH_AFTER: &str = "\
Keys are never given on the command line: --key-file FILE (raw bytes or hex; '-' reads
standard input) or --key-env VAR (hex). For tags that need a key, use 'khsum tag'.

Exit status: 0 success; 1 an input could not be read or output could not be written; 2
usage or setup error (bad option, unknown algorithm, bad key).

Examples:
  khsum file.iso
      The BLAKE3 digest, as b3sum prints it.
  khsum -a sha256 *.tar.gz > SHA256SUMS
      A list that 'sha256sum -c' and 'khsum -c' read.
  khsum -r --exclude .git src > src.b3
      Every regular file below src, in sorted order (progress on a terminal).
  khsum -a sha256,blake3 image.iso
      One read, two tagged lines: 'SHA256 (image.iso) = ...' and 'BLAKE3 (...) = ...'.
  find . -name '*.iso' -print0 | khsum --files0-from - > isos.b3
      The names from find, NUL-separated; they stream, so a million take little memory.";

pub const CHECK_AFTER: &str = "\
Exit status: 0 every listed file matched; 1 a file did NOT match or could not be read, a
list had no valid line (or, with --strict, any improper one), or --unlisted found files;
2 usage or setup error (bad option, unknown algorithm, a keyed list without its key).

Examples:
  khsum -c SHA256SUMS
      'name: OK' or 'name: FAILED' per listed file; exit 1 on any failure.
  echo \"<sha256 from the download page>  file.iso\" | khsum -c
      Check one file against one digest.
  khsum -c --strict --ignore-missing SHA256SUMS
      For CI: an improper line fails the run; files the list names but that are absent
      here do not.
  khsum -c --unlisted release release.b3
      Also report the files below release that the list does not name.
  khsum -c --key-file key.bin tags.txt
      Verify keyed tags made by 'khsum tag'.";

pub const TAG_AFTER: &str = "\
Keys come from --key-file FILE (raw bytes or hex; '-' reads standard input) or --key-env
VAR (hex), never from the command line; key memory is wiped after use. Lines are tagged
('BLAKE3-KEYED (f) = ...'), so a list of them checked without the key asks for it.

Exit status: 0 success; 1 an input could not be read or output could not be written; 2
usage or setup error (bad option, an algorithm that takes no key, a missing or bad key).

Examples:
  khsum tag --key-file key.bin report.pdf
      A keyed BLAKE3 tag of report.pdf.
  khsum tag -a siphash-2-4 --key-env KEY *.log
      SipHash-2-4 tags, the 16-byte key as 32 hex digits in $KEY.
  khsum tag -a hmac-sha256 --key-file key.bin -r dist > dist.tags
      HMAC-SHA256 tags of every file below dist.
  khsum -c --key-file key.bin dist.tags
      Verify them.";

pub const LIST_AFTER: &str = "\
Examples:
  khsum list
      Every algorithm, with the backend this CPU runs it on.
  khsum list | grep -i sha3
      The SHA-3 rows.
  KHSUM_DISABLE_BACKENDS=avx512 khsum list
      What khsum would choose without AVX-512.";

pub const BENCH_AFTER: &str = "\
Examples:
  khsum bench --quick
      Every algorithm on every backend, about half a minute.
  khsum bench -a blake3 -a sha256 --sizes 64,4K,1M
      Two algorithms at three sizes; BLAKE3 both unkeyed and keyed.
  khsum bench -a siphash-2-4 --backend portable --json
      One backend, as JSON.
  khsum bench --quick --plot bench.svg
      Also an SVG: cycles per byte against size, each algorithm's best backend.";

pub const SELFTEST_AFTER: &str = "\
Examples:
  khsum selftest
      Every vector on every backend; exit 1 on a mismatch.
  KHSUM_DISABLE_BACKENDS=sha-ni khsum selftest
      The same as if the CPU lacked SHA-NI.
  khsum selftest > /dev/null && echo ok
      Only the verdict.";

pub const AUDIT_AFTER: &str = "\
Exit status: the sum of the classes found (as fsck's):
    0  nothing wrong: ok, touched, changed, new, moved, duplicate
    1  an error: the list or state could not be read or written, or output failed
    2  usage or setup error (alone)
    4  missing
    8  corrupt
   16  unreadable (or a listed name that is no regular file any more)
   32  changed-during-read
   64  older

Examples:
  khsum audit --update B3SUMS photos
      Once: list every file below photos (BLAKE3) and record its state beside B3SUMS.
  khsum audit --scrub 8% B3SUMS photos
      Weekly (cron): what happened since, re-reading 8% of the unchanged files, oldest first.
  khsum audit --update B3SUMS photos
      After a review: record the edits, moves and new files it reported.
  khsum audit --update --accept photos/a.jpg B3SUMS photos
      Also record a file it called corrupt or older, once you know why it changed.
  khsum audit --json SHA256SUMS dist
      One JSON object per file that is not ok, then a summary.";

/// `khsum` itself: hash mode's `-a`, and a pointer to `check` for `-c`.
pub fn top_arg(a: Arg) -> Arg {
    let a = arguments(a);
    match a.get_id().as_str() {
        "algorithm" => reword(
            a,
            &format!("{HASH_ALGORITHM} (with -c: 'khsum check --help')"),
        ),
        _ => a,
    }
}

/// `khsum hash`.
pub fn hash_arg(a: Arg) -> Arg {
    let a = arguments(a);
    match a.get_id().as_str() {
        "algorithm" => reword(a, HASH_ALGORITHM),
        _ => a,
    }
}

/// `khsum tag`: only keyed algorithms, and no key derivation (it writes derived keys, not
/// tags: `khsum --derive-key`).
pub fn tag_arg(a: Arg) -> Arg {
    let a = arguments(a);
    match a.get_id().as_str() {
        "algorithm" => reword(a, &tag_algorithms()),
        "length" => reword(a, "BLAKE3's tag length in bytes (as b3sum -l); 0 is 32"),
        "derive_key" => a.hide(true),
        _ => a,
    }
}

/// `-a` of `khsum tag`: the algorithms that take a key, from the registry.
fn tag_algorithms() -> String {
    let keyed: Vec<&str> = Algorithm::all()
        .iter()
        .filter(|a| a.takes_key())
        .map(|a| a.name)
        .collect();
    format!(
        "Keyed algorithm (default blake3, in its keyed mode): {}; key sizes in 'khsum list'",
        keyed.join(", ")
    )
}

/// `khsum check`: `-a` and the parameters as they apply to checking; `-r` hidden (it is
/// refused: `--unlisted` walks), the tree rules under the `--unlisted` heading.
pub fn check_arg(a: Arg) -> Arg {
    let a = arguments(a);
    match a.get_id().as_str() {
        "algorithm" => reword(a, CHECK_ALGORITHM),
        "length" => reword(
            a,
            "The length of the listed digests (BITS; BYTES for BLAKE3), when a list made with \
             -l does not say it; without -a, of untagged BLAKE3 lines (b3sum -l)",
        ),
        "seek" => reword(a, "Check BLAKE3 lines made with b3sum --seek N"),
        "nonce" => reword(a, "The LeMac nonce the tags were made with (32 hex digits)"),
        "recursive" => a.hide(true),
        "exclude" | "max_depth" | "one_file_system" | "follow" | "no_dereference" => {
            a.help_heading("With --unlisted")
        }
        _ => a,
    }
}

/// `khsum audit`: its own `-a` without clap's list of values, `-r` hidden (it is implied),
/// the options grouped as the other subcommands group them.
pub fn audit_arg(a: Arg) -> Arg {
    match a.get_id().as_str() {
        "algorithm" => a.hide_possible_values(true).help_heading("Algorithm"),
        "update" | "accept" | "prune" | "dry_run" | "scrub" | "xattr" => {
            a.help_heading("Recording")
        }
        "json" => a.help_heading("Output"),
        "threads" | "no_mmap" | "progress" | "no_progress" => a.help_heading("Running"),
        "recursive" => a.hide(true),
        "exclude" | "max_depth" | "one_file_system" | "follow" | "no_dereference" => {
            a.help_heading("Directory trees")
        }
        _ => a,
    }
}

/// The FILE or LIST arguments under clap's own "Arguments" heading, whatever heading the
/// options declared before them set.
fn arguments(a: Arg) -> Arg {
    if a.is_positional() {
        a.help_heading(None::<&'static str>)
    } else {
        a
    }
}

/// New help text for an option, short and long alike.
fn reword(a: Arg, text: &str) -> Arg {
    a.help(text.to_string()).long_help(None::<&'static str>)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The examples a subcommand ends with: 3 to 5, each a command line under
    /// `Examples:` and what it does.
    #[test]
    fn each_subcommand_ends_with_three_to_five_examples() {
        for text in [
            HASH_AFTER,
            CHECK_AFTER,
            TAG_AFTER,
            AUDIT_AFTER,
            LIST_AFTER,
            BENCH_AFTER,
            SELFTEST_AFTER,
        ] {
            let (_, examples) = text.split_once("Examples:\n").expect("an Examples block");
            let commands = examples
                .lines()
                .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
                .count();
            assert!((3..=5).contains(&commands), "{commands} in {text}");
        }
    }
}
