//! The command line as clap sees it (raw flags only; `setup.rs` turns them into work).

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use khsum::Algorithm;
use khsum::algorithm::{Family, Named};
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

/// The man page's ENVIRONMENT: the variables khsum reads, and what for.
pub const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "LC_ALL, LC_CTYPE, LANG",
        "The character set names in messages are quoted for, as GNU quotes them: in a UTF-8 locale printable names are written as they are, otherwise bytes outside ASCII become octal escapes.",
    ),
    (
        "KHSUM_DISABLE_BACKENDS",
        "Backend names, separated by commas (sha-ni,avx512): khsum uses them as if the CPU lacked them. For emulators or virtual machines whose instructions are wrong, and for tests; khsum list shows what is left. Names it does not know are ignored; portable cannot be turned off.",
    ),
    (
        "KHSUM_MULTI_BUFFER",
        "How many small files are hashed at once in SIMD lanes: off (one file at a time), on (the best lane kernel even where a single-stream instruction set such as SHA-NI exists), or a lane backend's name (portable, avx2, avx512, neon). For tests and measurements; the default chooses per algorithm and CPU.",
    ),
];

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
    mut_args(crate::help::top_arg),
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
    pub opts: HashOptions,

    #[command(flatten, next_help_heading = "Checking (-c, --expect)")]
    pub verify: VerifyArgs,

    /// Files to hash (or, with -c, lists to check); '-' is standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Hash files (the default when no subcommand is given)
    #[command(after_help = crate::help::HASH_AFTER, mut_args(crate::help::hash_arg))]
    Hash(HashCmd),
    /// Verify checksum lists (GNU, BSD --tag and b3sum forms)
    #[command(
        long_about = crate::help::CHECK_ABOUT,
        after_help = crate::help::CHECK_AFTER,
        mut_args(crate::help::check_arg)
    )]
    Check(CheckCmd),
    /// Compute keyed tags (MACs) of files; a key is required
    #[command(after_help = crate::help::TAG_AFTER, mut_args(crate::help::tag_arg))]
    Tag(HashCmd),
    /// Audit trees against a checksum list over time: bit rot told apart from edits,
    /// moves and deletions, from a state kept beside the list
    #[command(
        long_about = AUDIT_ABOUT,
        after_help = crate::help::AUDIT_AFTER,
        mut_args(crate::help::audit_arg)
    )]
    Audit(AuditCmd),
    /// List the algorithms, their key and output sizes, and this CPU's backend
    #[command(after_help = crate::help::LIST_AFTER)]
    List,
    /// Measure cycles/byte and GB/s of every algorithm on every backend this CPU has
    #[command(long_about = BENCH_ABOUT, after_help = crate::help::BENCH_AFTER)]
    Bench(BenchCmd),
    /// Run every known-answer vector on every backend this CPU has
    #[command(long_about = SELFTEST_ABOUT, after_help = crate::help::SELFTEST_AFTER)]
    Selftest,
    /// Print the man page or a shell completion script (for packagers)
    #[command(hide = true)]
    Generate(GenerateCmd),
}

/// The options of hashing: `khsum` itself, `khsum hash` and `khsum tag` (which only adds
/// that a key is required).
#[derive(Args, Debug)]
pub struct HashOptions {
    #[command(flatten)]
    pub common: Common,
    #[command(flatten, next_help_heading = "Output")]
    pub output: OutputArgs,
    #[command(flatten, next_help_heading = "Keys")]
    pub key: KeyArgs,
    #[command(flatten, next_help_heading = "Directory trees")]
    pub tree: TreeArgs,
    #[command(flatten, next_help_heading = "Inputs")]
    pub names: NamesArgs,
    #[command(flatten, next_help_heading = "Inputs")]
    pub update: UpdateArgs,
}

