package org.pimsql.host.engine;

import org.pimsql.host.sequencer.SequencerConfig;
import org.pimsql.host.sequencer.TimestampSource;

/**
 * How to open a database: where it is, how many DPUs (one logical partition each), epoch bounds, how to
 * reach DPUs and how to compile scripts. {@code hashBucketsLog2} sizes every table's primary-key hash
 * index per DPU when the database is formatted (0: the program's default); choose it from the expected
 * rows per DPU. It is fixed for the database's life (a {@code file:} database keeps it in its log).
 */
public record EngineConfig(DatabaseLocation location, int dpus, SequencerConfig sequencer, BackendFactory backends,
                           SchemaCompiler compiler, TimestampSource clock, int hashBucketsLog2) {
    /** The wire format's limit on hash buckets per table (2^22). */
    public static final int MAX_HASH_BUCKETS_LOG2 = 22;

    public EngineConfig {
        if (dpus < 1) {
            throw new IllegalArgumentException("dpus must be at least 1, got " + dpus);
        }
        if (hashBucketsLog2 < 0 || hashBucketsLog2 > MAX_HASH_BUCKETS_LOG2) {
            throw new IllegalArgumentException("hashBucketsLog2 must be within 0.." + MAX_HASH_BUCKETS_LOG2);
        }
    }

    /** A configuration with the programs' default hash index size. */
    public EngineConfig(DatabaseLocation location, int dpus, SequencerConfig sequencer, BackendFactory backends,
                        SchemaCompiler compiler, TimestampSource clock) {
        this(location, dpus, sequencer, backends, compiler, clock, 0);
    }
}
