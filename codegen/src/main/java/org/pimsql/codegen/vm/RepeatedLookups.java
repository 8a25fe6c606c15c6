package org.pimsql.codegen.vm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the primary-key lookups that repeat an earlier one (docs/vm.md "PKFIND again"): a SELECT then an UPDATE of the
 * same row probe it twice, and the second probe needs no MRAM access when, on every path reaching it, the same lookup
 * (table, row buffer, key columns filled by KEY from the same fields) ran last and nothing it depends on changed since:
 * the row buffer's bytes, the key's source fields, and the rows of any table. Such a PKFIND gets
 * {@link VmFormat#FIND_AGAIN}: the kernel returns the offset its tasklet remembered from the last find.
 *
 * <p>A forward must-analysis over the finished program (jumps patched), iterated to its fixpoint with intersection at
 * the joins, so that forward jumps and loops are both handled. The state at an instruction is the set of lookups
 * <em>available</em> there: on every path reaching it, either the lookup ran last and nothing it depends on changed
 * since, or one of its key's source fields is NULL and unchanged since a KEY tested it (a KEY of that field then jumps
 * again, so the lookup's PKFIND is unreachable on that path: this is what lets a SELECT's "no key" path join an UPDATE's
 * without losing the fact). The analysis knows what each operation writes; an operation it does not list as harmless
 * or with a known frame range (row writes, scans, ranges, the exchange, sorts...) makes nothing available.
 *
 * <p>The row buffer after a find that found nothing is never read (the program jumps to its miss label), so a KEY that
 * rewrites its key there is harmless; after a find that found the row, the key columns hold the bytes the KEY wrote
 * (numbers and CHAR compare equal only when their bytes are equal; a VARCHAR key may differ in trailing spaces, so a
 * lookup with a VARCHAR key column is never repeated).
 */
final class RepeatedLookups {
    /**
     * What one PKFIND looks up: its table, its row buffer (frame offset and the table's row bytes) and the pool indexes
     * of the KEY pairs (destination field, source field) that fill its key columns, immediately before it.
     */
    record Lookup(int table, int row, int rowBytes, List<Integer> keys) {}

    /** Operations that write only cells (which lie behind every frame buffer) or change nothing the analysis tracks. */
    private static final Set<Op> HARMLESS = EnumSet.of(Op.NOP, Op.JMP, Op.JT, Op.JF, Op.JFALSE, Op.JNULL, Op.JNN,
            Op.TICK, Op.NULL, Op.INT, Op.INT64, Op.STR, Op.COPY, Op.NOW, Op.LD, Op.ADD, Op.SUB, Op.MUL, Op.DIV, Op.MOD,
            Op.CMP, Op.SCMP, Op.POS, Op.SUBSTR, Op.NEG, Op.ADDI, Op.CMPI, Op.SCALE, Op.FIT, Op.NOT, Op.CLEN, Op.FITS,
            Op.CUT, Op.STON, Op.AND, Op.OR, Op.ISNULL, Op.ELEM, Op.CARD, Op.GETOFF, Op.RSBEGIN, Op.RSROW, Op.RSEND);
    /** The most bytes NTOS writes (a TIMESTAMP's text). */
    private static final int NTOS_BYTES = 26;

    private final List<int[]> code;
    private final List<Integer> pool;
    /** The lookups that may repeat (distinct), by number, and each PKFIND's number (absent: it never repeats). */
    private final List<Lookup> lookups = new ArrayList<>();
    private final Map<Integer, Integer> lookupAt = new HashMap<>();
    /** The key source fields of the lookups (distinct: off, nbit, bytes), by number, and each lookup's sources. */
    private final List<int[]> sources = new ArrayList<>();
    private final List<BitSet> sourcesOf = new ArrayList<>();

    private RepeatedLookups(List<int[]> code, List<Integer> pool) {
        this.code = code;
        this.pool = pool;
    }

