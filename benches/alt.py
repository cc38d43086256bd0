#!/usr/bin/env python3
"""Runs shell commands in alternation and prints each one's median wall time, interquartile
range, median CPU time (user + system of its children) and ratio to the first command.
Alternating run by run keeps a shared machine's drift out of the ratios.

    python3 benches/alt.py DIR RUNS "CMD1" ";;" "CMD2" [";;" "CMD3" ...]

DIR is the working directory of the commands; their output is discarded. PERFORMANCE.md
cites it for its whole-process comparisons, e.g.

    python3 benches/alt.py /tmp/khsum-bench 9 "khsum -a sha512 mid" ";;" "openssl dgst -sha512 mid"
"""
import resource
import statistics
import subprocess
import sys
import time

if len(sys.argv) < 4:
    sys.exit(__doc__)
cwd, runs = sys.argv[1], int(sys.argv[2])
cmds = " ".join(sys.argv[3:]).split(" ;; ")
wall = {c: [] for c in cmds}
cpu = {c: [] for c in cmds}
for _ in range(runs):
    for c in cmds:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(c, shell=True, cwd=cwd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
        wall[c].append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[c].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
base = statistics.median(wall[cmds[0]])
for c in cmds:
    m = statistics.median(wall[c])
    q = statistics.quantiles(wall[c], n=4) if runs > 1 else [m, m, m]
    print(f"{m * 1000:8.1f} ms (IQR {q[0] * 1000:.1f}-{q[2] * 1000:.1f})  "
          f"cpu {statistics.median(cpu[c]) * 1000:8.1f} ms  ratio {m / base:.3f}  {c}")
