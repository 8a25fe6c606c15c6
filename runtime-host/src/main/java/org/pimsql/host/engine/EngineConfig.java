package org.pimsql.host.engine;

import org.pimsql.host.sequencer.SequencerConfig;
import org.pimsql.host.sequencer.TimestampSource;

/**
 * How to open a database: where it is, how many DPUs, how many logical partitions ({@code partitions}; 0
 * chooses the default: one per DPU for a new database, the logged count for an existing one), epoch bounds,
 * how to reach DPUs and how to compile scripts. Partitions are placed on DPUs by the modulo map
 * ({@link PartitionPlacement}). {@code hashBucketsLog2} sizes every table's primary-key hash
 * index per DPU when the database is formatted (0: the program's default); choose it from the expected
 * rows per DPU. Both are fixed for the database's life (a {@code file:} database keeps them in its log).
 */
public record EngineConfig(DatabaseLocation location, int dpus, SequencerConfig sequencer, BackendFactory backends,
                           SchemaCompiler compiler, TimestampSource clock, int hashBucketsLog2, int partitions) {
    /** The wire format's limit on hash buckets per table (2^22). */
    public static final int MAX_HASH_BUCKETS_LOG2 = 22;

    public EngineConfig {
        if (dpus < 1) {
            throw new IllegalArgumentException("dpus must be at least 1, got " + dpus);
        }
        if (hashBucketsLog2 < 0 || hashBucketsLog2 > MAX_HASH_BUCKETS_LOG2) {
            throw new IllegalArgumentException("hashBucketsLog2 must be within 0.." + MAX_HASH_BUCKETS_LOG2);
        }
        if (partitions != 0) {
            PartitionPlacement.modulo(partitions, dpus); // validates partitions >= dpus
        }
    }

    /** One logical partition per DPU (or the logged count when a {@code file:} database reopens). */
    public EngineConfig(DatabaseLocation location, int dpus, SequencerConfig sequencer, BackendFactory backends,
                        SchemaCompiler compiler, TimestampSource clock, int hashBucketsLog2) {
        this(location, dpus, sequencer, backends, compiler, clock, hashBucketsLog2, 0);
    }

    /** A configuration with the programs' default hash index size. */
    public EngineConfig(DatabaseLocation location, int dpus, SequencerConfig sequencer, BackendFactory backends,
                        SchemaCompiler compiler, TimestampSource clock) {
        this(location, dpus, sequencer, backends, compiler, clock, 0);
    }
}