/// `khsum hash` and `khsum tag`.
#[derive(Args, Debug)]
pub struct HashCmd {
    #[command(flatten)]
    pub opts: HashOptions,
    /// Files to hash or tag; '-' is standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

#[derive(Args, Debug)]
pub struct CheckCmd {
    #[command(flatten, next_help_heading = "Checking")]
    pub verify: VerifyArgs,
    #[command(flatten)]
    pub common: Common,
    #[command(flatten, next_help_heading = "Keys")]
    pub key: KeyArgs,
    #[command(flatten)]
    pub tree: TreeArgs,
    /// Checksum lists to verify; '-' is standard input
    #[arg(value_name = "LIST")]
    pub lists: Vec<OsString>,
}

/// The registry's names as clap's possible values (with their aliases), so `--help` and
/// the shell completions list them and a typo gets clap's did-you-mean.
fn algorithm_values() -> impl Iterator<Item = PossibleValue> {
    Algorithm::all().iter().map(|a| {
        PossibleValue::new(a.name)
            .aliases(a.aliases.iter().copied())
            .help(a.summary)
    })
}

/// `khsum bench -a NAME`: an algorithm of the registry (any case).
pub fn algorithm_parser() -> impl TypedValueParser<Value = &'static Algorithm> {
    PossibleValuesParser::new(algorithm_values())
        .map(|name| Algorithm::lookup(&name).expect("the parser accepts registry names only"))
}

/// `-a NAME` for hashing and checking: an algorithm, or a family that `--length` picks
/// the member of (GNU cksum's `sha2` and `sha3`).
pub fn named_parser() -> impl TypedValueParser<Value = Named> {
    let families = Family::all().into_iter().map(|f| {
        let members: Vec<&str> = f.members().iter().map(|a| a.name).collect();
        PossibleValue::new(f.name()).help(format!(
            "{} by --length in bits, as cksum -a {}",
            members.join(", "),
            f.name()
        ))
    });
    PossibleValuesParser::new(algorithm_values().chain(families))
        .map(|name| Named::lookup(&name).expect("the parser accepts registry names only"))
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
        value_parser = named_parser(),
        hide_possible_values = true,
        help_heading = "Algorithm"
    )]
    pub algorithm: Vec<Named>,

    /// Output length: BITS (as b2sum, and cksum -a sha2/sha3, where it picks the
    /// algorithm), BYTES for BLAKE3 (as b3sum); 0 is the default length; the last -l
    /// counts
    #[arg(
        short = 'l',
        long = "length",
        value_name = "N",
        overrides_with = "length",
        help_heading = "Algorithm"
    )]
    pub length: Option<String>,

    /// Start BLAKE3's extendable output at byte N (as b3sum --seek)
    #[arg(long = "seek", value_name = "N", help_heading = "Algorithm")]
    pub seek: Option<u64>,

    /// LeMac nonce: 32 hex digits, or 0 for the all-zero nonce (the default, with a note
    /// that a fixed nonce makes LeMac a deterministic MAC)
    #[arg(long = "nonce", value_name = "HEX", help_heading = "Algorithm")]
    pub nonce: Option<String>,

    /// Print one JSON object per input (and a summary per checked list) instead of lines
    #[arg(long = "json", help_heading = "Output")]
    pub json: bool,

    /// Number of worker threads (default: the number of logical cores); -j1 reads the
    /// files strictly one after another, in order
    #[arg(
        short = 'j',
        long = "threads",
        value_name = "N",
        help_heading = "Running"
    )]
    pub threads: Option<usize>,

    /// Read files, never memory-map them
    #[arg(long = "no-mmap", help_heading = "Running")]
    pub no_mmap: bool,

    /// Show progress on stderr even when it is not a terminal (default: on a terminal,
    /// after half a second)
    #[arg(
        long = "progress",
        overrides_with = "no_progress",
        help_heading = "Running"
    )]
    pub progress: bool,

    /// Never show progress
    #[arg(
        long = "no-progress",
        overrides_with = "progress",
        help_heading = "Running"
    )]
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

    /// Follow no symbolic link inside a tree: each is skipped with a warning (for trees
    /// others can write, whose links may point anywhere)
    #[arg(short = 'P', long = "no-dereference", conflicts_with = "follow")]
    pub no_dereference: bool,
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

    /// How digests are written: hex (the default), base64, sri (sha256-BASE64), oci
    /// (sha256:HEX), nix32 (sha256:NIX32); go-h1: go.sum's h1: of a module tree (-r, with
    /// --prefix) or of a module zip
    #[arg(long = "format", value_name = "SPELLING", value_enum)]
    pub format: Option<Spelling>,

    /// With --format go-h1: the MODULE@VERSION a tree's files are named under, as go.sum
    /// hashes them
    #[arg(long = "prefix", value_name = "MODULE@VERSION")]
    pub prefix: Option<String>,

    /// Write the one input's digest as raw bytes, no line (as cksum --raw)
    #[arg(long = "raw", conflicts_with_all = ["tag", "zero", "no_names", "base64", "format"])]
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

