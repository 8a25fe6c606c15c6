package org.pimsql.host.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.codegen.Codegen;
import org.pimsql.codegen.SchemaLayout;
import org.pimsql.codegen.TableLayout;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;

/**
 * The host's primary-key hash against the vectors the kernel's {@code key_hash} is checked against too
 * (runtime-dpu's key_hash_test): the host finds rows in MRAM snapshots by this hash, so the two must agree bit for
 * bit. Also checks that keys of real tables are encoded into the bytes the vectors name.
 */
class PrimaryKeyHashVectorsTest {
    private static final Path VECTORS = Path.of("src/test/resources/contracts/key-hash.vectors");

    private record Vector(byte[] key, int hash, String what) {}

    private static List<Vector> vectors() throws Exception {
        Path file = Path.of("").toAbsolutePath().getParent().resolve("runtime-dpu").resolve(VECTORS);
        var out = new ArrayList<Vector>();
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split(" ", 3);
            byte[] key = f[0].equals("-") ? new byte[0] : HexFormat.of().parseHex(f[0]);
            out.add(new Vector(key, Integer.parseUnsignedInt(f[1], 16), f[2]));
        }
        return out;
    }

    private static Vector vector(String what) throws Exception {
        return vectors().stream().filter(v -> v.what().equals(what)).findFirst().orElseThrow();
    }

    @Test
    void theHashOfEveryVectorIsTheKernels() throws Exception {
        List<Vector> all = vectors();
        assertTrue(all.size() >= 10, "vectors: " + all.size());
        for (Vector v : all) {
            byte[] padded = Arrays.copyOf(v.key(), v.key().length + 8); // bytes past the length must not count
            Arrays.fill(padded, v.key().length, padded.length, (byte) 0x5A);
            assertEquals(v.hash(), PrimaryKeyHash.oneAtATime(padded, v.key().length), v.what());
        }
    }

    @Test
    void keysOfTablesAreEncodedAsTheVectorsSay() throws Exception {
        var catalog = ScriptCompiler.compile(List.of(new SqlScript("keys.sql", """
                CREATE TABLE a (id BIGINT NOT NULL, v INTEGER, PRIMARY KEY (id));
                CREATE TABLE d (w INTEGER NOT NULL, n SMALLINT NOT NULL, v INTEGER, PRIMARY KEY (w, n));
                CREATE TABLE s (name VARCHAR(6) NOT NULL, v DECIMAL(6, 2), PRIMARY KEY (name));
                """)));
        SchemaLayout layout = Codegen.compile(catalog).layout();
        TableLayout a = layout.tables().get(0);
        TableLayout d = layout.tables().get(1);
        TableLayout s = layout.tables().get(2);
        assertEquals(vector("BIGINT 1").hash(), PrimaryKeyHash.of(a, List.of(1L)));
        assertEquals(vector("BIGINT -1").hash(), PrimaryKeyHash.of(a, List.of(-1L)));
        assertEquals(vector("BIGINT max").hash(), PrimaryKeyHash.of(a, List.of(Long.MAX_VALUE)));
        assertEquals(vector("TPC-C district key (w_id 1, d_id 10)").hash(), PrimaryKeyHash.of(d, List.of(1L, 10L)));
        assertEquals(vector("VARCHAR(6) 'ab' padded with spaces").hash(), PrimaryKeyHash.of(s, List.of("ab")));
    }
}
