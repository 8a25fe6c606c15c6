package org.pimsql.host.jdbc;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.host.call.CallOutcome;

/**
 * {@code prepareCall("{call p(?, ?)}")}: IN values by setters, OUT and INOUT values by getters after
 * {@code execute}, result sets from the procedure's WITH RETURN cursors through {@code getResultSet} and
 * {@code getMoreResults}. JDBC parameter i is the i-th {@code ?}; literals may fill other positions.
 */
final class PimCallableStatement extends CallableStatementBase {
    private final Procedure procedure;
    private final CallSyntax call;
    /** For each placeholder (0-based), the procedure parameter it stands for. */
    private final int[] parameterOfPlaceholder;
    private List<Object> outValues;
    private boolean lastWasNull;

    private PimCallableStatement(PimConnection connection, Procedure procedure, CallSyntax call, int[] map) {
        super(connection, call.placeholderCount());
        this.procedure = procedure;
        this.call = call;
        this.parameterOfPlaceholder = map;
    }

    static PimCallableStatement prepare(PimConnection connection, String sql) throws SQLException {
        CallSyntax call = CallSyntax.parse(sql);
        Procedure procedure = connection.engine().procedure(call.procedure());
        List<Variable> params = procedure.params();
        if (call.arguments().size() != params.size()) {
            throw new SQLException("procedure " + procedure.name() + " takes " + params.size() + " arguments, the call has "
                    + call.arguments().size(), "42561");
        }
        int[] map = new int[call.placeholderCount()];
        for (int i = 0; i < params.size(); i++) {
            CallSyntax.Argument a = call.arguments().get(i);
            if (a instanceof CallSyntax.Placeholder p) {
                map[p.index() - 1] = i;
            } else if (params.get(i).mode() != ParamMode.IN) {
                throw new SQLException("argument " + (i + 1) + " of " + procedure.name() + " is an "
                        + params.get(i).mode() + " parameter and must be a ? placeholder", "42000");
            }
        }
        return new PimCallableStatement(connection, procedure, call, map);
    }

    /** The argument list of a call written entirely with literals ({@code Statement.execute("CALL p(1)")}). */
    static List<Object> literalArguments(CallSyntax call) {
        var args = new ArrayList<Object>();
        for (CallSyntax.Argument a : call.arguments()) {
            args.add(((CallSyntax.Literal) a).value());
        }
        return args;
    }

    @Override
    CompletableFuture<CallOutcome> submit(List<Object> values, boolean[] isSet) throws SQLException {
        var args = new ArrayList<Object>(procedure.params().size());
        for (CallSyntax.Argument a : call.arguments()) {
            args.add(a instanceof CallSyntax.Literal l ? l.value() : null);
        }
        for (int k = 0; k < parameterOfPlaceholder.length; k++) {
            int position = parameterOfPlaceholder[k];
            Variable param = procedure.params().get(position);
            if (param.readable()) {
                if (!isSet[k]) {
                    throw new SQLException("parameter " + (k + 1) + " (" + param.name() + ") of " + procedure.name()
                            + " is not set", "07002");
                }
                args.set(position, values.get(k));
            }
        }
        return connection.engine().call(procedure.name(), args);
    }

    @Override
    boolean accept(CallOutcome.Success success) {
        outValues = success.outValues();
        setCallResults(success.resultSets(), 0);
        return !success.resultSets().isEmpty();
    }

    @Override
    int batchCount() {
        return java.sql.Statement.SUCCESS_NO_INFO;
    }

    private Variable outParameter(int index) throws SQLException {
        checkOpen();
        if (index < 1 || index > parameterOfPlaceholder.length) {
            throw new SQLException("parameter index " + index + " is outside 1.." + parameterOfPlaceholder.length,
                    "07009");
        }
        Variable v = procedure.params().get(parameterOfPlaceholder[index - 1]);
        if (v.mode() == ParamMode.IN) {
            throw new SQLException("parameter " + index + " (" + v.name() + ") of " + procedure.name()
                    + " is an IN parameter", "07009");
        }
        return v;
    }

