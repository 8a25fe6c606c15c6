package org.pimsql.codegen.vm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds one procedure's program (docs/vm.md "Instructions"): eight-byte instructions, jump labels, and the pool of
 * u32 words that descriptors and literals live in (equal entries are stored once). Pool word 0 is reserved for the
 * cells' frame offset and count, known only when the procedure is complete.
 */
final class Assembler {
    private final List<int[]> code = new ArrayList<>();
    private final List<Label> jumps = new ArrayList<>();
    private final List<Integer> jumpAt = new ArrayList<>();
    /** The operand each jump's target goes into: 4 for x, 5 for y. */
    private final List<Integer> jumpSlot = new ArrayList<>();
    private final List<Integer> pool = new ArrayList<>(List.of(0));
    private final Map<List<Integer>, Integer> poolIndex = new HashMap<>();
    /** Source notes (statement headers) by the instruction they precede, for listings. */
    private final Map<Integer, List<String>> notes = new HashMap<>();

    int size() {
        return code.size();
    }

    /** Records a listing note (a statement's position and text) before the next instruction. */
    void note(String text) {
        notes.computeIfAbsent(code.size(), k -> new ArrayList<>()).add(text);
    }

    Map<Integer, List<String>> notes() {
        return notes;
    }

    void emit(Op op, int a, int b, int c, int x, int y) {
        check(op, "a", a, 0xFF);
        check(op, "b", b, 0xFF);
        check(op, "c", c, 0xFF);
        check(op, "x", x, 0xFFFF);
        check(op, "y", y, 0xFFFF);
        if (!pendingNames.isEmpty()) {
            instructionNames.put(code.size(), pendingNames);
            pendingNames = new HashMap<>();
        }
        code.add(new int[] {op.code(), a, b, c, x, y});
    }

    private static void check(Op op, String slot, int v, int max) {
        if (v < 0 || v > max) {
            throw new IllegalArgumentException(op + " operand " + slot + " out of range: " + v);
        }
    }

    void emit(Op op) {
        emit(op, 0, 0, 0, 0, 0);
    }

    /** An instruction whose x operand is the label's instruction index, patched when the program is finished. */
    void jump(Op op, int a, Label target) {
        jumpX(op, a, 0, 0, 0, target);
    }

    /** An instruction with operands a, b, c and y whose x is the label's instruction index. */
    void jumpX(Op op, int a, int b, int c, int y, Label target) {
        jumps.add(target);
        jumpAt.add(code.size());
        jumpSlot.add(4);
        emit(op, a, b, c, 0, y);
    }

    /** An instruction with operands a, b, c and x whose y is the label's instruction index. */
    void jumpY(Op op, int a, int b, int c, int x, Label target) {
        jumps.add(target);
        jumpAt.add(code.size());
        jumpSlot.add(5);
        emit(op, a, b, c, x, 0);
    }

    void bind(Label l) {
        if (l.target >= 0) {
            throw new IllegalStateException("label bound twice");
        }
        l.target = code.size();
    }

    Label here() {
        Label l = new Label();
        bind(l);
        return l;
    }

    /** The pool index of {@code words} (stored once per distinct content). */
    int pool(int... words) {
        List<Integer> key = Arrays.stream(words).boxed().toList();
        Integer at = poolIndex.get(key);
        if (at != null) {
            return at;
        }
        int index = pool.size();
        if (index + words.length > 0xFFFF) {
            throw new IllegalStateException("program pool exceeds 65,535 words");
        }
        pool.addAll(key);
        poolIndex.put(key, index);
        return index;
    }

    /**
     * The pool index of {@code words} placed at an 8-byte aligned address (the pool starts 8-byte aligned after the
     * instructions): an entry the kernel may send by DMA straight from WRAM. Stored once per distinct content.
     */
    int poolAligned(int... words) {
        List<Integer> key = new ArrayList<>(Arrays.stream(words).boxed().toList());
        key.add(0, Integer.MIN_VALUE); // (a key of its own: an equal unaligned entry would not do)
        Integer at = poolIndex.get(key);
        if (at != null) {
            return at;
        }
        if (pool.size() % 2 != 0) {
            pool.add(0);
        }
        int index = pool.size();
        if (index + words.length > 0xFFFF) {
            throw new IllegalStateException("program pool exceeds 65,535 words");
        }
        for (int w : words) {
            pool.add(w);
        }
        poolIndex.put(key, index);
        return index;
    }

