//! The khsum command line: parse, resolve into a plan, run it, print, map errors to exit
//! codes.
#![forbid(unsafe_code)]

mod args;
mod bench;
mod check;
mod generate;
mod hash;
mod list;
mod plan;
mod report;
mod selftest;
mod setup;

use args::Cli;
use clap::Parser;
use plan::Plan;
use report::{Status, warn};
use setup::SetupError;
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
    let status = match plan::resolve(cli) {
        Ok(plan) => run(plan),
        Err(SetupError(m)) => {
            warn(&m);
            Status::Usage
        }
    };
    status.code()
}

fn run(plan: Plan) -> Status {
    match plan {
        Plan::Hash(p) => hash::run(p),
        Plan::Check(p) => check::run(p),
        Plan::List => list::run(),
        Plan::Bench(p) => bench::run(p),
        Plan::Selftest => selftest::run(),
        Plan::Generate(what) => generate::run(&what),
    }
}
