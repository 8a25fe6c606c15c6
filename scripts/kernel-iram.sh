#!/usr/bin/env bash
# IRAM estimate of the DPU kernel (runtime-dpu/src/main/c/kernel) for one build: the rv32 proxy that codegen's
# Toolchain and IramEstimate use (docs/iram.md), linked with the machine outliner off (the DPU compiler has
# none). Prints the estimate, the helpers charged, the largest functions and the deepest stack path.
#
#   scripts/kernel-iram.sh FEATURES TASKLETS [TOP]
#     FEATURES  PIM_F_* bits (docs/vm.md "Kernel features"), e.g. 0xCF for TPC-C, 0xFF for all
#     TASKLETS  NR_TASKLETS of the build
#     TOP       how many functions to list (default 40)
# Tools: clang-19, ld.lld-19, llvm-size-19, llvm-nm-19, llvm-objdump-19 (override with PIMSQL_PROXY_CLANG,
# PIMSQL_PROXY_LLD, PIMSQL_PROXY_SIZE, PIMSQL_PROXY_NM, PIMSQL_PROXY_OBJDUMP). Output files: target/kernel-iram/.
set -euo pipefail
if [ $# -lt 2 ]; then
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
FEATURES=$1
TASKLETS=$2
TOP=${3:-40}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
KERNEL=$ROOT/runtime-dpu/src/main/c/kernel
SIMINC=$ROOT/runtime-dpu/src/main/c/sim/include
OUT=$ROOT/target/kernel-iram/f$((FEATURES))-t$TASKLETS
CLANG=${PIMSQL_PROXY_CLANG:-clang-19}
LLD=${PIMSQL_PROXY_LLD:-ld.lld-19}
SIZE=${PIMSQL_PROXY_SIZE:-llvm-size-19}
NM=${PIMSQL_PROXY_NM:-llvm-nm-19}
OBJDUMP=${PIMSQL_PROXY_OBJDUMP:-llvm-objdump-19}
mkdir -p "$OUT/include"
# the proxy's assert is one trap instruction, like a DPU fault (Toolchain.PROXY_ASSERT)
cat > "$OUT/include/assert.h" <<'EOF'
#undef assert
#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
#define assert(expr) ((expr) ? (void)0 : __builtin_trap())
#endif
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(static_assert)
#define static_assert _Static_assert
#endif
EOF
objs=()
for src in "$KERNEL"/*.c; do
    obj=$OUT/$(basename "${src%.c}").o
    "$CLANG" -std=gnu11 --target=riscv32-unknown-elf -march=rv32i -mrelax -ffreestanding -Oz -flto \
        -ffunction-sections -fdata-sections -DNR_TASKLETS="$TASKLETS" -DPIM_FEATURES="$FEATURES" \
        -Wall -Wextra -Werror ${KERNEL_IRAM_CFLAGS:-} -I "$OUT/include" -I "$KERNEL" -I "$SIMINC" -c "$src" -o "$obj"
    objs+=("$obj")
done
ELF=$OUT/kernel.elf
"$LLD" -m elf32lriscv --relax -mllvm -disable-machine-licm -mllvm -enable-machine-outliner=never \
    -mllvm -stack-size-section ${KERNEL_IRAM_LINK_FLAGS:-} --gc-sections -e main --unresolved-symbols=ignore-all -o "$ELF" "${objs[@]}"

# Allowances for helpers the proxy link leaves unresolved (IramEstimate.ALLOWANCE; mem_alloc and mem_reset:
# the SDK's alloc.c, about 12 and 6 DPU instructions); anything else 100.
declare -A ALLOW=([__mulsi3]=40 [__muldi3]=123 [__mulodi4]=120 [__divsi3]=51 [__udivsi3]=35 [__modsi3]=50
    [__umodsi3]=40 [__divdi3]=89 [__udivdi3]=61 [__moddi3]=89 [__umoddi3]=61 [__ashldi3]=17 [__lshrdi3]=17
    [__ashrdi3]=17 [memcpy]=45 [memset]=35 [memmove]=62 [memcmp]=11 [mram_read]=8 [mram_write]=8 [me]=2
    [halt]=2 [pimsim_assert_fail]=4 [pimsim_mram_heap_pointer]=0 [mutex_lock]=2 [mutex_unlock]=2
    [barrier_wait]=40 [mem_alloc]=12 [mem_reset]=6)
text=$("$SIZE" -A "$ELF" | awk '$1 ~ /^\.text/ {t += $2} END {print t + 0}')
data=$("$SIZE" -A "$ELF" | awk '$1 ~ /^\.(s?data|s?bss|s?rodata)/ {t += $2} END {print t + 0}')
allow=0
helpers=""
for u in $("$NM" -u "$ELF" | awk '$1 == "U" {print $2}'); do
    a=${ALLOW[$u]:-100}
    allow=$((allow + a))
    helpers="$helpers $u=$a"
done
insns=$(((text + 3) / 4 + allow + 64))
echo "kernel features=$((FEATURES)) ($(printf '0x%X' "$FEATURES")) tasklets=$TASKLETS"
echo "estimate: $insns instructions = .text $text bytes / 4 + allowances $allow +$helpers + startup 64"
echo "WRAM globals (data, rodata, bss): $data bytes"
echo "largest functions (instructions):"
"$NM" --print-size --size-sort -r "$ELF" | awk 'NF == 4 && ($3 == "t" || $3 == "T") {print $2, $4}' |
    while read -r size name; do echo "$(((16#$size + 3) / 4)) $name"; done > "$OUT/functions.txt"
head -n "$TOP" "$OUT/functions.txt" | awk '{printf "  %5d %s\n", $1, $2}'

# Deepest stack path: per-function frames from .stack_sizes, calls from the disassembly (jal/jalr to symbols).
"$OBJDUMP" -d --no-show-raw-insn "$ELF" > "$OUT/kernel.dis"
"$OBJDUMP" -s -j .stack_sizes "$ELF" > "$OUT/stack_sizes.hex" 2>/dev/null || true
python3 - "$ELF" "$OUT" "$NM" <<'EOF'
import re, subprocess, sys
elf, out, nm = sys.argv[1:4]
addr2name = {}
for line in subprocess.run([nm, elf], capture_output=True, text=True).stdout.splitlines():
    f = line.split()
    if len(f) == 3 and f[1] in "tT":
        addr2name[int(f[0], 16)] = f[2]
# .stack_sizes: pairs of (u32 function address, ULEB128 size)
raw = bytearray()
for line in open(out + "/stack_sizes.hex"):
    m = re.match(r"\s*[0-9a-f]+ ((?:[0-9a-f]{1,8} ){1,4})", line)
    if m:
        for word in m.group(1).split():
            raw += bytes.fromhex(word)
frame, i = {}, 0
while i + 4 < len(raw):
    a = int.from_bytes(raw[i:i + 4], "little"); i += 4
    v, shift = 0, 0
    while True:
        b = raw[i]; i += 1
        v |= (b & 0x7f) << shift; shift += 7
        if b < 0x80: break
    if a in addr2name: frame[addr2name[a]] = v
calls, cur = {}, None
for line in open(out + "/kernel.dis"):
    m = re.match(r"^[0-9a-f]+ <(.+)>:", line)
    if m:
        cur = m.group(1); calls.setdefault(cur, set()); continue
    m = re.search(r"\s(?:jal|j|tail|call)\s.*<([^+>]+)", line)
    if m and cur and m.group(1) != cur and m.group(1) in addr2name.values():
        calls[cur].add(m.group(1))
memo = {}
def deepest(f, seen=()):
    if f in memo: return memo[f]
    if f in seen: return (0, [f + "(recursion!)"])
    best = (0, [])
    for g in calls.get(f, ()):
        d = deepest(g, seen + (f,))
        if d[0] > best[0]: best = d
    r = (frame.get(f, 0) + best[0], [f"{f}({frame.get(f, 0)})"] + best[1])
    memo[f] = r
    return r
d, path = deepest("main")
print(f"deepest stack path from main: {d} bytes: " + " > ".join(path))
EOF
