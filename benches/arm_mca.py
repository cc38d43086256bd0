#!/usr/bin/env python3
"""khsum's aarch64 hot code against upstream's, side by side in LLVM's cycle model.

No ARM machine is needed: both sides are compiled for aarch64 (khsum and the Rust crates
with cargo, the C++ references with clang) and run through llvm-mca on the Neoverse N1,
Cortex-A76 and Apple M4 models. Printed: cycles and instructions per unit of input.

Loops (LeMac, HighwayHash, Multimixer-128, SipHash): the hot loop of each side is cut
out of the assembly (the backward-branch loop holding the most of the algorithm's key
instruction) and run for 200 iterations. Work is normalised per unit of input (one
64-byte LeMac block, one 32-byte HighwayHash packet, one 32-byte Multimixer-128 block,
one 8-byte SipHash-2-4 word) by counting the key instructions each unit needs (8 AESE;
4 UMULL; 8 32x32->64 products; 12 rotations, `ror` or a `ror #` operand), so loops
unrolled differently compare fairly.

Rescue Prime (Rp64_256): one whole permutation of each side, as executed. A small
aarch64 program (built in target/arm-mca/, khsum's release profile) calls khsum's
portable permutation and winter-crypto's `Rp64_256::apply_permutation` once each;
qemu-aarch64 records every instruction it executes (-singlestep -d exec,nochain), and
the instructions of each call, from entry to return (its inner loops unrolled as they
ran), are taken from llvm-objdump's disassembly and given to llvm-mca as one straight
block: cycles and instructions per permutation.

llvm-mca's limits apply: branches are predicted perfectly, loads hit the L1 cache and
do not wait for earlier stores (spills cost their load and store, not a store-to-load
forwarding delay), and its apple-m4 CPU uses LLVM's Cyclone scheduling model.

    python3 benches/arm_mca.py                  # the whole table
    python3 benches/arm_mca.py rescue-prime     # some rows: lemac, highwayhash,
                                                # multimixer-128, siphash-2-4, rescue-prime

Upstream sources, never copied into this tree (clones of public repositories):
  LEMAC_CPP_REPO    a clone of https://github.com/pauldreik/lemac  (src/lemac_arm64_v8A.cpp)
  HIGHWAYHASH_REPO  a clone of https://github.com/google/highwayhash  (highwayhash/hh_neon.cc)
and the multimixer-128, siphasher and winter-crypto crates from the cargo registry (the
versions in Cargo.lock).
Needs: rustup target aarch64-unknown-linux-gnu, clang-19, llvm-mca-19 and llvm-objdump-19
(Debian llvm-19, clang-19), g++-aarch64-linux-gnu (C++ headers and the linker for the
aarch64 target), qemu-user (qemu-aarch64) and libc6-dev-arm64-cross.
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
OBJDUMP = os.environ.get("LLVM_OBJDUMP", "llvm-objdump-19")
QEMU = os.environ.get("QEMU_AARCH64", "qemu-aarch64")
SYSROOT = "/usr/aarch64-linux-gnu"
LINKER_ENV = {"CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER": "aarch64-linux-gnu-gcc"}
BRANCHES = re.compile(r"^(b|b\.\w+|cbn?z|tbn?z)$")


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        sys.exit(f"{cmd[0]} failed ({p.returncode}):\n{p.stderr[-3000:]}")
    return p.stdout


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
    """Every innermost backward-branch loop of a function: the instructions from its label
    to the branch that jumps back to it, where no other such loop lies inside. (A span
    from a label to a later jump back that holds a loop is the outside of that loop or
    a cold path around it, such as google/highwayhash's finalisation.)"""
    labels = {}
    for i, l in enumerate(body):
        m = re.match(r"^([\w.$]+):", l)
        if m:
            labels[m.group(1)] = i
    spans = []
    for i, l in enumerate(body):
        ins = instructions([l])
        if not ins or not BRANCHES.match(ins[0][0]):
            continue
        target = ins[0][1].split(",")[-1].split()[-1]
        if target in labels and labels[target] < i:
            spans.append((labels[target], i))
    inner = [
        (a, b) for a, b in spans
        if not any((c, d) != (a, b) and a <= c and d <= b for c, d in spans)
    ]
    return [body[a : b + 1] for a, b in inner]


def products(ins):
    """32x32->64-bit products: 2 per vector (U)MULL/UMLAL, 1 per scalar multiply."""
    n = 0
    for mn, text in ins:
        if mn in ("umull", "umull2", "umlal", "umlal2"):
            n += 2 if ".2d" in text else 1
        elif mn in ("mul", "madd", "umaddl", "smaddl", "smull") and re.search(r"\bx\d", text):
            n += 1
    return n


def rotations(ins):
    """64-bit rotations: `ror` instructions and `ror #` operands (`eor x0, x1, x2, ror #51`)."""
    return sum(mn == "ror" or ", ror #" in text for mn, text in ins)


ALGS = {
    # name: (key-instruction count per unit, unit name)
    "lemac": (lambda ins: sum(mn == "aese" for mn, _ in ins) / 8, "64 B block"),
    "highwayhash": (
        lambda ins: sum(mn in ("umull", "umull2") for mn, _ in ins) / 4,
        "32 B packet",
    ),
    "multimixer-128": (lambda ins: products(ins) / 8, "32 B block"),
    "siphash-2-4": (lambda ins: rotations(ins) / 12, "8 B word"),
}


def inline_calls(asm, ins):
    """`ins` with each direct call (`bl f`) to a straight-line function of the same file
    (no branch but its `ret`) replaced by that function's instructions, `ret` dropped: a
    loop that calls its block function is then measured with it."""
    out = []
    for mn, text in ins:
        callee = text.split()[-1] if mn == "bl" else None
        bodies = functions(asm, "^" + re.escape(callee) + "$") if callee else []
        body = instructions(bodies[0]) if bodies else []
        if body and not any(BRANCHES.match(m) for m, _ in body):
            out.extend(i for i in body if i[0] != "ret")
        else:
            out.append((mn, text))
    return out


def hot_loop(asm, name_re, alg):
    """The innermost loop, over all matching functions, with the most units per
    iteration."""
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
    env = dict(LINKER_ENV, **os.environ)
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


def locked_version(crate):
    lock = open(os.path.join(ROOT, "Cargo.lock")).read()
    return re.search(r'name = "' + re.escape(crate) + r'"\nversion = "([^"]+)"', lock).group(1)


def upstream_crates_asm():
    """The multimixer-128 and siphasher crates (the versions in Cargo.lock) compiled for
    aarch64, through a scratch package that depends on them, every crate emitting
    assembly. Returns the assembly and the two versions."""
    mm, sip = locked_version("multimixer-128"), locked_version("siphasher")
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "src"))
        with open(os.path.join(d, "Cargo.toml"), "w") as f:
            f.write('[package]\nname = "mm-asm"\nversion = "0.0.0"\nedition = "2021"\n'
                    f'[dependencies]\nmultimixer-128 = "={mm}"\nsiphasher = "={sip}"\n')
        with open(os.path.join(d, "src", "lib.rs"), "w") as f:
            f.write("#[no_mangle]\npub fn upstream_multimixer_128(k: &[u8], m: &[u8], "
                    "d: &mut [u8; 64]) {\n    multimixer_128::multimixer_128(k, m, d)\n}\n"
                    "#[no_mangle]\npub fn upstream_siphash24(k0: u64, k1: u64, m: &[u8]) "
                    "-> u64 {\n    use core::hash::Hasher;\n"
                    "    let mut h = siphasher::sip::SipHasher24::new_with_keys(k0, k1);\n"
                    "    h.write(m);\n    h.finish()\n}\n")
        env = dict(os.environ, RUSTFLAGS="--emit=asm")
        run(["cargo", "build", "--quiet", "--release", "--target", TARGET], cwd=d, env=env)
        files = glob.glob(os.path.join(d, "target", TARGET, "release", "deps", "*.s"))
        return "\n".join(open(f).read() for f in files), mm, sip


