package org.pimsql.host.cli;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import picocli.CommandLine;

/**
 * How the bench commands schedule their load-generator threads (the clients that submit calls and wait for them).
 *
 * <p>{@link #BATCH}, the default, runs them under Linux's {@code SCHED_BATCH} policy (sched(7); any thread may choose
 * it, no privilege needed): a batch thread that wakes up takes a free CPU, but does not preempt the thread running on
 * a busy one. Why: on a small machine the load generator shares the CPUs with the database it measures, and a client
 * woken by a completed call preempted the thread that completed it. For PimSQL that is the executor, the thread that
 * bounds throughput: during asynchronous TPC-C on 2 CPUs the clients preempted it about 750 times a second (a trace of
 * the scheduler's switches, docs/performance.md "Who blocks and who is preempted"), which cost 10-15% of the
 * throughput. {@code bench compare} applies the same policy to every system's clients; with embedded peers (H2,
 * HSQLDB) the client threads run those engines too, and their throughput did not change with it.
 *
 * <p>{@link #NORMAL} leaves the threads as the JVM made them (also what {@link #BATCH} does where the policy does not
 * exist).
 */
public enum ClientScheduling {
    BATCH,
    NORMAL;

    private static final int SCHED_BATCH = 3; // <sched.h> on Linux, every architecture

    /** Whether {@link #BATCH} takes effect on this system. */
    public static boolean batchAvailable() {
        return Native.SET_SCHEDULER != null;
    }

    /** How the clients really run, for reports: "SCHED_BATCH" or "normal". */
    public String describe() {
        return this == BATCH && batchAvailable() ? "SCHED_BATCH" : "normal";
    }

    /** Parses a command-line value: batch or normal, in any case. */
    public static ClientScheduling parse(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "batch" -> BATCH;
            case "normal" -> NORMAL;
            default -> throw new IllegalArgumentException("client scheduling must be batch or normal, not '" + text + "'");
        };
    }

    /** The commands' option converter ({@code --client-scheduling}). */
    public static final class Converter implements CommandLine.ITypeConverter<ClientScheduling> {
        @Override
        public ClientScheduling convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** Applies this policy to the calling thread; a refusal leaves it normal (the figures are then the normal ones). */
    public void applyToCurrentThread() {
        if (this != BATCH || Native.SET_SCHEDULER == null) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment param = arena.allocate(ValueLayout.JAVA_INT); // struct sched_param { int sched_priority = 0; }
            int ignored = (int) Native.SET_SCHEDULER.invokeExact(0, SCHED_BATCH, param); // pid 0: this thread
        } catch (Throwable t) {
            // not fatal: the client runs under the normal policy
        }
    }

    /** libc's sched_setscheduler, looked up once; null off Linux or without native access. */
    private static final class Native {
        static final MethodHandle SET_SCHEDULER = lookup();

        @SuppressWarnings("restricted") // libc's sched_setscheduler: Java has no API for a thread's policy
        private static MethodHandle lookup() {
            if (!System.getProperty("os.name", "").startsWith("Linux")) {
                return null;
            }
            try {
                Linker linker = Linker.nativeLinker();
                return linker.defaultLookup().find("sched_setscheduler").map(f -> linker.downcallHandle(f,
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                                ValueLayout.ADDRESS))).orElse(null);
            } catch (Throwable t) {
                return null;
            }
        }
    }
}
