package org.pimsql.tests.runtime;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.jdbc.PimConnection;

/**
 * The child JVM of {@link RecoveryTest}: {@code RecoveryClient URL SEED COUNT WINDOW}. Creates the
 * bank (with its test procedures) in a {@code file:} database and runs {@link RecoveryWorkload#ops}
 * from one thread, {@code WINDOW} calls in flight at a time (submitted without waiting, like a JDBC
 * batch, then awaited in order). For every call that returned it prints and flushes
 * {@code R <index> <sequence> OK} or {@code R <index> <sequence> ERROR <sqlstate>}. It is killed
 * with SIGKILL long before it runs out of calls.
 */
public final class RecoveryClient {
    private RecoveryClient() {}

    public static void main(String[] args) throws Exception {
        String url = args[0];
        long seed = Long.parseLong(args[1]);
        int count = Integer.parseInt(args[2]);
        int window = Integer.parseInt(args[3]);
        List<RecoveryWorkload.Op> ops = RecoveryWorkload.ops(seed, count);
        var out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
        try (Connection c = DriverManager.getConnection(url)) {
            RuntimeFixtures.createOnPimsql(c, "bank");
            Engine engine = c.unwrap(PimConnection.class).engine();
            out.println("READY");
            out.flush();
            for (int start = 0; start < ops.size(); start += window) {
                int end = Math.min(ops.size(), start + window);
                var futures = new ArrayList<CompletableFuture<CallOutcome>>(end - start);
                for (int i = start; i < end; i++) {
                    RecoveryWorkload.Op op = ops.get(i);
                    futures.add(op.table() != null ? engine.insert(op.table(), Arrays.asList(op.args()))
                            : engine.call(op.procedure(), Arrays.asList(op.args())));
                }
                for (int i = start; i < end; i++) {
                    CallOutcome outcome = futures.get(i - start).join();
                    out.println("R " + i + " " + outcome.sequence() + " " + switch (outcome) {
                        case CallOutcome.Success s -> "OK";
                        case CallOutcome.Failure f -> "ERROR " + f.sqlState();
                    });
                    out.flush();
                }
            }
            out.println("DONE");
            out.flush();
        }
    }
}
