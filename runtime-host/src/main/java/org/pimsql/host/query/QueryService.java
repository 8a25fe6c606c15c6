package org.pimsql.host.query;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.runtime.Hook;
import org.apache.calcite.sql2rel.ConvertToChecked;
import org.apache.calcite.tools.Program;
import org.apache.calcite.tools.Programs;
import org.apache.calcite.util.Holder;
import org.apache.calcite.schema.SchemaPlus;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.SqlErrors;

/**
 * Ad-hoc read-only SQL over a PimSQL database, planned and executed by Apache Calcite.
 *
 * <p>A query is parsed, validated and planned outside the sequencer (no DPU is involved), then executed
 * through {@link Engine#withSnapshot}: a copy-on-write snapshot of the DPUs' memory taken at an epoch
 * boundary, from which each table scan reads the rows it needs (every partition, or the one a partition-key
 * equality pins) while the result is materialized. So a query sees the committed state after one whole
 * epoch, each (table, DPU) is read at most once per query, and calls keep running meanwhile. A query stops
 * with 57014 when cancelled or past its timeout ({@link QueryControl}), with 53200 when it would exhaust the
 * heap; integer arithmetic is checked (22003 on overflow, 22012 on division by zero), as in procedures.
 *
 * <p>One service per JDBC connection (one Calcite connection behind it).
 */
public final class QueryService implements AutoCloseable {
    /** Name of the schema that holds the tables (also the default schema). */
    public static final String SCHEMA = "PUBLIC";

    private final Engine engine;
    private CalciteConnection calcite;

    public QueryService(Engine engine) {
        this.engine = engine;
    }

    private synchronized CalciteConnection calcite() throws SQLException {
        if (calcite == null) {
            var info = new Properties();
            info.setProperty("lex", "ORACLE");           // unquoted names upper-cased, "quoted" kept: as HSQLDB
            info.setProperty("timeZone", "UTC");         // TIMESTAMP is a UTC wall clock, as in procedures
            info.setProperty("caseSensitive", "true");
            // HSQLDB's function names beyond the standard's (IFNULL, NVL, LEFT, RIGHT, CONCAT, LENGTH, SUBSTR, LPAD,
            // RPAD, INSTR, DECODE, GREATEST, ...) are in Calcite's library tables; a few differ from HSQLDB in
            // corner cases (docs/queries.md "Known differences from HSQLDB")
            info.setProperty("fun", "standard,mysql,oracle,postgresql,bigquery");
            info.setProperty("typeSystem", PimTypeSystem.class.getName() + "#INSTANCE"); // SUM's types: HSQLDB's
            info.setProperty("defaultNullCollation", "FIRST"); // NULLs first in either direction: as HSQLDB, and
                                                                // as procedures' ORDER BY (the kernel's sort keys)
            Connection c = new org.apache.calcite.jdbc.Driver().connect("jdbc:calcite:", info);
            CalciteConnection cc = c.unwrap(CalciteConnection.class);
            cc.getRootSchema().add(SystemTables.SCHEMA, SystemTables.schema(engine.placement()));
            SchemaPlus schema = cc.getRootSchema().add(SCHEMA, new PimSchema(engine::catalog));
            HsqldbFunctions.addTo(schema);
            schema.setCacheEnabled(false);
            cc.setSchema(SCHEMA);
            calcite = cc;
        }
        return calcite;
    }

    /** True for statements this service runs: SELECT, WITH, VALUES, TABLE, EXPLAIN PLAN FOR, (query). */
    public static boolean isQuery(String sql) {
        String w = firstWord(sql);
        return w.equals("SELECT") || w.equals("WITH") || w.equals("VALUES") || w.equals("EXPLAIN") || w.equals("(")
                || w.equals("TABLE");
    }

    /** True for UPDATE, DELETE and MERGE, which only procedures may run. */
    public static boolean isDataChange(String sql) {
        String w = firstWord(sql);
        return w.equals("UPDATE") || w.equals("DELETE") || w.equals("MERGE") || w.equals("UPSERT")
                || w.equals("TRUNCATE");
    }

    /** The SQLException for an UPDATE/DELETE outside a procedure. */
    public static SQLException dataChangeRefused(String sql) {
        return SqlErrors.of("0A000", firstWord(sql) + " outside a stored procedure is not supported: every write "
                + "runs as a compiled, partition-routed transaction. Declare a procedure that performs it "
                + "(CREATE PROCEDURE ... MODIFIES SQL DATA BEGIN ATOMIC " + firstWord(sql) + " ...; END) and CALL it.");
    }

    /** The first keyword, upper-cased, after whitespace and comments; "(" for a parenthesized query. */
    public static String firstWordOf(String sql) {
        return firstWord(sql);
    }

