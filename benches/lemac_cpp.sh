#!/usr/bin/env bash
# khsum's LeMac against the upstream C++ implementation (pauldreik/lemac), built from its
# repository with its own CMake build (its x86 code has an AES-NI path and a VAES-512
# path, each compiled with its own -m flags and picked at run time), linked into one
# harness process (benches/lemac-cpp/) and timed side by side. Nothing of the upstream
# repository is copied into this tree; its checkout and build live under $WORK.
#
#   bash benches/lemac_cpp.sh [--backend vaes512|aesni|portable]
#
# Needs: git, cmake, a C++20 compiler. Source: $LEMAC_CPP_REPO, a clone of
# https://github.com/pauldreik/lemac (a URL or a local path; default: that URL).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK="${LEMAC_CPP_WORK:-/tmp/lemac-cpp}"
repo="${LEMAC_CPP_REPO:-https://github.com/pauldreik/lemac}"
[ -d "$WORK/src" ] || git clone --quiet "$repo" "$WORK/src"
echo "C++: $(git -C "$WORK/src" log -1 --format='%h %s' 2>/dev/null)"
cmake -S "$WORK/src" -B "$WORK/build" -DCMAKE_BUILD_TYPE=Release \
  -DLEMAC_BUILD_TESTING=Off -DLEMAC_BUILD_BENCHMARK=Off -DLEMAC_BUILD_TOOL=Off >/dev/null
cmake --build "$WORK/build" --target lemac -j "$(nproc)" >"$WORK/build.log" 2>&1 ||
  { cat "$WORK/build.log"; exit 1; }
export LEMAC_CPP_SRC="$WORK/src" LEMAC_CPP_BUILD="$WORK/build"
cargo run --quiet --release --manifest-path benches/lemac-cpp/Cargo.toml \
  --target-dir "$WORK/target" -- "$@"
