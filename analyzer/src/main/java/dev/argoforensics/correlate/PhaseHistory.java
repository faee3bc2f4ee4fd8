package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A Workflow's operator passes read against its completion (reference lifecycle-and-failures B3):
 * each pass ({@code Processing workflow} to the next) with the copy it worked on, what it changed
 * that a completed Workflow must not change, the Pods it created, and whether its persist was
 * stored, refused by a guard, or is not in the logs. AF009 (phase regression) and AF015 (stale
 * copy) read it; it is derived from the Workflow's own lines only.
 *
 * <p>A completion is in force from the pass that stored it (a {@code Workflow update successful}
 * with a completed phase, else a {@code Marking workflow completed} whose persist is not in the
 * logs) until a pass works on a copy that is newer and not completed ({@code argo retry} wrote it)
 * or on a newer Workflow that never started (a new object of the same name). resourceVersions
 * (decimal, as etcd gives them) order the copies; where the lines give none, the phase alone decides.
 */
public final class PhaseHistory {
    public static final Set<String> COMPLETED = dev.argoforensics.event.Phases.of("Succeeded", "Failed", "Error");
    static final String GUARD_COMPLETED = "must never update completed";
    static final String GUARD_RECREATED = "workflow has been recreated";

    private PhaseHistory() {
    }

    /** The completion in force: its phase, the lines that show it and the resourceVersion stored with it (null if not logged). */
    public record Completion(String phase, LogEvent marked, LogEvent stored, Long resourceVersion) {
        /** The line that shows the completion best: its persist, else its marking. */
        public LogEvent line() {
            return stored != null ? stored : marked;
        }
    }

    /** Which copy of the Workflow a pass worked on, against the completion in force. */
    public enum Copy {
        /** No completion was in force. */
        NONE,
        /** A completed copy (a finalizer or artifact GC keeps it reconciled). */
        COMPLETED,
        /** A copy older than the stored completion (whatever its phase, even the Workflow before it started): a stale copy. */
        STALE,
        /** A newer copy, not completed: someone reset it ({@code argo retry}). Ends the completion. */
        NEWER,
        /**
         * A Workflow that never started ({@code phase} empty or Pending, or a first {@code "" -> Running}) at a newer
         * resourceVersion, or one the lines do not give: a new object of the same name. Ends the completion.
         */
        NEW_RUN,
        /** Not completed, and the lines give no resourceVersion to compare (v3.4-v3.5.2, or the completion's persist not logged). */
        UNKNOWN
    }

    /** What became of a pass's persist. */
    public enum Outcome {
        /** {@code Workflow update successful}. */
        STORED,
        /** {@code Failed to re-apply update} with {@code must never update completed workflows|node}. */
        GUARDED,
        /** {@code Failed to re-apply update} with {@code workflow has been recreated} (v4.0.10, v4.1.2). */
        RECREATED,
        /** Neither line is in the logs (or the re-apply failed for another reason). */
        UNKNOWN
    }

    /** What a change is. */
    public enum Kind {
        /** {@code workflow is already fulfilled}: the controller itself says it changed a completed Workflow's phase. */
        WORKFLOW_ASSERTED,
        /** {@code node is already fulfilled}: the controller itself says it changed a completed node's phase. */
        NODE_ASSERTED,
        /** A node marked as error ({@code pod deleted}). */
        NODE_ERROR,
        /** A node's phase changed to Error or Failed. */
        NODE_FAILED,
        /** The Workflow's phase changed ({@code Updated phase}). */
        WORKFLOW_PHASE,
        /** {@code Marking workflow completed} once more. */
        COMPLETED_AGAIN
    }

    /**
     * One change a pass made.
     *
     * @param nodeId   the node's ID (hashed from its name where the line gives a name), null for the Workflow
     * @param fromPhase null when the line does not say
     */
    public record Change(LogEvent line, Kind kind, String nodeId, String nodeName, String fromPhase, String toPhase) {
        /** The controller's own assertion that something fulfilled was changed. */
        public boolean asserted() {
            return kind == Kind.WORKFLOW_ASSERTED || kind == Kind.NODE_ASSERTED;
        }
    }

