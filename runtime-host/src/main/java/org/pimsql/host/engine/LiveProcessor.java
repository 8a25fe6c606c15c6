package org.pimsql.host.engine;

import java.sql.SQLException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.pimsql.host.sequencer.Epoch;
import org.pimsql.host.sequencer.EpochProcessor;

/**
 * What the sequencer runs epochs with: the current {@link ExecutionCore}'s processor, with three duties around
 * each epoch's execution. It holds the DPU lock, so that readers of the DPUs ({@link MramSnapshots}) see
 * epoch boundaries only; before the first launch it gives open snapshots their copies of the memory the epoch
 * may change; and when the epoch faults on the DPUs it hands it to {@link Recovery#isolate}, which aborts the
 * poison calls and returns a rebuilt core, installed here. An epoch prepared on a core that was replaced
 * meanwhile is prepared again on the new one. A kernel that cannot be built or loaded is no call's fault: it stops
 * the database instead ({@link org.pimsql.host.backend.DpuProgramException}).
 */
final class LiveProcessor implements EpochProcessor {
    private final Supplier<ExecutionCore> core;
    private final Consumer<ExecutionCore> install;
    private final MramSnapshots snapshots;
    private final Recovery recovery;
    /** The code whose kernel {@link #requireProgram} has seen built (sequencer thread). */
    private DpuCode built;

    LiveProcessor(Supplier<ExecutionCore> core, Consumer<ExecutionCore> install, MramSnapshots snapshots,
                  Recovery recovery) {
        this.core = core;
        this.install = install;
        this.snapshots = snapshots;
        this.recovery = recovery;
    }

    @Override
    public PreparedEpoch prepare(Epoch epoch) throws Exception {
        ExecutionCore preparedOn = core.get();
        requireProgram(preparedOn.schema());
        PreparedEpoch prepared = preparedOn.processor.prepare(epoch);
        boolean formats = preparedOn.processor.formatted();
        return () -> execute(epoch, preparedOn, prepared, formats);
    }

    private void execute(Epoch epoch, ExecutionCore preparedOn, PreparedEpoch prepared, boolean formats)
            throws Exception {
        snapshots.lock().lock();
        try {
            snapshots.beforeWrite();
            ExecutionCore c = core.get();
            if (c != preparedOn) {
                // the DPUs were rebuilt after a fault while this epoch waited: plan it again on the new ones
                install.accept(recovery.execute(c, epoch));
                return;
            }
            try {
                prepared.execute();
                if (formats) {
                    c.formattedOnDpus = true;
                }
            } catch (Exception fault) {
                c.close();
                install.accept(recovery.isolate(epoch, fault));
            }
        } finally {
            snapshots.lock().unlock();
        }
    }

    /**
     * Builds the kernel the epoch runs (or finds it built) before the epoch is logged: a kernel that cannot be built
     * stops the database here, before a call is logged that cannot run, and answers every pending and later call
     * with why (docs/runtime.md "When the DPU program cannot be built"). Sequencer thread only.
     */
    private void requireProgram(CompiledSchema schema) throws SQLException {
        DpuCode code = schema == null ? null : schema.code();
        if (code == null || code == built) {
            return;
        }
        try {
            code.source().binary(code.kernel());
        } catch (org.pimsql.host.backend.DpuProgramException e) {
            throw Recovery.programUnavailable(e);
        }
        built = code;
    }
}
