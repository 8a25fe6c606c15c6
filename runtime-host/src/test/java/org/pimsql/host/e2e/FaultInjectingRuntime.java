package org.pimsql.host.e2e;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Optional;
import org.pimsql.host.backend.DpuBackend;
import org.pimsql.host.backend.DpuException;
import org.pimsql.host.backend.NativeDpuBackend;
import org.pimsql.host.backend.SimulatorCounters;
import org.pimsql.host.engine.BackendFactory;
import org.pimsql.host.engine.EngineRuntime;
import org.pimsql.host.engine.SchemaCompiler;
import org.pimsql.host.engine.SimulatorRuntime;

/**
 * {@code runtime=simulator-faults}: the real simulator and code generator, except that a launch whose batch for
 * some DPU carries the 8 bytes of {@link #POISON} (a BIGINT argument of that value) reports a DPU fault for that
 * DPU after the DPUs ran, as a kernel that crashed in that call would. The DPU's memory is left as the launch left
 * it. A stand-in for kernel defects, which are fixed as they are found: it lets tests check what the engine does
 * with a call that faults, deterministically.
 */
public final class FaultInjectingRuntime implements EngineRuntime {
    /** The argument value that makes a call fault. */
    public static final long POISON = 0x5EED_DEAD_BEEFL;
    private final SimulatorRuntime simulator = new SimulatorRuntime();

    @Override
    public String name() {
        return "simulator-faults";
    }

    @Override
    public BackendFactory backends() {
        return dpus -> new Faulty(NativeDpuBackend.allocate(dpus));
    }

    @Override
    public SchemaCompiler compiler() {
        return simulator.compiler();
    }

    private static final class Faulty implements DpuBackend {
        private final DpuBackend real;
        private int armed = -1;

        Faulty(DpuBackend real) {
            this.real = real;
        }

        private static boolean carriesPoison(byte[] b) {
            if (b == null) {
                return false;
            }
            ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i + 8 <= b.length; i += 8) {
                if (buf.getLong(i) == POISON) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public void push(String symbol, long offset, byte[][] buffers) throws DpuException {
            for (int d = 0; d < buffers.length; d++) {
                if (carriesPoison(buffers[d])) {
                    armed = d;
                }
            }
            real.push(symbol, offset, buffers);
        }

        @Override
        public void launch() throws DpuException {
            real.launch();
            faultIfArmed();
        }

        @Override
        public void launch(boolean[] active) throws DpuException {
            real.launch(active);
            faultIfArmed();
        }

        private void faultIfArmed() throws DpuException {
            int d = armed;
            armed = -1;
            if (d >= 0) {
                throw new DpuException("DPU " + d + " (rank 0) tasklet 0: injected fault (a stand-in for a kernel crash)");
            }
        }

        @Override
        public void launchAsync() throws DpuException {
            real.launchAsync();
        }

        @Override
        public void awaitCompletion() throws DpuException {
            real.awaitCompletion();
        }

        @Override
        public int dpuCount() {
            return real.dpuCount();
        }

        @Override
        public int rankCount() {
            return real.rankCount();
        }

        @Override
        public void load(Path program) throws DpuException {
            real.load(program);
        }

        @Override
        public byte[][] pull(String symbol, long offset, int[] lengths) throws DpuException {
            return real.pull(symbol, offset, lengths);
        }

        @Override
        public void copyTo(int dpu, String symbol, long offset, byte[] data) throws DpuException {
            real.copyTo(dpu, symbol, offset, data);
        }

        @Override
        public byte[] copyFrom(int dpu, String symbol, long offset, int length) throws DpuException {
            return real.copyFrom(dpu, symbol, offset, length);
        }

        @Override
        public Optional<SimulatorCounters> simulatorCounters() {
            return real.simulatorCounters();
        }

        @Override
        public void close() {
            real.close();
        }
    }
}
