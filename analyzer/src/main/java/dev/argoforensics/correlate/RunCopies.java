package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * Which controller runs are one run's log given twice (session 61): two copies of one incident's log, two collectors of one
 * container, an excerpt (a grep) given beside the whole log, the same log in two formats. Two such runs are one controller, never
 * two at once ({@link ConcurrentRuns}).
 *
 * <p>Derived once per input, from every line read, before any slicing or grouping ({@link LineProjection#records}, put together by
 * {@link LineProjection#union}): the records each run wrote that every reading of a run holds and no two controllers write alike,
 * its passes ({@code Processing workflow}), {@code Created pod} lines and cleanup lines, each as the same text (the time as written
 * included) at the same time ({@link #key}).
 * Runs {@code a} and {@code b} are one run given twice where nine in ten of the records of the one with fewer (at least one) are
 * the other's too, counted as multisets (a record written twice in one second by one run counts twice on each side). Not a record
 * or two alike: two clusters' controllers running the same Workflows (one GitOps source) log the same pass text in the same second
 * where times are whole seconds (v3's logrus text), and test fixtures share start-up lines.
 *
 * <p>Until session 61 this was read four ways: from the lines kept whole of the whole table or of one slice of Pod names (no passes),
 * from a group's lines (its own Workflows' passes only), and not at all by the rules ({@code ConcurrentRuns.of(Correlation)}), so
 * that an excerpt of passes given beside its whole log was another controller at once to the rules and one run given twice to a
 * Pod's lifecycle ({@code OneRunGivenTwiceTest}).
 *
 * @param pairs the pairs of runs (stream numbers, {@link #pair}) given twice, ascending
 */
public record RunCopies(List<Long> pairs) {
    /** No two runs given twice (one run, or none; tests that build a correlation by hand). */
    public static final RunCopies NONE = new RunCopies(List.of());

    public RunCopies {
        pairs = List.copyOf(pairs);
    }

    /** Whether runs {@code a} and {@code b} (stream numbers) are one run's lines given twice. */
    public boolean givenTwice(int a, int b) {
        return a != b && !pairs.isEmpty() && Collections.binarySearch(pairs, pair(a, b)) >= 0;
    }

    static long pair(int a, int b) {
        return ((long) Math.min(a, b) << 32) | Math.max(a, b);
    }

    /** Whether the line is one of the records a run's copies are compared by (see the class comment). */
    static boolean record(LogEvent e) {
        ControllerEvent ev = e.event();
        return e.time() != null && e.text() != null && (ev instanceof ControllerEvent.WorkflowProcessing || ev instanceof ControllerEvent.PodCreated
                || ev instanceof ControllerEvent.Cleanup);
    }

    /**
     * The record's key: a 64-bit hash (FNV-1a over the chars) of its text, which holds the time the controller wrote (logrus's and
     * slog's {@code time=}, klog's prefix), mixed with its time within its quarter hour (second and nano), so that the projection
     * carries eight bytes per record, not the line. Not the instant itself: where a file is read apart from the others (the fleet's
     * files, {@link LineProjection#placed}) the stitch may yet move its times by whole days (a klog year) or by its zone (whole
     * quarter hours), and a record's key must be the same as read and as placed. Two different records share a key only where
     * their times agree within the quarter hour and their texts' hashes collide (one in 2^64 per such pair).
     */
    static long key(LogEvent e) {
        String text = e.text();
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < text.length(); i++) {
            h ^= text.charAt(i);
            h *= 0x100000001b3L;
        }
        java.time.Instant at = e.time().instant();
        h ^= Math.floorMod(at.getEpochSecond(), 900L) * 1_000_000_000L + at.getNano();
        h *= 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }

    /** The copies among the runs whose records' keys are these, per run (stream number; any order of keys). */
    static RunCopies of(Map<Integer, long[]> byRun) {
        List<Integer> runs = new ArrayList<>();
        List<long[]> keys = new ArrayList<>();
        new TreeMap<>(byRun).forEach((run, k) -> {
            if (k.length > 0) {
                long[] sorted = k.clone();
                Arrays.sort(sorted);
                runs.add(run);
                keys.add(sorted);
            }
        });
        if (runs.size() < 2) {
            return NONE;
        }
        // A merge of the runs' sorted keys: per key, how many times each run wrote it; per pair of runs, the records they share.
        int n = runs.size();
        int[] at = new int[n];
        PriorityQueue<Integer> next = new PriorityQueue<>((x, y) -> Long.compare(keys.get(x)[at[x]], keys.get(y)[at[y]]));
        for (int r = 0; r < n; r++) {
            next.add(r);
        }
        Map<Long, Long> shared = new HashMap<>();
        int[] times = new int[n];
        List<Integer> writers = new ArrayList<>();
        while (!next.isEmpty()) {
            long k = keys.get(next.peek())[at[next.peek()]];
            writers.clear();
            while (!next.isEmpty() && keys.get(next.peek())[at[next.peek()]] == k) {
                int r = next.poll();
                int c = 0;
                while (at[r] < keys.get(r).length && keys.get(r)[at[r]] == k) {
                    at[r]++;
                    c++;
                }
                times[r] = c;
                writers.add(r);
                if (at[r] < keys.get(r).length) {
                    next.add(r);
                }
            }
            for (int i = 0; i < writers.size(); i++) {
                for (int j = i + 1; j < writers.size(); j++) {
                    int a = writers.get(i);
                    int b = writers.get(j);
                    shared.merge(pair(runs.get(a), runs.get(b)), (long) Math.min(times[a], times[b]), Long::sum);
                }
            }
        }
        Map<Integer, Integer> count = new HashMap<>();
        for (int r = 0; r < n; r++) {
            count.put(runs.get(r), keys.get(r).length);
        }
        List<Long> twice = new ArrayList<>();
        shared.forEach((p, s) -> {
            int fewer = Math.min(count.get((int) (p >>> 32)), count.get((int) (p & 0xffffffffL)));
            if (s * 10L >= 9L * fewer) {
                twice.add(p);
            }
        });
        Collections.sort(twice);
        return twice.isEmpty() ? NONE : new RunCopies(twice);
    }
}
