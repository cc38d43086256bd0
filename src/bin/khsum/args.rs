//! The command line as clap sees it (raw flags only; `setup.rs` turns them into work).

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use khsum::Algorithm;
use std::ffi::OsString;
use std::path::PathBuf;

const AFTER_HELP: &str = "\
Keyed algorithms used without a key (in hash mode) use the all-zero key: the output is a
fingerprint, not a MAC. BLAKE3 without a key is the plain BLAKE3 hash. Run 'khsum list'
for the algorithms, their key and output sizes, and the backend this CPU uses.

Keys are never given on the command line: use --key-file FILE (raw key bytes, or hex
digits with an optional trailing newline; '-' reads standard input) or --key-env VAR
(hex digits). Key memory is wiped after use.

SHA-1 runs with collision detection: a file built by a known collision attack is named
on stderr (its digest is still printed, as sha1sum prints it), and 'khsum -c' reports
it FAILED even when its digest matches the list.

Exit status:
  0  success: every input hashed, every listed checksum matched
  1  a checksum or tag did NOT match (or a checked file carries a SHA-1 collision
     attack), an input or list could not be read, a list had
     no valid line (or, with --strict, any improper line), output could not be
     written (including a closed pipe), a tree had a link loop (-L), --unlisted found
     files no list names, or --update could not write its list (it changed while
     being updated: the list is left as it was)
  2  usage or setup error: bad option, unknown algorithm, bad or missing key, an
     --exclude glob that does not parse, a --files-from list that cannot be opened,
     or an --update list that is not a checksum list of the algorithm (nothing is
     hashed and the list is left as it was)";

/// The man page's EXAMPLES: a command line and what it does.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "khsum -r release > release.b3",
        "Hash every regular file below release, in sorted order, into a list (the list itself, inside the tree, is left out). On a terminal, progress is shown on stderr after half a second: bytes and files done of the total, rate and ETA (--no-progress hides it, --progress forces it).",
    ),
    (
        "khsum -c release.b3",
        "Verify the list: 'name: OK' or 'name: FAILED' per file, exit 1 on any failure.",
    ),
    (
        "khsum -r --exclude '*.tmp' --exclude .git --max-depth 3 --one-file-system src > src.b3",
        "Tree rules: leave out entries matching the globs (a matched directory is not entered), go at most 3 levels down, stay on one file system. Links to directories are followed only with -L (a loop is reported and skipped).",
    ),
    (
        "find . -name '*.iso' -print0 | khsum --files0-from - > isos.b3",
        "Hash the files named on standard input, NUL-separated (--files-from FILE takes one name per line); the names stream, so a million take little memory.",
    ),
    (
        "khsum -a sha256,blake3 image.iso > image.sums",
        "Read the file once and hash it with both algorithms in parallel: one tagged line each ('SHA256 (image.iso) = ...'), checked by 'khsum -c image.sums'.",
    ),
    (
        "khsum --json -a sha256 *.iso",
        "One JSON object per file (name or name_bytes, size, algorithm, digest, status, error); 'khsum -c --json LIST' adds expected and a summary object per list.",
    ),
    (
        "khsum -c --unlisted release release/B3SUMS",
        "Verify the list and also report every file below release that it does not name ('name: NEW' and a WARNING count; exit 1).",
    ),
    (
        "khsum -r --update release/B3SUMS release",
        "Hash only the files the list does not name yet and append their lines, replacing the list atomically; --check-existing also verifies the listed files.",
    ),
    (
        "khsum -j1 --no-mmap -r /mnt/disk > disk.b3",
        "One file at a time, in order, read and never memory-mapped (for spinning disks and network file systems).",
    ),
    (
        "khsum tag -a siphash-2-4 --key-file key.bin report.pdf",
        "A keyed tag. Keys come from --key-file or --key-env, never from the command line.",
    ),
];