    /**
     * One pass.
     *
     * @param processing   its {@code Processing workflow}, null for lines before the first one
     * @param completion   the completion in force when it began, null if none
     * @param changes      what it changed that would regress a completed Workflow (phases to Error or Failed,
     *                     the Workflow's phase, a second completion) and the controller's assertions
     * @param podLines     {@code Workflow pod is missing} lines: what led to a {@code pod deleted}
     * @param creations    {@code Created pod} and {@code Failed pod creation: already exists}
     * @param outcomeLine  the line that shows the outcome, null for UNKNOWN
     * @param reapplied    whether the persist conflicted and was re-applied ({@code Re-applying updates…})
     * @param storedAhead  the {@code Workflow update successful} of an earlier pass of the same controller run that stored the
     *                     Workflow at a higher resourceVersion than this pass's copy, or null: the copy this pass worked on was
     *                     older than what that run had itself written (one object's resourceVersion only grows, and a new
     *                     object of the name is written at a higher one), a stale informer copy, whether or not the Workflow
     *                     had completed (argoproj/argo-workflows#13986, #14833)
     */
    public record Pass(WorkflowRef workflow, LogEvent processing, Long resourceVersion, Completion completion, Copy copy,
                       List<Change> changes, List<LogEvent> podLines, List<LogEvent> creations, Outcome outcome, LogEvent outcomeLine,
                       boolean reapplied, LogEvent storedAhead) {
        public Pass {
            changes = List.copyOf(changes);
            podLines = List.copyOf(podLines);
            creations = List.copyOf(creations);
        }

        Pass withStoredAhead(LogEvent stored) {
            return new Pass(workflow, processing, resourceVersion, completion, copy, changes, podLines, creations, outcome, outcomeLine,
                    reapplied, stored);
        }

        /** The resourceVersion {@link #storedAhead} stored the Workflow at, or null. */
        public Long storedAheadVersion() {
            return storedAhead == null ? null : number(((WorkflowUpdated) storedAhead.event()).resourceVersion());
        }

        /** The phase the stored update wrote, or null. */
        public String storedPhase() {
            return outcomeLine != null && outcomeLine.event() instanceof WorkflowUpdated u ? u.phase() : null;
        }

        /** The guard's error text, or null. */
        public String guardError() {
            return outcomeLine != null && outcomeLine.event() instanceof Signal s ? s.attribute("error") : null;
        }

        /** Whether it worked after a completion, on a copy that did not end it. */
        public boolean afterCompletion() {
            return completion != null && copy != Copy.NEWER && copy != Copy.NEW_RUN;
        }

        /**
         * Whether the lines leave open that the Workflow had been reset ({@code argo retry}) before this pass: they do not tell its
         * copy ({@link Copy#UNKNOWN}: no resourceVersion to compare, v3.4-v3.5.2, or the completion's persist not logged), its
         * update was not refused by the persist guard (which shows the stored Workflow still completed), and the controller did
         * not assert that it changed something fulfilled ({@code already fulfilled}: the copy it worked on was completed). An
         * {@code argo retry} writes the Workflow {@code Running} without its completed state, and its next pass fails or completes
         * the node again and creates its Pod again under the same name, which is all a stale pass's lines show too.
         */
        public boolean resetNotExcluded() {
            return copy == Copy.UNKNOWN && outcome != Outcome.GUARDED && changes.stream().noneMatch(Change::asserted);
        }
    }

    /**
     * How long two controller runs may both write about one Workflow at a leader hand-over: the lease
     * duration (15s by default); see AF012.
     */
    public static final long HANDOVER_TOLERANCE_NANOS = 15_000_000_000L;

