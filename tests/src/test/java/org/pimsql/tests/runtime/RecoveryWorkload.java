package org.pimsql.tests.runtime;

import static org.pimsql.tests.runtime.RuntimeFixtures.cents;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The deterministic call stream of {@link RecoveryTest}: the same seed gives the same list in the
 * child JVM that runs it on PimSQL and in the test that replays a prefix of it on HSQLDB.
 *
 * <p>It starts with a bulk load of {@link #INITIAL_CUSTOMERS} customers (one row per loader call:
 * accounts, savings, checking), then mixes bank calls on known customers (DepositChecking,
 * MoveToSavings, WriteCheck, TransactSavings, SendPayment between two customers, some aborting with 45000: negative deposits,
 * insufficient funds, unknown customers), new customers (three more loader rows) and duplicate rows
 * (aborting with 23505). A call only names a customer whose three rows come earlier in the stream, so
 * any prefix of it is a consistent workload.
 */
final class RecoveryWorkload {
    static final int INITIAL_CUSTOMERS = 300;
    /** An upper bound of the customer ids the stream can create; ids at or above it are unknown. */
    static final int MAX_CUSTOMERS = 20_000;

    /** One call: a procedure of the bank, or a row for a table's loader ({@code table} non-null). */
    record Op(String table, String procedure, Object[] args) {
        @Override
        public String toString() {
            return (table != null ? "INSERT " + table : procedure) + Arrays.toString(args);
        }
    }

    private RecoveryWorkload() {}

    static List<Op> ops(long seed, int count) {
        var random = new SplittableRandom(seed);
        var ops = new ArrayList<Op>(count + 3);
        long customers = 0;
        while (ops.size() < count) {
            int kind = random.nextInt(100);
            if (customers < INITIAL_CUSTOMERS || (kind < 8 && customers < MAX_CUSTOMERS)) {
                long id = customers++;
                ops.add(new Op("accounts", null, new Object[] {id, "customer " + id}));
                ops.add(new Op("savings", null, new Object[] {id, cents(random.nextLong(0, 100_000))}));
                ops.add(new Op("checking", null, new Object[] {id, cents(random.nextLong(0, 100_000))}));
                continue;
            }
            if (kind < 10) { // a duplicate row of an existing customer: 23505
                long id = random.nextLong(customers);
                ops.add(switch (random.nextInt(3)) {
                    case 0 -> new Op("accounts", null, new Object[] {id, "duplicate " + id});
                    case 1 -> new Op("savings", null, new Object[] {id, cents(1)});
                    default -> new Op("checking", null, new Object[] {id, cents(2)});
                });
                continue;
            }
            // 3% unknown customers (45000)
            long id = random.nextInt(33) != 0 ? random.nextLong(customers)
                    : random.nextBoolean() ? -1 - random.nextInt(2) : MAX_CUSTOMERS + random.nextInt(3);
            if (kind < 35) {
                long amount = random.nextInt(20) == 0 ? -random.nextLong(1, 10_000) : random.nextLong(0, 50_000);
                ops.add(new Op(null, "DepositChecking", new Object[] {id, cents(amount)}));
            } else if (kind < 60) {
                ops.add(new Op(null, "MoveToSavings", new Object[] {id, cents(random.nextLong(-100_000, 100_000))}));
            } else if (kind < 80) {
                ops.add(new Op(null, "WriteCheck", new Object[] {id, cents(random.nextLong(0, 150_000))}));
            } else if (kind < 90) {
                ops.add(new Op(null, "TransactSavings", new Object[] {id, cents(random.nextLong(-150_000, 100_000))}));
            } else { // a multi-partition call when the two customers live on different DPUs
                ops.add(new Op(null, "SendPayment", new Object[] {id, random.nextLong(customers),
                        cents(random.nextLong(0, 50_000))}));
            }
        }
        return ops;
    }
}
