//! The khsum command line: parse, resolve into a plan, run it, print, map errors to exit
//! codes.
#![forbid(unsafe_code)]

mod args;
mod audit;
mod bag;
mod bench;
mod check;
mod generate;
mod hash;
mod list;
mod plan;
mod plot;
mod progress;
mod report;
mod selftest;
mod setup;

use plan::Plan;
use report::{Status, warn};
use setup::SetupError;
use std::process::ExitCode;

// The static x86-64 release build: musl's malloc is slow on many small allocations
// (benches/musl.sh; the dependency's note in Cargo.toml).
#[cfg(all(target_env = "musl", target_arch = "x86_64"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match args::parse() {
        Ok(c) => c,
        Err(e) if e.use_stderr() => {
            // A usage error: clap's message on stderr, exit 2.
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            // --help or --version on stdout; a failed write (a full device, a closed
            // pipe) is exit 1, as for GNU tools.
            use std::io::{IsTerminal, Write};
            let mut o = std::io::stdout().lock();
            // Bold and underline only on a terminal: piped help is plain text.
            let text = if o.is_terminal() {
                e.render().ansi().to_string()
            } else {
                e.render().to_string()
            };
            let written = if khsum::files::io::stdout_closed() {
                Err(khsum::files::io::closed_error())
            } else {
                write!(o, "{text}").and_then(|()| o.flush())
            };
            return match written {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    warn(&format!(
                        "write error: {}",
                        khsum::files::io::describe_io_error(&err)
                    ));
                    Status::Failed.code()
                }
            };
        }
    };
    let status = match plan::resolve(cli) {
        Ok(Plan::Audit(p)) => return audit::run(p),
        Ok(plan) => run(plan),
        Err(SetupError(m)) => {
            // Some errors take two lines, as GNU's do (`invalid length: '7'`, then why).
            for line in m.lines() {
                if line == setup::TRY_HELP {
                    eprintln!("{line}");
                } else {
                    warn(line);
                }
            }
            Status::Usage
        }
    };
    status.code()
}

fn run(plan: Plan) -> Status {
    match plan {
        Plan::Hash(p) => hash::run(p),
        Plan::Derived(p) => hash::derived(p),
        Plan::Check(p) => check::run(p),
        Plan::GoH1(p) => hash::go_h1(p),
        Plan::List => list::run(),
        Plan::Bench(p) => bench::run(p),
        Plan::Selftest => selftest::run(),
        Plan::Generate(what) => generate::run(&what),
        Plan::Audit(_) => unreachable!("run by main"),
    }
}
