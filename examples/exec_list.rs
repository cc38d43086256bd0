//! Runs a program with a long list of file names as its arguments, for the small-files
//! comparison in `benches/peers.sh`: hyperfine takes a command as one string, and 20,000
//! names do not fit in one argument. Not part of khsum.
//!
//!     cargo run --release --example exec_list -- DIR LIST PROGRAM [ARG]...
//!
//! Changes to DIR, reads LIST (one name per line, as bytes) and replaces itself with
//! `PROGRAM ARG... NAME...`. It costs both tools the same 4.3 ms, nearly all of it the
//! kernel copying 20,000 arguments; a bash wrapper doing the same cost 16.9 ms, which
//! diluted the ratio (`hyperfine -N` of each wrapper running `/bin/true` on the list).

#[cfg(not(unix))]
fn main() {
    eprintln!("exec_list: Unix only");
    std::process::exit(2);
}

#[cfg(unix)]
fn main() {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::process::CommandExt;

    let args: Vec<_> = std::env::args_os().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: exec_list DIR LIST PROGRAM [ARG]...");
        std::process::exit(2);
    }
    let list = std::fs::read(&args[1]).expect("read LIST");
    std::env::set_current_dir(&args[0]).expect("chdir DIR");
    let names = list
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(std::ffi::OsStr::from_bytes);
    let err = std::process::Command::new(&args[2])
        .args(&args[3..])
        .args(names)
        .exec();
    eprintln!("exec_list: {}: {err}", args[2].to_string_lossy());
    std::process::exit(127);
}
