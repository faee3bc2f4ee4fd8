package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.PodRef;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntFunction;

/**
 * What a stretch of kept lines (one file's, or all of an input's) gives the facts ({@link ClusterFacts}), as a small value:
 * the facts are derived from the union of the stretches' projections ({@link #union}, {@link Correlator#derive}), never from
 * the lines one by one, so that a cluster's files can be projected where they are read and only the projections meet
 * (docs/fleet.md, step 2g). {@code Correlator.facts} projects all its lines as one stretch and derives from that: one
 * derivation, two ways in (ProjectionFactsTest).
 *
 * <p>Lines whose meaning the whole input decides are kept whole ({@link #specials}), with their place in the stretch: the
 * cleanup handler, scheduling and queueing lines (a cut scheduling line is completed from the next queueing line of its
 * stream, {@link CutSchedules}; a handler line pairs with the next scheduling line of its stream, {@link CleanupPairing},
 * which may be in the next file of a rotated set), the {@code Created pod} lines ({@link PodInstances}, {@link RunClocks},
 * {@link NodeLinker}), an excerpt's lines (times of day: {@link ElidedNames}), the lines the caller says to keep (a klog line
 * its file does not date takes its year from the whole input) and the lines of a Pod name exported with two UIDs or more
 * (which of its Pod objects a line is about depends on the line's place: {@link PodInstances#forLine}). A few per Pod. Of
 * the other lines only sets are kept: the namespaces they state ({@link NamespaceProjection}), each Pod they name as the line
 * names it with the first and last time it is named ({@link #spans}: a Pod's time on its node, {@code PodRecords.byHost}),
 * the first line naming each Workflow node ({@link #nodeNames}: {@link NodeLinker}'s suffix links; the linker picks among
 * the stretches' first lines by time, not by which stretch came first) and whether one is
 * a Pod informer event. The leader-election lines are kept whole besides ({@link #elections}, session 58): which runs led at
 * once ({@link ConcurrentRuns}) is read from them.
 *
 * @param lines     how many lines the stretch holds (the next stretch's places start there)
 * @param specials  the lines kept whole, with their places, in stretch order
 * @param others    the namespaces the other lines state
 * @param spans     each Pod the other lines name, as named (namespace stated or null, no UID), with its first and last time;
 *                  in no particular order
 * @param nodeNames the first line of the stretch naming each Workflow node (Workflow and node name) per controller run, with its
 *                  place, in stretch order; the union keeps each stretch's
 * @param informer  whether one of the other lines is a Pod informer event
 * @param edges     the names each of the other lines joins ({@link Grouping#edges}), each distinct list once; empty unless made with bindings
 * @param elections the stretch's leader-election lines, whole, with their places, in stretch order (session 58): which controller
 *                  runs could lead at once ({@link ConcurrentRuns}, from {@link HandOvers#of} of them) is read of every run's
 *                  election lines, wherever they stand; a few per run (an attempt, an acquisition, a holder named, a stop). Kept
 *                  apart from the specials, which completion and pairing read; an election line may be one of those too (a klog
 *                  line its file does not date)
 */
