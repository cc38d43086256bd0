//! What was typed, resolved once into what to do, before any work: the algorithm, the key
//! (loaded, or for lists read once and decoded per algorithm without further I/O), the
//! output form, the inputs and the check options, as typed values. The runners (`hash`,
//! `check`, `bench`) take a plan and never see clap's structs or loose boolean flags, as
//! ripgrep turns its low-level arguments into high-level ones.

use crate::args::{
    BenchCmd, Cli, Command, Common, GenerateWhat, HashOptions, KeyArgs, OutputArgs, Spelling,
    TreeArgs, VerifyArgs,
};
use crate::progress::Progress;
use crate::setup::{self, KeyMaterial, KeySource, SetupError};
use khsum::Backend;
use khsum::algorithm::{Family, Named, ReadHint};
use khsum::files::inputs::{NameList, Names};
use khsum::files::io::Mmap;
use khsum::files::multi::Multi;
use khsum::files::walk::{Exclude, FileId, TreeRules};
use khsum::lists::checkfile::{Encoding, LineFormat, ListParser};
use khsum::lists::update::ListFile;
use khsum::tools::measure::{self, Budget};
use khsum::{Algorithm, Hasher, KeyRule, LineStyle, Params};
use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;

/// One run of khsum.
pub enum Plan {
    Hash(HashPlan),
    /// `--derive-key` with the key material from `--key-file`/`--key-env`.
    Derived(DerivedPlan),
    Check(CheckPlan),
    /// `--format go-h1`: go.sum's `h1:` of module trees and zips.
    GoH1(GoPlan),
    List,
    Bench(BenchPlan),
    Selftest,
    Generate(GenerateWhat),
    Audit(AuditPlan),
}

/// `khsum audit`.
pub struct AuditPlan {
    pub list: PathBuf,
    pub dirs: Vec<PathBuf>,
    /// `-a`.
    pub algorithm: Option<&'static Algorithm>,
    /// The tree rules, less the list and its state (left out once they are known).
    pub rules: TreeRules,
    pub policy: khsum::lists::audit::Policy,
    pub scrub: khsum::lists::audit::Scrub,
    /// `--xattr`.
    pub xattr: bool,
    pub json: bool,
    pub io: Io,
}

/// Hashing (or tagging) inputs.
pub struct HashPlan {
    /// The algorithms, in output order (several: one read, one line each).
    pub algs: Vec<&'static Algorithm>,
    /// Their output lengths, in bytes (how a combined digest is cut up).
    pub lengths: Vec<usize>,
    /// The keyed, configured hasher every input gets a copy of (for several
    /// algorithms, a [`khsum::files::multi::Multi`] of them).
    pub proto: Box<dyn Hasher>,
    /// How its inputs are read.
    pub read: ReadHint,
    pub form: LineFormat,
    /// Lines, JSON records, or the one input's raw digest.
    pub digests: Digests,
    /// The inputs: the arguments (`-` for standard input; `-` alone when none were
    /// given) or an open `--files-from` list.
    pub names: Names,
    /// How to name the inputs again, to count their total size for progress.
    pub recount: Recount,
    pub walk: Walk,
    /// Whether standard input was named or read because no input was named.
    pub stdin: Stdin,
    pub io: Io,
    /// `--update LIST`.
    pub update: Option<UpdatePlan>,
}

/// How inputs are read and progress is shown.
#[derive(Clone, Copy, Debug)]
pub struct Io {
    pub mmap: Mmap,
    pub progress: Progress,
}

/// The inputs named a second time, for the progress total.
#[derive(Clone, Debug)]
pub enum Recount {
    /// The arguments.
    Args(Vec<OsString>),
    /// A `--files-from` list that is a file, read again, with its separator.
    List(PathBuf, u8),
    /// Not possible (names from standard input).
    None,
}

/// `--update LIST`: the list as read, and whether its files are verified too.
pub struct UpdatePlan {
    pub list: ListFile,
    pub existing: Existing,
}

/// What `--update` does with the files the list already names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Existing {
    /// Nothing: they are not read.
    Skip,
    /// Verify them (`--check-existing`).
    Verify,
}

/// A key derived from key material given as a key (`--derive-key` with `--key-file` or
/// `--key-env`): one digest, written without a name (or raw), wiped after use.
pub struct DerivedPlan {
    pub key: zeroize::Zeroizing<Vec<u8>>,
    pub alg: &'static Algorithm,
    pub form: LineFormat,
    pub digests: Digests,
}

/// How standard input came to be read (the legacy `cksum`/`sum` lines print no name for
/// it when no file was named).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stdin {
    Named,
    Implicit,
}

/// What hashing prints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Digests {
    /// One line per input (and algorithm).
    Lines,
    /// One JSON object per input (and algorithm), `--json`.
    Json,
    /// The one input's digest as raw bytes (`--raw`); the legacy checksums' value only,
    /// big-endian (4 bytes for the CRCs, 2 for the sums), as cksum writes it.
    Raw,
}

/// How directory arguments are treated.
#[derive(Clone, Debug)]
pub enum Walk {
    /// Only the arguments themselves (a directory is an error).
    Arguments,
    /// Every regular file below directory arguments, in sorted order, by these rules
    /// (`-r`).
    Recursive(Arc<TreeRules>),
}

impl Walk {
    pub fn rules(&self) -> Option<Arc<TreeRules>> {
        match self {
            Walk::Arguments => None,
            Walk::Recursive(r) => Some(r.clone()),
        }
    }
}

/// Verifying checksum lists.
pub struct CheckPlan {
    /// `-a` (or `--derive-key`): only that algorithm's lines, checked with one prototype.
    pub forced: Option<Forced>,
    /// `-a sha2` or `-a sha3`: only the family's lines, each line's length picking the
    /// member.
    pub family: Option<Family>,
    pub params: Params,
    /// Key material for lines whose label names a keyed algorithm (read before any list).
    pub keys: KeyMaterial,
    pub lists: Vec<OsString>,
    pub report: CheckReport,
    /// JSON records instead of status lines.
    pub json: bool,
    pub io: Io,
    /// `--unlisted DIR`: the trees whose files every list together must name.
    pub unlisted: Option<Unlisted>,
    /// `--expect DIGEST`: the one FILE checked against it (instead of lists).
    pub expect: Option<Expect>,
}