    /**
     * Two controller runs that both wrote about the Workflow's name over the same span, longer than a
     * hand-over allows: two controllers on one object, or two clusters' Workflows of one name read
     * together. Their resourceVersions need not order one object's copies.
     */
    public record ConcurrentRuns(int first, int second, Timestamp from, Timestamp to) {
    }

    /**
     * Whether the lines {@code a} and {@code b} about the Workflow were logged by different runs that
     * wrote about it at the same time; null if by one run, or by runs one after the other (a restart,
     * a hand-over: the case where a stale copy goes uncaught).
     */
    public static ConcurrentRuns concurrent(WorkflowHistory h, LogEvent a, LogEvent b) {
        if (a == null || b == null || a.stream() == b.stream()) {
            return null;
        }
        return overlap(a.stream(), b.stream(), span(h, a.stream()), span(h, b.stream()));
    }

    private static ConcurrentRuns overlap(int a, int b, Timestamp[] x, Timestamp[] y) {
        if (x[0] == null || y[0] == null) {
            return null; // a run with no line about the Workflow: nothing to overlap
        }
        Timestamp from = x[0].compareTo(y[0]) >= 0 ? x[0] : y[0];
        Timestamp to = x[1].compareTo(y[1]) <= 0 ? x[1] : y[1];
        return from.nanosUntil(to) > HANDOVER_TOLERANCE_NANOS ? new ConcurrentRuns(a, b, from, to) : null;
    }

    /**
     * Each run's first and last line about one Workflow, found in one pass over its lines: {@link #concurrent} for many pairs of
     * lines (AF006 asks it of every {@code Processing workflow} line against every waiting line of a Pod) without a walk over the
     * Workflow's lines per pair, with the same answers.
     */
    public static final class Spans {
        private final java.util.Map<Integer, LogEvent[]> byStream = new java.util.HashMap<>();

        private Spans(WorkflowHistory h) {
            for (LogEvent e : h.events()) {
                LogEvent[] x = byStream.get(e.stream());
                if (x == null) {
                    byStream.put(e.stream(), new LogEvent[] {e, e});
                    continue;
                }
                // As span(): the first line by time wins a tie for the earliest, and for the latest.
                x[0] = e.compareTime(x[0]) < 0 ? e : x[0];
                x[1] = e.compareTime(x[1]) > 0 ? e : x[1];
            }
        }

        /** {@link PhaseHistory#concurrent(WorkflowHistory, LogEvent, LogEvent)} of the Workflow these spans are of. */
        public ConcurrentRuns concurrent(LogEvent a, LogEvent b) {
            if (a == null || b == null || a.stream() == b.stream()) {
                return null;
            }
            return overlap(a.stream(), b.stream(), span(a.stream()), span(b.stream()));
        }

        private Timestamp[] span(int stream) {
            LogEvent[] x = byStream.get(stream);
            return x == null ? new Timestamp[] {null, null} : new Timestamp[] {x[0].time(), x[1].time()};
        }
    }

    /** The spans of every run that wrote about the Workflow ({@link Spans}). */
    public static Spans spans(WorkflowHistory h) {
        return new Spans(h);
    }