    static String firstWord(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (sql.startsWith("--", i)) {
                int e = sql.indexOf('\n', i);
                i = e < 0 ? n : e + 1;
            } else if (sql.startsWith("/*", i)) {
                int e = sql.indexOf("*/", i + 2);
                i = e < 0 ? n : e + 2;
            } else {
                break;
            }
        }
        if (i < n && sql.charAt(i) == '(') {
            return "(";
        }
        int s = i;
        while (i < n && (Character.isLetter(sql.charAt(i)) || sql.charAt(i) == '_')) {
            i++;
        }
        return sql.substring(s, i).toUpperCase(Locale.ROOT);
    }

    /** A planned query: run it with {@link #execute}, any number of times. */
    public final class Prepared implements AutoCloseable {
        private final String sql;
        private final PreparedStatement statement;
        private final int parameters;
        private final ExplainPlan explain;

        private Prepared(String sql, PreparedStatement statement, int parameters, ExplainPlan explain) {
            this.sql = sql;
            this.statement = statement;
            this.parameters = parameters;
            this.explain = explain;
        }

        public int parameterCount() {
            return parameters;
        }

        public String sql() {
            return sql;
        }

        /** Runs the query over a snapshot; {@code params} holds one value per {@code ?}. */
        public QueryResult execute(List<Object> params) throws SQLException {
            return execute(params, QueryControl.none());
        }

        /** Runs the query over a snapshot, stopping when {@code control} says so. */
        public QueryResult execute(List<Object> params, QueryControl control) throws SQLException {
            if (params.size() != parameters) {
                throw new SQLException("the query has " + parameters + " parameters, got " + params.size(), "07001");
            }
            if (explain != null) {
                return explain.result();
            }
            synchronized (this) {
                var types = statement.getParameterMetaData();
                for (int i = 0; i < params.size(); i++) {
                    statement.setObject(i + 1, QueryValues.parameter(params.get(i), types.getParameterType(i + 1),
                            i + 1));
                }
                try {
                    return engine.withSnapshot(snapshot -> {
                        SnapshotScope.enter(snapshot, control);
                        try (ResultSet rs = statement.executeQuery()) {
                            return materialize(rs, control);
                        } catch (RuntimeException | SQLException e) {
                            throw executionError(e);
                        } finally {
                            SnapshotScope.leave();
                        }
                    });
                } catch (OutOfMemoryError e) {
                    throw outOfMemory(e);
                } catch (StackOverflowError e) {
                    throw tooComplex(e);
                } catch (ExceptionInInitializerError e) {
                    // Calcite's generated code computes constants in a static initializer: 2^63 - 1 + 1 fails there
                    throw executionError(new IllegalStateException(e.getCause()));
                }
            }
        }

        @Override
        public void close() throws SQLException {
            if (statement != null) {
                statement.close();
            }
        }
    }

    private static QueryFailure cause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof QueryFailure f) {
                return f;
            }
        }
        return null;
    }

    /**
     * An error of Calcite's execution as the SQLException a user expects: a table read's own, a cancel (57014),
     * or Java's arithmetic errors of checked integer and decimal arithmetic as 22003 (numeric value out of range)
     * and 22012 (division by zero), as procedures report them; a string that is not a number where one is needed
     * (a CAST, a comparison with a number) as 22018, and one that is not a date or time as 22007, as HSQLDB does.
     */
    static SQLException executionError(Exception e) {
        QueryFailure f = cause(e);
        if (f != null) {
            return f.sqlException();
        }
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof NumberFormatException n) {
                // a string converted to a number (CAST, or compared with one) that is not one
                SQLException out = SqlErrors.of("22018", "invalid character value for cast (" + n.getMessage() + ")");
                out.initCause(e);
                return out;
            }
            if (c instanceof IllegalArgumentException i && String.valueOf(i.getMessage()).matches(
                    "(?s).*(Invalid (DATE|TIME|TIMESTAMP)|[Uu]nparseable|Text '.*' could not be parsed).*")) {
                SQLException out = SqlErrors.of("22007", "invalid datetime format (" + i.getMessage() + ")");
                out.initCause(e);
                return out;
            }
            if (c instanceof ArithmeticException a) {
                String m = String.valueOf(a.getMessage());
                SQLException out = m.contains("by zero") || m.contains("Division undefined")
                        ? SqlErrors.of("22012", "division by zero")
                        : SqlErrors.of("22003", "numeric value out of range (" + m + ")");
                out.initCause(e);
                return out;
            }
        }
        return e instanceof SQLException sql ? translate(sql) : translate(new SQLException(e.getMessage(), (String) null, e));
    }

    static SQLException outOfMemory(OutOfMemoryError e) {
        var out = new SQLException("out of memory: the query's rows and intermediate results do not fit in the JVM "
                + "heap (raise -Xmx, or select fewer rows)", "53200");
        out.initCause(e);
        return out;
    }

    private static boolean hasCause(Throwable t, Class<? extends Throwable> kind) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (kind.isInstance(c)) {
                return true;
            }
        }
        return false;
    }

    static SQLException tooComplex(Throwable e) {
        var out = SqlErrors.of("54001", "the statement is too complex (nested too deeply) to be planned");
        out.initCause(e);
        return out;
    }

    /** Parses, validates and plans {@code sql} (no DPU is read); errors are SQLExceptions with SQLSTATEs. */
    public Prepared prepare(String sql) throws SQLException {
        String text = stripTerminator(sql);
        CalciteConnection cc = calcite();
        try {
            if (firstWord(text).equals("EXPLAIN")) {
                ExplainPlan plan = ExplainPlan.of(cc, text, engine);
                return new Prepared(text, null, plan.parameterCount(), plan);
            }
            PreparedStatement ps;
            synchronized (this) {
                try (Hook.Closeable checked = Hook.PROGRAM.addThread(QueryService::checkedArithmetic)) {
                    ps = cc.prepareStatement(text);
                }
            }
            return new Prepared(text, ps, ps.getParameterMetaData().getParameterCount(), null);
        } catch (SQLException e) {
            throw hasCause(e, StackOverflowError.class) ? tooComplex(e) : translate(e);
        } catch (StackOverflowError e) {
            throw tooComplex(e);
        } catch (OutOfMemoryError e) {
            throw outOfMemory(e);
        } catch (ExceptionInInitializerError e) {
            throw executionError(new IllegalStateException(e.getCause()));
        }
    }

    /** Plans and runs a query without parameters. */
    public QueryResult query(String sql) throws SQLException {
        return query(sql, QueryControl.none());
    }

    /** Plans and runs a query without parameters, stopping when {@code control} says so. */
    public QueryResult query(String sql, QueryControl control) throws SQLException {
        try (Prepared p = prepare(sql)) {
            return p.execute(List.of(), control);
        }
    }

    /**
     * Calcite's planning program, preceded by its rewrite of integer {@code + - * /} into their checked forms
     * (what its SQL Server and BigQuery conformances do, {@link CheckedAbs} for ABS) and by {@link BigintSums}: an
     * overflow then fails instead of wrapping around. {@link ValueText} writes DECIMALs and TIMESTAMPs converted to text
     * as HSQLDB does, and {@link PadSpace} compares strings with constants without their trailing spaces.
     */
    static void checkedArithmetic(Holder<Program> holder) {
        Program base = holder.get() != null ? holder.get() : Programs.standard();
        holder.set((planner, rel, traits, materializations, lattices) -> base.run(planner,
                new ConvertToChecked(rel.getCluster().getRexBuilder())
                        .visit(PadSpace.rewrite(CheckedAbs.rewrite(ValueText.rewrite(BigintSums.widen(rel))))),
                traits, materializations, lattices));
    }

    static String stripTerminator(String sql) {
        String s = sql.strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return s;
    }

    /**
     * Calcite's errors as SQLExceptions: validation and parse errors as syntax errors (42000) with Calcite's
     * own message (which names the line and column), anything else with its innermost message.
     */
    static SQLException translate(SQLException e) {
        if (e.getSQLState() != null && !e.getSQLState().isEmpty()) {
            return e;
        }
        String message = null;
        String state = "XX000";
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null) {
                if (t instanceof org.apache.calcite.runtime.CalciteContextException
                        || t instanceof org.apache.calcite.sql.parser.SqlParseException) {
                    message = t.getMessage();
                    state = "42000";
                    break;
                }
                message = t.getMessage();
            }
        }
        SQLException out = SqlErrors.of(state, message);
        out.initCause(e);
        return out;
    }

    static QueryResult materialize(ResultSet rs) throws SQLException {
        return materialize(rs, QueryControl.none());
    }

    static QueryResult materialize(ResultSet rs, QueryControl control) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        var columns = new ArrayList<QueryColumn>(n);
        for (int c = 1; c <= n; c++) {
            String table = md.getTableName(c);
            boolean read = table != null && !table.isEmpty(); // Calcite names the origin of a column read as it is
            columns.add(new QueryColumn(md.getColumnLabel(c), md.getColumnType(c), md.getColumnTypeName(c),
                    md.getPrecision(c), md.getScale(c), md.isNullable(c) != ResultSetMetaData.columnNoNulls,
                    QueryValues.className(md, c), read ? md.getColumnName(c) : md.getColumnLabel(c),
                    read ? table : "", read && md.getSchemaName(c) != null ? md.getSchemaName(c) : ""));
        }
        var rows = new ArrayList<Object[]>();
        while (rs.next()) {
            control.check();
            Object[] row = new Object[n];
            for (int c = 1; c <= n; c++) {
                row[c - 1] = QueryValues.read(rs, c, columns.get(c - 1));
            }
            rows.add(row);
        }
        return new QueryResult(columns, rows);
    }

    @Override
    public synchronized void close() throws SQLException {
        if (calcite != null) {
            calcite.close();
            calcite = null;
        }
    }

    /** For tests and EXPLAIN: the scale JDBC reports for DECIMAL results. */
    static BigDecimal atScale(BigDecimal d, int scale) {
        return scale >= 0 && d.scale() < scale ? d.setScale(scale) : d;
    }

    static boolean isDecimal(int jdbcType) {
        return jdbcType == Types.DECIMAL || jdbcType == Types.NUMERIC;
    }
}