# The Rescue probe: khsum's portable permutation and winter-crypto's, one call each.
PROBE_MAIN = """use std::hint::black_box;
use winter_crypto::hashers::Rp64_256 as Winter;
use winter_math::fields::f64::BaseElement;

#[no_mangle]
#[inline(never)]
pub fn probe_khsum_rescue(rp: khsum::rescue::Rp64_256, s: &mut [u64; 12]) {
    rp.apply_permutation(s)
}

#[no_mangle]
#[inline(never)]
pub fn probe_winter_rescue(s: &mut [BaseElement; 12]) {
    Winter::apply_permutation(s)
}

fn main() {
    let rp = khsum::rescue::Rp64_256::new(khsum::Backend::Portable).expect("portable");
    let mut a: [u64; 12] = core::array::from_fn(|i| (i as u64 + 1) * 0x9e37_79b9_7f4a_7c15);
    let mut b: [BaseElement; 12] = core::array::from_fn(|i| BaseElement::new(a[i]));
    probe_khsum_rescue(black_box(rp), black_box(&mut a));
    probe_winter_rescue(black_box(&mut b));
    // Both compute the same permutation.
    assert!(a.iter().zip(&b).all(|(x, y)| *x == y.as_int()));
}
"""


def build_probe(name, deps, main_rs):
    """Builds a probe crate `name` (target/arm-mca/NAME, incremental) that depends on khsum
    and on `deps` (Cargo.toml dependency lines) with `main_rs` as its src/main.rs: khsum's
    release profile, not a position-independent executable so that run-time addresses are
    the file's, and khsum's Cargo.lock, so the dependencies are the versions khsum builds
    with. Returns the binary's path."""
    d = os.path.join(ROOT, "target", "arm-mca", name)
    os.makedirs(os.path.join(d, "src"), exist_ok=True)
    manifest = open(os.path.join(ROOT, "Cargo.toml")).read()
    profile = re.search(r"^\[profile\.release\]\n(?:[^\[\n].*\n)*", manifest, re.M).group(0)
    files = {
        "Cargo.toml": f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2021"\n'
        "publish = false\n\n[workspace]\n\n[dependencies]\n"
        f'khsum = {{ path = "{ROOT}" }}\n' + "".join(dep + "\n" for dep in deps) + "\n" + profile,
        "build.rs": 'fn main() {\n    println!("cargo:rustc-link-arg-bins=-no-pie");\n}\n',
        os.path.join("src", "main.rs"): main_rs,
    }
    for file, text in files.items():
        path = os.path.join(d, file)
        if not os.path.exists(path) or open(path).read() != text:
            with open(path, "w") as f:
                f.write(text)
    # The same dependency versions as khsum's (cargo adds the probe's own entry).
    with open(os.path.join(ROOT, "Cargo.lock")) as src, open(os.path.join(d, "Cargo.lock"), "w") as f:
        f.write(src.read())
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(ROOT, "target", "arm-mca"), **LINKER_ENV)
    run(["cargo", "build", "--quiet", "--release", "--target", TARGET], cwd=d, env=env)
    return os.path.join(ROOT, "target", "arm-mca", TARGET, "release", name)


