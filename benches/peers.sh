#!/usr/bin/env bash
# Whole-process comparison of khsum against the peer tools, measured in one run on this
# machine, reported as ratios (khsum time / peer time; below 1.0 means khsum is faster).
#
#   bash benches/peers.sh            # needs: python3; optional: b3sum, openssl, GNU coreutils
#
# Every peer at its best (issue 26, item 2): the crate peers through their fastest public
# call on a memory map (examples/peer_mmap.rs), that program alone built with
# `-C target-cpu=native` into its own target directory (khsum stays runtime-dispatched);
# the C tools as installed: `openssl dgst -ALG` wherever OpenSSL has the algorithm, and
# GNU md5sum, sha1sum, sha256sum, sha512sum, b2sum. Runs alternate between khsum and its
# peers (RUNS rounds, default 10), medians; the ratio is against the fastest peer.
#
# Sections (ONLY=crates, ONLY=tools or ONLY=issue2 runs one of them):
#   crates: a 256 MiB page-cached file, `khsum tag -a ALG --key-file K` (or `khsum -a
#           blake3`) against the crate (SipHash, HighwayHash, Multimixer-128, BLAKE3)
#   tools:  a 256 MiB page-cached file, `khsum -a ALG` against openssl and GNU
#   issue2: a 1 GiB page-cached file, BLAKE3 against b3sum and SHA-256 against sha256sum;
#           20,000 files of 1–16 KiB, BLAKE3 against b3sum (skipped without b3sum)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin khsum --example exec_list
# The peer program alone for the native CPU, in its own target directory.
RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR="$PWD/target/peer-native" \
  cargo build --release --quiet --example peer_mmap
K="$PWD/target/release/khsum"
P="$PWD/target/peer-native/release/examples/peer_mmap"
X="$PWD/target/release/examples/exec_list"
W="${KHSUM_BENCH_DIR:-/tmp/khsum-bench}"
mkdir -p "$W"
if [ ! -f "$W/big" ]; then head -c $((1 << 30)) /dev/urandom > "$W/big"; fi
if [ ! -f "$W/mid" ]; then head -c $((256 << 20)) "$W/big" > "$W/mid"; fi
head -c 32 /dev/urandom > "$W/key32"
head -c 16 "$W/key32" > "$W/key16"
. benches/small_tree.sh
small_tree "$W"
cat "$W/big" > /dev/null
(cd "$W/small" && find . -type f | sort > "$W/small.list" && xargs cat < "$W/small.list" > /dev/null)
if [ ! -f "$W/mmkey" ] || [ "$(stat -c %s "$W/mmkey")" != $((256 << 20)) ]; then
  head -c $((256 << 20)) /dev/urandom > "$W/mmkey"
fi
have() { command -v "$1" > /dev/null; }
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) logical cores"
echo "khsum $("$K" --version | cut -d' ' -f2); $(have openssl && openssl version | cut -d' ' -f1-2);" \
  "$(have sha256sum && sha256sum --version | head -1);$(have b3sum && b3sum --version)"
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), RUNS=${RUNS:-10}, load before: $(cut -d' ' -f1-3 /proc/loadavg)"

# compare NAME LABEL CMD [LABEL CMD]...: the first is khsum; the others its peers. All
# print the same digest (checked: the longest hex run of each output), alternating runs.
compare() {
  python3 - "${RUNS:-10}" "$@" <<'PY'
import os, re, statistics, subprocess, sys, time
runs, name, rest = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
cmds = [(rest[i], rest[i + 1].split()) for i in range(0, len(rest), 2)]
def run(cmd):
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read().decode()
    _, status, _ = os.wait4(p.pid, 0)
    if status:
        sys.exit(f"{name}: failed: {' '.join(cmd)}")
    return (time.perf_counter() - t) * 1e3, max(re.findall(r"[0-9a-f]{8,}", out), key=len)
digests = {label: run(cmd)[1] for label, cmd in cmds}  # also the warm-up
if len(set(digests.values())) != 1:
    sys.exit(f"MISMATCH {name}: {digests}")
times = [[] for _ in cmds]
for r in range(runs):
    for i in range(len(cmds)):
        j = (i + r) % len(cmds)
        times[j].append(run(cmds[j][1])[0])
med = [statistics.median(t) for t in times]
best = min(range(1, len(cmds)), key=lambda i: med[i])
peers = "  ".join(f"{cmds[i][0]} {med[i]:7.1f}" for i in range(1, len(cmds)))
print(f"{name:<18} khsum {med[0]:7.1f} ms  {peers:<48} ratio {med[0] / med[best]:.2f} "
      f"(vs {cmds[best][0]})", flush=True)
PY
}

