package org.pimsql.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pimsql.tests.util.Hsqldb;

/**
 * How HSQLDB 2.7.4, the reference engine of the differential tests, really executes some PSM
 * constructs. The examples are written so that these behaviours do not change their results; a
 * differential test that compares PimSQL with HSQLDB must avoid them too. If an HSQLDB upgrade
 * changes one of them, this test says so.
 */
class HsqldbQuirksTest {
    private Connection conn;

    @BeforeEach
    void setUp() throws Exception {
        conn = Hsqldb.fresh();
        try (Statement st = conn.createStatement()) {
            st.execute("CREATE TABLE t (k BIGINT NOT NULL, n VARCHAR(10) NOT NULL, PRIMARY KEY (k))");
            st.execute("INSERT INTO t VALUES (1, 'one'), (2, 'two')");
        }
    }

    @AfterEach
    void tearDown() throws SQLException {
        conn.close();
    }

    private String call(String body) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.execute("CREATE PROCEDURE p(IN ks BIGINT ARRAY[10], OUT o VARCHAR(100)) MODIFIES SQL DATA BEGIN ATOMIC"
                    + " DECLARE i INTEGER DEFAULT 1; DECLARE v VARCHAR(10); DECLARE acc VARCHAR(100) DEFAULT '';"
                    + body + " SET o = acc; END");
        }
        try (CallableStatement cs = conn.prepareCall("{call p(?, ?)}")) {
            cs.setArray(1, conn.createArrayOf("BIGINT", new Long[] {1L, 5L, 2L}));
            cs.registerOutParameter(2, Types.VARCHAR);
            cs.execute();
            return cs.getString(2);
        }
    }

    @Test
    void aScalarSubqueryWithoutRowsLeavesTheVariableUnchanged() throws Exception {
        // Standard SQL (and PimSQL) would assign NULL for key 5; HSQLDB keeps 'one'.
        assertEquals("one,one,two,", call("WHILE i <= CARDINALITY(ks) DO SET v = (SELECT n FROM t WHERE k = ks[i]);"
                + " SET acc = acc || COALESCE(v, 'NULL') || ','; SET i = i + 1; END WHILE;"));
        // Setting the variable to NULL first gives the standard result on both engines.
        try (Statement st = conn.createStatement()) {
            st.execute("DROP PROCEDURE p");
        }
        assertEquals("one,NULL,two,", call("WHILE i <= CARDINALITY(ks) DO SET v = NULL; SET v = (SELECT n FROM t WHERE k = ks[i]);"
                + " SET acc = acc || COALESCE(v, 'NULL') || ','; SET i = i + 1; END WHILE;"));
    }

    @Test
    void selectIntoWithoutRowsLeavesTheTargetUnchanged() throws Exception {
        assertEquals("kept", call("SET v = 'kept'; SELECT n INTO v FROM t WHERE k = 99; SET acc = v;"));
    }

    @Test
    void anErrorRaisedBeforeTheLastStatementOfAWhileBodyIsLost() throws Exception {
        // The SIGNAL for key 5 is followed by another statement of the loop body: HSQLDB goes on.
        assertEquals("one--two-", call("WHILE i <= CARDINALITY(ks) DO SET v = NULL; SET v = (SELECT n FROM t WHERE k = ks[i]);"
                + " IF v IS NULL THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'missing'; END IF;"
                + " SET acc = acc || COALESCE(v, '') || '-'; SET i = i + 1; END WHILE;"));
    }

    @Test
    void anErrorRaisedByTheLastStatementOfAWhileBodyAbortsTheCall() throws Exception {
        SQLException e = assertThrows(SQLException.class, () -> call("WHILE i <= CARDINALITY(ks) DO SET v = NULL;"
                + " SET v = (SELECT n FROM t WHERE k = ks[i]); SET acc = acc || COALESCE(v, '') || '-'; SET i = i + 1;"
                + " IF v IS NULL THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'missing'; END IF; END WHILE;"));
        assertEquals("45000", e.getSQLState());
    }

    @Test
    void aDuplicateKeyInsertBeforeTheLastStatementOfAWhileBodyIsLostToo() throws Exception {
        assertEquals("xx", call("WHILE i <= 2 DO INSERT INTO t VALUES (1, 'dup'); SET acc = acc || 'x'; SET i = i + 1; END WHILE;"));
        try (Statement st = conn.createStatement(); var rs = st.executeQuery("SELECT COUNT(*) FROM t")) {
            rs.next();
            assertEquals(2, rs.getInt(1));
        }
    }

    @Test
    void aSignalOutsideLoopsRollsBackTheWholeCall() throws Exception {
        SQLException e = assertThrows(SQLException.class, () -> call("UPDATE t SET n = 'changed' WHERE k = 1;"
                + " SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'undo';"));
        assertEquals("45000", e.getSQLState());
        try (Statement st = conn.createStatement(); var rs = st.executeQuery("SELECT n FROM t WHERE k = 1")) {
            rs.next();
            assertEquals("one", rs.getString(1));
        }
    }

    @Test
    void aCursorCannotReadAVariableOfItsOwnBlockButCanReadParameters() throws Exception {
        try (Statement st = conn.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> st.execute(
                    "CREATE PROCEDURE c1(IN x BIGINT) READS SQL DATA DYNAMIC RESULT SETS 1 BEGIN ATOMIC"
                            + " DECLARE v BIGINT DEFAULT 1; DECLARE c CURSOR WITH RETURN FOR SELECT n FROM t WHERE k = v; OPEN c; END"));
            assertTrue(e.getMessage().contains("object not found: V"), e.getMessage());
            // Parameters (INOUT ones can be set before OPEN) are fine: the examples use that.
            st.execute("CREATE PROCEDURE c2(INOUT x BIGINT) READS SQL DATA DYNAMIC RESULT SETS 1 BEGIN ATOMIC"
                    + " DECLARE c CURSOR WITH RETURN FOR SELECT n FROM t WHERE k = x; SET x = 2; OPEN c; END");
        }
        try (CallableStatement cs = conn.prepareCall("{call c2(?)}")) {
            cs.setLong(1, 1);
            cs.registerOutParameter(1, Types.BIGINT);
            cs.execute();
            try (var rs = cs.getResultSet()) {
                rs.next();
                assertEquals("two", rs.getString(1));
            }
        }
    }
}