    /**
     * Marks the PKFINDs of {@code code} (patched, as {op, a, b, c, x, y}) that repeat an earlier lookup, given what the
     * compiler recorded about each probe ({@code probes}: PKFIND index -> lookup). Returns each marked PKFIND's origin:
     * the instruction that found the row, or -1 when the paths reaching it found it at different instructions.
     */
    static Map<Integer, Integer> mark(List<int[]> code, List<Integer> pool, Map<Integer, Lookup> probes) {
        return new RepeatedLookups(code, pool).run(probes);
    }

    /** The state at one instruction: available lookups, key sources known NULL, and where each available lookup ran. */
    private static final class State {
        final BitSet avail;
        final BitSet nulls;
        /** Per lookup: the PKFIND that found its row, -1 several, -2 none (available only through a NULL key). */
        final int[] origin;

        State(BitSet avail, BitSet nulls, int[] origin) {
            this.avail = avail;
            this.nulls = nulls;
            this.origin = origin;
        }

        State copy() {
            return new State((BitSet) avail.clone(), (BitSet) nulls.clone(), origin.clone());
        }

        /** This state met with {@code o}: whether it changed. */
        boolean meet(State o) {
            boolean changed = false;
            BitSet a = (BitSet) avail.clone();
            a.and(o.avail);
            BitSet n = (BitSet) nulls.clone();
            n.and(o.nulls);
            changed |= !a.equals(avail) || !n.equals(nulls);
            for (int i = 0; i < origin.length; i++) {
                int m = !a.get(i) ? -2 : origin[i] == -2 ? o.origin[i] : o.origin[i] == -2 || o.origin[i] == origin[i]
                        ? origin[i] : -1;
                changed |= m != origin[i];
                origin[i] = m;
            }
            avail.clear();
            avail.or(a);
            nulls.clear();
            nulls.or(n);
            return changed;
        }
    }

    private Map<Integer, Integer> run(Map<Integer, Lookup> probes) {
        BitSet targets = jumpTargets();
        for (var e : probes.entrySet()) {
            if (repeatable(e.getKey(), e.getValue(), targets)) {
                int n = lookups.indexOf(e.getValue());
                if (n < 0) {
                    n = lookups.size();
                    lookups.add(e.getValue());
                    BitSet srcs = new BitSet();
                    for (int k : e.getValue().keys()) {
                        srcs.set(source(k + 2));
                    }
                    sourcesOf.add(srcs);
                }
                lookupAt.put(e.getKey(), n);
            }
        }
        Map<Integer, Integer> again = new LinkedHashMap<>();
        if (lookups.isEmpty()) {
            return again;
        }
        State[] in = new State[code.size()];
        in[0] = new State(new BitSet(), new BitSet(), filled(-2));
        ArrayDeque<Integer> work = new ArrayDeque<>(List.of(0));
        BitSet queued = new BitSet();
        queued.set(0);
        while (!work.isEmpty()) {
            int i = work.poll();
            queued.clear(i);
            for (int[] edge : successors(i, in[i])) {
                int to = edge[0];
                State s = out(i, in[i], edge[1] == 1);
                if (in[to] == null) {
                    in[to] = s;
                } else if (!in[to].meet(s)) {
                    continue;
                }
                if (!queued.get(to)) {
                    queued.set(to);
                    work.add(to);
                }
            }
        }
        for (var e : lookupAt.entrySet()) {
            int at = e.getKey();
            State s = in[at];
            if (s != null && s.avail.get(e.getValue())) {
                code.get(at)[2] |= VmFormat.FIND_AGAIN;
                again.put(at, s.origin[e.getValue()]);
            }
        }
        return again;
    }

    private int[] filled(int v) {
        int[] o = new int[lookups.size()];
        java.util.Arrays.fill(o, v);
        return o;
    }