/// `--expect DIGEST FILE`: one file against one digest, checked as a one-line list.
pub struct Expect {
    pub digest: khsum::lists::spelling::Spelled,
    pub file: OsString,
}

/// `--format go-h1 [--prefix MODULE@VERSION] [-r] NAME...`.
pub struct GoPlan {
    pub names: Vec<OsString>,
    pub prefix: Option<String>,
    pub recursive: bool,
    pub no_names: bool,
}

/// The one algorithm a check is limited to, its prototype, and whether what it computes
/// depends on a secret (a key, or `--derive-key`'s key material).
pub struct Forced {
    pub alg: &'static Algorithm,
    pub proto: Box<dyn Hasher>,
    /// How its inputs are read.
    pub read: ReadHint,
    pub secret: bool,
}

/// `check --unlisted DIR...`.
pub struct Unlisted {
    pub dirs: Vec<OsString>,
    pub rules: Arc<TreeRules>,
}

/// What `check` prints and what makes it fail (GNU sha256sum -c's options).
#[derive(Clone, Copy, Debug)]
pub struct CheckReport {
    pub verbosity: Verbosity,
    pub improper: Improper,
    pub missing: Missing,
    pub strictness: Strictness,
}

/// `--quiet`, `--status` or neither.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verbosity {
    /// A line per listed file.
    Every,
    /// Only failures (`--quiet`).
    FailuresOnly,
    /// Nothing on stdout and no summary warnings (`--status`).
    Nothing,
}

/// Improperly formatted lines: counted, or also warned about one by one (`--warn`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Improper {
    Count,
    Warn,
}

/// Listed files that do not exist: a failure, or ignored (`--ignore-missing`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Missing {
    Fail,
    Ignore,
}

/// Whether improper lines alone make the check fail (`--strict`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Strictness {
    Lenient,
    Strict,
}

/// Resolves the command line into a plan, doing every setup step that can fail (thread
/// pool, algorithm parameters, keys) before any input is read.
pub fn resolve(cli: Cli) -> Result<Plan, SetupError> {
    match cli.command {
        Some(Command::Hash(h)) => hash_cmd(h, Need::KeyOptional),
        Some(Command::Tag(h)) => hash_cmd(h, Need::KeyRequired),
        Some(Command::Check(c)) => check(&c.common, &c.verify, &c.key, &c.tree, c.lists),
        Some(Command::List) => Ok(Plan::List),
        Some(Command::Bench(b)) => bench(&b),
        Some(Command::Selftest) => Ok(Plan::Selftest),
        Some(Command::Generate(g)) => Ok(Plan::Generate(g.what)),
        Some(Command::Audit(a)) => audit(a),
        None if cli.check || cli.verify.expect.is_some() => {
            let o = &cli.opts.output;
            // GNU's words and order (cksum.c), then khsum's own hashing options.
            let meaningless = [
                (
                    o.zero,
                    "the --zero option is not supported when verifying checksums",
                ),
                (
                    o.tag,
                    "the --tag option is meaningless when verifying checksums",
                ),
                (
                    o.binary || o.text,
                    "the --binary and --text options are meaningless when verifying checksums",
                ),
                (
                    o.no_names,
                    "the --no-names option is meaningless when verifying checksums",
                ),
                (
                    o.raw,
                    "the --raw option is meaningless when verifying checksums",
                ),
                (
                    o.base64,
                    "the --base64 option is meaningless when verifying checksums",
                ),
                (
                    o.format.is_some() || o.prefix.is_some(),
                    "the --format and --prefix options are meaningless when verifying checksums",
                ),
            ];
            if let Some((_, m)) = meaningless.iter().find(|(given, _)| *given) {
                return Err(usage(m));
            }
            if cli.verify.expect.is_some() && cli.check {
                return Err(usage(
                    "--expect checks one FILE against a digest, -c checks lists: give one of them",
                ));
            }
            if cli.opts.names.files_from.is_some()
                || cli.opts.names.files0_from.is_some()
                || cli.opts.update.update.is_some()
            {
                return Err(SetupError(
                    "--files-from, --files0-from and --update are for hashing, not for -c".into(),
                ));
            }
            let o = &cli.opts;
            check(&o.common, &cli.verify, &o.key, &o.tree, cli.files)
        }
        None => {
            let v = &cli.verify;
            let check_only = [
                (v.ignore_missing, "--ignore-missing"),
                (v.status, "--status"),
                (v.warn, "--warn"),
                (v.quiet, "--quiet"),
                (v.strict, "--strict"),
                (!v.unlisted.is_empty(), "--unlisted"),
            ];
            if let Some((_, flag)) = check_only.iter().find(|(given, _)| *given) {
                return Err(usage(&format!(
                    "the {flag} option is meaningful only when verifying checksums"
                )));
            }
            hash(&cli.opts, cli.files, Need::KeyOptional)
        }
    }
}

/// `khsum hash` and `khsum tag` (one option struct for both; `tag` needs a key).
fn hash_cmd(h: crate::args::HashCmd, need: Need) -> Result<Plan, SetupError> {
    hash(&h.opts, h.files, need)
}

/// A `--key` on the command line gets one line on how keys are given.
fn key_habits(key: &KeyArgs) -> Result<(), SetupError> {
    if key.key.is_some() {
        return Err(SetupError(
            "--key: khsum takes keys from --key-file FILE (raw bytes or hex; '-' reads standard input), --key-env VAR (hex) or --keyed (32 raw bytes on standard input, as b3sum), never on the command line".into(),
        ));
    }
    Ok(())
}

/// `--no-mmap`, `--progress` and `--no-progress`.
fn io(common: &Common) -> Io {
    Io {
        mmap: if common.no_mmap {
            Mmap::Never
        } else {
            Mmap::Auto
        },
        progress: if common.no_progress {
            Progress::Never
        } else if common.progress {
            Progress::Always
        } else {
            Progress::OnTerminal
        },
    }
}

