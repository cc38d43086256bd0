#!/usr/bin/env bash
# khsum's default large-file path against its own modes, for every algorithm (issue 26,
# item 1): on a 256 MiB page-cached file, whole-process wall time of
#
#   default     khsum [tag] -a ALG FILE
#   -j1         khsum [tag] -j1 -a ALG FILE          (one thread: no helper, no pool)
#   --no-mmap   khsum [tag] --no-mmap -a ALG FILE    (read() into a buffer)
#
# run in alternating order (every round runs each mode once, the order rotating), so
# drift of the machine's load hits all three alike; the table shows medians and the
# default's ratio to the best mode, flagged with '!' above 1.03.
#
#   bash benches/modes.sh                   # all algorithms, REPS=5 rounds (about 8 min)
#   REPS=9 ALGS="siphash-2-4 md5" bash benches/modes.sh
#
# Keyed algorithms get random keys (16 or 32 bytes; Multimixer-128 a key as long as the
# file) through --key-file, as benches/peers.sh does. Rescue Prime hashes about 5 MB/s:
# it gets a 16 MiB file (RESCUE_MIB), still above the mapping and ring thresholds (io.rs:
# MMAP_MIN, PIPELINE_MIN). For every algorithm but BLAKE3 and Multimixer-128 (mapped,
# hashed on all threads) --no-mmap runs the default's own code: its difference from the
# default is the machine's noise, and -j1 is the mode to compare with.
# Needs python3. KHSUM_BENCH_DIR (default /tmp/khsum-bench) holds the files.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin khsum
K="$PWD/target/release/khsum"
W="${KHSUM_BENCH_DIR:-/tmp/khsum-bench}"
mkdir -p "$W"
if [ ! -f "$W/mid" ]; then head -c $((256 << 20)) /dev/urandom > "$W/mid"; fi
if [ ! -f "$W/mmkey" ]; then head -c $((256 << 20)) /dev/urandom > "$W/mmkey"; fi
rm -f "$W/rescue"
head -c $((${RESCUE_MIB:-16} << 20)) "$W/mid" > "$W/rescue"
head -c $((${RESCUE_MIB:-16} << 20)) "$W/mmkey" > "$W/mmkey-rescue"
[ -f "$W/modes-key16" ] || head -c 16 /dev/urandom > "$W/modes-key16"
[ -f "$W/modes-key32" ] || head -c 32 /dev/urandom > "$W/modes-key32"
ALGS="${ALGS:-$("$K" list | awk 'NR > 1 && NF > 3 && $1 ~ /^[a-z][a-z0-9-]*$/ {print $1}')}"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) logical cores"
echo "khsum $("$K" --version | cut -d' ' -f2), $(date -u '+%Y-%m-%d %H:%M UTC'), REPS=${REPS:-5}"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$K" "$W" "${REPS:-5}" $ALGS <<'PY'
import os, statistics, subprocess, sys, time

k, w, reps, algs = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
listing = {l.split()[0]: l.split()[1] for l in subprocess.run(
    [k, "list"], capture_output=True, text=True, check=True).stdout.splitlines()[1:] if l.split()}
modes = [("default", []), ("-j1", ["-j1"]), ("--no-mmap", ["--no-mmap"])]

def command(alg, extra):
    key, f = listing[alg], f"{w}/mid"
    if alg == "rescue-prime":
        f = f"{w}/rescue"
    if key == "none":
        return [k, *extra, "-a", alg, f]
    kf = {"16": "modes-key16", "32": "modes-key32", "any": "modes-key32"}.get(key)
    kf = f"{w}/{kf}" if kf else f"{w}/mmkey"  # Multimixer-128: key as long as the message
    nonce = ["--nonce", "0"] if alg == "lemac" else []
    return [k, "tag", *extra, "-a", alg, "--key-file", kf, *nonce, f]

def run(cmd):
    """Wall time and user+sys CPU time of one run, in ms; its output."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = (time.perf_counter() - t) * 1e3
    if status != 0:
        sys.exit(f"failed: {' '.join(cmd)}")
    return wall, (ru.ru_utime + ru.ru_stime) * 1e3, out

print(f"{'algorithm':<16} {'default':>9} {'-j1':>9} {'--no-mmap':>10}  {'best':<10} "
      f"{'def/best':>8}  {'spread':>6}  cpu ms (def/-j1/no-mmap)")
flagged = []
for alg in algs:
    cmds = [command(alg, extra) for _, extra in modes]
    outs = set()
    for c in cmds:  # warm-up: the file into the page cache, the binary's pages too
        outs.add(run(c)[2].split()[0])
    if len(outs) != 1:
        sys.exit(f"MISMATCH between modes for {alg}: {outs}")
    wall = [[] for _ in modes]
    cpu = [[] for _ in modes]
    for r in range(reps):
        for i in range(len(modes)):
            j = (i + r) % len(modes)
            t, c, _ = run(cmds[j])
            wall[j].append(t)
            cpu[j].append(c)
    med = [statistics.median(x) for x in wall]
    best = min(range(len(modes)), key=lambda i: med[i])
    ratio = med[0] / med[best]
    # spread: the largest (max - min) / median of the three modes' samples
    spread = max((max(x) - min(x)) / statistics.median(x) for x in wall)
    flag = " !" if ratio > 1.03 else ""
    if flag:
        flagged.append(alg)
    cm = "/".join(f"{statistics.median(x):.0f}" for x in cpu)
    print(f"{alg:<16} {med[0]:9.1f} {med[1]:9.1f} {med[2]:10.1f}  {modes[best][0]:<10} "
          f"{ratio:8.3f}{flag:2}  {spread*100:5.1f}%  {cm}", flush=True)
print(f"default more than 3% behind the best mode: {', '.join(flagged) or 'none'}")
PY
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
