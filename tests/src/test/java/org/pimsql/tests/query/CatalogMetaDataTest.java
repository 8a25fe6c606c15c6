package org.pimsql.tests.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Acceptance (issue 5): DatabaseMetaData describes tables, columns, keys, indexes and procedures in standard form. */
class CatalogMetaDataTest {
    /** A TPC-C-like slice: composite keys, a secondary index, a replicated table, a procedure with OUT parameters. */
    private static final String SCHEMA = """
            CREATE TABLE warehouse (w_id INTEGER NOT NULL, w_name VARCHAR(10) NOT NULL, w_tax DECIMAL(4,4) NOT NULL,
                PRIMARY KEY (w_id));
            CREATE TABLE orders (o_id INTEGER NOT NULL, o_d_id SMALLINT NOT NULL, o_w_id INTEGER NOT NULL,
                o_c_id INTEGER NOT NULL, o_carrier_id SMALLINT, PRIMARY KEY (o_w_id, o_d_id, o_id));
            CREATE INDEX orders_by_customer ON orders (o_w_id, o_d_id, o_c_id, o_id);
            CREATE TABLE item (i_id INTEGER NOT NULL, i_name VARCHAR(24) NOT NULL, PRIMARY KEY (i_id));
            PARTITION TABLE warehouse ON COLUMN w_id;
            PARTITION TABLE orders ON COLUMN o_w_id;
            CREATE PROCEDURE last_order(IN p_w_id INTEGER, IN p_d_id SMALLINT, OUT p_o_id INTEGER)
                READS SQL DATA
            BEGIN ATOMIC
                SET p_o_id = (SELECT MAX(o_id) FROM orders WHERE o_w_id = p_w_id AND o_d_id = p_d_id);
            END;
            """;

    private static List<List<Object>> rows(ResultSet rs, String... columns) throws SQLException {
        var out = new ArrayList<List<Object>>();
        try (rs) {
            while (rs.next()) {
                var row = new ArrayList<Object>();
                for (String c : columns) {
                    row.add(rs.getObject(c));
                }
                out.add(row);
            }
        }
        return out;
    }

    @Test
    void genericToolsCanBrowseTheCatalog() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:metadata?dpus=2")) {
            try (Statement s = c.createStatement()) {
                s.execute(SCHEMA);
            }
            DatabaseMetaData md = c.getMetaData();
            assertEquals(List.of(List.of("PIMSQL"), List.of("PUBLIC")), rows(md.getSchemas(), "TABLE_SCHEM"));
            assertEquals(List.of(List.of("SYSTEM TABLE"), List.of("TABLE")), rows(md.getTableTypes(), "TABLE_TYPE"));
            assertEquals(List.of(List.of("PIMSQL", "PLACEMENT", "SYSTEM TABLE")),
                    rows(md.getTables(null, null, "%", new String[] {"SYSTEM TABLE"}), "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE"));
            List<List<Object>> tables = rows(md.getTables(null, "PUBLIC", "%", new String[] {"TABLE"}), "TABLE_NAME");
            assertEquals(List.of(List.of("ITEM"), List.of("ORDERS"), List.of("WAREHOUSE")), tables);
            assertEquals(List.of(List.of("WAREHOUSE", "TABLE")),
                    rows(md.getTables(null, null, "WARE%", null), "TABLE_NAME", "TABLE_TYPE"));

            List<List<Object>> columns = rows(md.getColumns(null, null, "WAREHOUSE", "W\\_%"), "COLUMN_NAME",
                    "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "DECIMAL_DIGITS", "NULLABLE", "ORDINAL_POSITION",
                    "IS_NULLABLE");
            assertEquals(List.of("W_ID", Types.INTEGER, "INTEGER", 10, 0, DatabaseMetaData.columnNoNulls, 1, "NO"),
                    columns.getFirst());
            assertEquals(List.of("W_TAX", Types.DECIMAL, "DECIMAL", 4, 4, DatabaseMetaData.columnNoNulls, 3, "NO"),
                    columns.stream().filter(r -> r.getFirst().equals("W_TAX")).findFirst().orElseThrow());
            assertEquals(java.util.Arrays.asList("W_NAME", Types.VARCHAR, "VARCHAR", 10, null,
                    DatabaseMetaData.columnNoNulls, 2, "NO"), columns.get(1));
            assertEquals(3, columns.size());

            assertEquals(List.of(List.of("O_D_ID", (short) 2), List.of("O_ID", (short) 3), List.of("O_W_ID", (short) 1)),
                    rows(md.getPrimaryKeys(null, null, "ORDERS"), "COLUMN_NAME", "KEY_SEQ"));

            List<List<Object>> indexes = rows(md.getIndexInfo(null, null, "ORDERS", false, true), "NON_UNIQUE",
                    "INDEX_NAME", "TYPE", "ORDINAL_POSITION", "COLUMN_NAME");
            assertEquals(List.of(false, DatabaseMetaData.tableIndexHashed, (short) 1, "O_W_ID"),
                    List.of(indexes.getFirst().get(0), indexes.getFirst().get(2), indexes.getFirst().get(3),
                            indexes.getFirst().get(4)));
            assertEquals(List.of(true, "ORDERS_BY_CUSTOMER", DatabaseMetaData.tableIndexOther, (short) 3, "O_C_ID"),
                    indexes.stream().filter(r -> "O_C_ID".equals(r.get(4))).findFirst().orElseThrow());

            List<List<Object>> procedures = rows(md.getProcedures(null, null, "%"), "PROCEDURE_NAME");
            assertEquals(List.of(List.of("LAST_ORDER")), procedures);
            assertEquals(false, procedures.stream().anyMatch(r -> ((String) r.getFirst()).startsWith("PIMSQL_LOAD_")),
                    procedures.toString());
            List<List<Object>> params = rows(md.getProcedureColumns(null, null, "LAST_ORDER", null), "COLUMN_NAME",
                    "COLUMN_TYPE", "DATA_TYPE", "ORDINAL_POSITION");
            assertEquals(List.of(List.of("P_W_ID", (short) DatabaseMetaData.procedureColumnIn, Types.INTEGER, 1),
                    List.of("P_D_ID", (short) DatabaseMetaData.procedureColumnIn, Types.SMALLINT, 2),
                    List.of("P_O_ID", (short) DatabaseMetaData.procedureColumnOut, Types.INTEGER, 3)), params);
            assertEquals(List.of(), rows(md.getProcedures(null, "OTHER", "%"), "PROCEDURE_NAME"));
        }
    }
}
