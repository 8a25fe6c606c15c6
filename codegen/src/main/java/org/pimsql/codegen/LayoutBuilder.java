package org.pimsql.codegen;

import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Cursor;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Variable;

/** Computes the byte layouts of a catalog (docs/wire-format.md). */
public final class LayoutBuilder {
    /** Largest encoded B+tree key (pim_btree.h PIM_BT_MAX_KEY) and hash key (pim_rt.h PIM_KEY_MAX - 8). */
    static final int MAX_TREE_KEY = 64;
    static final int MAX_HASH_KEY = 248;
    /** Field offsets must fit the 13 offset bits of a packed field descriptor (pim_put). */
    static final int MAX_BLOCK_BYTES = 8191;

    private LayoutBuilder() {}

    /** A value to lay out: name, type, whether it may be NULL. */
    public record Spec(String name, SqlType type, boolean nullable) {}

    static SchemaLayout build(Catalog catalog) throws BuildException {
        return build(catalog, java.util.Set.of());
    }

    /** As above; the procedures named in {@code exchange} (Routing.exchange()) get their route slots. */
    public static SchemaLayout build(Catalog catalog, java.util.Set<String> exchange) throws BuildException {
        List<TableLayout> tables = new ArrayList<>();
        int treeSlot = 0;
        for (Table t : catalog.tableList()) {
            TableLayout tl = table(t, treeSlot);
            treeSlot += t.secondaryIndexes().size();
            tables.add(tl);
        }
        List<ProcedureLayout> procs = new ArrayList<>();
        for (Procedure p : catalog.procedureList()) {
            procs.add(procedure(p, exchange.contains(p.name())));
        }
        return new SchemaLayout(MemoryMap.standard(), tables, procs);
    }

    static TableLayout table(Table t, int firstTreeSlot) throws BuildException {
        List<Spec> specs = new ArrayList<>();
        for (Column c : t.columns()) {
            specs.add(new Spec(c.name(), c.type(), c.nullable()));
        }
        BlockLayout row = block(TableLayout.ROW_HEADER_BYTES, specs, "table " + t.name());
        List<IndexLayout> indexes = new ArrayList<>();
        int slot = firstTreeSlot;
        for (Index ix : t.indexes()) {
            List<String> cols = new ArrayList<>();
            int key = 0;
            for (int ord : ix.columns()) {
                Column c = t.columns().get(ord);
                cols.add(c.name());
                key += (c.nullable() ? 1 : 0) + (c.type().kind().isString() ? c.type().length() : 8);
            }
            int keyBytes = align(key, 8);
            int max = ix.primary() ? MAX_HASH_KEY : MAX_TREE_KEY;
            if (keyBytes > max) {
                throw new BuildException("index " + ix.name() + " of table " + t.name() + " has a " + keyBytes
                        + "-byte key; the DPU allows at most " + max + " bytes (numbers take 8, strings their length)");
            }
            indexes.add(new IndexLayout(ix.name(), ix.primary(), ix.unique() || ix.primary(), cols, keyBytes,
                    ix.primary() ? -1 : slot++));
        }
        return new TableLayout(t.id(), t.name(), row, indexes);
    }

    static ProcedureLayout procedure(Procedure p) throws BuildException {
        return procedure(p, false);
    }

    /**
     * The layout of {@code p}'s calls; with {@code exchange}, the partitions the host computes (RouteSlots)
     * follow the parameters as u32 slots.
     */
    static ProcedureLayout procedure(Procedure p, boolean exchange) throws BuildException {
        // OUT and INOUT parameters first, so that the OUT block is a prefix of the parameter block.
        List<Variable> order = new ArrayList<>();
        for (Variable v : p.params()) {
            if (v.mode() != ParamMode.IN) {
                order.add(v);
            }
        }
        int outCount = order.size();
        for (Variable v : p.params()) {
            if (v.mode() == ParamMode.IN) {
                order.add(v);
            }
        }
        BlockLayout params = blockWithBits(0, p.params().size(), order, "procedure " + p.name());
        List<RouteSlot> routes = RouteSlots.of(p, exchange, params.bytes());
        if (!routes.isEmpty()) {
            params = finish(0, params.bitmapBytes(), params.bytes() + 4 * routes.size(), params.fields(),
                    "procedure " + p.name() + " with its route slots");
        }
        int outBytes = 0;
        List<String> outNames = new ArrayList<>();
        for (int i = 0; i < outCount; i++) {
            FieldLayout f = params.fields().get(i);
            outBytes = Math.max(outBytes, f.offset() + fieldBytes(f));
        }
        for (Variable v : p.params()) {
            if (v.mode() != ParamMode.IN) {
                outNames.add(v.name());
            }
        }
        outBytes = outCount == 0 ? 0 : align(outBytes, 8);
        List<ResultSetLayout> sets = new ArrayList<>();
        for (int i = 0; i < p.cursors().size(); i++) {
            Cursor c = p.cursors().get(i);
            sets.add(new ResultSetLayout(i, c.name(), resultRow(c.query(), "cursor " + c.name())));
        }
        return new ProcedureLayout(p.id(), p.name(), params, outBytes, outNames, sets, 0, routes);
    }

