package org.pimsql.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.frontend.parser.SqlSplitter;
import org.pimsql.server.catalog.CatalogQueries;
import org.pimsql.server.catalog.PgCatalog;
import org.pimsql.server.protocol.Backend;
import org.pimsql.server.protocol.Frame;
import org.pimsql.server.protocol.MessageReader;
import org.pimsql.server.protocol.PgError;
import org.pimsql.server.protocol.PgType;
import org.pimsql.server.protocol.PgValues;
import org.pimsql.server.protocol.ProtocolException;
import org.pimsql.server.sql.CallText;
import org.pimsql.server.sql.Column;
import org.pimsql.server.sql.Command;
import org.pimsql.server.sql.Outcome;
import org.pimsql.server.sql.Placeholders;
import org.pimsql.server.sql.ResultRows;
import org.pimsql.server.sql.Settings;
import org.pimsql.server.sql.SqlRunner;

/**
 * One client connection after authentication: the simple and extended query protocols, prepared
 * statements and portals, transaction-block bookkeeping and session settings. Its messages are handled
 * in order on one virtual thread, so a statement that waits for its epoch blocks only its own client;
 * Netty's event loop only cuts frames and queues them here.
 */
final class Session implements Runnable {
    private static final Frame STOP = new Frame.Malformed("stop");
    private static final int QUEUE_HIGH_WATER = 256;

    private final ServerContext server;
    private final Channel channel;
    private final Backend out;
    private final String user;
    private final String database;
    final int pid;
    final int secret;
    private final Settings settings;
    private final LinkedBlockingQueue<Frame> inbox = new LinkedBlockingQueue<>();
    private final Map<String, Prepared> statements = new HashMap<>();
    private final Map<String, Portal> portals = new HashMap<>();
    private SqlRunner runner;
    private volatile boolean shuttingDown;

    private enum Tx { IDLE, BLOCK, FAILED }

    private Tx tx = Tx.IDLE;
    private int blockStatements;
    private boolean blockWrote;
    /** After an error in the extended protocol, messages are skipped until Sync. */
    private boolean skipUntilSync;

    /** A parsed statement (Parse), with the parameter types the client declared (null: not declared). */
    private record Prepared(Command command, PgType[] declared, Placeholders placeholders, CallText call,
                            PreparedStatement jdbc) {}

    /** A bound statement (Bind): its parameter values, the formats wanted for its columns, and its result. */
    private static final class Portal {
        final Prepared statement;
        final List<Object> values;
        final int[] resultFormats;
        Outcome outcome;
        int position;

        Portal(Prepared statement, List<Object> values, int[] resultFormats) {
            this.statement = statement;
            this.values = values;
            this.resultFormats = resultFormats;
        }
    }

    Session(ServerContext server, Channel channel, String user, String database, Settings settings, int pid,
            int secret) {
        this.server = server;
        this.channel = channel;
        this.out = new Backend(channel.alloc());
        this.user = user;
        this.database = database;
        this.settings = settings;
        this.pid = pid;
        this.secret = secret;
    }

    /** Called on the event loop: queues a frame; reading pauses while the client is far ahead. */
    void offer(Frame frame) {
        inbox.add(frame);
        if (inbox.size() > QUEUE_HIGH_WATER) {
            channel.config().setAutoRead(false);
        }
    }

    /** The connection closed: finish the statement under way (its call still completes), then stop. */
    void disconnected() {
        inbox.add(STOP);
    }

    /** Server shutdown: answer what is queued up to the statement under way, then say goodbye and close. */
    void shutdown() {
        shuttingDown = true;
        inbox.add(STOP);
    }

    /** A cancel request for this session (PostgreSQL's CancelRequest with the right key). */
    void cancel() {
        SqlRunner r = runner;
        if (r != null) {
            r.cancel();
        }
    }

