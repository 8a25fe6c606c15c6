package org.pimsql.server.sql;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A session's run-time parameters (SET / SHOW / RESET, and the startup message's options). Parameters
 * PostgreSQL reports to the client ({@code GUC_REPORT}) are sent again as ParameterStatus when they
 * change. Values that would change how PimSQL computes are fixed: TimeZone is UTC (TIMESTAMP is a wall
 * clock), the isolation level is serializable, the encoding is UTF8.
 */
public final class Settings {
    /** The PostgreSQL version the server speaks as: psql and the drivers choose their catalog queries by it. */
    public static final String SERVER_VERSION = "15.0";

    static final Set<String> REPORTED = Set.of("server_version", "server_encoding", "client_encoding",
            "application_name", "DateStyle", "IntervalStyle", "TimeZone", "integer_datetimes",
            "standard_conforming_strings", "is_superuser", "session_authorization", "default_transaction_read_only",
            "in_hot_standby");

    private final Map<String, String> defaults = new LinkedHashMap<>();
    private final Map<String, String> values = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);

    public Settings(String user) {
        defaults.put("server_version", SERVER_VERSION);
        defaults.put("server_version_num", "150000");
        defaults.put("server_encoding", "UTF8");
        defaults.put("client_encoding", "UTF8");
        defaults.put("application_name", "");
        defaults.put("DateStyle", "ISO, MDY");
        defaults.put("IntervalStyle", "postgres");
        defaults.put("TimeZone", "UTC");
        defaults.put("integer_datetimes", "on");
        defaults.put("standard_conforming_strings", "on");
        defaults.put("is_superuser", "off");
        defaults.put("session_authorization", user);
        defaults.put("default_transaction_read_only", "off");
        defaults.put("in_hot_standby", "off");
        defaults.put("statement_timeout", "0");
        defaults.put("search_path", "\"$user\", public");
        defaults.put("transaction_isolation", "serializable");
        defaults.put("default_transaction_isolation", "serializable");
        defaults.put("transaction_read_only", "off");
        defaults.put("extra_float_digits", "1");
        defaults.put("max_identifier_length", "63");
        defaults.put("lc_messages", "C");
        defaults.put("lc_monetary", "C");
        defaults.put("lc_numeric", "C");
        defaults.put("lc_time", "C");
        defaults.put("bytea_output", "hex");
        defaults.put("client_min_messages", "notice");
        values.putAll(defaults);
    }

    /** Parameters to announce after authentication, in a stable order. */
    public Map<String, String> reported() {
        var out = new LinkedHashMap<String, String>();
        for (String name : defaults.keySet()) {
            if (REPORTED.contains(name)) {
                out.put(name, values.get(name));
            }
        }
        return out;
    }

    public String get(String name) {
        return values.get(name);
    }

    /** Sets a parameter; returns the canonical name when the client must be told (ParameterStatus), else null. */
    public String set(String name, String value) throws SQLException {
        String canonical = canonicalName(name);
        String v = value;
        switch (canonical.toLowerCase(Locale.ROOT)) {
            case "client_encoding" -> {
                String e = value.toUpperCase(Locale.ROOT).replace("-", "");
                if (!e.equals("UTF8") && !e.equals("UNICODE") && !e.equals("SQL_ASCII")) {
                    throw new SQLException("PimSQL's server only speaks UTF8 (client_encoding " + value
                            + " is not supported)", "0A000");
                }
                v = e.equals("SQL_ASCII") ? "SQL_ASCII" : "UTF8";
            }
            case "statement_timeout" -> timeoutMillis(value);
            case "transaction_isolation", "default_transaction_isolation" -> v = "serializable";
            default -> { }
        }
        values.put(canonical, v);
        return REPORTED.contains(canonical) ? canonical : null;
    }

    public String reset(String name) {
        String canonical = canonicalName(name);
        String d = defaults.get(canonical);
        if (d == null) {
            values.remove(canonical);
        } else {
            values.put(canonical, d);
        }
        return REPORTED.contains(canonical) ? canonical : null;
    }

    public List<String> resetAll() {
        var changed = new java.util.ArrayList<String>();
        for (var e : defaults.entrySet()) {
            if (!e.getValue().equals(values.get(e.getKey())) && REPORTED.contains(e.getKey())
                    && !e.getKey().equals("application_name")) {
                changed.add(e.getKey());
            }
        }
        String app = values.get("application_name");
        values.clear();
        values.putAll(defaults);
        values.put("application_name", app);
        return changed;
    }

    public Map<String, String> all() {
        return new TreeMap<>(values);
    }

    private String canonicalName(String name) {
        for (String known : defaults.keySet()) {
            if (known.equalsIgnoreCase(name)) {
                return known;
            }
        }
        return name.toLowerCase(Locale.ROOT);
    }

    /** statement_timeout in milliseconds: a number is milliseconds, units ms, s, min, h are accepted. */
    public long statementTimeoutMillis() {
        try {
            return timeoutMillis(values.get("statement_timeout"));
        } catch (SQLException e) {
            return 0;
        }
    }

    static long timeoutMillis(String value) throws SQLException {
        String v = value.strip().toLowerCase(Locale.ROOT);
        try {
            if (v.endsWith("ms")) {
                return Long.parseLong(v.substring(0, v.length() - 2).strip());
            } else if (v.endsWith("min")) {
                return Long.parseLong(v.substring(0, v.length() - 3).strip()) * 60_000;
            } else if (v.endsWith("s")) {
                return Long.parseLong(v.substring(0, v.length() - 1).strip()) * 1000;
            } else if (v.endsWith("h")) {
                return Long.parseLong(v.substring(0, v.length() - 1).strip()) * 3_600_000;
            }
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new SQLException("invalid value for parameter \"statement_timeout\": \"" + value + "\"", "22023");
        }
    }
}
