package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;

/**
 * The kernel routes a MOD partition key it read on the DPU (pim_mp_route) exactly as the host's loader placed
 * the row: floorMod(key, P), then the placement map. A wrong partition would make the owner miss the row
 * and the call return NULL. Keys cover negative values, both 32-bit halves and the BIGINT extremes, with a
 * partition count that is neither the DPU count nor a power of two.
 */
class ModRoutingTest {
    private static final long[] KEYS = {0, 1, -1, 7, -7, 12, -12, 13, -13, 4_294_967_296L, -4_294_967_297L,
            (1L << 40) + 5, -(1L << 40) - 3, 1L << 62, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1,
            123_456_789_012L, -987_654_321_098L, 2_147_483_647L, -2_147_483_648L};

    @Test
    void keysReadOnTheDpuReachTheRowsTheLoaderPlaced() throws Exception {
        String script = Files.readString(resource("/runtime/mod-routing.sql"), StandardCharsets.UTF_8);
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:modroute?dpus=4&partitions=11")) {
            try (Statement s = c.createStatement()) {
                s.execute(script);
            }
            try (PreparedStatement slot = c.prepareStatement("INSERT INTO slot VALUES (?, ?)");
                 PreparedStatement pointer = c.prepareStatement("INSERT INTO pointer VALUES (?, ?)")) {
                for (int i = 0; i < KEYS.length; i++) {
                    slot.setLong(1, KEYS[i]);
                    slot.setInt(2, 1000 + i);
                    slot.executeUpdate();
                    pointer.setInt(1, i);
                    pointer.setLong(2, KEYS[i]);
                    pointer.executeUpdate();
                }
            }
            PimConnection pim = c.unwrap(PimConnection.class);
            var futures = new ArrayList<CompletableFuture<CallOutcome.Success>>();
            var expected = new ArrayList<List<Object>>();
            for (int i = 0; i < KEYS.length; i++) {
                for (int j = 0; j < KEYS.length; j++) {
                    futures.add(pim.callAsync("ReadBoth", KEYS[i], j, null, null));
                    expected.add(List.of(1000 + i, 1000 + j));
                }
            }
            for (int n = 0; n < futures.size(); n++) {
                List<Object> out = futures.get(n).join().outValues();
                // a row missed on a wrongly routed DPU comes back NULL
                assertEquals(expected.get(n), Arrays.asList(asInt(out.get(2)), asInt(out.get(3))),
                        "call " + n + ": key " + KEYS[n / KEYS.length] + " and pointer to " + KEYS[n % KEYS.length]);
            }
        }
    }

    private static Integer asInt(Object v) {
        return v == null ? null : ((Number) v).intValue();
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(ModRoutingTest.class.getResource(name).toURI());
    }
}