    /**
     * The runs that wrote about the Workflow's name over the same span as another run, longer than a hand-over allows (as
     * {@link #concurrent}, each run's span found in one pass): two controllers on one object, or two clusters' Workflows of one
     * name read together. Derived here once; the sole stops ({@link TaskResultLines#soleStops}) and the exports' placing by their
     * resourceVersion ({@link WorkflowWrites}) read it.
     *
     * @param events the Workflow's lines
     */
    static java.util.Set<Integer> concurrentStreams(List<LogEvent> events) {
        java.util.Map<Integer, Timestamp[]> spans = new java.util.TreeMap<>();
        for (LogEvent e : events) {
            if (e.time() == null) {
                continue;
            }
            Timestamp[] x = spans.computeIfAbsent(e.stream(), k -> new Timestamp[] {e.time(), e.time()});
            x[0] = e.time().isBefore(x[0]) ? e.time() : x[0];
            x[1] = e.time().isAfter(x[1]) ? e.time() : x[1];
        }
        java.util.Set<Integer> out = new java.util.HashSet<>();
        if (spans.size() < 2) {
            return out;
        }
        List<java.util.Map.Entry<Integer, Timestamp[]>> all = new ArrayList<>(spans.entrySet());
        for (int i = 0; i < all.size(); i++) {
            for (int j = i + 1; j < all.size(); j++) {
                Timestamp[] x = all.get(i).getValue();
                Timestamp[] y = all.get(j).getValue();
                Timestamp from = x[0].isAfter(y[0]) ? x[0] : y[0];
                Timestamp to = x[1].isBefore(y[1]) ? x[1] : y[1];
                if (!to.isBefore(from) && from.nanosUntil(to) > HANDOVER_TOLERANCE_NANOS) {
                    out.add(all.get(i).getKey());
                    out.add(all.get(j).getKey());
                }
            }
        }
        return out;
    }

    private static Timestamp[] span(WorkflowHistory h, int stream) {
        LogEvent first = null;
        LogEvent last = null;
        for (LogEvent e : h.events()) {
            if (e.stream() == stream) {
                first = first == null || e.compareTime(first) < 0 ? e : first;
                last = last == null || e.compareTime(last) > 0 ? e : last;
            }
        }
        return new Timestamp[] {first == null ? null : first.time(), last == null ? null : last.time()};
    }

    /**
     * The Workflow's passes, in the order they began (by time; the input order breaks ties). A completion
     * is in force for the passes that began after the line that shows it: a pass of another controller
     * run that began before it (two controllers at once) worked on the copy of its time, not a stale one.
     */
    public static List<Pass> of(WorkflowHistory h) {
        List<Pass> out = new ArrayList<>();
        Completion[] inForce = {null};
        Completion[] earlier = {null};
        java.util.ArrayDeque<Completion> pending = new java.util.ArrayDeque<>();
        // Per controller run (stream), the update stored at the highest resourceVersion by its passes so far.
        java.util.Map<Integer, LogEvent> stored = new java.util.HashMap<>();
        eachPass(h, (processing, pass) -> {
            LogEvent start = processing != null ? processing : pass.get(0);
            while (!pending.isEmpty() && !EventOrder.after(pending.peekFirst().line(), start)) {
                earlier[0] = inForce[0];
                inForce[0] = pending.pollFirst();
            }
            Pass p = pass(h.ref(), processing, pass, inForce[0]);
            if (storedBefore(p)) {
                // Its write was stored at a lower resourceVersion than the completion's: it came first, whatever the clocks of two
                // controller runs say (a replica whose clock runs behind logs the completion earlier than the write it read).
                p = pass(h.ref(), processing, pass, earlier[0]);
            }
            LogEvent ahead = processing == null || p.resourceVersion() == null ? null : stored.get(processing.stream());
            if (ahead != null && number(((WorkflowUpdated) ahead.event()).resourceVersion()) > p.resourceVersion()) {
                p = p.withStoredAhead(ahead);
            }
            if (processing != null && p.outcome() == Outcome.STORED && number(((WorkflowUpdated) p.outcomeLine().event()).resourceVersion()) != null) {
                LogEvent previous = stored.get(processing.stream());
                if (previous == null || number(((WorkflowUpdated) previous.event()).resourceVersion())
                        < number(((WorkflowUpdated) p.outcomeLine().event()).resourceVersion())) {
                    stored.put(processing.stream(), p.outcomeLine());
                }
            }
            out.add(p);
            Completion before = inForce[0];
            Completion n = next(p, pass, before);
            if (p.copy() == Copy.NEWER || p.copy() == Copy.NEW_RUN) {
                inForce[0] = null; // the copy it read ended the completion
            }
            if (n != null && n != before) {
                pending.addLast(n); // in force for the passes that begin after its line
            }
        });
        return out;
    }

