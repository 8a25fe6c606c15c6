package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.SourcePos;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;

/** Row, parameter and key layouts follow docs/wire-format.md. */
class LayoutBuilderTest {
    static final SourcePos POS = SourcePos.NONE;

    static Table table(String name, List<Column> cols, List<Integer> pk, List<Index> secondary) {
        return new Table(0, name, cols, new Index("PK_" + name, name, pk, true, true, POS), secondary, List.of(), POS);
    }

    @Test
    void rowHasHeaderBitmapAndAlignedColumns() throws BuildException {
        Table t = table("T", List.of(
                new Column("B", 0, SqlType.BOOLEAN, true, POS),
                new Column("BIG", 1, SqlType.BIGINT, false, POS),
                new Column("S", 2, SqlType.SMALLINT, true, POS),
                new Column("C", 3, SqlType.chars(3), true, POS),
                new Column("V", 4, SqlType.varchar(5), true, POS),
                new Column("I", 5, SqlType.INTEGER, false, POS),
                new Column("D", 6, SqlType.decimal(12, 2), true, POS),
                new Column("TS", 7, SqlType.TIMESTAMP, true, POS),
                new Column("X", 8, SqlType.INTEGER, true, POS)), List.of(1), List.of());
        TableLayout l = LayoutBuilder.table(t, 0);
        BlockLayout row = l.row();
        assertEquals(8, row.bitmapOffset());
        assertEquals(2, row.bitmapBytes());
        assertEquals(List.of(10, 16, 24, 26, 30, 40, 48, 56, 64), row.fields().stream().map(FieldLayout::offset).toList());
        assertEquals(72, row.bytes());
        assertEquals(64 + 8, row.field("X").nullBit());
        assertEquals(9, row.field("X").nullByte());
        assertEquals(1, row.field("X").nullMask());
        assertEquals(FieldLayout.KIND_VARCHAR, row.field("V").kind());
        assertEquals(7, row.field("V").bytes());
        assertEquals(8, l.indexes().get(0).keyBytes());
        assertTrue(l.indexes().get(0).primary());
    }

    @Test
    void keySizesCountNullBytesAndStringLengths() throws BuildException {
        Table t = table("K", List.of(
                new Column("A", 0, SqlType.INTEGER, false, POS),
                new Column("N", 1, SqlType.varchar(10), true, POS)), List.of(0),
                List.of(new Index("BY_N", "K", List.of(1, 0), false, false, POS)));
        TableLayout l = LayoutBuilder.table(t, 3);
        IndexLayout byN = l.indexes().get(1);
        assertEquals(24, byN.keyBytes()); // 1 null byte + 10 + 8, rounded up to 8
        assertEquals(3, byN.treeSlot());
        Table wide = table("W", List.of(new Column("S", 0, SqlType.chars(60), false, POS),
                new Column("I", 1, SqlType.INTEGER, false, POS)), List.of(1),
                List.of(new Index("BY_S", "W", List.of(0, 1), true, false, POS)));
        BuildException e = assertThrows(BuildException.class, () -> LayoutBuilder.table(wide, 0));
        assertTrue(e.getMessage().contains("BY_S"), e.getMessage());
    }

    @Test
    void outParametersComeFirstAndArraysCarryCardinalityAndBitmap() throws BuildException {
        Variable a = new Variable(0, "A", SqlType.INTEGER, ParamMode.IN, null, POS);
        Variable ids = new Variable(1, "IDS", SqlType.INTEGER.arrayOf(10), ParamMode.IN, null, POS);
        Variable o = new Variable(2, "O", SqlType.decimal(6, 2), ParamMode.OUT, null, POS);
        Variable io = new Variable(3, "IO", SqlType.varchar(3), ParamMode.INOUT, null, POS);
        Procedure p = new Procedure(7, "P", List.of(a, ids, o, io), List.of(), List.of(), new Block(List.of()), true, 0, POS,
                "");
        ProcedureLayout l = LayoutBuilder.procedure(p);
        BlockLayout b = l.params();
        assertEquals(List.of("O", "IO", "A", "IDS"), b.fields().stream().map(FieldLayout::name).toList());
        assertEquals(8, b.field("O").offset());
        assertEquals(16, b.field("IO").offset());
        assertEquals(24, l.outBytes()); // bitmap + O + IO (2 + 3 bytes at 16), padded to 8
        assertEquals(List.of("O", "IO"), l.outParams());
        assertEquals(24, b.field("A").offset());
        FieldLayout arr = b.field("IDS");
        assertEquals(28, arr.offset());
        assertEquals(32, arr.arrayNullOffset());
        assertEquals(36, arr.arrayElementsOffset());
        assertEquals(4, arr.arrayStride());
        assertEquals(80, b.bytes());
        assertEquals(1, arr.nullBit());
        assertEquals(3, b.field("IO").nullBit());
    }
}
