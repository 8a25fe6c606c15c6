package org.pimsql.host.store;

/**
 * Progress of a long operation (replay on open, checkpoint, verify, backup, restore, salvage), for a progress
 * bar: the CLI draws one, everything else passes {@link #NONE}.
 */
public interface Progress {
    /** A task of {@code total} units ({@code unit} names them: "bytes", "calls") begins; total may be 0 (unknown). */
    void begin(String task, long total, String unit);

    void step(long units);

    void end();

    Progress NONE = new Progress() {
        @Override
        public void begin(String task, long total, String unit) {}

        @Override
        public void step(long units) {}

        @Override
        public void end() {}
    };

    /** The progress of the current thread's database opens ({@link #during}), NONE by default. */
    ThreadLocal<Progress> CURRENT = ThreadLocal.withInitial(() -> NONE);

    /** Runs {@code action} with {@code progress} reporting the database opens it makes on this thread. */
    static <T, E extends Exception> T during(Progress progress, Action<T, E> action) throws E {
        Progress before = CURRENT.get();
        CURRENT.set(progress);
        try {
            return action.run();
        } finally {
            CURRENT.set(before);
        }
    }

    interface Action<T, E extends Exception> {
        T run() throws E;
    }
}
