package dev.argoforensics.cli;

import dev.argoforensics.read.Progress;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on stderr (bytes read, MB/s, lines/s, ETA) for inputs large enough to take more
 * than a moment, drawn only when stderr is a terminal; on a pipe, in a file or with {@code --quiet}
 * there is none.
 */
final class ProgressBarReporter implements Progress {
    /** Inputs smaller than this are read in about a second: no bar. */
    static final long MIN_BYTES = 64L * 1024 * 1024;

    private final PrintStream err;
    private final boolean ascii;
    private final AtomicLong lines = new AtomicLong();
    private ProgressBar bar;
    private long phaseStart;

    private ProgressBarReporter(PrintStream err, boolean ascii) {
        this.err = err;
        this.ascii = ascii;
    }

    /** The reporter for this process: a bar if stderr is an interactive terminal, else none. */
    static Progress forStderr(boolean quiet, Map<String, String> env) {
        if (quiet || "dumb".equals(env.get("TERM")) || !stderrIsTerminal()) {
            return Progress.NONE;
        }
        String noColor = env.get("NO_COLOR");
        return new ProgressBarReporter(System.err, noColor != null && !noColor.isEmpty());
    }

    /** Linux tells through /proc which device stderr is; elsewhere, an interactive console stands in for it. */
    private static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return System.console() != null;
        }
    }

    @Override
    public synchronized void phase(String name, long totalBytes) {
        close();
        if (totalBytes < MIN_BYTES) {
            return;
        }
        lines.set(0);
        phaseStart = System.nanoTime();
        bar = new ProgressBarBuilder()
                .setTaskName(name)
                .setInitialMax(totalBytes)
                .setUnit(" MB", 1024 * 1024)
                .showSpeed()
                .setStyle(ascii ? ProgressBarStyle.ASCII : ProgressBarStyle.UNICODE_BLOCK)
                .setUpdateIntervalMillis(250)
                .continuousUpdate()
                .setConsumer(new ConsoleProgressBarConsumer(err))
                .clearDisplayOnFinish()
                .build();
    }

    @Override
    public void advance(long bytes, long lineCount) {
        ProgressBar b;
        synchronized (this) {
            b = bar;
        }
        if (b == null) {
            return;
        }
        if (bytes != 0) {
            b.stepBy(bytes);
        }
        if (lineCount != 0) {
            long total = lines.addAndGet(lineCount);
            double seconds = Math.max(1e-3, (System.nanoTime() - phaseStart) / 1e9);
            b.setExtraMessage(String.format(Locale.ROOT, " %,.0f lines/s", total / seconds));
        }
    }

    @Override
    public synchronized void done() {
        close();
    }

    private void close() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
