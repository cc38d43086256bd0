//! The one harness every CLI test file uses (shaped like ripgrep's `TestCommand`): a
//! temporary directory with files in it, the `khsum` binary started there (through the
//! target's runner, QEMU for the aarch64 leg, when one is set), and its exact stdout,
//! stderr and exit status.

use sha2::Digest;
use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};
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

    /// What the reference tool `prog` does with `args` here, given `stdin`: stdout, stderr
    /// and exit status, whatever the status, in khsum's locale (`C.UTF-8`: names in
    /// messages are quoted alike). A missing tool fails the test.
    pub(crate) fn reference(&self, prog: &str, args: &[&str], stdin: &[u8]) -> Run {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let mut child = Command::new(prog)
            .current_dir(self.path())
            .args(args)
            .env("LC_ALL", "C.UTF-8")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{prog} is needed for this test: {e}"));
        let mut pipe = child.stdin.take().unwrap();
        let input = stdin.to_vec();
        // A tool that stops reading early closes the pipe: that is no error here.
        let writer = std::thread::spawn(move || pipe.write_all(&input).ok());
        let o = child.wait_with_output().unwrap();
        writer.join().unwrap();
        Run {
            out: o.stdout,
            err: String::from_utf8_lossy(&o.stderr).into_owned(),
            code: o.status.code().unwrap_or(-1),
        }
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

    pub(crate) fn env(&mut self, k: &str, v: &str) -> &mut TestCommand {
        self.cmd.env(k, v);
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

    #[cfg(unix)]
    fn cmd_mut(&mut self) -> &mut assert_cmd::Command {
        &mut self.cmd
    }
}

/// `khsum` started in `dir`, with no key in its environment and a UTF-8 locale (the
/// quoting of names in messages depends on it).
pub(crate) fn khsum(dir: &Path) -> assert_cmd::Command {
    let mut c = assert_cmd::Command::cargo_bin("khsum").unwrap();
    c.current_dir(dir);
    c.env_remove("KHSUM_KEY");
    c.env("LC_ALL", "C.UTF-8");
    c
}

/// Whether khsum runs under an emulator: a target runner is set for cargo (the aarch64 leg
/// of `.ci/run` runs the tests and khsum under user-mode QEMU).
pub(crate) fn emulated() -> bool {
    std::env::vars_os().any(|(k, _)| {
        let k = k.to_string_lossy();
        k.starts_with("CARGO_TARGET_") && k.ends_with("_RUNNER")
    })
}

/// The binary as a `std::process::Command`, for what `assert_cmd` cannot do (a file as
/// stdout, a running child's pipes, a closed descriptor); through the target's runner
/// like [`khsum`].
#[cfg_attr(not(unix), allow(dead_code))]
pub(crate) fn khsum_std() -> std::process::Command {
    use assert_cmd::cargo::CommandCargoExt;
    let mut c = std::process::Command::cargo_bin("khsum").unwrap();
    c.env("LC_ALL", "C.UTF-8");
    c
}

/// The binary run as a user who is not root (root reads every file): through `setpriv`
/// as `nobody` when the tests run as root (CI does), as it is otherwise; in `dir`, whose
/// files `nobody` must then be able to reach.
#[cfg(unix)]
pub(crate) fn khsum_unprivileged(dir: &Path) -> std::process::Command {
    use assert_cmd::cargo::CommandCargoExt;
    let root = fs::read_to_string("/proc/self/status").is_ok_and(|st| {
        st.lines()
            .any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(2) == Some("0"))
    });
    let mut c = if root {
        let mut c = std::process::Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(assert_cmd::cargo::cargo_bin("khsum"));
        c
    } else {
        std::process::Command::cargo_bin("khsum").unwrap()
    };
    c.current_dir(dir).env("LC_ALL", "C.UTF-8");
    c
}

/// `khsum ARGS…` started in `dir` with its stdout and stderr piped, for tests that act
/// while it runs (write a FIFO it is blocked on, signal it, read its first lines);
/// `Child::wait_with_output` collects the rest.
#[cfg_attr(not(unix), allow(dead_code))]
pub(crate) fn spawn<I, S>(dir: &Path, args: I) -> std::process::Child
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    khsum_std()
        .current_dir(dir)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// A FIFO at `path` (mode 0600): opening it blocks until a writer comes, which holds a
