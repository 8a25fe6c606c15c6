package org.pimsql.codegen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A kernel's IRAM and WRAM on the rv32 proxy (docs/iram.md): {@code instructions} of the 4,096 a DPU holds (machine
 * outliner off, allowances for runtime helpers included), {@code wramBytes} of its globals, read-only data and
 * stacks, and the largest functions.
 */
public record KernelEstimate(int instructions, int wramBytes, Map<String, Integer> functions, String toolchain) {
    static KernelEstimate of(IramEstimate e) {
        var top = new LinkedHashMap<String, Integer>();
        e.symbolInstructions().entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(40)
                .forEach(x -> top.put(x.getKey(), x.getValue()));
        return new KernelEstimate(e.instructions(), e.wramBytes(), top, e.toolchain());
    }

    String text() {
        var sb = new StringBuilder();
        sb.append("instructions ").append(instructions).append('\n');
        sb.append("wram ").append(wramBytes).append('\n');
        sb.append("toolchain ").append(toolchain.replace('\n', ' ')).append('\n');
        functions.forEach((k, v) -> sb.append("function ").append(k).append(' ').append(v).append('\n'));
        return sb.toString();
    }

    static KernelEstimate read(Path file) throws IOException {
        int instructions = -1;
        int wram = -1;
        String toolchain = "";
        var functions = new LinkedHashMap<String, Integer>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split(" ", 3);
            switch (f[0]) {
                case "instructions" -> instructions = Integer.parseInt(f[1]);
                case "wram" -> wram = Integer.parseInt(f[1]);
                case "toolchain" -> toolchain = line.substring("toolchain ".length());
                case "function" -> functions.put(f[1], Integer.parseInt(f[2]));
                default -> { }
            }
        }
        return new KernelEstimate(instructions, wram, functions, toolchain);
    }
}
