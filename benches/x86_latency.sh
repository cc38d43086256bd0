#!/usr/bin/env bash
# Latencies and throughputs of the x86 instructions that bound LeMac's and HighwayHash's
# chains, on this CPU, in cycles of a dependent `vpxor` chain (1 cycle on every current
# x86 core), best of 5 runs of 20 M iterations each. Used to choose layouts for AMD Zen 3
# (see the module documentation of src/alg/lemac.rs and src/alg/highway/avx2.rs).
#
#   bash benches/x86_latency.sh          # needs gcc and a CPU with AVX2, AES-NI and VAES
set -euo pipefail
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/lat.c" <<'C'
#include <stdio.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
#define N 20000000L
#define CLOB "xmm0","xmm1","xmm2","xmm3","xmm4","xmm5","xmm6","xmm7","xmm8"
#define TIME(body) ({ double best = 1e9; for (int r = 0; r < 5; r++) { double t0 = now(); \
  for (long i = 0; i < N; i++) __asm__ volatile(body ::: CLOB); double t = now() - t0; \
  if (t < best) best = t; } best / N / 8; })
#define ROW(name, body) printf("%-44s %5.2f\n", name, TIME(body) / cycle)
int main(void) {
  double cycle = TIME(".rept 8\n vpxor %%ymm1,%%ymm0,%%ymm0\n .endr");
  printf("cycle (dependent vpxor): %.3f ns, %.2f GHz\n", cycle * 1e9, 1 / cycle / 1e9);
  printf("%-44s %5s\n", "instruction (chain through its result)", "cycles");
  ROW("aesenc xmm (SSE) latency", ".rept 8\n aesenc %%xmm1,%%xmm0\n .endr");
  ROW("vaesenc xmm (VEX) latency", ".rept 8\n vaesenc %%xmm1,%%xmm0,%%xmm0\n .endr");
  ROW("vaesenc ymm latency", ".rept 8\n vaesenc %%ymm1,%%ymm0,%%ymm0\n .endr");
  ROW("vaesenc, chain through the round key", ".rept 8\n vaesenc %%xmm0,%%xmm1,%%xmm0\n .endr");
  ROW("aesenc xmm, 8 independent (per instr.)", "aesenc %%xmm8,%%xmm0\n aesenc %%xmm8,%%xmm1\n aesenc %%xmm8,%%xmm2\n aesenc %%xmm8,%%xmm3\n aesenc %%xmm8,%%xmm4\n aesenc %%xmm8,%%xmm5\n aesenc %%xmm8,%%xmm6\n aesenc %%xmm8,%%xmm7\n");
  ROW("vaesenc ymm, 8 independent (per instr.)", "vaesenc %%ymm8,%%ymm0,%%ymm0\n vaesenc %%ymm8,%%ymm1,%%ymm1\n vaesenc %%ymm8,%%ymm2,%%ymm2\n vaesenc %%ymm8,%%ymm3,%%ymm3\n vaesenc %%ymm8,%%ymm4,%%ymm4\n vaesenc %%ymm8,%%ymm5,%%ymm5\n vaesenc %%ymm8,%%ymm6,%%ymm6\n vaesenc %%ymm8,%%ymm7,%%ymm7\n");
  ROW("vaesenc ymm + vinserti128 (per pair / 2)", ".rept 4\n vaesenc %%ymm1,%%ymm0,%%ymm0\n vinserti128 $1,%%xmm0,%%ymm2,%%ymm0\n .endr");
  ROW("vaesenc ymm + vpblendd (per pair / 2)", ".rept 4\n vaesenc %%ymm1,%%ymm0,%%ymm0\n vpblendd $0xf0,%%ymm2,%%ymm0,%%ymm0\n .endr");
  ROW("vaesenc ymm + vpxor (per pair / 2)", ".rept 4\n vaesenc %%ymm1,%%ymm0,%%ymm0\n vpxor %%ymm2,%%ymm0,%%ymm0\n .endr");
  ROW("vinserti128 latency", ".rept 8\n vinserti128 $1,%%xmm0,%%ymm1,%%ymm0\n .endr");
  ROW("vextracti128 latency", ".rept 8\n vextracti128 $1,%%ymm0,%%xmm0\n .endr");
  ROW("vperm2i128 latency", ".rept 8\n vperm2i128 $0x21,%%ymm1,%%ymm0,%%ymm0\n .endr");
  ROW("vpermq latency", ".rept 8\n vpermq $0x4e,%%ymm0,%%ymm0\n .endr");
  ROW("vpermd latency", ".rept 8\n vpermd %%ymm0,%%ymm1,%%ymm0\n .endr");
  ROW("vpmuludq ymm latency", ".rept 8\n vpmuludq %%ymm1,%%ymm0,%%ymm0\n .endr");
  ROW("vpshufb ymm latency", ".rept 8\n vpshufb %%ymm1,%%ymm0,%%ymm0\n .endr");
  return 0;
}
C
gcc -O2 -o "$dir/lat" "$dir/lat.c"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-), load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$dir/lat"