def rescue_probe():
    """Builds the Rescue probe and returns its path and the version of winter-crypto."""
    wc = locked_version("winter-crypto")
    deps = [f'winter-crypto = "={wc}"', f'winter-math = "={locked_version("winter-math")}"']
    return build_probe("arm-mca-probe", deps, PROBE_MAIN), wc


def disassembly(binary):
    """{address: instruction} of the binary's code, and {symbol: address}, with absolute
    addresses in operands (branch targets, `adrp` pages, literal loads) replaced by a
    label, so that llvm-mca can assemble each line on its own."""
    code, syms = {}, {}
    for line in run([OBJDUMP, "-d", "--no-show-raw-insn", binary]).splitlines():
        m = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
        if m:
            syms[m.group(2)] = int(m.group(1), 16)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S.*)$", line)
        if not m:
            continue
        text = re.sub(r"\s*<[^>]*>$", "", m.group(2).split("//")[0].strip())
        if "[" not in text:
            text = re.sub(r"(?<=[\s,])0x[0-9a-f]+$", ".Ltrace", text)
        code[int(m.group(1), 16)] = text
    return code, syms


def qemu_trace(binary):
    """The address of every instruction the program executes, in order, under
    qemu-aarch64 with one instruction per translation block and no block chaining."""
    single = "-one-insn-per-tb" if "-one-insn-per-tb" in run([QEMU, "-h"]) else "-singlestep"
    with tempfile.TemporaryDirectory() as d:
        log = os.path.join(d, "exec.log")
        run([QEMU, "-L", SYSROOT, single, "-d", "exec,nochain", "-D", log, binary])
        pcs = []
        for line in open(log):
            m = re.match(r"^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/", line)
            if m:
                pcs.append(int(m.group(1), 16))
    return pcs


def traced_call(pcs, code, syms, name, outside="fail"):
    """The instructions executed by the one call of `name`: from its entry to the return
    to the instruction after the calling `bl` (tail calls and inner calls included).
    Executed addresses outside the disassembly (the shared C library's) end the run, or
    with outside="skip" are left out (a probe whose allocations and copies are not the
    code measured)."""
    entry = syms[name]
    i0 = pcs.index(entry)
    caller = code.get(pcs[i0 - 1], "")
    if not caller.startswith("bl"):
        sys.exit(f"{name} was not entered by a call ({caller!r})")
    back = pcs.index(pcs[i0 - 1] + 4, i0)
    missing = [hex(pc) for pc in pcs[i0:back] if pc not in code]
    if missing and outside != "skip":
        sys.exit(f"{name}: executed addresses not in the disassembly: {missing[:5]}")
    return [(code[pc].split()[0], code[pc]) for pc in pcs[i0:back] if pc in code]


