package dev.argoforensics.event;

import java.util.function.Supplier;

/**
 * A deterministic count of the work a piece of the analysis does on the kept lines: each read of a {@link LogEvent}'s
 * controller event, time or time comparison is one visit. Counting is off unless {@link #count} runs: then the reads made
 * on the calling thread while it runs are counted, and nothing else changes. Made for the linearity guard
 * ({@code RuleVisitsLinearTest}): a rule whose visits grow with the square of its input (every line of a Workflow walked
 * again for each of its lines, as AF006 did in session 39) shows it on two generated sizes without a clock, so the test
 * cannot pass or fail with the machine's load.
 *
 * <p>Off, a visit costs one read of a static field (no counting, no allocation), so the product pays nothing measurable.
 */
public final class Visits {
    /**
     * True while any thread counts. A plain field: the thread that counts set it itself before it began (so it sees it), and
     * another thread that reads it has no counter to count into.
     */
    private static boolean counting;
    private static int counters;
    private static final ThreadLocal<long[]> SLOT = new ThreadLocal<>();

    private Visits() {
    }

    /** One visit, counted when the calling thread is inside {@link #count}. */
    static void visit() {
        if (counting) {
            long[] slot = SLOT.get();
            if (slot != null) {
                slot[0]++;
            }
        }
    }

    /** What {@code work} returned and the visits it made on the calling thread. */
    public record Counted<T>(T value, long visits) {
    }

    /**
     * Runs {@code work} on the calling thread and counts its visits; work it hands to other threads is not counted (run the
     * analysis with one thread, {@code --threads 1}, to count all of it). Nested calls count into the innermost only.
     */
    public static <T> Counted<T> count(Supplier<T> work) {
        long[] outer = SLOT.get();
        long[] slot = new long[1];
        synchronized (Visits.class) {
            counters++;
            counting = true;
        }
        SLOT.set(slot);
        try {
            T value = work.get();
            return new Counted<>(value, slot[0]);
        } finally {
            SLOT.set(outer);
            synchronized (Visits.class) {
                counters--;
                counting = counters > 0;
            }
        }
    }
}
