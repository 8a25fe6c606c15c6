package org.pimsql.host.store;

/**
 * A piece of one DPU's memory in a checkpoint: bytes to write at an MRAM heap offset, or a run of zero bytes
 * (written explicitly on restore: a real DPU's MRAM is not zeroed by allocation).
 */
public sealed interface CheckpointPart {
    int dpu();

    long offset();

    int length();

    record Bytes(int dpu, long offset, byte[] bytes) implements CheckpointPart {
        @Override
        public int length() {
            return bytes.length;
        }
    }

    record Zeros(int dpu, long offset, int length) implements CheckpointPart {}
}
