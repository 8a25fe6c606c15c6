package org.pimsql.host.engine;

import org.pimsql.host.backend.DpuException;

/** Bytes of a DPU's MRAM heap, from the DPU itself or from a copy ({@link MramSnapshot}). */
interface MramSource {
    byte[] read(int dpu, long offset, int length) throws DpuException;
}
