//! `khsum generate man | completions SHELL`: the man page and completion scripts, made
//! from the same clap definitions that parse the command line. The committed copies in
//! `man/` and `completions/` are checked against this output by `tests/generated.rs`.

use crate::args::{Cli, GenerateWhat, Shell};
use crate::report::{Out, Status};
use clap::CommandFactory;

pub fn render(what: &GenerateWhat) -> Vec<u8> {
    let cmd = Cli::command();
    let mut buf = Vec::new();
    match what {
        GenerateWhat::Man => {
            clap_mangen::Man::new(cmd)
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
    buf
}

pub fn run(what: &GenerateWhat) -> Status {
    let mut out = Out::new();
    out.write(&render(what));
    out.finish(Status::Ok)
}
