package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.Diagnostic;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.SourcePos;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.frontend.parser.SqlSplitter;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.host.query.QueryService;

/**
 * Executes statements of the user's scripts (or of the shell) against one embedded database and prints
 * what calls return: OUT values as a one-row table, then each result set. Consecutive DDL statements run
 * as one script (one schema compilation); calls go through {@code prepareCall} so that OUT parameters,
 * written as {@code ?}, can be read back; INSERTs through {@code Statement.execute}; ad-hoc queries
 * (SELECT, WITH, VALUES, EXPLAIN PLAN FOR) print their result as a table.
 */
final class SqlSession implements AutoCloseable {
    /** A statement failed; {@link #getMessage()} is the complete rendering, ending with a newline. */
    static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;

        Failure(String rendering) {
            super(rendering);
        }
    }

    private final Connection connection;
    private final PimConnection pim;
    private final PrintWriter out;
    private final boolean acknowledge;

    /** {@code acknowledge}: print "OK" for statements that return nothing (the shell does, run does not). */
    SqlSession(Connection connection, PrintWriter out, boolean acknowledge) throws SQLException {
        this.connection = connection;
        this.pim = connection.unwrap(PimConnection.class);
        this.out = out;
        this.acknowledge = acknowledge;
    }

    PimConnection connection() {
        return pim;
    }

    /**
     * Runs {@code statements} (in {@code source}'s coordinates, {@code fileName} naming it) in order, up
     * to the first failure, which is thrown.
     */
    void execute(String fileName, String source, List<SqlSplitter.Statement> statements) throws Failure {
        int i = 0;
        while (i < statements.size()) {
            SqlSplitter.Statement s = statements.get(i);
            if (isCall(s)) {
                call(fileName, s);
                i++;
            } else if (isInsert(s)) {
                insert(fileName, s);
                i++;
            } else if (isQuery(s)) {
                query(fileName, s);
                i++;
            } else if (s.firstWord().equals("CHECKPOINT")) {
                checkpoint(fileName, s);
                i++;
            } else if (isDdl(s)) {
                int j = i;
                while (j < statements.size() && isDdl(statements.get(j))) {
                    j++;
                }
                ddl(fileName, source, statements.subList(i, j));
                i = j;
            } else {
                throw notAStatement(fileName, source, s);
            }
        }
    }

    /** {@code CHECKPOINT}, as the driver runs it (docs/runtime.md): the DPU images written, the log retired. */
    private void checkpoint(String fileName, SqlSplitter.Statement s) throws Failure {
        try (java.sql.Statement st = connection.createStatement()) {
            st.execute(s.text());
        } catch (SQLException e) {
            throw failure(fileName, s, e);
        }
    }

    /** What the schema compiler takes: CREATE TABLE / INDEX / PROCEDURE and PARTITION TABLE. */
    static boolean isDdl(SqlSplitter.Statement s) {
        return s.firstWord().equals("CREATE") || s.firstWord().equals("PARTITION");
    }

    /** A statement that starts with no statement's first word (a typo such as {@code SELEC 1}). */
    private static Failure notAStatement(String fileName, String source, SqlSplitter.Statement s) {
        String first = s.leadingWords(1);
        var d = new Diagnostic(new SourcePos(fileName, s.line(), s.column()), "syntax error: unexpected " + first
                + "; a statement starts with CREATE, PARTITION TABLE, CALL, INSERT, SELECT, WITH, VALUES, EXPLAIN or "
                + "CHECKPOINT");
        return new Failure(new CompileException(d).format(Map.of(fileName, new SqlScript(fileName, source))));
    }

    static boolean isCall(SqlSplitter.Statement s) {
        return s.text().startsWith("{") || s.firstWord().equals("CALL");
    }

    static boolean isInsert(SqlSplitter.Statement s) {
        return s.firstWord().equals("INSERT");
    }

    /** An ad-hoc query (SELECT, WITH, VALUES, EXPLAIN PLAN FOR) or an UPDATE/DELETE (refused outside procedures). */
    static boolean isQuery(SqlSplitter.Statement s) {
        return QueryService.isQuery(s.text()) || QueryService.isDataChange(s.text());
    }

    private void ddl(String fileName, String source, List<SqlSplitter.Statement> group) throws Failure {
        SqlSplitter.Statement first = group.getFirst();
        SqlSplitter.Statement last = group.getLast();
        // Blank out everything before the group (newlines kept) so that diagnostics carry the file's lines
        // and columns.
        var text = new StringBuilder(last.end() + 2);
        for (int k = 0; k < first.start(); k++) {
            text.append(source.charAt(k) == '\n' ? '\n' : ' ');
        }
        text.append(source, first.start(), last.end()).append(";\n");
        try {
            pim.engine().executeScript(fileName, text.toString());
        } catch (SQLException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof CompileException ce) {
                    throw new Failure(ce.format(Map.of(fileName, new SqlScript(fileName, source))));
                }
            }
            throw failure(fileName, first, e);
        }
        if (acknowledge) {
            out.println("OK");
        }
    }

    private void insert(String fileName, SqlSplitter.Statement s) throws Failure {
        int rows;
        try (Statement st = connection.createStatement()) {
            rows = st.executeUpdate(s.text());
        } catch (SQLException e) {
            throw failure(fileName, s, e);
        }
        if (acknowledge) {
            out.println(rows + (rows == 1 ? " row" : " rows") + " inserted");
        }
    }

    /** An ad-hoc query: its result as a table (EXPLAIN PLAN FOR: the plan's lines as they are). */
    private void query(String fileName, SqlSplitter.Statement s) throws Failure {
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(s.text())) {
            if (QueryService.firstWordOf(s.text()).equals("EXPLAIN")) {
                while (rs.next()) {
                    out.println(rs.getString(1));
                }
            } else {
                printResultSet(rs);
            }
        } catch (SQLException e) {
            throw failure(fileName, s, e);
        }
    }

    private void call(String fileName, SqlSplitter.Statement s) throws Failure {
        try {
            Procedure procedure = pim.engine().procedure(procedureName(s.text()));
            var outParams = new ArrayList<Variable>();
            for (Variable v : procedure.params()) {
                if (v.mode() != ParamMode.IN) {
                    outParams.add(v);
                }
            }
            boolean printed = false;
            try (CallableStatement cs = connection.prepareCall(s.text())) {
                for (int k = 1; k <= outParams.size(); k++) {
                    cs.registerOutParameter(k, java.sql.Types.OTHER);
                }
                boolean hasResult = cs.execute();
                if (!outParams.isEmpty()) {
                    var row = new ArrayList<Object>();
                    for (int k = 1; k <= outParams.size(); k++) {
                        row.add(cs.getObject(k));
                    }
                    TablePrinter.print(out, outParams.stream().map(Variable::name).toList(), List.of(row));
                    printed = true;
                }
                while (hasResult) {
                    try (ResultSet rs = cs.getResultSet()) {
                        printResultSet(rs);
                    }
                    printed = true;
                    hasResult = cs.getMoreResults();
                }
            }
            if (!printed && acknowledge) {
                out.println("OK");
            }
        } catch (SQLException e) {
            throw failure(fileName, s, e);
        }
    }

    private void printResultSet(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        var headers = new ArrayList<String>();
        for (int c = 1; c <= md.getColumnCount(); c++) {
            headers.add(md.getColumnLabel(c));
        }
        var rows = new ArrayList<List<Object>>();
        while (rs.next()) {
            var row = new ArrayList<Object>();
            for (int c = 1; c <= headers.size(); c++) {
                row.add(rs.getObject(c));
            }
            rows.add(row);
        }
        TablePrinter.print(out, headers, rows);
    }

    /** The procedure named by a call: {@code CALL name(...)} or {@code {call name(...)}} (the driver's parser). */
    static String procedureName(String call) throws SQLException {
        return org.pimsql.host.jdbc.CallSyntax.parse(call).procedure();
    }

    /** {@code file:line:column: error: SQLSTATE s: message}: where the failing statement starts. */
    static Failure failure(String fileName, SqlSplitter.Statement s, SQLException e) {
        String state = e.getSQLState() == null ? "" : "SQLSTATE " + e.getSQLState() + ": ";
        String message = String.valueOf(e.getMessage()).strip();
        return new Failure(fileName + ":" + s.line() + ":" + s.column() + ": error: " + state + message + "\n");
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
