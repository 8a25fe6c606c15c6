package org.pimsql.tests;

import org.pimsql.frontend.parser.SqlSplitter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pimsql.tests.util.ExampleScripts;
import org.pimsql.tests.util.Hsqldb;

/** Every example script is standard SQL/PSM: HSQLDB 2.7 accepts all of it (PARTITION TABLE aside). */
class ExamplesOnHsqldbTest {

    static List<String> examples() {
        return ExampleScripts.names();
    }

    @Test
    void theThreeExamplesExist() {
        assertTrue(examples().containsAll(List.of("bank", "tpcc", "ycsb")), "examples: " + examples());
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyStatementIsAcceptedAndEveryTableAndProcedureExists(String example) throws Exception {
        List<String> tables = new ArrayList<>();
        List<String> procedures = new ArrayList<>();
        int partitionLines = 0;
        for (Path script : ExampleScripts.scripts(example)) {
            String text = Files.readString(script, StandardCharsets.UTF_8);
            for (SqlSplitter.Statement s : SqlSplitter.split(text)) {
                String head = s.leadingWords(3);
                if (head.startsWith("CREATE TABLE ")) tables.add(head.substring(13));
                else if (head.startsWith("CREATE PROCEDURE ")) procedures.add(nameBeforeParen(head.substring(17)));
                else if (head.startsWith("PARTITION TABLE ")) partitionLines++;
            }
        }
        assertFalse(tables.isEmpty(), example + " declares no table");
        assertFalse(procedures.isEmpty(), example + " declares no procedure");
        assertTrue(partitionLines > 0, example + " partitions no table");

        try (Connection conn = Hsqldb.withExample(example)) {
            DatabaseMetaData md = conn.getMetaData();
            for (String table : tables) {
                try (ResultSet rs = md.getTables(null, "PUBLIC", table.toUpperCase(Locale.ROOT), null)) {
                    assertTrue(rs.next(), "table " + table + " of " + example + " was not created");
                }
            }
            for (String proc : procedures) {
                try (ResultSet rs = md.getProcedures(null, "PUBLIC", proc.toUpperCase(Locale.ROOT))) {
                    assertTrue(rs.next(), "procedure " + proc + " of " + example + " was not created");
                }
            }
        }
    }

    @Test
    void theExpectedProceduresAreDefined() throws Exception {
        assertEquals(List.of("AMALGAMATE", "BALANCE", "DEPOSITCHECKING", "SENDPAYMENT", "TRANSACTSAVINGS", "WRITECHECK"),
                procedureNames("bank"));
        assertEquals(List.of("DELIVERY", "NEWORDER", "ORDERSTATUS", "PAYMENT", "STOCKLEVEL"), procedureNames("tpcc"));
        assertTrue(procedureNames("ycsb").containsAll(
                List.of("READRECORD", "UPDATERECORD", "READMODIFYWRITE", "SCANRECORDS", "INSERTRECORD", "MULTIKEYTXN")));
    }

    private static List<String> procedureNames(String example) throws Exception {
        List<String> names = new ArrayList<>();
        try (Connection conn = Hsqldb.withExample(example);
                ResultSet rs = conn.getMetaData().getProcedures(null, "PUBLIC", "%")) {
            while (rs.next()) names.add(rs.getString("PROCEDURE_NAME"));
        }
        names.sort(null);
        return names;
    }

    private static String nameBeforeParen(String s) {
        int p = s.indexOf('(');
        return p < 0 ? s : s.substring(0, p);
    }
}
