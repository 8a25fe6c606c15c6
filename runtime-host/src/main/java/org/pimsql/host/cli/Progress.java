package org.pimsql.host.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * The command line's one progress display, a me.tongfei progress bar: loads count rows, timed runs count
 * seconds, and an extra message carries live figures (calls/s, tpmC). On a terminal the bar is redrawn in
 * place twice a second; when standard error is not a terminal (piped, redirected, captured by a test) it
 * prints a whole line every {@value #PIPED_INTERVAL_MILLIS} ms and a last one when closed, so a log never
 * collects carriage returns. Only {@link PimsqlMain#main} can find a terminal: everything else (tests that
 * run the command line in-process) gets lines.
 */
public final class Progress implements AutoCloseable {
    static final int PIPED_INTERVAL_MILLIS = 10_000;
    private static final int PIPED_WIDTH = 120;
    private static volatile boolean terminal;

    private final ProgressBar bar;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    /** Called by the launcher: whether standard error is a terminal ({@code isatty(2)}). */
    static void detectTerminal() {
        terminal = stderrIsTerminal();
    }

    @SuppressWarnings("restricted") // libc's isatty, the one portable answer to "is fd 2 a terminal"
    private static boolean stderrIsTerminal() {
        try {
            Linker linker = Linker.nativeLinker();
            MethodHandle isatty = linker.downcallHandle(linker.defaultLookup().find("isatty").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
            return (int) isatty.invokeExact(2) == 1;
        } catch (Throwable t) {
            return false; // no native access or no isatty: lines are always safe
        }
    }

    /** A bar for {@code task}, {@code max} {@code unit}s in all, with their rate, on {@code err}. */
    public static Progress start(PrintWriter err, String task, long max, String unit) {
        return start(err, new ProgressBarBuilder().setTaskName(task).setInitialMax(max).setUnit(unit, 1).showSpeed());
    }

    /** A bar for {@code task} that runs {@code seconds} seconds (its figures go in {@link #message}). */
    public static Progress timed(PrintWriter err, String task, long seconds) {
        return start(err, new ProgressBarBuilder().setTaskName(task).setInitialMax(seconds).setUnit(" s", 1).hideEta());
    }

    private static Progress start(PrintWriter err, ProgressBarBuilder builder) {
        builder.setStyle(ProgressBarStyle.ASCII);
        err.flush();
        if (terminal) {
            builder.setConsumer(new ConsoleProgressBarConsumer(System.err)).setUpdateIntervalMillis(500);
        } else {
            builder.setConsumer(new DelegatingProgressBarConsumer(new Lines(err), PIPED_WIDTH))
                    .setUpdateIntervalMillis(PIPED_INTERVAL_MILLIS);
        }
        return new Progress(builder.build());
    }

    /** Whole lines for a log: the bar's state when it changed since the last line (closing draws it twice). */
    private static final class Lines implements java.util.function.Consumer<String> {
        private final PrintWriter err;
        private String last;

        Lines(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void accept(String rendered) {
            String line = rendered.stripTrailing();
            synchronized (err) {
                if (!line.equals(last)) {
                    err.println(line);
                    err.flush();
                    last = line;
                }
            }
        }
    }

    /** {@link #start(PrintWriter, String, long, String)} on a stream. */
    public static Progress start(PrintStream err, String task, long max, String unit) {
        return start(writer(err), task, max, unit);
    }

    /** {@link #timed(PrintWriter, String, long)} on a stream. */
    public static Progress timed(PrintStream err, String task, long seconds) {
        return timed(writer(err), task, seconds);
    }

    private static PrintWriter writer(PrintStream err) {
        return new PrintWriter(new java.io.OutputStreamWriter(err, StandardCharsets.UTF_8), true);
    }

    public Progress stepTo(long done) {
        bar.stepTo(done);
        return this;
    }

    public Progress stepBy(long n) {
        bar.stepBy(n);
        return this;
    }

    /** Corrects the total when it was an estimate. */
    public Progress maxHint(long max) {
        bar.maxHint(max);
        return this;
    }

    /** Live figures shown after the bar. */
    public Progress message(String text) {
        bar.setExtraMessage(" " + text);
        return this;
    }

    /** Draws the final state (a last line when not on a terminal). */
    @Override
    public void close() {
        bar.close();
    }
}
