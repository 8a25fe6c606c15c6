package org.pimsql.frontend.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.ir.Procedure;

/**
 * The dialect must stay a subset of HSQLDB 2.7: a script that uses every construct the frontend accepts
 * compiles here and is also accepted by HSQLDB (with PimSQL's PARTITION TABLE lines removed).
 */
class DialectOnHsqldbTest {

    private static String kitchenSink() throws IOException {
        try (InputStream in = DialectOnHsqldbTest.class.getResourceAsStream("kitchen_sink.sql")) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void everyConstructCompiles() throws IOException {
        Catalog catalog = Sql.compile(kitchenSink());
        assertEquals(List.of("WAREHOUSE", "Stock", "ITEM"), List.copyOf(catalog.tables().keySet()));
        Procedure everything = catalog.procedure("EVERYTHING");
        assertEquals(2, everything.cursors().size());
        assertEquals(2, everything.dynamicResultSets());
    }

    @Test
    void hsqldbAcceptsTheSameScript() throws IOException, SQLException {
        String script = kitchenSink().replaceAll("(?m)^PARTITION TABLE.*$", "");
        try (Connection c = DriverManager.getConnection("jdbc:hsqldb:mem:dialect", "SA", "");
             Statement s = c.createStatement()) {
            // statements end with ';' at the end of a line followed by a new statement or a comment
            for (String statement : script.split(";\\s*\\n(?=\\s*(CREATE|--|/\\*|$))")) {
                if (!statement.replaceAll("--.*|(?s)/\\*.*?\\*/", "").isBlank()) {
                    s.execute(statement);
                }
            }
            s.execute("SHUTDOWN");
        }
    }
}
