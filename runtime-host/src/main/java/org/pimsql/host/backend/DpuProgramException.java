package org.pimsql.host.backend;

/**
 * The DPUs cannot get their program: the kernel could not be built (the C compiler is missing or failed, or the
 * kernel does not fit a DPU) or the host library refused to load it ({@code dpu_load}). Unlike a fault in a launch,
 * no call causes it and every later launch would meet it again, so the engine stops accepting calls with it instead
 * of looking for a call to abort (docs/runtime.md "When the DPU program cannot be built").
 */
public final class DpuProgramException extends DpuException {
    public DpuProgramException(String message) {
        super(message);
    }

    /** Whether {@code t} or one of its causes says the DPUs cannot get their program. */
    public static boolean in(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof DpuProgramException) {
                return true;
            }
        }
        return false;
    }
}
