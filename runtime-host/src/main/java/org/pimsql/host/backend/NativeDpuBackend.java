package org.pimsql.host.backend;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.pimsql.codegen.UpmemSdk;

/**
 * DPUs through the C bridge ({@code pimsql_bridge.c}), called with the Foreign Function & Memory API.
 * The same class drives the simulator and UPMEM hardware: only the library {@link BridgeBuilder} built
 * differs. With the simulator, error messages also carry libpimsim's fault text (which DPU, which
 * tasklet, what went wrong).
 *
 * <p>Not thread-safe by design beyond its own lock: the engine's executor thread is the only caller
 * while a database is open.
 */
public final class NativeDpuBackend implements DpuBackend {
    private static final int ERROR_BUFFER = 1024;
    private static final Map<Path, Bridge> LOADED = new HashMap<>();

    /** The bridge's functions, bound once per library. */
    private record Bridge(MethodHandle open, MethodHandle close, MethodHandle error, MethodHandle nrDpus,
                          MethodHandle nrRanks, MethodHandle load, MethodHandle launch, MethodHandle launchDpus,
                          MethodHandle sync, MethodHandle push, MethodHandle pull, MethodHandle copyTo,
                          MethodHandle copyFrom, Optional<MethodHandle> lastFault, Optional<MethodHandle> systemStats) {}

    private final Bridge bridge;
    private MemorySegment handle;
    private final int dpus;
    private final int ranks;
    /**
     * Native memory of the transfers, kept from one to the next (a push or pull copies into and out of it instead
     * of allocating per call): per DPU a buffer that grows to the largest transfer, the pointer and length arrays
     * the bridge reads, and the launch's DPU mask. Only the synchronized methods touch them.
     */
    private final MemorySegment[] transferBuffers;
    private final MemorySegment transferPointers;
    private final MemorySegment transferLengths;
    private final MemorySegment activeMask;

