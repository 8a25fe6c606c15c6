package org.pimsql.host.backend;

/**
 * A DPU host-library call failed; the message is the library's own error text. {@link DpuProgramException}: the
 * DPUs cannot get their program at all.
 */
public class DpuException extends Exception {
    public DpuException(String message) {
        super(message);
    }
}
