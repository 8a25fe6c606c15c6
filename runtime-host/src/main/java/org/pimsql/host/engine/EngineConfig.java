package org.pimsql.host.engine;

import org.pimsql.host.sequencer.SequencerConfig;
import org.pimsql.host.sequencer.TimestampSource;

/**
 * How to open a database: where it is, how many DPUs (one logical partition each), epoch bounds, how to
 * reach DPUs and how to compile scripts.
 */
public record EngineConfig(DatabaseLocation location, int dpus, SequencerConfig sequencer, BackendFactory backends,
                           SchemaCompiler compiler, TimestampSource clock) {
    public EngineConfig {
        if (dpus < 1) {
            throw new IllegalArgumentException("dpus must be at least 1, got " + dpus);
        }
    }
}
