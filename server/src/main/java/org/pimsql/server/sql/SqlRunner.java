package org.pimsql.server.sql;

import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.server.protocol.PgType;

/**
 * Runs a session's PimSQL statements through the embedded JDBC driver (one {@link PimConnection} per
 * client connection, sharing the server's engine), and turns what comes back into protocol results. So a
 * statement over the wire does exactly what it does embedded, with the same SQLSTATEs.
 */
public final class SqlRunner implements AutoCloseable {
    private final Connection connection;
    private final Engine engine;
    private final Map<String, CallableStatement> calls = new HashMap<>();
    private volatile Statement running;
    private volatile boolean cancelled;
    private int timeoutSeconds;

    public SqlRunner(Connection connection) throws SQLException {
        this.connection = connection;
        this.engine = connection.unwrap(PimConnection.class).engine();
    }

    public Engine engine() {
        return engine;
    }

    /** statement_timeout, rounded up to JDBC's whole seconds (0: none). */
    public void timeoutMillis(long millis) {
        timeoutSeconds = millis <= 0 ? 0 : (int) Math.min(Integer.MAX_VALUE, (millis + 999) / 1000);
    }

    /** Asks the statement running now to stop (a cancel request): a call still queued is withdrawn. */
    public void cancel() {
        cancelled = true;
        Statement s = running;
        if (s != null) {
            try {
                s.cancel();
            } catch (SQLException e) {
                // the statement is past the point where it can be withdrawn: it completes normally
            }
        }
    }

    private <S extends Statement> S start(S statement) throws SQLException {
        statement.setQueryTimeout(timeoutSeconds);
        running = statement;
        if (cancelled) {
            cancelled = false;
            throw new SQLException("canceling statement due to user request", "57014");
        }
        return statement;
    }

    private void finish() {
        running = null;
        cancelled = false;
    }

    public Procedure procedure(String name) throws SQLException {
        return engine.procedure(name);
    }

    /** The OUT and INOUT parameters of a procedure: the columns of the row a CALL returns. */
    public static List<Column> outColumns(Procedure p) {
        var columns = new ArrayList<Column>();
        for (Variable v : p.params()) {
            if (v.mode() == ParamMode.OUT || v.mode() == ParamMode.INOUT) {
                columns.add(new Column(org.pimsql.server.sql.Lexer.pgName(v.name()), PgType.of(v.type()),
                        PgType.typmod(v.type())));
            }
        }
        return columns;
    }

    /**
     * The procedure parameter each argument position stands for. A call may list every parameter
     * (PostgreSQL 14+: OUT arguments are written, usually as NULL) or leave the OUT ones out.
     */
    public static List<Variable> argumentParameters(Procedure p, int arguments) throws SQLException {
        List<Variable> params = p.params();
        if (arguments == params.size()) {
            return params;
        }
        var readable = params.stream().filter(Variable::readable).toList();
        if (arguments == readable.size()) {
            return readable;
        }
        throw new SQLException("procedure " + p.name() + " takes " + params.size() + " arguments, got " + arguments,
                "42561");
    }

    /**
     * Runs a CALL. {@code parameters} holds the values of {@code $1..$n}. The OUT and INOUT values come back
     * as the first result (one row, PostgreSQL 14's CALL), then the procedure's result sets.
     */
    public Outcome call(CallText call, List<Object> parameters) throws SQLException {
        Procedure p = engine.procedure(call.procedure());
        List<Variable> targets = argumentParameters(p, call.arguments().size());
        CallableStatement cs = calls.get(p.name());
        if (cs == null) {
            var sql = new StringBuilder("{call \"").append(p.name().replace("\"", "\"\"")).append("\"(");
            for (int i = 0; i < p.params().size(); i++) {
                sql.append(i == 0 ? "?" : ", ?");
            }
            cs = connection.prepareCall(sql.append(")}").toString());
            calls.put(p.name(), cs);
        }
        cs.clearParameters();
        for (int i = 0; i < call.arguments().size(); i++) {
            Variable v = targets.get(i);
            if (!v.readable()) {
                continue;
            }
            Object value = switch (call.arguments().get(i)) {
                case CallText.Constant c -> c.value();
                case CallText.Parameter param -> {
                    if (param.number() < 1 || param.number() > parameters.size()) {
                        throw new SQLException("there is no parameter $" + param.number(), "42P02");
                    }
                    yield parameters.get(param.number() - 1);
                }
            };
            bind(cs, v.id() + 1, value);
        }
        for (Variable v : p.params()) {
            if (v.mode() == ParamMode.OUT || v.mode() == ParamMode.INOUT) {
                cs.registerOutParameter(v.id() + 1, PgType.of(v.type()).jdbcType());
            }
        }
        try {
            start(cs).execute();
            var results = new ArrayList<ResultRows>();
            List<Column> outs = outColumns(p);
            if (!outs.isEmpty()) {
                Object[] row = new Object[outs.size()];
                int k = 0;
                for (Variable v : p.params()) {
                    if (v.mode() == ParamMode.OUT || v.mode() == ParamMode.INOUT) {
                        row[k++] = value(cs.getObject(v.id() + 1));
                    }
                }
                results.add(new ResultRows(outs, List.<Object[]>of(row)));
            }
            for (ResultSet rs = cs.getResultSet(); rs != null; rs = cs.getMoreResults() ? cs.getResultSet() : null) {
                results.add(materialize(rs));
            }
            return new Outcome(results, "CALL");
        } finally {
            finish();
        }
    }

