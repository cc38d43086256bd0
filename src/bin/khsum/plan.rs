//! What was typed, resolved once into what to do, before any work: the algorithm, the key
//! (loaded, or for lists read once and decoded per algorithm without further I/O), the
//! output form, the inputs and the check options, as typed values. The runners (`hash`,
//! `check`, `bench`) take a plan and never see clap's structs or loose boolean flags, as
//! ripgrep turns its low-level arguments into high-level ones.

use crate::args::{BenchCmd, Cli, Command, Common, GenerateWhat, KeyArgs, OutputArgs, VerifyArgs};
use crate::setup::{self, KeyMaterial, KeySource, SetupError};
use khsum::checkfile::{Encoding, LineFormat};
use khsum::{Algorithm, Hasher, KeyRule, Params};
use std::ffi::OsString;
use std::io::IsTerminal;

/// One run of khsum.
pub enum Plan {
    Hash(HashPlan),
    /// `--derive-key` with the key material from `--key-file`/`--key-env`.
    Derived(DerivedPlan),
    Check(CheckPlan),
    List,
    Bench(crate::bench::BenchPlan),
    Selftest,
    Generate(GenerateWhat),
}

/// Hashing (or tagging) inputs.
pub struct HashPlan {
    pub alg: &'static Algorithm,
    /// The keyed, configured hasher every input gets a copy of.
    pub proto: Box<dyn Hasher>,
    pub form: LineFormat,
    /// Lines, or the one input's raw digest.
    pub digests: Digests,
    /// The inputs as given (`-` for standard input; `-` alone when none were given).
    pub inputs: Vec<OsString>,
    pub walk: Walk,
    /// Whether standard input was named or read because no input was named.
    pub stdin: Stdin,
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
    /// One line per input.
    Lines,
    /// The one input's digest as raw bytes (`--raw`); the legacy checksums' value only,
    /// big-endian (4 bytes for the CRCs, 2 for the sums), as cksum writes it.
    Raw,
}

/// How directory arguments are treated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Walk {
    /// Only the arguments themselves (a directory is an error).
    Arguments,
    /// Every regular file below directory arguments, in sorted order (`-r`).
    Recursive,
}

/// Verifying checksum lists.
pub struct CheckPlan {
    /// `-a`: only that algorithm's lines, checked with `forced_proto`.
    pub forced: Option<(&'static Algorithm, Box<dyn Hasher>)>,
    pub params: Params,
    /// Key material for lines whose label names a keyed algorithm (read before any list).
    pub keys: KeyMaterial,
    pub lists: Vec<OsString>,
    pub report: CheckReport,
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
        Some(Command::Hash(h)) => hash(
            &h.common,
            &h.output,
            &h.key,
            h.recursive,
            h.files,
            Need::KeyOptional,
        ),
        Some(Command::Tag(h)) => hash(
            &h.common,
            &h.output,
            &h.key,
            h.recursive,
            h.files,
            Need::KeyRequired,
        ),
        Some(Command::Check(c)) => check(&c.common, &c.verify, &c.key, c.lists),
        Some(Command::List) => Ok(Plan::List),
        Some(Command::Bench(b)) => bench(&b),
        Some(Command::Selftest) => Ok(Plan::Selftest),
        Some(Command::Generate(g)) => Ok(Plan::Generate(g.what)),
        None if cli.check => {
            let o = &cli.output;
            if o.tag || o.zero || o.no_names || o.binary || o.text || cli.recursive {
                return Err(SetupError(
                    "--tag, -z, --no-names, -b, -t and -r are for hashing, not for -c".into(),
                ));
            }
            check(&cli.common, &cli.verify, &cli.key, cli.files)
        }
        None => {
            let v = &cli.verify;
            if v.quiet || v.status || v.strict || v.warn || v.ignore_missing {
                return Err(SetupError(
                    "--quiet, --status, --strict, --warn and --ignore-missing are meaningful only when verifying checksums (-c)".into(),
                ));
            }
            hash(
                &cli.common,
                &cli.output,
                &cli.key,
                cli.recursive,
                cli.files,
                Need::KeyOptional,
            )
        }
    }
}

/// Whether the subcommand requires a key (`tag`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Need {
    KeyOptional,
    KeyRequired,
}