    /**
     * Whether the PKFIND at {@code at} may repeat or be repeated: it is preceded by exactly its KEYs, entered only at
     * the first of them, no key column is a VARCHAR, and no key is read from the row buffer.
     */
    private boolean repeatable(int at, Lookup l, BitSet targets) {
        int[] find = code.get(at);
        int n = l.keys().size();
        if (find[0] != Op.PKFIND.code() || find[4] != l.row() || find[5] != l.table() || n == 0 || at < n
                || targets.get(at)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            int[] key = code.get(at - n + i);
            if (key[0] != Op.KEY.code() || key[4] != l.keys().get(i) || (i > 0 && targets.get(at - n + i))
                    || kind(key[4]) == VmFormat.K_VARCHAR) {
                return false;
            }
            int[] dst = field(key[4]);
            int[] row = {l.row(), VmFormat.NO_NULL_BIT, l.rowBytes()};
            if (dst[0] < l.row() || dst[0] + dst[2] > l.row() + l.rowBytes() || overlaps(row, field(key[4] + 2))) {
                return false; // (a key read from the row buffer itself would change with the row the find loads)
            }
        }
        return true;
    }

    private BitSet jumpTargets() {
        BitSet t = new BitSet();
        for (int[] ins : code) {
            Op op = Op.values()[ins[0]];
            if ("jump".equals(op.operand("x"))) {
                t.set(ins[4]);
            }
            if ("jump".equals(op.operand("y"))) {
                t.set(ins[5]);
            }
        }
        return t;
    }

    /** Successor edges of instruction i as {target, 1 for the jump edge}. */
    private List<int[]> successors(int i, State s) {
        int[] ins = code.get(i);
        Op op = Op.values()[ins[0]];
        List<int[]> out = new ArrayList<>(2);
        switch (op) {
            case END, SIGNAL -> {
                return out; // the call ends (SIGNAL always fails it)
            }
            case JMP -> {
                out.add(new int[] {ins[4], 1});
                return out;
            }
            default -> {
            }
        }
        if ("jump".equals(op.operand("x"))) {
            out.add(new int[] {ins[4], 1});
        }
        if ("jump".equals(op.operand("y"))) {
            out.add(new int[] {ins[5], 1});
        }
        if (op == Op.KEY) {
            int n = sourceIndex(field(ins[4] + 2));
            if (n >= 0 && s.nulls.get(n)) {
                return out; // its source is NULL: the KEY jumps
            }
        }
        if (i + 1 < code.size()) {
            out.add(new int[] {i + 1, 0});
        }
        return out;
    }

    /** The state after instruction i along its jump edge ({@code jumped}) or its fall-through. */
    private State out(int i, State in, boolean jumped) {
        int[] ins = code.get(i);
        Op op = Op.values()[ins[0]];
        State s = in.copy();
        if (HARMLESS.contains(op) || op == Op.END || op == Op.SIGNAL) {
            return s;
        }
        switch (op) {
            case ST, MV -> write(s, field(ins[4]), -1);
            case KEY -> {
                int[] src = field(ins[4] + 2);
                int n = sourceIndex(src);
                if (jumped) {
                    // nothing was written, and the source is NULL until written: a KEY of it jumps again
                    if (n >= 0 && src[1] != VmFormat.NO_NULL_BIT) {
                        s.nulls.set(n);
                    }
                } else {
                    if (n >= 0) {
                        s.nulls.clear(n);
                    }
                    write(s, field(ins[4]), ins[4]);
                }
            }
            case FILL, PAD -> write(s, new int[] {ins[4], VmFormat.NO_NULL_BIT, ins[5]}, -1);
            case COPYB -> write(s, new int[] {ins[4], VmFormat.NO_NULL_BIT, ins[2] | ins[3] << 8}, -1);
            case NTOS -> write(s, new int[] {ins[4], VmFormat.NO_NULL_BIT, NTOS_BYTES}, -1);
            case CAT -> {
                int h = pool.get(ins[4]);
                write(s, new int[] {h & 0xFFFF, VmFormat.NO_NULL_BIT, h >>> 16}, -1);
            }
            case PKFIND -> {
                Integer n = lookupAt.get(i);
                if (n == null) {
                    return none();
                }
                Lookup l = lookups.get(n);
                int origin = s.avail.get(n) && s.origin[n] != -2 ? s.origin[n] : i;
                write(s, new int[] {l.row(), VmFormat.NO_NULL_BIT, l.rowBytes()}, -1);
                s.avail.clear(); // the kernel remembers the last find only
                java.util.Arrays.fill(s.origin, -2);
                s.avail.set(n);
                s.origin[n] = origin;
            }
            default -> {
                return none(); // a row write, a scan, a range, the exchange...: anything may have changed
            }
        }
        excuse(s);
        return s;
    }