    private static void bind(PreparedStatement ps, int index, Object value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.NULL);
        } else if (value instanceof List<?> list) {
            ps.setObject(index, list.toArray());
        } else {
            ps.setObject(index, value);
        }
    }

    private static Object value(Object v) throws SQLException {
        return v instanceof java.sql.Array a ? java.util.Arrays.asList((Object[]) a.getArray()) : v;
    }

    /** A query planned once (the embedded driver's prepared statement), run with new values each time. */
    public PreparedStatement prepare(String jdbcSql) throws SQLException {
        return connection.prepareStatement(jdbcSql);
    }

    /** Runs a prepared query or INSERT with {@code values} for its {@code ?} in order. */
    public Outcome execute(PreparedStatement ps, List<Object> values, boolean insert) throws SQLException {
        for (int i = 0; i < values.size(); i++) {
            bind(ps, i + 1, values.get(i));
        }
        try {
            if (insert) {
                int n = start(ps).executeUpdate();
                return Outcome.tag("INSERT 0 " + n);
            }
            try (ResultSet rs = start(ps).executeQuery()) {
                return Outcome.rows(materialize(rs));
            }
        } finally {
            finish();
        }
    }

    /**
     * Runs a statement without parameters: a query, an INSERT, an UPDATE/DELETE (which PimSQL refuses with
     * its own error) or a DDL script of any number of statements.
     */
    public Outcome execute(String sql, String tag) throws SQLException {
        try (Statement s = connection.createStatement()) {
            boolean hasRows = start(s).execute(sql);
            if (hasRows) {
                try (ResultSet rs = s.getResultSet()) {
                    return Outcome.rows(materialize(rs));
                }
            }
            return Outcome.tag(tag.equals("INSERT") ? "INSERT 0 " + Math.max(0, s.getUpdateCount()) : tag);
        } finally {
            finish();
        }
    }

    static ResultRows materialize(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        var columns = new ArrayList<Column>(n);
        for (int c = 1; c <= n; c++) {
            int jdbc = md.getColumnType(c);
            PgType type = PgType.ofJdbc(jdbc, md.getColumnTypeName(c));
            int typmod = -1;
            if (type == PgType.NUMERIC && md.getPrecision(c) > 0 && md.getScale(c) >= 0) {
                typmod = ((md.getPrecision(c) << 16) | md.getScale(c)) + 4;
            } else if ((type == PgType.VARCHAR || type == PgType.BPCHAR) && md.getPrecision(c) > 0
                    && md.getPrecision(c) < 10_485_760) {
                typmod = md.getPrecision(c) + 4;
            }
            String label = md.getColumnLabel(c);
            // Calcite names unnamed expressions EXPR$n; PostgreSQL calls them ?column?
            columns.add(new Column(label.matches("EXPR\\$\\d+") ? "?column?" : Lexer.pgName(label), type, typmod));
        }
        var rows = new ArrayList<Object[]>();
        while (rs.next()) {
            Object[] row = new Object[n];
            for (int c = 1; c <= n; c++) {
                Object v = switch (columns.get(c - 1).type()) {
                    case NUMERIC -> rs.getBigDecimal(c);
                    case TIMESTAMP -> rs.getTimestamp(c);
                    default -> rs.getObject(c);
                };
                row[c - 1] = rs.wasNull() ? null : value(v);
            }
            rows.add(row);
        }
        return new ResultRows(columns, rows);
    }

    static BigDecimal decimal(Object v) {
        return v instanceof BigDecimal d ? d : new BigDecimal(v.toString());
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // the engine stays open for the other sessions; nothing to report to a client that left
        }
    }

    static SQLException unsupported(String what) {
        return new SQLFeatureNotSupportedException(what, "0A000");
    }
}