    @Override
    public void run() {
        try {
            Connection c = DriverManager.getConnection(server.jdbcUrl());
            runner = new SqlRunner(c);
            runner.timeoutMillis(settings.statementTimeoutMillis());
        } catch (SQLException e) {
            send(out.error(new PgError("FATAL", e.getSQLState() == null ? "08006" : e.getSQLState(),
                    "cannot open the database: " + e.getMessage(), null, null)));
            channel.writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER).addListener(f -> channel.close());
            server.forget(this);
            return;
        }
        try {
            send(out.readyForQuery('I'));
            flush();
            while (true) {
                Frame f = inbox.take();
                if (inbox.size() < QUEUE_HIGH_WATER / 2 && !channel.config().isAutoRead()) {
                    channel.config().setAutoRead(true);
                }
                if (f == STOP) {
                    break;
                }
                if (!(f instanceof Frame.Typed t)) {
                    throw new ProtocolException("unexpected startup message after startup");
                }
                if (t.type() == 'X') {
                    break;
                }
                handle(t);
            }
            if (shuttingDown && channel.isActive()) {
                send(out.error(PgError.fatal("57P01", "terminating connection due to administrator command")));
            }
        } catch (ProtocolException e) {
            send(out.error(PgError.fatal("08P01", e.getMessage())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            send(out.error(PgError.fatal("XX000", "internal error: " + e)));
        } finally {
            channel.writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER).addListener(f -> channel.close());
            for (Prepared p : statements.values()) {
                closeQuietly(p);
            }
            runner.close();
            server.forget(this);
        }
    }

    private void send(ByteBuf message) {
        channel.write(message);
    }

    private void flush() {
        channel.flush();
    }

    private void handle(Frame.Typed t) throws ProtocolException {
        if (skipUntilSync && t.type() != 'S') {
            return;
        }
        MessageReader r = new MessageReader(t.body());
        switch (t.type()) {
            case 'Q' -> simpleQuery(r.string());
            case 'P' -> extended(() -> parse(r));
            case 'B' -> extended(() -> bind(r));
            case 'D' -> extended(() -> describe(r));
            case 'E' -> extended(() -> execute(r));
            case 'C' -> extended(() -> close(r));
            case 'H' -> flush();
            case 'S' -> sync();
            case 'F' -> extended(() -> {
                throw new SQLException("the function-call protocol is not supported: use CALL", "0A000");
            });
            case 'd', 'c', 'f' -> { } // COPY data after a refused COPY: ignored, as PostgreSQL does
            case 'p' -> throw new ProtocolException("unexpected password message: authentication is over");
            default -> throw new ProtocolException("invalid frontend message type " + (int) t.type());
        }
    }

    @FunctionalInterface
    private interface Step {
        void run() throws SQLException, ProtocolException;
    }

    /** An extended-protocol step: an SQL error is reported and the rest is skipped until Sync. */
    private void extended(Step step) throws ProtocolException {
        try {
            step.run();
        } catch (SQLException e) {
            fail(e);
            skipUntilSync = true;
        }
    }

    private void fail(SQLException e) {
        send(out.error(PgError.of(e)));
        if (tx == Tx.BLOCK) {
            tx = Tx.FAILED;
        }
    }

    private char status() {
        return switch (tx) {
            case IDLE -> 'I';
            case BLOCK -> 'T';
            case FAILED -> 'E';
        };
    }

    // ---- simple query -------------------------------------------------------------------------------

    private void simpleQuery(String text) {
        List<SqlSplitter.Statement> parts = SqlSplitter.split(text);
        var commands = new ArrayList<Command>();
        for (SqlSplitter.Statement s : parts) {
            Command c = Command.classify(s.text());
            if (c.kind() != Command.Kind.EMPTY) {
                commands.add(c);
            }
        }
        try {
            if (commands.isEmpty()) {
                send(out.emptyQueryResponse());
            }
            for (int i = 0; i < commands.size(); i++) {
                Command c = commands.get(i);
                if (c.kind() == Command.Kind.DDL) {
                    // consecutive DDL statements compile together, as one script
                    int j = i;
                    var script = new StringBuilder();
                    var tags = new ArrayList<String>();
                    while (j < commands.size() && commands.get(j).kind() == Command.Kind.DDL) {
                        script.append(commands.get(j).sql()).append(";\n");
                        tags.add(Command.ddlTag(commands.get(j).sql()));
                        j++;
                    }
                    run(new Command(Command.Kind.DDL, script.toString()), List.of(), null);
                    tags.forEach(tag -> send(out.commandComplete(tag)));
                    i = j - 1;
                    continue;
                }
                Outcome o = run(c, List.of(), null);
                List<ResultRows> results = o.results();
                for (int k = 0; k < results.size(); k++) {
                    ResultRows rows = results.get(k);
                    send(out.rowDescription(fields(rows.columns(), new int[0])));
                    sendRows(rows, new int[0], 0, rows.rows().size());
                    send(out.commandComplete(k == results.size() - 1 ? o.tag() : "SELECT " + rows.rows().size()));
                }
                if (results.isEmpty()) {
                    send(out.commandComplete(o.tag()));
                }
            }
        } catch (SQLException e) {
            fail(e);
        }
        if (tx == Tx.IDLE) {
            portals.clear();
        }
        send(out.readyForQuery(status()));
        flush();
    }