    int fd(Fd f) {
        int at = pool(f.words());
        name(at, f.name());
        return at;
    }

    /** Two field descriptors in a row (KEY's destination, then its source). */
    int fdPair(Fd to, Fd from) {
        int[] w = new int[4];
        System.arraycopy(to.words(), 0, w, 0, 2);
        System.arraycopy(from.words(), 0, w, 2, 2);
        int at = pool(w);
        name(at, to.name());
        name(at + 2, from.name());
        return at;
    }

    /**
     * What pool entries hold (a field's variable or column), for listings: by the instruction that uses them first, as
     * equal descriptors of different tables share one entry, then by entry.
     */
    private final Map<Integer, String> names = new HashMap<>();
    private final Map<Integer, Map<Integer, String>> instructionNames = new HashMap<>();
    private Map<Integer, String> pendingNames = new HashMap<>();

    private void name(int at, String name) {
        if (name != null) {
            names.putIfAbsent(at, name);
            pendingNames.putIfAbsent(at, name);
        }
    }

    String nameOf(int instruction, int poolIndex) {
        String n = instructionNames.getOrDefault(instruction, Map.of()).get(poolIndex);
        return n != null ? n : names.get(poolIndex);
    }

    /** Bytes, little-endian words, padded with zeros to a multiple of 4. */
    int bytes(byte[] b) {
        int[] w = new int[(b.length + 3) / 4];
        for (int i = 0; i < b.length; i++) {
            w[i / 4] |= (b[i] & 0xFF) << (8 * (i % 4));
        }
        return pool(w.length == 0 ? new int[] {0} : w);
    }

    /** What each PKFIND emitted by a primary-key probe looks up, by its instruction (RepeatedLookups). */
    private final Map<Integer, RepeatedLookups.Lookup> lookups = new HashMap<>();
    /** The PKFINDs marked FIND_AGAIN, with the instruction that found their row (-1: several), for listings. */
    private Map<Integer, Integer> again = Map.of();

    /** Records that the PKFIND at {@code at} looks up {@code l}. */
    void lookup(int at, RepeatedLookups.Lookup l) {
        lookups.put(at, l);
    }

    /** The instruction that found the row of the repeated PKFIND at {@code at}, -1 for several, or null. */
    Integer againOf(int at) {
        return again.get(at);
    }

    /**
     * Finishes the program: patches jumps, marks the repeated lookups (RepeatedLookups) and pool word 0; returns
     * instructions then pool, padded to 8 bytes.
     */
    byte[] finish(int cellsOffset, int cells) {
        for (int i = 0; i < jumps.size(); i++) {
            Label l = jumps.get(i);
            if (l.target < 0) {
                throw new IllegalStateException("jump to an unbound label");
            }
            code.get(jumpAt.get(i))[jumpSlot.get(i)] = l.target;
        }
        again = RepeatedLookups.mark(code, pool, lookups);
        if (code.size() > 0xFFFF) {
            throw new IllegalStateException("program exceeds 65,535 instructions");
        }
        pool.set(0, cellsOffset | cells << 16);
        int bytes = code.size() * VmFormat.INSTRUCTION_BYTES + (pool.size() * 4 + 7) / 8 * 8;
        ByteBuffer out = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int[] ins : code) {
            out.put((byte) ins[0]).put((byte) ins[1]).put((byte) ins[2]).put((byte) ins[3])
                    .putShort((short) ins[4]).putShort((short) ins[5]);
        }
        for (int w : pool) {
            out.putInt(w);
        }
        return out.array();
    }

    /** The emitted instruction at {@code index} as {op, a, b, c, x, y}; changing it changes the program. */
    int[] at(int index) {
        return code.get(index);
    }

    /** The instructions as {op, a, b, c, x, y} (after {@link #finish}), for listings. */
    List<int[]> instructions() {
        return code;
    }

    List<Integer> poolWords() {
        return pool;
    }
}
