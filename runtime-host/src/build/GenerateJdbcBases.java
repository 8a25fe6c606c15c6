// Regenerates runtime-host/src/main/java/org/pimsql/host/jdbc/*Base.java from the JDK's java.sql interfaces:
//   java runtime-host/src/build/GenerateJdbcBases.java runtime-host/src/main/java/org/pimsql/host/jdbc
// Each base implements one interface with every method throwing SQLFeatureNotSupportedException, except
// ResultSet's getters by column label, which call their by-index twin with findColumn(label).
import java.lang.reflect.*;
import java.util.*;
import java.nio.file.*;

public class GenerateJdbcBases {
    static String t(Type type) {
        String s = type.getTypeName();
        s = s.replace("java.lang.", "").replace("java.sql.", "");
        return s;
    }
    /**
     * For a ResultSet getter by column label ({@code getInt(String)}), its twin by column index
     * ({@code getInt(int)}, the same other parameters); null for every other method.
     */
    static Method byIndexTwin(Class<?> iface, Method m) {
        Class<?>[] p = m.getParameterTypes();
        if (iface != java.sql.ResultSet.class || !m.getName().startsWith("get") || p.length == 0 || p[0] != String.class) {
            return null;
        }
        Class<?>[] twin = p.clone();
        twin[0] = int.class;
        try {
            return iface.getMethod(m.getName(), twin);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    public static void main(String[] a) throws Exception {
        String out = a[0];
        // iface, baseName, superclass (or null), comment
        String[][] specs = {
            {"java.sql.Connection", "ConnectionBase", null},
            {"java.sql.Statement", "StatementBase", null},
            {"java.sql.PreparedStatement", "PreparedStatementBase", "PimStatement", "PimConnection connection", "connection"},
            {"java.sql.CallableStatement", "CallableStatementBase", "PimPreparedStatement", "PimConnection connection, int placeholders", "connection, placeholders"},
            {"java.sql.ResultSet", "ResultSetBase", null},
            {"java.sql.ResultSetMetaData", "ResultSetMetaDataBase", null},
            {"java.sql.DatabaseMetaData", "DatabaseMetaDataBase", null},
            {"java.sql.ParameterMetaData", "ParameterMetaDataBase", null},
            {"java.sql.Array", "ArrayBase", null},
        };
        for (String[] spec : specs) {
            Class<?> iface = Class.forName(spec[0]);
            String simple = iface.getSimpleName();
            var sb = new StringBuilder();
            sb.append("package org.pimsql.host.jdbc;\n\n");
            sb.append("import java.sql.*;\n\n");
            sb.append("/**\n * Every method of {@link ").append(simple).append("} that PimSQL's driver does not override throws\n")
              .append(" * {@link SQLFeatureNotSupportedException} naming the method, so that an unsupported feature never\n")
              .append(" * silently succeeds. Generated from the JDK's interface by reflection; subclasses override what\n")
              .append(" * they support.\n */\n");
            sb.append("@SuppressWarnings(\"unused\")\n");
            sb.append("abstract class ").append(spec[1]);
            if (spec[2] != null) sb.append(" extends ").append(spec[2]);
            sb.append(" implements ").append(simple).append(" {\n");
            if (spec.length > 3) {
                sb.append("\n    ").append(spec[1]).append("(").append(spec[3]).append(") {\n        super(").append(spec[4]).append(");\n    }\n");
            }
            if (spec[2] == null && java.sql.Wrapper.class.isAssignableFrom(iface)) {
                sb.append("\n    @Override\n    public <T> T unwrap(Class<T> iface) throws SQLException {\n")
                  .append("        if (iface.isInstance(this)) {\n            return iface.cast(this);\n        }\n")
                  .append("        throw new SQLException(getClass().getSimpleName() + \" does not wrap \" + iface.getName(), \"HY000\");\n    }\n");
                sb.append("\n    @Override\n    public boolean isWrapperFor(Class<?> iface) {\n        return iface.isInstance(this);\n    }\n");
            }
            Method[] methods = iface.getDeclaredMethods();
            Arrays.sort(methods, Comparator.comparing(Method::getName).thenComparing(m -> Arrays.toString(m.getParameterTypes())));
            for (Method m : methods) {
                if (m.isDefault() || Modifier.isStatic(m.getModifiers()) || m.isSynthetic()) continue;
                boolean throwsSql = Arrays.asList(m.getExceptionTypes()).contains(java.sql.SQLException.class);
                sb.append("\n");
                if (m.isAnnotationPresent(Deprecated.class)) {
                    sb.append("    @Deprecated\n");
                    if (byIndexTwin(iface, m) != null) sb.append("    @SuppressWarnings(\"deprecation\")\n");
                }
                sb.append("    @Override\n    public ");
                if (m.getTypeParameters().length > 0) {
                    sb.append("<");
                    for (int i = 0; i < m.getTypeParameters().length; i++) { if (i>0) sb.append(", "); sb.append(m.getTypeParameters()[i].getName()); }
                    sb.append("> ");
                }
                sb.append(t(m.getGenericReturnType())).append(" ").append(m.getName()).append("(");
                Type[] ps = m.getGenericParameterTypes();
                var sig = new StringBuilder();
                for (int i = 0; i < ps.length; i++) {
                    if (i > 0) { sb.append(", "); sig.append(", "); }
                    String pt = t(ps[i]);
                    if (m.isVarArgs() && i == ps.length - 1) pt = pt.replaceFirst("\\[\\]$", "...");
                    sb.append(pt).append(" arg").append(i);
                    sig.append(t(m.getParameterTypes()[i]).replaceAll("<.*>", ""));
                }
                sb.append(")");
                if (m.getExceptionTypes().length > 0) {
                    sb.append(" throws ");
                    for (int i = 0; i < m.getExceptionTypes().length; i++) { if (i>0) sb.append(", "); sb.append(t(m.getExceptionTypes()[i])); }
                }
                sb.append(" {\n");
                String name = simple + "." + m.getName() + "(" + sig + ")";
                Method byIndex = byIndexTwin(iface, m);
                if (byIndex != null) {
                    // a by-label getter is its by-index twin after findColumn, in every result set
                    sb.append("        return ").append(m.getName()).append("(findColumn(arg0)");
                    for (int i = 1; i < ps.length; i++) sb.append(", arg").append(i);
                    sb.append(");\n");
                } else if (throwsSql) sb.append("        throw Unsupported.feature(\"").append(name).append("\");\n");
                else sb.append("        throw Unsupported.operation(\"").append(name).append("\");\n");
                sb.append("    }\n");
            }
            sb.append("}\n");
            Files.writeString(Path.of(out, spec[1] + ".java"), sb.toString());
        }
    }
}