/// Fast, trustworthy file checksums and keyed MACs.
///
/// Prints one line per FILE, '<hex>  <name>', byte-compatible with b3sum (BLAKE3, the
/// default) and GNU sha256sum/sha512sum. With no FILE, or when FILE is -, reads standard
/// input. 'khsum -c LIST' (or 'khsum check LIST') verifies such lists; CI users should
/// run 'khsum -c --strict'.
#[derive(Parser, Debug)]
#[command(
    name = "khsum",
    version,
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Read checksum lists from the FILEs and verify them (same as 'khsum check')
    #[arg(short = 'c', long = "check")]
    pub check: bool,

    #[command(flatten)]
    pub common: Common,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub verify: VerifyArgs,

    #[command(flatten)]
    pub key: KeyArgs,

    #[command(flatten)]
    pub tree: TreeArgs,

    #[command(flatten)]
    pub names: NamesArgs,

    #[command(flatten)]
    pub update: UpdateArgs,

    /// Files to hash (or, with -c, lists to check); '-' is standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Hash files (the default when no subcommand is given)
    #[command(after_help = AFTER_HELP)]
    Hash(HashCmd),
    /// Verify checksum lists (GNU, BSD --tag and b3sum forms)
    #[command(after_help = AFTER_HELP)]
    Check(CheckCmd),
    /// Compute keyed tags (MACs) of files; a key is required
    #[command(after_help = AFTER_HELP)]
    Tag(HashCmd),
    /// List the algorithms, their key and output sizes, and this CPU's backend
    List,
    /// Measure cycles/byte and GB/s of every algorithm on every backend this CPU has
    #[command(long_about = BENCH_ABOUT)]
    Bench(BenchCmd),
    /// Run every known-answer vector on every backend this CPU has
    #[command(long_about = SELFTEST_ABOUT)]
    Selftest,
    /// Print the man page or a shell completion script (for packagers)
    #[command(hide = true)]
    Generate(GenerateCmd),
}

/// The options of `khsum hash` and `khsum tag` (which only adds that a key is required).
#[derive(Args, Debug)]
pub struct HashCmd {
    #[command(flatten)]
    pub common: Common,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub key: KeyArgs,
    #[command(flatten)]
    pub tree: TreeArgs,
    #[command(flatten)]
    pub names: NamesArgs,
    #[command(flatten)]
    pub update: UpdateArgs,
    /// Files to hash or tag; '-' is standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

#[derive(Args, Debug)]
pub struct CheckCmd {
    #[command(flatten)]
    pub common: Common,
    #[command(flatten)]
    pub verify: VerifyArgs,
    #[command(flatten)]
    pub key: KeyArgs,
    #[command(flatten)]
    pub tree: TreeArgs,
    /// Checksum lists to verify; '-' is standard input
    #[arg(value_name = "LIST")]
    pub lists: Vec<OsString>,
}

/// `-a NAME`: the registry's names (with their aliases, any case), so `--help` and the
/// shell completions list them and a typo gets clap's did-you-mean.
pub fn algorithm_parser() -> impl TypedValueParser<Value = &'static Algorithm> {
    PossibleValuesParser::new(Algorithm::all().iter().map(|a| {
        PossibleValue::new(a.name)
            .aliases(a.aliases.iter().copied())
            .help(a.summary)
    }))
    .map(|name| Algorithm::lookup(&name).expect("the parser accepts registry names only"))
}

#[derive(Args, Debug, Default)]
pub struct Common {
    /// Algorithm (default blake3; see 'khsum list'). Several, comma-separated
    /// (-a sha256,blake3), hash each file in one read, one tagged line per algorithm
    #[arg(
        short = 'a',
        long = "algorithm",
        value_name = "NAME",
        ignore_case = true,
        value_delimiter = ',',
        value_parser = algorithm_parser()
    )]
    pub algorithm: Vec<&'static Algorithm>,

    /// Output length: BYTES for BLAKE3 (as b3sum), BITS for BLAKE2 (as b2sum)
    #[arg(short = 'l', long = "length", value_name = "N")]
    pub length: Option<usize>,

    /// LeMac nonce: 32 hex digits (default all zero)
    #[arg(long = "nonce", value_name = "HEX")]
    pub nonce: Option<String>,

    /// Number of worker threads (default: the number of logical cores); -j1 reads the
    /// files strictly one after another, in order
    #[arg(short = 'j', long = "threads", value_name = "N")]
    pub threads: Option<usize>,

    /// Read files, never memory-map them
    #[arg(long = "no-mmap")]
    pub no_mmap: bool,

    /// Print one JSON object per input (and a summary per checked list) instead of lines
    #[arg(long = "json")]
    pub json: bool,

    /// Show progress on stderr even when it is not a terminal (default: on a terminal,
    /// after half a second)
    #[arg(long = "progress", overrides_with = "no_progress")]
    pub progress: bool,

    /// Never show progress
    #[arg(long = "no-progress", overrides_with = "progress")]
    pub no_progress: bool,
}