/// spawned khsum at a known point of its run.
#[cfg(unix)]
pub(crate) fn mkfifo(path: &Path) {
    rustix::fs::mknodat(
        rustix::fs::CWD,
        path,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
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

/// The longest one khsum run of a test may take, under QEMU included (the slowest take
/// seconds); one that takes longer is killed, and the test fails naming the command
/// instead of hanging the suite.
const DEADLINE: Duration = Duration::from_secs(300);

pub(crate) fn run(c: &mut assert_cmd::Command) -> Run {
    run_within(c, DEADLINE)
}

/// Runs `c` to its end: stdout, stderr, exit status. A run past `deadline` is killed and
/// fails the test, naming the command. The deadline starts once the process has started:
/// a hang in starting it (user-mode QEMU's fork had one) is `.ci/aarch64`'s to prevent.
pub(crate) fn run_within(c: &mut assert_cmd::Command, deadline: Duration) -> Run {
    let start = Instant::now();
    let o = c.timeout(deadline).output().unwrap();
    if o.status.code().is_none() && start.elapsed() >= deadline {
        panic!("khsum did not finish within {deadline:?}: {c:?}");
    }
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

// Fixtures and helpers shared by the test files.

pub(crate) fn b3(data: &[u8]) -> String {
    blake3::hash(data).to_hex().to_string()
}

pub(crate) fn s256(data: &[u8]) -> String {
    hex::encode(sha2::Sha256::digest(data))
}

pub(crate) fn s512(data: &[u8]) -> String {
    hex::encode(sha2::Sha512::digest(data))
}

pub(crate) fn tree() -> TempDir {
    let d = TempDir::new().unwrap();
    fs::write(d.path().join("a"), b"hello\n").unwrap();
    fs::write(d.path().join("empty"), b"").unwrap();
    d
}

pub(crate) fn checked(d: &Path, list: &[u8], extra: &[&str]) -> Run {
    fs::write(d.join("L"), list).unwrap();
    run(khsum(d).args(extra).args(["-c", "L"]))
}

pub(crate) fn files() -> Dir {
    let d = Dir::new();
    let big: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
    d.create("a", b"hello\n")
        .create("empty", b"")
        .create("big", big)
        .create("sp ace", b"x");
    d
}

pub(crate) const NAMES: [&str; 4] = ["a", "empty", "big", "sp ace"];

pub(crate) fn tool_on_names(dir: &Path, prog: &str, args: &[&str]) -> Vec<u8> {
    let o = std::process::Command::new(prog)
        .current_dir(dir)
        .args(args)
        .args(NAMES)
        .output()
        .unwrap_or_else(|e| panic!("{prog} is needed for this test: {e}"));
    assert!(o.status.success(), "{prog} {args:?} failed");
    o.stdout
}

pub(crate) fn khsum_in(dir: &Path, args: &[&str]) -> (Vec<u8>, String, i32) {
    let o = khsum(dir).args(args).output().unwrap();
    (
        o.stdout,
        String::from_utf8_lossy(&o.stderr).into_owned(),
        o.status.code().unwrap_or(-1),
    )
}

/// A release-like tree: `rel/a`, `rel/b.tmp`, `rel/sub/c`, `rel/sub/deep/d`.
pub(crate) fn release() -> TempDir {
    let d = TempDir::new().unwrap();
    for (f, data) in [
        ("rel/a", &b"a\n"[..]),
        ("rel/b.tmp", b"b\n"),
        ("rel/sub/c", b"c\n"),
        ("rel/sub/deep/d", b"d\n"),
    ] {
        let p = d.path().join(f);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, data).unwrap();
    }
    d
}

pub(crate) fn line(data: &[u8], name: &str) -> String {
    format!("{}  {name}\n", b3(data))
}

pub(crate) fn json_lines(out: &[u8]) -> Vec<serde_json::Value> {
    out.split(|&c| c == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect()
}

/// A pseudo-terminal: (master, slave), 80 columns wide; `None` (with the reason printed)
/// where none can be opened.
#[cfg(unix)]
pub(crate) fn pty() -> Option<(std::os::fd::OwnedFd, std::os::fd::OwnedFd)> {
    use rustix::fs::{Mode, OFlags};
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    let open = || -> rustix::io::Result<_> {
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY)?;
        grantpt(&master)?;
        unlockpt(&master)?;
        let name = ptsname(&master, Vec::new())?;
        let slave = rustix::fs::open(
            name.as_c_str(),
            OFlags::RDWR | OFlags::NOCTTY,
            Mode::empty(),
        )?;
        rustix::termios::tcsetwinsize(
            &slave,
            rustix::termios::Winsize {
                ws_row: 24,
                ws_col: 80,
                ws_xpixel: 0,
                ws_ypixel: 0,
            },
        )?;
        Ok((master, slave))
    };
    match open() {
        Ok(p) => Some(p),
        Err(e) => {
            eprintln!("skipped: no pseudo-terminal can be opened here ({e})");
            None
        }
    }
}

/// Everything the terminal shows until the last slave is closed.
#[cfg(unix)]
pub(crate) fn drain(master: std::os::fd::OwnedFd) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut f = fs::File::from(master);
        let mut all = Vec::new();
        let mut buf = [0u8; 4096];
        // Linux answers EIO once no slave is open.
        while let Ok(n) = std::io::Read::read(&mut f, &mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
        }
        all
    })
}

/// The harness's deadline: a khsum held by a FIFO nobody opens is killed, and the test
/// fails naming the command once the deadline has passed.
#[cfg(unix)]
#[test]
fn a_run_past_its_deadline_is_killed_and_named() {
    let d = Dir::new();
    mkfifo(&d.path().join("never-opened"));
    let deadline = Duration::from_secs(2);
    let start = Instant::now();
    let r = std::panic::catch_unwind(|| {
        run_within(d.command().args(["never-opened"]).cmd_mut(), deadline)
    });
    let msg = r.expect_err("a run that cannot end fails the test");
    let msg = msg
        .downcast_ref::<String>()
        .expect("the panic carries a message");
    assert!(msg.starts_with("khsum did not finish within 2s"), "{msg}");
    assert!(msg.contains("never-opened"), "{msg}");
    assert!(start.elapsed() >= deadline, "{:?}", start.elapsed());
}