    /**
     * The completion stored and in force at {@code at}, from the Workflow's passes ({@link #of}): a {@code Workflow update
     * successful} with a completed phase logged before it, not ended by a pass that began before it on a newer or new copy
     * ({@code argo retry}, a new Workflow of the name). Null if none. A completed Workflow is not reconciled again until such
     * a copy comes (its completed label takes it out of the controller's work), so nothing the controller could still record
     * of its nodes is pending at {@code at}. Linear in the passes: callers keep the passes of a Workflow and ask per Pod.
     */
    public static Completion storedAt(List<Pass> passes, LogEvent at) {
        Completion inForce = null;
        for (Pass p : passes) {
            LogEvent start = p.processing() != null ? p.processing() : p.outcomeLine();
            if (start == null || !EventOrder.before(start, at)) {
                continue;
            }
            if (p.copy() == Copy.NEWER || p.copy() == Copy.NEW_RUN) {
                inForce = null;
            }
            if (p.outcome() == Outcome.STORED && COMPLETED.contains(p.storedPhase()) && clearlyBefore(p.outcomeLine(), at)) {
                WorkflowUpdated u = (WorkflowUpdated) p.outcomeLine().event();
                inForce = new Completion(u.phase(), null, p.outcomeLine(), number(u.resourceVersion()));
            }
        }
        return inForce;
    }

    /** The pass among {@code passes} that logged {@code created} (a {@code Created pod} line), or null. */
    public static Pass passOf(List<Pass> passes, LogEvent created) {
        for (Pass p : passes) {
            if (p.creations().contains(created)) {
                return p;
            }
        }
        return null;
    }