/// How directory trees are walked (-r, and check --unlisted).
#[derive(Args, Debug, Default)]
pub struct TreeArgs {
    /// Hash every regular file below directory arguments, in sorted order
    #[arg(short = 'r', long = "recursive")]
    pub recursive: bool,

    /// Leave out entries whose name, or path below the directory argument, matches GLOB
    /// (repeatable; a matched directory is not entered)
    #[arg(long = "exclude", value_name = "GLOB")]
    pub exclude: Vec<String>,

    /// Descend at most N levels below directory arguments (1: their own entries)
    #[arg(long = "max-depth", value_name = "N")]
    pub max_depth: Option<usize>,

    /// Do not enter directories on other file systems
    #[arg(long = "one-file-system")]
    pub one_file_system: bool,

    /// Follow symbolic links to directories (loops are reported and skipped)
    #[arg(short = 'L', long = "follow")]
    pub follow: bool,
}

/// Where the names of the inputs come from, besides the arguments.
#[derive(Args, Debug, Default)]
pub struct NamesArgs {
    /// Hash the files named in FILE, one per line ('-': standard input)
    #[arg(
        long = "files-from",
        value_name = "FILE",
        conflicts_with_all = ["files0_from", "files"]
    )]
    pub files_from: Option<PathBuf>,

    /// Hash the files named in FILE, each ended by a NUL byte (find -print0)
    #[arg(long = "files0-from", value_name = "FILE", conflicts_with = "files")]
    pub files0_from: Option<PathBuf>,
}

/// `--update LIST`.
#[derive(Args, Debug, Default)]
pub struct UpdateArgs {
    /// Hash only the files LIST does not name yet and append their lines to LIST
    /// (written atomically; no other file is touched)
    #[arg(long = "update", value_name = "LIST")]
    pub update: Option<PathBuf>,

    /// With --update, also verify the files LIST already names
    #[arg(long = "check-existing", requires = "update")]
    pub check_existing: bool,
}

#[derive(Args, Debug, Default)]
pub struct OutputArgs {
    /// Write BSD-style lines: 'LABEL (name) = hex'
    #[arg(long = "tag", overrides_with = "untagged", conflicts_with = "text")]
    pub tag: bool,

    /// Write untagged lines: 'hex  name' (the default; for cksum compatibility)
    #[arg(long = "untagged", overrides_with = "tag")]
    pub untagged: bool,

    /// Write digests in base64 (with padding), as cksum --base64; lists may hold either
    #[arg(long = "base64")]
    pub base64: bool,

    /// Write the one input's digest as raw bytes, no line (as cksum --raw)
    #[arg(long = "raw", conflicts_with_all = ["tag", "zero", "no_names", "base64"])]
    pub raw: bool,

    /// End each output line with NUL, not newline, and do not escape names
    #[arg(short = 'z', long = "zero")]
    pub zero: bool,

    /// Print only the digests, without file names
    #[arg(long = "no-names")]
    pub no_names: bool,

    /// Mark names with '*' (binary mode) in untagged lines, like sha256sum -b
    #[arg(short = 'b', long = "binary", conflicts_with = "text")]
    pub binary: bool,

    /// Mark names with ' ' (text mode; the default), like sha256sum -t
    #[arg(short = 't', long = "text")]
    pub text: bool,
}

#[derive(Args, Debug, Default)]
pub struct VerifyArgs {
    /// Don't print OK for each successfully verified file
    #[arg(long = "quiet", overrides_with_all = ["status", "warn"])]
    pub quiet: bool,

    /// Print nothing on standard output; the exit status shows success
    #[arg(long = "status", overrides_with_all = ["quiet", "warn"])]
    pub status: bool,

    /// Exit non-zero for improperly formatted checksum lines
    #[arg(long = "strict")]
    pub strict: bool,

    /// Warn about each improperly formatted checksum line (--quiet, --status and --warn
    /// are one setting, as in GNU: the last one given wins)
    #[arg(short = 'w', long = "warn", overrides_with_all = ["quiet", "status"])]
    pub warn: bool,

