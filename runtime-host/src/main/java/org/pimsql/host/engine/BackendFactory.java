package org.pimsql.host.engine;

import org.pimsql.host.backend.DpuBackend;
import org.pimsql.host.backend.DpuException;

/** Allocates the DPUs of a database when it opens. */
@FunctionalInterface
public interface BackendFactory {
    DpuBackend allocate(int dpus) throws DpuException;

    /**
     * True when every allocation gives DPUs of their own (what the engine needs to rebuild a database on new DPUs
     * after a fault, docs/runtime.md "Poison calls"). Test doubles whose DPUs share state say false.
     */
    default boolean allocatesFreshDpus() {
        return true;
    }
}
