package org.pimsql.codegen.vm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.ir.Procedure;

/**
 * A procedure's program as text, as SQLite's EXPLAIN prints a VDBE program: each statement's source position and
 * text, then its instructions with their operands decoded (cells as {@code rN}, fields by the variable or column
 * they hold, jumps by target). {@code pimsql explain PROC} prints it.
 */
public final class Listing {
    private final java.util.function.Supplier<List<String>> lines;

    private Listing(java.util.function.Supplier<List<String>> lines) {
        this.lines = lines;
    }

    /** The listing's lines, made when first asked for (compiling a schema at every DDL statement needs none). */
    public List<String> lines() {
        return lines.get();
    }

    static Listing of(Procedure proc, Assembler asm) {
        var made = new java.util.concurrent.atomic.AtomicReference<List<String>>();
        return new Listing(() -> made.updateAndGet(l -> l != null ? l : List.copyOf(make(asm))));
    }

    private static List<String> make(Assembler asm) {
        var out = new ArrayList<String>();
        List<int[]> code = asm.instructions();
        List<Integer> pool = asm.poolWords();
        Map<Integer, List<String>> notes = asm.notes();
        for (int i = 0; i < code.size(); i++) {
            for (String n : notes.getOrDefault(i, List.of())) {
                out.add("     -- " + oneLine(n));
            }
            int[] ins = code.get(i);
            Op op = Op.values()[ins[0]];
            out.add(String.format("%5d  %-8s %s", i, op.name(), operands(op, ins, pool, asm, i)));
        }
        return out;
    }

    private static String oneLine(String s) {
        String t = s.replaceAll("\\s+", " ").strip();
        return t.length() > 160 ? t.substring(0, 157) + "..." : t;
    }

    private static String operands(Op op, int[] ins, List<Integer> pool, Assembler asm, int index) {
        var parts = new ArrayList<String>();
        for (String part : op.operands.isEmpty() ? new String[0] : op.operands.split(" ")) {
            String slot = part.substring(0, part.indexOf(':'));
            String kind = part.substring(part.indexOf(':') + 1);
            boolean optional = kind.endsWith("?");
            kind = optional ? kind.substring(0, kind.length() - 1) : kind;
            int v = switch (slot) {
                case "a" -> ins[1];
                case "b" -> ins[2];
                case "c" -> ins[3];
                case "x" -> ins[4];
                case "y" -> ins[5];
                default -> ins[2] | ins[3] << 8; // bc
            };
            if (optional && (v == VmFormat.NO_OPERAND || (kind.equals("cell") && slot.length() == 1 && "abc".contains(slot)
                    && v == VmFormat.NO_CELL))) {
                continue;
            }
            parts.add(switch (kind) {
                case "cell" -> v == VmFormat.NO_CELL ? "-" : "r" + v;
                case "jump" -> "->" + v;
                case "field" -> field(v, pool, asm, index);
                case "frame" -> "@" + v;
                case "table" -> "table " + v;
                case "bytes" -> quoted(pool, v, ins[5]);
                case "state" -> "'" + text(pool, v, 5) + "'";
                case "int64" -> Long.toString((pool.get(v) & 0xFFFFFFFFL) | (long) pool.get(v + 1) << 32);
                case "lo" -> Integer.toString((int) ((ins[4] | ins[5] << 16)));
                case "hi" -> null;
                case "slot" -> "route slot @" + v + " INTEGER";
                case "truncate" -> v == 0 ? null : "dropping what passes the capacity";
                case "imm" -> Short.toString((short) v);
                case "skip" -> v == 0 ? null : "skip " + v;
                case "find" -> find(v, asm.againOf(index));
                case "kept" -> v == 0 ? null : "before image kept by its PKFIND";
                case "write" -> v == 0 ? null : "a write (elsewhere: names its owner)";
                case "keypair" -> field(v, pool, asm, index) + " <- " + field(v + 2, pool, asm, index);
                case "cat" -> cat(v, ins[3], pool);
                case "rel" -> List.of("=", "<>", "<", "<=", ">", ">=").get(v);
                case "side" -> List.of("-", "leading", "trailing", "both").get(v);
                case "case" -> ((v & 1) == 0 ? "lower" : "upper") + " into " + (v >> 1) + " bytes";
                case "part" -> org.pimsql.frontend.ir.Expr.DatePart.values()[v].name().toLowerCase(java.util.Locale.ROOT);
                case "scale" -> "scale " + (v & 31) + "->" + ((v >> 5) & 31) + ((v & VmFormat.SCALE_ROUND) != 0 ? " round" : "");
                case "format" -> v == VmFormat.TEXT_BOOLEAN ? "boolean" : v == VmFormat.TEXT_TIMESTAMP ? "timestamp"
                        : "scale " + (v & ~VmFormat.TEXT_ROUND) + ((v & VmFormat.TEXT_ROUND) != 0 ? " round" : "");
                default -> kind + " " + v;
            });
        }
        parts.removeIf(java.util.Objects::isNull);
        return String.join(", ", parts);
    }