    // ---- statements ---------------------------------------------------------------------------------

    /**
     * Runs one statement with the values of its {@code $n} parameters ({@code prepared} holds the planned
     * statement of the extended protocol, null in the simple one).
     */
    private Outcome run(Command c, List<Object> params, Prepared prepared) throws SQLException {
        if (tx == Tx.FAILED && !isTransactionEnd(c)) {
            throw new SQLException("current transaction is aborted, commands ignored until end of transaction block",
                    "25P02");
        }
        if (c.kind() == Command.Kind.SESSION) {
            return sessionCommand(c.sql());
        }
        if (c.kind() == Command.Kind.CATALOG) {
            ResultRows rows = CatalogQueries.answer(withLiterals(c.sql(), params), catalogContext());
            if (rows != null) {
                return Outcome.rows(rows);
            }
            if (c.sql().toLowerCase(java.util.Locale.ROOT).matches("(?s).*\\b(pg_catalog|information_schema)\\b.*")) {
                throw new SQLException("PimSQL's server does not emulate this system-catalog query (it answers "
                        + "psql's \\d, \\dt, \\df, \\dn, \\l and the PostgreSQL JDBC driver's metadata): "
                        + abbreviate(c.sql()), "0A000");
            }
            c = new Command(Command.Kind.QUERY, c.sql());
        }
        if (c.kind() == Command.Kind.EMPTY) {
            return Outcome.tag("");
        }
        if (tx == Tx.BLOCK && c.isTransactional()) {
            if (blockStatements >= 1) {
                throw new SQLException("PimSQL has no multi-statement transactions: every CALL is its own "
                        + "serializable transaction that commits when it returns. This transaction block already ran "
                        + "a statement; end it with COMMIT, or put the statements that must be atomic into one stored "
                        + "procedure.", "0A000");
            }
            blockStatements++;
        }
        runner.timeoutMillis(settings.statementTimeoutMillis());
        Outcome o = switch (c.kind()) {
            case CALL -> runner.call(prepared != null ? prepared.call() : callText(c.sql()), params);
            case QUERY, INSERT -> {
                if (prepared != null && prepared.jdbc() != null) {
                    yield runner.execute(prepared.jdbc(), jdbcValues(prepared.placeholders(), params),
                            c.kind() == Command.Kind.INSERT);
                }
                yield runner.execute(c.sql(), c.kind() == Command.Kind.INSERT ? "INSERT" : "SELECT");
            }
            case DATA_CHANGE -> runner.execute(c.sql(), Command.ddlTag(c.sql()));
            case DDL -> runner.execute(c.sql(), Command.ddlTag(c.sql()));
            default -> throw new IllegalStateException("unexpected " + c.kind());
        };
        if (tx == Tx.BLOCK && c.writes()) {
            blockWrote = true;
        }
        return o;
    }

