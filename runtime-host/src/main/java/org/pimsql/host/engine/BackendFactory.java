package org.pimsql.host.engine;

import org.pimsql.host.backend.DpuBackend;
import org.pimsql.host.backend.DpuException;

/** Allocates the DPUs of a database when it opens. */
@FunctionalInterface
public interface BackendFactory {
    DpuBackend allocate(int dpus) throws DpuException;
}