    /** PKFIND's b: whether it repeats an earlier lookup (and which) and keeps the before image. */
    private static String find(int b, Integer origin) {
        var parts = new ArrayList<String>();
        if ((b & VmFormat.FIND_AGAIN) != 0) {
            parts.add(origin != null && origin >= 0 ? "again (row from instruction " + origin + ")"
                    : "again (the row of an identical earlier lookup)");
        }
        if ((b & VmFormat.FIND_KEEP) != 0) {
            parts.add("keeping the before image");
        }
        return parts.isEmpty() ? null : String.join(", ", parts);
    }

    /** CAT's buffer and parts: {@code @buf[cap] = r1 || r2(scale 2, cut 10)}. */
    private static String cat(int at, int count, List<Integer> pool) {
        int h = pool.get(at);
        var parts = new ArrayList<String>();
        for (int i = 0; i < count; i++) {
            int w = pool.get(at + 1 + i);
            int fmt = (w >> 8) & 0xFF;
            int cut = w >>> 16;
            if (fmt == VmFormat.PART_LITERAL) {
                parts.add(quoted(pool, cut, w & 0xFF));
                continue;
            }
            String how = fmt == VmFormat.PART_STRING ? "" : fmt == VmFormat.PART_BOOLEAN ? "boolean"
                    : fmt == VmFormat.PART_TIMESTAMP ? "timestamp" : "scale " + fmt;
            String c = cut == 0xFFFF ? "" : "cut " + cut;
            String extra = how.isEmpty() ? c : c.isEmpty() ? how : how + ", " + c;
            parts.add("r" + (w & 0xFF) + (extra.isEmpty() ? "" : "(" + extra + ")"));
        }
        return "@" + (h & 0xFFFF) + "[" + (h >>> 16) + "] = " + String.join(" || ", parts);
    }

    private static String field(int at, List<Integer> pool, Assembler asm, int index) {
        int w0 = pool.get(at);
        int w1 = pool.get(at + 1);
        int off = w0 & 0xFFFF;
        int nbit = w0 >>> 16;
        int kind = w1 & 0xFF;
        int flags = (w1 >> 8) & 0xFF;
        int cap = w1 >>> 16;
        String name = asm.nameOf(index, at);
        String k = List.of("?", "BOOLEAN", "SMALLINT", "INTEGER", "BIGINT", "CHAR", "VARCHAR").get(kind)
                + (kind >= VmFormat.K_CHAR ? "(" + cap + ")" : "");
        String checks = ((flags & 31) != 0 ? " fit " + (flags & 31) : "") + ((flags & VmFormat.FD_NOT_NULL) != 0 ? " not null" : "");
        return (name == null ? "" : name + " ") + "@" + off + " " + k + (nbit == VmFormat.NO_NULL_BIT ? "" : "") + checks;
    }

    private static String text(List<Integer> pool, int at, int len) {
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) {
            b[i] = (byte) (pool.get(at + i / 4) >>> (8 * (i % 4)));
        }
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private static String quoted(List<Integer> pool, int at, int len) {
        String s = text(pool, at, len);
        return "'" + (s.length() > 60 ? s.substring(0, 57) + "..." : s).replace("'", "''") + "'";
    }
}
