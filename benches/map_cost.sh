#!/usr/bin/env bash
# What reading a page-cached file costs each way, without hashing (issue 26: what bounds
# the SipHash ratios against the crate's call on a memory map): faulting a whole mapping
# in (one byte a page), unmapping it, MADV_POPULATE_READ, MAP_POPULATE, and read() into a
# 1 MiB buffer. Three rounds, ms.
#
#   bash benches/map_cost.sh [FILE]     # default: $KHSUM_BENCH_DIR/mid (benches/peers.sh)
#
# Needs a C compiler (cc) and Linux 5.14+ for MADV_POPULATE_READ (rc=-1 before).
set -euo pipefail
F="${1:-${KHSUM_BENCH_DIR:-/tmp/khsum-bench}/mid}"
[ -f "$F" ] || { echo "no file $F (run benches/peers.sh once, or name one)" >&2; exit 1; }
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
cat > "$D/map_cost.c" <<'C'
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
static double ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
/* Touches one byte a page, so every page is mapped. */
static unsigned touch(const unsigned char *p, off_t n) {
    unsigned s = 0;
    for (off_t i = 0; i < n; i += 4096) s += p[i];
    return s;
}
int main(int argc, char **argv) {
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) { perror(argv[1]); return 1; }
    off_t n = lseek(fd, 0, SEEK_END);
    char *buf = aligned_alloc(4096, 1 << 20);
    volatile unsigned sink = 0;
    for (int r = 0; r < 3; r++) {
        double t0 = ms();
        unsigned char *p = mmap(0, n, PROT_READ, MAP_PRIVATE, fd, 0);
        sink += touch(p, n);
        double t1 = ms();
        munmap(p, n);
        double t2 = ms();
        p = mmap(0, n, PROT_READ, MAP_PRIVATE, fd, 0);
        int rc = madvise(p, n, MADV_POPULATE_READ);
        double t3 = ms();
        munmap(p, n);
        double t4 = ms();
        p = mmap(0, n, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        double t5 = ms();
        munmap(p, n);
        double t6 = ms();
        lseek(fd, 0, SEEK_SET);
        while (read(fd, buf, 1 << 20) > 0) {}
        double t7 = ms();
        printf("faults %.1f  munmap %.1f  MADV_POPULATE_READ %.1f (rc=%d)  MAP_POPULATE %.1f"
               "  read() %.1f\n", t1 - t0, t2 - t1, t3 - t2, rc, t5 - t4, t7 - t6);
    }
    (void)sink;
    return 0;
}
C
cc -O2 -o "$D/map_cost" "$D/map_cost.c"
cat "$F" > /dev/null
echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(uname -r), $(stat -c %s "$F") bytes, ms:"
"$D/map_cost" "$F"
