package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Each controller run's clock against the objects' clock, derived once from every pair of facts the
 * two clocks both date: a Pod's {@code Created pod} line in that run and its exported
 * {@code creationTimestamp}, which the API server set as it admitted the create call (within
 * milliseconds of the line). Where every pair of a run is off by the same whole number of quarter
 * hours, the run's lines are local time of that zone written as UTC (logrus prints a literal
 * {@code Z}); pairs that disagree claim no zone. Times are not shifted: a Pod name reused under a
 * resubmitted Workflow pairs a line with another object, and only the owner's UID would tell. A Pod whose lines hold its name's
 * {@code Created pod} more than once gives no pair: its export may be any of those Pods or a later one (session 36).
 *
 * @param runs the runs with at least one pair, by stream ({@code LogEvent.stream()})
 */
public record RunClocks(Map<Integer, RunClock> runs) {

    /** An offset this close to a whole quarter hour is a zone's (the API server and the controller a few seconds apart), not a drift. */
    static final long ZONE_SLACK_NANOS = 120_000_000_000L;
    static final long QUARTER_HOUR_NANOS = 900_000_000_000L;

    public static final RunClocks NONE = new RunClocks(Map.of());

    public RunClocks {
        runs = Collections.unmodifiableMap(new TreeMap<>(runs));
    }

    /**
     * One pair: the run's line and the object's time for one Pod.
     *
     * @param pod      the Pod
     * @param created  the run's {@code Created pod} line
     * @param creation the exported Pod's {@code creationTimestamp}
     */
    public record Pair(PodKey pod, LogEvent created, Timestamp creation) {
        /** How far the objects' clock is ahead of the run's (objects minus run). */
        public long offsetNanos() {
            return created.time().nanosUntil(creation);
        }
    }

    /**
     * One run's pairs, earliest line first.
     *
     * @param stream the run ({@code LogEvent.stream()})
     * @param pairs  every pair, at least one
     */
    public record RunClock(int stream, List<Pair> pairs) {
        public RunClock {
            pairs = List.copyOf(pairs);
        }

        /** The median offset (objects minus run). */
        public long offsetNanos() {
            List<Long> sorted = new ArrayList<>(pairs.stream().map(Pair::offsetNanos).toList());
            Collections.sort(sorted);
            return sorted.get(sorted.size() / 2);
        }

        /** The largest offset minus the smallest. */
        public long spreadNanos() {
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (Pair p : pairs) {
                min = Math.min(min, p.offsetNanos());
                max = Math.max(max, p.offsetNanos());
            }
            return max - min;
        }

        /**
         * The zone offset (objects minus run, a whole number of quarter hours, possibly 0) that every pair
         * agrees on within the slack, null if they do not agree or the run's lines state their own zone.
         */
        public Long zoneNanos() {
            Long zone = null;
            for (Pair p : pairs) {
                ZoneBasis basis = p.created().time().zone();
                if (basis != ZoneBasis.LITERAL_Z && basis != ZoneBasis.ASSUMED_UTC) {
                    return null; // a stated or configured zone: an offset is a clock's drift, not a zone's
                }
                long o = p.offsetNanos();
                long rounded = Math.round((double) o / QUARTER_HOUR_NANOS) * QUARTER_HOUR_NANOS;
                if (Math.abs(o - rounded) > ZONE_SLACK_NANOS || (zone != null && zone != rounded)) {
                    return null;
                }
                zone = rounded;
            }
            return zone;
        }

        /**
         * How far the run's clock itself is off the objects' (objects minus run), the zone it printed its times in taken out:
         * a zone changes how the times are written, not the durations the controller computes from its clock (such as the
         * logged release delay, a deadline on the API server's clock minus the controller's now); a drift changes both.
         */
        public long driftNanos() {
            Long z = zoneNanos();
            return offsetNanos() - (z == null ? 0 : z);
        }

        /** A non-zero zone every pair agrees on: the run wrote local time as UTC. */
        public boolean localZone() {
            Long z = zoneNanos();
            return z != null && z != 0;
        }

