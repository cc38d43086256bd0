//! `khsum generate man | completions SHELL`: the man page and completion scripts, made
//! from the same clap definitions that parse the command line. The committed copies in
//! `man/` and `completions/` are checked against this output by `tests/generated.rs`.

use crate::args::{Cli, GenerateWhat, Shell};
use crate::report::{Out, Status};
use clap::CommandFactory;

pub fn render(what: &GenerateWhat) -> Result<Vec<u8>, String> {
    let cmd = Cli::command();
    let mut buf = Vec::new();
    match what {
        GenerateWhat::Man { subcommand } => {
            let page = match subcommand {
                None => cmd,
                Some(name) => {
                    let mut cmd = cmd;
                    cmd.build();
                    match cmd.find_subcommand(name) {
                        // clap names are &'static str (without its "string" feature); this
                        // runs once per process.
                        Some(sub) => sub
                            .clone()
                            .name(&*Box::leak(format!("khsum-{name}").into_boxed_str()))
                            .version(env!("CARGO_PKG_VERSION")),
                        None => return Err(format!("no subcommand '{name}'")),
                    }
                }
            };
            clap_mangen::Man::new(page)
                .render(&mut buf)
                .expect("rendering into memory cannot fail");
        }
        GenerateWhat::Completions { shell } => {
            let mut cmd = cmd;
            let sh = match shell {
                Shell::Bash => clap_complete::Shell::Bash,
                Shell::Zsh => clap_complete::Shell::Zsh,
                Shell::Fish => clap_complete::Shell::Fish,
                Shell::Elvish => clap_complete::Shell::Elvish,
                Shell::Powershell => clap_complete::Shell::PowerShell,
            };
            clap_complete::generate(sh, &mut cmd, "khsum", &mut buf);
        }
    }
    Ok(buf)
}

pub fn run(what: &GenerateWhat) -> Status {
    let mut out = Out::new();
    match render(what) {
        Ok(page) => {
            out.write(&page);
            out.finish(Status::Ok)
        }
        Err(e) => {
            out.warn(&e);
            out.finish(Status::Usage)
        }
    }
}
