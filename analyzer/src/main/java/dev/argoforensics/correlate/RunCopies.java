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
 * its passes ({@code Processing workflow}), {@code Created pod} lines and cleanup lines, each as the same statement and values at
 * the same instant, whatever form the line took ({@link #says}; session 61 breaker: not the text, which a log store rebuilds).
 * Runs {@code a} and {@code b} are one run given twice where, over the seconds both hold records in, nine in ten of the records of
 * the one with fewer there (at least one) are the other's too, counted as multisets (a record written twice in one second by one run
 * counts twice on each side). Over the span both hold (session 61 breaker): two copies cut differently (a save from the start, the
 * log after rotation) each hold records the other lacks outside it. Not a record or two alike: two controllers at once reconciling
 * the same Workflows log the same statement within milliseconds, not at the same instant; where times are whole seconds (a log
 * store that keeps seconds) they could, and test fixtures share start-up lines. (Argo's own logrus format prints milliseconds,
 * {@code 2006-01-02T15:04:05.000Z}, from v2.12 on; slog prints three digits or nanoseconds.)
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
     * The record's key: the second it was written in, as its file states it ({@link #stated}), and a hash of what it says ({@link
     * #says}: its statement and values as parsed, FNV-1a over the chars) mixed with its fraction of a second, so that the projection
     * carries eight bytes per record, not the line. Two different records share a key only where they were written in the same
     * second and they say the same of the same object at the same millisecond, or their hashes collide (one in 2^24 per such pair).
     *
     * <p>Session 62 breaker (s62-b-once): the millisecond, not the nanosecond. A Datadog Logs API download of the run (the pipeline's
     * date remapper took the record's {@code time} into the event's {@code timestamp}, kept at milliseconds) beside {@code kubectl
     * logs} of the slog JSON log (nanoseconds) shared no key: two controllers at once. Two controllers reconciling one Workflow log
     * the same statement tens of milliseconds apart, not in the same millisecond.
     *
     * <p>Session 61 breaker (s61-b-once): what it says, not its text. One run's records reach the reader in more than one form: a
     * {@code kubectl logs} copy holds the controller's JSON record as written, a Logs Explorer download ({@code jsonPayload}) the
     * record Cloud Logging parsed, with its {@code time} moved to the entry's {@code timestamp}; fluent-bit's {@code log_processed}
     * and a log store's columns rebuild it too. Keyed by text, such a download given beside the log was another controller at once
     * (leader election off in both: a second lifetime of every Pod, each with one copy's lines).
     *
     * <p>Session 61 helper (s61-once), reconciled in session 62: the same key as read and as placed. The fleet projects each file as
     * read, before the stitch gives a klog line its file does not date the year of the whole input ({@link LineProjection#placed});
     * the whole input projects the placed lines. A record's time is taken as its file states it ({@link #stated}), which no
     * placement moves; a file's zone is its own (configured or measured from the file), applied as it is read, in either path.
     */
    static long key(LogEvent e) {
        java.time.Instant at = e.time().instant();
        String text = says(e.event());
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < text.length(); i++) {
            h ^= text.charAt(i);
            h *= 0x100000001b3L;
        }
        // The fraction at milliseconds (session 62 breaker): a log store keeps a record's time at milliseconds beside the controller's
        // nanoseconds (Datadog's and Elasticsearch's dates; Go's ".000" and the stores cut, never round), and every form of a record
        // this reads holds at least milliseconds but a whole-second store's (not told apart by this key).
        h ^= at.getNano() / 1_000_000;
        h *= 0x9E3779B97F4A7C15L;
        h ^= h >>> 29;
        // The second in the high bits (signed: years -15,000 to 19,000 hold, the undated excerpts' placeholder instants too), so that
        // a run's keys sorted are its records in time order by the second and the span two runs both hold is read from the keys.
        return (stated(e) << HASH_BITS) | (h & HASH_MASK);
    }

    /**
     * The second a record was written in, as its file states it: its instant's (its file's zone applied as it was read, in the fleet
     * as in the whole input), but for a klog line, whose prefix states month, day and time and no year ({@code I1008 14:00:01.000123}),
     * the second within the year its UTC date and time give (as {@code KlogYears} moves it): a klog line that no record of its file
     * dates takes the whole input's year in the stitch, after the fleet projected the file as read. No other placement moves a
     * line's time. Today no klog line is a record (the catalog reads no keys from klog text: such a pass is unrecognised), so this
     * keeps the key placement-invariant should one become one; a klog record would then be compared with klog records only (a
     * dated copy's seconds are the epoch's), and a klog run across New Year's Eve would have its seconds wrap there.
     */
    static long stated(LogEvent e) {
        java.time.Instant at = e.time().instant();
        if (e.format() != dev.argoforensics.line.RecordFormat.KLOG) {
            return at.getEpochSecond();
        }
        java.time.LocalDateTime wall = java.time.LocalDateTime.ofInstant(at, java.time.ZoneOffset.UTC);
        return ((wall.getMonthValue() - 1) * 31L + (wall.getDayOfMonth() - 1)) * 86_400L + wall.toLocalTime().toSecondOfDay();
    }

    /** The bits of a key that hash what the record says and its fraction of a second: one in 2^24 for two records in one second. */
    static final int HASH_BITS = 24;

    private static final long HASH_MASK = (1L << HASH_BITS) - 1;

    /** The second a key's record was written in ({@link #key}). */
    static long second(long key) {
        return key >> HASH_BITS;
    }

    /** How many of the sorted keys have their records in seconds {@code from} to {@code to}, both included. */
    private static int within(long[] sorted, long from, long to) {
        return lowerBound(sorted, (to + 1) << HASH_BITS) - lowerBound(sorted, from << HASH_BITS);
    }

    private static int lowerBound(long[] sorted, long k) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < k) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * What a record says, whatever form its line took (logrus or slog, text or JSON, rebuilt by a log store): the statement and the
     * values parsed from it, without what differs only in rendering (a delay's text, integer nanoseconds in JSON and a Go duration
     * in text; the PodGC struct's rendering).
     */
    static String says(ControllerEvent ev) {
        if (ev instanceof ControllerEvent.WorkflowProcessing p) {
            return "pass " + p.wf() + " " + p.phase() + " " + p.resourceVersion();
        }
        if (ev instanceof ControllerEvent.PodCreated c) {
            return "created " + c.wf() + " " + c.node() + " " + c.id() + " " + c.podRef();
        }
        if (ev instanceof ControllerEvent.PodCleanupScheduled s) {
            return "scheduled " + s.podRef() + " " + s.action() + " " + s.delayNanos();
        }
        if (ev instanceof ControllerEvent.PodCleanupQueued q) {
            return "queued " + q.podRef() + " " + q.action() + " " + q.timing() + " " + q.afterNanos() + " " + q.uid();
        }
        if (ev instanceof ControllerEvent.PodCleanupStarted s) {
            return "started " + s.podRef() + " " + s.action() + " " + s.key();
        }
        if (ev instanceof ControllerEvent.PodCleanupFailed f) {
            return "failed " + f.podRef() + " " + f.action() + " " + f.key() + " " + f.error();
        }
        return ev.getClass().getSimpleName() + " " + ev; // another cleanup statement: its parsed values
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
        // Over the seconds both runs hold records in (session 61 breaker: two copies cut differently, the reporter's earlier save from
        // the start and the log after rotation, each holding records the other lacks outside that span): nine in ten of the records
        // of the one with fewer there are the other's. A record shared is in both spans, so every shared record counts.
        Map<Integer, long[]> sorted = new HashMap<>();
        for (int r = 0; r < n; r++) {
            sorted.put(runs.get(r), keys.get(r));
        }
        List<Long> twice = new ArrayList<>();
        shared.forEach((p, s) -> {
            long[] ka = sorted.get((int) (p >>> 32));
            long[] kb = sorted.get((int) (p & 0xffffffffL));
            long from = Math.max(second(ka[0]), second(kb[0]));
            long to = Math.min(second(ka[ka.length - 1]), second(kb[kb.length - 1]));
            int fewer = Math.min(within(ka, from, to), within(kb, from, to));
            if (fewer > 0 && s * 10L >= 9L * fewer) {
                twice.add(p);
            }
        });
        Collections.sort(twice);
        return twice.isEmpty() ? NONE : new RunCopies(twice);
    }
}