        /** The zone the run's lines were written in, as {@code --log-tz} takes it ("+05:30"). */
        public String logTz() {
            Long z = zoneNanos();
            return z == null ? null : ZoneOffset.ofTotalSeconds((int) (-z / 1_000_000_000L)).getId().replace("Z", "+00:00");
        }

        /** "3 pairs (a Created pod line against the Pod's creationTimestamp), spread 0.2s", or one pair said to be weak. */
        public String pairing() {
            return pairs.size() == 1 ? "1 pair only (a Created pod line against the Pod's creationTimestamp; one pair is weak: another Pod's"
                    + " line and export would confirm it)" : pairs.size() + " pairs (a Created pod line against the Pod's creationTimestamp), spread "
                    + GoDuration.format(spreadNanos());
        }

    }

    /** The run's clock, null if no pair dates it. */
    public RunClock of(int stream) {
        return runs.get(stream);
    }

    /** The runs whose pairs agree on a non-zero zone, in stream order. */
    public List<RunClock> localZones() {
        return runs.values().stream().filter(RunClock::localZone).toList();
    }

    static RunClocks of(Collection<PodHistory> pods) {
        Map<PodKey, List<LogEvent>> events = new java.util.LinkedHashMap<>();
        Map<PodKey, List<PodSnapshot>> snapshots = new java.util.HashMap<>();
        for (PodHistory pod : pods) {
            events.put(pod.key(), pod.events());
            snapshots.put(pod.key(), pod.snapshots());
        }
        return of(events.keySet(), events, snapshots);
    }

    /**
     * The clocks of the whole input from those of slices of its Pods ({@link Correlator#deriveSlice}: each the pairs of its own
     * Pods): a run's pairs are its Pods' whatever the slice, earliest line first.
     */
    public static RunClocks merge(Collection<RunClocks> slices) {
        Map<Integer, List<Pair>> byStream = new TreeMap<>();
        for (RunClocks c : slices) {
            c.runs().forEach((stream, run) -> byStream.computeIfAbsent(stream, k -> new ArrayList<>()).addAll(run.pairs()));
        }
        Map<Integer, RunClock> runs = new TreeMap<>();
        byStream.forEach((stream, pairs) -> {
            pairs.sort((a, b) -> Long.compare(a.created().ordinal(), b.created().ordinal()));
            runs.put(stream, new RunClock(stream, pairs));
        });
        return new RunClocks(runs);
    }

    /** From every Pod of the input: its lines and its exports, by key; the Pods in {@code keys}' order. */
    static RunClocks of(Collection<PodKey> keys, Map<PodKey, List<LogEvent>> events, Map<PodKey, List<PodSnapshot>> snapshots) {
        Map<Integer, List<Pair>> byStream = new TreeMap<>();
        for (PodKey key : keys) {
            List<Timestamp> creations = snapshots.getOrDefault(key, List.of()).stream().map(PodSnapshot::creationTimestamp)
                    .filter(t -> t != null).distinct().toList();
            if (creations.size() != 1) {
                continue; // no export, or two objects of the name: no pair that is surely one Pod's
            }
            List<LogEvent> lines = events.getOrDefault(key, List.of()).stream().filter(e -> e.event() instanceof PodCreated).toList();
            if (lines.stream().map(e -> e.time().instant() + " " + e.text()).distinct().count() > 1) {
                // The name created more than once by the lines this Pod's export is keyed to (a Workflow submitted again under its
                // name, a node run again): the export is of one of them, or of a later Pod of the name whose line the log lacks
                // (argo retry after the log was taken), and no UID in a line tells which. Paired with the first line, a later
                // Pod's creation read as the controller's clock running that far behind (session 36). The same record read
                // twice (overlapping files) is one creation.
                continue;
            }
            List<Integer> seen = new ArrayList<>();
            for (LogEvent e : lines) {
                if (!seen.contains(e.stream())) {
                    seen.add(e.stream());
                    byStream.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(new Pair(key, e, creations.get(0)));
                }
            }
        }
        Map<Integer, RunClock> runs = new TreeMap<>();
        byStream.forEach((stream, pairs) -> {
            pairs.sort((a, b) -> Long.compare(a.created().ordinal(), b.created().ordinal()));
            runs.put(stream, new RunClock(stream, pairs));
        });
        return new RunClocks(runs);
    }
}
