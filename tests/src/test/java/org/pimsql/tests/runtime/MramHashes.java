package org.pimsql.tests.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.pimsql.host.backend.BridgeBuilder;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.jdbc.PimConnection;

/**
 * Hashes of every DPU's used MRAM, and a child-JVM entry point that opens a {@code file:} database
 * (replaying its command log) and prints them.
 *
 * <p>Used MRAM: the heap from offset 0 (database header, input, output and undo areas) up to the
 * database header's bump pointer ({@code pim_db_t.bump}, the end of everything the DPU allocated:
 * rows, hash buckets, B+tree nodes, free lists).
 */
public final class MramHashes {
    private static final int CHUNK = 1 << 20;

    private MramHashes() {}

    /** One SHA-256 per DPU, in DPU order, each prefixed with the hashed length. */
    static List<String> of(Engine engine) throws Exception {
        var hashes = new ArrayList<String>();
        for (int dpu = 0; dpu < engine.placement().dpuCount(); dpu++) {
            byte[] header = engine.readMram(dpu, 0, 16);
            ByteBuffer b = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
            long bump = Integer.toUnsignedLong(b.getInt(8));
            long length = (bump + 7) & ~7L;
            if (length < 16 || length > (64L << 20)) throw new IllegalStateException("DPU " + dpu + ": bump " + bump);
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (long off = 0; off < length; off += CHUNK) {
                sha.update(engine.readMram(dpu, off, (int) Math.min(CHUNK, length - off)));
            }
            hashes.add(length + ":" + HexFormat.of().formatHex(sha.digest()));
        }
        return hashes;
    }

    /** The simulator's host worker thread count ({@code pimsim_get_threads}), from the loaded bridge library. */
    static long simulatorThreads() throws Throwable {
        var library = BridgeBuilder.buildSimulator();
        var symbol = SymbolLookup.libraryLookup(library.path(), Arena.global()).find("pimsim_get_threads").orElseThrow();
        var handle = Linker.nativeLinker().downcallHandle(symbol, FunctionDescriptor.of(ValueLayout.JAVA_INT));
        return Integer.toUnsignedLong((int) handle.invokeExact());
    }

    /** {@code java ... MramHashes URL}: opens the database and prints "threads N" and one "dpu I HASH" line per DPU. */
    public static void main(String[] args) throws Throwable {
        try (Connection c = DriverManager.getConnection(args[0])) {
            Engine engine = c.unwrap(PimConnection.class).engine();
            List<String> hashes = of(engine);
            System.out.println("threads " + simulatorThreads());
            for (int i = 0; i < hashes.size(); i++) System.out.println("dpu " + i + " " + hashes.get(i));
        }
    }
}
