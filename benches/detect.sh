#!/usr/bin/env bash
# The cost of checking a list without -a (each line under its admissible algorithms,
# `src/lists/proof.rs`) against the same check with -a, on the 20,000 small-file tree of
# benches/small_tree.sh: every line intact, 1% of the lines with a wrong digest (their
# files are FAILED, which costs one more read each, with every other candidate), and
# every line wrong. Wrong digests stand for changed files: the verdict and the reads are
# the same, and the tree stays as it is. Medians of alternating rounds, page-cached.
#
#   bash benches/detect.sh [WORKDIR]      (default: target/bench-detect)
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-target/bench-detect}
mkdir -p "$W"
. benches/small_tree.sh
small_tree "$W"
cargo build --release --quiet
K=$PWD/target/release/khsum
cd "$W"
find small -type f | sort > names
cat $(cat names) > /dev/null # page-cache the tree
# wrong FRACTION < LIST > LIST': the digest of every 1/FRACTION-th line changed in its
# first hex digit (0 < FRACTION: every line).
wrong() {
  awk -v every="$1" '{ if (every == 1 || NR % every == 0) { c = substr($0, 1, 1); r = (c == "0") ? "1" : "0"; $0 = r substr($0, 2) } print }'
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-12s %10s %12s %8s\n' algorithm lines "-c (ms)" "-c -a (ms)" ratio
# Lists under names that name no algorithm (a name like `x.sha256` settles it: no
# detection to measure).
for alg in blake3 md5 sha256 sha3-256; do
  mkdir -p "$alg"
  xargs -a names "$K" -a "$alg" > "$alg/intact"
  wrong 100 < "$alg/intact" > "$alg/one-percent"
  wrong 1 < "$alg/intact" > "$alg/all"
  for case in "intact:intact" "one-percent:1% wrong" "all:all wrong"; do
    f=$alg/${case%%:*}
    # Alternating rounds (-c, then -c -a, then again), so drift in the machine's load hits
    # both alike; medians of the rounds.
    python3 - "$K" "$alg" "${case#*:}" "$f" "${ROUNDS:-11}" <<'PY'
import statistics, subprocess, sys, time
k, alg, label, f, rounds = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
cmds = [[k, "-c", "--status", f], [k, "-c", "--status", "-a", alg, f]]
times = [[], []]
for r in range(rounds + 1):
    for i in (0, 1) if r % 2 == 0 else (1, 0):
        t = time.perf_counter()
        subprocess.run(cmds[i])
        if r > 0:  # the first round warms up
            times[i].append((time.perf_counter() - t) * 1000)
a, b = (statistics.median(x) for x in times)
print(f"{alg:<8} {label:<12} {a:10.1f} {b:12.1f} {a / b:8.2f}")
PY
  done
done
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-), $(nproc) threads; $("$K" list | tail -1)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
