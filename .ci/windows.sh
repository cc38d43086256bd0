#!/usr/bin/env bash
# The Windows leg: khsum cross-built for x86_64-pc-windows-gnu (mingw-w64) and run under
# wine: `khsum selftest` (every KAT on every backend the CPU has), then hashing a few files
# must give byte-identical output to the Linux build, and checking that list must pass (and
# fail, exit 1, once a file changed). Debian 12's wine 8.0 lacks bcryptprimitives.dll,
# which Rust's std imports (ProcessPrng); .ci/wine/bcryptprimitives.c provides it for the
# test, built next to the .exe (see that file).
#
#   bash .ci/windows.sh        (needs the Linux release build: cargo build --release)
#   KHSUM_EXE=khsum.exe KHSUM_LINUX=khsum bash .ci/windows.sh
#                              (tests that khsum.exe against that Linux khsum, building
#                              neither: scripts/release does this for its archive)
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v x86_64-w64-mingw32-gcc >/dev/null || need+=(gcc-mingw-w64-x86-64)
[ -x /usr/lib/wine/wine64 ] || need+=(wine64)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
rustup target list --installed | grep -qx x86_64-pc-windows-gnu ||
  rustup target add x86_64-pc-windows-gnu
if [ -z "${KHSUM_EXE:-}" ]; then
  # Warnings are errors here as in the other legs (RUSTFLAGS reaches only the crates built
  # for the Windows target: build scripts and proc macros are built for the host without
  # it, and dependencies' lints are capped by cargo).
  RUSTFLAGS="-D warnings" cargo build --release --quiet --target x86_64-pc-windows-gnu
  cargo build --release --quiet
fi
exe="${KHSUM_EXE:-target/x86_64-pc-windows-gnu/release/khsum.exe}"
linux="$(realpath "${KHSUM_LINUX:-target/release/khsum}")"

W=$(mktemp -d)
trap 'WINEPREFIX="$W/prefix" /usr/lib/wine/wineserver -k 2>/dev/null; sleep 1; rm -rf "$W"' EXIT
cp "$exe" "$W/khsum.exe"
x86_64-w64-mingw32-gcc -shared -O2 -o "$W/bcryptprimitives.dll" .ci/wine/bcryptprimitives.c -ladvapi32
export WINEDEBUG=-all WINEPREFIX="$W/prefix"
win() { (cd "$W/files" && /usr/lib/wine/wine64 ../khsum.exe "$@"); }

mkdir "$W/files"
printf 'hello\n' >"$W/files/a.txt"
: >"$W/files/empty"
seq 1 200000 >"$W/files/big.txt"
win selftest >"$W/selftest.out"
cat "$W/selftest.out"
awk '$5 != 0 || $6 != "failed" { bad = 1 } END { exit bad }' "$W/selftest.out" ||
  { echo "windows: selftest FAILED"; exit 1; }
fail=0
for alg in blake3 sha256 sha512 siphash-2-4 highwayhash-256 lemac rescue-prime; do
  (cd "$W/files" && "$linux" -a "$alg" a.txt empty big.txt) >"$W/linux.$alg"
  win -a "$alg" a.txt empty big.txt >"$W/win.$alg"
  if ! cmp -s "$W/linux.$alg" "$W/win.$alg"; then
    echo "windows: $alg output differs from Linux:"; diff "$W/linux.$alg" "$W/win.$alg" || true
    fail=1
  fi
  win -a "$alg" -c "../linux.$alg" >/dev/null || { echo "windows: khsum -c FAILED for $alg"; fail=1; }
done
printf 'hello!\n' >"$W/files/a.txt"
set +e
win -a sha256 -c ../linux.sha256 >"$W/changed.out" 2>&1
rc=$?
set -e
if [ "$rc" != 1 ] || ! grep -q '^a.txt: FAILED$' "$W/changed.out"; then
  echo "windows: a changed file was not reported (exit $rc):"; cat "$W/changed.out"; fail=1
fi
[ "$fail" = 0 ] || exit 1
echo "windows: selftest, 7 algorithms byte-identical with Linux, check and changed-file check: ok"
