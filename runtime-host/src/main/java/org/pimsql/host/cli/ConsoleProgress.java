package org.pimsql.host.cli;

import java.io.PrintWriter;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.pimsql.host.store.Progress;

/**
 * Progress bars (me.tongfei progressbar) for the database's long operations: replay on open, checkpoint,
 * verify, backup, restore, salvage. Drawn on the command's error stream, and only when a person watches
 * (a terminal, or {@code --progress}): scripts and tests read clean output.
 */
final class ConsoleProgress implements Progress {
    private final PrintWriter err;
    private ProgressBar bar;

    private ConsoleProgress(PrintWriter err) {
        this.err = err;
    }

    /** Bars on {@code err} when the console is a terminal or {@code forced}; otherwise no output at all. */
    static Progress on(PrintWriter err, boolean forced) {
        java.io.Console console = System.console();
        return forced || (console != null && console.isTerminal()) ? new ConsoleProgress(err) : Progress.NONE;
    }

    @Override
    public void begin(String task, long total, String unit) {
        end();
        var builder = new ProgressBarBuilder().setTaskName(task).setInitialMax(total > 0 ? total : -1)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250).showSpeed()
                .setConsumer(new DelegatingProgressBarConsumer(line -> {
                    err.print("\r" + line);
                    err.flush();
                }, 100));
        if (unit.equals("B")) {
            builder.setUnit(" MiB", 1 << 20);
        } else {
            builder.setUnit(" " + unit, 1);
        }
        bar = builder.build();
    }

    @Override
    public void step(long units) {
        if (bar != null) {
            bar.stepBy(units);
        }
    }

    @Override
    public void end() {
        if (bar != null) {
            bar.close();
            bar = null;
            err.println();
            err.flush();
        }
    }
}