    /** The OUT value of placeholder {@code index} as the JDBC object {@code getObject} returns. */
    private Object out(int index) throws SQLException {
        Variable v = outParameter(index);
        if (outValues == null) {
            throw new SQLException("no OUT values yet: execute the call first", "HY010");
        }
        Object value = outValues.get(v.id());
        lastWasNull = value == null;
        return JdbcValues.object(value, v.type());
    }

    private int indexOf(String name) throws SQLException {
        for (int k = 0; k < parameterOfPlaceholder.length; k++) {
            if (procedure.params().get(parameterOfPlaceholder[k]).name().equalsIgnoreCase(name)) {
                return k + 1;
            }
        }
        throw new SQLException("procedure " + procedure.name() + " has no ? parameter named "
                + name.toUpperCase(Locale.ROOT), "42703");
    }

    private String what(int index) throws SQLException {
        return "parameter " + index + " (" + outParameter(index).name() + ")";
    }

    @Override
    public void registerOutParameter(int index, int sqlType) throws SQLException {
        outParameter(index);
    }

    @Override
    public void registerOutParameter(int index, int sqlType, int scale) throws SQLException {
        outParameter(index);
    }

    @Override
    public void registerOutParameter(int index, int sqlType, String typeName) throws SQLException {
        outParameter(index);
    }

    @Override
    public void registerOutParameter(String name, int sqlType) throws SQLException {
        outParameter(indexOf(name));
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        return lastWasNull;
    }

    @Override
    public Object getObject(int index) throws SQLException {
        return out(index);
    }

    @Override
    public <T> T getObject(int index, Class<T> type) throws SQLException {
        return JdbcValues.as(out(index), type, what(index));
    }

    @Override
    public String getString(int index) throws SQLException {
        return JdbcValues.string(out(index));
    }

    @Override
    public boolean getBoolean(int index) throws SQLException {
        return JdbcValues.bool(out(index), what(index));
    }

    @Override
    public short getShort(int index) throws SQLException {
        return (short) JdbcValues.integer(out(index), Short.MIN_VALUE, Short.MAX_VALUE, what(index));
    }

    @Override
    public int getInt(int index) throws SQLException {
        return (int) JdbcValues.integer(out(index), Integer.MIN_VALUE, Integer.MAX_VALUE, what(index));
    }

    @Override
    public long getLong(int index) throws SQLException {
        return JdbcValues.integer(out(index), Long.MIN_VALUE, Long.MAX_VALUE, what(index));
    }

    @Override
    public double getDouble(int index) throws SQLException {
        return JdbcValues.floating(out(index), what(index));
    }

    @Override
    public BigDecimal getBigDecimal(int index) throws SQLException {
        return JdbcValues.bigDecimal(out(index), what(index));
    }

    @Override
    public Timestamp getTimestamp(int index) throws SQLException {
        return JdbcValues.timestamp(out(index), what(index));
    }

    @Override
    public java.sql.Array getArray(int index) throws SQLException {
        Object v = out(index);
        if (v == null || v instanceof java.sql.Array) {
            return (java.sql.Array) v;
        }
        throw new SQLException(what(index) + " is not an ARRAY", "22018");
    }

    @Override
    public Object getObject(String name) throws SQLException {
        return getObject(indexOf(name));
    }

    @Override
    public String getString(String name) throws SQLException {
        return getString(indexOf(name));
    }

    @Override
    public boolean getBoolean(String name) throws SQLException {
        return getBoolean(indexOf(name));
    }

    @Override
    public int getInt(String name) throws SQLException {
        return getInt(indexOf(name));
    }

    @Override
    public long getLong(String name) throws SQLException {
        return getLong(indexOf(name));
    }

    @Override
    public BigDecimal getBigDecimal(String name) throws SQLException {
        return getBigDecimal(indexOf(name));
    }

    @Override
    public Timestamp getTimestamp(String name) throws SQLException {
        return getTimestamp(indexOf(name));
    }
}
