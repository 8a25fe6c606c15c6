package org.pimsql.frontend.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.catalog.SqlType;

class PartitionFunctionTest {

    @Test
    void singleIntegerColumnIsModulo() {
        var f = new PartitionFunction(List.of(SqlType.SMALLINT));
        assertTrue(f.isModulo());
        assertEquals("MOD", f.signature());
        assertEquals(3, f.partition(List.of(7), 4));
        assertEquals(3, f.partition(List.of(7L), 4));
        assertEquals(3, f.partition(List.of(new BigDecimal("7")), 4));
        assertEquals(2, f.partition(List.of(-2), 4), "floorMod, never negative");
        assertEquals(0, f.partition(Arrays.asList((Object) null), 4), "NULL keys go to partition 0");
        assertEquals(new PartitionFunction(List.of(SqlType.BIGINT)).signature(), f.signature());
    }

    @Test
    void hashIsStableAndIgnoresCharPadding() {
        var chars = new PartitionFunction(List.of(SqlType.chars(10)));
        var varchars = new PartitionFunction(List.of(SqlType.varchar(20)));
        assertEquals(chars.signature(), varchars.signature());
        assertEquals(chars.partition(List.of("ab   "), 1000), varchars.partition(List.of("ab"), 1000));
        // the FNV-1a value of the canonical encoding is fixed forever: stored rows depend on it
        assertEquals(Long.remainderUnsigned(fnv(new byte[] {1, 2, 0, 0, 0, 'a', 'b'}), 1000), chars.partition(List.of("ab"), 1000));
    }

    @Test
    void decimalsAreHashedAtTheColumnScale() {
        var f = new PartitionFunction(List.of(SqlType.decimal(10, 2)));
        assertEquals("HASH(DEC2)", f.signature());
        assertEquals(f.partition(List.of(new BigDecimal("1.5")), 97), f.partition(List.of(new BigDecimal("1.50")), 97));
        assertEquals(f.partition(List.of(new BigDecimal("1.5")), 97), f.partition(List.of("1.500"), 97));
    }

    @Test
    void compositeKeysSpreadOverPartitions() {
        var f = new PartitionFunction(List.of(SqlType.INTEGER, SqlType.INTEGER));
        assertEquals("HASH(INT,INT)", f.signature());
        var seen = new HashSet<Integer>();
        for (int i = 0; i < 200; i++) {
            seen.add(f.partition(List.of(1, i), 8));
        }
        assertEquals(8, seen.size());
        assertNotEquals(f.partition(List.of(1, 2), 1 << 20), f.partition(List.of(2, 1), 1 << 20));
    }

    private static long fnv(byte[] bytes) {
        long h = 0xcbf29ce484222325L;
        for (byte b : bytes) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return h;
    }
}
