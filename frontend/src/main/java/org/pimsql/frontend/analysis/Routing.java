package org.pimsql.frontend.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.Variable;

/**
 * A procedure's routing: which partitions a call touches, as a function of its arguments.
 *
 * @param keys             the distinct parameter-derived partition keys of its accesses
 * @param broadcastReads   statements with a read that visits every partition
 * @param gatheredReads    the broadcast reads that run as scatter-gather fragments ({@link ScatterReads}):
 *                         partials merged on the host
 * @param relationReads    the reads that run as relations ({@link Relations}): every participant reduces its rows,
 *                         the host merges them (the other broadcast reads, and every GROUP BY and DISTINCT)
 * @param replicatedWrites replicated tables it writes (each write is applied on every partition)
 * @param dataDependent    statements whose partition is known only after earlier reads of the call
 * @param parameters       the procedure's parameters (argument positions for {@link #partitions})
 */
public record Routing(List<PartitionKey> keys, List<Integer> broadcastReads, List<Integer> gatheredReads,
                      List<Integer> relationReads, List<String> replicatedWrites, List<Integer> dataDependent,
                      List<Variable> parameters) {

    /**
     * One partition key: the partitions of {@code function} applied to each of {@code tuples}
     * (expressions over parameters and array-parameter elements; an element stands for every element).
     *
     * @param text       e.g. {@code MOD(W_ID)} or {@code HASH(STR)(NAME)}, for summaries
     * @param tables     the tables accessed through this key
     * @param statements the statements accessing through this key
     */
    public record PartitionKey(PartitionFunction function, List<List<Expr>> tuples, String text, List<String> tables,
                               List<Integer> statements) {

        /** The tuples as SQL-like text, one string per partition column ({@code P_KEYS[*]}: every element). */
        public List<List<String>> tupleTexts() {
            return tuples.stream().map(t -> t.stream().map(SqlText::expr).toList()).toList();
        }

        /** True when one call always yields one partition through this key. */
        public boolean singleValued() {
            return tuples.size() == 1 && tuples.getFirst().stream().noneMatch(KeyDerivation::usesArrays);
        }
    }

    public Routing {
        keys = List.copyOf(keys);
        broadcastReads = List.copyOf(broadcastReads);
        gatheredReads = List.copyOf(gatheredReads);
        relationReads = List.copyOf(relationReads);
        replicatedWrites = List.copyOf(replicatedWrites);
        dataDependent = List.copyOf(dataDependent);
        parameters = List.copyOf(parameters);
    }

    /**
     * True when an exchange call starts on every partition: a broadcast read or a replicated write, or a relation read
     * whose partition is known only while the call runs (its owner must take part).
     */
    public boolean startsEverywhere() {
        return touchesAllPartitions() || relationReads.stream().anyMatch(dataDependent::contains);
    }

    /** True when every call touches every partition (a broadcast read or a replicated write). */
    public boolean touchesAllPartitions() {
        return !broadcastReads.isEmpty() || !replicatedWrites.isEmpty();
    }

    /**
     * True when a call may span several partitions and runs by re-execution with value exchange
     * (docs/multi-partition.md): more than one partition key, an array key, data-dependent routing, or
     * partitioned accesses together with replicated writes, or a read the host merges ({@link #gatheredReads},
     * {@link #relationReads}). The code generator wraps every data access of such a procedure and the runtime
     * routes its calls as exchange calls; both ask this method.
     */
    public boolean exchange() {
        if (!gatheredReads.isEmpty() || !relationReads.isEmpty()) {
            return true;
        }
        if (!broadcastReads.isEmpty() || (keys.isEmpty() && dataDependent.isEmpty())) {
            return false;
        }
        return keys.size() > 1 || !dataDependent.isEmpty() || !replicatedWrites.isEmpty()
                || !keys.getFirst().singleValued();
    }

    /** True when the call touches no partitioned data and writes nothing replicated: any one partition can run it. */
    public boolean anyPartition() {
        return keys.isEmpty() && !touchesAllPartitions() && dataDependent.isEmpty();
    }

    /**
     * The sorted set of partitions a call with {@code args} may touch (a superset when routing is data
     * dependent: then every partition). {@code args} holds one value per parameter in declaration order
     * (OUT positions are ignored); array parameters are Java arrays or Lists. Never empty: a call whose
     * keys name no partition (it reads only replicated tables, or its arrays are empty) gets one
     * partition, chosen by hashing its scalar arguments so that such calls spread evenly and
     * deterministically.
     */
    public SortedSet<Integer> partitions(Object[] args, int partitionCount) {
        checkArgs(args, partitionCount);
        if (touchesAllPartitions() || !dataDependent.isEmpty()) {
            return all(partitionCount);
        }
        SortedSet<Integer> keyed = keyedPartitions(args, partitionCount);
        if (keyed.isEmpty()) {
            // No partitioned data touched (only replicated reads, or empty arrays): the call still has to
            // run somewhere, for its OUT values, result sets and SIGNALs.
            return new TreeSet<>(List.of(spread(args, partitionCount)));
        }
        return keyed;
    }

    /** Only the partitions fixed by parameter-derived keys (what is known before any read). */
    public SortedSet<Integer> keyedPartitions(Object[] args, int partitionCount) {
        checkArgs(args, partitionCount);
        var evaluator = new HostEvaluator(args);
        var out = new TreeSet<Integer>();
        for (PartitionKey k : keys) {
            for (List<Expr> tuple : k.tuples()) {
                for (List<Object> values : evaluator.evaluateTuple(tuple)) {
                    out.add(k.function().partition(values, partitionCount));
                }
            }
        }
        return out;
    }

    /** Names of the scalar parameters that determine partitions. */
    public List<String> routingParameters() {
        var names = new ArrayList<String>();
        for (PartitionKey k : keys) {
            for (List<Expr> tuple : k.tuples()) {
                for (Expr e : tuple) {
                    ExprTree.walk(e, x -> {
                        if (x instanceof Expr.VarRef v && !names.contains(v.variable().name())) {
                            names.add(v.variable().name());
                        }
                    });
                }
            }
        }
        return names;
    }

    /** Names of the array parameters whose every element determines a partition. */
    public List<String> routingArrays() {
        var names = new ArrayList<String>();
        for (PartitionKey k : keys) {
            for (List<Expr> tuple : k.tuples()) {
                for (Expr e : tuple) {
                    ExprTree.walk(e, x -> {
                        if ((x instanceof Expr.ArrayElement a) && !names.contains(a.array().name())) {
                            names.add(a.array().name());
                        }
                    });
                }
            }
        }
        return names;
    }

    /** One line, e.g. {@code MOD(W_ID)} or {@code MOD(W_ID) + MOD(C_W_ID); reads every partition}. */
    public String describe() {
        var parts = new ArrayList<String>();
        if (!replicatedWrites.isEmpty()) {
            parts.add("every partition (writes replicated " + String.join(", ", replicatedWrites) + ")");
        } else if (!broadcastReads.isEmpty()) {
            parts.add("every partition (broadcast read in statement" + plural(broadcastReads) + ")");
        }
        if (!keys.isEmpty()) {
            parts.add(String.join(" + ", keys.stream().map(PartitionKey::text).toList()));
        }
        if (!dataDependent.isEmpty()) {
            parts.add("data-dependent in statement" + plural(dataDependent));
        }
        if (parts.isEmpty()) {
            return "any one partition (reads only replicated tables)";
        }
        return String.join("; ", parts);
    }

    private static String plural(List<Integer> ids) {
        return (ids.size() == 1 ? " " : "s ") + String.join(", ", ids.stream().map(String::valueOf).toList());
    }

    private int spread(Object[] args, int partitionCount) {
        var canonical = new ArrayList<Object>();
        for (Variable p : parameters) {
            if (p.readable() && !p.type().isArray() && p.id() < args.length) {
                canonical.add(PartitionFunction.canonical(args[p.id()], p.type()));
            }
        }
        return PartitionFunction.hashOfCanonical(canonical, partitionCount);
    }

    private void checkArgs(Object[] args, int partitionCount) {
        if (partitionCount <= 0) {
            throw new IllegalArgumentException("partition count must be positive: " + partitionCount);
        }
        if (args.length != parameters.size()) {
            throw new IllegalArgumentException("expected " + parameters.size() + " arguments, got " + args.length);
        }
    }

    private static SortedSet<Integer> all(int partitionCount) {
        var out = new TreeSet<Integer>();
        for (int i = 0; i < partitionCount; i++) {
            out.add(i);
        }
        return out;
    }
}
