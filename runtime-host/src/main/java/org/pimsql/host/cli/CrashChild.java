package org.pimsql.host.cli;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;

/**
 * The process {@link CrashHarness} kills: {@code CrashChild URL CUSTOMERS WINDOW SEED}. From one thread it submits
 * {@code DepositChecking(i mod CUSTOMERS, 0.01)} for i = 0, 1, 2, ... with WINDOW calls in flight, and prints
 * {@code A i sequence} for each call that returned, in order. Another thread runs {@code CHECKPOINT} over and
 * over and prints {@code K begin} / {@code K end} around each, so that kills land during checkpoints and log
 * retirement too. It runs until it is killed.
 */
public final class CrashChild {
    static final BigDecimal CENT = new BigDecimal("0.01");

    private CrashChild() {}

    public static void main(String[] args) throws Exception {
        String url = args[0];
        int customers = Integer.parseInt(args[1]);
        int window = Integer.parseInt(args[2]);
        var random = new SplittableRandom(Long.parseLong(args[3]));
        var out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        Connection calls = DriverManager.getConnection(url);
        Connection admin = DriverManager.getConnection(url);
        out.println("R ready");
        long pause = 10 + random.nextInt(120);
        Thread checkpoints = Thread.ofPlatform().daemon().start(() -> {
            try (Statement s = admin.createStatement()) {
                while (true) {
                    out.println("K begin");
                    s.execute("CHECKPOINT");
                    out.println("K end");
                    Thread.sleep(pause);
                }
            } catch (Exception e) {
                out.println("E checkpoint " + e);
            }
        });
        PimConnection pim = calls.unwrap(PimConnection.class);
        var inFlight = new ArrayDeque<CompletableFuture<CallOutcome.Success>>();
        long done = 0;
        for (long i = 0; ; i++) {
            inFlight.add(pim.callAsync("DepositChecking", i % customers, CENT));
            while (inFlight.size() >= window) {
                CallOutcome.Success s = inFlight.removeFirst().join();
                out.println("A " + done++ + " " + s.sequence());
            }
            if (!checkpoints.isAlive()) {
                return;
            }
        }
    }
}