/// `--format`: a digest spelling, or go.sum's `h1:` of a module.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    Hex,
    Base64,
    Sri,
    Oci,
    Nix32,
    GoH1,
}

#[derive(Args, Debug, Default)]
pub struct VerifyArgs {
    /// Check the one FILE against DIGEST ('FILE: OK' or 'FILE: FAILED', exit 0 or 1): hex
    /// or base64 (the algorithm found as -c finds it), sha256:HEX (OCI, pip), SRI
    /// sha384-BASE64 (the strongest of several), Nix sha256:NIX32
    #[arg(long = "expect", value_name = "DIGEST")]
    pub expect: Option<String>,

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

const AUDIT_ABOUT: &str = "\
Audit the files below each DIR against the checksum list LIST, and tell what happened to
each since it was recorded: one line per file that is not ok ('name: state'), then a
summary on stderr. LIST stays a plain list that sha256sum -c and b3sum -c verify; the
state (size, mtime in ns, device, inode, last verified) lives beside it in the SQLite
file LIST.khsum-state. A file whose size, mtime and inode match its state is not read
again (unless --scrub picks it); mtimes compare at the precision both sides have (1 s,
100 ns, 1 ns).

States: ok; touched (mtime changed, content the same); changed (content and mtime
changed: an edit); corrupt (content changed, size and mtime did not: bit rot or
tampering); older (content changed, mtime went backwards); new; missing; moved (a listed
content at a new path, the old path gone: 'new: moved from old'); duplicate (a listed
content also at a new path: 'copy: duplicate of orig'); changed-during-read (size,
mtime, ctime or inode differed before and after the read; never recorded); unreadable (an
I/O error, permission denied); not-regular (a FIFO, socket, device, or a link under -P).
One list entry satisfies at most one path: a copy never hides a deletion.

--update records new, moved, changed and touched files in LIST and the state (LIST is
created, with BLAKE3 unless -a or its name says otherwise); corrupt and older files only
when --accept names them, missing ones are dropped only with --prune. LIST is rewritten
atomically (as --update writes lists), and list and state are committed together: a run
killed at any point leaves the old pair or the new one.";

const SELFTEST_ABOUT: &str = "\
Run every known-answer vector built into khsum (the kats/ files) on every backend this CPU
supports, whole and split at many points; print one line per algorithm and backend with
the count passed; exit 1 on any mismatch.";

/// The options of `khsum audit`.
#[derive(Args, Debug)]
pub struct AuditCmd {
    /// Record new, moved, changed and touched files in LIST and its state (LIST is
    /// created when it does not exist)
    #[arg(long = "update")]
    pub update: bool,

    /// With --update, also record the content of this corrupt or older file (repeatable)
    #[arg(long = "accept", value_name = "PATH", requires = "update")]
    pub accept: Vec<OsString>,

    /// With --update, drop the entries of missing files
    #[arg(long = "prune", requires = "update")]
    pub prune: bool,

    /// Say what would be recorded; write nothing (neither LIST nor its state)
    #[arg(long = "dry-run")]
    pub dry_run: bool,

