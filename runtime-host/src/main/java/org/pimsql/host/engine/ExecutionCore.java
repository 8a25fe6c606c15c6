package org.pimsql.host.engine;

import org.pimsql.host.backend.DpuBackend;

/**
 * The DPU side of an open database: its DPUs, the processor that runs epochs on them, and the schema those
 * epochs use. Replaceable as a whole: after a DPU fault the engine builds a new core from the newest
 * checkpoint and the log (docs/runtime.md "Poison calls"), on fresh DPUs, and swaps it in.
 */
final class ExecutionCore implements AutoCloseable {
    final DpuBackend backend;
    final DpuEpochProcessor processor;
    private volatile CompiledSchema schema;
    /** True once the DPUs hold a database: an epoch that formats them has run, or a checkpoint was restored. */
    volatile boolean formattedOnDpus;

    ExecutionCore(DpuBackend backend, PartitionPlacement placement, CallCodec.Format format) {
        this.backend = backend;
        this.processor = new DpuEpochProcessor(backend, this::schema, placement, format);
    }

    CompiledSchema schema() {
        return schema;
    }

    void schema(CompiledSchema s) {
        schema = s;
    }

    @Override
    public void close() {
        backend.close();
    }
}
