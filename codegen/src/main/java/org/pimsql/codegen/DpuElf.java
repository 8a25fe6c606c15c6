package org.pimsql.codegen;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The sizes of a DPU program read from its ELF section headers: IRAM (the {@code .text} section, 8 bytes per
 * instruction in the ELF: shared/upmem.md, "IRAM"), WRAM (every allocated section the linker placed below MRAM:
 * globals, {@code .rodata} and the tasklets' stacks) and MRAM globals.
 *
 * <p>Hand-written because only the section table of a 32-bit little-endian ELF is needed (a few dozen lines), and
 * the SDK's own {@code llvm-size} may not run where the kernel is checked; no maintained Java ELF reader is among the
 * project's dependencies.
 */
public record DpuElf(int iramInstructions, int wramBytes, long mramBytes) {
    /** A DPU's IRAM, in instructions (v1A). */
    public static final int IRAM_INSTRUCTIONS = 4096;
    /** A DPU's WRAM, in bytes. */
    public static final int WRAM_BYTES = 64 * 1024;
    /** Bytes of one DPU instruction in the ELF's .text. */
    static final int INSTRUCTION_BYTES = 8;
    /** Where the DPU linker script puts MRAM (below: WRAM; IRAM and the atomic bits sit far above). */
    static final long MRAM_BASE = 0x0800_0000L;
    private static final int SHF_ALLOC = 0x2;
    private static final int SHF_EXECINSTR = 0x4;
    private static final int SHT_NOBITS = 8;

    public static DpuElf read(Path elf) throws IOException {
        byte[] bytes = Files.readAllBytes(elf);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < 52 || b.getInt(0) != 0x464C457F || bytes[4] != 1 || bytes[5] != 1) {
            throw new IOException(elf + " is not a 32-bit little-endian ELF file (a DPU program)");
        }
        long shoff = Integer.toUnsignedLong(b.getInt(0x20));
        int shentsize = Short.toUnsignedInt(b.getShort(0x2E));
        int shnum = Short.toUnsignedInt(b.getShort(0x30));
        int shstrndx = Short.toUnsignedInt(b.getShort(0x32));
        if (shentsize < 40 || shstrndx >= shnum || shoff + (long) shnum * shentsize > bytes.length) {
            throw new IOException(elf + " has no usable section headers");
        }
        int namesOffset = b.getInt((int) shoff + shstrndx * shentsize + 16);
        long text = 0;
        long wram = 0;
        long mram = 0;
        for (int i = 0; i < shnum; i++) {
            int h = (int) shoff + i * shentsize;
            String name = cString(bytes, namesOffset + b.getInt(h));
            int type = b.getInt(h + 4);
            int flags = b.getInt(h + 8);
            long addr = Integer.toUnsignedLong(b.getInt(h + 12));
            long size = Integer.toUnsignedLong(b.getInt(h + 20));
            if (name.equals(".text")) {
                text += size;
            } else if ((flags & SHF_ALLOC) != 0 && (flags & SHF_EXECINSTR) == 0 && size > 0) {
                if (addr >= MRAM_BASE && addr < 2 * MRAM_BASE) {
                    mram += size;
                } else if (addr < MRAM_BASE) {
                    wram = Math.max(wram, addr + size); // WRAM sections are laid out from address 0
                }
            }
            if (type == SHT_NOBITS && name.equals(".text")) {
                throw new IOException(elf + ": .text holds no code");
            }
        }
        if (text == 0) {
            throw new IOException(elf + " has no .text section");
        }
        return new DpuElf((int) ((text + INSTRUCTION_BYTES - 1) / INSTRUCTION_BYTES), (int) wram, mram);
    }

    private static String cString(byte[] bytes, int at) throws IOException {
        if (at < 0 || at >= bytes.length) {
            throw new IOException("bad section name offset " + at);
        }
        int end = at;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, at, end - at, java.nio.charset.StandardCharsets.US_ASCII);
    }
}
