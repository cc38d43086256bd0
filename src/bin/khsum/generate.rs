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
            let top = subcommand.is_none();
            let man = clap_mangen::Man::new(page);
            if top {
                render_with_examples(&man, &mut buf).expect("rendering into memory cannot fail");
            } else {
                man.render(&mut buf)
                    .expect("rendering into memory cannot fail");
            }
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

/// The top page: clap_mangen's sections with EXAMPLES ([`crate::args::EXAMPLES`]) and
/// ENVIRONMENT ([`crate::args::ENVIRONMENT`]) after the exit-status text and before
/// VERSION.
fn render_with_examples(man: &clap_mangen::Man, w: &mut Vec<u8>) -> std::io::Result<()> {
    man.render_title(w)?;
    man.render_name_section(w)?;
    man.render_synopsis_section(w)?;
    man.render_description_section(w)?;
    man.render_options_section(w)?;
    man.render_subcommands_section(w)?;
    man.render_extra_section(w)?;
    w.extend_from_slice(b".SH EXAMPLES\n");
    for (command, what) in crate::args::EXAMPLES {
        w.extend_from_slice(format!(".TP\n\\fB{}\\fR\n{}\n", roff(command), roff(what)).as_bytes());
    }
    w.extend_from_slice(b".SH ENVIRONMENT\n");
    for (vars, what) in crate::args::ENVIRONMENT {
        w.extend_from_slice(format!(".TP\n\\fB{}\\fR\n{}\n", roff(vars), roff(what)).as_bytes());
    }
    man.render_version_section(w)
}

/// Text escaped for roff: backslashes, hyphens (so they stay ASCII minus signs) and a
/// leading dot or quote.
fn roff(text: &str) -> String {
    let s = text.replace('\\', "\\e").replace('-', "\\-");
    if s.starts_with('.') || s.starts_with('\'') {
        format!("\\&{s}")
    } else {
        s
    }
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
