#!/usr/bin/env python3
"""khsum's aarch64 hot loops against upstream's, side by side in LLVM's cycle model.

No ARM machine is needed: both sides are compiled for aarch64 (khsum with cargo, the C++
references with clang), the hot loop of each is cut out of the assembly (the backward-branch
loop holding the most of the algorithm's key instruction), and llvm-mca runs it on the
Neoverse N1, Cortex-A76 and Apple M4 models. Work is normalised per unit of input (one
64-byte LeMac block, one 32-byte HighwayHash packet, one 32-byte Multimixer-128 block) by
counting the key instructions each unit needs (8 AESE; 4 UMULL; 8 32x32->64 products), so
loops unrolled differently compare fairly. Printed: cycles and instructions per unit.

    python3 benches/arm_mca.py

Upstream sources, never copied into this tree (clones of public repositories):
  LEMAC_CPP_REPO    a clone of https://github.com/pauldreik/lemac  (src/lemac_arm64_v8A.cpp)
  HIGHWAYHASH_REPO  a clone of https://github.com/google/highwayhash  (highwayhash/hh_neon.cc)
and the multimixer-128 crate from the cargo registry (the version in Cargo.lock).
Needs: rustup target aarch64-unknown-linux-gnu, clang-19 and llvm-mca-19 (Debian llvm-19,
clang-19), g++-aarch64-linux-gnu (C++ headers for the aarch64 target).
"""

import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = "aarch64-unknown-linux-gnu"
MODELS = ["neoverse-n1", "cortex-a76", "apple-m4"]
MCA = os.environ.get("LLVM_MCA", "llvm-mca-19")
CLANG = os.environ.get("CLANG", "clang-19")
BRANCHES = re.compile(r"^(b|b\.\w+|cbn?z|tbn?z)$")


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def functions(asm, name_re):
    """The bodies (lists of lines) of every function whose label matches `name_re`."""
    lines = asm.splitlines()
    out = []
    for i, line in enumerate(lines):
        m = re.match(r"^([\w.$]+):", line)
        if m and re.search(name_re, m.group(1)) and not m.group(1).startswith(".L"):
            body = []
            for l in lines[i + 1:]:
                if l.startswith(".Lfunc_end") or l.strip().startswith(".size"):
                    break
                body.append(l)
            out.append(body)
    return out


def instructions(lines):
    """(mnemonic, text) of the instruction lines, comments and directives removed."""
    out = []
    for l in lines:
        t = l.split("//")[0].strip()
        if not t or t.startswith(".") or t.endswith(":"):
            continue
        out.append((t.split()[0].lower(), t))
    return out


def loops(body):
    """Every backward-branch loop of a function: the instructions from its label to the
    branch that jumps back to it."""
    labels = {}
    for i, l in enumerate(body):
        m = re.match(r"^([\w.$]+):", l)
        if m:
            labels[m.group(1)] = i
    found = []
    for i, l in enumerate(body):
        ins = instructions([l])
        if not ins or not BRANCHES.match(ins[0][0]):
            continue
        target = ins[0][1].split(",")[-1].split()[-1]
        if target in labels and labels[target] < i:
            found.append(body[labels[target] : i + 1])
    return found


def products(ins):
    """32x32->64-bit products: 2 per vector (U)MULL/UMLAL, 1 per scalar multiply."""
    n = 0
    for mn, text in ins:
        if mn in ("umull", "umull2", "umlal", "umlal2"):
            n += 2 if ".2d" in text else 1
        elif mn in ("mul", "madd", "umaddl", "smaddl", "smull") and re.search(r"\bx\d", text):
            n += 1
    return n


ALGS = {
    # name: (key-instruction count per unit, unit name)
    "lemac": (lambda ins: sum(mn == "aese" for mn, _ in ins) / 8, "64 B block"),
    "highwayhash": (
        lambda ins: sum(mn in ("umull", "umull2") for mn, _ in ins) / 4,
        "32 B packet",
    ),
    "multimixer-128": (lambda ins: products(ins) / 8, "32 B block"),
}


def inline_calls(asm, ins):
    """`ins` with each direct call (`bl f`) to a function of the same file replaced by that
    function's instructions (its `ret` dropped): a loop that calls its block function
    (as google/highwayhash's does for each packet) is then measured with it."""
    out = []
    for mn, text in ins:
        callee = text.split()[-1] if mn == "bl" else None
        bodies = functions(asm, "^" + re.escape(callee) + "$") if callee else []
        if bodies:
            out.extend(i for i in instructions(bodies[0]) if i[0] != "ret")
        else:
            out.append((mn, text))
    return out


def hot_loop(asm, name_re, alg):
    """The loop, over all matching functions, with the most units per iteration."""
    units = ALGS[alg][0]
    best = None
    for body in functions(asm, name_re):
        for lp in loops(body):
            ins = inline_calls(asm, instructions(lp))
            u = units(ins)
            if u >= 1 and (best is None or u > best[1]):
                best = (ins, u)
    if best is None:
        sys.exit(f"no {alg} loop found for /{name_re}/")
    return best


