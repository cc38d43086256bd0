#!/usr/bin/env bash
# khsum audit against khsum -c and hashdeep -a -k (issue 36), on a page-cached tree.
#
#   bash benches/audit.sh [N] [BIG]    N small files (default 100000); BIG entries for the
#                                      memory run (default 1000000; 0 skips it)
#
# Prints the CPU, the load before each part, then:
#   1. no change since the last audit: khsum audit, khsum -c of the same list, hashdeep
#      -a -k (medians of 5 runs, wall seconds), the ratios, and the floor under them: a
#      walk that only stats each file, on one thread and on two (benches/stat_walk.rs);
#   2. 1% edited, 1% moved, 1% deleted, 0.1% corrupted in place (content changed, mtime
#      restored with touch -d): each state's count against what was done, and the files
#      reported in a state no event explains (false states: must be 0);
#   3. BIG entries, nothing changed: time and peak RSS (/usr/bin/time -v) of khsum audit.
# Needs a release build (cargo build --release), hashdeep and GNU time.
set -euo pipefail
N=${1:-100000}
BIG=${2:-1000000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
K=${KHSUM:-$ROOT/target/release/khsum}
[ -x "$K" ] || { echo "build first: cargo build --release" >&2; exit 2; }
command -v hashdeep >/dev/null || { echo "hashdeep is needed (apt-get install hashdeep)" >&2; exit 2; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) threads"
echo "khsum: $K"

# A tree of N small files (100 to 4,000 bytes), 100 per directory.
make_tree() {
    python3 - "$1" "$2" <<'EOF'
import os, random, sys
root, n = sys.argv[1], int(sys.argv[2])
r = random.Random(36)
for i in range(n):
    d = os.path.join(root, "d%04d" % (i // 100))
    if i % 100 == 0:
        os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "f%07d" % i), "wb") as f:
        f.write(r.randbytes(r.randint(100, 4000)))
EOF
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Wall seconds of a command, median of 5 (its output and status ignored).
timed() {
    for _ in 1 2 3 4 5; do
        local s e
        s=$(date +%s.%N)
        "$@" >/dev/null 2>&1 || true
        e=$(date +%s.%N)
        echo "$e - $s" | bc
    done | median
}

echo
echo "== 1. $N files, nothing changed (load: $(cut -d' ' -f1-3 /proc/loadavg))"
cd "$W"
make_tree t "$N"
"$K" audit --update --no-progress L t >/dev/null 2>&1
hashdeep -r -l t > known.txt 2>/dev/null
cat L >/dev/null; find t -type f -exec cat {} + >/dev/null
a=$(timed "$K" audit --no-progress L t)
c=$(timed "$K" -c --quiet L)
h=$(timed hashdeep -r -l -a -k known.txt t)
printf '%-34s %8s s\n' "khsum audit L t" "$a" "khsum -c L" "$c" "hashdeep -r -l -a -k known.txt t" "$h"
printf 'audit / -c       = %.3f (target <= 0.10)\n' "$(echo "$a / $c" | bc -l)"
printf 'audit / hashdeep = %.3f (target <= 0.05)\n' "$(echo "$a / $h" | bc -l)"
# The floor: a walk that only stats each file (benches/stat_walk.rs).
(cd "$ROOT" && cargo bench --quiet --bench stat_walk -- "$W/t")

echo
echo "== 2. 1% edited, 1% moved, 1% deleted, 0.1% corrupted in place (load: $(cut -d' ' -f1-3 /proc/loadavg))"
python3 - t "$N" > events.txt <<'EOF'
import os, random, sys
root, n = sys.argv[1], int(sys.argv[2])
r = random.Random(7)
files = sorted(os.path.join(dp, f) for dp, _, fs in os.walk(root) for f in fs)
r.shuffle(files)
k, c = n // 100, n // 1000
edited, moved, deleted, corrupt = files[:k], files[k:2*k], files[2*k:3*k], files[3*k:3*k+c]
for p in edited:
    with open(p, "ab") as f: f.write(b"edit")
    st = os.stat(p); os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns + 3600 * 10**9))
for p in moved:
    os.rename(p, p + ".moved")
for p in deleted:
    os.remove(p)
for p in corrupt:
    st = os.stat(p)
    with open(p, "r+b") as f:
        b = f.read(1); f.seek(0); f.write(bytes([b[0] ^ 1]))
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))   # touch -d back
for what, ps in (("changed", edited), ("moved", [p + ".moved" for p in moved]), ("missing", deleted), ("corrupt", corrupt)):
    for p in ps: print(what, p)
EOF
"$K" audit --no-progress --json L t > report.json 2>/dev/null || true
python3 - <<'EOF'
import json, collections
want = {}
for l in open("events.txt"):
    s, p = l.split(" ", 1); want[p.strip()] = s
got = [json.loads(l) for l in open("report.json")]
summary = got.pop()
seen = collections.Counter()
false = 0
for g in got:
    if want.get(g["name"]) == g["state"]:
        seen[g["state"]] += 1
    else:
        false += 1
        print("false state:", g)
exp = collections.Counter(want.values())
for s in ("changed", "moved", "missing", "corrupt"):
    print("%-8s done %6d  reported %6d" % (s, exp[s], seen[s]))
print("false states:", false, "  files read:", summary["read_files"])
EOF
t2=$(timed "$K" audit --no-progress L t)
echo "audit of the changed tree: $t2 s"

if [ "$BIG" -gt 0 ]; then
    echo
    echo "== 3. $BIG entries, nothing changed (load: $(cut -d' ' -f1-3 /proc/loadavg))"
    rm -rf t L L.khsum-state known.txt
    make_tree big "$BIG"
    "$K" audit --update --no-progress L big >/dev/null 2>&1
    /usr/bin/time -v "$K" audit --no-progress L big 2> time.txt >/dev/null || true
    grep -E 'Elapsed|Maximum resident' time.txt
fi