fn hash(
    common: &Common,
    output: &OutputArgs,
    key: &KeyArgs,
    recursive: bool,
    files: Vec<OsString>,
    need: Need,
) -> Result<Plan, SetupError> {
    setup::threads(common)?;
    let alg = common
        .algorithm
        .unwrap_or_else(Algorithm::default_algorithm);
    let params = setup::params(common, Some(alg))?;
    let source = KeySource::from_args(key);
    if need == Need::KeyRequired && !source.is_some() {
        return Err(SetupError(format!(
            "tag needs a key: --key-file FILE or --key-env VAR ({} takes {})",
            alg.name,
            describe_key(alg)
        )));
    }
    if source.uses_stdin() && reads_stdin(&files) {
        return Err(SetupError(
            "standard input cannot hold both the key (--key-file -) and data to hash".into(),
        ));
    }
    if output.raw && (files.len() > 1 || recursive) {
        return Err(SetupError(
            "--raw writes one digest: give one input (and no -r)".into(),
        ));
    }
    let proto = match &key.derive_key {
        Some(context) => {
            let derive = derive_key(alg, context, &params)?;
            if output.tag {
                return Err(SetupError(
                    "--derive-key writes derived keys, not tagged lines (--tag)".into(),
                ));
            }
            if source.is_some() {
                if !files.is_empty() || recursive {
                    return Err(SetupError(
                        "--derive-key takes its key material from the key (--key-file or --key-env) or from the FILEs, not both".into(),
                    ));
                }
                let material = source.load_material()?;
                return Ok(Plan::Derived(DerivedPlan {
                    key: zeroize::Zeroizing::new(derive.digest_whole(material.bytes())?),
                    alg,
                    form: line_format(output),
                    digests: digests(output),
                }));
            }
            derive
        }
        None => setup::prototype(alg, &source.load(alg)?, &params)?,
    };
    if alg.class == khsum::Class::Mac && !source.is_some() && std::io::stderr().is_terminal() {
        crate::report::warn(&format!(
            "note: no key given: {} uses the all-zero key, so its output is a fingerprint, not a MAC",
            alg.name
        ));
    }
    Ok(Plan::Hash(HashPlan {
        alg,
        proto,
        form: line_format(output),
        digests: digests(output),
        stdin: if files.is_empty() {
            Stdin::Implicit
        } else {
            Stdin::Named
        },
        inputs: inputs(files),
        walk: if recursive {
            Walk::Recursive
        } else {
            Walk::Arguments
        },
    }))
}

/// How hash lines are written.
fn line_format(output: &OutputArgs) -> LineFormat {
    LineFormat {
        tag: output.tag,
        zero: output.zero,
        no_names: output.no_names,
        binary: output.binary,
        encoding: if output.base64 {
            Encoding::Base64
        } else {
            Encoding::Hex
        },
    }
}

fn digests(output: &OutputArgs) -> Digests {
    if output.raw {
        Digests::Raw
    } else {
        Digests::Lines
    }
}

/// `--derive-key CONTEXT`: BLAKE3's key-derivation mode, whose input is key material.
fn derive_key(
    alg: &'static Algorithm,
    context: &str,
    params: &Params,
) -> Result<Box<dyn Hasher>, SetupError> {
    if alg.name != "blake3" {
        return Err(SetupError(format!(
            "--derive-key is BLAKE3's key derivation: it does not apply to {}",
            alg.name
        )));
    }
    Ok(khsum::blake3::derive_key(
        context,
        alg.output_len(params.out_len)?,
    ))
}

fn describe_key(alg: &Algorithm) -> String {
    match alg.key {
        KeyRule::None => "no key".into(),
        KeyRule::Fixed(n) => format!("a {n}-byte key"),
        KeyRule::Any => "a key of any length".into(),
        KeyRule::SameAsMessage => "a key as long as the message".into(),
    }
}

fn check(
    common: &Common,
    verify: &VerifyArgs,
    key: &KeyArgs,
    lists: Vec<OsString>,
) -> Result<Plan, SetupError> {
    setup::threads(common)?;
    let params = setup::params(common, common.algorithm)?;
    let source = KeySource::from_args(key);
    if source.uses_stdin() && reads_stdin(&lists) {
        return Err(SetupError(
            "standard input cannot hold both the key (--key-file -) and a list".into(),
        ));
    }
    // With -a, the key is loaded and checked once, for that algorithm; without, it is
    // read once here and decoded for each labelled algorithm as lines name them.
    let (forced, keys) = match (&key.derive_key, common.algorithm) {
        (Some(context), a) => {
            // b3sum -c --derive-key: the listed files are key material, their digests
            // derived keys.
            if source.is_some() {
                return Err(SetupError(
                    "--derive-key checks lists of derived keys: the listed files are the key material, so it takes no --key-file or --key-env".into(),
                ));
            }
            let a = a.unwrap_or_else(Algorithm::default_algorithm);
            (
                Some((a, derive_key(a, context, &params)?)),
                KeyMaterial::None,
            )
        }
        (None, Some(a)) => {
            let proto = setup::prototype(a, &source.load(a)?, &params)?;
            (Some((a, proto)), KeyMaterial::None)
        }
        (None, None) => (None, source.read()?),
    };
    Ok(Plan::Check(CheckPlan {
        forced,
        params,
        keys,
        lists: inputs(lists),
        report: CheckReport {
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
        },
    }))
}

fn bench(b: &BenchCmd) -> Result<Plan, SetupError> {
    Ok(Plan::Bench(crate::bench::plan(b)?))
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
