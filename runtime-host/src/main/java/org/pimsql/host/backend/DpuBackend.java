package org.pimsql.host.backend;

import java.nio.file.Path;

/**
 * The host's only way to DPUs (decision 1 of the design): a thin, coarse-grained view of the
 * {@code libdpu} host API. {@link NativeDpuBackend} reaches the simulator or real hardware through the C
 * bridge; tests may substitute a Java implementation.
 *
 * <p>Buffers are per DPU, indexed 0..dpuCount()-1. Lengths and offsets are multiples of 8 (the
 * hardware's rule). A method fails with {@link DpuException} carrying the library's error text, which
 * for a faulting kernel names the DPU, the tasklet and the fault.
 */
public interface DpuBackend extends AutoCloseable {

    int dpuCount();

    int rankCount();

    /** Loads a program on every DPU; MRAM contents outside the program's own MRAM globals are kept. */
    void load(Path program) throws DpuException;

    /**
     * Writes {@code buffers[d]} to DPU d at {@code symbol + offset}, one parallel transfer per rank
     * padded to the rank's largest buffer; a null or empty buffer writes zeros of that length on DPUs
     * of a rank that transfers anything, and nothing on a rank where every buffer is empty.
     */
    void push(String symbol, long offset, byte[][] buffers) throws DpuException;

    /** Reads {@code lengths[d]} bytes from DPU d at {@code symbol + offset} (a length of 0 skips DPU d). */
    byte[][] pull(String symbol, long offset, int[] lengths) throws DpuException;

    /** Runs the loaded program on every DPU and returns when all have finished. */
    void launch() throws DpuException;

    /**
     * Runs the loaded program on the DPUs whose {@code active[d]} is true and returns when they have finished;
     * the others do not run (their MRAM and WRAM stay as they are). No default that runs every DPU: an inactive
     * DPU may hold zeros its rank's padded push wrote, which are no batch.
     */
    void launch(boolean[] active) throws DpuException;

    /** Starts the loaded program on every DPU and returns at once; {@link #awaitCompletion} waits. */
    void launchAsync() throws DpuException;

    void awaitCompletion() throws DpuException;

    /** Copies {@code data} to one DPU's symbol (a WRAM {@code __host} variable or MRAM). */
    void copyTo(int dpu, String symbol, long offset, byte[] data) throws DpuException;

    byte[] copyFrom(int dpu, String symbol, long offset, int length) throws DpuException;

    /**
     * The simulator's counters (padding included), or empty on hardware and in backends without them.
     * Process-wide: compare two snapshots taken around the work of interest.
     */
    default java.util.Optional<SimulatorCounters> simulatorCounters() {
        return java.util.Optional.empty();
    }

    @Override
    void close();
}