def mca(ins, model):
    text = "\n".join(t for _, t in ins) + "\n"
    out = run(
        [MCA, "-mtriple=aarch64-linux-gnu", f"-mcpu={model}", "-iterations=200"],
        input=text,
    )
    cycles = int(re.search(r"Total Cycles:\s+(\d+)", out).group(1))
    return cycles / 200


def khsum_asm():
    env = dict(os.environ)
    env.setdefault("CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER", "aarch64-linux-gnu-gcc")
    run(
        ["cargo", "rustc", "--quiet", "--release", "--lib", "--target", TARGET, "--",
         "--emit", "asm"],
        cwd=ROOT,
        env=env,
    )
    files = glob.glob(os.path.join(ROOT, "target", TARGET, "release", "deps", "khsum-*.s"))
    return open(max(files, key=os.path.getmtime)).read()


def clang_asm(src, includes, extra):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "out.s")
        run([CLANG, "--target=aarch64-linux-gnu", "-O3", "-S", "-o", out, src]
            + [f"-I{i}" for i in includes] + extra)
        return open(out).read()


def multimixer_crate_asm():
    """The multimixer-128 crate (the version in Cargo.lock) compiled for aarch64, through a
    scratch package that depends on it, every crate emitting assembly."""
    lock = open(os.path.join(ROOT, "Cargo.lock")).read()
    version = re.search(r'name = "multimixer-128"\nversion = "([^"]+)"', lock).group(1)
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "src"))
        with open(os.path.join(d, "Cargo.toml"), "w") as f:
            f.write('[package]\nname = "mm-asm"\nversion = "0.0.0"\nedition = "2021"\n'
                    f'[dependencies]\nmultimixer-128 = "={version}"\n')
        with open(os.path.join(d, "src", "lib.rs"), "w") as f:
            f.write("#[no_mangle]\npub fn upstream_multimixer_128(k: &[u8], m: &[u8], "
                    "d: &mut [u8; 64]) {\n    multimixer_128::multimixer_128(k, m, d)\n}\n")
        env = dict(os.environ, RUSTFLAGS="--emit=asm")
        run(["cargo", "build", "--quiet", "--release", "--target", TARGET], cwd=d, env=env)
        files = glob.glob(os.path.join(d, "target", TARGET, "release", "deps", "*.s"))
        return "\n".join(open(f).read() for f in files), version


def main():
    khsum = khsum_asm()
    rows = []
    lemac_repo = os.environ.get("LEMAC_CPP_REPO")
    hh_repo = os.environ.get("HIGHWAYHASH_REPO")
    sides = {
        "lemac": [("khsum armv8-aes", khsum, r"lemac5armv86absorb")],
        "highwayhash": [("khsum neon", khsum, r"highway4neon14update_packets")],
        "multimixer-128": [("khsum neon", khsum, r"multimixer4neon8compress")],
    }
    if lemac_repo:
        src = os.path.join(lemac_repo, "src", "lemac_arm64_v8A.cpp")
        asm = clang_asm(src, [os.path.join(lemac_repo, "include"), os.path.join(lemac_repo, "src")],
                        ["-std=c++20", "-march=armv8-a+aes"])
        sides["lemac"].append(("pauldreik/lemac", asm, r"LemacArm64v8A6update"))
    else:
        print("LEMAC_CPP_REPO not set: upstream LeMac skipped", file=sys.stderr)
    if hh_repo:
        src = os.path.join(hh_repo, "highwayhash", "hh_neon.cc")
        asm = clang_asm(src, [hh_repo], ["-std=c++17"])
        sides["highwayhash"].append(("google/highwayhash", asm, r"HighwayHashTINS_4NEON"))
    else:
        print("HIGHWAYHASH_REPO not set: upstream HighwayHash skipped", file=sys.stderr)
    mm_asm, mm_src = multimixer_crate_asm()
    sides["multimixer-128"].append(
        (f"multimixer-128 {mm_src}", mm_asm, r"multimixer_128")
    )

    version = re.search(r"LLVM version ([\d.]+)", run([MCA, "--version"])).group(1)
    print(f"# llvm-mca {version}, "
          f"cycles and instructions per unit of input; 200 iterations of each hot loop")
    head = f"{'algorithm':<15} {'unit':<11} {'implementation':<22} {'instr':>6}"
    head += "".join(f" {m:>12}" for m in MODELS)
    print(head)
    for alg, impls in sides.items():
        for label, asm, name_re in impls:
            ins, units = hot_loop(asm, name_re, alg)
            cyc = [mca(ins, m) / units for m in MODELS]
            line = f"{alg:<15} {ALGS[alg][1]:<11} {label:<22} {len(ins) / units:>6.1f}"
            line += "".join(f" {c:>12.2f}" for c in cyc)
            print(line)
            rows.append((alg, label, cyc))
    return rows


if __name__ == "__main__":
    main()
