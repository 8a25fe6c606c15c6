package org.pimsql.host.engine;

import java.util.List;
import java.util.SortedSet;
import org.pimsql.frontend.analysis.ProcedureAnalysis;
import org.pimsql.frontend.analysis.Routing;
import org.pimsql.frontend.analysis.SchemaAnalysis;
import org.pimsql.frontend.ir.Procedure;

/**
 * Routes calls with the frontend's analysis ({@link Routing}): the partition keys derived from the
 * parameters. A procedure that only writes replicated tables and reads nothing partitioned runs
 * independently on every partition (decision 5: a write of a replicated table is applied everywhere).
 */
final class AnalysisRouter implements CallRouter {
    private final SchemaAnalysis analysis;
    /** Procedures compiled with the exchange (codegen may leave one out to fit IRAM). */
    private final java.util.Set<String> exchangeCompiled;
    /** Procedures whose programs have relations: all their calls are exchange calls. */
    private final java.util.Set<String> relations;

    AnalysisRouter(SchemaAnalysis analysis, java.util.Set<String> exchangeCompiled, java.util.Set<String> relations) {
        this.analysis = analysis;
        this.exchangeCompiled = exchangeCompiled;
        this.relations = relations;
    }

    @Override
    public Route route(Procedure procedure, List<Object> args, int partitionCount) {
        ProcedureAnalysis pa = analysis.procedure(procedure.name());
        if (pa == null) {
            throw new IllegalArgumentException("no analysis for procedure " + procedure.name());
        }
        Routing routing = pa.routing();
        boolean replicatedOnly = routing.keys().isEmpty() && routing.broadcastReads().isEmpty()
                && routing.dataDependent().isEmpty() && !routing.replicatedWrites().isEmpty();
        if (routing.exchange() && exchangeCompiled.contains(procedure.name())) {
            // exchange calls start on the partitions their parameters name (every one when they write a
            // replicated table or read every partition); data-dependent accesses find the rest while they run
            SortedSet<Integer> start = routing.startsEverywhere()
                    ? everyPartition(partitionCount)
                    : routing.keyedPartitions(args.toArray(), partitionCount);
            if (start.isEmpty()) {
                start = routing.partitions(args.toArray(), partitionCount).headSet(1);
                start = start.isEmpty() ? new java.util.TreeSet<>(List.of(0)) : start;
            }
            return new Route(start.stream().mapToInt(Integer::intValue).toArray(), false, true,
                    !routing.dataDependent().isEmpty(), relations.contains(procedure.name()));
        }
        SortedSet<Integer> partitions = routing.partitions(args.toArray(), partitionCount);
        int[] array = partitions.stream().mapToInt(Integer::intValue).toArray();
        return new Route(array, replicatedOnly);
    }

    private static SortedSet<Integer> everyPartition(int partitionCount) {
        var all = new java.util.TreeSet<Integer>();
        for (int p = 0; p < partitionCount; p++) {
            all.add(p);
        }
        return all;
    }
}
