# Sourced by benches/peers.sh and benches/multibuf.sh: the small-file tree both measure,
# 20,000 files of 1-16 KiB of random bytes (random.seed(1) sizes) in 20 directories of
# 1,000, built once under "$1/small" (each script then lists the names its way and reads
# the files once, so they are page-cached).
#
#   small_tree "$W"
small_tree() {
  if [ ! -d "$1/small" ]; then
    mkdir -p "$1/small"
    python3 - "$1/small" <<'PY'
import os, random, sys
random.seed(1)
d = sys.argv[1]
for i in range(20000):
    sub = os.path.join(d, f"d{i // 1000:02d}")
    os.makedirs(sub, exist_ok=True)
    with open(os.path.join(sub, f"f{i:05d}"), "wb") as f:
        f.write(os.urandom(random.randint(1024, 16384)))
PY
  fi
}