    /** The block of a procedure's local variables (same encoding as parameters). */
    public static BlockLayout locals(Procedure p) throws BuildException {
        List<Spec> specs = new ArrayList<>();
        for (Variable v : p.locals()) {
            specs.add(new Spec(v.name(), v.type(), true));
        }
        return block(0, specs, "procedure " + p.name() + " locals");
    }

    public static BlockLayout resultRow(Query q, String what) throws BuildException {
        List<Spec> specs = new ArrayList<>();
        for (Query.OutputColumn c : q.select()) {
            specs.add(new Spec(c.name(), c.value().type(), true));
        }
        return block(0, specs, what);
    }

    /** Parameters: the bit of parameter i is its declaration position, whatever the field order. */
    private static BlockLayout blockWithBits(int header, int count, List<Variable> order, String what)
            throws BuildException {
        int bitmapBytes = (count + 7) / 8;
        int pos = header + bitmapBytes;
        List<FieldLayout> fields = new ArrayList<>();
        for (Variable v : order) {
            FieldLayout f = place(v.name(), v.type(), true, pos, header * 8 + v.id());
            fields.add(f);
            pos = f.offset() + fieldBytes(f);
        }
        return finish(header, bitmapBytes, pos, fields, what);
    }

    public static BlockLayout block(int header, List<Spec> specs, String what) throws BuildException {
        int bitmapBytes = (specs.size() + 7) / 8;
        int pos = header + bitmapBytes;
        List<FieldLayout> fields = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            Spec s = specs.get(i);
            FieldLayout f = place(s.name(), s.type(), s.nullable(), pos, header * 8 + i);
            fields.add(f);
            pos = f.offset() + fieldBytes(f);
        }
        return finish(header, bitmapBytes, pos, fields, what);
    }

    private static BlockLayout finish(int header, int bitmapBytes, int end, List<FieldLayout> fields, String what)
            throws BuildException {
        int bytes = Math.max(8, align(end, 8));
        if (bytes > MAX_BLOCK_BYTES) {
            throw new BuildException(what + " needs " + bytes + " bytes; a DPU row or call block holds at most "
                    + MAX_BLOCK_BYTES);
        }
        return new BlockLayout(bytes, header, bitmapBytes, fields);
    }

    private static FieldLayout place(String name, SqlType type, boolean nullable, int pos, int nullBit) {
        SqlType elem = type.elementType();
        int kind = kind(elem);
        int size = size(elem);
        int alignment = alignment(elem);
        if (!type.isArray()) {
            int off = align(pos, alignment);
            return new FieldLayout(name, type, off, nullBit, nullable, kind, size, 0, 0, 0);
        }
        int off = align(pos, 4);
        int nullOff = off + 4;
        int elems = align(nullOff + (type.arrayCapacity() + 7) / 8, alignment);
        int stride = align(size, alignment);
        return new FieldLayout(name, type, off, nullBit, nullable, kind, size, nullOff, elems, stride);
    }

    /** Bytes a field occupies from its offset (arrays: cardinality, bitmap, elements). */
    static int fieldBytes(FieldLayout f) {
        if (!f.isArray()) {
            return f.bytes();
        }
        return f.arrayElementsOffset() - f.offset() + f.arrayStride() * f.type().arrayCapacity();
    }

    static int kind(SqlType t) {
        return switch (t.kind()) {
            case BOOLEAN -> FieldLayout.KIND_BOOL;
            case SMALLINT -> FieldLayout.KIND_I16;
            case INTEGER -> FieldLayout.KIND_I32;
            case BIGINT, DECIMAL, TIMESTAMP -> FieldLayout.KIND_I64;
            case CHAR -> FieldLayout.KIND_CHAR;
            case VARCHAR -> FieldLayout.KIND_VARCHAR;
        };
    }

    static int size(SqlType t) {
        return switch (t.kind()) {
            case BOOLEAN -> 1;
            case SMALLINT -> 2;
            case INTEGER -> 4;
            case BIGINT, DECIMAL, TIMESTAMP -> 8;
            case CHAR -> t.length();
            case VARCHAR -> 2 + t.length();
        };
    }

    static int alignment(SqlType t) {
        return switch (t.kind()) {
            case BOOLEAN, CHAR -> 1;
            case SMALLINT, VARCHAR -> 2;
            case INTEGER -> 4;
            case BIGINT, DECIMAL, TIMESTAMP -> 8;
        };
    }

    public static int align(int v, int a) {
        return (v + a - 1) / a * a;
    }
}
