//! The khsum command line: parse, call the library, print, map errors to exit codes.
#![forbid(unsafe_code)]

mod args;
mod bench;
mod check;
mod generate;
mod hash;
mod list;
mod report;
mod selftest;
mod setup;

use args::{Cli, Command, Common, KeyArgs, OutputArgs, VerifyArgs};
use clap::Parser;
use khsum::checkfile::LineFormat;
use report::{Status, warn};
use setup::{KeySource, SetupError};
use std::ffi::OsString;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            // clap prints help/version to stdout (exit 0) and errors to stderr (exit 2).
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(s) => s.code(),
        Err(SetupError(m)) => {
            warn(&m);
            Status::Usage.code()
        }
    }
}

fn run(cli: Cli) -> Result<Status, SetupError> {
    match cli.command {
        Some(Command::Hash(h)) => hash(&h.common, &h.output, &h.key, h.recursive, h.files, false),
        Some(Command::Tag(h)) => hash(&h.common, &h.output, &h.key, h.recursive, h.files, true),
        Some(Command::Check(c)) => check(&c.common, &c.verify, &c.key, c.lists),
        Some(Command::List) => Ok(list::run()),
        Some(Command::Bench(b)) => bench::run(&b),
        Some(Command::Selftest) => Ok(selftest::run()),
        Some(Command::Generate(g)) => Ok(generate::run(&g.what)),
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
                false,
            )
        }
    }
}

fn hash(
    common: &Common,
    output: &OutputArgs,
    key: &KeyArgs,
    recursive: bool,
    files: Vec<OsString>,
    require_key: bool,
) -> Result<Status, SetupError> {
    setup::threads(common)?;
    let alg = setup::algorithm(common)?;
    let params = setup::params(common, Some(alg))?;
    let key = KeySource::from_args(key);
    if require_key && !key.is_some() {
        return Err(SetupError(format!(
            "tag needs a key: --key-file FILE or --key-env VAR ({} takes {})",
            alg.name,
            describe_key(alg)
        )));
    }
    if key.uses_stdin() && hash::reads_stdin(&files) {
        return Err(SetupError(
            "standard input cannot hold both the key (--key-file -) and data to hash".into(),
        ));
    }
    let proto = setup::prototype(alg, &key, &params)?;
    let format = LineFormat {
        tag: output.tag,
        zero: output.zero,
        no_names: output.no_names,
        binary: output.binary,
    };
    Ok(hash::run(
        alg,
        &*proto,
        setup::inputs(&files),
        recursive,
        format,
    ))
}

fn describe_key(alg: &khsum::Algorithm) -> String {
    match alg.key {
        khsum::KeyRule::None => "no key".into(),
        khsum::KeyRule::Fixed(n) => format!("a {n}-byte key"),
        khsum::KeyRule::Any => "a key of any length".into(),
        khsum::KeyRule::SameAsMessage => "a key as long as the message".into(),
    }
}

fn check(
    common: &Common,
    verify: &VerifyArgs,
    key: &KeyArgs,
    lists: Vec<OsString>,
) -> Result<Status, SetupError> {
    setup::threads(common)?;
    let forced = match &common.algorithm {
        Some(_) => Some(setup::algorithm(common)?),
        None => None,
    };
    let params = setup::params(common, forced)?;
    let key = KeySource::from_args(key);
    if key.uses_stdin() && hash::reads_stdin(&lists) {
        return Err(SetupError(
            "standard input cannot hold both the key (--key-file -) and a list".into(),
        ));
    }
    // With -a, set up (and validate the key) once, before reading any list.
    let forced_proto = match forced {
        Some(a) => Some(setup::prototype(a, &key, &params)?),
        None => None,
    };
    let s = check::CheckSetup {
        forced,
        forced_proto,
        key: &key,
        params,
        opts: verify,
    };
    Ok(check::run(setup::inputs(&lists), s))
}
