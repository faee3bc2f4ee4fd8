package dev.argoforensics.read;

import java.util.Locale;

/**
 * Where an analysis spends its time, for profiling: with {@code -Dargo.forensics.phases=true}
 * (e.g. through {@code JAVA_OPTS} with the launcher) each phase's wall time since the previous mark
 * goes to stderr. Off by default; nothing in a report depends on it.
 */
public final class PhaseTimes {
    private static final boolean ON = Boolean.getBoolean("argo.forensics.phases");
    private static final long START = System.nanoTime();
    private static long last = START;

    private PhaseTimes() {
    }

    public static synchronized void mark(String phase) {
        if (!ON) {
            return;
        }
        long now = System.nanoTime();
        System.err.printf(Locale.ROOT, "phase %-32s %8.3f s (at %.3f s)%n", phase, (now - last) / 1e9, (now - START) / 1e9);
        last = now;
    }
}
