package org.pimsql.bench.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class YcsbGeneratorTest {

    @ParameterizedTest
    @EnumSource(YcsbWorkload.class)
    void mixMatchesTheWorkloadsProportions(YcsbWorkload workload) {
        var generator = new YcsbGenerator(workload, KeyChooser.uniform(1_000), 42);
        Map<YcsbOperation.Kind, Integer> counts = new EnumMap<>(YcsbOperation.Kind.class);
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            YcsbOperation op = generator.next();
            counts.merge(op.kind(), 1, Integer::sum);
            assertTrue(op.kind() == YcsbOperation.Kind.INSERT || op.key() >= 0 && op.key() < 1_000);
            if (op.kind() == YcsbOperation.Kind.READ || op.kind() == YcsbOperation.Kind.SCAN
                    || op.kind() == YcsbOperation.Kind.INSERT) {
                assertNull(op.value());
            } else {
                assertTrue(op.field() >= 0 && op.field() < YcsbRecords.FIELDS);
                assertEquals(YcsbRecords.FIELD_LENGTH, op.value().length());
            }
        }
        assertEquals(workload.readProportion(), counts.getOrDefault(YcsbOperation.Kind.READ, 0) / (double) n, 0.005);
        assertEquals(workload.updateProportion(), counts.getOrDefault(YcsbOperation.Kind.UPDATE, 0) / (double) n, 0.005);
        assertEquals(workload.readModifyWriteProportion(),
                counts.getOrDefault(YcsbOperation.Kind.READ_MODIFY_WRITE, 0) / (double) n, 0.005);
        assertEquals(workload.scanProportion(), counts.getOrDefault(YcsbOperation.Kind.SCAN, 0) / (double) n, 0.005);
        assertEquals(workload.insertProportion(), counts.getOrDefault(YcsbOperation.Kind.INSERT, 0) / (double) n, 0.005);
    }

    @ParameterizedTest
    @EnumSource(YcsbWorkload.class)
    void proportionsSumToOne(YcsbWorkload workload) {
        assertEquals(1.0, workload.readProportion() + workload.updateProportion() + workload.readModifyWriteProportion()
                + workload.scanProportion() + workload.insertProportion(), 1e-12);
    }

    @org.junit.jupiter.api.Test
    void sameSeedSameStream() {
        var a = new YcsbGenerator(YcsbWorkload.A, KeyChooser.zipfian(5_000, 0.99), 9);
        var b = new YcsbGenerator(YcsbWorkload.A, KeyChooser.zipfian(5_000, 0.99), 9);
        for (int i = 0; i < 1_000; i++) {
            assertEquals(a.next(), b.next());
        }
        assertEquals(java.util.Arrays.asList(YcsbRecords.fields(1, 7)), java.util.Arrays.asList(YcsbRecords.fields(1, 7)));
    }
}