    private State none() {
        return new State(new BitSet(), new BitSet(), filled(-2));
    }

    /** Every lookup one of whose key sources is known NULL is available (its PKFIND cannot be reached). */
    private void excuse(State s) {
        for (int n = 0; n < lookups.size(); n++) {
            if (!s.avail.get(n) && sourcesOf.get(n).intersects(s.nulls)) {
                s.avail.set(n);
                s.origin[n] = -2;
            }
        }
    }

    /**
     * A write of frame bytes [w[0], w[0] + w[2]) and, unless w[1] is NO_NULL_BIT, of frame bit w[1]; {@code keyPair}:
     * the KEY pair that writes it (-1: not a KEY), harmless to the lookups it fills from unchanged sources.
     */
    private void write(State s, int[] w, int keyPair) {
        for (int n = 0; n < sources.size(); n++) {
            if (s.nulls.get(n) && overlaps(w, sources.get(n))) {
                s.nulls.clear(n);
            }
        }
        for (int n = s.avail.nextSetBit(0); n >= 0; n = s.avail.nextSetBit(n + 1)) {
            Lookup l = lookups.get(n);
            boolean hit = keyPair < 0 || !l.keys().contains(keyPair)
                    ? overlaps(w, new int[] {l.row(), VmFormat.NO_NULL_BIT, l.rowBytes()}) : false;
            BitSet srcs = sourcesOf.get(n);
            for (int k = srcs.nextSetBit(0); k >= 0 && !hit; k = srcs.nextSetBit(k + 1)) {
                hit = overlaps(w, sources.get(k));
            }
            if (hit) {
                s.avail.clear(n);
                s.origin[n] = -2;
            }
        }
    }

    /** Whether write w changes field f (both {off, nbit, bytes}): their bytes overlap, or one's NULL bit lies in the other. */
    private static boolean overlaps(int[] w, int[] f) {
        return w[0] < f[0] + f[2] && f[0] < w[0] + w[2] || bitIn(w[1], f) || bitIn(f[1], w)
                || (w[1] != VmFormat.NO_NULL_BIT && w[1] == f[1]);
    }

    private static boolean bitIn(int bit, int[] f) {
        return bit != VmFormat.NO_NULL_BIT && bit / 8 >= f[0] && bit / 8 < f[0] + f[2];
    }

    /** The field descriptor at pool index p as {off, nbit, bytes}. */
    private int[] field(int p) {
        int w0 = pool.get(p);
        int w1 = pool.get(p + 1);
        int kind = w1 & 0xFF;
        int cap = w1 >>> 16;
        int bytes = switch (kind) {
            case VmFormat.K_BOOL -> 1;
            case VmFormat.K_I16 -> 2;
            case VmFormat.K_I32 -> 4;
            case VmFormat.K_CHAR -> cap;
            case VmFormat.K_VARCHAR -> 2 + cap;
            default -> 8;
        };
        return new int[] {w0 & 0xFFFF, w0 >>> 16, bytes};
    }

    private int kind(int p) {
        return pool.get(p + 1) & 0xFF;
    }

    /** The number of the key source field at pool index p, added if new. */
    private int source(int p) {
        int[] f = field(p);
        int n = sourceIndex(f);
        if (n < 0) {
            n = sources.size();
            sources.add(f);
        }
        return n;
    }

    private int sourceIndex(int[] f) {
        for (int n = 0; n < sources.size(); n++) {
            if (java.util.Arrays.equals(sources.get(n), f)) {
                return n;
            }
        }
        return -1;
    }
}
