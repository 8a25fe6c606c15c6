package org.pimsql.host.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.codegen.FieldLayout;
import org.pimsql.frontend.catalog.SqlType;

/** Canonical values in and out of the code generator's blocks (docs/wire-format.md, "Blocks"). */
class BlockCodecTest {
    private static FieldLayout field(String name, SqlType type, int offset, int bit, int kind, int bytes) {
        return new FieldLayout(name, type, offset, bit, true, kind, bytes, 0, 0, 0);
    }

    private static final FieldLayout FLAG = field("FLAG", SqlType.BOOLEAN, 2, 0, FieldLayout.KIND_BOOL, 1);
    private static final FieldLayout SMALL = field("SMALL", SqlType.SMALLINT, 4, 1, FieldLayout.KIND_I16, 2);
    private static final FieldLayout INT = field("INT", SqlType.INTEGER, 8, 2, FieldLayout.KIND_I32, 4);
    private static final FieldLayout MONEY = field("MONEY", SqlType.decimal(15, 2), 16, 3, FieldLayout.KIND_I64, 8);
    private static final FieldLayout WHEN = field("WHEN", SqlType.TIMESTAMP, 24, 4, FieldLayout.KIND_I64, 8);
    private static final FieldLayout CODE = field("CODE", SqlType.chars(4), 32, 5, FieldLayout.KIND_CHAR, 4);
    private static final FieldLayout NAME = field("NAME", SqlType.varchar(10), 36, 6, FieldLayout.KIND_VARCHAR, 12);
    /** BIGINT ARRAY[3]: cardinality at 48, element NULL bitmap at 52, elements from 56, 8 bytes apart. */
    private static final FieldLayout IDS = new FieldLayout("IDS", SqlType.BIGINT.arrayOf(3), 48, 7, true,
            FieldLayout.KIND_I64, 8, 52, 56, 8);

    @Test
    void everyKindRoundTrips() {
        ByteBuffer block = BlockCodec.littleEndian(new byte[80]);
        Instant when = Instant.parse("2024-02-29T12:34:56.123456Z");
        BlockCodec.put(block, 0, FLAG, true);
        BlockCodec.put(block, 0, SMALL, -7L);
        BlockCodec.put(block, 0, INT, 123456L);
        BlockCodec.put(block, 0, MONEY, new BigDecimal("-12.34"));
        BlockCodec.put(block, 0, WHEN, when);
        BlockCodec.put(block, 0, CODE, "ab");
        BlockCodec.put(block, 0, NAME, "héllo");
        BlockCodec.put(block, 0, IDS, Arrays.asList(5L, null, 7L));

        assertEquals(true, BlockCodec.get(block, 0, FLAG));
        assertEquals(-7L, BlockCodec.get(block, 0, SMALL));
        assertEquals(123456L, BlockCodec.get(block, 0, INT));
        assertEquals(new BigDecimal("-12.34"), BlockCodec.get(block, 0, MONEY));
        assertEquals(when, BlockCodec.get(block, 0, WHEN));
        assertEquals("ab  ", BlockCodec.get(block, 0, CODE), "CHAR is space padded");
        assertEquals("héllo", BlockCodec.get(block, 0, NAME));
        assertEquals(Arrays.asList(5L, null, 7L), BlockCodec.get(block, 0, IDS));

        assertEquals(-1234L, block.getLong(16), "DECIMAL(15,2) is the unscaled value");
        assertEquals(when.getEpochSecond() * 1_000_000L + 123_456, block.getLong(24), "TIMESTAMP in microseconds");
        assertEquals(5, block.getShort(36), "VARCHAR length prefix, ISO-8859-1 bytes");
        assertEquals(0b10, block.get(52), "element 2 of the array is NULL");
    }

    @Test
    void nullsSetTheirBitAndLeaveTheValueZero() {
        ByteBuffer block = BlockCodec.littleEndian(new byte[80]);
        BlockCodec.put(block, 0, INT, null);
        BlockCodec.put(block, 0, NAME, null);
        assertEquals(0b0100_0100, block.get(0));
        assertEquals(0, block.getInt(8));
        assertNull(BlockCodec.get(block, 0, INT));
        assertNull(BlockCodec.get(block, 0, NAME));
        assertEquals(List.of(), BlockCodec.get(block, 0, IDS), "a non-NULL empty array");
    }
}
