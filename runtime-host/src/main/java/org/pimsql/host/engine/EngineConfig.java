package org.pimsql.host.engine;

import org.pimsql.host.sequencer.SequencerConfig;
import org.pimsql.host.sequencer.TimestampSource;

/**
 * How to open a database: where it is, how many DPUs, how many logical partitions ({@code partitions}; 0
 * chooses the default: one per DPU for a new database, the logged count for an existing one), epoch bounds,
 * how to reach DPUs and how to compile scripts. Partitions are placed on DPUs by the modulo map
 * ({@link PartitionPlacement}). {@code hashBucketsLog2} sizes every table's primary-key hash
 * index per DPU when the database is formatted (0: the program's default); choose it from the expected
 * rows per DPU. Both are fixed for the database's life (a {@code file:} database keeps them in its marker).
 * {@code readOnly} opens an existing {@code file:} database for inspection: no lock, no write, queries only.
 * {@code checkpoints} says when checkpoints are taken automatically.
 */
public record EngineConfig(DatabaseLocation location, int dpus, SequencerConfig sequencer, BackendFactory backends,
                           SchemaCompiler compiler, TimestampSource clock, int hashBucketsLog2, int partitions,
                           boolean readOnly, CheckpointPolicy checkpoints) {
    /** The wire format's limit on hash buckets per table (2^22). */
    public static final int MAX_HASH_BUCKETS_LOG2 = 22;
    /** More DPUs than any UPMEM server has (2,560), with room: a bound that keeps bad input from exhausting memory. */
    public static final int MAX_DPUS = 1 << 16;
    /** Logical partitions per DPU at most. */
    public static final int MAX_PARTITIONS_PER_DPU = 1 << 10;

    public EngineConfig {
        if (dpus < 1 || dpus > MAX_DPUS) {
            throw new IllegalArgumentException("dpus must be within 1.." + MAX_DPUS + ", got " + dpus);
        }
        if (hashBucketsLog2 < 0 || hashBucketsLog2 > MAX_HASH_BUCKETS_LOG2) {
            throw new IllegalArgumentException("hashBucketsLog2 must be within 0.." + MAX_HASH_BUCKETS_LOG2);
        }
        if (partitions != 0) {
            if ((long) partitions > (long) dpus * MAX_PARTITIONS_PER_DPU) {
                throw new IllegalArgumentException("partitions must be at most " + MAX_PARTITIONS_PER_DPU
                        + " per DPU, got " + partitions + " for " + dpus + " DPUs");
            }
            PartitionPlacement.modulo(partitions, dpus); // validates partitions >= dpus
        }
        if (readOnly && !(location instanceof DatabaseLocation.Directory)) {
            throw new IllegalArgumentException("only a file: database can be opened read-only");
        }
        if (checkpoints == null) {
            throw new IllegalArgumentException("checkpoints must be given (CheckpointPolicy.NEVER to turn them off)");
        }
    }

    public EngineConfig(DatabaseLocation location, int dpus, SequencerConfig sequencer, BackendFactory backends,
                        SchemaCompiler compiler, TimestampSource clock, int hashBucketsLog2, int partitions) {
        this(location, dpus, sequencer, backends, compiler, clock, hashBucketsLog2, partitions, false,
                CheckpointPolicy.DEFAULT);
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

    public EngineConfig withReadOnly(boolean ro) {
        return new EngineConfig(location, dpus, sequencer, backends, compiler, clock, hashBucketsLog2, partitions, ro,
                checkpoints);
    }

    public EngineConfig withCheckpoints(CheckpointPolicy policy) {
        return new EngineConfig(location, dpus, sequencer, backends, compiler, clock, hashBucketsLog2, partitions,
                readOnly, policy);
    }
}
