package org.pimsql.host.engine;

/**
 * The {@code runtime=fake-bank} of JDBC tests: {@link BankFixture}'s compiler and Java DPUs behind the real
 * driver, sequencer and log. All databases of the test JVM share one fixture, so tests use distinct
 * account numbers or reset it.
 */
public final class FakeBankRuntime implements EngineRuntime {
    static final BankFixture FIXTURE = new BankFixture();

    @Override
    public String name() {
        return "fake-bank";
    }

    @Override
    public BackendFactory backends() {
        return new BackendFactory() {
            @Override
            public org.pimsql.host.backend.DpuBackend allocate(int dpus) {
                return FIXTURE.backend(dpus);
            }

            @Override
            public boolean allocatesFreshDpus() {
                return false; // every backend shares the fixture's balances
            }
        };
    }

    @Override
    public SchemaCompiler compiler() {
        return FIXTURE.compiler();
    }

    /** The balance of {@code account} on {@code dpu}, or null when it has none. */
    public static Long balance(int dpu, long account) {
        var accounts = FIXTURE.balances.get(dpu);
        return accounts == null ? null : accounts.get(account);
    }

    /**
     * Makes the compilation of the next script that says HOLD (a DDL barrier, so the sequencer waits) count
     * {@code entered} down and wait for {@code release}: calls submitted meanwhile stay queued.
     */
    public static void holdCompiles(java.util.concurrent.CountDownLatch entered,
                                    java.util.concurrent.CountDownLatch release) {
        FIXTURE.hold = new java.util.concurrent.CountDownLatch[] {entered, release};
    }

    public static void reset() {
        FIXTURE.hold = null;
        FIXTURE.balances.clear();
        FIXTURE.executedOrder.clear();
    }
}
