package org.pimsql.host.sequencer;

/**
 * Turns epochs into work on the DPUs, in two steps so that the host prepares epoch i+1 while the DPUs
 * run epoch i: {@link #prepare} runs on the sequencer thread (routing, encoding input buffers),
 * {@link PreparedEpoch#execute} on the executor thread, strictly in epoch order.
 */
public interface EpochProcessor {

    PreparedEpoch prepare(Epoch epoch) throws Exception;

    /** An epoch ready to run; {@link #execute} must complete every call's future. */
    interface PreparedEpoch {
        void execute() throws Exception;
    }
}