/// The tree rules of `-r` or `--unlisted`; `skip` are files to leave out (the output,
/// a list being updated or checked).
fn tree_rules(t: &TreeArgs, skip: Vec<FileId>) -> Result<TreeRules, SetupError> {
    Ok(TreeRules {
        exclude: if t.exclude.is_empty() {
            None
        } else {
            Some(Exclude::new(&t.exclude).map_err(|e| {
                SetupError(match e.glob {
                    Some(g) => format!("invalid --exclude glob '{g}': {}", e.reason),
                    None => format!("invalid --exclude glob: {}", e.reason),
                })
            })?)
        },
        max_depth: t.max_depth,
        one_file_system: t.one_file_system,
        follow: t.follow,
        no_dereference: t.no_dereference,
        skip,
    })
}

/// Whether any option of a directory walk other than `-r` was given.
fn walk_options(t: &TreeArgs) -> bool {
    !t.exclude.is_empty() || t.max_depth.is_some() || t.one_file_system || t.follow
}

/// Whether the subcommand requires a key (`tag`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Need {
    KeyOptional,
    KeyRequired,
}

/// The flag combinations of hashing, as plain values: what [`hash_flags`] judges.
#[derive(Clone, Copy, Debug, Default)]
struct HashFlags {
    /// More than one `-a`.
    several: bool,
    /// FILE arguments given.
    files: usize,
    /// The FILE arguments read standard input (none given, or `-`).
    files_read_stdin: bool,
    /// `--files-from`/`--files0-from` given, and whether it is standard input.
    list: Option<bool>,
    /// A key given, and the option that reads it from standard input, if one does
    /// (`--key-file -`, `--keyed`).
    key: Option<Option<&'static str>>,
    recursive: bool,
    /// `--exclude`, `--max-depth`, `--one-file-system` or `-L`.
    walk_options: bool,
    raw: bool,
    json: bool,
    tag: bool,
    /// `--untagged`, `-z`, `--no-names`, `--base64`, `-b` or `-t`.
    line_options: bool,
    derive: bool,
    update: bool,
}

impl HashFlags {
    fn of(a: &HashOptions, files: &[OsString]) -> HashFlags {
        let o = &a.output;
        let list = a.names.files_from.as_ref().or(a.names.files0_from.as_ref());
        let source = KeySource::from_args(&a.key);
        HashFlags {
            several: a.common.algorithm.len() > 1,
            files: files.len(),
            files_read_stdin: reads_stdin(files),
            list: list.map(|p| p.as_os_str() == "-"),
            key: source.is_some().then(|| source.stdin_option()),
            recursive: a.tree.recursive,
            walk_options: walk_options(&a.tree),
            raw: o.raw,
            json: a.common.json,
            tag: o.tag,
            line_options: o.untagged || o.zero || o.no_names || o.base64 || o.binary || o.text,
            derive: a.key.derive_key.is_some(),
            update: a.update.update.is_some(),
        }
    }
}

/// Refuses the flag combinations hashing cannot honour, before anything is read (a pure
/// function of the flags, table-tested).
fn hash_flags(f: &HashFlags) -> Result<(), SetupError> {
    let fail = |m: &str| Err(SetupError(m.into()));
    let stdin_data = match f.list {
        Some(list_on_stdin) => list_on_stdin,
        None => f.files_read_stdin,
    };
    if let Some(Some(opt)) = f.key
        && stdin_data
    {
        return Err(SetupError(format!(
            "standard input cannot hold both the key ({opt}) and data to hash"
        )));
    }
    if !f.recursive && f.walk_options {
        return fail(
            "--exclude, --max-depth, --one-file-system and -L apply to directory walks: add -r",
        );
    }
    if f.raw && (f.files > 1 || f.recursive || f.list.is_some() || f.several) {
        return fail("--raw writes one digest: give one input and one algorithm (and no -r)");
    }
    if f.json && (f.tag || f.line_options || f.raw) {
        return fail(
            "--json prints records, not lines: it does not combine with --tag, --untagged, -z, --no-names, --base64, -b, -t or --raw",
        );
    }
    if f.derive {
        if f.several {
            return fail("--derive-key is BLAKE3's key derivation: it takes no other -a");
        }
        if f.tag {
            return fail("--derive-key writes derived keys, not tagged lines (--tag)");
        }
        if f.key.is_some() && (f.files > 0 || f.recursive || f.list.is_some()) {
            return fail(
                "--derive-key takes its key material from the key (--key-file or --key-env) or from the FILEs, not both",
            );
        }
        if f.key.is_some() && (f.json || f.update) {
            return fail(
                "--derive-key with a key prints one derived key: --json and --update are for files",
            );
        }
    }
    Ok(())
}

fn hash(a: &HashOptions, files: Vec<OsString>, need: Need) -> Result<Plan, SetupError> {
    key_habits(&a.key)?;
    setup::threads(&a.common)?;
    if a.output.format == Some(Spelling::GoH1) {
        return go_h1(a, files);
    }
    if a.output.prefix.is_some() {
        return Err(SetupError(
            "--prefix names a Go module's files: it is for --format go-h1".into(),
        ));
    }
    let algs = algorithms(&a.common)?;
    let source = KeySource::from_args(&a.key);
    if need == Need::KeyRequired && !source.is_some() {
        return Err(SetupError(format!(
            "tag needs a key: --key-file FILE or --key-env VAR ({} takes {})",
            algs[0].name,
            describe_key(algs[0])
        )));
    }
    hash_flags(&HashFlags::of(a, &files))?;
    let (proto, lengths) = match &a.key.derive_key {
        Some(context) => {
            let derive = derive_key(algs[0], context, &setup::params(&a.common, Some(algs[0]))?)?;
            spelling_fits(a, &algs, &[derive.0.output_len()])?;
            if source.is_some() {
                return derived(algs[0], &*derive.0, &source, &a.output);
            }
            let len = derive.0.output_len();
            (derive, vec![len])
        }
        None => prototype(&algs, &a.common, &source)?,
    };
    spelling_fits(a, &algs, &lengths)?;
    // Keyed tags say so in their label (`BLAKE3-KEYED`), and `tag` writes labelled lines
    // unless told otherwise: a list of them checked without the key asks for the key.
    // b3sum's `--keyed` keeps b3sum's lines.
    let form = Form {
        keyed: source.is_some() && !a.key.keyed,
        tag_by_default: need == Need::KeyRequired,
    };
    hash_plan(a, files, algs, lengths, proto, form)
}

