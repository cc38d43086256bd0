#!/usr/bin/env bash
# Multi-buffer hashing (issue 23): 20,000 page-cached files of 1-16 KiB (the tree of
# benches/peers.sh, same recipe), `cd tree && khsum -a ALG */*` against the GNU tools,
# measured in the same run, as ratios (khsum time / peer time).
#
#   bash benches/multibuf.sh            # needs: hyperfine, GNU md5sum/sha256sum/sha512sum
#
# The 20,000 names (`*/*`, sorted as the shell sorts them) are passed by the small
# exec_list wrapper (examples/exec_list.rs), the same for both tools: hyperfine takes one
# command string. The machine may be shared: each comparison runs ROUNDS (default 5)
# rounds of hyperfine, khsum and the peer alternating round by round, RUNS (default 5)
# runs each per round; the figure is the median of the per-round medians, and the load
# average is printed before and after.
#
# Rows: MD5 and SHA-512 (multi-buffer kernels), SHA-256 (SHA-NI single-stream where the
# CPU has it: the default, and the multi-buffer kernel forced with KHSUM_MULTI_BUFFER=on
# to show why), each also with KHSUM_MULTI_BUFFER=off (single-stream, as before), and
# `-c` of an md5sum list of the tree against `md5sum -c`; then BLAKE3 (lanes for the small
# files) against its single-stream self and b3sum.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin khsum --example exec_list
K="$PWD/target/release/khsum"
X="$PWD/target/release/examples/exec_list"
W="${KHSUM_BENCH_DIR:-/tmp/khsum-bench}"
mkdir -p "$W"
. benches/small_tree.sh
small_tree "$W"
L="$W/small.glob"
(cd "$W/small" && printf '%s\n' */* > "$L" && xargs cat < "$L" > /dev/null)
# The list names files by absolute path, so `-c` runs from anywhere.
(cd "$W/small" && xargs md5sum < "$L") | sed "s|  |  $W/small/|" > "$W/small.md5"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-), $(nproc) logical cores"
echo "khsum $("$K" --version | cut -d' ' -f2), $(md5sum --version | head -1)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

# compare NAME KHSUM_CMD PEER_CMD: medians of alternating rounds, and their ratio.
compare() {
  local json
  json=$(mktemp)
  for _ in $(seq "${ROUNDS:-5}"); do
    hyperfine -N --warmup 1 --runs "${RUNS:-5}" --export-json "$json.k" -n k "$2" >/dev/null
    hyperfine -N --warmup 1 --runs "${RUNS:-5}" --export-json "$json.p" -n p "$3" >/dev/null
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"], json.load(open(sys.argv[2]))["results"][0]["median"])' "$json.k" "$json.p" >> "$json"
  done
  python3 - "$1" "$json" <<'PY'
import statistics, sys
rows = [tuple(map(float, l.split())) for l in open(sys.argv[2])]
k = statistics.median(r[0] for r in rows); p = statistics.median(r[1] for r in rows)
spread = lambda xs: (max(xs) - min(xs)) / statistics.median(xs)
print(f"{sys.argv[1]:<44} khsum {k*1e3:7.1f} ms  peer {p*1e3:7.1f} ms  ratio {k/p:.2f}"
      f"  (round-to-round spread {spread([r[0] for r in rows]):.0%} / {spread([r[1] for r in rows]):.0%})")
PY
  rm -f "$json" "$json.k" "$json.p"
}

D="$W/small"
for alg in md5 sha512 sha256; do
  compare "$alg: khsum -a $alg vs ${alg}sum" "$X $D $L $K -a $alg" "$X $D $L ${alg}sum"
  compare "$alg: single-stream (KHSUM_MULTI_BUFFER=off)" \
    "env KHSUM_MULTI_BUFFER=off $X $D $L $K -a $alg" "$X $D $L ${alg}sum"
done
compare "sha256: 8 lanes forced (KHSUM_MULTI_BUFFER=on)" \
  "env KHSUM_MULTI_BUFFER=on $X $D $L $K -a sha256" "env KHSUM_MULTI_BUFFER=off $X $D $L $K -a sha256"
compare "md5: khsum -c list vs md5sum -c" "$K -c $W/small.md5 --quiet" "md5sum -c --quiet $W/small.md5"
# BLAKE3: lanes for the files up to 8 KiB (mb::BLAKE3_MAX_INPUT), against the crate's own
# hasher for every file (=off), and against b3sum where it is installed.
compare "blake3: lanes vs single-stream (=off)" \
  "$X $D $L $K" "env KHSUM_MULTI_BUFFER=off $X $D $L $K"
if command -v b3sum >/dev/null; then
  compare "blake3: khsum vs b3sum" "$X $D $L $K" "$X $D $L b3sum"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