    /**
     * A catalog query with its {@code $n} replaced by literals: the recognizers read filters from the text
     * (the JDBC driver looks types up with {@code WHERE t.oid = $1}).
     */
    private static String withLiterals(String sql, List<Object> params) {
        if (params.isEmpty()) {
            return sql;
        }
        var m = java.util.regex.Pattern.compile("\\$(\\d+)").matcher(sql);
        var sb = new StringBuilder();
        while (m.find()) {
            int n = Integer.parseInt(m.group(1));
            Object v = n >= 1 && n <= params.size() ? params.get(n - 1) : null;
            String literal = v == null ? "NULL" : v instanceof Number || v instanceof Boolean ? v.toString()
                    : "'" + v.toString().replace("'", "''") + "'";
            m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement(literal));
        }
        return m.appendTail(sb).toString();
    }

    private static CallText callText(String sql) throws SQLException {
        String select = CallText.jdbcSelectCall(sql);
        return select != null ? CallText.parseInvocation(select) : CallText.parse(sql);
    }

    private static List<Object> jdbcValues(Placeholders placeholders, List<Object> params) throws SQLException {
        var values = new ArrayList<Object>(placeholders.order().size());
        for (int n : placeholders.order()) {
            if (n < 1 || n > params.size()) {
                throw new SQLException("there is no parameter $" + n, "42P02");
            }
            values.add(params.get(n - 1));
        }
        return values;
    }

    private CatalogQueries.Context catalogContext() {
        return new CatalogQueries.Context(new PgCatalog(runner.engine()), settings, database, user, pid);
    }

    private static boolean isTransactionEnd(Command c) {
        if (c.kind() != Command.Kind.SESSION) {
            return false;
        }
        String w = org.pimsql.server.sql.Lexer.leadingWords(c.sql(), 1);
        return w.equals("COMMIT") || w.equals("END") || w.equals("ROLLBACK") || w.equals("ABORT");
    }

    private static String abbreviate(String sql) {
        String s = sql.replaceAll("\\s+", " ").strip();
        return s.length() > 120 ? s.substring(0, 117) + "..." : s;
    }

    // ---- session commands ---------------------------------------------------------------------------

    private Outcome sessionCommand(String sql) throws SQLException {
        String text = org.pimsql.server.sql.Lexer.stripLeading(sql).strip().replaceAll(";\\s*$", "");
        String[] words = org.pimsql.server.sql.Lexer.leadingWords(text, 3).split(" ");
        switch (words[0]) {
            case "BEGIN", "START" -> {
                if (tx != Tx.IDLE) {
                    send(out.notice('N', new PgError("WARNING", "25001", "there is already a transaction in progress",
                            null, null)));
                } else {
                    tx = Tx.BLOCK;
                    blockStatements = 0;
                    blockWrote = false;
                }
                return Outcome.tag(words[0].equals("BEGIN") ? "BEGIN" : "START TRANSACTION");
            }
            case "COMMIT", "END" -> {
                Tx was = tx;
                tx = Tx.IDLE;
                if (was == Tx.IDLE) {
                    send(out.notice('N', new PgError("WARNING", "25P01", "there is no transaction in progress", null,
                            null)));
                }
                return Outcome.tag(was == Tx.FAILED ? "ROLLBACK" : "COMMIT");
            }
            case "ROLLBACK", "ABORT" -> {
                boolean wrote = tx != Tx.IDLE && blockWrote;
                Tx was = tx;
                tx = Tx.IDLE;
                if (wrote) {
                    throw new SQLException("ROLLBACK cannot undo the statement of this transaction block: it committed "
                            + "when it returned (every PimSQL call is its own transaction; a procedure undoes its "
                            + "work only by its own SIGNAL)", "25000");
                }
                if (was == Tx.IDLE) {
                    send(out.notice('N', new PgError("WARNING", "25P01", "there is no transaction in progress", null,
                            null)));
                }
                return Outcome.tag("ROLLBACK");
            }
            case "SET" -> {
                return set(text);
            }
            case "RESET" -> {
                String name = text.substring(5).strip();
                if (name.equalsIgnoreCase("ALL")) {
                    for (String changed : settings.resetAll()) {
                        send(out.parameterStatus(changed, settings.get(changed)));
                    }
                } else {
                    String reported = settings.reset(unquote(name));
                    if (reported != null) {
                        send(out.parameterStatus(reported, settings.get(reported)));
                    }
                }
                return Outcome.tag("RESET");
            }
            case "SHOW" -> {
                return show(text.substring(4).strip());
            }
            case "DISCARD" -> {
                for (Prepared p : statements.values()) {
                    closeQuietly(p);
                }
                statements.clear();
                portals.clear();
                if (words.length > 1 && words[1].equals("ALL")) {
                    settings.resetAll();
                }
                return Outcome.tag("DISCARD " + (words.length > 1 ? words[1] : "ALL"));
            }
            case "DEALLOCATE" -> {
                String name = text.substring("DEALLOCATE".length()).strip();
                if (name.toUpperCase(java.util.Locale.ROOT).startsWith("PREPARE ")) {
                    name = name.substring(8).strip();
                }
                if (name.equalsIgnoreCase("ALL")) {
                    statements.values().forEach(Session::closeQuietly);
                    statements.clear();
                } else {
                    Prepared p = statements.remove(unquote(name));
                    if (p == null) {
                        throw new SQLException("prepared statement \"" + name + "\" does not exist", "26000");
                    }
                    closeQuietly(p);
                }
                return Outcome.tag("DEALLOCATE");
            }
            case "SAVEPOINT", "RELEASE" -> throw new SQLException("savepoints are not supported: every PimSQL call is "
                    + "its own transaction", "0A000");
            default -> throw new SQLException(words[0] + " is not supported by PimSQL's server", "0A000");
        }
    }

    private Outcome set(String text) throws SQLException {
        String rest = text.substring(3).strip();
        String upper = rest.toUpperCase(java.util.Locale.ROOT);
        if (upper.startsWith("SESSION CHARACTERISTICS") || upper.startsWith("TRANSACTION")) {
            return Outcome.tag("SET"); // every call is serializable already
        }
        if (upper.startsWith("SESSION ")) {
            rest = rest.substring(8).strip();
        } else if (upper.startsWith("LOCAL ")) {
            rest = rest.substring(6).strip();
        }
        String name;
        String value;
        if (rest.toUpperCase(java.util.Locale.ROOT).startsWith("TIME ZONE")) {
            name = "TimeZone";
            value = rest.substring(9).strip();
        } else {
            var m = java.util.regex.Pattern.compile("(?is)(\"[^\"]+\"|[\\w.]+)\\s*(?:=|\\s+TO\\s+)\\s*(.*)").matcher(rest);
            if (!m.matches()) {
                throw new SQLException("syntax error in SET: " + text, "42601");
            }
            name = unquote(m.group(1));
            value = m.group(2).strip();
        }
        value = unquoteValue(value);
        String reported = value.equalsIgnoreCase("DEFAULT") ? settings.reset(name) : settings.set(name, value);
        if (reported != null) {
            send(out.parameterStatus(reported, settings.get(reported)));
        }
        return Outcome.tag("SET");
    }

    private Outcome show(String name) throws SQLException {
        String n = unquote(name);
        if (n.equalsIgnoreCase("ALL")) {
            var rows = new ArrayList<Object[]>();
            settings.all().forEach((k, v) -> rows.add(new Object[] {k, v, ""}));
            return Outcome.rows(new ResultRows(List.of(Column.of("name", PgType.TEXT), Column.of("setting", PgType.TEXT),
                    Column.of("description", PgType.TEXT)), rows));
        }
        if (n.equalsIgnoreCase("TRANSACTION ISOLATION LEVEL")) {
            n = "transaction_isolation";
        }
        String v = settings.get(n);
        if (v == null) {
            throw new SQLException("unrecognized configuration parameter \"" + n + "\"", "42704");
        }
        return Outcome.rows(new ResultRows(List.of(Column.of(n.toLowerCase(java.util.Locale.ROOT), PgType.TEXT)),
                List.<Object[]>of(new Object[] {v})));
    }

    private static String unquote(String name) {
        String n = name.strip();
        return n.startsWith("\"") && n.endsWith("\"") && n.length() >= 2 ? n.substring(1, n.length() - 1) : n;
    }

    private static String unquoteValue(String value) {
        String v = value.strip();
        if (v.length() >= 2 && v.startsWith("'") && v.endsWith("'")) {
            return v.substring(1, v.length() - 1).replace("''", "'");
        }
        return unquote(v);
    }

    // ---- extended query -----------------------------------------------------------------------------

    private void parse(MessageReader r) throws SQLException, ProtocolException {
        String name = r.string();
        String sql = r.string();
        int n = r.int16();
        if (n < 0) {
            throw new ProtocolException("negative parameter count in Parse");
        }
        PgType[] declared = new PgType[n];
        for (int i = 0; i < n; i++) {
            int oid = r.int32();
            declared[i] = oid == 0 ? null : PgType.byOid(oid);
            if (oid != 0 && declared[i] == null) {
                throw new SQLException("parameter type with OID " + oid + " is not supported by PimSQL", "42704");
            }
        }
        if (!name.isEmpty() && statements.containsKey(name)) {
            throw new SQLException("prepared statement \"" + name + "\" already exists", "42P05");
        }
        List<SqlSplitter.Statement> parts = SqlSplitter.split(sql);
        Command c;
        if (parts.size() > 1) {
            // a DDL script (drivers send a schema file as one statement when they cannot split procedure
            // bodies) compiles as one script, as in the simple protocol; anything else is PostgreSQL's error
            if (!parts.stream().allMatch(part -> Command.classify(part.text()).kind() == Command.Kind.DDL)) {
                throw new SQLException("cannot insert multiple commands into a prepared statement", "42601");
            }
            c = new Command(Command.Kind.DDL, sql);
        } else {
            c = Command.classify(parts.isEmpty() ? "" : parts.getFirst().text());
        }
        Placeholders placeholders = Placeholders.of(c.sql());
        CallText call = null;
        PreparedStatement jdbc = null;
        if (c.kind() == Command.Kind.CALL) {
            call = callText(c.sql());
            runner.procedure(call.procedure()); // an unknown procedure fails at Parse, as in PostgreSQL
        } else if ((c.kind() == Command.Kind.QUERY || c.kind() == Command.Kind.INSERT) && placeholders.count() > 0) {
            jdbc = runner.prepare(placeholders.jdbcSql());
        } else if (c.kind() == Command.Kind.CATALOG && placeholders.count() > 0
                && CatalogQueries.answer(withLiterals(c.sql(), nulls(placeholders.count())), catalogContext()) == null) {
            jdbc = runner.prepare(placeholders.jdbcSql());
            c = new Command(Command.Kind.QUERY, c.sql());
        }
        Prepared old = statements.put(name, new Prepared(c, declared, placeholders, call, jdbc));
        if (old != null) {
            closeQuietly(old);
        }
        send(out.parseComplete());
    }

    private static List<Object> nulls(int n) {
        var list = new ArrayList<Object>(n);
        for (int i = 0; i < n; i++) {
            list.add(null);
        }
        return list;
    }

    private static void closeQuietly(Prepared p) {
        if (p.jdbc() != null) {
            try {
                p.jdbc().close();
            } catch (SQLException e) {
                // releasing a plan cannot fail in a way the client could act on
            }
        }
    }

    /** The type of parameter $n: as declared in Parse, else as the procedure's parameter says, else open. */
    private PgType parameterType(Prepared p, int number) throws SQLException {
        if (number <= p.declared().length && p.declared()[number - 1] != null) {
            return p.declared()[number - 1];
        }
        if (p.call() != null) {
            Procedure proc = runner.procedure(p.call().procedure());
            List<Variable> targets = SqlRunner.argumentParameters(proc, p.call().arguments().size());
            for (int i = 0; i < p.call().arguments().size(); i++) {
                if (p.call().arguments().get(i) instanceof CallText.Parameter param && param.number() == number) {
                    return PgType.of(targets.get(i).type());
                }
            }
        }
        return null;
    }

    private int parameterCount(Prepared p) {
        int n = p.declared().length;
        if (p.call() != null) {
            for (CallText.Argument a : p.call().arguments()) {
                if (a instanceof CallText.Parameter param) {
                    n = Math.max(n, param.number());
                }
            }
            return n;
        }
        return Math.max(n, p.placeholders().count());
    }

    private void bind(MessageReader r) throws SQLException, ProtocolException {
        String portalName = r.string();
        String statementName = r.string();
        int nFormats = r.int16();
        if (nFormats < 0) {
            throw new ProtocolException("negative format count in Bind");
        }
        int[] formats = new int[nFormats];
        for (int i = 0; i < nFormats; i++) {
            formats[i] = r.int16();
        }
        int nValues = r.int16();
        if (nValues < 0) {
            throw new ProtocolException("negative parameter count in Bind");
        }
        var raw = new ArrayList<byte[]>(nValues);
        for (int i = 0; i < nValues; i++) {
            raw.add(r.bytes(r.int32()));
        }
        int nResult = r.int16();
        if (nResult < 0) {
            throw new ProtocolException("negative result format count in Bind");
        }
        int[] resultFormats = new int[nResult];
        for (int i = 0; i < nResult; i++) {
            resultFormats[i] = r.int16();
            if (resultFormats[i] != 0 && resultFormats[i] != 1) {
                throw new ProtocolException("invalid result format code " + resultFormats[i]);
            }
        }
        Prepared p = statements.get(statementName);
        if (p == null) {
            throw new SQLException("prepared statement \"" + statementName + "\" does not exist", "26000");
        }
        if (nFormats > 1 && nFormats != nValues) {
            throw new ProtocolException("Bind has " + nFormats + " parameter formats for " + nValues + " values");
        }
        int expected = parameterCount(p);
        if (nValues != expected) {
            throw new SQLException("bind message supplies " + nValues + " parameters, but prepared statement \""
                    + statementName + "\" requires " + expected, "08P01");
        }
        var values = new ArrayList<Object>(nValues);
        for (int i = 0; i < nValues; i++) {
            int format = nFormats == 0 ? 0 : nFormats == 1 ? formats[0] : formats[i];
            byte[] v = raw.get(i);
            PgType type = parameterType(p, i + 1);
            if (v == null) {
                values.add(null);
            } else if (format == 0) {
                values.add(PgValues.fromText(new String(v, StandardCharsets.UTF_8), type));
            } else if (format == 1) {
                values.add(PgValues.fromBinary(v, type));
            } else {
                throw new ProtocolException("invalid parameter format code " + format);
            }
        }
        if (!portalName.isEmpty() && portals.containsKey(portalName)) {
            throw new SQLException("portal \"" + portalName + "\" already exists", "42P03");
        }
        portals.put(portalName, new Portal(p, values, resultFormats));
        send(out.bindComplete());
    }

    private void describe(MessageReader r) throws SQLException, ProtocolException {
        byte kind = r.byte1();
        String name = r.string();
        if (kind == 'S') {
            Prepared p = statements.get(name);
            if (p == null) {
                throw new SQLException("prepared statement \"" + name + "\" does not exist", "26000");
            }
            var types = new ArrayList<PgType>();
            for (int i = 1; i <= parameterCount(p); i++) {
                PgType t = parameterType(p, i);
                types.add(t == null ? PgType.TEXT : t);
            }
            send(out.parameterDescription(types));
            List<Column> columns = statementColumns(p);
            send(columns == null ? out.noData() : out.rowDescription(fields(columns, new int[0])));
        } else if (kind == 'P') {
            Portal portal = portals.get(name);
            if (portal == null) {
                throw new SQLException("portal \"" + name + "\" does not exist", "34000");
            }
            if (producesRows(portal.statement)) {
                ensureRun(portal);
            }
            ResultRows first = portal.outcome == null || portal.outcome.results().isEmpty() ? null
                    : portal.outcome.results().getFirst();
            send(first == null ? out.noData() : out.rowDescription(fields(first.columns(), portal.resultFormats)));
        } else {
            throw new ProtocolException("invalid Describe kind " + (char) kind);
        }
    }

    /** Whether running the statement is how its row shape is learnt (side-effect free, or a CALL about to run). */
    private static boolean producesRows(Prepared p) {
        Command.Kind k = p.command().kind();
        return k == Command.Kind.QUERY || k == Command.Kind.CATALOG || k == Command.Kind.CALL
                || (k == Command.Kind.SESSION && org.pimsql.server.sql.Lexer.leadingWords(p.command().sql(), 1).equals("SHOW"));
    }

    /**
     * The columns a prepared statement will return, before any values are bound: a CALL's OUT parameters,
     * or for a query its result columns, learnt by running it with NULL parameters (a read-only query over
     * a snapshot) since the embedded driver plans but does not describe queries before they run.
     */
    private List<Column> statementColumns(Prepared p) throws SQLException {
        switch (p.command().kind()) {
            case CALL -> {
                List<Column> outs = SqlRunner.outColumns(runner.procedure(p.call().procedure()));
                return outs.isEmpty() ? null : outs;
            }
            case QUERY, CATALOG -> {
                var nulls = new ArrayList<Object>();
                for (int i = 0; i < parameterCount(p); i++) {
                    nulls.add(null);
                }
                Outcome o = p.jdbc() != null ? runner.execute(p.jdbc(), jdbcValues(p.placeholders(), nulls), false)
                        : runQuietly(p.command());
                return o.results().isEmpty() ? null : o.results().getFirst().columns();
            }
            case SESSION -> {
                if (org.pimsql.server.sql.Lexer.leadingWords(p.command().sql(), 1).equals("SHOW")) {
                    return sessionCommand(p.command().sql()).results().getFirst().columns();
                }
                return null;
            }
            default -> {
                return null;
            }
        }
    }

    private Outcome runQuietly(Command c) throws SQLException {
        if (c.kind() == Command.Kind.CATALOG) {
            ResultRows rows = CatalogQueries.answer(withLiterals(c.sql(), nulls(Placeholders.of(c.sql()).count())),
                    catalogContext());
            if (rows != null) {
                return Outcome.rows(rows);
            }
        }
        return runner.execute(c.sql(), "SELECT");
    }

    private void ensureRun(Portal portal) throws SQLException {
        if (portal.outcome == null) {
            portal.outcome = run(portal.statement.command(), portal.values, portal.statement);
        }
    }

    private void execute(MessageReader r) throws SQLException, ProtocolException {
        String name = r.string();
        int maxRows = r.int32();
        Portal portal = portals.get(name);
        if (portal == null) {
            throw new SQLException("portal \"" + name + "\" does not exist", "34000");
        }
        if (portal.statement.command().kind() == Command.Kind.EMPTY) {
            send(out.emptyQueryResponse());
            return;
        }
        ensureRun(portal);
        Outcome o = portal.outcome;
        if (o.results().isEmpty()) {
            send(out.commandComplete(o.tag()));
            return;
        }
        // the extended protocol has one row set per Execute: a CALL's OUT row, or else its first result set
        ResultRows rows = o.results().getFirst();
        int total = rows.rows().size();
        int end = maxRows > 0 ? Math.min(total, portal.position + maxRows) : total;
        sendRows(rows, portal.resultFormats, portal.position, end);
        portal.position = end;
        if (end < total) {
            send(out.portalSuspended());
        } else {
            send(out.commandComplete(o.tag().startsWith("SELECT") ? "SELECT " + total : o.tag()));
        }
    }

    private void close(MessageReader r) throws ProtocolException {
        byte kind = r.byte1();
        String name = r.string();
        if (kind == 'S') {
            Prepared p = statements.remove(name);
            if (p != null) {
                closeQuietly(p);
            }
        } else if (kind == 'P') {
            portals.remove(name);
        } else {
            throw new ProtocolException("invalid Close kind " + (char) kind);
        }
        send(out.closeComplete());
    }

    private void sync() {
        skipUntilSync = false;
        if (tx == Tx.IDLE) {
            portals.clear();
        }
        send(out.readyForQuery(status()));
        flush();
    }

    // ---- rows ---------------------------------------------------------------------------------------

    private static int format(int[] formats, int column) {
        return formats.length == 0 ? 0 : formats.length == 1 ? formats[0] : column < formats.length ? formats[column] : 0;
    }

    private static List<Backend.Field> fields(List<Column> columns, int[] formats) {
        var fields = new ArrayList<Backend.Field>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            fields.add(new Backend.Field(c.name(), c.type(), c.typmod(), format(formats, i)));
        }
        return fields;
    }

    private void sendRows(ResultRows rows, int[] formats, int from, int to) {
        List<Column> columns = rows.columns();
        for (int r = from; r < to; r++) {
            Object[] row = rows.rows().get(r);
            var values = new ArrayList<byte[]>(row.length);
            for (int c = 0; c < row.length; c++) {
                PgType type = columns.get(c).type();
                values.add(format(formats, c) == 1 ? PgValues.binary(row[c], type) : PgValues.text(row[c], type));
            }
            send(out.dataRow(values));
            if ((r - from) % 1024 == 1023) {
                flush();
            }
        }
    }
}
