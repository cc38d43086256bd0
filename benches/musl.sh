#!/usr/bin/env bash
# The static musl build (what scripts/release ships for Linux) against the glibc build,
# side by side (issue 37, item 1): whole-process wall time and user+sys CPU time, medians
# of RUNS runs each, the two binaries alternating run by run (benches/alt.py), so drift of
# a shared machine's load hits both alike. Cases:
#   1 GiB        a 1 GiB page-cached file: BLAKE3 (mapped, all threads) and SHA-256
#   small        20,000 files of 1-16 KiB (benches/small_tree.sh), BLAKE3, the names
#                passed as arguments (examples/exec_list.rs, as benches/peers.sh does)
#   small -r     the same tree walked by khsum -r
#   small -c     checking a SHA-256 list of that tree
#
#   bash benches/musl.sh                 # about 3 minutes on 2 cores
#   RUNS=31 bash benches/musl.sh         # (default 21)
#
# Needs python3 and the x86_64-unknown-linux-musl target with musl-gcc (Debian
# musl-tools), as scripts/release installs them. KHSUM_BENCH_DIR (default
# /tmp/khsum-bench) holds the files.
set -euo pipefail
cd "$(dirname "$0")/.."
musl=x86_64-unknown-linux-musl
cargo build --release --quiet --locked --bin khsum --example exec_list
cargo build --release --quiet --locked --bin khsum --target "$musl"
G="$PWD/target/release/khsum"
M="$PWD/target/$musl/release/khsum"
X="$PWD/target/release/examples/exec_list"
W="${KHSUM_BENCH_DIR:-/tmp/khsum-bench}"
mkdir -p "$W"
if [ ! -f "$W/big" ]; then head -c $((1 << 30)) /dev/urandom > "$W/big"; fi
. benches/small_tree.sh
small_tree "$W"
cat "$W/big" > /dev/null
(cd "$W/small" && find . -type f | sort > "$W/small.list" && xargs cat < "$W/small.list" > /dev/null)
(cd "$W/small" && "$G" -a sha256 -r . > "$W/small.sha256")
file "$M" | grep -q 'static' || { echo "$M is not static"; exit 1; }
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) logical cores"
"$G" list | tail -1
echo "khsum $("$G" --version | cut -d' ' -f2), $(rustc --version), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# compare NAME DIR ARGS...: khsum ARGS in DIR, the glibc build then the musl one (their
# output checked equal first), in alternation by benches/alt.py: RUNS runs each.
compare() {
  local name=$1 dir=$2
  shift 2
  # shellcheck disable=SC2086 # PRE: a command prefix, words split
  if ! cmp -s <(cd "$dir" && $PRE "$G" "$@") <(cd "$dir" && $PRE "$M" "$@"); then
    echo "MISMATCH: $name"; exit 1
  fi
  echo "== $name (glibc, then musl)"
  python3 benches/alt.py "$dir" "${RUNS:-21}" "$PRE $G $*" ";;" "$PRE $M $*"
}
PRE=
compare "1 GiB, BLAKE3" "$W" big
compare "1 GiB, SHA-256" "$W" -a sha256 big
# exec_list runs the named binary with the 20,000 names as arguments.
PRE="$X $W/small $W/small.list" compare "20,000 files, BLAKE3" "$W/small" --no-names
compare "20,000 files, -r" "$W/small" -r --no-names .
compare "20,000 files, -c (SHA-256)" "$W/small" -c --quiet "$W/small.sha256"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