    private NativeDpuBackend(Bridge bridge, MemorySegment handle) throws DpuException {
        this.bridge = bridge;
        this.handle = handle;
        try {
            this.dpus = (int) bridge.nrDpus().invokeExact(handle);
            this.ranks = (int) bridge.nrRanks().invokeExact(handle);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        Arena arena = Arena.ofAuto(); // freed with the backend
        this.transferBuffers = new MemorySegment[dpus];
        this.transferPointers = arena.allocate(ADDRESS, dpus);
        this.transferLengths = arena.allocate(JAVA_INT, dpus);
        this.activeMask = arena.allocate(JAVA_BYTE, dpus);
    }

    /** DPU d's transfer buffer, at least {@code bytes} long (grown by doubling; the old one goes to the GC). */
    private MemorySegment buffer(int d, int bytes) {
        MemorySegment b = transferBuffers[d];
        if (b == null || b.byteSize() < bytes) {
            long size = Math.max(bytes, b == null ? 4096 : 2 * b.byteSize());
            b = Arena.ofAuto().allocate(size, 8);
            transferBuffers[d] = b;
        }
        return b;
    }

    /** Allocates {@code dpus} simulated DPUs. */
    public static NativeDpuBackend allocate(int dpus) throws DpuException {
        BridgeBuilder.NativeLibrary library;
        try {
            library = BridgeBuilder.buildSimulator();
        } catch (IOException e) {
            throw new DpuException("cannot build the DPU bridge: " + e.getMessage());
        }
        return allocate(library.path(), dpus, null);
    }

    /**
     * Allocates {@code dpus} DPUs through the UPMEM SDK's libdpu; {@code PIMSQL_DPU_PROFILE} is passed to
     * {@code dpu_alloc} (e.g. {@code backend=simulator} for the SDK's functional simulator), docs/upmem.md.
     */
    public static NativeDpuBackend allocateUpmem(UpmemSdk sdk, int dpus) throws DpuException {
        BridgeBuilder.NativeLibrary library;
        try {
            library = BridgeBuilder.buildUpmem(sdk);
        } catch (IOException e) {
            throw new DpuException("cannot build the DPU bridge against the UPMEM SDK: " + e.getMessage());
        }
        return allocate(library.path(), dpus, System.getenv("PIMSQL_DPU_PROFILE"));
    }

    /** Allocates {@code dpus} DPUs through the bridge library at {@code library}; profile may be null or blank. */
    public static NativeDpuBackend allocate(Path library, int dpus, String profile) throws DpuException {
        Bridge bridge = bind(library);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment err = arena.allocate(ERROR_BUFFER);
            MemorySegment prof = profile == null || profile.isBlank() ? MemorySegment.NULL : arena.allocateFrom(profile);
            MemorySegment h = (MemorySegment) bridge.open().invokeExact(dpus, prof, err, (long) ERROR_BUFFER);
            if (h.equals(MemorySegment.NULL)) {
                throw new DpuException(err.getString(0) + fault(bridge));
            }
            return new NativeDpuBackend(bridge, h);
        } catch (DpuException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @SuppressWarnings("restricted") // binding a native library is what this class is for
    private static synchronized Bridge bind(Path library) {
        return LOADED.computeIfAbsent(library.toAbsolutePath(), path -> {
            // the library stays loaded for the JVM's life: the simulator keeps worker threads in it
            SymbolLookup lookup = SymbolLookup.libraryLookup(path, Arena.global());
            Linker linker = Linker.nativeLinker();
            java.util.function.BiFunction<String, FunctionDescriptor, MethodHandle> fn = (name, desc) ->
                    linker.downcallHandle(lookup.find(name).orElseThrow(
                            () -> new IllegalStateException(path + " has no symbol " + name)), desc);
            return new Bridge(
                    fn.apply("pimsql_bridge_open", FunctionDescriptor.of(ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG)),
                    fn.apply("pimsql_bridge_close", FunctionDescriptor.ofVoid(ADDRESS)),
                    fn.apply("pimsql_bridge_error", FunctionDescriptor.of(ADDRESS, ADDRESS)),
                    fn.apply("pimsql_bridge_nr_dpus", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
                    fn.apply("pimsql_bridge_nr_ranks", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
                    fn.apply("pimsql_bridge_load", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
                    fn.apply("pimsql_bridge_launch", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
                    fn.apply("pimsql_bridge_launch_dpus", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
                    fn.apply("pimsql_bridge_sync", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
                    fn.apply("pimsql_bridge_push",
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS)),
                    fn.apply("pimsql_bridge_pull",
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS)),
                    fn.apply("pimsql_bridge_copy_to",
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG)),
                    fn.apply("pimsql_bridge_copy_from",
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG)),
                    lookup.find("pimsim_last_fault").map(s -> linker.downcallHandle(s,
                            FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG))),
                    lookup.find("pimsim_get_system_stats").map(s -> linker.downcallHandle(s,
                            FunctionDescriptor.ofVoid(ADDRESS))));
        });
    }

    /**
     * The simulator's process-wide transfer counters ({@code pimsim_get_system_stats}): launches, transfer
     * calls, bytes to DPUs, bytes from DPUs, DMA operations, DMA bytes; empty on hardware or before any
     * bridge is loaded. Tests use them to check what a query copied from the DPUs.
     */
    @SuppressWarnings("restricted")
    public static synchronized Optional<long[]> simulatorSystemStats() {
        for (Path library : LOADED.keySet()) {
            SymbolLookup lookup = SymbolLookup.libraryLookup(library, Arena.global());
            Optional<MemorySegment> symbol = lookup.find("pimsim_get_system_stats");
            if (symbol.isEmpty()) {
                continue;
            }
            MethodHandle get = Linker.nativeLinker().downcallHandle(symbol.get(), FunctionDescriptor.ofVoid(ADDRESS));
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment stats = arena.allocate(JAVA_LONG, 6);
                get.invokeExact(stats);
                return Optional.of(stats.toArray(JAVA_LONG));
            } catch (Throwable t) {
                throw new IllegalStateException("pimsim_get_system_stats failed", t);
            }
        }
        return Optional.empty();
    }

    /** libpimsim's text for the last fault or host-API error, as ": text", or "" (hardware, or none). */
    private static String fault(Bridge bridge) {
        if (bridge.lastFault().isEmpty()) {
            return "";
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(ERROR_BUFFER);
            long n = (long) bridge.lastFault().get().invokeExact(buf, (long) ERROR_BUFFER);
            return n == 0 ? "" : ": " + buf.getString(0);
        } catch (Throwable t) {
            return "";
        }
    }

    @SuppressWarnings("restricted") // the bridge returns a pointer to its own NUL-terminated error buffer
    private DpuException failure() {
        String message;
        try {
            MemorySegment text = (MemorySegment) bridge.error().invokeExact(handle);
            message = text.reinterpret(ERROR_BUFFER).getString(0);
        } catch (Throwable t) {
            message = "the DPU bridge failed (" + t + ")";
        }
        return new DpuException(message + fault(bridge));
    }

    private static DpuException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new DpuException("DPU bridge call failed: " + t);
    }

    private void checkOpen() throws DpuException {
        if (handle == null) {
            throw new DpuException("the DPU set was freed");
        }
    }

    private void check(int status) throws DpuException {
        if (status != 0) {
            throw failure();
        }
    }

    @Override
    public int dpuCount() {
        return dpus;
    }

    @Override
    public int rankCount() {
        return ranks;
    }

    @Override
    public synchronized void load(Path program) throws DpuException {
        checkOpen();
        try (Arena arena = Arena.ofConfined()) {
            check((int) bridge.load().invokeExact(handle, arena.allocateFrom(program.toAbsolutePath().toString())));
        } catch (DpuException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static MemorySegment symbol(Arena arena, String symbol) {
        return symbol == null || symbol.isEmpty() ? MemorySegment.NULL : arena.allocateFrom(symbol);
    }

    @Override
    public synchronized void push(String symbol, long offset, byte[][] buffers) throws DpuException {
        checkOpen();
        requireDpuCount(buffers.length);
        try (Arena arena = Arena.ofConfined()) {
            for (int d = 0; d < dpus; d++) {
                byte[] b = buffers[d];
                int n = b == null ? 0 : b.length;
                MemorySegment data = MemorySegment.NULL;
                if (n > 0) {
                    data = buffer(d, n);
                    MemorySegment.copy(b, 0, data, JAVA_BYTE, 0, n);
                }
                transferPointers.setAtIndex(ADDRESS, d, data);
                transferLengths.setAtIndex(JAVA_INT, d, n);
            }
            check((int) bridge.push().invokeExact(handle, symbol(arena, symbol), Math.toIntExact(offset),
                    transferPointers, transferLengths));
        } catch (DpuException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public synchronized byte[][] pull(String symbol, long offset, int[] lengths) throws DpuException {
        checkOpen();
        requireDpuCount(lengths.length);
        try (Arena arena = Arena.ofConfined()) {
            for (int d = 0; d < dpus; d++) {
                transferPointers.setAtIndex(ADDRESS, d, lengths[d] == 0 ? MemorySegment.NULL : buffer(d, lengths[d]));
                transferLengths.setAtIndex(JAVA_INT, d, lengths[d]);
            }
            check((int) bridge.pull().invokeExact(handle, symbol(arena, symbol), Math.toIntExact(offset),
                    transferPointers, transferLengths));
            byte[][] out = new byte[dpus][];
            for (int d = 0; d < dpus; d++) {
                out[d] = new byte[lengths[d]];
                if (lengths[d] > 0) {
                    MemorySegment.copy(transferBuffers[d], JAVA_BYTE, 0, out[d], 0, lengths[d]);
                }
            }
            return out;
        } catch (DpuException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private void requireDpuCount(int n) {
        if (n != dpus) {
            throw new IllegalArgumentException("expected one buffer per DPU (" + dpus + "), got " + n);
        }
    }

    @Override
    public synchronized void launch() throws DpuException {
        checkOpen();
        try {
            check((int) bridge.launch().invokeExact(handle, 0));
        } catch (DpuException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public synchronized void launch(boolean[] active) throws DpuException {
        checkOpen();
        requireDpuCount(active.length);
        try {
            for (int d = 0; d < dpus; d++) {
                activeMask.set(JAVA_BYTE, d, (byte) (active[d] ? 1 : 0));
            }
            check((int) bridge.launchDpus().invokeExact(handle, activeMask));
        } catch (DpuException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public synchronized void launchAsync() throws DpuException {
        checkOpen();
        try {
            check((int) bridge.launch().invokeExact(handle, 1));
        } catch (DpuException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public synchronized void awaitCompletion() throws DpuException {
        checkOpen();
        try {
            check((int) bridge.sync().invokeExact(handle));
        } catch (DpuException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public synchronized void copyTo(int dpu, String symbol, long offset, byte[] data) throws DpuException {
        checkOpen();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(Math.max(1, data.length), 8);
            MemorySegment.copy(data, 0, src, JAVA_BYTE, 0, data.length);
            check((int) bridge.copyTo().invokeExact(handle, dpu, symbol(arena, symbol), Math.toIntExact(offset), src,
                    (long) data.length));
        } catch (DpuException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public synchronized byte[] copyFrom(int dpu, String symbol, long offset, int length) throws DpuException {
        checkOpen();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dst = arena.allocate(Math.max(1, length), 8);
            check((int) bridge.copyFrom().invokeExact(handle, dpu, symbol(arena, symbol), Math.toIntExact(offset), dst,
                    (long) length));
            return dst.asSlice(0, length).toArray(JAVA_BYTE);
        } catch (DpuException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** libpimsim's system counters: struct pimsim_system_stats is six uint64_t (pimsim.h). */
    @Override
    public Optional<SimulatorCounters> simulatorCounters() {
        if (bridge.systemStats().isEmpty()) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stats = arena.allocate(JAVA_LONG, 6);
            bridge.systemStats().get().invokeExact(stats);
            return Optional.of(new SimulatorCounters(stats.getAtIndex(JAVA_LONG, 0), stats.getAtIndex(JAVA_LONG, 1),
                    stats.getAtIndex(JAVA_LONG, 2), stats.getAtIndex(JAVA_LONG, 3), stats.getAtIndex(JAVA_LONG, 4),
                    stats.getAtIndex(JAVA_LONG, 5)));
        } catch (Throwable t) {
            return Optional.empty();
        }
    }

    /** Frees the DPUs (waiting for an asynchronous launch first). */
    @Override
    public synchronized void close() {
        if (handle != null) {
            try {
                bridge.close().invokeExact(handle);
            } catch (Throwable t) {
                throw new IllegalStateException("freeing the DPUs failed", t);
            } finally {
                handle = null;
            }
        }
    }
}
