package dev.argoforensics.correlate;

import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.event.LogCoverage;
import dev.argoforensics.event.LogCoverage.CountedLine;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ExportedObjects;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A cluster's Pod names cut into slices, so that its facts are derived per slice ({@link Correlator#deriveSlice}) and no task
 * holds every Pod's lines (docs/fleet.md, step 2i). What the slices share is made here once, from the skeletons of the lines
 * kept whole ({@link LineProjection#skeleton}: each line without its text, which no pairing reads), taken as they arrive
 * ({@link Builder}: a file at a time, in input order) and let go: the cut scheduling lines completed and the excerpts' nameless
 * lines named ({@link CutSchedules}, {@link ElidedNames}), the cleanup handler lines paired per stream (as
 * {@link CleanupPairing}: a handler line names no Pod, its pair decides its slice), the handler lines left out, the exports
 * with each Workflow exported without a namespace placed, the evidence available, and the names joined by the few lines kept
 * whole whose names completion decides (the others' travel with their files' edges, {@link LineProjection#settledEdges}).
 * What is kept is a few numbers per deleted Pod: the pairs and places in primitive arrays, the completed events of the lines
 * completion changed. The rest of the facts is per Pod name: its namespaces, its Pod objects, its lines kept whole, its span,
 * its link (a Pod's name links it to the Workflow nodes whose name hash ends it, so a slice is chosen by the name's last
 * {@code -} segment: the nodes a name can link to go with it, {@link NodeLinker}), its exports and records.
 *
 * <p>Places are those of the cluster's lines as read ({@link LineProjection#union} of its files', placed).
 */
public final class PodSlices {
    private final int slices;
    private final ExportedObjects objects;
    private final Set<EvidenceKind> available;
    /** The places of the lines completion changed, sorted, and their events as completed. */
    private final long[] completedPlaces;
    private final List<ControllerEvent> completedEvents;
    /** Each paired scheduling or queueing line's place, sorted; its handler line's place; the slice of its Pod (-1: none). */
    private final long[] pairPlaces;
    private final long[] pairHandlers;
    private final int[] pairSlices;
    /** Each paired handler line's place, sorted, and its pair's index in {@link #pairPlaces}. */
    private final long[] handlerPlaces;
    private final int[] handlerPairs;
    /** The places of the handler lines left out (their scheduling line was only counted), sorted. */
    private final long[] dropped;
    /** The places of the lines kept whole that name no Pod and pair with none (no slice holds them), sorted. */
    private final long[] nameless;
    /** The names joined by the lines kept whole whose names completion decides ({@link LineProjection#settledEdges}: the others'). */
    private final Set<List<String>> edges;
    /** The Workflow names stated or exported in two or more namespaces, with them ({@link Correlator#sharedWorkflowNames}). */
    private final Map<String, Set<String>> sharedWorkflows;
    /** The cluster's leader-election lines, placed, in input order ({@link LineProjection#elections}): every slice's {@link ConcurrentRuns}. */
    private final List<LogEvent> elections;
    /** Which runs are one run's lines given twice, from every file's records ({@link LineProjection#records}): every slice's {@link ConcurrentRuns}. */
    private final RunCopies copies;

    /**
     * What the slices share as a value (the fleet broadcasts it): every array as {@link PodSlices} holds it.
     *
     * @param completedPlaces the places of the lines completion changed, sorted; {@code completedEvents} their events
     * @param pairPlaces      each paired scheduling or queueing line's place, sorted, with its handler line's place and its slice
     * @param sharedWorkflows the Workflow names stated or exported in two or more namespaces, with them
     * @param elections       the cluster's leader-election lines, placed, in input order
     * @param copies          which runs are one run's lines given twice ({@link RunCopies}, session 61), from the whole input's records
     */
    public record Form(int slices, ExportedObjects objects, Set<EvidenceKind> available, long[] completedPlaces, List<ControllerEvent> completedEvents,
                       long[] pairPlaces, long[] pairHandlers, int[] pairSlices, long[] dropped, long[] nameless, List<List<String>> edges,
                       Map<String, Set<String>> sharedWorkflows, List<LogEvent> elections, RunCopies copies) {
    }

    private PodSlices(Form f) {
        if (f.slices() < 1) {
            throw new IllegalArgumentException("at least one slice: " + f.slices());
        }
        if (f.completedPlaces().length != f.completedEvents().size() || f.pairPlaces().length != f.pairHandlers().length
                || f.pairPlaces().length != f.pairSlices().length) {
            throw new IllegalArgumentException("the arrays of what the slices share differ in length");
        }
        this.slices = f.slices();
        this.objects = f.objects();
        this.available = Set.copyOf(f.available());
        this.completedPlaces = f.completedPlaces().clone();
        this.completedEvents = List.copyOf(f.completedEvents());
        this.pairPlaces = f.pairPlaces().clone();
        this.pairHandlers = f.pairHandlers().clone();
        this.pairSlices = f.pairSlices().clone();
        this.dropped = f.dropped().clone();
        this.nameless = f.nameless().clone();
        this.edges = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(f.edges()));
        Map<String, Set<String>> shared = new TreeMap<>();
        f.sharedWorkflows().forEach((name, namespaces) -> shared.put(name, java.util.Collections.unmodifiableSet(new TreeSet<>(namespaces))));
        this.sharedWorkflows = java.util.Collections.unmodifiableMap(shared);
        this.elections = List.copyOf(f.elections());
        this.copies = f.copies() == null ? RunCopies.NONE : f.copies();
        Integer[] byHandler = new Integer[pairHandlers.length];
        for (int i = 0; i < byHandler.length; i++) {
            byHandler[i] = i;
        }
        Arrays.sort(byHandler, Comparator.comparingLong(i -> pairHandlers[i]));
        this.handlerPlaces = new long[byHandler.length];
        this.handlerPairs = new int[byHandler.length];
        for (int i = 0; i < byHandler.length; i++) {
            handlerPlaces[i] = pairHandlers[byHandler[i]];
            handlerPairs[i] = byHandler[i];
        }
    }

    /** What the slices share, from its {@link Form}. */
    public static PodSlices of(Form form) {
        return new PodSlices(form);
    }

    /** This as a value. */
    public Form form() {
        return new Form(slices, objects, available, completedPlaces, completedEvents, pairPlaces, pairHandlers, pairSlices, dropped, nameless,
                List.copyOf(edges), sharedWorkflows, elections, copies);
    }

    /** Which runs are one run's lines given twice ({@link RunCopies}): derived once from the whole input's records, for every slice. */
    public RunCopies copies() {
        return copies;
    }

    /** The cluster's leader-election lines, placed, in input order: which runs could lead at once ({@link ConcurrentRuns}). */
    public List<LogEvent> elections() {
        return elections;
    }

    /** The Workflow names stated or exported in two or more namespaces, with them: as the whole input's facts make them. */
    public Map<String, Set<String>> sharedWorkflows() {
        return sharedWorkflows;
    }

    /**
     * What the slices share, from the skeletons of the cluster's lines kept whole ({@link LineProjection#skeleton} of its files'
     * projections, placed and put together in input order), its exports and coverage: {@link Builder} given them as one stretch.
     *
     * @param bindings for the names the lines kept whole join (the components), or null
     */
    public static PodSlices of(LineProjection skeleton, ExportedObjects exported, LogCoverage coverage, int slices, GroupBindings bindings) {
        Builder b = new Builder(exported, coverage, slices, bindings);
        b.add(skeleton, 0);
        return b.finish();
    }

    /** How many slices. */
    public int slices() {
        return slices;
    }

    /** The slice of a Pod name: by its last {@code -} segment (a v2 Pod name's node hash), so that the nodes it can link to go with it. */
    public int sliceOf(String podName) {
        return sliceOf(podName, slices);
    }

    private static int sliceOf(String podName, int slices) {
        return sliceOfKey(podName.substring(podName.lastIndexOf('-') + 1), slices);
    }

    private static int sliceOfKey(String key, int slices) {
        return Math.floorMod(key.substring(key.lastIndexOf('-') + 1).hashCode(), slices);
    }

    /**
     * The slice of a line naming a Workflow node ({@link LineProjection#nodeNames}): that of the Pod names it can link
     * ({@link NodeLinker}'s suffix link: the names ending with the node name's hash, or the Workflow's own name for its root).
     */
    int sliceOfNode(LogEvent line) {
        String name = line.event().nodeName().orElseThrow();
        String wf = line.event().workflow().orElseThrow().name();
        return sliceOfKey(name.equals(wf) ? name : NodeNaming.hash(name), slices);
    }

    /** The slice of a line kept whole at this place: its Pod's (completed), a handler line its pair's; -1 for none. */
    int sliceOfLine(long place, LogEvent line) {
        ControllerEvent e = completedEvent(place, line.event());
        var pod = e.pod();
        if (pod.isPresent()) {
            return sliceOf(pod.get().name());
        }
        int k = Arrays.binarySearch(handlerPlaces, place);
        return k < 0 ? -1 : pairSlices[handlerPairs[k]];
    }

    private ControllerEvent completedEvent(long place, ControllerEvent raw) {
        int k = Arrays.binarySearch(completedPlaces, place);
        return k < 0 ? raw : completedEvents.get(k);
    }

    /** The line kept whole at this place as the facts hold it: completed if completion changed it. */
    LogEvent completed(long place, LogEvent line) {
        int k = Arrays.binarySearch(completedPlaces, place);
        return k < 0 ? line : line.withEvent(completedEvents.get(k));
    }

    /** Whether the handler line at this place is left out of the facts (its scheduling line was only counted). */
    public boolean dropped(long place) {
        return Arrays.binarySearch(dropped, place) >= 0;
    }

    /** The place of the handler line paired with the line at this place, or -1. */
    public long handlerPlace(long place) {
        int k = Arrays.binarySearch(pairPlaces, place);
        return k < 0 ? -1 : pairHandlers[k];
    }

    /** The place of the line a handler line at this place is paired with, or -1. */
    public long pairPlace(long handlerPlace) {
        int k = Arrays.binarySearch(handlerPlaces, handlerPlace);
        return k < 0 ? -1 : pairPlaces[handlerPairs[k]];
    }

    /** The place among the correlated lines of a line at this place as read: less the handler lines left out before it. */
    public int correlated(long place) {
        int k = Arrays.binarySearch(dropped, place);
        return (int) (place - (k >= 0 ? k : -k - 1));
    }

    /** The places of the handler lines left out, in place order. */
    public List<Long> droppedPlaces() {
        return Arrays.stream(dropped).boxed().toList();
    }

    /** The places of the lines kept whole that no slice holds (naming no Pod, paired with none), in place order. */
    public List<Long> namelessPlaces() {
        return Arrays.stream(nameless).boxed().toList();
    }

    /** How many cleanup pairs. */
    public int pairs() {
        return pairPlaces.length;
    }

    /** The exports, each Workflow exported without a namespace placed. */
    public ExportedObjects objects() {
        return objects;
    }

    public Set<EvidenceKind> available() {
        return available;
    }

    /**
     * The names joined by the lines kept whole whose names completion decides (handler lines kept, scheduling lines whose Pod
     * name a cut may have shortened, excerpts' lines), completed: with the files' {@link LineProjection#edges} and
     * {@link LineProjection#settledEdges}, those of all the lines.
     */
    public Set<List<String>> edges() {
        return edges;
    }

    /** Whether completion leaves the names a line kept whole joins as read ({@link LineProjection#settledEdges}). */
    static boolean settled(LogEvent e) {
        ControllerEvent ev = e.event();
        return !(ev instanceof FinalizersOnDelete) && !e.undated() && !(ev instanceof PodCleanupScheduled s && CutSchedules.mayRename(e, s));
    }

    /**
     * What the skeletons of a stretch of lines kept whole leave in the task that makes what the slices share, at most: one
     * entry per handler line (its pair or its place left out), per line naming no Pod, per scheduling line completion may
     * change and per excerpt's line, and per leader-election line (held whole for every slice's {@link ConcurrentRuns}); the other
     * lines kept whole pass through. Weighed before any skeleton is decoded.
     */
    public static long held(LineProjection projection) {
        long n = projection.elections().size();
        for (LineProjection.Special s : projection.specials()) {
            LogEvent e = s.line();
            ControllerEvent ev = e.event();
            if (ev instanceof FinalizersOnDelete || e.undated() || ev.pod().isEmpty()
                    || ev instanceof PodCleanupScheduled p && CutSchedules.incomplete(e, p)) {
                n++;
            }
        }
        return n;
    }

    /**
     * What the slices share, made from the skeletons of the lines kept whole as they arrive, in input order (a file's at a
     * time: {@link #add}), none held once taken: completion ({@link CutSchedules}) and the cleanup pairing ({@link CleanupPairing})
     * per stream, each stream's pending line its only state; the excerpts' lines (times of day) held until the end, where
     * {@link ElidedNames} names them as it does all lines. Equal to {@code CleanupPairing.of} and completion over all the
     * skeletons at once (SlicedFactsTest).
     */
    public static final class Builder {
        private final ExportedObjects exported;
        private final LogCoverage coverage;
        private final int slices;
        private final GroupBindings bindings;
        private final Set<String> unplaced;
        private final Map<String, Set<String>> workflowNamespaces = new TreeMap<>();
        /** Every Workflow name the lines state with a namespace, with them: for {@link Correlator#sharedWorkflowNames}. */
        private final Map<String, Set<String>> statedWorkflows = new TreeMap<>();
        private final Map<Integer, List<CountedLine>> counted = new HashMap<>();
        private final Map<Integer, Integer> nextCounted = new HashMap<>();
        /** Per stream: the handler line waiting for its scheduling line, the queueing line it may take instead, the cut scheduling line. */
        private final Map<Integer, Line> pendingHandler = new HashMap<>();
        private final Map<Integer, Line> queuedCandidate = new HashMap<>();
        private final Map<Integer, Line> pendingCut = new HashMap<>();
        /** The excerpts' lines (times of day), as read, by place: {@link ElidedNames} names them at the end. */
        private final TreeMap<Long, LogEvent> undated = new TreeMap<>();
        private final TreeMap<Long, ControllerEvent> completed = new TreeMap<>();
        /** The pairs whose pair line's Pod is not decided yet (a cut scheduling line, an excerpt's line): place → index. */
        private final Map<Long, Integer> undecided = new HashMap<>();
        private final Longs pairPlaces = new Longs();
        private final Longs pairHandlers = new Longs();
        private final Ints pairSlices = new Ints();
        private final Longs dropped = new Longs();
        private final Ints droppedStreams = new Ints();
        private final Longs nameless = new Longs();
        private final Set<List<String>> edges = new LinkedHashSet<>();
        private final List<LogEvent> elections = new ArrayList<>();
        private final List<LineProjection.Records> records = new ArrayList<>();
        private long lines;
        private long specials;
        private long datedKept;
        private boolean informer;
        private boolean podLines;
        private boolean finished;

        /** @param bindings for the names the lines kept whole join (the components), or null */
        public Builder(ExportedObjects exported, LogCoverage coverage, int slices, GroupBindings bindings) {
            if (slices < 1) {
                throw new IllegalArgumentException("at least one slice: " + slices);
            }
            this.exported = exported;
            this.coverage = coverage;
            this.slices = slices;
            this.bindings = bindings;
            this.unplaced = WorkflowNamespaces.unplacedNames(exported);
            for (CountedLine c : coverage.countedSchedules()) {
                counted.computeIfAbsent(c.stream(), k -> new ArrayList<>()).add(c);
            }
            counted.values().forEach(l -> l.sort(Comparator.comparingLong(CountedLine::ordinal)));
        }

        private record Line(long place, LogEvent line) {
        }

        /**
         * The next stretch of the cluster's lines (a file's skeleton, placed, {@link LineProjection#skeleton}), starting at
         * {@code offset} among the cluster's lines: its lines kept whole taken in order, its sets (the Workflows' namespaces,
         * whether an informer event was seen) merged. Nothing of it is held but what {@link PodSlices} keeps.
         */
        public void add(LineProjection skeleton, long offset) {
            add(skeleton, offset, LineProjection.Special::line);
        }

        /**
         * As {@link #add(LineProjection, long)}, the skeleton as read, each of its lines placed as it is taken ({@code place}:
         * the line as the stitch places it), so that no placed copy of the file's skeleton is made.
         */
        public void add(LineProjection skeleton, long offset, java.util.function.Function<LineProjection.Special, LogEvent> place) {
            if (finished) {
                throw new IllegalStateException("finished");
            }
            lines += skeleton.lines();
            informer |= skeleton.informer();
            workflows(skeleton.others().workflows());
            for (LineProjection.Special s : skeleton.specials()) {
                line(offset + s.place(), place.apply(s));
            }
            for (LineProjection.Special s : skeleton.elections()) {
                elections.add(place.apply(s));
            }
            for (LineProjection.Records r : skeleton.records()) {
                records.add(new LineProjection.Records(new LineProjection.Special(offset + r.first().place(), place.apply(r.first())), r.keys()));
            }
        }

        private void workflows(Map<String, Set<String>> stated) {
            stated.forEach((name, ns) -> statedWorkflows.computeIfAbsent(name, k -> new TreeSet<>()).addAll(ns));
            if (unplaced.isEmpty()) {
                return;
            }
            stated.forEach((name, ns) -> {
                if (unplaced.contains(name)) {
                    workflowNamespaces.computeIfAbsent(name, k -> new TreeSet<>()).addAll(ns);
                }
            });
        }

        private void line(long place, LogEvent e) {
            specials++;
            int stream = e.stream();
            List<CountedLine> unseen = counted.get(stream);
            if (unseen != null) {
                int i = nextCounted.getOrDefault(stream, 0);
                for (; i < unseen.size() && unseen.get(i).ordinal() < e.ordinal(); i++) {
                    unkeptSchedule(stream);
                }
                nextCounted.put(stream, i);
            }
            ControllerEvent ev = e.event();
            Line l = new Line(place, e);
            if (!e.time().undated()) {
                datedKept++;
            }
            podLines |= Correlator.podControllerLine(e);
            ev.workflow().filter(r -> r.namespace() != null && !r.namespace().isEmpty())
                    .ifPresent(r -> workflows(Map.of(r.name(), Set.of(r.namespace()))));
            // completion (CutSchedules.complete), per stream
            if (ev instanceof PodCleanupScheduled s) {
                Line prev = pendingCut.remove(stream);
                if (prev != null) {
                    settleCut(prev, null);
                }
                if (CutSchedules.incomplete(e, s)) {
                    pendingCut.put(stream, l);
                }
            } else if (ev instanceof PodCleanupQueued q && q.podRef() != null && q.action() != null) {
                Line at = pendingCut.remove(stream);
                if (at != null) {
                    settleCut(at, CutSchedules.completion(at.line(), e));
                }
            }
            if (e.undated()) {
                undated.put(place, e);
            } else if (!(ev instanceof FinalizersOnDelete) && pendingCut.get(stream) != l && ev.pod().isEmpty()) {
                nameless.add(place);
            }
            // the cleanup pairing (CleanupPairing.line), per stream
            if (ev instanceof FinalizersOnDelete) {
                settle(stream);
                Line prev = pendingHandler.put(stream, l);
                if (prev != null) {
                    unpaired(prev);
                }
            } else if (ev instanceof PodCleanupScheduled) {
                queuedCandidate.remove(stream);
                Line handler = pendingHandler.remove(stream);
                if (handler != null) {
                    pair(l, handler);
                }
            } else if (ev instanceof PodCleanupQueued q && q.cleanup() == CleanupAction.REMOVE_FINALIZER) {
                Line handler = pendingHandler.get(stream);
                if (handler != null && !queuedCandidate.containsKey(stream) && handler.line().time().nanosUntil(e.time()) >= 0
                        && handler.line().time().nanosUntil(e.time()) <= CleanupPairing.HANDLER_CALL_NANOS) {
                    queuedCandidate.put(stream, l);
                }
            }
        }

        /** A cut scheduling line's completion decided: {@code whole} its event completed, or null (it stays as read). */
        private void settleCut(Line cut, ControllerEvent whole) {
            if (whole != null && !whole.equals(cut.line().event())) {
                completed.put(cut.place(), whole);
            }
            if (cut.line().undated()) {
                return; // ElidedNames still to come, at the end
            }
            decided(cut.place(), cut.line(), whole == null ? cut.line() : cut.line().withEvent(whole));
        }

        /**
         * A line whose Pod was not decided when it came (a cut scheduling line, an excerpt's line), now decided: {@code raw} as
         * read, {@code done} completed. Its names are joined here unless its file's edges hold them ({@link #settled}).
         */
        private void decided(long place, LogEvent raw, LogEvent done) {
            if (done.event().pod().isEmpty()) {
                nameless.add(place);
            }
            if (!settled(raw)) {
                edge(done);
            }
            Integer pair = undecided.remove(place);
            if (pair != null) {
                pairSlices.set(pair, sliceOfPair(done));
            }
        }

        private int sliceOfPair(LogEvent pair) {
            return pair.event().pod().map(p -> sliceOf(p.name(), slices)).orElse(-1);
        }

        private void edge(LogEvent e) {
            if (bindings != null) {
                edges.addAll(Grouping.edges(List.of(e), bindings));
            }
        }

        private void pair(Line pairLine, Line handler) {
            int index = pairPlaces.size();
            pairPlaces.add(pairLine.place());
            pairHandlers.add(handler.place());
            edge(handler.line());
            Line cut = pendingCut.get(pairLine.line().stream());
            if (pairLine.line().undated() || cut == pairLine) {
                pairSlices.add(-1);
                undecided.put(pairLine.place(), index);
            } else {
                pairSlices.add(sliceOfPair(pairLine.line()));
            }
        }

        /** A handler line that pairs with none: no slice holds it. */
        private void unpaired(Line handler) {
            edge(handler.line());
            nameless.add(handler.place());
        }

        /** A scheduling line only counted: the waiting handler line is its, and is left out. */
        private void unkeptSchedule(int stream) {
            queuedCandidate.remove(stream);
            Line handler = pendingHandler.remove(stream);
            if (handler != null) {
                dropped.add(handler.place());
                droppedStreams.add(stream);
                nameless.add(handler.place());
                if (!handler.line().time().undated()) {
                    datedKept--;
                }
            }
        }

        /** A handler line whose scheduling line never came: paired with its candidate queueing line, if it had one. */
        private void settle(int stream) {
            Line queued = queuedCandidate.remove(stream);
            Line handler = pendingHandler.get(stream);
            if (queued != null && handler != null) {
                pendingHandler.remove(stream);
                pair(queued, handler);
            }
        }

        /** What the slices share, once every stretch is added. */
        public PodSlices finish() {
            if (finished) {
                throw new IllegalStateException("finished");
            }
            finished = true;
            counted.forEach((stream, unseen) -> {
                for (int i = nextCounted.getOrDefault(stream, 0); i < unseen.size(); i++) {
                    unkeptSchedule(stream);
                }
            });
            for (Integer stream : List.copyOf(pendingHandler.keySet())) {
                settle(stream);
            }
            pendingHandler.values().forEach(this::unpaired);
            pendingHandler.clear();
            for (Line cut : List.copyOf(pendingCut.values())) {
                settleCut(cut, null);
            }
            pendingCut.clear();
            // The excerpts' lines, completed, named as ElidedNames names them among all lines (it reads those lines alone).
            List<Long> places = new ArrayList<>(undated.keySet());
            List<LogEvent> raw = new ArrayList<>(places.size());
            for (long p : places) {
                LogEvent e = undated.get(p);
                ControllerEvent c = completed.get(p);
                raw.add(c == null ? e : e.withEvent(c));
            }
            List<LogEvent> named = ElidedNames.assign(raw);
            for (int i = 0; i < places.size(); i++) {
                long p = places.get(i);
                LogEvent done = named.get(i);
                if (!done.event().equals(undated.get(p).event())) {
                    completed.put(p, done.event());
                }
                if (!(done.event() instanceof FinalizersOnDelete)) {
                    decided(p, undated.get(p), done);
                }
            }
            undated.clear();
            if (!undecided.isEmpty()) {
                throw new IllegalStateException(undecided.size() + " pair line(s) left undecided");
            }
            for (int i = 0; i < pairSlices.size(); i++) {
                if (pairSlices.get(i) < 0) {
                    nameless.add(pairHandlers.get(i));
                }
            }
            ExportedObjects objects = WorkflowNamespaces.resolve(exported, workflowNamespaces);
            Set<EvidenceKind> available = Correlator.available(lines > specials, specials > dropped.size(), informer, podLines, coverage, objects);
            // the pairs in place order
            int n = pairPlaces.size();
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingLong(pairPlaces::get));
            long[] pp = new long[n];
            long[] ph = new long[n];
            int[] ps = new int[n];
            for (int i = 0; i < n; i++) {
                pp[i] = pairPlaces.get(order[i]);
                ph[i] = pairHandlers.get(order[i]);
                ps[i] = pairSlices.get(order[i]);
            }
            long[] cp = new long[completed.size()];
            int k = 0;
            for (long p : completed.keySet()) {
                cp[k++] = p;
            }
            // the dropped handler lines in place order, each with its stream
            int d = dropped.size();
            Integer[] dOrder = new Integer[d];
            for (int i = 0; i < d; i++) {
                dOrder[i] = i;
            }
            Arrays.sort(dOrder, Comparator.comparingLong(dropped::get));
            long[] dp = new long[d];
            droppedSorted = new int[d];
            for (int i = 0; i < d; i++) {
                dp[i] = dropped.get(dOrder[i]);
                droppedSorted[i] = droppedStreams.get(dOrder[i]);
            }
            long[] nl = nameless.toArray();
            Arrays.sort(nl);
            return new PodSlices(new Form(slices, objects, available, cp, List.copyOf(completed.values()), pp, ph, ps, dp, nl, List.copyOf(edges),
                    Correlator.sharedWorkflowNames(statedWorkflows, objects.workflows()), elections,
                    LineProjection.copies(records, LineProjection.Special::line)));
        }

        private int[] droppedSorted;

        /** Once finished: the stream of each handler line left out, in place order (as {@link PodSlices#droppedPlaces}). */
        public int[] droppedStreams() {
            return droppedSorted.clone();
        }

        /** Once finished: whether a line kept whole and not left out has a date. */
        public boolean keptDated() {
            return datedKept > 0;
        }

        /** Once finished: the lines kept whole taken. */
        public long specials() {
            return specials;
        }
    }

    /** A growable array of longs. */
    private static final class Longs {
        private long[] values = new long[16];
        private int size;

        void add(long v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        long get(int i) {
            return values[i];
        }

        int size() {
            return size;
        }

        long[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }

    /** A growable array of ints. */
    private static final class Ints {
        private int[] values = new int[16];
        private int size;

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        void set(int i, int v) {
            values[i] = v;
        }

        int get(int i) {
            return values[i];
        }

        int size() {
            return size;
        }
    }
}