/// `--format`: refused where the spelling is not defined for an algorithm's digest, with
/// options it contradicts (`--tag` for a spelling that names the algorithm, `--json`,
/// another `--base64`).
fn spelling_fits(
    a: &HashOptions,
    algs: &[&'static Algorithm],
    lengths: &[usize],
) -> Result<(), SetupError> {
    let Some(f) = a.output.format else {
        return Ok(());
    };
    let e = encoding(&a.output);
    let name = e.name();
    if a.output.base64 && e != Encoding::Base64 {
        return Err(SetupError(format!(
            "--base64 is --format base64: it does not combine with --format {name}"
        )));
    }
    if a.common.json && f != Spelling::Hex {
        return Err(SetupError(format!(
            "--json records hold hex digests: --format {name} does not apply"
        )));
    }
    if a.output.tag && e.names_algorithm() {
        return Err(SetupError(format!(
            "--format {name} names the algorithm in the digest: it does not combine with --tag"
        )));
    }
    use khsum::lists::spelling::Undefined;
    for (&alg, &len) in algs.iter().zip(lengths) {
        match e.check(alg, len) {
            Ok(()) => {}
            Err(Undefined::NoName { named, .. }) => {
                return Err(SetupError(format!(
                    "--format {name} is not defined for {}: it names {} only",
                    alg.name,
                    khsum::lists::verify::or_list(&named)
                )));
            }
            Err(Undefined::Length { len, .. }) => {
                return Err(SetupError(format!(
                    "--format {name} names {} at its {}-bit length only, not {} bits",
                    alg.name,
                    8 * alg.output.default_len(),
                    8 * len
                )));
            }
        }
    }
    Ok(())
}

/// `--format go-h1`: go.sum's `h1:` of each module tree (`-r`, with `--prefix`) or zip.
fn go_h1(a: &HashOptions, files: Vec<OsString>) -> Result<Plan, SetupError> {
    let o = &a.output;
    let others = !a.common.algorithm.is_empty()
        || a.common.length.is_some()
        || a.common.json
        || o.tag
        || o.base64
        || o.zero
        || o.binary
        || o.text
        || a.key.derive_key.is_some()
        || KeySource::from_args(&a.key).is_some()
        || a.names.files_from.is_some()
        || a.names.files0_from.is_some()
        || a.update.update.is_some()
        || walk_options(&a.tree);
    if others {
        return Err(SetupError(
            "--format go-h1 is go.sum's SHA-256 of a module's files: it takes -r, --prefix and --no-names only".into(),
        ));
    }
    if files.is_empty() {
        return Err(SetupError(
            "--format go-h1 hashes module trees (-r DIR, with --prefix MODULE@VERSION) and module zips: name them".into(),
        ));
    }
    if a.tree.recursive && o.prefix.is_none() {
        return Err(SetupError(
            "--format go-h1 -r: give the module's --prefix MODULE@VERSION (go.sum hashes its files under it)".into(),
        ));
    }
    Ok(Plan::GoH1(GoPlan {
        names: files,
        prefix: o.prefix.clone(),
        recursive: a.tree.recursive,
        no_names: o.no_names,
    }))
}

/// How keys shape the lines of a hashing run.
#[derive(Clone, Copy)]
struct Form {
    /// A key is given (not through b3sum's `--keyed`): labels are the keyed ones.
    keyed: bool,
    /// `khsum tag`: BSD-style lines unless `--untagged`.
    tag_by_default: bool,
}

/// `--derive-key` with the key material from `--key-file`/`--key-env`: the one derived
/// key, computed now into memory that is wiped when dropped.
fn derived(
    alg: &'static Algorithm,
    derive: &dyn Hasher,
    source: &KeySource,
    output: &OutputArgs,
) -> Result<Plan, SetupError> {
    let material = source.load_material()?;
    let mut key = zeroize::Zeroizing::new(vec![0u8; derive.output_len()]);
    derive.digest_whole_into(material.bytes(), &mut key)?;
    Ok(Plan::Derived(DerivedPlan {
        key,
        alg,
        form: LineFormat {
            no_names: true,
            ..line_format(output)
        },
        digests: if output.raw {
            Digests::Raw
        } else {
            Digests::Lines
        },
    }))
}

/// A prototype hasher and how its inputs are read.
type Prototype = (Box<dyn Hasher>, ReadHint);

/// The keyed, configured hasher every input gets a copy of: one algorithm's, or a
/// [`Multi`] of several (one read, one digest each), with how its inputs are read and each
/// algorithm's output length.
/// A MAC without a key gets a note on stderr: its output is a fingerprint under the
/// all-zero key.
fn prototype(
    algs: &[&'static Algorithm],
    common: &Common,
    source: &KeySource,
) -> Result<(Prototype, Vec<usize>), SetupError> {
    let mut protos = Vec::new();
    let mut read = Multi::READ;
    for &alg in algs {
        let params = setup::params(common, Some(alg))?;
        let key = source.load(alg)?;
        protos.push(setup::prototype(alg, &key, &params)?);
        read = alg.read_hint(key.as_ref(), &params);
        // A keyed tag of an algorithm that takes a nonce (LeMac), made without one: the
        // all-zero nonce for every file of the run and every line of a list, so the tag is
        // a deterministic MAC of the file, which is what file lists need (a list records no
        // nonce, and checking recomputes the same tag), secure to the birthday bound in
        // the number of messages tagged under one key where unique nonces give more. A
        // note, not an error: lemacsum-style use and scripts keep working, and errors
        // would push users to random nonces, which a list cannot record; `--nonce 0` says
        // the fixed nonce is meant and silences it.
        if alg.nonce && source.is_some() && params.nonce.is_none() {
            crate::report::warn(&format!(
                "note: {} without --nonce uses the all-zero nonce for every file: the tags are a deterministic MAC (say --nonce 0 to mean it, or give a nonce)",
                alg.name
            ));
        }
        // Said every time, not only on a terminal: a script's log shows that these
        // digests authenticate nothing.
        if alg.needs_key() && !source.is_some() {
            crate::report::warn(&format!(
                "note: no key given: {} uses the all-zero key, so its output is a fingerprint, not a MAC (a key: --key-file or --key-env)",
                alg.name
            ));
        }
    }
    let lengths = protos.iter().map(|p| p.output_len()).collect();
    let proto: Prototype = match protos.len() {
        1 => (protos.pop().expect("one algorithm"), read),
        _ => (Box::new(Multi::new(protos)), Multi::READ),
    };
    Ok((proto, lengths))
}

/// The hashing plan around a built prototype: line form, `--update`, the walk and the
/// inputs.
fn hash_plan(
    a: &HashOptions,
    files: Vec<OsString>,
    algs: Vec<&'static Algorithm>,
    lengths: Vec<usize>,
    (proto, read): Prototype,
    keys: Form,
) -> Result<Plan, SetupError> {
    let HashOptions {
        common,
        output,
        tree,
        names,
        update,
        ..
    } = a;
    let list = match (&names.files_from, &names.files0_from) {
        (Some(p), _) => Some((p.clone(), b'\n', "--files-from")),
        (None, Some(p)) => Some((p.clone(), b'\0', "--files0-from")),
        (None, None) => None,
    };
    let stdin = if files.is_empty() && list.is_none() {
        Stdin::Implicit
    } else {
        Stdin::Named
    };
    let form = LineFormat {
        // Several algorithms (and `tag`, and Rescue Prime: `Algorithm::tagged_lines`):
        // tagged lines unless --untagged, so the list names them.
        tag: output.tag
            || ((algs.len() > 1 || keys.tag_by_default || algs.iter().any(|a| a.tagged_lines))
                && !output.untagged
                && !encoding(output).names_algorithm()),
        keyed: keys.keyed,
        ..line_format(output)
    };
    let update = match &update.update {
        None => None,
        Some(path) => Some(update_plan(
            path,
            update.check_existing,
            &algs,
            common,
            output,
            &files,
            list.is_some(),
        )?),
    };
    let walk = walk(tree, update.as_ref())?;
    let (names, recount) = match list {
        Some((path, sep, opt)) => {
            let open = NameList::open(&path, sep).map_err(|e| SetupError(format!("{opt} {e}")))?;
            let recount = if path.as_os_str() == "-" {
                Recount::None
            } else {
                Recount::List(path, sep)
            };
            (Names::List(open), recount)
        }
        None => {
            let files = inputs(files);
            (Names::Args(files.clone()), Recount::Args(files))
        }
    };
    Ok(Plan::Hash(HashPlan {
        algs,
        lengths,
        proto,
        read,
        form,
        digests: if output.raw {
            Digests::Raw
        } else if common.json {
            Digests::Json
        } else {
            Digests::Lines
        },
        names,
        recount,
        walk,
        stdin,
        io: io(common),
        update,
    }))
}

/// `-r`'s walk (or none). A list never lists itself: the output file and the list being
/// updated are left out of the trees.
fn walk(tree: &TreeArgs, update: Option<&UpdatePlan>) -> Result<Walk, SetupError> {
    if !tree.recursive {
        return Ok(Walk::Arguments);
    }
    let mut skip: Vec<FileId> = FileId::of_stdout().into_iter().collect();
    if let Some(u) = update {
        skip.extend(FileId::of_path(u.list.path()));
    }
    Ok(Walk::Recursive(Arc::new(tree_rules(tree, skip)?)))
}

/// How hash lines are written (as typed; several algorithms tag them by default).
fn line_format(output: &OutputArgs) -> LineFormat {
    LineFormat {
        tag: output.tag,
        zero: output.zero,
        no_names: output.no_names,
        binary: output.binary,
        encoding: encoding(output),
        keyed: false,
    }
}

/// How digests are written: `--format`, else `--base64`, else hex.
fn encoding(output: &OutputArgs) -> Encoding {
    match output.format {
        None if output.base64 => Encoding::Base64,
        None | Some(Spelling::Hex | Spelling::GoH1) => Encoding::Hex,
        Some(Spelling::Base64) => Encoding::Base64,
        Some(Spelling::Sri) => Encoding::Sri,
        Some(Spelling::Oci) => Encoding::Oci,
        Some(Spelling::Nix32) => Encoding::Nix32,
    }
}

/// `--derive-key CONTEXT`: the algorithm's key-derivation mode (BLAKE3's), whose input
/// is key material, and how its inputs are read.
fn derive_key(
    alg: &'static Algorithm,
    context: &str,
    params: &Params,
) -> Result<Prototype, SetupError> {
    match alg.derive_hasher(context, params) {
        Some(h) => Ok((h?, alg.derive_read_hint())),
        None => Err(SetupError(format!(
            "--derive-key is BLAKE3's key derivation: it does not apply to {}",
            alg.name
        ))),
    }
}

/// `-a`: one algorithm or several (no repeats; the legacy checksums, whose lines name no
/// algorithm, alone); a family (`-a sha2`) is the member `--length` names.
fn algorithms(common: &Common) -> Result<Vec<&'static Algorithm>, SetupError> {
    let mut algs: Vec<&'static Algorithm> = Vec::new();
    for &named in &common.algorithm {
        let a = match named {
            Named::One(a) => a,
            Named::Family(f) => f.member(common.length.as_deref())?,
        };
        if algs.contains(&a) {
            return Err(SetupError(format!("-a names {} twice", a.name)));
        }
        algs.push(a);
    }
    if algs.is_empty() {
        algs.push(Algorithm::default_algorithm());
    }
    if algs.len() > 1
        && let Some(a) = algs.iter().find(|a| a.line != LineStyle::Hex)
    {
        return Err(SetupError(format!(
            "{} lines name no algorithm: it cannot be combined with other algorithms in one run",
            a.name
        )));
    }
    Ok(algs)
}

/// `--update LIST [--check-existing]`: the list read now, so that a file that is not a
/// checksum list of these algorithms stops the run before any work.
fn update_plan(
    path: &std::path::Path,
    check_existing: bool,
    algs: &[&'static Algorithm],
    common: &Common,
    output: &OutputArgs,
    files: &[OsString],
    from_list: bool,
) -> Result<UpdatePlan, SetupError> {
    if common.json || output.raw || output.zero || output.no_names {
        return Err(SetupError(
            "--update appends lines: it does not combine with --json, --raw, -z or --no-names"
                .into(),
        ));
    }
    if (files.is_empty() && !from_list) || files.iter().any(|f| f == "-") {
        return Err(SetupError(
            "--update hashes files, not standard input: name files or directories".into(),
        ));
    }
    // Untagged lines added to SHA256SUMS must be SHA-256 lines.
    let shown = khsum::files::names::path_bytes(path);
    if let [alg] = algs
        && let Some(named) = Algorithm::from_list_name(&shown)
        && named != *alg
    {
        return Err(SetupError(format!(
            "{}: the list's name says its lines are {n}: add them with -a {n} (list not changed)",
            khsum::files::names::quote(&shown),
            n = named.name
        )));
    }
    let what = algs.iter().map(|a| a.name).collect::<Vec<_>>().join(" or ");
    let parser = if let [alg] = algs {
        ListParser::new(Some(alg), setup::params(common, Some(alg))?.out_len)
    } else {
        ListParser::new(None, None)
    };
    let list = ListFile::read(path, parser, &|a| algs.contains(&a), &what)
        .map_err(|e| SetupError(setup::list_error(&e, "--update")))?;
    Ok(UpdatePlan {
        list,
        existing: if check_existing {
            Existing::Verify
        } else {
            Existing::Skip
        },
    })
}

/// A usage error in GNU's form: the message, then `Try 'khsum --help' for more
/// information.` (exit 2).
fn usage(message: &str) -> SetupError {
    SetupError(format!("{message}\n{}", crate::setup::TRY_HELP))
}

fn describe_key(alg: &Algorithm) -> String {
    match alg.key {
        KeyRule::None => "no key".into(),
        KeyRule::Fixed(n) => format!("a {n}-byte key"),
        KeyRule::Any => "a key of any length".into(),
        KeyRule::SameAsMessage => "a key as long as the message".into(),
    }
}

/// What `-a` limits a check to (one algorithm, a family, or nothing: every line by its
/// label or content; `--seek` alone: BLAKE3 lines, as b3sum reads them), and the
/// parameters lines are checked with.
fn check_algorithm(
    common: &Common,
) -> Result<(Option<&'static Algorithm>, Option<Family>, Params), SetupError> {
    // `-a sha2`/`-a sha3`: each line's length picks the member, as GNU reads them (a
    // `--length` must still be one of the family's).
    let (forced_alg, family) = match common.algorithm[..] {
        [] if common.seek.is_some() => (Some(Algorithm::default_algorithm()), None),
        [] => (None, None),
        [Named::One(a)] => (Some(a), None),
        [Named::Family(f)] => {
            if let Some(text) = &common.length {
                f.member(Some(text))?;
            }
            (None, Some(f))
        }
        _ => {
            return Err(SetupError(
                "check takes one -a algorithm (lists of several algorithms need none: their tagged lines name them)".into(),
            ));
        }
    };
    let params = match family {
        // The family's lines carry their length; `--length` only had to be valid.
        Some(_) => Params {
            out_len: None,
            ..setup::params(common, None)?
        },
        None => setup::params(common, forced_alg)?,
    };
    Ok((forced_alg, family, params))
}

fn check(
    common: &Common,
    verify: &VerifyArgs,
    key: &KeyArgs,
    tree: &TreeArgs,
    lists: Vec<OsString>,
) -> Result<Plan, SetupError> {
    key_habits(key)?;
    if let Some(m) = crate::suggest::digest_for_a_list(&lists) {
        return Err(SetupError(m));
    }
    if tree.recursive {
        return Err(SetupError(
            "-r is for hashing; to find files a list does not name, use --unlisted DIR".into(),
        ));
    }
    if verify.unlisted.is_empty() && walk_options(tree) {
        return Err(SetupError(
            "--exclude, --max-depth, --one-file-system and -L apply to directory walks: in check, to --unlisted DIR".into(),
        ));
    }
    setup::threads(common)?;
    let (forced_alg, family, params) = check_algorithm(common)?;
    let source = KeySource::from_args(key);
    if source.uses_stdin() && reads_stdin(&lists) {
        return Err(SetupError(
            "standard input cannot hold both the key (--key-file -) and a list".into(),
        ));
    }
    // With -a, the key is loaded and checked once, for that algorithm; without, it is
    // read once here and decoded for each labelled algorithm as lines name them.
    let (forced, keys) = match (&key.derive_key, forced_alg) {
        (Some(_), _) if let Some(f) = family => {
            return Err(SetupError(format!(
                "--derive-key is BLAKE3's key derivation: it does not apply to {}",
                f.name()
            )));
        }
        (Some(context), a) => {
            // b3sum -c --derive-key: the listed files are key material, their digests
            // derived keys.
            if source.is_some() {
                return Err(SetupError(
                    "--derive-key checks lists of derived keys: the listed files are the key material, so it takes no --key-file or --key-env".into(),
                ));
            }
            let alg = a.unwrap_or_else(Algorithm::default_algorithm);
            let (proto, read) = derive_key(alg, context, &params)?;
            let secret = true;
            let forced = Forced {
                alg,
                proto,
                read,
                secret,
            };
            (Some(forced), KeyMaterial::None)
        }
        (None, Some(alg)) => {
            let key = source.load(alg)?;
            let proto = setup::prototype(alg, &key, &params)?;
            let read = alg.read_hint(key.as_ref(), &params);
            let secret = key.is_some();
            let forced = Forced {
                alg,
                proto,
                read,
                secret,
            };
            (Some(forced), KeyMaterial::None)
        }
        (None, None) => (None, source.read()?),
    };
    let expect = expect(verify, &lists)?;
    let lists = inputs(lists);
    let unlisted = unlisted(verify, tree, &lists)?;
    Ok(Plan::Check(CheckPlan {
        forced,
        family,
        params,
        keys,
        lists,
        json: common.json,
        io: io(common),
        unlisted,
        report: check_report(verify),
        expect,
    }))
}

/// `--unlisted DIR…`: the directories and the tree rules they are walked by; the lists
/// themselves and the output are not files a list must name.
fn unlisted(
    verify: &VerifyArgs,
    tree: &TreeArgs,
    lists: &[OsString],
) -> Result<Option<Unlisted>, SetupError> {
    if verify.unlisted.is_empty() {
        return Ok(None);
    }
    let mut skip: Vec<FileId> = FileId::of_stdout().into_iter().collect();
    skip.extend(
        lists
            .iter()
            .filter(|l| *l != "-")
            .filter_map(|l| FileId::of_path(std::path::Path::new(l))),
    );
    Ok(Some(Unlisted {
        dirs: verify.unlisted.clone(),
        rules: Arc::new(tree_rules(tree, skip)?),
    }))
}

/// `--expect DIGEST FILE`: the digest read (a usage error names the spellings it takes)
/// and the one FILE.
fn expect(verify: &VerifyArgs, files: &[OsString]) -> Result<Option<Expect>, SetupError> {
    let Some(text) = &verify.expect else {
        return Ok(None);
    };
    use khsum::lists::spelling::Malformed;
    let digest = khsum::lists::spelling::parse(text).map_err(|m| {
        let why = match m {
            Malformed::Empty => "it is empty".to_string(),
            Malformed::UnknownName(n) => format!("no digest spelling names an algorithm '{n}'"),
            Malformed::BadData { alg, data } => format!(
                "'{data}' is not a {} digest in a form that spelling takes",
                alg.name
            ),
            Malformed::NotADigest(_) => "it is not a digest".to_string(),
        };
        usage(&format!(
            "invalid digest for --expect '{text}': {why}; give hex or base64 (the algorithm found as -c finds it), ALG:HEX (sha256:…, as OCI and pip write it), SRI ALG-BASE64 (sha384-…; several: the strongest decides) or Nix's ALG:NIX32"
        ))
    })?;
    let [file] = files else {
        return Err(usage("--expect checks one FILE: name exactly one"));
    };
    if !verify.unlisted.is_empty() {
        return Err(usage("--expect checks one FILE: --unlisted is for lists"));
    }
    Ok(Some(Expect {
        digest,
        file: file.clone(),
    }))
}

/// Resolves `khsum audit`'s options.
fn audit(a: crate::args::AuditCmd) -> Result<Plan, SetupError> {
    use khsum::lists::audit::{Policy, Scrub};
    setup::threads(&Common {
        threads: a.threads,
        ..Common::default()
    })?;
    if let Some(alg) = a.algorithm
        && (alg.needs_key() || alg.line != LineStyle::Hex)
    {
        return Err(SetupError(format!(
            "audit keeps digests of content: {} is not a hash it can list (it needs a key, or prints no digest)",
            alg.name
        )));
    }
    let scrub = match &a.scrub {
        None => Scrub::Off,
        Some(s) => scrub(s)?,
    };
    if a.xattr && !khsum::lists::xattr::SUPPORTED {
        return Err(SetupError(
            "--xattr: this system has no extended attributes khsum can use".into(),
        ));
    }
    let policy = Policy {
        update: a.update,
        accept: a
            .accept
            .iter()
            .map(|p| {
                let b = khsum::files::names::path_bytes(std::path::Path::new(p));
                khsum::lists::update::normalize(&b).into_owned()
            })
            .collect(),
        prune: a.prune,
        dry_run: a.dry_run,
    };
    let common = Common {
        json: a.json,
        no_mmap: a.no_mmap,
        progress: a.progress,
        no_progress: a.no_progress,
        ..Common::default()
    };
    let skip = FileId::of_stdout().into_iter().collect();
    Ok(Plan::Audit(AuditPlan {
        list: PathBuf::from(a.list),
        dirs: a.dirs.into_iter().map(PathBuf::from).collect(),
        algorithm: a.algorithm,
        rules: tree_rules(&a.tree, skip)?,
        policy,
        scrub,
        xattr: a.xattr,
        json: a.json,
        io: io(&common),
    }))
}

/// `--scrub 8%` (a share of the unchanged files) or `--scrub 2G` (a byte budget).
fn scrub(s: &str) -> Result<khsum::lists::audit::Scrub, SetupError> {
    use khsum::lists::audit::Scrub;
    let bad = || {
        SetupError(format!(
            "invalid --scrub '{s}': a percentage (8%) or a byte budget (500M, 2G)"
        ))
    };
    if let Some(p) = s.trim().strip_suffix('%') {
        let p: f64 = p.trim().parse().map_err(|_| bad())?;
        if !(0.0..=100.0).contains(&p) {
            return Err(bad());
        }
        return Ok(Scrub::Percent(p));
    }
    let t = s.trim().to_ascii_lowercase();
    let t = t.strip_suffix("ib").or(t.strip_suffix('b')).unwrap_or(&t);
    let (num, shift) = match t.char_indices().last() {
        Some((i, 'k')) => (&t[..i], 10),
        Some((i, 'm')) => (&t[..i], 20),
        Some((i, 'g')) => (&t[..i], 30),
        Some((i, 't')) => (&t[..i], 40),
        _ => (t, 0),
    };
    let n: u64 = num.trim().parse().map_err(|_| bad())?;
    n.checked_mul(1 << shift).map(Scrub::Bytes).ok_or_else(bad)
}

const DEFAULT_SIZES: [usize; 4] = [64, 1024, 64 * 1024, 1 << 20];

/// What `khsum bench` measures and how it reports it.
pub struct BenchPlan {
    /// Algorithm, backend, message size, and whether keyed ([`measure::keyings`]).
    pub cases: Vec<(&'static Algorithm, Backend, usize, bool)>,
    pub budget: Budget,
    pub format: Format,
    pub plot: Option<std::path::PathBuf>,
    /// `--all-backends`: the plot draws every backend, not only each algorithm's best.
    pub plot_all: bool,
    pub threads: Option<usize>,
}

/// The report's form.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Table,
    Json,
    Csv,
}

/// Resolves `khsum bench`'s options.
fn bench(cmd: &BenchCmd) -> Result<Plan, SetupError> {
    let algs: Vec<&'static Algorithm> = if cmd.algorithms.is_empty() {
        Algorithm::all().iter().collect()
    } else {
        cmd.algorithms.clone()
    };
    if cmd.threads == Some(0) {
        return Err(SetupError("--threads must be at least 1".into()));
    }
    let wanted: Vec<Backend> = cmd
        .backends
        .iter()
        .map(|n| {
            Backend::from_name(n).ok_or_else(|| {
                let all: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
                SetupError(format!(
                    "unknown backend '{n}' (one of: {})",
                    all.join(", ")
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    let sizes: Vec<usize> = if cmd.sizes.is_empty() {
        DEFAULT_SIZES.to_vec()
    } else {
        cmd.sizes
            .iter()
            .map(|s| measure::parse_size(s).map_err(SetupError))
            .collect::<Result<_, _>>()?
    };
    let mut cases = Vec::new();
    for &a in &algs {
        for &keyed in measure::keyings(a) {
            for b in a.available_backends() {
                if !wanted.is_empty() && !wanted.contains(&b) {
                    continue;
                }
                for &s in &sizes {
                    if measure::size_applies(a, s) {
                        cases.push((a, b, s, keyed));
                    }
                }
            }
        }
    }
    if cases.is_empty() {
        return Err(SetupError(
            "nothing to measure: no available backend and size fit the selection".into(),
        ));
    }
    Ok(Plan::Bench(BenchPlan {
        cases,
        budget: if cmd.quick {
            Budget::QUICK
        } else {
            Budget::DEFAULT
        },
        format: if cmd.json {
            Format::Json
        } else if cmd.csv {
            Format::Csv
        } else {
            Format::Table
        },
        plot: cmd.plot.clone(),
        plot_all: cmd.all_backends,
        threads: cmd.threads,
    }))
}

/// What `check` prints and what makes it fail, from GNU's options.
fn check_report(verify: &VerifyArgs) -> CheckReport {
    CheckReport {
        verbosity: if verify.status {
            Verbosity::Nothing
        } else if verify.quiet {
            Verbosity::FailuresOnly
        } else {
            Verbosity::Every
        },
        improper: if verify.warn {
            Improper::Warn
        } else {
            Improper::Count
        },
        missing: if verify.ignore_missing {
            Missing::Ignore
        } else {
            Missing::Fail
        },
        strictness: if verify.strict {
            Strictness::Strict
        } else {
            Strictness::Lenient
        },
    }
}

/// The FILE arguments, or `-` when there are none.
fn inputs(files: Vec<OsString>) -> Vec<OsString> {
    if files.is_empty() {
        vec![OsString::from("-")]
    } else {
        files
    }
}

/// Whether the arguments read standard input (none given, or `-`).
fn reads_stdin(files: &[OsString]) -> bool {
    files.is_empty() || files.iter().any(|f| f == "-")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One file named, nothing else.
    const OK: HashFlags = HashFlags {
        several: false,
        files: 1,
        files_read_stdin: false,
        list: None,
        key: None,
        recursive: false,
        walk_options: false,
        raw: false,
        json: false,
        tag: false,
        line_options: false,
        derive: false,
        update: false,
    };

    /// Every refusal of [`hash_flags`], and combinations it lets through.
    const CASES: &[(HashFlags, Option<&str>)] = &[
        (OK, None),
        (
            HashFlags {
                files_read_stdin: true,
                key: Some(None),
                ..OK
            },
            None,
        ),
        (
            HashFlags {
                files_read_stdin: true,
                key: Some(Some("--key-file -")),
                ..OK
            },
            Some("standard input cannot hold both the key (--key-file -) and data to hash"),
        ),
        // A --files-from list decides, not the (absent) arguments.
        (
            HashFlags {
                files_read_stdin: true,
                list: Some(false),
                key: Some(Some("--key-file -")),
                ..OK
            },
            None,
        ),
        (
            HashFlags {
                list: Some(true),
                key: Some(Some("--key-file -")),
                ..OK
            },
            Some("standard input cannot hold both the key (--key-file -) and data to hash"),
        ),
        (
            HashFlags {
                walk_options: true,
                ..OK
            },
            Some(
                "--exclude, --max-depth, --one-file-system and -L apply to directory walks: add -r",
            ),
        ),
        (
            HashFlags {
                walk_options: true,
                recursive: true,
                ..OK
            },
            None,
        ),
        (HashFlags { raw: true, ..OK }, None),
        (
            HashFlags {
                raw: true,
                files: 2,
                ..OK
            },
            Some("--raw writes one digest: give one input and one algorithm (and no -r)"),
        ),
        (
            HashFlags {
                raw: true,
                several: true,
                ..OK
            },
            Some("--raw writes one digest: give one input and one algorithm (and no -r)"),
        ),
        (
            HashFlags {
                raw: true,
                recursive: true,
                ..OK
            },
            Some("--raw writes one digest: give one input and one algorithm (and no -r)"),
        ),
        (
            HashFlags {
                raw: true,
                list: Some(false),
                ..OK
            },
            Some("--raw writes one digest: give one input and one algorithm (and no -r)"),
        ),
        (
            HashFlags {
                json: true,
                several: true,
                ..OK
            },
            None,
        ),
        (
            HashFlags {
                json: true,
                tag: true,
                ..OK
            },
            Some(
                "--json prints records, not lines: it does not combine with --tag, --untagged, -z, --no-names, --base64, -b, -t or --raw",
            ),
        ),
        (
            HashFlags {
                json: true,
                line_options: true,
                ..OK
            },
            Some(
                "--json prints records, not lines: it does not combine with --tag, --untagged, -z, --no-names, --base64, -b, -t or --raw",
            ),
        ),
        (
            HashFlags {
                derive: true,
                json: true,
                ..OK
            },
            None,
        ),
        (
            HashFlags {
                derive: true,
                several: true,
                ..OK
            },
            Some("--derive-key is BLAKE3's key derivation: it takes no other -a"),
        ),
        (
            HashFlags {
                derive: true,
                tag: true,
                ..OK
            },
            Some("--derive-key writes derived keys, not tagged lines (--tag)"),
        ),
        (
            HashFlags {
                derive: true,
                key: Some(None),
                ..OK
            },
            Some(
                "--derive-key takes its key material from the key (--key-file or --key-env) or from the FILEs, not both",
            ),
        ),
        (
            HashFlags {
                derive: true,
                key: Some(None),
                files: 0,
                ..OK
            },
            None,
        ),
        (
            HashFlags {
                derive: true,
                key: Some(None),
                files: 0,
                update: true,
                ..OK
            },
            Some(
                "--derive-key with a key prints one derived key: --json and --update are for files",
            ),
        ),
    ];

    #[test]
    fn hash_flag_combinations() {
        for (flags, want) in CASES {
            let got = hash_flags(flags).err().map(|SetupError(m)| m);
            assert_eq!(got.as_deref(), *want, "{flags:?}");
        }
    }
}