    /** Before in one stream's order; across two runs' streams only by more than two clocks may disagree. */
    private static boolean clearlyBefore(LogEvent a, LogEvent b) {
        if (a.stream() == b.stream()) {
            return EventOrder.before(a, b);
        }
        return a.time().instant().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS).isBefore(b.time().instant());
    }

    /**
     * The lines of the passes whose update the persist guard refused ({@code Failed to re-apply update}:
     * must never update completed, or recreated): what those passes changed was never stored, so they do
     * not say how a node ended. By identity.
     */
    public static Set<LogEvent> refusedLines(WorkflowHistory h) {
        // Only the guard's own line makes a pass refused (outcomeLine): a Workflow without one, nearly every Workflow, has no
        // refused line, and its lines need not be split into passes (a sorted copy and a list per pass).
        if (!anyRefusal(h.events())) {
            return Set.of();
        }
        Set<LogEvent> out = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        eachPass(h, (processing, pass) -> {
            Outcome o = outcomeOf(outcomeLine(pass));
            if (o == Outcome.GUARDED || o == Outcome.RECREATED) {
                out.addAll(pass);
            }
        });
        return out;
    }

    /**
     * The persist guard's refusal because the stored Workflow is completed ({@code Failed to re-apply update}: must never update
     * completed) of the pass that wrote {@code line}, or null: what that pass changed, {@code line} included, was never stored and
     * the stored Workflow stood. By identity, the passes as {@link #refusedLines} splits them. Not a refusal because the Workflow
     * was recreated (recheck s38): the object that pass worked on was deleted, and what it owned went with it.
     */
    public static LogEvent refusalOf(WorkflowHistory h, LogEvent line) {
        if (line == null || !anyRefusal(h.events())) {
            return null;
        }
        LogEvent[] refusal = {null};
        eachPass(h, (processing, pass) -> {
            if (refusal[0] == null && pass.stream().anyMatch(e -> e == line)) {
                LogEvent outcome = outcomeLine(pass);
                Outcome o = outcomeOf(outcome);
                refusal[0] = o == Outcome.GUARDED && !earlierObject(h, processing, outcome) ? outcome : null;
            }
        });
        return refusal[0];
    }

    /**
     * Whether {@code processing}'s copy is of an earlier Workflow of the name than the one a Workflow of the name began as
     * before {@code refusal}: the copy started (its phase neither empty nor Pending) at a resourceVersion lower than a
     * {@code Processing workflow} of an unstarted Workflow logged before the refusal. One object's phase never goes back to
     * unstarted, so that copy was read before the Workflow now stored was created: the earlier one was deleted, and its Pods
     * with it. Releases before v4.0.10 refuse such a pass with the completed guard, not as recreated (recheck3, session 38).
     */
    private static boolean earlierObject(WorkflowHistory h, LogEvent processing, LogEvent refusal) {
        WorkflowProcessing copy = processing == null ? null : (WorkflowProcessing) processing.event();
        Long rv = copy == null ? null : number(copy.resourceVersion());
        if (rv == null || copy.phase() == null || copy.phase().isEmpty() || "Pending".equals(copy.phase())) {
            return false;
        }
        for (LogEvent e : h.events()) {
            if (e.event() instanceof WorkflowProcessing w && w.phase() != null && (w.phase().isEmpty() || "Pending".equals(w.phase()))
                    && number(w.resourceVersion()) != null && number(w.resourceVersion()) > rv && EventOrder.before(e, refusal)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The Workflow's lines split into passes, in the order the passes began: each {@code Processing workflow}
     * (null before the first) and the lines its controller run wrote after it. One run's workers take a
     * Workflow up one at a time, so its passes follow one another; two runs' passes may overlap in time.
     */
    private static void eachPass(WorkflowHistory h, java.util.function.BiConsumer<LogEvent, List<LogEvent>> consumer) {
        List<LogEvent> lines = EventOrder.byInstant(h.events());
        List<List<LogEvent>> passes = new ArrayList<>();
        java.util.Map<Integer, List<LogEvent>> open = new java.util.HashMap<>();
        for (LogEvent e : lines) {
            List<LogEvent> pass = open.get(e.stream());
            if (pass == null || e.event() instanceof WorkflowProcessing) {
                pass = new ArrayList<>();
                open.put(e.stream(), pass);
                passes.add(pass);
            }
            pass.add(e);
        }
        for (List<LogEvent> pass : passes) {
            LogEvent first = pass.get(0);
            if (first.event() instanceof WorkflowProcessing) {
                consumer.accept(first, pass.subList(1, pass.size()));
            } else {
                consumer.accept(null, pass);
            }
        }
    }

    private static Pass pass(WorkflowRef wf, LogEvent processing, List<LogEvent> lines, Completion inForce) {
        WorkflowProcessing p = processing == null ? null : (WorkflowProcessing) processing.event();
        Long rv = p == null ? null : number(p.resourceVersion());
        Copy copy = copy(p, rv, lines, inForce);
        List<Change> changes = new ArrayList<>();
        List<LogEvent> podLines = new ArrayList<>();
        List<LogEvent> creations = new ArrayList<>();
        boolean reapplied = false;
        for (LogEvent e : lines) {
            ControllerEvent ev = e.event();
            if (ev instanceof Signal s) {
                switch (s.name()) {
                    case "workflow-already-fulfilled" -> changes.add(new Change(e, Kind.WORKFLOW_ASSERTED, null, null, s.attribute("fromPhase"),
                            s.attribute("toPhase")));
                    case "node-already-fulfilled" -> changes.add(new Change(e, Kind.NODE_ASSERTED, id(wf, s.node()), s.node(),
                            s.attribute("fromPhase"), s.attribute("toPhase")));
                    case "workflow-phase" -> {
                        // A start ("" -> Running) is no regression; a change to or from a completed phase is.
                        if (COMPLETED.contains(s.attribute("toPhase")) || COMPLETED.contains(s.attribute("fromPhase"))) {
                            changes.add(new Change(e, Kind.WORKFLOW_PHASE, null, null, s.attribute("fromPhase"), s.attribute("toPhase")));
                        }
                    }
                    case "workflow-completed" -> changes.add(new Change(e, Kind.COMPLETED_AGAIN, null, null, null, null));
                    case "pod-create-exists" -> creations.add(e);
                    case "update-reapplying" -> reapplied = true;
                    default -> {
                    }
                }
            } else if (ev instanceof NodeMarkedError m) {
                changes.add(new Change(e, Kind.NODE_ERROR, id(wf, m.node()), m.node(), null, "Error"));
            } else if (ev instanceof NodePhaseChanged c && ("Error".equals(c.toPhase()) || "Failed".equals(c.toPhase()))) {
                changes.add(new Change(e, Kind.NODE_FAILED, c.id(), null, c.fromPhase(), c.toPhase()));
            } else if (ev instanceof WorkflowPodMissing) {
                podLines.add(e);
            } else if (ev instanceof PodCreated) {
                creations.add(e);
            }
        }
        LogEvent outcomeLine = outcomeLine(lines);
        Outcome outcome = outcomeOf(outcomeLine);
        return new Pass(wf, processing, rv, inForce, copy, changes, podLines, creations, outcome, outcomeLine, reapplied, null);
    }

    /**
     * The line that shows a pass's outcome ({@link #outcomeOf}), null for UNKNOWN: its first {@code Workflow update successful},
     * unless a later {@code Failed to re-apply update} says why the persist guard refused it (a refusal for another reason
     * leaves the outcome unknown, and a later update shows it stored).
     */
    private static LogEvent outcomeLine(List<LogEvent> lines) {
        LogEvent outcomeLine = null;
        for (LogEvent e : lines) {
            if (e.event() instanceof Signal s && "update-reapply-failed".equals(s.name())) {
                outcomeLine = outcomeOf(e) == Outcome.UNKNOWN ? null : e;
            } else if (e.event() instanceof WorkflowUpdated && outcomeLine == null) {
                outcomeLine = e;
            }
        }
        return outcomeLine;
    }

    /** Whether one of the lines is the persist guard's refusal of an update ({@link #outcomeOf} GUARDED or RECREATED). */
    private static boolean anyRefusal(List<LogEvent> lines) {
        for (LogEvent e : lines) {
            if (e.event() instanceof Signal s && "update-reapply-failed".equals(s.name())) {
                Outcome o = outcomeOf(e);
                if (o == Outcome.GUARDED || o == Outcome.RECREATED) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether the pass's write was stored at a lower resourceVersion than the completion in force when it began, by the time of
     * its lines: then it was stored before that completion (one object's resourceVersion only grows with each write), and the
     * pass, logged by a controller run whose clock puts it later, worked before the Workflow completed. A write on a copy older
     * than the stored completion is never stored after it: the update conflicts, and the persist guard refuses its re-apply.
     */
    private static boolean storedBefore(Pass p) {
        if (p.completion() == null || p.completion().resourceVersion() == null || p.outcome() != Outcome.STORED) {
            return false;
        }
        Long stored = number(((WorkflowUpdated) p.outcomeLine().event()).resourceVersion());
        return stored != null && stored < p.completion().resourceVersion();
    }

    /** The outcome a pass's {@link #outcomeLine} shows: stored, refused by the guard (completed, or recreated), else unknown. */
    private static Outcome outcomeOf(LogEvent outcomeLine) {
        if (outcomeLine == null) {
            return Outcome.UNKNOWN;
        }
        if (outcomeLine.event() instanceof Signal s) {
            String error = s.attribute("error") == null ? "" : s.attribute("error");
            return error.contains(GUARD_COMPLETED) ? Outcome.GUARDED : error.contains(GUARD_RECREATED) ? Outcome.RECREATED : Outcome.UNKNOWN;
        }
        return Outcome.STORED;
    }

    /** The copy a pass worked on, from its {@code Processing workflow} and, without phase keys, a first phase change from "". */
    private static Copy copy(WorkflowProcessing p, Long rv, List<LogEvent> lines, Completion inForce) {
        if (inForce == null) {
            return Copy.NONE;
        }
        String phase = p == null ? null : p.phase();
        boolean fromNothing = lines.stream().anyMatch(e -> e.event() instanceof Signal s && "workflow-phase".equals(s.name())
                && (s.attribute("fromPhase") == null || s.attribute("fromPhase").isEmpty()));
        boolean notStarted = fromNothing || (phase != null && (phase.isEmpty() || "Pending".equals(phase)));
        if (rv != null && inForce.resourceVersion() != null && rv.longValue() != inForce.resourceVersion().longValue()) {
            // resourceVersions order the copies: an older one is stale whatever its phase (even the Workflow before it started).
            if (rv < inForce.resourceVersion()) {
                return Copy.STALE;
            }
            return notStarted ? Copy.NEW_RUN : phase != null && COMPLETED.contains(phase) ? Copy.COMPLETED : Copy.NEWER;
        }
        if (notStarted) {
            return Copy.NEW_RUN;
        }
        return phase != null && COMPLETED.contains(phase) ? Copy.COMPLETED : Copy.UNKNOWN;
    }

    /** The completion in force after a pass: it ends with a newer or new copy, and begins with a pass that completes. */
    private static Completion next(Pass p, List<LogEvent> lines, Completion inForce) {
        Completion current = p.copy() == Copy.NEWER || p.copy() == Copy.NEW_RUN ? null : inForce;
        if (current != null) {
            return current;
        }
        LogEvent marked = null;
        String markedPhase = null;
        for (LogEvent e : lines) {
            if (e.event() instanceof Signal s && "workflow-completed".equals(s.name())) {
                marked = e;
            } else if (e.event() instanceof Signal s && "workflow-phase".equals(s.name()) && COMPLETED.contains(s.attribute("toPhase"))) {
                markedPhase = s.attribute("toPhase");
            }
        }
        if (p.outcome() == Outcome.STORED && COMPLETED.contains(p.storedPhase())) {
            WorkflowUpdated u = (WorkflowUpdated) p.outcomeLine().event();
            return new Completion(u.phase(), marked, p.outcomeLine(), number(u.resourceVersion()));
        }
        if (marked != null && p.outcome() == Outcome.UNKNOWN && !p.reapplied() && markedPhase != null && !writeFailed(lines, marked)) {
            return new Completion(markedPhase, marked, null, null);
        }
        return null;
    }

    /** Signals of a write of the Workflow that failed: too large for etcd or for the node-status limit, or refused by the API server. */
    private static final Set<String> FAILED_WRITES = Set.of("workflow-update-error", "dehydrate-failed", "size-error-not-stored");

    /**
     * Whether the pass's write after the completion was marked failed (reference B7: a Workflow too large
     * to store; an update the API server refused): the completion was then never stored, and a later pass
     * that reads the Workflow still Running reads what is there, not a stale copy.
     */
    private static boolean writeFailed(List<LogEvent> lines, LogEvent marked) {
        for (LogEvent e : lines) {
            if (EventOrder.after(e, marked) && e.event() instanceof Signal s && FAILED_WRITES.contains(s.name())) {
                return true;
            }
        }
        return false;
    }

    private static String id(WorkflowRef wf, String nodeName) {
        return nodeName == null ? null : NodeNaming.nodeId(wf.name(), nodeName);
    }

    /** A resourceVersion as etcd writes it (a decimal number), or null for anything else. */
    static Long number(String rv) {
        if (rv == null || rv.isEmpty() || rv.length() > 18) {
            return null;
        }
        for (int i = 0; i < rv.length(); i++) {
            if (!Character.isDigit(rv.charAt(i))) {
                return null;
            }
        }
        return Long.parseLong(rv);
    }
}