    /// Also keep each file's digest and mtime in its extended attributes, as cshatag
    /// does (user.shatag.sha256 and user.shatag.ts for sha256, user.khsum.ALG and
    /// user.khsum.ALG.ts for others): an unlisted file whose content is not its
    /// attributes' at their mtime is corrupt; with --update the attributes of what is
    /// recorded are written (a failed write is a warning)
    #[arg(long = "xattr")]
    pub xattr: bool,

    /// Also re-read this share of the unchanged files, verified longest ago first:
    /// PERCENT% of them (8%), or files adding up to a byte budget (500M, 2G)
    #[arg(long = "scrub", value_name = "PERCENT%|BYTES")]
    pub scrub: Option<String>,

    /// Algorithm of a new LIST (default blake3, or what LIST's name says); an existing
    /// LIST keeps the one its state records
    #[arg(
        short = 'a',
        long = "algorithm",
        value_name = "NAME",
        ignore_case = true,
        value_parser = algorithm_parser()
    )]
    pub algorithm: Option<&'static Algorithm>,

    /// Print one JSON object per file that is not ok, and a summary object, instead of
    /// lines
    #[arg(long = "json")]
    pub json: bool,

    /// Number of worker threads (default: the number of logical cores)
    #[arg(short = 'j', long = "threads", value_name = "N")]
    pub threads: Option<usize>,

    /// Read files, never memory-map them
    #[arg(long = "no-mmap")]
    pub no_mmap: bool,

    /// Show progress on stderr even when it is not a terminal
    #[arg(long = "progress", overrides_with = "no_progress")]
    pub progress: bool,

    /// Never show progress
    #[arg(long = "no-progress", overrides_with = "progress")]
    pub no_progress: bool,

    #[command(flatten)]
    pub tree: TreeArgs,

    /// The checksum list
    #[arg(value_name = "LIST", required = true)]
    pub list: OsString,

    /// Directories (or files) whose files LIST should name; -r is implied
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<OsString>,
}

/// The options of `khsum bench`.
#[derive(Args, Debug)]
pub struct BenchCmd {
    /// Algorithm to measure (repeatable; default: all)
    #[arg(
        short = 'a',
        long = "algorithm",
        value_name = "NAME",
        ignore_case = true,
        value_parser = algorithm_parser(),
        hide_possible_values = true
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

    /// Also draw cycles/byte against message size into FILE (SVG), each algorithm's
    /// best backend
    #[arg(long = "plot", value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,

