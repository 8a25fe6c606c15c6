/**
 * Name and type resolution: turns the parsed scripts into the {@link org.pimsql.frontend.catalog.Catalog}
 * and the typed procedure IR of {@link org.pimsql.frontend.ir}. Entry point: {@link CatalogResolver}
 * (used by {@link org.pimsql.frontend.ScriptCompiler}).
 *
 * <p>Rules that are worth knowing when reading or extending this package:
 * <ul>
 *   <li><b>Types follow HSQLDB 2.7.4</b> (measured with ResultSetMetaData, see HsqldbTypeTest): e.g.
 *       SMALLINT+SMALLINT is INTEGER, INTEGER+INTEGER is BIGINT, SMALLINT-SMALLINT stays SMALLINT, an
 *       integer dividend keeps its type even over a DECIMAL divisor, DECIMAL add is
 *       (max integer digits + max scale + 1, max scale) but subtract has no +1, multiply adds precisions
 *       and scales, divide is (p1 - s1 + s2 + max scale, max scale), MOD takes the divisor's type,
 *       CHAR||CHAR is CHAR and anything with VARCHAR is VARCHAR, a number concatenated with a string is
 *       first converted to its display VARCHAR (INTEGER: 11 characters). Exact numerics are 64-bit
 *       scaled integers, so where HSQLDB widens past 18 digits, integer results stay BIGINT and
 *       DECIMAL precision is capped at 18 (overflow is SQLSTATE 22003 at run time).</li>
 *   <li><b>Deliberately stricter than HSQLDB</b> (the dialect is a subset): a name that is both a
 *       column in scope and a variable is an error (HSQLDB silently reads the column); strings are not
 *       compared with or assigned to numbers; {@code %} is rejected (HSQLDB has only MOD); DEFAULT of
 *       a DECLARE must be constant and MESSAGE_TEXT a string literal (as HSQLDB); SELECT INTO takes no
 *       ORDER BY/LIMIT (as HSQLDB); primary-key columns cannot be updated; correlated subqueries,
 *       GROUP BY, HAVING, UNION, outer joins, derived tables and window functions are rejected.</li>
 *   <li><b>Implicit conversions are explicit in the IR</b>: every value stored into a variable,
 *       column or INTO target is {@code Cast} to the target's type when the types differ (exact constant
 *       conversions are folded into the literal); mixed numeric comparisons cast both sides to the
 *       common type; index keys are cast to the key column's type, and a key that would lose digits or
 *       characters in that conversion is left in the residual filter instead.</li>
 *   <li><b>Errors</b> are {@link SemanticException}s thrown where found and caught per statement, so one
 *       compile reports one error per bad statement; uses of a table, variable or cursor whose declaration
 *       failed are follow-on errors and are not reported again.</li>
 * </ul>
 */
package org.pimsql.frontend.resolve;
