package org.pimsql.host.backend;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import org.pimsql.codegen.UpmemSdk;

/**
 * Drives {@link NativeDpuBackend} through the bridge built against an UPMEM SDK's libdpu, on the DPUs the SDK gives
 * (its functional simulator with {@code PIMSQL_DPU_PROFILE=backend=simulator}). Run by scripts/check-upmem.sh, never
 * by CI (which has no SDK).
 *
 * <p>The program is a checksum kernel: {@code __mram_noinit uint8_t QUERY[65536]} and {@code __host uint32_t checksum},
 * the sum of QUERY's bytes (scripts/upmem-check/checksum.c, or the SDK's own checksum example, prebuilt).
 *
 * <p>Arguments: SDK_DIR PROGRAM_ELF DPUS.
 */
public final class UpmemBackendCheck {
    private static final int QUERY_BYTES = 65536;

    private UpmemBackendCheck() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: UpmemBackendCheck SDK_DIR PROGRAM_ELF DPUS");
            System.exit(2);
        }
        UpmemSdk sdk = new UpmemSdk(Path.of(args[0]));
        Path program = Path.of(args[1]);
        int dpus = Integer.parseInt(args[2]);
        String profile = System.getenv().getOrDefault("PIMSQL_DPU_PROFILE", "backend=simulator");
        Path library = BridgeBuilder.buildUpmem(sdk).path();
        step("bridge built against " + sdk.hostIncludeDir() + "/dpu.h and " + sdk.hostLibraryDir() + "/libdpu.so: "
                + library);
        try (var backend = NativeDpuBackend.allocate(library, dpus, profile)) {
            step("dpu_alloc(" + dpus + ", \"" + profile + "\"): " + backend.dpuCount() + " DPUs in " + backend.rankCount()
                    + " ranks");
            check(backend.dpuCount() == dpus, "allocated " + backend.dpuCount() + " DPUs, asked for " + dpus);
            backend.load(program);
            step("dpu_load(" + program + ")");

            byte[][] zeros = new byte[dpus][];
            Arrays.fill(zeros, new byte[QUERY_BYTES]);
            backend.push("QUERY", 0, zeros);
            byte[][] data = new byte[dpus][];
            long[] expected = new long[dpus];
            for (int d = 0; d < dpus; d++) {
                data[d] = new byte[8 * (1 + d % 7) + 1024 * (d % 3)]; // unequal lengths, several per rank
                for (int i = 0; i < data[d].length; i++) {
                    data[d][i] = (byte) (31 * d + i);
                    expected[d] += data[d][i] & 0xFF;
                }
            }
            byte[][] tooLong = new byte[dpus][];
            Arrays.fill(tooLong, new byte[QUERY_BYTES + 8]);
            try {
                backend.push("QUERY", 0, tooLong);
                throw new IllegalStateException("a push past the end of QUERY was accepted");
            } catch (DpuException e) {
                step("a push past QUERY's end failed as it must: " + e.getMessage());
            }
            backend.push("QUERY", 0, data);
            step("then a push of unequal lengths (8 to " + Arrays.stream(data).mapToInt(b -> b.length).max().orElse(0)
                    + " bytes per DPU) succeeded");

            backend.launchAsync();
            backend.awaitCompletion();
            step("asynchronous dpu_launch, then dpu_sync");

            int[] four = new int[dpus];
            Arrays.fill(four, 4);
            byte[][] sums = backend.pull("checksum", 0, four);
            for (int d = 0; d < dpus; d++) {
                long got = Integer.toUnsignedLong(ByteBuffer.wrap(sums[d]).order(ByteOrder.LITTLE_ENDIAN).getInt());
                check(got == expected[d], "DPU " + d + ": checksum " + got + ", expected " + expected[d]);
            }
            step("pulled the 4-byte __host checksum of every DPU (no padding): all " + dpus + " as expected");

            int[] lengths = Arrays.stream(data).mapToInt(b -> b.length).toArray();
            byte[][] back = backend.pull("QUERY", 0, lengths);
            for (int d = 0; d < dpus; d++) {
                check(Arrays.equals(back[d], data[d]), "DPU " + d + ": QUERY read back differs");
            }
            byte[] one = backend.copyFrom(dpus - 1, "checksum", 0, 4);
            check(Integer.toUnsignedLong(ByteBuffer.wrap(one).order(ByteOrder.LITTLE_ENDIAN).getInt()) == expected[dpus - 1],
                    "dpu_copy_from of the last DPU's checksum");
            step("copied back: QUERY from every DPU (unequal lengths) and one DPU's checksum with dpu_copy_from");
        }
        System.out.println("UPMEM backend check: OK");
    }

    private static void step(String what) {
        System.out.println("  ok  " + what);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("UPMEM backend check failed: " + what);
        }
    }
}
