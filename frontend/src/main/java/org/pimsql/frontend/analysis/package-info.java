/**
 * Procedure analysis: what each statement reads and writes, which partitions it touches, and how
 * statements depend on each other.
 *
 * <p>Entry point: {@link org.pimsql.frontend.analysis.Analyzer#analyze} (or
 * {@link org.pimsql.frontend.Frontend#compile}, which parses first). For every procedure it yields a
 * {@link org.pimsql.frontend.analysis.ProcedureAnalysis}:
 * <ul>
 *   <li>per statement ({@link org.pimsql.frontend.analysis.StatementAnalysis}, nested ones included):
 *       its {@link org.pimsql.frontend.analysis.TableAccess}es (access path, columns, and the
 *       {@link org.pimsql.frontend.analysis.Placement}: a partition key from parameters, every element of
 *       an array parameter, a value read by earlier statements, a replicated table, or every partition),
 *       and its {@link org.pimsql.frontend.analysis.Dependency dependencies} (variables, tables, control);</li>
 *   <li>per procedure: read and write sets, the {@link org.pimsql.frontend.analysis.Routing} (evaluate
 *       {@code partitions(args, P)} on the host for a call), the
 *       {@link org.pimsql.frontend.analysis.ProcedureClass}, and the statements that decide an abort.</li>
 * </ul>
 *
 * <p>How partitions are derived: a partition column's value comes from the access key, the INSERT's
 * value, or an equality in the filter. Variables are replaced by what may define them (reaching
 * definitions over the structured body): a parameter, a DECLARE default, a SET expression (several
 * reaching SETs give several candidate keys, whose partitions are all routed to), or a SELECT INTO / FOR
 * row (then the partition is data-dependent: known only after that statement reads). A variable
 * changed on every loop iteration is not a key unless it only indexes an array parameter (then every
 * element counts). A write whose partition stays unknown is a {@link org.pimsql.frontend.CompileException};
 * a read becomes a broadcast, flagged in the summary. Logical partitions come from
 * {@link org.pimsql.frontend.analysis.PartitionFunction}.
 */
package org.pimsql.frontend.analysis;
