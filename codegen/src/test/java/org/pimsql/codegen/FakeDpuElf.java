package org.pimsql.codegen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a DPU-like ELF for tests: a 32-bit little-endian header and the section table of an SDK-built program (no
 * content: only the section headers are read). The layout follows what the SDK's linker produces (IRAM .text at
 * 0x80000000, WRAM data from 0, MRAM from 0x08000000), so no SDK file is needed.
 */
final class FakeDpuElf {
    record Section(String name, int type, int flags, long addr, long size) {}

    static final int PROGBITS = 1;
    static final int NOBITS = 8;
    static final int ALLOC = 0x2;
    static final int WRITE = 0x1;
    static final int EXEC = 0x4;

    private final List<Section> sections = new ArrayList<>();

    FakeDpuElf section(String name, int type, int flags, long addr, long size) {
        sections.add(new Section(name, type, flags, addr, size));
        return this;
    }

    /** A program with {@code instructions} instructions of code and {@code wram} bytes of WRAM data and stacks. */
    static FakeDpuElf program(int instructions, int wram) {
        return new FakeDpuElf().section(".text", PROGBITS, ALLOC | EXEC, 0x8000_0000L, 8L * instructions)
                .section(".atomic", PROGBITS, ALLOC | EXEC, 0xF000_0000L, 200)
                .section(".data", PROGBITS, ALLOC | WRITE, 0, wram - 1028)
                .section(".data.stacks", PROGBITS, ALLOC | WRITE, wram - 1028, 1028)
                .section(".mram.noinit", NOBITS, ALLOC | WRITE, 0x0800_0000L, 65536)
                .section(".stack_sizes", PROGBITS, 0x80, 0, 26);
    }

    byte[] bytes() {
        var names = new StringBuilder("\0");
        List<Integer> offsets = new ArrayList<>();
        for (Section s : sections) {
            offsets.add(names.length());
            names.append(s.name()).append('\0');
        }
        int shstrName = names.length();
        names.append(".shstrtab\0");
        byte[] strtab = names.toString().getBytes(StandardCharsets.US_ASCII);
        int strOffset = 52;
        int shoff = (strOffset + strtab.length + 3) & ~3;
        int count = sections.size() + 2;
        ByteBuffer b = ByteBuffer.allocate(shoff + 40 * count).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {0x7F, 'E', 'L', 'F', 1, 1, 1, 0});
        b.putShort(16, (short) 2).putShort(18, (short) 0xDC).putInt(20, 1).putInt(32, shoff);
        b.putShort(40, (short) 52).putShort(46, (short) 40).putShort(48, (short) count).putShort(50, (short) (count - 1));
        b.put(strOffset, strtab);
        for (int i = 0; i < sections.size(); i++) {
            Section s = sections.get(i);
            header(b, shoff + 40 * (i + 1), offsets.get(i), s.type(), s.flags(), s.addr(), 0, s.size());
        }
        header(b, shoff + 40 * (count - 1), shstrName, 3, 0, 0, strOffset, strtab.length);
        return b.array();
    }

    private static void header(ByteBuffer b, int at, int name, int type, int flags, long addr, int offset, long size) {
        b.putInt(at, name).putInt(at + 4, type).putInt(at + 8, flags).putInt(at + 12, (int) addr)
                .putInt(at + 16, offset).putInt(at + 20, (int) size);
    }

    Path write(Path file) {
        try {
            Files.write(file, bytes());
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
