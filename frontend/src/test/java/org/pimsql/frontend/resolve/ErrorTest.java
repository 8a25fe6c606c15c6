package org.pimsql.frontend.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.Diagnostic;

/**
 * Invalid scripts: each must give exactly one located error. A {@code §} in the script marks where the
 * error must point (it is removed before compiling); the message must contain the expected text.
 */
class ErrorTest {
    private static final String MARK = "§";

    static Stream<Arguments> schemaErrors() {
        return Stream.of(
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY§", "syntax error: unexpected end of file, expected"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY) §garbage;", "syntax error: unexpected 'garbage'"),
                // SQL/PSM statements the dialect lacks are named, with what to write instead, and nothing after them
                Arguments.of("CREATE PROCEDURE p(INOUT r INTEGER) BEGIN ATOMIC\n  §REPEAT\n    SET r = r + 1;\n"
                        + "  UNTIL r >= 3 END REPEAT;\nEND;", "REPEAT loops are not supported: write a WHILE loop"),
                Arguments.of("CREATE PROCEDURE p(INOUT r INTEGER) BEGIN ATOMIC\n  §CASE r WHEN 1 THEN SET r = 2; END CASE;\nEND;",
                        "the CASE statement is not supported"),
                Arguments.of("CREATE PROCEDURE p(INOUT r INTEGER) BEGIN ATOMIC\n  §GET DIAGNOSTICS r = ROW_COUNT;\nEND;",
                        "GET DIAGNOSTICS is not supported"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b VARCHAR(3) DEFAULT §'x", "syntax error: unterminated string literal"),
                Arguments.of("CREATE TABLE §t (a INTEGER);", "table T has no PRIMARY KEY"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY);\nCREATE TABLE §T (b INTEGER PRIMARY KEY);", "duplicate table T"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, §A INTEGER);", "duplicate column A in table T"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b DECIMAL(§19,2));", "DECIMAL precision 19 is out of range"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b §DECIMAL);", "DECIMAL needs an explicit precision"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b DECIMAL(4,§5));", "DECIMAL scale 5 is larger than its precision 4"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b VARCHAR(§0));", "string length 0 is out of range"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b CHAR(§2001));", "string length 2001 is out of range"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b §VARCHAR);", "VARCHAR needs a length"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b §DOUBLE);", "unsupported type DOUBLE"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER §ARRAY[3]);", "ARRAY types are only supported for procedure parameters"),
                Arguments.of("CREATE TABLE t (a INTEGER, b INTEGER, PRIMARY KEY (a, §c));", "unknown column C in table T"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER, §PRIMARY KEY (b));", "table T has more than one PRIMARY KEY"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER, §FOREIGN KEY (b) REFERENCES u (x));", "FOREIGN KEY constraints are not supported"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER §REFERENCES u);", "REFERENCES (foreign key) constraints are not supported"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, §CHECK (a > 0));", "CHECK constraints are not supported"),
                Arguments.of("PARTITION TABLE §nope ON COLUMN a;", "unknown table NOPE"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY);\nPARTITION TABLE t ON COLUMN §b;", "unknown column B in table T"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER NOT NULL);\nPARTITION TABLE t ON COLUMNS (a, §b);",
                        "partition column B is not part of the primary key of T"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY);\nPARTITION TABLE t ON COLUMN a;\n§PARTITION TABLE t ON COLUMN a;",
                        "table T is already partitioned"),
                Arguments.of("CREATE INDEX i ON §nope (a);", "unknown table NOPE"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER);\nCREATE INDEX i ON t (§c);", "unknown column C in table T"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER);\nCREATE INDEX i ON t (b);\nCREATE INDEX §i ON t (a);",
                        "duplicate index I"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER);\nCREATE INDEX i ON t (b §DESC);",
                        "descending index columns are not supported"),
                Arguments.of("CREATE PROCEDURE q(OUT x INTEGER) READS SQL DATA BEGIN ATOMIC SELECT a INTO x FROM §t; END;\nCREATE TABLE t (a INTEGER PRIMARY KEY);",
                        "table T is created after procedure Q"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY);\nCREATE PROCEDURE q() READS SQL DATA DYNAMIC RESULT SETS 1 BEGIN ATOMIC\n"
                        + "DECLARE v INTEGER DEFAULT 1;\nDECLARE c CURSOR WITH RETURN FOR SELECT a FROM t WHERE a = §v;\nOPEN c; END;",
                        "a cursor can read parameters only, not variable V"),
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b SMALLINT DEFAULT §'x');", "DEFAULT value of type CHAR(1) does not fit"),
                // OPENs in different branches of an IF count once; a third OPEN after them is the second result set
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY);\nCREATE PROCEDURE q(IN k INTEGER) READS SQL DATA DYNAMIC RESULT SETS 1\n"
                        + "BEGIN ATOMIC\nDECLARE c1 CURSOR WITH RETURN FOR SELECT a FROM t;\n"
                        + "DECLARE c2 CURSOR WITH RETURN FOR SELECT a FROM t;\nDECLARE c3 CURSOR WITH RETURN FOR SELECT a FROM t;\n"
                        + "IF k = 1 THEN OPEN c1; ELSE OPEN c2; END IF;\n§OPEN c3; END;",
                        "procedure Q declares DYNAMIC RESULT SETS 1 but this OPEN returns result set number 2"),
                // follow-on errors from a failed declaration are not reported again
                Arguments.of("CREATE TABLE t (a INTEGER PRIMARY KEY, b §DOUBLE);\nPARTITION TABLE t ON COLUMN a;\nCREATE INDEX i ON t (b);\n"
                        + "CREATE PROCEDURE q(IN x INTEGER) MODIFIES SQL DATA BEGIN ATOMIC DELETE FROM t WHERE a = x; END;",
                        "unsupported type DOUBLE"),
                Arguments.of("CREATE PROCEDURE q(IN x §REAL, OUT y INTEGER) BEGIN ATOMIC SET y = x; END;", "unsupported type REAL"));
    }

    static Stream<Arguments> procedureErrors() {
        return Stream.of(
                Arguments.of("DECLARE v §FLOAT;\nSET v = 1;\nSET o = v;", "unsupported type FLOAT"),
                Arguments.of("DECLARE v INTEGER DEFAULT §'x';\nSET v = v + 1;", "cannot assign a value of type CHAR(1) to variable V of type INTEGER"),
                Arguments.of("DECLARE a INTEGER DEFAULT 1;\nDECLARE b BIGINT DEFAULT §a + 1;", "DEFAULT must be a constant"),
                Arguments.of("SELECT i_id, i_id INTO io, §io FROM item WHERE i_id = 1;", "variable IO appears twice after INTO"),
                Arguments.of("DECLARE t TIMESTAMP;\nIF t §< 'yesterday' THEN SET o = 1; END IF;", "cannot compare TIMESTAMP with CHAR(9)"),
                Arguments.of("SET o = 1 §SET o = 2;", "syntax error: unexpected 'SET', expected"),
                Arguments.of("SET o = w §% 2;", "% is not an operator in HSQLDB; use MOD(a, b)"),
                Arguments.of("SELECT c_first INTO name FROM §nope WHERE x = 1;", "unknown table NOPE"),
                Arguments.of("SELECT §c_foo INTO o FROM customer WHERE c_w_id = w;", "unknown column C_FOO in table CUSTOMER"),
                Arguments.of("SELECT c_id INTO o FROM customer c WHERE §x.c_id = w;", "unknown table or alias X"),
                Arguments.of("SELECT c.§c_foo INTO o FROM customer c WHERE c.c_id = w;", "unknown column C_FOO in table CUSTOMER"),
                Arguments.of("SET §x = 1;", "unknown variable X"),
                Arguments.of("SET o = §y + 1;", "unknown variable Y"),
                Arguments.of("SET §w = 1;", "cannot assign to IN parameter W"),
                Arguments.of("SET io = §o + 1;", "cannot read OUT parameter O; declare it INOUT to read it"),
                Arguments.of("SET o = §'abc';", "cannot assign a value of type CHAR(3) to variable O of type INTEGER"),
                Arguments.of("SET name = §w;", "cannot assign a value of type INTEGER to variable NAME of type VARCHAR(16)"),
                Arguments.of("IF name §= 1 THEN SET o = 1; END IF;", "cannot compare VARCHAR(16) with INTEGER"),
                Arguments.of("IF §w THEN SET o = 1; END IF;", "IF condition must be a BOOLEAN condition, found INTEGER"),
                Arguments.of("WHILE §w + 1 DO SET o = 1; END WHILE;", "WHILE condition must be a BOOLEAN condition"),
                Arguments.of("SET o = ids[§name];", "array index must be an integer, found VARCHAR(16)"),
                Arguments.of("SET o = §w[1];", "W is not an array"),
                Arguments.of("SET o = §ids;", "array IDS can only be used as IDS[i] or CARDINALITY(IDS)"),
                Arguments.of("SET o = CARDINALITY(§w);", "W is not an array"),
                Arguments.of("DECLARE v INTEGER §ARRAY[3];", "ARRAY types are only supported for procedure parameters"),
                Arguments.of("OPEN §c;", "unknown cursor C"),
                Arguments.of("§CREATE TABLE x (a INTEGER PRIMARY KEY);", "CREATE is not allowed inside a procedure"),
                Arguments.of("SET o = 1;\n§DECLARE v INTEGER;", "DECLARE must come before the other statements"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT c_d_id, §c_id FROM customer GROUP BY c_d_id;",
                        "column C_ID must be inside an aggregate function or appear in GROUP BY"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT MAX(c_d_id) FROM customer HAVING §c_id > 1;",
                        "column C_ID must be inside an aggregate function or listed in GROUP BY"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT c_d_id, COUNT(*) FROM customer GROUP BY c_d_id "
                        + "ORDER BY §c_id;", "column C_ID must be inside an aggregate function or appear in GROUP BY"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT DISTINCT c_d_id FROM customer ORDER BY §c_id;",
                        "with SELECT DISTINCT, ORDER BY may only use expressions of the select list"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT COUNT(*) FROM customer GROUP BY §COUNT(*);",
                        "aggregate functions are only allowed in the select list of a query"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT i_id FROM item §UNION SELECT s_i_id FROM stock;",
                        "UNION is not supported in procedures"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT i_id FROM item §LEFT JOIN stock ON s_i_id = i_id;",
                        "outer joins are not supported in procedures"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT i_id FROM §(SELECT i_id FROM item) x;",
                        "subqueries in FROM are not supported in procedures"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT MAX(i_id) §OVER (ORDER BY i_id) FROM item;",
                        "window functions are not supported in procedures"),
                Arguments.of("SELECT c_first, c_last §INTO name FROM customer WHERE c_w_id = w AND c_d_id = d AND c_id = 1;",
                        "SELECT has 2 columns but INTO has 1 target"),
                Arguments.of("SELECT i_id INTO o FROM item WHERE i_id > w §LIMIT 1;", "LIMIT and OFFSET are not allowed in SELECT ... INTO"),
                Arguments.of("§SELECT i_id FROM item WHERE i_id = w;", "a SELECT statement in a procedure needs INTO"),
                Arguments.of("DECLARE c_id INTEGER;\nSELECT c_first INTO name FROM customer WHERE §c_id = 1;",
                        "ambiguous name C_ID: it is a column of CUSTOMER and a variable"),
                Arguments.of("SELECT COUNT(*) INTO o FROM customer a, customer b WHERE §c_id = 1;", "ambiguous column C_ID: qualify it with A or B"),
                Arguments.of("SELECT COUNT(*) INTO o FROM customer, §customer;", "table CUSTOMER appears twice in FROM"),
                Arguments.of("DECLARE v INTEGER;\nDECLARE §v INTEGER;", "duplicate variable V"),
                Arguments.of("DECLARE §w INTEGER;", "duplicate variable W"),
                Arguments.of("SET o = §FOO(1);", "unknown function FOO"),
                Arguments.of("SET o = §POWER(amount, 2);", "function POWER is not supported"),
                Arguments.of("SET amount = ROUND(CAST(w AS DECIMAL(6,2)), §w);", "ROUND's number of digits must be an integer literal"),
                Arguments.of("SET amount = TRUNC(CAST(w AS DECIMAL(6,2)), §-1);", "TRUNC to -1 digits is not supported"),
                Arguments.of("SET amount = FLOOR(§name);", "FLOOR needs a number"),
                Arguments.of("SET name = §CONCAT(name);", "CONCAT takes two arguments or more, found 1"),
                Arguments.of("SET name = LEFT(name, §name);", "LEFT length needs a number"),
                Arguments.of("SET o = §LOCATE(name, name, 2);", "LOCATE takes two arguments, found 3"),
                Arguments.of("SET o = YEAR(§w);", "YEAR needs a TIMESTAMP, found INTEGER"),
                Arguments.of("SET o = EXTRACT(§WEEKDAY FROM w);", "EXTRACT of WEEKDAY is not supported"),
                Arguments.of("SET name = §UPPER(name, name);", "UPPER takes one argument, found 2"),
                Arguments.of("SET name = §LTRIM();", "LTRIM takes one or two arguments, found 0"),
                Arguments.of("SET name = TRIM(LEADING FROM §w);", "TRIM needs a string, found INTEGER"),
                Arguments.of("SET o = §ABS(1, 2);", "ABS takes one argument, found 2"),
                Arguments.of("SET o = §NULLIF(w);", "NULLIF takes two arguments, found 1"),
                Arguments.of("SET o = IFNULL(§NULL, 1);", "IFNULL of a bare NULL has no type; CAST it"),
                Arguments.of("SET o = ABS(§name);", "ABS needs a number"),
                Arguments.of("SET o = NVL(w, §TRUE);", "NVL cannot turn BOOLEAN into its first argument's type INTEGER"),
                Arguments.of("IF §EXISTS (SELECT i_id FROM item WHERE i_id = w) THEN SET o = 1; END IF;", "EXISTS is not supported"),
                Arguments.of("IF §w LIKE 'a%' THEN SET o = 1; END IF;", "LIKE needs a string, found INTEGER"),
                Arguments.of("IF name LIKE §'a!' ESCAPE '!' THEN SET o = 1; END IF;", "invalid escape sequence"),
                Arguments.of("IF name LIKE §'a!b' ESCAPE '!' THEN SET o = 1; END IF;", "invalid escape sequence"),
                Arguments.of("IF name LIKE 'a%' ESCAPE §'!!' THEN SET o = 1; END IF;", "invalid escape character"),
                Arguments.of("SET o = (SELECT COUNT(*) FROM stock WHERE s_i_id = (SELECT MAX(ol_i_id) FROM order_line WHERE §s_w_id = ol_w_id));",
                        "correlated subqueries are not supported"),
                Arguments.of("INSERT INTO item (i_id, i_price) §VALUES (1);", "INSERT into ITEM gives 1 value for 2 columns"),
                Arguments.of("INSERT INTO §item (i_id) VALUES (1);", "gives no value for NOT NULL column I_PRICE"),
                Arguments.of("INSERT INTO item (i_id, §i_nope) VALUES (1, 2);", "unknown column I_NOPE in table ITEM"),
                Arguments.of("INSERT INTO item VALUES (1, 'x', §NULL);", "column I_PRICE is NOT NULL"),
                Arguments.of("UPDATE item SET §i_id = 2 WHERE i_id = w;", "cannot update primary key column I_ID"),
                Arguments.of("UPDATE item SET §i_foo = 2 WHERE i_id = w;", "unknown column I_FOO in table ITEM"),
                Arguments.of("UPDATE item SET i_price = §'cheap' WHERE i_id = w;", "cannot assign a value of type CHAR(5) to column I_PRICE"),
                Arguments.of("UPDATE item SET i_name = 'a', §i_name = 'b' WHERE i_id = w;", "column I_NAME is assigned twice"),
                Arguments.of("DELETE FROM item WHERE §i_price;", "WHERE must be a BOOLEAN condition, found DECIMAL(5,2)"),
                Arguments.of("SELECT i_id INTO o FROM item WHERE §MAX(i_id) > 1;", "aggregate functions are only allowed in the select list"),
                Arguments.of("SELECT MAX(i_price), §i_id INTO amount, o FROM item;", "column I_ID must be inside an aggregate function"),
                Arguments.of("l1: WHILE o < 3 DO SET o = 1; END WHILE §l2;", "end label L2 does not match label L1"),
                Arguments.of("FOR SELECT i_id FROM item DO SET §i_id = 1; END FOR;", "cannot assign to FOR loop column I_ID"),
                Arguments.of("SET o = §CASE WHEN w > 1 THEN 1 ELSE 'x' END;", "CASE mixes incompatible types"),
                Arguments.of("SET o = §99999999999999999999;", "integer literal 99999999999999999999 does not fit in BIGINT"),
                Arguments.of("SET amount = §1.2345678901234567890;", "has more than 18 digits"),
                Arguments.of("DECLARE t TIMESTAMP DEFAULT TIMESTAMP §'2020-13-45';", "invalid TIMESTAMP literal"),
                Arguments.of("SET o = §NULL + 1;", "NULL needs a type here"),
                Arguments.of("DECLARE c CURSOR §WITHOUT RETURN FOR SELECT i_id FROM item;", "only WITH RETURN cursors are supported"),
                Arguments.of("SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = §name;", "MESSAGE_TEXT must be a string literal"),
                Arguments.of("SIGNAL SQLSTATE §'4500';", "SQLSTATE must be 5 digits"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT i_id FROM item;\nWHILE io < 1 DO §OPEN c; END WHILE;",
                        "OPEN inside a loop is not supported"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT i_id FROM item;\nOPEN c;\nOPEN §c;", "cursor C is opened twice"),
                Arguments.of("DECLARE c CURSOR WITH RETURN FOR SELECT i_id FROM item LIMIT §name;", "LIMIT must be an integer, found VARCHAR(16)"),
                Arguments.of("SET name = SUBSTRING(name FROM §'a' FOR 2);", "SUBSTRING start needs a number, found CHAR(1)"),
                Arguments.of("SET o = POSITION('a' IN §w);", "POSITION needs a string, found INTEGER"),
                Arguments.of("SET o = POSITION(§amount IN name);", "cannot read OUT parameter AMOUNT"),
                Arguments.of("SET o = POSITION(§1 IN name);", "POSITION needs a string, found INTEGER"),
                Arguments.of("SET o = MOD(w, §amount);", "cannot read OUT parameter AMOUNT"),
                Arguments.of("SET o = (§SELECT i_id, i_name FROM item WHERE i_id = 1);",
                        "a scalar subquery must select exactly one column"),
                Arguments.of("IF §c_id = 1 THEN SET o = 1; END IF;", "unknown variable C_ID"),
                Arguments.of("IF CAST(name AS TIMESTAMP) §= 1 THEN SET o = 1; END IF;",
                        "cannot compare TIMESTAMP with INTEGER"));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("schemaErrors")
    void schemaErrorIsLocated(String script, String message) {
        assertLocatedError(new String[] {script}, script, 0, message);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("procedureErrors")
    void procedureErrorIsLocated(String body, String message) {
        String script = Sql.proc(body);
        assertLocatedError(new String[] {Sql.SCHEMA, script}, script, 1, message);
    }

    private static void assertLocatedError(String[] scripts, String marked, int markedIndex, String message) {
        int mark = marked.indexOf(MARK);
        assertTrue(mark >= 0, "test case has no " + MARK + " marker");
        int line = 1;
        int column = 1;
        for (int i = 0; i < mark; i++) {
            if (marked.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        String[] clean = scripts.clone();
        clean[markedIndex] = marked.replace(MARK, "");
        CompileException e = Sql.errors(clean);
        Diagnostic first = e.diagnostics().getFirst();
        String actual = first.pos() + ": " + first.message();
        assertTrue(first.message().contains(message), "message: " + actual + "\nall: " + e.diagnostics());
        assertEquals("test.sql:" + line + ":" + column, first.pos().toString(), "position of: " + actual);
        assertEquals(1, e.diagnostics().size(), "expected exactly one error, got " + e.diagnostics());
    }
}
