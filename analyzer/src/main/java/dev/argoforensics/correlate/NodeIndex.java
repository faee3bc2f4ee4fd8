package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Every Workflow's operator lines by the node they name (by ID, or by a name hashed to its ID),
 * indexed once: whoever looks at one of a Workflow's thousands of Pods reads only its own node's
 * lines, not all of the Workflow's.
 */
public final class NodeIndex {
    /**
     * Per Workflow, everything indexed, in arrays of positions into its lines ({@link WorkflowHistory#events()}): six
     * maps of maps and lists per Workflow were 25 MB on an incident corpus of 30,000 Workflows, held to the end.
     */
    private final Map<WorkflowRef, OfWorkflow> byWorkflow = new HashMap<>();

    NodeIndex(Map<WorkflowRef, WorkflowHistory> workflows) {
        this(workflows, new Workers(1));
    }

    /** Each Workflow's index made on {@code workers}: it reads that Workflow's lines alone. */
    NodeIndex(Map<WorkflowRef, WorkflowHistory> workflows, Workers workers) {
        List<WorkflowHistory> histories = List.copyOf(workflows.values());
        List<OfWorkflow> made = workers.map(histories, OfWorkflow::new);
        for (int i = 0; i < histories.size(); i++) {
            byWorkflow.put(histories.get(i).ref(), made.get(i));
        }
    }

    private OfWorkflow at(WorkflowRef wf) {
        OfWorkflow o = wf == null ? null : byWorkflow.get(wf);
        return o == null ? OfWorkflow.NONE : o;
    }

    /**
     * The Workflow's operator passes ({@link PhaseHistory#of}), derived once per Workflow and kept with its index: the
     * lifecycles ask them for every Pod's release, and the rules (AF009 phase regression, AF015 a stale copy acted on) for every
     * Workflow; each derived them again. For a history that is not the one this index was made from (any other
     * {@link WorkflowHistory}, or one of a Workflow it does not hold) they are derived from it on the spot, as before.
     */
    public List<PhaseHistory.Pass> passes(WorkflowHistory h) {
        OfWorkflow o = byWorkflow.get(h.ref());
        return o != null && o.history == h ? o.passes() : PhaseHistory.of(h);
    }

    /**
     * {@link WorkflowHistory#stillStoredUntil}, from the Workflow's versioned lines indexed once ({@link Versions}): AF006 asks it
     * for every pending node of every export, and the walk read the Workflow's lines from the start each time (a wide fan-out's
     * export with thousands of results pending: exports × nodes × lines). The same answer as the walk for any history and export;
     * a history this index was not made from is walked, as before.
     */
    public Optional<LogEvent> stillStoredUntil(WorkflowHistory h, WorkflowSnapshot export) {
        OfWorkflow o = byWorkflow.get(h.ref());
        return o != null && o.history == h ? o.versions().stillStoredUntil(export) : h.stillStoredUntil(export);
    }

    /**
     * The latest two {@code Processing workflow} lines of the Workflow, one after the other, that read the export's
     * resourceVersion with no line of another version between them (session 38), whenever they were, before the export's time
     * or after it: a resourceVersion is the whole object, so the first of them began over the very status the export holds and,
     * the second reading it again, wrote nothing. Empty without a resourceVersion or such a pair.
     */
    public Optional<List<LogEvent>> readTwice(WorkflowHistory h, WorkflowSnapshot export) {
        String rv = export.resourceVersion() == null ? "" : export.resourceVersion().trim();
        if (rv.isEmpty() || export.fromArgoGetText()) {
            return Optional.empty();
        }
        OfWorkflow o = byWorkflow.get(h.ref());
        return (o != null && o.history == h ? o.versions() : new Versions(h.events())).readTwice(rv);
    }

