package org.pimsql.tests.util;

import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/** A procedure call's answer in a form two engines can be compared by: its OUT values as text, or its error. */
public final class OutValues {
    private OutValues() {}

    /**
     * Runs {@code call} (its IN parameters first, then {@code outs} OUT parameters) with the arguments {@code in}, and
     * returns the OUT values as plain strings (a DECIMAL without an exponent), or one entry "error SQLSTATE".
     */
    public static List<String> of(Connection c, String call, int outs, List<Object> in) {
        var out = new ArrayList<String>();
        try (CallableStatement cs = c.prepareCall(call)) {
            for (int i = 0; i < in.size(); i++) {
                cs.setObject(i + 1, in.get(i));
            }
            for (int i = 0; i < outs; i++) {
                cs.registerOutParameter(in.size() + i + 1, Types.VARCHAR);
            }
            cs.execute();
            for (int i = 0; i < outs; i++) {
                Object v = cs.getObject(in.size() + i + 1);
                out.add(v instanceof BigDecimal d ? d.toPlainString() : String.valueOf(v));
            }
        } catch (SQLException e) {
            out.add("error " + e.getSQLState());
        }
        return out;
    }
}