def mca_block(ins, model, iterations=2):
    """Cycles per pass of a long straight block (a traced call)."""
    text = ".Ltrace:\n" + "\n".join(t for _, t in ins) + "\n"
    out = run(
        [MCA, "-mtriple=aarch64-linux-gnu", f"-mcpu={model}", f"-iterations={iterations}",
         "-instruction-info=false", "-resource-pressure=false"],
        input=text,
    )
    return int(re.search(r"Total Cycles:\s+(\d+)", out).group(1)) / iterations


def main(only):
    """Prints the table for the algorithms named in `only` (all when empty)."""
    want = lambda alg: not only or alg in only
    loop_algs = [a for a in ALGS if want(a)]
    khsum = khsum_asm() if loop_algs else ""
    sides = {
        "lemac": [("khsum armv8-aes", khsum, r"lemac5armv86absorb")],
        "highwayhash": [("khsum neon", khsum, r"highway4neon14update_packets")],
        "multimixer-128": [("khsum neon", khsum, r"multimixer4neon8compress")],
        "siphash-2-4": [("khsum portable", khsum, r"siphash8portable8compress")],
    }
    lemac_repo = os.environ.get("LEMAC_CPP_REPO")
    hh_repo = os.environ.get("HIGHWAYHASH_REPO")
    if want("lemac") and lemac_repo:
        src = os.path.join(lemac_repo, "src", "lemac_arm64_v8A.cpp")
        asm = clang_asm(src, [os.path.join(lemac_repo, "include"), os.path.join(lemac_repo, "src")],
                        ["-std=c++20", "-march=armv8-a+aes"])
        sides["lemac"].append(("pauldreik/lemac", asm, r"LemacArm64v8A6update"))
    elif want("lemac"):
        print("LEMAC_CPP_REPO not set: upstream LeMac skipped", file=sys.stderr)
    if want("highwayhash") and hh_repo:
        src = os.path.join(hh_repo, "highwayhash", "hh_neon.cc")
        asm = clang_asm(src, [hh_repo], ["-std=c++17"])
        # HighwayHashT<NEON, uint64_t>: the 64-bit hash, whose packet loop is the
        # only loop (the finalisation is a call there).
        sides["highwayhash"].append(
            ("google/highwayhash", asm, r"HighwayHashTINS_4NEON11HHStateNEONEmEE"))
    elif want("highwayhash"):
        print("HIGHWAYHASH_REPO not set: upstream HighwayHash skipped", file=sys.stderr)
    if want("multimixer-128") or want("siphash-2-4"):
        crates, mm, sip = upstream_crates_asm()
        sides["multimixer-128"].append((f"multimixer-128 {mm}", crates, r"multimixer_128"))
        sides["siphash-2-4"].append((f"siphasher {sip}", crates, r"upstream_siphash24|siphasher"))
    traced = []
    if want("rescue-prime"):
        probe, wc = rescue_probe()
        code, syms = disassembly(probe)
        pcs = qemu_trace(probe)
        traced = [
            ("khsum portable", traced_call(pcs, code, syms, "probe_khsum_rescue")),
            (f"winter-crypto {wc}", traced_call(pcs, code, syms, "probe_winter_rescue")),
        ]

    version = re.search(r"LLVM version ([\d.]+)", run([MCA, "--version"])).group(1)
    print(f"# llvm-mca {version}, cycles and instructions per unit of input; loops: 200 "
          "iterations of the hot loop; rescue-prime: one traced permutation")
    head = f"{'algorithm':<15} {'unit':<11} {'implementation':<22} {'instr':>7}"
    head += "".join(f" {m:>12}" for m in MODELS)
    print(head)
    rows = []
    for alg in loop_algs:
        for label, asm, name_re in sides[alg]:
            ins, units = hot_loop(asm, name_re, alg)
            cyc = [mca(ins, m) / units for m in MODELS]
            line = f"{alg:<15} {ALGS[alg][1]:<11} {label:<22} {len(ins) / units:>7.1f}"
            line += "".join(f" {c:>12.2f}" for c in cyc)
            print(line, flush=True)
            rows.append((alg, label, cyc))
    for label, ins in traced:
        cyc = [mca_block(ins, m) for m in MODELS]
        line = f"{'rescue-prime':<15} {'permutation':<11} {label:<22} {len(ins):>7}"
        line += "".join(f" {c:>12.0f}" for c in cyc)
        print(line, flush=True)
        rows.append(("rescue-prime", label, cyc))
    return rows


if __name__ == "__main__":
    names = list(ALGS) + ["rescue-prime"]
    unknown = [a for a in sys.argv[1:] if a not in names]
    if unknown:
        sys.exit(f"unknown algorithm {unknown[0]}; choose from {', '.join(names)}")
    main(sys.argv[1:])