    /**
     * The Workflow's lines ({@link WorkflowHistory#events()}) from the first line of the kind that {@code first} accepts, to
     * the end (a view; empty when none does): a walk that looks for such a line and reads on from it, finding it among the
     * lines of that kind alone instead of all the Workflow's lines from the start. A history this index was not made from is walked.
     */
    public List<LogEvent> fromFirst(WorkflowHistory h, Class<? extends ControllerEvent> kind, Predicate<LogEvent> first) {
        List<LogEvent> lines = h.events();
        OfWorkflow o = byWorkflow.get(h.ref());
        if (o != null && o.history == h) {
            for (int p : o.positionsOf(kind)) {
                if (first.test(lines.get(p))) {
                    return lines.subList(p, lines.size());
                }
            }
            return List.of();
        }
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).event().getClass() == kind && first.test(lines.get(i))) {
                return lines.subList(i, lines.size());
            }
        }
        return List.of();
    }

    /** One Workflow's lines and what they are indexed by. */
    private static final class OfWorkflow {
        static final OfWorkflow NONE = new OfWorkflow(null);

        /** The history indexed (null for {@link #NONE}). */
        final WorkflowHistory history;
        final List<LogEvent> lines;
        /** Its passes, derived on first use ({@link #passes()}); rules and lifecycles ask from several threads. */
        private volatile List<PhaseHistory.Pass> passes;
        /** Its versioned lines, indexed on first use ({@link #versions()}). */
        private volatile Versions versions;
        /** Its {@code Workflow update successful} lines by time. */
        final List<LogEvent> updates;
        /** Its {@code Processing workflow} lines by time. */
        final List<LogEvent> processing;
        /** Its lines by the node they name (by ID, or by a name hashed to its ID), in the order of {@link WorkflowHistory#events()}. */
        final Grouped byNode;
        /** Its lines by the node ID they state, and by the node name they state: what {@link NodeLink#isAbout} looks at. */
        final Grouped byStatedId;
        final Grouped byStatedName;
        /** Its lines by the kind of event they are, in the order of its lines: the kinds in the order first met. */
        final Class<?>[] kinds;
        final Grouped byKind;

        OfWorkflow(WorkflowHistory w) {
            history = w;
            lines = w == null ? List.of() : w.events();
            int n = lines.size();
            List<LogEvent> persisted = new ArrayList<>();
            List<LogEvent> passes = new ArrayList<>();
            String[] node = new String[n];
            String[] id = new String[n];
            String[] name = new String[n];
            int[] kind = new int[n];
            List<Class<?>> seen = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                LogEvent e = lines.get(i);
                ControllerEvent ev = e.event();
                if (ev instanceof WorkflowUpdated) {
                    persisted.add(e);
                } else if (ev instanceof WorkflowProcessing) {
                    passes.add(e);
                }
                id[i] = ev.nodeId().orElse(null);
                name[i] = ev.nodeName().orElse(null);
                node[i] = id[i] != null ? id[i] : name[i] == null ? null : NodeNaming.nodeId(w.ref().name(), name[i]);
                int k = seen.indexOf(ev.getClass());
                if (k < 0) {
                    k = seen.size();
                    seen.add(ev.getClass());
                }
                kind[i] = k;
            }
            updates = List.copyOf(EventOrder.byInstant(persisted));
            processing = List.copyOf(EventOrder.byInstant(passes));
            byNode = Grouped.of(node);
            byStatedId = Grouped.of(id);
            byStatedName = Grouped.of(name);
            kinds = seen.toArray(Class<?>[]::new);
            byKind = Grouped.of(kind, kinds.length);
        }

        List<PhaseHistory.Pass> passes() {
            List<PhaseHistory.Pass> p = passes;
            if (p == null) {
                synchronized (this) {
                    p = passes;
                    if (p == null) {
                        p = Collections.unmodifiableList(PhaseHistory.of(history));
                        passes = p;
                    }
                }
            }
            return p;
        }

        Versions versions() {
            Versions v = versions;
            if (v == null) {
                synchronized (this) {
                    v = versions;
                    if (v == null) {
                        v = new Versions(lines);
                        versions = v;
                    }
                }
            }
            return v;
        }

        int[] positionsOf(Class<?> k) {
            for (int i = 0; i < kinds.length; i++) {
                if (kinds[i] == k) {
                    return byKind.positions(i);
                }
            }
            return new int[0];
        }

        List<LogEvent> ofKind(Class<?> k) {
            for (int i = 0; i < kinds.length; i++) {
                if (kinds[i] == k) {
                    return byKind.lines(i, lines);
                }
            }
            return List.of();
        }
    }

    /**
     * The {@code Workflow update successful} that wrote the operator pass of {@code change} (a line of that pass), or null: the
     * run's next update of the Workflow after the line, unless the run processed the Workflow again first. {@code persistUpdates}
     * writes the pass's in-memory Workflow once, at the pass's end (v3.6-v4.1 {@code operator.go}); a pass whose write failed
     * ({@code Error updating workflow}, a re-apply refused) logs no success, and the run's next update is then a later pass's,
     * over the status it read again from its informer. Another run's update wrote what that run's own pass read (session 45
     * breaker): it carries this pass's change only if that pass made it too, and logged it. A binary search by time finds where
     * to start: a Pod of a Workflow with thousands reads only the few lines in its window; with {@code until} (null: none),
     * updates later than two clocks' disagreement after it are not looked at.
     */
    public LogEvent updateOfPass(WorkflowRef wf, LogEvent change, LogEvent until) {
        OfWorkflow w = at(wf);
        List<LogEvent> sorted = w.updates;
        // Start one precision window early: the run's own line that close may be later in its order.
        Instant start = change.time().instant().minusNanos(change.time().precision().windowNanos());
        LogEvent update = null;
        Instant last = until == null ? null : until.time().windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
        for (int i = firstNotBefore(sorted, start); i < sorted.size(); i++) {
            LogEvent e = sorted.get(i);
            if (last != null && e.time().instant().isAfter(last)) {
                break;
            }
            if (e.stream() == change.stream() && e.ordinal() > change.ordinal()) {
                update = e; // the run's lines keep their order: the first after the change by time is the first by order
                break;
            }
        }
        if (update == null) {
            return null;
        }
        List<LogEvent> processing = w.processing;
        Instant end = update.time().windowEnd();
        for (int i = firstNotBefore(processing, start); i < processing.size() && !processing.get(i).time().instant().isAfter(end); i++) {
            LogEvent p = processing.get(i);
            if (p.stream() == change.stream() && p.ordinal() > change.ordinal() && p.ordinal() < update.ordinal()) {
                return null; // a later pass began before the update: the change's own pass wrote nothing
            }
        }
        return update;
    }

    /** The index of the first line of {@code sorted} (by time) not before {@code start}. */
    private static int firstNotBefore(List<LogEvent> sorted, Instant start) {
        int lo = 0;
        int hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid).time().instant().isBefore(start)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The Workflow's last {@code Workflow update successful} certainly before the line, or null. */
    public LogEvent lastUpdateBefore(WorkflowRef wf, LogEvent line) {
        List<LogEvent> sorted = at(wf).updates;
        int lo = 0;
        int hi = sorted.size();
        Instant end = line.time().windowEnd();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid).time().instant().isBefore(end)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo - 1; i >= 0; i--) {
            if (EventOrder.before(sorted.get(i), line)) {
                return sorted.get(i); // the latest by time (ties: the later in the input)
            }
        }
        return null;
    }

    /** Whether any line names the node of the Workflow (by ID, or by a name whose ID it is). */
    public boolean named(WorkflowRef wf, String nodeId) {
        return at(wf).byNode.has(nodeId);
    }

    /** The lines naming the node: by time across runs, each run's in its input order (as {@link WorkflowHistory#events()}). */
    public List<LogEvent> of(NodeLink link) {
        if (link == null) {
            return List.of();
        }
        OfWorkflow w = at(link.workflow());
        return w.byNode.lines(link.nodeId(), w.lines);
    }

    /**
     * The Workflow's lines {@link NodeLink#isAbout about} the node (its ID stated, or its name), in the
     * order of its lines (by time across runs): what a walk of all the Workflow's lines with {@code isAbout} finds, from the node's
     * own lines only.
     */
    public List<LogEvent> about(NodeLink link) {
        if (link == null) {
            return List.of();
        }
        OfWorkflow w = at(link.workflow());
        int[] byId = w.byStatedId.positions(link.nodeId());
        int[] byName = link.nodeName() == null ? new int[0] : w.byStatedName.positions(link.nodeName());
        List<LogEvent> all = w.lines;
        List<LogEvent> out = new ArrayList<>(byId.length + byName.length);
        int i = 0;
        int j = 0;
        while (i < byId.length || j < byName.length) { // both ascending: merged, a line in both once
            int a = i < byId.length ? byId[i] : Integer.MAX_VALUE;
            int b = j < byName.length ? byName[j] : Integer.MAX_VALUE;
            int next = Math.min(a, b);
            i += a == next ? 1 : 0;
            j += b == next ? 1 : 0;
            out.add(all.get(next));
        }
        return out;
    }

    /**
     * The Workflow's lines of these kinds of event (one kind: in the order of its lines, by time across runs; several: by
     * ordinal, file by file, as CompactNodeIndexTest walks it): a Pod's look at its Workflow's updates or signals reads those, not the Workflow's every line.
     */
    @SafeVarargs
    public final List<LogEvent> ofKind(WorkflowRef wf, Class<? extends ControllerEvent>... kinds) {
        OfWorkflow w = at(wf);
        if (kinds.length == 1) {
            return w.ofKind(kinds[0]);
        }
        List<LogEvent> out = new ArrayList<>();
        for (Class<? extends ControllerEvent> k : kinds) {
            out.addAll(w.ofKind(k));
        }
        out.sort(Comparator.comparingLong(LogEvent::ordinal));
        return out;
    }

    /**
     * A Workflow's lines that state a resourceVersion ({@code Processing workflow}, {@code Workflow update successful}), dated
     * and in the order of its lines, with what {@link WorkflowHistory#stillStoredUntil}'s walk reads of each: the walk skips the
     * lines before the export's time, stops at the first line of another version, and keeps the last two passes it met. Here
     * that is a binary search for the first line not before the export (when the lines' windows end in order, as they do within
     * a run and across runs merged by time), then two look-ups: the end of that line's run of one version, and the passes in it.
     * Lines whose windows do not end in order (a run's lines out of order in its file, precisions mixed) cannot be searched so:
     * for those Workflows the walk is made over these lines alone.
     */
    static final class Versions {
        private final LogEvent[] line;
        private final String[] version;
        /** Per line, the first line after its run of one version. */
        private final int[] runEnd;
        /** Per line, the last {@code Processing workflow} line at or before it in its run of one version, or -1. */
        private final int[] lastPass;
        /** Whether the lines' windows end in order, so that those before a time are a prefix. */
        private final boolean inOrder;

        Versions(List<LogEvent> lines) {
            List<LogEvent> kept = new ArrayList<>();
            List<String> seen = new ArrayList<>();
            for (LogEvent e : lines) {
                if (e.time() == null || e.undated()) {
                    continue;
                }
                String v = e.event() instanceof WorkflowProcessing p ? p.resourceVersion()
                        : e.event() instanceof WorkflowUpdated u ? u.resourceVersion() : null;
                if (v == null || v.isBlank()) {
                    continue;
                }
                kept.add(e);
                seen.add(v.trim());
            }
            int n = kept.size();
            line = kept.toArray(LogEvent[]::new);
            version = seen.toArray(String[]::new);
            runEnd = new int[n];
            lastPass = new int[n];
            boolean ordered = true;
            for (int i = 0; i < n; i++) {
                boolean sameRun = i > 0 && version[i].equals(version[i - 1]);
                lastPass[i] = line[i].event() instanceof WorkflowProcessing ? i : sameRun ? lastPass[i - 1] : -1;
                if (i > 0 && line[i].time().windowEnd().isBefore(line[i - 1].time().windowEnd())) {
                    ordered = false;
                }
            }
            for (int i = n - 1; i >= 0; i--) {
                runEnd[i] = i + 1 < n && version[i].equals(version[i + 1]) ? runEnd[i + 1] : i + 1;
            }
            inOrder = ordered;
        }

        /** Whether the look-up is a search by time (false: the lines are walked). */
        boolean searchable() {
            return inOrder;
        }

        Optional<LogEvent> stillStoredUntil(WorkflowSnapshot export) {
            String rv = export.resourceVersion() == null ? "" : export.resourceVersion().trim();
            if (rv.isEmpty() || export.observed() == null || export.fromArgoGetText()) {
                return Optional.empty();
            }
            Timestamp from = WorkflowHistory.readFrom(export, rv);
            LogEvent last = inOrder ? searched(rv, from) : walked(rv, from);
            return last == null || !last.time().isAfter(from) ? Optional.empty() : Optional.of(last);
        }

        /** The walk's answer when the lines before {@code from} are a prefix: the second last pass of the first line's run. */
        private LogEvent searched(String rv, Timestamp from) {
            int lo = 0;
            int hi = line.length;
            while (lo < hi) { // isBefore(from) is windowEnd <= from: true on a prefix when the windows end in order
                int mid = (lo + hi) >>> 1;
                if (line[mid].time().isBefore(from)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if (lo == line.length || !version[lo].equals(rv)) {
                return null;
            }
            int open = lastPass[runEnd[lo] - 1];
            int last = open > lo ? lastPass[open - 1] : -1;
            return last >= lo ? line[last] : null;
        }

        /** {@link NodeIndex#readTwice}: the latest pass over {@code rv} whose run of one version holds a pass before it, and that one. */
        Optional<List<LogEvent>> readTwice(String rv) {
            for (int i = line.length - 1; i > 0; i--) {
                if (line[i].event() instanceof WorkflowProcessing && rv.equals(version[i]) && rv.equals(version[i - 1]) && lastPass[i - 1] >= 0) {
                    return Optional.of(List.of(line[lastPass[i - 1]], line[i]));
                }
            }
            return Optional.empty();
        }

        /** The walk over these lines alone. */
        private LogEvent walked(String rv, Timestamp from) {
            LogEvent last = null;
            LogEvent open = null;
            for (int i = 0; i < line.length; i++) {
                if (line[i].time().isBefore(from)) {
                    continue;
                }
                if (!rv.equals(version[i])) {
                    break;
                }
                if (line[i].event() instanceof WorkflowProcessing) {
                    if (open != null) {
                        last = open;
                    }
                    open = line[i];
                }
            }
            return last;
        }
    }
}
