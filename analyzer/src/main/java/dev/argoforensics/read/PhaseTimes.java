package dev.argoforensics.read;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Where an analysis spends its time, for profiling: with {@code -Dargo.forensics.phases=true}
 * (e.g. through {@code JAVA_OPTS} with the launcher) each phase's wall time since the previous mark
 * goes to stderr. With {@code -Dargo.forensics.phases=live} each mark also collects the whole heap
 * first and prints what is still reachable there: the live set at that point (a full collection at
 * every mark, so the run's own timings and peak memory are not the ordinary run's). Off by default;
 * nothing in a report depends on it.
 */
public final class PhaseTimes {
    private static final String MODE = System.getProperty("argo.forensics.phases", "false");
    private static final boolean ON = "true".equals(MODE) || "live".equals(MODE);
    private static final boolean LIVE = "live".equals(MODE);
    private static final long START = System.nanoTime();
    private static long last = START;

    private PhaseTimes() {
    }

    public static synchronized void mark(String phase) {
        if (!ON) {
            return;
        }
        long now = System.nanoTime();
        String live = "";
        if (LIVE) {
            System.gc();
            live = String.format(Locale.ROOT, "  live %5d MB", ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() >> 20);
        }
        System.err.printf(Locale.ROOT, "phase %-32s %8.3f s (at %.3f s)%s%n", phase, (now - last) / 1e9, (now - START) / 1e9, live);
        last = System.nanoTime();
    }
}