    /// Don't fail or report status for missing files
    #[arg(long = "ignore-missing")]
    pub ignore_missing: bool,

    /// Also report every regular file below DIR that no list names ('name: NEW'), and
    /// fail if there is one (repeatable)
    #[arg(long = "unlisted", value_name = "DIR")]
    pub unlisted: Vec<OsString>,
}

#[derive(Args, Debug, Default)]
pub struct KeyArgs {
    /// Read the key from FILE ('-' for standard input): raw bytes or hex digits
    #[arg(long = "key-file", value_name = "FILE", conflicts_with = "key_env")]
    pub key_file: Option<PathBuf>,

    /// Read the key, as hex digits, from environment variable VAR
    #[arg(long = "key-env", value_name = "VAR")]
    pub key_env: Option<String>,

    /// BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the
    /// output its derived key; with --key-file/--key-env, the key is the material and
    /// the one output line the derived key
    #[arg(long = "derive-key", value_name = "CONTEXT")]
    pub derive_key: Option<String>,

    /// b3sum's keyed mode: the key is exactly 32 raw bytes read from standard input
    #[arg(long = "keyed", conflicts_with_all = ["key_file", "key_env", "derive_key"])]
    pub keyed: bool,

    /// A key on the command line: answered with how khsum takes keys
    #[arg(long = "key", hide = true, value_name = "KEY", num_args = 0..=1)]
    pub key: Option<Option<String>>,
}

const BENCH_ABOUT: &str = "\
Measure cycles/byte and GB/s of every algorithm on every backend this CPU has.

Single thread, cache-resident buffers, message sizes 64 B, 1 KiB, 64 KiB and 1 MiB by
default. Each figure is the median of repeated samples after warm-up, with the
inter-quartile spread; figures whose samples spread by more than 10% are marked '!' and a
warning says the machine is busy. Cycles are Linux perf core cycles where the kernel
offers them, else x86-64 time-stamp-counter cycles at the TSC's nominal frequency
(measured and printed in the header), else only ns/byte and GB/s. The header names the
CPU, logical cores, SIMD features, TSC frequency, khsum version and build profile.
Progress goes to stderr on a terminal only.";

const SELFTEST_ABOUT: &str = "\
Run every known-answer vector built into khsum (the kats/ files) on every backend this CPU
supports, whole and split at many points; print one line per algorithm and backend with
the count passed; exit 1 on any mismatch.";

/// The options of `khsum bench`.
#[derive(Args, Debug)]
pub struct BenchCmd {
    /// Algorithm to measure (repeatable; default: all)
    #[arg(
        short = 'a',
        long = "algorithm",
        value_name = "NAME",
        ignore_case = true,
        value_parser = algorithm_parser()
    )]
    pub algorithms: Vec<&'static Algorithm>,

    /// Backend to measure (repeatable; default: every one this CPU has)
    #[arg(long = "backend", value_name = "NAME")]
    pub backends: Vec<String>,

    /// Message sizes, comma-separated (default 64,1K,64K,1M)
    #[arg(long = "sizes", value_name = "LIST", value_delimiter = ',')]
    pub sizes: Vec<String>,

    /// Fewer, shorter samples (a few seconds in all)
    #[arg(long = "quick")]
    pub quick: bool,

    /// Print a JSON array instead of a table
    #[arg(long = "json", conflicts_with = "csv")]
    pub json: bool,

    /// Print CSV instead of a table
    #[arg(long = "csv")]
    pub csv: bool,

    /// Also draw cycles/byte against message size into FILE (SVG)
    #[arg(long = "plot", value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,

    /// Also measure multi-threaded throughput over many inputs with N threads
    #[arg(long = "threads", value_name = "N")]
    pub threads: Option<usize>,
}

#[derive(Args, Debug)]
pub struct GenerateCmd {
    #[command(subcommand)]
    pub what: GenerateWhat,
}

#[derive(Subcommand, Debug)]
pub enum GenerateWhat {
    /// The man page (roff): khsum(1), or khsum-SUBCOMMAND(1) for a subcommand
    Man {
        /// A subcommand (hash, check, tag, list, bench, selftest)
        subcommand: Option<String>,
    },
    /// A completion script for SHELL
    Completions {
        #[arg(value_enum)]
        shell: Shell,
    },
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
    Elvish,
    Powershell,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_valid() {
        Cli::command().debug_assert();
    }
}
