package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pimsql bench bank}: SmallBank (examples/bank) on simulated DPUs, run by {@link CallBenchmark}:
 * the standard mix over uniformly chosen customers, loaded in bulk.
 */
@Command(name = "bank", mixinStandardHelpOptions = true,
        description = {"SmallBank's mix (Amalgamate 15%%, Balance 15%%, DepositChecking 15%%, SendPayment 25%%, "
                + "TransactSavings 15%%, WriteCheck 15%%) with uniformly chosen customers; Amalgamate and SendPayment "
                + "name two customers and usually span two DPUs (exchange calls)."})
final class BenchBankCommand extends CallBenchmark {
    static final List<String> MIX = List.of("Amalgamate", "Balance", "DepositChecking", "SendPayment",
            "TransactSavings", "WriteCheck");
    /** Percent of calls per MIX entry (SmallBank's standard mix). */
    private static final int[] WEIGHTS = {15, 15, 15, 25, 15, 15};
    static final int CUSTOMERS_PER_PARTITION = 1_000;
    private static final int LOAD_CHUNK = 4_096;
    private static final BigDecimal DEPOSIT = new BigDecimal("1.30");
    private static final BigDecimal TRANSACT = new BigDecimal("20.20");
    private static final BigDecimal CHECK = new BigDecimal("5.00");

    @Option(names = "--customers", paramLabel = "K",
            description = "Customers to load (default " + CUSTOMERS_PER_PARTITION + " per DPU).")
    Integer customers;

    private long k;

    @Override
    protected String workload() {
        return "bank";
    }

    @Override
    protected String title() {
        return "SmallBank";
    }

    @Override
    protected String example() {
        return "bank";
    }

    @Override
    protected long rows() {
        k = customers != null ? customers : (long) CUSTOMERS_PER_PARTITION * dpus;
        if (k < 1) {
            throw badOption("--customers must be at least 1");
        }
        return k;
    }

    @Override
    protected void describe(PrintWriter out) {
        out.printf(Locale.ROOT, "SmallBank on %d simulated DPUs: %,d customers, %s, %s%n",
                dpus, k, clientsText(), timing());
        out.println("mix: Amalgamate 15%, Balance 15%, DepositChecking 15%, SendPayment 25%, TransactSavings 15%, "
                + "WriteCheck 15% (uniform customers; Amalgamate and SendPayment span two DPUs when their customers do)");
    }

    @Override
    protected List<String> procedures() {
        return MIX;
    }

    @Override
    protected CallStream calls(int client, long seed) {
        var random = new SplittableRandom(seed);
        return () -> {
            String procedure = pick(random);
            long custid = 1 + random.nextLong(k);
            long other = 1 + random.nextLong(k);
            Object[] args = switch (procedure) {
                case "Amalgamate" -> new Object[] {custid, other};
                case "Balance" -> new Object[] {custid, null};
                case "DepositChecking" -> new Object[] {custid, DEPOSIT};
                case "SendPayment" -> new Object[] {custid, other, CHECK};
                case "TransactSavings" -> new Object[] {custid, TRANSACT};
                default -> new Object[] {custid, CHECK};
            };
            return new Call(procedure, args);
        };
    }

    /** Bulk-loads customers 1..k (an account, 10,000.00 savings and 10,000.00 checking each) with a progress bar. */
    @Override
    protected void load(Connection c, PrintWriter out, PrintWriter err) throws SQLException {
        var balance = new BigDecimal("10000.00");
        long start = System.nanoTime();
        try (Progress progress = Progress.start(err, "loading customers", k, " customers");
             PreparedStatement accounts = c.prepareStatement("INSERT INTO accounts (custid, name) VALUES (?, ?)");
             PreparedStatement savings = c.prepareStatement("INSERT INTO savings (custid, bal) VALUES (?, ?)");
             PreparedStatement checking = c.prepareStatement("INSERT INTO checking (custid, bal) VALUES (?, ?)")) {
            for (long first = 1; first <= k; first += LOAD_CHUNK) {
                long last = Math.min(k, first + LOAD_CHUNK - 1);
                for (long id = first; id <= last; id++) {
                    accounts.setLong(1, id);
                    accounts.setString(2, "Customer " + id);
                    accounts.addBatch();
                    savings.setLong(1, id);
                    savings.setBigDecimal(2, balance);
                    savings.addBatch();
                    checking.setLong(1, id);
                    checking.setBigDecimal(2, balance);
                    checking.addBatch();
                }
                accounts.executeBatch();
                savings.executeBatch();
                checking.executeBatch();
                progress.stepTo(last);
            }
        }
        double loadSeconds = seconds(System.nanoTime() - start);
        out.printf(Locale.ROOT, "load: %,d rows in %.1f s (%,.0f rows/s)%n", 3 * k, loadSeconds, 3 * k / loadSeconds);
    }

    private static String pick(SplittableRandom random) {
        int r = random.nextInt(100);
        for (int i = 0; i < WEIGHTS.length; i++) {
            r -= WEIGHTS[i];
            if (r < 0) {
                return MIX.get(i);
            }
        }
        return MIX.getLast();
    }
}
