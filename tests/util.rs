//! The one harness every CLI test file uses (shaped like ripgrep's `TestCommand`): a
//! temporary directory with files in it, the `khsum` binary started there (through the
//! target's runner, QEMU for the aarch64 leg, when one is set), and its exact stdout,
//! stderr and exit status.

use std::fs;
use std::path::Path;
use tempfile::TempDir;

/// A temporary directory for one test.
pub(crate) struct Dir {
    tmp: TempDir,
}

impl Dir {
    pub(crate) fn new() -> Dir {
        Dir {
            tmp: TempDir::new().unwrap(),
        }
    }

    pub(crate) fn path(&self) -> &Path {
        self.tmp.path()
    }

    /// Writes a file (and its parent directories) below the directory.
    pub(crate) fn create(&self, name: &str, contents: impl AsRef<[u8]>) -> &Dir {
        let p = self.path().join(name);
        if let Some(parent) = p.parent() {
            fs::create_dir_all(parent).unwrap();
        }
        fs::write(p, contents).unwrap();
        self
    }

    /// `khsum` with this directory as its working directory.
    pub(crate) fn command(&self) -> TestCommand {
        TestCommand {
            cmd: khsum(self.path()),
        }
    }

    /// What the reference tool `prog` prints for `args` here (it must exist: a missing
    /// tool fails the test rather than skipping it).
    pub(crate) fn tool(&self, prog: &str, args: &[&str]) -> Vec<u8> {
        tool(self.path(), prog, args)
    }
}

/// One `khsum` run being set up.
pub(crate) struct TestCommand {
    cmd: assert_cmd::Command,
}

impl TestCommand {
    pub(crate) fn args<I, S>(&mut self, args: I) -> &mut TestCommand
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.cmd.args(args);
        self
    }

    pub(crate) fn stdin(&mut self, bytes: impl Into<Vec<u8>>) -> &mut TestCommand {
        self.cmd.write_stdin(bytes.into());
        self
    }

    /// Runs it: stdout, stderr and the exit status.
    pub(crate) fn run(&mut self) -> Run {
        run(&mut self.cmd)
    }
}

/// `khsum` started in `dir`, with no key in its environment.
pub(crate) fn khsum(dir: &Path) -> assert_cmd::Command {
    let mut c = assert_cmd::Command::cargo_bin("khsum").unwrap();
    c.current_dir(dir);
    c.env_remove("KHSUM_KEY");
    c
}

/// The binary as a `std::process::Command`, for what `assert_cmd` cannot do (a file as
/// stdout, a running child's pipes, a closed descriptor); through the target's runner
/// like [`khsum`].
#[cfg_attr(not(unix), allow(dead_code))]
pub(crate) fn khsum_std() -> std::process::Command {
    use assert_cmd::cargo::CommandCargoExt;
    std::process::Command::cargo_bin("khsum").unwrap()
}

/// A finished run.
#[derive(Debug)]
pub(crate) struct Run {
    pub(crate) out: Vec<u8>,
    pub(crate) err: String,
    pub(crate) code: i32,
}

impl Run {
    /// Stdout (lossily as text), stderr and the exit status, to compare in one go.
    pub(crate) fn all(&self) -> (String, &str, i32) {
        (s(&self.out), self.err.as_str(), self.code)
    }
}

pub(crate) fn run(c: &mut assert_cmd::Command) -> Run {
    let o = c.output().unwrap();
    Run {
        out: o.stdout,
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
        code: o.status.code().unwrap_or(-1),
    }
}

pub(crate) fn s(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// What the reference tool `prog` prints for `args` in `dir`.
pub(crate) fn tool(dir: &Path, prog: &str, args: &[&str]) -> Vec<u8> {
    let o = std::process::Command::new(prog)
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{prog} is needed for this test: {e}"));
    assert!(o.status.success(), "{prog} {args:?} failed");
    o.stdout
}
