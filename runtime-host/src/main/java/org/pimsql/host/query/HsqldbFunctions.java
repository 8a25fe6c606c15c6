package org.pimsql.host.query;

import java.lang.reflect.Method;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;

/**
 * HSQLDB's functions that none of Calcite's function libraries has (QueryService turns on the MySQL, Oracle,
 * PostgreSQL and BigQuery ones), as functions of the default schema. Public because the code Calcite generates
 * calls them.
 */
public final class HsqldbFunctions {
    private HsqldbFunctions() {}

    /** Adds the functions to {@code schema}, the one unqualified names resolve in. */
    static void addTo(SchemaPlus schema) {
        for (Method m : HsqldbFunctions.class.getMethods()) {
            if (m.getName().equals("locate")) {
                schema.add("LOCATE", ScalarFunctionImpl.create(m)); // both arities under one name
            }
        }
    }

    /** {@code LOCATE(search, s)}: the 1-based position of search's first occurrence in s, 0 when absent. */
    public static Integer locate(String search, String s) {
        return locate(search, s, 1);
    }

    /**
     * {@code LOCATE(search, s, start)}: the first occurrence at or after position {@code start} (counted from 1;
     * below 1 counts as 1, as in HSQLDB), 0 when there is none; NULL when an argument is NULL.
     */
    public static Integer locate(String search, String s, Integer start) {
        if (search == null || s == null || start == null) {
            return null;
        }
        int from = Math.max(start, 1) - 1;
        if (from > s.length()) {
            return 0;
        }
        return s.indexOf(search, from) + 1;
    }
}
