package org.pimsql.codegen;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The IRAM and WRAM needs of a linked proxy program (rv32i, one 4-byte word per instruction).
 *
 * <p>instructions = .text bytes / 4 + {@link #ALLOWANCE} for each helper the program calls but the proxy
 * link leaves unresolved (compiler-rt arithmetic, the C library's mem* routines, the DPU runtime's own
 * entry points) + {@link #STARTUP} for the DPU runtime's boot code. Figures are instructions of the
 * UPMEM SDK's implementations; see docs/iram.md and docs/iram-calibration.md.
 */
record IramEstimate(int textBytes, int instructions, int wramBytes, Map<String, Integer> allowances,
                    Map<String, Integer> symbolInstructions, String toolchain) {

    /**
     * Sizes of the UPMEM SDK 2025.1 runtime's helpers (symbol size / 8, see docs/iram-calibration.md);
     * a division wrapper also counts the {@code __udiv64} routine it calls (55). The 32-bit {@code mod}
     * wrappers' callees were not traced, so they keep a conservative figure.
     */
    static final Map<String, Integer> ALLOWANCE = Map.ofEntries(
            Map.entry("__mulsi3", 40), Map.entry("__muldi3", 123), Map.entry("__mulodi4", 120),
            Map.entry("__divsi3", 51), Map.entry("__udivsi3", 35), Map.entry("__modsi3", 50), Map.entry("__umodsi3", 40),
            Map.entry("__divdi3", 89), Map.entry("__udivdi3", 61), Map.entry("__moddi3", 89), Map.entry("__umoddi3", 61),
            Map.entry("__ashldi3", 17), Map.entry("__lshrdi3", 17), Map.entry("__ashrdi3", 17),
            Map.entry("memcpy", 45), Map.entry("memset", 35), Map.entry("memmove", 62), Map.entry("memcmp", 11),
            Map.entry("mram_read", 8), Map.entry("mram_write", 8), Map.entry("me", 2), Map.entry("halt", 2),
            Map.entry("pimsim_assert_fail", 4), Map.entry("pimsim_mram_heap_pointer", 0),
            // synchronisation of concurrent tasklets: the SDK's mutex_lock/unlock are one acquire/release
            // instruction each (inline); barrier_wait is a runtime function (acquire, count, wake the queue)
            Map.entry("mutex_lock", 2), Map.entry("mutex_unlock", 2), Map.entry("barrier_wait", 40),
            // the WRAM heap (pim_exec.c lays it out at every launch): the SDK's alloc.c, mem_alloc takes the heap
            // lock, rounds and bumps the heap pointer with an overflow check and releases the lock; mem_reset stores
            // the pointer's reset value. About 12 and 6 DPU instructions, counted from that source, not measured on
            // the SDK's object (scripts/kernel-iram.sh charges the same)
            Map.entry("mem_alloc", 12), Map.entry("mem_reset", 6));
    /** Helpers not in the table are charged this much (a conservative guess for an unknown libcall). */
    static final int UNKNOWN_HELPER = 100;
    /** The DPU runtime's boot code (stack and tasklet setup, halt). */
    static final int STARTUP = 64;

    /** The figures an estimate adds to the proxy's code, as text: part of a cached estimate's key (KernelBuild). */
    static String rules() {
        return new TreeMap<>(ALLOWANCE) + " unknown " + UNKNOWN_HELPER + " startup " + STARTUP;
    }

    static IramEstimate measure(Path elf, int tasklets, int stackBytes, Toolchain.ProxyTools tools)
            throws IOException, BuildException {
        Path dir = elf.getParent();
        String sizes = Toolchain.run(List.of(tools.size(), "-A", elf.toString()), dir, "llvm-size");
        int text = 0;
        int data = 0;
        for (String line : sizes.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 3 || !f[1].matches("\\d+")) {
                continue;
            }
            int size = Integer.parseInt(f[1]);
            if (f[0].startsWith(".text")) {
                text += size;
            } else if (f[0].startsWith(".data") || f[0].startsWith(".bss") || f[0].startsWith(".rodata")
                    || f[0].startsWith(".sdata") || f[0].startsWith(".sbss") || f[0].startsWith(".srodata")) {
                data += size;
            }
        }
        Map<String, Integer> allowances = new TreeMap<>();
        String undefined = Toolchain.run(List.of(tools.nm(), "-u", elf.toString()), dir, "llvm-nm");
        for (String line : undefined.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 2 && f[0].equals("U")) {
                allowances.put(f[1], ALLOWANCE.getOrDefault(f[1], UNKNOWN_HELPER));
            }
        }
        Map<String, Integer> symbols = new TreeMap<>();
        String nm = Toolchain.run(List.of(tools.nm(), "--print-size", elf.toString()), dir, "llvm-nm");
        for (String line : nm.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 4 && (f[2].equals("t") || f[2].equals("T"))) {
                symbols.merge(f[3], (Integer.parseInt(f[1], 16) + 3) / 4, Integer::sum);
            }
        }
        int extra = STARTUP + allowances.values().stream().mapToInt(Integer::intValue).sum();
        return new IramEstimate(text, (text + 3) / 4 + extra, data + tasklets * stackBytes, allowances, symbols,
                tools.note() + ", machine outliner off");
    }

    /** Instructions of the functions whose names start with {@code prefix} (a procedure's own code). */
    int instructionsWithPrefix(String prefix) {
        return symbolInstructions.entrySet().stream().filter(e -> e.getKey().startsWith(prefix))
                .mapToInt(Map.Entry::getValue).sum();
    }
}
