package org.pimsql.host.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.engine.MramRegion;

/** The FFM bridge against libpimsim, with kernels compiled natively for the simulator. */
class NativeDpuBackendTest {
    @TempDir
    static Path work;
    static Path library;
    static Path sumKernel;
    static Path badKernel;

    @BeforeAll
    static void build() throws Exception {
        library = BridgeBuilder.buildSimulator().path();
        Path include = work.resolve("include");
        BridgeBuilder.copySimulatorIncludes(include);
        sumKernel = compileKernel("sum_kernel.c", include);
        badKernel = compileKernel("bad_dma_kernel.c", include);
    }

    private static Path compileKernel(String name, Path include) throws IOException, InterruptedException {
        Path source = work.resolve(name);
        try (InputStream in = NativeDpuBackendTest.class.getResourceAsStream("/kernels/" + name)) {
            Files.copy(in, source);
        }
        Path out = work.resolve(name.replace(".c", ".so"));
        Process p = new ProcessBuilder(BridgeBuilder.compiler(), "-std=gnu11", "-O2", "-shared", "-fPIC",
                "-DNR_TASKLETS=4", "-I", include.toString(), source.toString(), "-o", out.toString())
                .redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(2, TimeUnit.MINUTES) && p.exitValue() == 0, "kernel build failed:\n" + log);
        return out;
    }

    private static byte[] words(long... values) {
        ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return b.array();
    }

    private static long word(byte[] bytes, int index) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(8 * index);
    }

    @Test
    void buffersOfDifferentLengthsReachEachDpuAcrossRanks() throws DpuException {
        int dpus = 70; // two ranks, the second partial
        try (var backend = NativeDpuBackend.allocate(library, dpus, null)) {
            assertEquals(dpus, backend.dpuCount());
            assertEquals(2, backend.rankCount());
            backend.load(sumKernel);
            byte[][] inputs = new byte[dpus][];
            for (int d = 0; d < dpus; d++) {
                long[] values = new long[1 + d % 5];
                values[0] = d % 5;
                for (int i = 1; i < values.length; i++) {
                    values[i] = 1000L * d + i;
                }
                inputs[d] = words(values);
            }
            backend.copyTo(3, "factor", 0, words(10));
            backend.push(MramRegion.MRAM_HEAP, 0, inputs);
            backend.launch();
            int[] lengths = new int[dpus];
            java.util.Arrays.fill(lengths, 16);
            lengths[5] = 0; // a DPU whose output is not wanted
            byte[][] out = backend.pull(MramRegion.MRAM_HEAP, 4096, lengths);
            for (int d = 0; d < dpus; d++) {
                if (d == 5) {
                    assertEquals(0, out[d].length);
                    continue;
                }
                long count = d % 5;
                long sum = 0;
                for (int i = 1; i <= count; i++) {
                    sum += 1000L * d + i;
                }
                assertEquals(count, word(out[d], 0), "DPU " + d);
                assertEquals(d == 3 ? 10 * sum : sum, word(out[d], 1), "DPU " + d);
            }
            assertEquals(1, word(backend.copyFrom(69, "launches", 0, 8), 0));
        }
    }

    @Test
    void aLaunchOfSomeDpusRunsThemAloneAcrossRanks() throws DpuException {
        int dpus = 70; // rank 0 (64 DPUs) wholly active, rank 1 partly
        try (var backend = NativeDpuBackend.allocate(library, dpus, null)) {
            backend.load(sumKernel);
            byte[][] inputs = new byte[dpus][];
            boolean[] active = new boolean[dpus];
            for (int d = 0; d < dpus; d++) {
                inputs[d] = words(1, d);
                active[d] = d < 64 || d == 66 || d == 68;
            }
            backend.push(MramRegion.MRAM_HEAP, 0, inputs);
            backend.launch(active);
            backend.launch(active);
            for (int d = 0; d < dpus; d++) {
                assertEquals(active[d] ? 2 : 0, word(backend.copyFrom(d, "launches", 0, 8), 0), "DPU " + d);
            }
            int[] lengths = new int[dpus];
            java.util.Arrays.fill(lengths, 16);
            byte[][] out = backend.pull(MramRegion.MRAM_HEAP, 4096, lengths);
            assertEquals(66, word(out[66], 1));
            assertEquals(0, word(out[67], 1), "DPU 67 never ran");
        }
    }

    @Test
    void asynchronousLaunchCompletesOnAwait() throws DpuException {
        try (var backend = NativeDpuBackend.allocate(library, 8, null)) {
            backend.load(sumKernel);
            byte[][] inputs = new byte[8][];
            for (int d = 0; d < 8; d++) {
                inputs[d] = words(1, d);
            }
            backend.push(MramRegion.MRAM_HEAP, 0, inputs);
            backend.launchAsync();
            backend.awaitCompletion();
            byte[][] out = backend.pull(MramRegion.MRAM_HEAP, 4096, new int[] {16, 16, 16, 16, 16, 16, 16, 16});
            assertEquals(7, word(out[7], 1));
        }
    }

    /** libdpu keeps the prepared buffers of a failed push (SDK 2020.3, and the simulator): the bridge clears them. */
    @Test
    void aFailedPushDoesNotSpoilTheNextOne() throws DpuException {
        int dpus = 70;
        try (var backend = NativeDpuBackend.allocate(library, dpus, null)) {
            backend.load(sumKernel);
            byte[][] inputs = new byte[dpus][];
            for (int d = 0; d < dpus; d++) {
                inputs[d] = words(1, d);
            }
            DpuException e = assertThrows(DpuException.class, () -> backend.push("no_such_symbol", 0, inputs));
            assertTrue(e.getMessage().contains("dpu_push_xfer") && e.getMessage().contains("no_such_symbol"),
                    e.getMessage());
            backend.push(MramRegion.MRAM_HEAP, 0, inputs);
            backend.launch();
            int[] lengths = new int[dpus];
            java.util.Arrays.fill(lengths, 16);
            byte[][] out = backend.pull(MramRegion.MRAM_HEAP, 4096, lengths);
            assertEquals(69, word(out[69], 1));
            assertThrows(DpuException.class, () -> backend.pull("no_such_symbol", 0, lengths));
            assertEquals(42, word(backend.pull(MramRegion.MRAM_HEAP, 4096, lengths)[42], 1));
        }
    }

    /** A 4-byte __host variable is read as 4 bytes, not padded to MRAM's 8 (libdpu refuses a read past a symbol). */
    @Test
    void aFourByteHostVariableIsPulledWithoutPadding() throws DpuException {
        int dpus = 70;
        try (var backend = NativeDpuBackend.allocate(library, dpus, null)) {
            backend.load(sumKernel);
            byte[][] inputs = new byte[dpus][];
            for (int d = 0; d < dpus; d++) {
                long[] values = new long[1 + d % 3];
                values[0] = d % 3;
                inputs[d] = words(values);
            }
            backend.push(MramRegion.MRAM_HEAP, 0, inputs);
            backend.launch();
            int[] lengths = new int[dpus];
            java.util.Arrays.fill(lengths, 4);
            byte[][] counts = backend.pull("last_count", 0, lengths);
            for (int d = 0; d < dpus; d++) {
                assertEquals(4, counts[d].length);
                assertEquals(d % 3, ByteBuffer.wrap(counts[d]).order(ByteOrder.LITTLE_ENDIAN).getInt(0), "DPU " + d);
            }
        }
    }

    /** A rank whose buffers are all empty is not written: its DPUs keep their MRAM. */
    @Test
    void aRankWithNothingToReceiveIsLeftAlone() throws DpuException {
        int dpus = 70;
        try (var backend = NativeDpuBackend.allocate(library, dpus, null)) {
            backend.load(sumKernel);
            byte[][] all = new byte[dpus][];
            java.util.Arrays.fill(all, words(7, 7));
            backend.push(MramRegion.MRAM_HEAP, 0, all);
            byte[][] secondRank = new byte[dpus][];
            secondRank[65] = words(1, 2, 3);
            backend.push(MramRegion.MRAM_HEAP, 0, secondRank);
            int[] lengths = new int[dpus];
            java.util.Arrays.fill(lengths, 24);
            byte[][] back = backend.pull(MramRegion.MRAM_HEAP, 0, lengths);
            assertEquals(7, word(back[0], 0), "rank 0 untouched");
            assertEquals(1, word(back[65], 0));
            assertEquals(0, word(back[64], 2), "a DPU without a buffer in a rank that transfers gets zeros");
        }
    }

    @Test
    void aFaultingKernelReportsTheDpuAndTheFault() throws DpuException {
        try (var backend = NativeDpuBackend.allocate(library, 2, null)) {
            backend.load(badKernel);
            DpuException e = assertThrows(DpuException.class, backend::launch);
            assertTrue(e.getMessage().contains("dpu_launch"), e.getMessage());
            assertTrue(e.getMessage().contains("DPU 0") && e.getMessage().contains("12"), e.getMessage());
        }
    }

    @Test
    void hostMisuseIsRefusedWithAReason() throws DpuException {
        try (var backend = NativeDpuBackend.allocate(library, 2, null)) {
            DpuException noProgram = assertThrows(DpuException.class, backend::launch);
            assertTrue(noProgram.getMessage().contains("dpu_launch"), noProgram.getMessage());
            backend.load(sumKernel);
            DpuException unknown = assertThrows(DpuException.class,
                    () -> backend.copyFrom(0, "no_such_symbol", 0, 8));
            assertTrue(unknown.getMessage().contains("no_such_symbol"), unknown.getMessage());
            assertThrows(DpuException.class, () -> backend.copyFrom(2, "launches", 0, 8));
            assertThrows(DpuException.class, () -> NativeDpuBackend.allocate(library, 0, null));
        }
    }

    @Test
    void theBridgeIsBuiltOnceAndCached() throws IOException {
        assertEquals(library, BridgeBuilder.buildSimulator().path());
        assertTrue(library.startsWith(BridgeBuilder.cacheRoot()));
    }
}
