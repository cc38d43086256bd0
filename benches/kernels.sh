#!/usr/bin/env bash
# khsum's kernels against OpenSSL's, both hashing one in-cache buffer on one thread, no
# file and no process start in the figure (issue 26: what bounds the SHA-512 and SHA3-256
# ratios of benches/peers.sh, which time whole processes):
#
#   khsum       khsum bench -a ALG --sizes SIZE --json     (GB/s of the streaming path)
#   OpenSSL     openssl speed -evp ALG -bytes SIZE -seconds 1 -mr
#
# in alternating rounds (ROUNDS, default 7), medians; ratio = khsum time / OpenSSL time
# (OpenSSL's bytes per second over khsum's), below 1 is khsum ahead. Say which backend
# khsum used: it is printed per row (`khsum list` names the choices).
#
#   bash benches/kernels.sh                           # sha512 sha384 sha3-256 sha256 sha1 md5
#   ALGS="sha512 sha3-256" SIZE=65536 ROUNDS=11 bash benches/kernels.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v openssl > /dev/null || { echo "needs openssl" >&2; exit 1; }
cargo build --release --quiet --bin khsum
K="$PWD/target/release/khsum"
SIZE="${SIZE:-1048576}"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(openssl version | cut -d' ' -f1-2)"
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), SIZE=$SIZE, ROUNDS=${ROUNDS:-7}, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$K" "$SIZE" "${ROUNDS:-7}" ${ALGS:-sha512 sha384 sha3-256 sha256 sha1 md5} <<'PY'
import json, statistics, subprocess, sys

k, size, rounds, algs = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
# OpenSSL's names where they differ from khsum's.
OPENSSL = {"blake2b": "blake2b512", "blake2s": "blake2s256"}

def khsum(alg):
    out = subprocess.run([k, "bench", "-a", alg, "--sizes", size, "--json"],
                         capture_output=True, text=True, check=True).stdout
    row = [r for r in json.loads(out) if r["algorithm"] == alg][0]
    return row["gb_per_s"] * 1e9, row["backend"]

def openssl(alg):
    out = subprocess.run(["openssl", "speed", "-evp", OPENSSL.get(alg, alg), "-bytes", size,
                          "-seconds", "1", "-mr"], capture_output=True, text=True).stdout
    lines = [l for l in out.splitlines() if l.startswith("+F:")]
    return float(lines[-1].split(":")[-1]) if lines else None

print(f"{'algorithm':<12} {'backend':<10} {'khsum GB/s':>11} {'OpenSSL GB/s':>13} {'khsum/OpenSSL time':>19}")
for alg in algs:
    ks, os_, backend = [], [], ""
    for _ in range(rounds):
        speed, backend = khsum(alg)
        ks.append(speed)
        o = openssl(alg)
        if o is None:
            break
        os_.append(o)
    if not os_:
        print(f"{alg:<12} {backend:<10} {statistics.median(ks) / 1e9:>11.3f} {'(none)':>13}")
        continue
    km, om = statistics.median(ks), statistics.median(os_)
    print(f"{alg:<12} {backend:<10} {km / 1e9:>11.3f} {om / 1e9:>13.3f} {om / km:>19.2f}", flush=True)
PY
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
