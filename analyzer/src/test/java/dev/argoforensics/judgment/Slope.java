package dev.argoforensics.judgment;

/**
 * The two knobs of the slope benchmark (issue #17, {@code analyzer/benchmarks/run-slope}): how many Pods of interest a
 * corpus has and how large its logs are, each set on its own. A corpus with knobs has the large scale's layout (six
 * controllers of the three release lines, eleven hours, forty nodes) without the misconfigured controller and the
 * controllers of AF012/AF013 (whose Pods of interest would not follow the knob) and the classes of #14 (a task result
 * that never completes keeps its Workflow requeued, a line a second to the end: megabytes that depend on when it
 * happened, not on the knobs); its incidents are planned as at large
 * scale until each controller has its share of the Workflows of interest, and when the incidents' time slots run out,
 * more healthy-controller incidents (user deletions, podGC, orphaning) are laid over the background at random times.
 * The background's arrival rate fills the logs up to the size asked for.
 *
 * <p>The size is reached from two figures measured on seed 1 (below): the log bytes an ordinary Workflow and a Workflow
 * of interest bring. The corpus says what it got ({@code corpus.json}); the benchmark plots what was measured, not what
 * was asked.
 *
 * @param interestPods the Workflows of interest to plan (about one Pod of interest each)
 * @param sizeMb       the log size to aim at, in MB (10^6 bytes)
 */
record Slope(int interestPods, int sizeMb) {
    /** Log bytes (on disk, gzip'd pieces compressed) an ordinary Workflow brings, over seed 1's mix of formats and envelopes. */
    static final double BACKGROUND_BYTES = 17_900;
    /** Log bytes a Workflow of interest brings with its incident (seed 1: 12.7 MB for 976 at 30 MB), its controller's reaction included. */
    static final double INTEREST_BYTES = 13_000;
    /** The controllers of a corpus with knobs. */
    static final int CONTROLLERS = 6;

    Slope {
        if (interestPods < 0 || sizeMb <= 0) {
            throw new IllegalArgumentException("--interest-pods must be >= 0 and --size-mb > 0, got " + interestPods + " and " + sizeMb);
        }
    }

    /** The Workflows of interest the controller at {@code index} (0-based) plans: an even share, the first ones one more. */
    int quota(int index) {
        return interestPods / CONTROLLERS + (index < interestPods % CONTROLLERS ? 1 : 0);
    }

    /**
     * The mean time between two ordinary Workflows on one controller, in nanoseconds: what fills the logs to the size
     * asked for over {@code span} nanoseconds, after the Workflows of interest took their part (never less than a
     * tenth of the size). {@code jitter} (about 1) varies it between controllers as the large scale does.
     */
    double backgroundMeanNanos(long span, double jitter) {
        double bytes = Math.max(sizeMb * 1e6 - interestPods * INTEREST_BYTES, sizeMb * 1e5);
        double perController = bytes / BACKGROUND_BYTES / CONTROLLERS;
        return span / perController * jitter;
    }
}