if [ -z "${ONLY:-}" ] || [ "$ONLY" = crates ]; then
  echo "== 256 MiB page-cached, crate peers (fastest call, target-cpu=native), ms medians"
  cat "$W/mid" "$W/mmkey" > /dev/null
  for alg in siphash-2-4 siphash-1-3 highwayhash-64 highwayhash-256 multimixer-128 blake3; do
    case $alg in
      siphash*) kf="$W/key16";;
      multimixer*) kf="$W/mmkey";;
      *) kf="$W/key32";;
    esac
    if [ $alg = blake3 ]; then kc="$K $W/mid"; else kc="$K tag -a $alg --key-file $kf $W/mid"; fi
    compare "$alg" khsum "$kc" crate "$P $alg $kf $W/mid"
  done
  # LeMac's peer is the upstream C++ tool: set LEMACSUM to a lemacsum binary built from
  # https://github.com/pauldreik/lemac (cmake -DCMAKE_BUILD_TYPE=Release
  # -DLEMAC_BUILD_TOOL=On; target lemacsum). Both print the same all-zero-key tag.
  if [ -n "${LEMACSUM:-}" ]; then
    compare lemac khsum "$K -a lemac --nonce 0 $W/mid" lemacsum "$LEMACSUM $W/mid"
  fi
fi

if [ -z "${ONLY:-}" ] || [ "$ONLY" = tools ]; then
  echo "== 256 MiB page-cached, C tools, ms medians"
  cat "$W/mid" > /dev/null
  # khsum name, openssl digest name, GNU tool
  while read -r alg ossl gnu; do
    args=()
    if have openssl && openssl dgst "-$ossl" /dev/null > /dev/null 2>&1; then
      args+=(openssl "openssl dgst -$ossl $W/mid")
    fi
    if [ "$gnu" != - ] && have "$gnu"; then args+=("$gnu" "$gnu $W/mid"); fi
    [ ${#args[@]} -gt 0 ] && compare "$alg" khsum "$K -a $alg $W/mid" "${args[@]}"
  done <<'ALGS'
md5 md5 md5sum
sha1 sha1 sha1sum
sha224 sha224 sha224sum
sha256 sha256 sha256sum
sha384 sha384 sha384sum
sha512 sha512 sha512sum
sha3-256 sha3-256 -
sha3-512 sha3-512 -
blake2b blake2b512 b2sum
blake2s blake2s256 -
sm3 sm3 -
ripemd160 ripemd160 -
ALGS
fi

if { [ -z "${ONLY:-}" ] || [ "$ONLY" = issue2 ]; } && have b3sum; then
  echo "== issue 2"
  compare "1 GiB, BLAKE3" khsum "$K $W/big" b3sum "b3sum $W/big"
  # 20,000 names do not fit in one command line, so a tiny compiled wrapper
  # (examples/exec_list.rs: chdir, read the list, exec) passes them, the same for both
  # tools. It costs 4.3 ms, a bash wrapper 16.9 ms, which diluted the ratio.
  compare "20,000 small files" khsum "$X $W/small $W/small.list $K --no-names" \
    b3sum "$X $W/small $W/small.list b3sum --no-names"
  compare "1 GiB, SHA-256" khsum "$K -a sha256 $W/big" sha256sum "sha256sum $W/big"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
