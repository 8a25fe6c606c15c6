#!/usr/bin/env bash
# Checks PimSQL against an installed UPMEM SDK (docs/upmem.md, "What was verified without hardware"):
#   1. the kernel (runtime-dpu/src/main/c/kernel) compiled against the SDK's DPU headers at 1, 11 and 16 tasklets,
#      with no feature, TPC-C's features and every feature: with the SDK's dpu-upmem-dpurte-clang and the flags of
#      the hardware build (codegen's Toolchain.DPU_FLAGS) when it runs, IRAM read from the ELF; otherwise a
#      syntax and type check with this machine's clang against the same headers (said so in the output);
#   2. the bridge (runtime-host/src/main/c/pimsql_bridge.c) compiled and linked against the SDK's dpu.h and libdpu;
#   3. the Java backend (NativeDpuBackend through that bridge) driven on the SDK's DPUs with a prebuilt ELF:
#      pushes of unequal lengths, a failed push followed by a good one, an asynchronous launch, copies back
#      (runtime-host's UpmemBackendCheck). PIMSQL_DPU_PROFILE is passed to dpu_alloc (default backend=simulator,
#      the SDK's functional simulator; use "" on an UPMEM server).
#
#   scripts/check-upmem.sh SDK_DIR [PROGRAM_ELF] [DPUS]
#     SDK_DIR      the SDK's install directory (bin/dpu-upmem-dpurte-clang, include/dpu/dpu.h, lib/libdpu.so)
#     PROGRAM_ELF  a prebuilt DPU program with QUERY (64 KiB, MRAM) and a 4-byte __host checksum, as
#                  scripts/upmem-check/checksum.c; default: that file built by the SDK's compiler, else the SDK's own
#                  example_code/checksum_example/checksum when the SDK directory has it
#     DPUS         DPUs to allocate (default 64, the most the SDK's functional simulator holds)
# The SDK's libdpu may need libraries of its own (SDK 2020.3: libpython3.6m): set PIMSQL_CHECK_LIBRARY_PATH, or the
# script looks for a pyenv Python 3.6 under $HOME/.pyenv and /root/.pyenv. Output files: target/check-upmem/.
set -uo pipefail
if [ $# -lt 1 ]; then
    sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
SDK=$(cd "$1" && pwd) || { echo "no such directory: $1"; exit 2; }
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/target/check-upmem
PROGRAM=${2:-}
DPUS=${3:-64}
KERNEL=$ROOT/runtime-dpu/src/main/c/kernel
CC=${PIMSQL_CC:-clang}
DPUCC=$SDK/bin/dpu-upmem-dpurte-clang
rm -rf "$OUT"
mkdir -p "$OUT"
# shellcheck source=toolchain.sh
. "$ROOT/scripts/toolchain.sh"
pimsql_select_java || exit 2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

echo "== UPMEM SDK: $SDK"
for f in bin/dpu-upmem-dpurte-clang include/dpu/dpu.h lib/libdpu.so share/upmem/include/syslib/defs.h; do
    if [ -e "$SDK/$f" ]; then echo "  found $f"; else echo "  MISSING $f"; fi
done
libpath=${PIMSQL_CHECK_LIBRARY_PATH:-}
if [ -z "$libpath" ]; then
    for d in "$HOME"/.pyenv/versions/3.6*/lib /root/.pyenv/versions/3.6*/lib; do
        if [ -e "$d/libpython3.6m.so.1.0" ]; then libpath=$d; break; fi
    done
fi
export LD_LIBRARY_PATH="$SDK/lib${libpath:+:$libpath}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
echo "  LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
missing=$(ldd "$SDK/lib/libdpu.so" 2>/dev/null | grep "not found" | awk '{print $1}' | tr '\n' ' ')
[ -n "$missing" ] && echo "  libdpu.so still misses: $missing"

# Feature sets (docs/vm.md "Kernel features") and the stack each gets (codegen's VmLayout.stackBytes).
FEATURE_SETS="0 0x84F 0x5FFFF"
stack_for() { if [ $(($1 & 0x1000)) -ne 0 ]; then echo 1280; else echo 1024; fi; }
# The hardware build's flags: codegen's Toolchain.DPU_FLAGS.
DPU_FLAGS="-std=gnu11 -Oz -flto -ffunction-sections -fdata-sections -Wl,--gc-sections -Wall -Wextra"

echo
echo "== 1. the kernel against the SDK's DPU headers"
dpucc_runs=0
if version=$("$DPUCC" --version 2>&1); then
    dpucc_runs=1
    echo "  $(echo "$version" | head -1)"
else
    echo "  the SDK's DPU compiler does not run here:"
    echo "$version" | head -3 | sed 's/^/    /'
fi
if [ $dpucc_runs -eq 1 ]; then
    for t in 1 11 16; do
        for f in $FEATURE_SETS; do
            s=$(stack_for "$f")
            elf=$OUT/kernel-f$f-t$t.dpu
            if "$DPUCC" $DPU_FLAGS -DNR_TASKLETS=$t -DPIM_FEATURES=$f -DSTACK_SIZE_DEFAULT=$s -I "$KERNEL" \
                "$KERNEL"/*.c -o "$elf" > "$OUT/kernel-f$f-t$t.log" 2>&1; then
                text=$(python3 -c '
import struct, sys
b = open(sys.argv[1], "rb").read()
shoff, = struct.unpack_from("<I", b, 0x20); n, = struct.unpack_from("<H", b, 0x30); k, = struct.unpack_from("<H", b, 0x32)
names = struct.unpack_from("<I", b, shoff + 40 * k + 16)[0]
for i in range(n):
    name, size = struct.unpack_from("<I", b, shoff + 40 * i)[0], struct.unpack_from("<I", b, shoff + 40 * i + 20)[0]
    if b[names + name:b.index(b"\0", names + name)] == b".text": print(size)' "$elf")
                insns=$((text / 8))
                warn=$(grep -c "warning:" "$OUT/kernel-f$f-t$t.log")
                if [ "$insns" -le 4096 ]; then
                    echo "  ok    tasklets=$t features=$f stack=$s: $insns of 4096 IRAM instructions, $warn warnings"
                else
                    fail "tasklets=$t features=$f: $insns IRAM instructions > 4096"
                fi
            else
                fail "tasklets=$t features=$f: the SDK's compiler failed:"
                head -20 "$OUT/kernel-f$f-t$t.log" | sed 's/^/    /'
            fi
        done
    done
else
    # Same headers, this machine's clang: proves every declaration, type, address space and static assertion the
    # kernel meets in the SDK's headers (BARRIER_INIT's signed byte count among them), not the DPU's code generation.
    # The DPU compiler's own builtins are declared for it; 64-bit pointers make pointer<->uintptr_t casts warn, so
    # those four warnings are off (on the DPU pointers are 32 bits, as the SDK's uintptr_t).
    cat > "$OUT/dpu_builtins.h" <<'EOF'
unsigned int __builtin_dpu_tid(void);
void __builtin_dpu_ldma(void *to, const __attribute__((address_space(255))) void *from, unsigned int n);
void __builtin_dpu_sdma(const void *from, __attribute__((address_space(255))) void *to, unsigned int n);
EOF
    resource=$("$CC" -print-resource-dir)/include
    echo "  instead: $($CC --version | head -1), -fsyntax-only, only the SDK's DPU headers (share/upmem/include/{stdlib,syslib})"
    for t in 1 11 16; do
        for f in $FEATURE_SETS; do
            s=$(stack_for "$f")
            log=$OUT/kernel-f$f-t$t.log
            : > "$log"
            ok=1
            for src in "$KERNEL"/*.c; do
                "$CC" -std=gnu11 --target=x86_64-unknown-linux-gnu -ffreestanding -fsyntax-only -nostdinc \
                    -include "$OUT/dpu_builtins.h" -isystem "$SDK/share/upmem/include/stdlib" \
                    -isystem "$SDK/share/upmem/include/syslib" -isystem "$resource" \
                    -DNR_TASKLETS=$t -DPIM_FEATURES=$f -DSTACK_SIZE_DEFAULT=$s -Wall -Wextra -Werror \
                    -Wno-pointer-to-int-cast -Wno-void-pointer-to-int-cast -Wno-int-to-pointer-cast \
                    -Wno-int-to-void-pointer-cast -I "$KERNEL" "$src" >> "$log" 2>&1 || ok=0
            done
            if [ $ok -eq 1 ]; then
                echo "  ok    tasklets=$t features=$f stack=$s: $(ls "$KERNEL"/*.c | wc -l) sources, no error, no warning"
            else
                fail "tasklets=$t features=$f against the SDK's headers:"
                head -20 "$log" | sed 's/^/    /'
            fi
        done
    done
    echo "  NOT checked here: DPU code generation, the link, the real IRAM size (the SDK's compiler did not run)"
fi

echo
echo "== 2. the bridge against the SDK's dpu.h and libdpu"
async=""
printf '#include <dpu.h>\nint probe = (int)DPU_XFER_ASYNC;\n' > "$OUT/probe.c"
if "$CC" -std=gnu11 -fsyntax-only -I "$SDK/include/dpu" "$OUT/probe.c" > /dev/null 2>&1; then
    async="-DPIMSQL_BRIDGE_XFER_ASYNC=1"
    echo "  dpu.h has DPU_XFER_ASYNC: one asynchronous push per rank"
else
    echo "  dpu.h has no DPU_XFER_ASYNC: one push over the whole set"
fi
bridge=$OUT/libpimsql_upmem.so
cmd=("$CC" -std=gnu11 -O2 -g -fPIC -shared -Wall -Wextra -Werror $async -I "$SDK/include/dpu"
    "$ROOT/runtime-host/src/main/c/pimsql_bridge.c" -L"$SDK/lib" -Wl,-rpath,"$SDK/lib" -ldpu -o "$bridge")
echo "  ${cmd[*]}"
if "${cmd[@]}" > "$OUT/bridge.log" 2>&1; then
    exported=$(nm -D --defined-only "$bridge" | grep -c " T pimsql_bridge_")
    needs=$(readelf -d "$bridge" | grep NEEDED | grep -o "libdpu[^]]*")
    echo "  ok    built with no warning; exports $exported pimsql_bridge_* functions; needs $needs"
    if ldd "$bridge" | grep -q "not found"; then
        fail "the bridge's libraries do not all resolve: $(ldd "$bridge" | grep 'not found' | tr -s ' ')"
    else
        echo "  ok    every library it needs resolves (ldd)"
    fi
else
    fail "the bridge did not build:"
    sed 's/^/    /' "$OUT/bridge.log" | head -20
fi

echo
echo "== 3. the Java backend on the SDK's DPUs"
if [ -z "$PROGRAM" ]; then
    if [ $dpucc_runs -eq 1 ] && "$DPUCC" -O2 -DNR_TASKLETS=1 "$ROOT/scripts/upmem-check/checksum.c" -o "$OUT/checksum.dpu" \
        > "$OUT/checksum.log" 2>&1; then
        PROGRAM=$OUT/checksum.dpu
        echo "  program: scripts/upmem-check/checksum.c built by the SDK's compiler"
    elif [ -f "$SDK/example_code/checksum_example/checksum" ]; then
        PROGRAM=$SDK/example_code/checksum_example/checksum
        echo "  program: the SDK directory's prebuilt example_code/checksum_example/checksum"
    fi
fi
if [ -z "$PROGRAM" ]; then
    fail "no DPU program to run: pass a prebuilt checksum ELF as the second argument"
else
    echo "  program: $PROGRAM ($(file -b "$PROGRAM" | cut -d, -f1-2))"
    export MAVEN_OPTS="${MAVEN_OPTS:-}"
    (cd "$ROOT" && mvn -o -q -pl runtime-host -am install -DskipTests > "$OUT/mvn.log" 2>&1 \
        && mvn -o -q -pl runtime-host test-compile dependency:build-classpath -Dmdep.includeScope=test \
            -Dmdep.outputFile="$OUT/classpath.txt" >> "$OUT/mvn.log" 2>&1) || { fail "maven build failed"; tail -20 "$OUT/mvn.log"; }
    if [ -f "$OUT/classpath.txt" ]; then
        cp="$ROOT/runtime-host/target/test-classes:$ROOT/runtime-host/target/classes:$(cat "$OUT/classpath.txt")"
        # The bridge BridgeBuilder builds is cached under PIMSQL_HOME: keep it with this check's files.
        if PIMSQL_HOME=$OUT/home PIMSQL_DPU_PROFILE=${PIMSQL_DPU_PROFILE-backend=simulator} \
            "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$cp" org.pimsql.host.backend.UpmemBackendCheck \
            "$SDK" "$PROGRAM" "$DPUS" > "$OUT/java.log" 2>&1; then
            sed 's/^/  /' "$OUT/java.log"
        else
            fail "the Java backend check failed:"
            sed 's/^/    /' "$OUT/java.log" | tail -30
        fi
    fi
fi

echo
if [ $failures -eq 0 ]; then echo "check-upmem: all checks passed"; else echo "check-upmem: $failures check(s) FAILED"; fi
exit $((failures > 0))
