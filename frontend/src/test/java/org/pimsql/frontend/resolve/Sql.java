package org.pimsql.frontend.resolve;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Stmt;

/** Test fixtures: a TPC-C-like schema and helpers to compile scripts and wrap procedure bodies. */
final class Sql {
    static final String SCHEMA = """
            CREATE TABLE customer (
              c_w_id INTEGER NOT NULL, c_d_id SMALLINT NOT NULL, c_id INTEGER NOT NULL,
              c_first VARCHAR(16), c_last VARCHAR(16) NOT NULL, c_balance DECIMAL(12,2), c_credit CHAR(2),
              c_since TIMESTAMP, c_good BOOLEAN,
              PRIMARY KEY (c_w_id, c_d_id, c_id));
            CREATE INDEX customer_by_name ON customer (c_w_id, c_d_id, c_last, c_first);
            CREATE TABLE item (i_id INTEGER PRIMARY KEY, i_name VARCHAR(24), i_price DECIMAL(5,2) NOT NULL);
            CREATE TABLE stock (s_w_id INTEGER NOT NULL, s_i_id INTEGER NOT NULL, s_quantity SMALLINT DEFAULT 10,
              PRIMARY KEY (s_w_id, s_i_id));
            CREATE TABLE order_line (ol_w_id INTEGER NOT NULL, ol_d_id SMALLINT NOT NULL, ol_o_id INTEGER NOT NULL,
              ol_number SMALLINT NOT NULL, ol_i_id INTEGER, ol_amount DECIMAL(6,2),
              PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number));
            CREATE INDEX ol_by_order ON order_line (ol_w_id, ol_d_id, ol_o_id);
            PARTITION TABLE customer ON COLUMN c_w_id;
            PARTITION TABLE stock ON COLUMN s_w_id;
            PARTITION TABLE order_line ON COLUMN ol_w_id;
            """;

    /** The header of the procedure {@link #proc} wraps bodies in; its body starts on line 5. */
    static final String HEADER = """
            CREATE PROCEDURE p(IN w INTEGER, IN d INTEGER, OUT o INTEGER, INOUT io INTEGER, IN ids INTEGER ARRAY[5],
                               INOUT name VARCHAR(16), OUT amount DECIMAL(12,2))
            MODIFIES SQL DATA DYNAMIC RESULT SETS 2
            BEGIN ATOMIC
            """;

    private Sql() {}

    static String proc(String body) {
        return HEADER + body + "\nEND;\n";
    }

    static Catalog compile(String... scripts) {
        try {
            return ScriptCompiler.compile(scripts(scripts));
        } catch (CompileException e) {
            throw new AssertionError("unexpected compile errors:\n" + e.getMessage() + "\n" + e.diagnostics(), e);
        }
    }

    /** Compiles SCHEMA plus {@code script} (named test.sql) and returns the procedure P. */
    static Procedure procedure(String body) {
        return compile(SCHEMA, proc(body)).procedure("P");
    }

    static CompileException errors(String... scripts) {
        return assertThrows(CompileException.class, () -> ScriptCompiler.compile(scripts(scripts)));
    }

    static List<SqlScript> scripts(String... texts) {
        var list = new ArrayList<SqlScript>();
        for (int i = 0; i < texts.length; i++) {
            list.add(new SqlScript(i == texts.length - 1 ? "test.sql" : "s" + i + ".sql", texts[i]));
        }
        return list;
    }

    static Stmt stmt(Procedure p, int index) {
        return p.body().statements().get(index);
    }
}