public record LineProjection(long lines, List<Special> specials, NamespaceProjection others, Map<PodKey, Span> spans,
                             List<Special> nodeNames, boolean informer, Set<List<String>> edges, List<Special> elections,
                             List<Records> records) {
    public LineProjection {
        specials = List.copyOf(specials);
        elections = List.copyOf(elections);
        records = List.copyOf(records);
        // a hash map: a look-up or merge per Pod costs no comparisons of names; the one reader that needs them in order
        // (Correlator.derive) sorts them once
        spans = Collections.unmodifiableMap(new HashMap<>(spans));
        nodeNames = List.copyOf(nodeNames);
        edges = Collections.unmodifiableSet(new java.util.LinkedHashSet<>(edges));
    }

    /** As above, without the runs' records (a projection made by hand in a test, or of no run's lines). */
    public LineProjection(long lines, List<Special> specials, NamespaceProjection others, Map<PodKey, Span> spans,
                          List<Special> nodeNames, boolean informer, Set<List<String>> edges, List<Special> elections) {
        this(lines, specials, others, spans, nodeNames, informer, edges, elections, List.of());
    }

    /**
     * One run's records in a stretch (session 61, {@link RunCopies}): its first record, with its place (placed as the specials are,
     * it says which run the stretch's lines are of once the stitch has placed them), and the key of each of its records
     * ({@link RunCopies#key}: passes, {@code Created pod} and cleanup lines, eight bytes each), in key order (a multiset).
     */
    public record Records(Special first, long[] keys) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Records r && java.util.Objects.equals(first, r.first) && java.util.Arrays.equals(keys, r.keys);
        }

        @Override
        public int hashCode() {
            return 31 * java.util.Objects.hashCode(first) + java.util.Arrays.hashCode(keys);
        }

        @Override
        public String toString() {
            return "Records[first=" + first + ", keys=" + keys.length + "]";
        }
    }

    /** Which runs are one run's lines given twice ({@link RunCopies}), from every stretch's records, each run's by its first record's run. */
    public RunCopies copies() {
        return copies(records, Special::line);
    }

    /** As {@link #copies()}, each stretch's first record placed by {@code place} (the line as the stitch places it). */
    static RunCopies copies(List<Records> records, java.util.function.Function<Special, LogEvent> place) {
        if (records.size() < 2) {
            return RunCopies.NONE;
        }
        Map<Integer, List<long[]>> parts = new TreeMap<>();
        for (Records r : records) {
            parts.computeIfAbsent(place.apply(r.first()).stream(), k -> new ArrayList<>()).add(r.keys());
        }
        Map<Integer, long[]> byRun = new TreeMap<>();
        parts.forEach((run, l) -> {
            int n = 0;
            for (long[] k : l) {
                n += k.length;
            }
            long[] all = new long[n];
            int at = 0;
            for (long[] k : l) {
                System.arraycopy(k, 0, all, at, k.length);
                at += k.length;
            }
            byRun.put(run, all);
        });
        return RunCopies.of(byRun);
    }

    /** A line kept whole and its place in the stretch (in the input, once the stretches are put together). */
    public record Special(long place, LogEvent line) {
    }

    /** The first and last time lines name a Pod (the earliest in input order among equal times). */
    public record Span(Timestamp first, Timestamp last) {
        Span with(Timestamp t) {
            if (t == null) {
                return this;
            }
            return new Span(first == null || t.compareTo(first) < 0 ? t : first, last == null || t.compareTo(last) > 0 ? t : last);
        }

        Span with(Span s) {
            return with(s.first).with(s.last);
        }
    }

    /**
     * The projection of a stretch of kept lines, as read (not completed: {@link Correlator#derive} completes the specials).
     *
     * @param recreated the Pod names whose lines are kept whole: {@link #recreated} of the exports
     * @param keep      further places to keep whole (a file's klog lines its records do not date), sorted
     * @param workflows whether the other lines' Workflow namespaces are wanted (only for a Workflow exported without one)
     */
    public static LineProjection of(List<LogEvent> lines, Set<String> recreated, int[] keep, boolean workflows) {
        return of(lines, recreated, keep, workflows, null);
    }

    /** As {@link #of(List, Set, int[], boolean)}, with the names each other line joins for the components ({@link #edges}) if {@code bindings}. */
    public static LineProjection of(List<LogEvent> lines, Set<String> recreated, int[] keep, boolean workflows, GroupBindings bindings) {
        List<Special> specials = new ArrayList<>();
        List<LogEvent> others = new ArrayList<>();
        // first and last time per Pod as named, updated in place (a Span per line would be three objects per line)
        Map<PodKey, Timestamp[]> times = new HashMap<>();
        Map<NodeKey, Special> nodes = new LinkedHashMap<>();
        List<Special> elections = new ArrayList<>();
        // per run (stream), its first record and its records' keys (RunCopies), in stream order of first record
        Map<Integer, Special> firstRecord = new LinkedHashMap<>();
        Map<Integer, long[]> recordKeys = new HashMap<>();
        Map<Integer, int[]> recordCount = new HashMap<>();
        boolean informer = false;
        int next = 0;
        for (int i = 0; i < lines.size(); i++) {
            LogEvent e = lines.get(i);
            ControllerEvent ev = e.event();
            boolean kept = next < keep.length && keep[next] == i;
            if (kept) {
                next++;
            }
            int place = i;
            if (ev instanceof LeaderElection) {
                elections.add(new Special(i, e));
            }
            if (RunCopies.record(e)) {
                int stream = e.stream();
                firstRecord.putIfAbsent(stream, new Special(i, e));
                int[] n = recordCount.computeIfAbsent(stream, k -> new int[1]);
                long[] k = recordKeys.computeIfAbsent(stream, x -> new long[16]);
                if (n[0] == k.length) {
                    k = java.util.Arrays.copyOf(k, k.length * 2);
                    recordKeys.put(stream, k);
                }
                k[n[0]++] = RunCopies.key(e);
            }
            // the first line per node and controller run: which run's line is first is the linker's to decide, by time
            ev.nodeName().ifPresent(name -> ev.workflow().ifPresent(w -> nodes.putIfAbsent(new NodeKey(w, name, e.stream()), new Special(place, e))));
            PodRef pod = ev.pod().orElse(null);
            if (kept || special(e) || pod != null && recreated.contains(pod.name())) {
                specials.add(new Special(i, e));
                continue;
            }
            others.add(e);
            informer |= ev instanceof PodInformerEvent;
            if (pod != null) {
                Timestamp t = e.time();
                Timestamp[] span = times.computeIfAbsent(asNamed(e, pod), k -> new Timestamp[2]);
                if (t != null && (span[0] == null || t.compareTo(span[0]) < 0)) {
                    span[0] = t;
                }
                if (t != null && (span[1] == null || t.compareTo(span[1]) > 0)) {
                    span[1] = t;
                }
            }
        }
        Map<PodKey, Span> spans = new HashMap<>();
        times.forEach((k, v) -> spans.put(k, new Span(v[0], v[1])));
        List<Records> records = new ArrayList<>(firstRecord.size());
        firstRecord.forEach((stream, first) -> {
            long[] keys = java.util.Arrays.copyOf(recordKeys.get(stream), recordCount.get(stream)[0]);
            java.util.Arrays.sort(keys); // a multiset: in key order, whatever the lines' order
            records.add(new Records(first, keys));
        });
        return new LineProjection(lines.size(), specials, NamespaceProjection.of(others, workflows), spans, List.copyOf(nodes.values()), informer,
                bindings == null ? Set.of() : Grouping.edges(others, bindings), elections, records);
    }

    /** The lines whose meaning the whole input decides, whatever their Pod: cleanup handler, scheduling, queueing, {@code Created pod}, an excerpt's. */
    static boolean special(LogEvent e) {
        ControllerEvent ev = e.event();
        return ev instanceof FinalizersOnDelete || ev instanceof PodCleanupScheduled || ev instanceof PodCleanupQueued || ev instanceof PodCreated
                || e.time() != null && e.time().undated();
    }

    /** The Pod as the line names it: its own namespace, the one its text states ({@link Correlator#statedNamespace}), or none. */
    static PodKey asNamed(LogEvent e, PodRef pod) {
        String ns = pod.namespace() != null ? pod.namespace() : Correlator.statedNamespace(e);
        return new PodKey(ns, pod.name());
    }

    /** The Pod names exported with two UIDs or more in one namespace: which of the Pods a line is about depends on where the line stands. */
    public static Set<String> recreated(ExportedObjects exported) {
        Map<PodKey, Set<String>> uids = new HashMap<>();
        for (PodSnapshot s : exported.pods()) {
            if (!s.uid().isEmpty()) {
                uids.computeIfAbsent(new PodKey(s.namespace(), s.name()), k -> new HashSet<>()).add(s.uid());
            }
        }
        Set<String> out = new TreeSet<>();
        uids.forEach((k, v) -> {
            if (v.size() > 1) {
                out.add(k.name());
            }
        });
        return out;
    }

    /**
     * The projection with its specials placed where the input holds them: {@code place} gives the line at a place of the
     * stretch as the stitch placed it (its run and ordinal across the rotated set, a klog line's year). The sets do not
     * depend on places.
     */
    public LineProjection placed(IntFunction<LogEvent> place) {
        // Two pieces of a file the stitch places in one run are that run's records: one entry, at its first record, as a
        // projection of the placed lines makes it.
        Map<Integer, Records> byRun = new LinkedHashMap<>();
        for (Records r : records) {
            LogEvent first = place.apply((int) r.first().place());
            byRun.merge(first.stream(), new Records(new Special(r.first().place(), first), r.keys()), (x, y) -> {
                long[] keys = java.util.Arrays.copyOf(x.keys(), x.keys().length + y.keys().length);
                System.arraycopy(y.keys(), 0, keys, x.keys().length, y.keys().length);
                java.util.Arrays.sort(keys);
                return new Records(x.first().place() <= y.first().place() ? x.first() : y.first(), keys);
            });
        }
        List<Records> placedRecords = new ArrayList<>(byRun.values());
        return new LineProjection(lines, placed(specials, place), others, spans, placed(nodeNames, place), informer, edges, placed(elections, place),
                placedRecords);
    }

    private static List<Special> placed(List<Special> in, IntFunction<LogEvent> place) {
        List<Special> out = new ArrayList<>(in.size());
        for (Special s : in) {
            out.add(new Special(s.place(), place.apply((int) s.place())));
        }
        return out;
    }

    /** The projections of consecutive stretches (an input's files in input order) as one: places after the stretches before. */
    public static LineProjection union(Collection<LineProjection> parts) {
        long lines = 0;
        List<Special> specials = new ArrayList<>();
        List<NamespaceProjection> namespaces = new ArrayList<>();
        Map<PodKey, Span> spans = new HashMap<>();
        List<Special> nodes = new ArrayList<>();
        List<Special> elections = new ArrayList<>();
        List<Records> records = new ArrayList<>();
        boolean informer = false;
        Set<List<String>> edges = new java.util.LinkedHashSet<>();
        for (LineProjection p : parts) {
            for (Special s : p.elections()) {
                elections.add(new Special(lines + s.place(), s.line()));
            }
            for (Records r : p.records()) {
                records.add(new Records(new Special(lines + r.first().place(), r.first().line()), r.keys()));
            }
            for (Special s : p.specials()) {
                specials.add(new Special(lines + s.place(), s.line()));
            }
            for (Special s : p.nodeNames()) {
                nodes.add(new Special(lines + s.place(), s.line()));
            }
            lines += p.lines();
            namespaces.add(p.others());
            p.spans().forEach((k, v) -> spans.merge(k, v, Span::with));
            informer |= p.informer();
            edges.addAll(p.edges());
        }
        return new LineProjection(lines, specials, NamespaceProjection.union(namespaces), spans, nodes, informer, edges, elections, records);
    }

    /**
     * What {@link PodSlices} reads of this projection, made small: the lines kept whole as skeletons (a cleanup handler,
     * scheduling, queueing or {@code Created pod} line without its text, a scheduling line keeping only its last
     * {@code key=value}, which tells whether it may be cut short: {@link CutSchedules}; any other line kept whole, an
     * excerpt's line included, as it is), the Workflows' namespaces, the line count, whether an informer event was seen and
     * the election lines as they are (every slice's {@link ConcurrentRuns}: {@link PodSlices#elections}). No spans, node lines
     * or edges: those are per Pod name ({@link #slice}) or read from the projection itself.
     */
    public LineProjection skeleton() {
        List<Special> out = new ArrayList<>(specials.size());
        for (Special s : specials) {
            out.add(new Special(s.place(), skeleton(s.line())));
        }
        // each run's first record as a skeleton too (only its run is read of it): the same line as the special at its place
        List<Records> thin = new ArrayList<>(records.size());
        for (Records r : records) {
            thin.add(new Records(new Special(r.first().place(), skeleton(r.first().line())), r.keys()));
        }
        return new LineProjection(lines, out, new NamespaceProjection(Map.of(), others.workflows()), Map.of(), List.of(), informer, Set.of(),
                elections, thin);
    }

    /**
     * The names joined by the lines kept whole whose names completion leaves as read (all but the cleanup handler lines, the
     * excerpts' lines and the scheduling lines whose Pod name a cut may have shortened: {@link PodSlices#edges} joins those,
     * completed), each distinct list once: made where the file is read, so that they travel with its {@link #edges} and the
     * task that makes what the slices share holds none of them.
     */
    public Set<List<String>> settledEdges(GroupBindings bindings) {
        List<LogEvent> settled = new ArrayList<>();
        for (Special s : specials) {
            if (PodSlices.settled(s.line())) {
                settled.add(s.line());
            }
        }
        return Grouping.edges(settled, bindings);
    }

    private static final dev.argoforensics.event.TextBlock NO_TEXT = dev.argoforensics.event.TextBlock.of("");

    /** A line kept whole as {@link #skeleton} holds it. */
    public static LogEvent skeleton(LogEvent e) {
        ControllerEvent ev = e.event();
        if (e.undated() || !(ev instanceof FinalizersOnDelete || ev instanceof PodCleanupScheduled || ev instanceof PodCleanupQueued
                || ev instanceof PodCreated)) {
            return e;
        }
        dev.argoforensics.event.TextBlock text = NO_TEXT;
        if (ev instanceof PodCleanupScheduled) {
            String t = e.text().stripTrailing();
            text = dev.argoforensics.event.TextBlock.of(" " + t.substring(t.lastIndexOf(' ') + 1));
        }
        return e.withText(text, 0);
    }

    /**
     * The part of this projection (a stretch of the cluster's lines starting at {@code offset}, placed) that slice
     * {@code slice} of the Pod names derives its facts from ({@link Correlator#deriveSlice}): the lines kept whole naming one
     * of its Pods (completed) and the handler lines paired with them, its Pods' spans and stated namespaces, and the lines
     * naming the Workflow nodes its Pod names can link to. Places and the line count are kept, so that the slices of a
     * cluster's files put together ({@link #union}) are the slice of their union.
     */
    public LineProjection slice(long offset, int slice, PodSlices cross) {
        List<Special> sp = new ArrayList<>();
        for (Special s : specials) {
            if (cross.sliceOfLine(offset + s.place(), s.line()) == slice) {
                sp.add(s);
            }
        }
        Map<PodKey, Span> sliceSpans = new HashMap<>();
        spans.forEach((k, v) -> {
            if (cross.sliceOf(k.name()) == slice) {
                sliceSpans.put(k, v);
            }
        });
        List<Special> nodes = new ArrayList<>();
        for (Special s : nodeNames) {
            if (cross.sliceOfNode(s.line()) == slice) {
                nodes.add(s);
            }
        }
        Map<String, Set<String>> pods = new TreeMap<>();
        others.pods().forEach((k, v) -> {
            if (cross.sliceOf(k) == slice) {
                pods.put(k, v);
            }
        });
        return new LineProjection(lines, sp, new NamespaceProjection(pods, Map.of()), sliceSpans, nodes, false, Set.of(), List.of());
    }

    /** A Workflow node as lines name it. */
    private record NodeKey(WorkflowRef workflow, String nodeName, int stream) {
    }
}