    /// With --plot, draw every backend measured (and the multi-buffer kernels)
    #[arg(long = "all-backends", requires = "plot")]
    pub all_backends: bool,

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

/// The command line parsed: what `Cli::try_parse` gives, faster for long lists of names.
///
/// Clap keeps two copies of every value and grows its vectors one name at a time: 20,000
/// names cost 13 ms of CPU before the first file is opened, an eighth of the wall time of
/// hashing that many small files on two threads (PERFORMANCE.md, "Starting on 20,000 names:
/// clap parses the options, not the names"). So when the command line ends in a long run of
/// plain names (no `-` at their start, except `-` itself), clap parses everything before
/// them plus the first of them, and the rest are appended to the files (or lists) that
/// first name went to. That is what clap would do with them: no option takes more than one
/// value per occurrence (checked by [`single_valued`]), so past the last option and the one
/// value it may take, every plain word is a file (a subcommand's name after a file is a
/// file too). Whenever that cannot be shown (a `--` anywhere, fewer than [`PLAIN_TAIL_MIN`]
/// names, the first name not the last file clap saw, any error), the whole line goes to
/// clap.
///
/// # Errors
/// Clap's, exactly as for `Cli::try_parse`.
pub fn parse() -> Result<Cli, clap::Error> {
    parse_from(std::env::args_os().collect(), PLAIN_TAIL_MIN)
}

/// Plain names at the end of a command line from which [`parse`] hands clap only the
/// first of them.
const PLAIN_TAIL_MIN: usize = 256;

/// [`parse`] of `argv` (the program's name first), taking the short way for a run of at
/// least `min_tail` plain names after the first.
fn parse_from(argv: Vec<OsString>, min_tail: usize) -> Result<Cli, clap::Error> {
    use clap::CommandFactory;
    let argv = match plain_tail(&argv, min_tail) {
        Some(first) => {
            // Built only here: building it takes a good part of a millisecond.
            let mut cmd = Cli::command();
            if !single_valued(&cmd) {
                argv
            } else {
                match parse_split(&mut cmd, argv, first) {
                    Ok(cli) => return Ok(cli),
                    Err(argv) => argv,
                }
            }
        }
        None => argv,
    };
    Cli::try_parse_from(argv)
}

/// Clap's parse (with `cmd`, [`Cli`]'s command) of `argv` up to its word `first`, then
/// every word after it appended to the names that word went to; `argv` back when that
/// word was not the last file or list of a command that takes them, or clap found an
/// error.
fn parse_split(
    cmd: &mut clap::Command,
    mut argv: Vec<OsString>,
    first: usize,
) -> Result<Cli, Vec<OsString>> {
    use clap::FromArgMatches;
    let tail = argv.split_off(first + 1);
    if let Ok(mut matches) = cmd.try_get_matches_from_mut(&argv)
        && let Ok(mut cli) = Cli::from_arg_matches_mut(&mut matches)
        && let Some(files) = cli.files_mut()
        && files.last() == argv.last()
    {
        files.extend(tail);
        return Ok(cli);
    }
    argv.extend(tail);
    Err(argv)
}

/// Where the run of plain names that ends `argv` can start: the index of its first name,
/// at least two words past the last word that starts with `-` (that word and the value
/// it may take), with at least `min_tail` names after it. `None` when there is no such
/// run, or when `argv` holds `--`. (That no option takes several values, which the run
/// also needs, is [`single_valued`].)
fn plain_tail(argv: &[OsString], min_tail: usize) -> Option<usize> {
    let dash = |a: &OsString| {
        let b = a.as_encoded_bytes();
        b.len() > 1 && b[0] == b'-'
    };
    if argv.iter().any(|a| a == "--") {
        return None;
    }
    let first = match argv.iter().skip(1).rposition(dash) {
        Some(i) => i + 1 + 2,
        None => 1,
    };
    (argv.len() >= first + 1 + min_tail.max(1)).then_some(first)
}

/// Whether no option of `cmd` or of its subcommands takes more than one value at once.
fn single_valued(cmd: &clap::Command) -> bool {
    cmd.get_arguments()
        .filter(|a| !a.is_positional())
        .all(|a| a.get_num_args().is_none_or(|n| n.max_values() <= 1))
        && cmd.get_subcommands().all(single_valued)
}

impl Cli {
    /// The names a command takes in a run: the files to hash or tag, or the lists to
    /// check; `None` for the commands that take none.
    fn files_mut(&mut self) -> Option<&mut Vec<OsString>> {
        match &mut self.command {
            None => Some(&mut self.files),
            Some(Command::Hash(c) | Command::Tag(c)) => Some(&mut c.files),
            Some(Command::Check(c)) => Some(&mut c.lists),
            Some(_) => None,
        }
    }
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

    fn words(line: &[&str]) -> Vec<OsString> {
        line.iter().map(OsString::from).collect()
    }

    /// What clap makes of a command line, as text: the parsed command's fields, or the
    /// error's kind and message.
    fn outcome(r: Result<Cli, clap::Error>) -> String {
        match r {
            Ok(cli) => format!("{cli:?}"),
            Err(e) => format!("{:?}: {}", e.kind(), e.render()),
        }
    }

