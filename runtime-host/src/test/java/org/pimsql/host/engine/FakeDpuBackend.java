package org.pimsql.host.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.host.backend.DpuBackend;
import org.pimsql.host.backend.DpuException;

/**
 * A DPU backend in Java for engine tests: each DPU keeps named buffers; a launch hands each DPU's input
 * buffer to a {@link Kernel} and stores what it returns as that DPU's output buffer. It checks the
 * hardware's 8-byte transfer rule and records what the engine asked for.
 */
final class FakeDpuBackend implements DpuBackend {
    interface Kernel {
        byte[] run(Path program, int dpu, byte[] input);
    }

    private final int dpus;
    private final Kernel kernel;
    private final String inputSymbol;
    private final String outputSymbol;
    private final List<Map<String, byte[]>> memory = new ArrayList<>();
    final List<String> trace = new ArrayList<>();
    int launches;
    Path program;
    boolean closed;

    FakeDpuBackend(int dpus, Kernel kernel, String inputSymbol, String outputSymbol) {
        this.dpus = dpus;
        this.kernel = kernel;
        this.inputSymbol = inputSymbol;
        this.outputSymbol = outputSymbol;
        for (int i = 0; i < dpus; i++) {
            memory.add(new HashMap<>());
        }
    }

    @Override
    public int dpuCount() {
        return dpus;
    }

    @Override
    public int rankCount() {
        return (dpus + 63) / 64;
    }

    @Override
    public void load(Path program) {
        this.program = program;
        trace.add("load " + program.getFileName());
    }

    @Override
    public void push(String symbol, long offset, byte[][] buffers) throws DpuException {
        for (int d = 0; d < dpus; d++) {
            byte[] b = buffers[d] == null ? new byte[0] : buffers[d];
            if (b.length % 8 != 0 || offset % 8 != 0) {
                throw new DpuException("push of " + b.length + " bytes at " + offset + " is not 8-byte aligned");
            }
            memory.get(d).put(symbol, b.clone());
        }
        trace.add("push");
    }

    @Override
    public byte[][] pull(String symbol, long offset, int[] lengths) throws DpuException {
        byte[][] out = new byte[dpus][];
        for (int d = 0; d < dpus; d++) {
            if (lengths[d] % 8 != 0) {
                throw new DpuException("pull of " + lengths[d] + " bytes is not 8-byte aligned");
            }
            byte[] stored = memory.get(d).getOrDefault(symbol, new byte[0]);
            out[d] = java.util.Arrays.copyOf(stored, lengths[d]);
        }
        trace.add("pull");
        return out;
    }

    @Override
    public void launch() throws DpuException {
        boolean[] all = new boolean[dpus];
        java.util.Arrays.fill(all, true);
        launch(all);
    }

    @Override
    public void launch(boolean[] active) throws DpuException {
        if (program == null) {
            throw new DpuException("launch without a loaded program");
        }
        launches++;
        trace.add("launch");
        for (int d = 0; d < dpus; d++) {
            if (active[d]) {
                byte[] input = memory.get(d).getOrDefault(inputSymbol, new byte[0]);
                memory.get(d).put(outputSymbol, kernel.run(program, d, input));
            }
        }
    }

    @Override
    public void launchAsync() throws DpuException {
        launch();
    }

    @Override
    public void awaitCompletion() {}

    @Override
    public void copyTo(int dpu, String symbol, long offset, byte[] data) {
        memory.get(dpu).put(symbol, data.clone());
    }

    @Override
    public byte[] copyFrom(int dpu, String symbol, long offset, int length) {
        return java.util.Arrays.copyOf(memory.get(dpu).getOrDefault(symbol, new byte[0]), length);
    }

    @Override
    public void close() {
        closed = true;
    }
}
