package org.pimsql.codegen;

import java.util.List;
import org.pimsql.frontend.analysis.PartitionFunction;

/**
 * A partition the host computes for an exchange call (docs/multi-partition.md "Partitions the host
 * computes"): {@code function} applied to the call's arguments at positions {@code args} (scalar parameters
 * the procedure never assigns), reduced to the placement's partition count, stored as a u32 at
 * {@code offset} of the parameter block. The generated code passes it to pim_mp_at as the key (floorMod
 * leaves a partition number as it is), so the DPU neither loads the key fields nor hashes them.
 *
 * @param offset   byte offset in the parameter block (after every parameter; 4-byte aligned)
 * @param function the accessed tables' partition function (the router's)
 * @param args     argument positions (parameter ids) of the key columns, in PARTITION TABLE order
 */
public record RouteSlot(int offset, PartitionFunction function, List<Integer> args) {
    public RouteSlot {
        args = List.copyOf(args);
    }

    /** True when this slot holds {@code function} of the parameters {@code args} (equal signatures agree). */
    boolean holds(PartitionFunction f, List<Integer> keyArgs) {
        return function.signature().equals(f.signature()) && args.equals(keyArgs);
    }
}