    /// The short way gives what clap gives, for random command lines from words that
    /// take values, flags, short clusters, subcommand names, `--`, `-` and plain names,
    /// and for every split point (the short way's threshold at 0 and 1).
    #[test]
    fn split_parse_equals_clap() {
        const WORDS: &[&str] = &[
            "-c",
            "--check",
            "-a",
            "md5",
            "--algorithm=sha256",
            "-amd5",
            "-j",
            "2",
            "-j1",
            "-r",
            "--no-mmap",
            "--tag",
            "-z",
            "--key",
            "--key-file",
            "k",
            "--key-env",
            "-l",
            "16",
            "--quiet",
            "--status",
            "-w",
            "--strict",
            "--files-from",
            "--files0-from",
            "--update",
            "--exclude",
            "*.o",
            "-",
            "--",
            "-5",
            "-ca",
            "-cz",
            "-ja",
            "check",
            "tag",
            "hash",
            "list",
            "bench",
            "selftest",
            "f1",
            "f2",
            "a b",
            "--help",
            "-V",
        ];
        let mut rng = khsum::testutil::TestRng::new(26);
        let mut split = 0;
        for _ in 0..2500 {
            let mut line = vec![OsString::from("khsum")];
            for _ in 0..rng.below(9) {
                line.push(WORDS[rng.below(WORDS.len() as u64) as usize].into());
            }
            // The run of plain words: names, subcommand names and values that are
            // files there, and `-`.
            const PLAIN: &[&str] = &["check", "tag", "list", "-", "md5", "16", "a b"];
            for i in 0..rng.below(6) {
                line.push(match rng.below(3) {
                    0 => PLAIN[rng.below(PLAIN.len() as u64) as usize].into(),
                    _ => format!("name{i}").into(),
                });
            }
            let want = outcome(Cli::try_parse_from(&line));
            for min_tail in [0, 1] {
                let got = outcome(parse_from(line.clone(), min_tail));
                assert_eq!(got, want, "{line:?}");
            }
            split += usize::from(plain_tail(&line, 0).is_some());
        }
        // The short way was tried on a good part of them.
        assert!(split > 300, "{split}");
    }

    /// The command lines the short way exists for take it (clap parses up to the first
    /// name of the run, and the run lands in the files), and give clap's result.
    #[test]
    fn long_runs_of_names_take_the_short_way() {
        let names: Vec<String> = (0..PLAIN_TAIL_MIN + 2).map(|i| format!("d/f{i}")).collect();
        for (head, first) in [
            (&[][..], 1),
            (&["-a", "md5"][..], 3),
            (&["--no-names", "-j1"][..], 4),
            (&["tag", "-a", "siphash-2-4", "--key-file", "k"][..], 6),
            (&["-c", "--strict"][..], 4),
            (&["check", "-a", "sha256"][..], 4),
            (&["hash", "--key"][..], 4),
        ] {
            let mut line = words(&["khsum"]);
            line.extend(head.iter().map(OsString::from));
            line.extend(names.iter().map(OsString::from));
            assert_eq!(plain_tail(&line, PLAIN_TAIL_MIN), Some(first), "{head:?}");
            let want = outcome(Cli::try_parse_from(&line));
            let got = parse_split(&mut Cli::command(), line.clone(), first);
            let got = got.map_err(|_| "not taken").expect("the short way");
            assert_eq!(outcome(Ok(got)), want, "{head:?}");
            assert_eq!(outcome(parse_from(line, PLAIN_TAIL_MIN)), want, "{head:?}");
        }
        // Not for fewer names, nor with `--`, nor for a command that takes no names.
        let line = words(&["khsum", "-a", "md5", "f1", "f2"]);
        assert_eq!(plain_tail(&line, PLAIN_TAIL_MIN), None);
        let mut line = words(&["khsum", "--"]);
        line.extend(names.iter().map(OsString::from));
        assert_eq!(plain_tail(&line, PLAIN_TAIL_MIN), None);
        // Nor when an option (here of a subcommand) may take several values: the plain
        // words after it could be its values.
        let greedy = clap::Command::new("x")
            .subcommand(clap::Command::new("y").arg(clap::Arg::new("o").long("o").num_args(1..)));
        assert!(!single_valued(&greedy));
        assert!(single_valued(&Cli::command()));
        let mut line = words(&["khsum", "list"]);
        line.extend(names.iter().map(OsString::from));
        assert!(parse_split(&mut Cli::command(), line.clone(), 2).is_err());
        assert_eq!(
            outcome(parse_from(line.clone(), PLAIN_TAIL_MIN)),
            outcome(Cli::try_parse_from(&line))
        );
    }
}
