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

Exit status:
  0  success: every input hashed, every listed checksum matched
  1  a checksum or tag did NOT match, an input or list could not be read, a list had
     no valid line (or, with --strict, any improper line), or output could not be
     written (including a closed pipe)
  2  usage or setup error: bad option, unknown algorithm, bad or missing key";

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

    /// Hash every regular file below directory arguments, in sorted order
    #[arg(short = 'r', long = "recursive")]
    pub recursive: bool,

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
    /// Hash every regular file below directory arguments, in sorted order
    #[arg(short = 'r', long = "recursive")]
    pub recursive: bool,
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
    /// Algorithm (default blake3; see 'khsum list')
    #[arg(
        short = 'a',
        long = "algorithm",
        value_name = "NAME",
        ignore_case = true,
        value_parser = algorithm_parser()
    )]
    pub algorithm: Option<&'static Algorithm>,

    /// Output length: BYTES for BLAKE3 (as b3sum), BITS for BLAKE2 (as b2sum)
    #[arg(short = 'l', long = "length", value_name = "N")]
    pub length: Option<usize>,

    /// LeMac nonce: 32 hex digits (default all zero)
    #[arg(long = "nonce", value_name = "HEX")]
    pub nonce: Option<String>,

    /// Number of worker threads (default: the number of logical cores)
    #[arg(short = 'j', long = "threads", value_name = "N")]
    pub threads: Option<usize>,
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
