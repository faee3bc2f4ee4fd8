package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.SyncLocks.Acquisition;
import dev.argoforensics.rules.SyncLocks.ExportedHold;
import dev.argoforensics.rules.SyncLocks.Held;
import dev.argoforensics.rules.SyncLocks.Holder;
import dev.argoforensics.rules.SyncLocks.Release;
import dev.argoforensics.rules.SyncLocks.Wait;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * AF014: a semaphore or mutex still held by a Workflow that has finished, so that other Workflows
 * wait for it indefinitely. The controller releases a Workflow's locks when it persists the
 * completed Workflow ({@code Released all acquired locks}); a completed holder without that release
 * while others keep waiting, or a completed Workflow whose export still lists itself as holder,
 * shows the release did not happen. Upstream #4046, #8684, #14461, #17013. See docs/rules/AF014.md.
 */
public final class LockHeldByFinishedWorkflow extends DeclaredRule {
    public static final String ID = "AF014";
    /** A released lock wakes its waiters at once (they are queued again); a wait this long after the holder finished is not that. */
    static final long THRESHOLD = GoDuration.parse("5m");

    public LockHeldByFinishedWorkflow() {
        super(ID, "Lock held by a finished Workflow", Severity.HIGH);
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(), List.of(Set.of(EvidenceKind.CONTROLLER_LOG, EvidenceKind.WORKFLOW_SNAPSHOT)), Set.of());
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        List<Finding> findings = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        // Session 59: two clusters' controllers given together (runs that led at once under one Lease held twice,
        // ConcurrentRuns#apartFrom) each hold their own locks, Workflows and waiters: a holding is read in the view of its acquiring
        // run, without the lines of the runs apart from it (cluster b's namesake's release at its completion freed nothing in a,
        // and b's run, cut where it held nothing of a's, cuts nothing of a's span). Where no run is apart from another (nearly
        // always) the one view is every line, as before. A holding without an acquisition line (an export alone) is read in the
        // view of every line.
        dev.argoforensics.correlate.ConcurrentRuns runs = correlation.runsAtOnce();
        Map<Integer, Set<Integer>> sides = new java.util.TreeMap<>();
        if (runs.any()) {
            for (int r = 0; r < correlation.processes().size(); r++) {
                sides.put(r, runs.apartFrom(r));
            }
        }
        boolean twoClusters = sides.values().stream().anyMatch(v -> !v.isEmpty());
        Set<Set<Integer>> views = new java.util.LinkedHashSet<>();
        views.add(Set.of());
        views.addAll(new java.util.TreeMap<>(sides).values());
        dev.argoforensics.correlate.RunScopes[] scopes = new dev.argoforensics.correlate.RunScopes[1];
        // Each export placed once (the same object in every view's waits), each cluster's own logged waits read once.
        Map<dev.argoforensics.snapshot.WorkflowSnapshot, Map<String, java.util.Optional<Set<Integer>>>> exportViews = new java.util.IdentityHashMap<>();
        Map<Set<Integer>, Set<List<String>>> loggedWaits = new java.util.HashMap<>();
        for (Set<Integer> apart : views) {
            SyncLocks s = apart.isEmpty() ? SyncLocks.of(correlation) : SyncLocks.of(correlation, e -> !apart.contains(e.stream()));
            java.util.function.Predicate<LogEvent> kept = e -> !apart.contains(e.stream());
            // Session 60: an export of a waiting Workflow names no cluster either. It counts in the view of the cluster the evidence
            // places it in (exportView), in no other; one the evidence does not place is in no view's waits, and where only such
            // waits stand past the threshold the holding is reported possible, saying the waits' cluster is not known.
            Map<Wait, Set<Integer>> placed = new java.util.IdentityHashMap<>();
            List<Wait> unplaced = new ArrayList<>(); // in the waits' order (the finding names them)
            Set<Wait> unplacedSet = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            if (twoClusters) {
                for (Wait w : s.waits) {
                    if (w.export() != null) {
                        Set<Integer> view = exportViews.computeIfAbsent(w.export(), x -> new java.util.HashMap<>()).computeIfAbsent(w.lock(),
                                x -> java.util.Optional.ofNullable(exportView(correlation, w, sides, views, scopes, loggedWaits))).orElse(null);
                        if (view == null) {
                            unplaced.add(w);
                            unplacedSet.add(w);
                        } else {
                            placed.put(w, view);
                        }
                    }
                }
            }
            // Session 60 breaker (b-twins): so is a wait a run apart from none logged (no election lines: a grep excerpt, a pasted
            // piece) where clusters are given together: its lines are every view's, but its Workflow may wait for either cluster's
            // lock of the name (b's waiter in a grep of b's log read as waiting on a's holder, likely).
            if (twoClusters) {
                for (Wait w : s.waits) {
                    if (w.export() == null && w.line() != null && sides.getOrDefault(w.line().stream(), Set.of()).isEmpty()) {
                        unplaced.add(w);
                        unplacedSet.add(w);
                    }
                }
            }
            for (String lock : s.locks()) {
                List<Wait> waits = s.waits.stream().filter(w -> lock.equals(w.lock()))
                        .filter(w -> !twoClusters || (w.export() == null ? !unplacedSet.contains(w) : apart.equals(placed.get(w)))).toList();
                List<Wait> unknown = unplaced.stream().filter(w -> lock.equals(w.lock())).toList();
                for (Held held : holders(s, lock)) {
                    // Session 59 breaker (b-twins): an export names no cluster. Where clusters are given together it is the export of
                    // the cluster whose runs logged its Workflow (its completion where one was logged, as the export states one): in
                    // another cluster's view it completes nothing (b's namesake, running and held in b, was confirmed by a's export),
                    // and an export-only holding is read in its cluster's view (b's waiters waited for b's lock, not a's holder).
                    // One no run or several clusters' runs logged is of no known cluster: read with no waits (at most possible).
                    Set<Set<Integer>> exportSides = held.exported() == null || !twoClusters ? null : loggedSides(correlation, held.holder(), sides);
                    Set<Integer> own = held.acquired() != null ? sides.getOrDefault(held.acquired().line().stream(), Set.of())
                            : exportSides != null && exportSides.size() == 1 ? exportSides.iterator().next() : Set.of();
                    if (!own.equals(apart)) {
                        continue;
                    }
                    boolean exportOurs = exportSides == null || exportSides.equals(Set.of(apart));
                    if (!exportOurs && held.acquired() != null) {
                        assess(correlation, s, lock, new Held(held.holder(), held.acquired(), null), waits, unknown, findings, cleared, kept);
                    } else {
                        assess(correlation, s, lock, held, exportOurs ? waits : List.of(), exportOurs ? unknown : List.of(), findings, cleared, kept);
                    }
                }
            }
        }
        return new Evaluation(findings, cleared);
    }

    /**
     * The holdings of the lock: one per acquisition that is not a repeat of a holding still open (a
     * holder that released the lock, or completed, and acquired it again, as after {@code argo retry}
     * or a resubmission under the same name, holds it anew). A completed export's holder is the latest
     * holding of that holder.
     */
    private static List<Held> holders(SyncLocks s, String lock) {
        List<Held> out = new ArrayList<>();
        for (Acquisition a : s.acquisitions) {
            if (!a.lock().equals(lock)) {
                continue;
            }
            Held open = null;
            for (int i = out.size() - 1; i >= 0 && open == null; i--) {
                open = out.get(i).holder().sameAs(a.holder()) ? out.get(i) : null;
            }
            if (open != null) {
                LogEvent released = release(s, lock, open);
                LogEvent completed = s.completionAfter(open.holder(), open.acquired().line());
                // Certainly before it (by time across runs): a release too close to the new acquisition to tell leaves one holding.
                boolean ended = (released != null && EventOrder.before(released, a.line()))
                        || (completed != null && EventOrder.before(completed, a.line()));
                if (!ended) {
                    continue; // the same holding logged again
                }
            }
            out.add(new Held(a.holder(), a, null));
        }
        for (ExportedHold e : s.exportedHolds) {
            if (!e.lock().equals(lock)) {
                continue;
            }
            int known = -1;
            for (int i = 0; i < out.size(); i++) {
                known = out.get(i).holder().sameAs(e.holder()) ? i : known;
            }
            if (known < 0) {
                out.add(new Held(e.holder(), null, e));
            } else if (out.get(known).exported() == null) {
                out.set(known, new Held(out.get(known).holder(), out.get(known).acquired(), e));
            }
        }
        return List.copyOf(out);
    }

    /**
     * The views ({@link dev.argoforensics.correlate.ConcurrentRuns#apartFrom} of each run) of the runs that logged holder {@code h}'s
     * Workflow completed, else of those that logged it at all; empty where none did.
     */
    private static Set<Set<Integer>> loggedSides(Correlation c, Holder h, Map<Integer, Set<Integer>> sides) {
        Set<Integer> done = new TreeSet<>();
        Set<Integer> any = new TreeSet<>();
        c.workflows().forEach((ref, w) -> {
            if (ref.name().equals(h.workflow()) && (h.namespace() == null || ref.namespace() == null || h.namespace().equals(ref.namespace()))) {
                for (LogEvent e : w.events()) {
                    any.add(e.stream());
                    if (e.event() instanceof dev.argoforensics.event.ControllerEvent.WorkflowUpdated u && u.phase() != null
                            && SyncLocks.DONE.contains(u.phase())) {
                        done.add(e.stream());
                    }
                }
            }
        });
        Set<Set<Integer>> out = new java.util.LinkedHashSet<>();
        (done.isEmpty() ? any : done).forEach(r -> out.add(sides.getOrDefault(r, Set.of())));
        return out;
    }

    /**
     * The view ({@link dev.argoforensics.correlate.ConcurrentRuns#apartFrom} of a run of its cluster) an export of a waiting Workflow
     * is of, where clusters are given together; null where the evidence does not place it. An export names no cluster, so what
     * places it is the controller's: the run that logged the write of the resourceVersion it shows ({@link ObservedAt#placedByWrite},
     * one cluster's etcd gave that number: {@code WorkflowWrites} dates it by one run's write only); else the runs that logged its
     * Workflow (namespace and name), where all are of one cluster; else its namespace, where every run of all clusters but one
     * stated a managed namespace that is not it ({@link dev.argoforensics.correlate.RunScopes}: such a run lists and watches no
     * Workflow of another namespace). The Workflow's instance ID label and its uid are not read here: the export's reading keeps
     * neither for a Workflow, and no controller line names a Workflow's uid.
     */
    private static Set<Integer> exportView(Correlation c, Wait w, Map<Integer, Set<Integer>> sides, Set<Set<Integer>> views,
                                           dev.argoforensics.correlate.RunScopes[] scopes, Map<Set<Integer>, Set<List<String>>> loggedWaits) {
        dev.argoforensics.snapshot.WorkflowSnapshot export = w.export();
        ObservedAt observed = export.observed();
        if (observed != null && observed.placedByWrite()) {
            for (dev.argoforensics.correlate.WorkflowHistory h : c.workflows().values()) {
                if (h.ref().name().equals(export.name())) {
                    for (LogEvent e : h.events()) {
                        if (e.source().equals(observed.written().line())) {
                            Set<Integer> side = sides.getOrDefault(e.stream(), Set.of());
                            return side.isEmpty() || !waitLogged(c, export, w.lock(), side, sides, loggedWaits) ? null : side;
                        }
                    }
                }
            }
        }
        String ns = export.namespace() == null || export.namespace().isEmpty() ? null : export.namespace();
        Set<Set<Integer>> logged = new java.util.LinkedHashSet<>();
        c.workflows().forEach((ref, h) -> {
            if (ref.name().equals(export.name()) && (ns == null || ref.namespace() == null || ns.equals(ref.namespace()))) {
                h.events().forEach(e -> logged.add(sides.getOrDefault(e.stream(), Set.of())));
            }
        });
        if (!logged.isEmpty()) {
            Set<Integer> side = logged.size() == 1 ? logged.iterator().next() : null;
            return side == null || side.isEmpty() || !waitLogged(c, export, w.lock(), side, sides, loggedWaits) ? null : side;
        }
        if (ns == null) {
            return null;
        }
        if (scopes[0] == null) {
            scopes[0] = dev.argoforensics.correlate.RunScopes.of(c.events(), c.processes());
        }
        // By namespace: the views of clusters some run of which may hold the namespace (a run that stated no managed namespace, or
        // every one, or this one). A run apart from none (no election line) may be either cluster's: it keeps every view open.
        Set<Set<Integer>> open = new java.util.LinkedHashSet<>();
        for (Map.Entry<Integer, Set<Integer>> r : sides.entrySet()) {
            String managed = scopes[0].managedNamespace(r.getKey());
            if (managed == null || managed.isEmpty() || managed.equals(ns)) {
                if (r.getValue().isEmpty()) {
                    return null;
                }
                open.add(r.getValue());
            }
        }
        return open.size() == 1 && views.contains(open.iterator().next()) ? open.iterator().next() : null;
    }

    /**
     * Whether the runs of the view {@code side} logged the exported Workflow's name waiting for {@code lock} (the controller's
     * {@code Updated message -> Waiting for <lock> lock} as it stores the wait). Session 60 breaker (b-twins): a resourceVersion
     * number is one etcd's, but DR twins restored from one backup count from the same revision, so two clusters' stores may give
     * one number; and a cluster's run logging a Workflow of the name says nothing of the other cluster's namesake, which its log may
     * not reach. The export's wait is that cluster's only where its lines show the same wait; where they show none it is placed in
     * no view (possible at most), never read as a wait for a lock that cluster's lines say nobody waited for.
     */
    private static boolean waitLogged(Correlation c, dev.argoforensics.snapshot.WorkflowSnapshot export, String lock, Set<Integer> side,
                                      Map<Integer, Set<Integer>> sides, Map<Set<Integer>, Set<List<String>>> loggedWaits) {
        // The waits the side's own lines show (the controller's waiting message, its postponement), not the exports': read once per side.
        Set<List<String>> waits = loggedWaits.computeIfAbsent(side, k -> {
            Set<List<String>> out = new java.util.HashSet<>();
            for (Wait v : SyncLocks.of(c, e -> k.equals(sides.getOrDefault(e.stream(), Set.of()))).waits) {
                if (v.export() == null && v.waiter() != null && v.lock() != null) {
                    out.add(List.of(v.waiter().name(), v.lock()));
                }
            }
            return out;
        });
        return waits.contains(List.of(export.name(), lock));
    }

    private void assess(Correlation c, SyncLocks s, String lock, Held held, List<Wait> waits, List<Wait> unknown, List<Finding> findings,
            List<Clearance> cleared, java.util.function.Predicate<LogEvent> kept) {
        Holder h = held.holder();
        // Its completion after this acquisition: an earlier run's (before a retry or a resubmission) is not this holding's.
        LogEvent completed = s.completionAfter(h, held.acquired() == null ? null : held.acquired().line());
        Timestamp doneAt = completed != null ? completed.time()
                : held.exported() != null ? held.exported().export().finishedAt() : null;
        PodHistory anchor = anchor(c, h, kept);
        List<Wait> others = waits.stream().filter(w -> !w.waiter().name().equals(h.workflow())).toList();
        List<Wait> unknownOthers = unknown.stream().filter(w -> !w.waiter().name().equals(h.workflow())).toList();
        if (others.isEmpty() && unknownOthers.isEmpty() && held.exported() == null) {
            return; // nobody waited: nothing to explain
        }
        if (doneAt == null) {
            clear(cleared, anchor, Message.of("AF014.cleared.notCompleted", "workflow", h.workflow(), "lock", lock),
                    held.acquired() == null ? null : held.acquired().line());
            return;
        }
        // Session 44 breaker: a release (or, for a lock of limit 1, another holder's acquisition) shows the lock free from then on,
        // not before. One within the threshold after the completion clears the holder; a later one (the delete handler's release
        // when the finished holder was deleted, an acquisition after a restart) leaves the waits before it standing.
        LogEvent release = release(s, lock, held);
        Message releasedWords = release == null ? null
                : Message.of("AF014.cleared.released", "holder", h.key(), "lock", lock, "at", release.time().format());
        if (release != null && !beyond(doneAt, release)) {
            clear(cleared, anchor, releasedWords, release);
            return;
        }
        Acquisition next = null;
        if (Integer.valueOf(1).equals(s.limit(lock))) {
            next = s.acquisitions.stream()
                    .filter(a -> a.lock().equals(lock) && !a.holder().sameAs(h) && a.line().time().isAfter(doneAt)).findFirst().orElse(null);
        }
        Message nextWords = next == null ? null : Message.of("AF014.cleared.nextAcquired", "holder", next.holder().key(), "lock", lock,
                "after", GoDuration.format(doneAt.nanosUntil(next.line().time())), "workflow", h.workflow());
        if (next != null && !beyond(doneAt, next.line())) {
            clear(cleared, anchor, nextWords, next.line());
            return;
        }
        boolean releaseFirst = release != null && (next == null || !next.line().time().isBefore(release.time()));
        LogEvent freed = releaseFirst ? release : next == null ? null : next.line();
        // Waits after the completion, and past the threshold after it (a stated export time counts only past what a user's clock
        // may be off, and then as likely: Wait#seenAfter), and before the lock was seen free.
        List<Wait> after = others.stream().filter(w -> w.after(doneAt).known() && !s.loggedAfterRestart(w, doneAt, lock)).toList();
        Map<String, LogEvent> acquiredAfter = acquiredAfter(s, lock, after, doneAt);
        List<Wait> late = after.stream()
                .filter(w -> w.past(doneAt, THRESHOLD).known())
                .filter(w -> freed == null || w.at().isBefore(freed.time()))
                .filter(w -> acquiredAfter.get(w.waiter().name()) == null || w.at().isBefore(acquiredAfter.get(w.waiter().name()).time()))
                .toList();
        if (late.isEmpty() && !unknownOthers.isEmpty()) {
            // Session 60: the only waits past the threshold are exports of Workflows no evidence places in a cluster (two clusters'
            // controllers given together, their namesakes waiting for their own locks of the name): at most possible, saying so.
            List<Wait> unknownLate = unknownOthers.stream().filter(w -> w.past(doneAt, THRESHOLD).known() && !s.loggedAfterRestart(w, doneAt, lock))
                    .filter(w -> freed == null || w.at().isBefore(freed.time())).toList();
            if (!unknownLate.isEmpty()) {
                findings.add(LockFinding.of(this, c, lock, held, completed, doneAt, unknownLate, anchor, Confidence.POSSIBLE,
                        Message.of("AF014.reason.waitsOfNoKnownCluster", "lock", lock, "waiters", waiters(unknownLate)), freed, releaseFirst));
                return;
            }
        }
        if (late.isEmpty() && freed != null) {
            clear(cleared, anchor, releaseFirst ? releasedWords : nextWords, freed);
            return;
        }
        if (late.isEmpty()) {
            LogEvent a = EventOrder.earliest(acquiredAfter.values());
            if (a != null) {
                clear(cleared, anchor, Message.of("AF014.cleared.waiterAcquired", "lock", lock, "after", GoDuration.format(doneAt.nanosUntil(a.time())),
                        "workflow", h.workflow()), a);
            }
            if (acquiredAfter.isEmpty() && held.exported() != null) {
                findings.add(LockFinding.of(this, c, lock, held, completed, doneAt, List.of(), anchor, Confidence.POSSIBLE,
                        Message.of("AF014.reason.exportNoWaiters", "lock", lock), null, false));
            }
            return;
        }
        // A holder that acquired only once the lock was seen free (the waiter itself, after the late release) held none of the waits.
        List<Held> running = holders(s, lock).stream()
                .filter(o -> !o.holder().sameAs(h) && o.acquired() != null && s.completionAfter(o.holder(), o.acquired().line()) == null
                        && release(s, lock, o) == null && (freed == null || o.acquired().line().time().isBefore(freed.time())))
                .toList();
        Wait last = late.get(late.size() - 1);
        dev.argoforensics.correlate.ReadCut cut;
        Confidence confidence;
        Message reason;
        String waited = GoDuration.format(doneAt.nanosUntil(last.at()));
        if (held.exported() != null && !running.isEmpty()) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF014.reason.exportCoHolder", "other", running.get(0).holder().key());
        } else if (held.exported() != null && late.stream().allMatch(w -> w.past(doneAt, THRESHOLD) == ObservedAt.Order.STATED)) {
            // Every wait past the threshold is placed there only by the time its export's file states: likely, not shown.
            confidence = Confidence.LIKELY;
            reason = Message.of("AF014.reason.exportAndStatedWaits", "lock", lock, "waiters", waiters(late), "waited", waited,
                    "off", GoDuration.format(ObservedAt.STATED_CLOCK_NANOS));
        } else if (held.exported() != null) {
            confidence = Confidence.CONFIRMED;
            reason = Message.of("AF014.reason.exportAndWaits", "lock", lock, "waiters", waiters(late), "waited", waited);
        } else if (!running.isEmpty()) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF014.reason.coHolder", "other", running.get(0).holder().key());
        } else if (last.status() != null && !last.status().database() && last.status().count() > 0) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF014.reason.slotsFree", "free", last.status().count(), "limit", last.status().limit());
        } else if (cutBetween(c, held, completed) != null) {
            // Session 40 breaker: the claim rests on a release line's absence between the acquisition and the completion, and lines
            // were dropped there (a head and a tail pasted together): a template-level lock released as its node finished, or an
            // earlier run's completion and release before the name was submitted again, would be in the part left out.
            ControllerProcess.Gap gap = cutBetween(c, held, completed);
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF014.reason.cut", "from", gap.from().format(), "to", gap.to().format(),
                    "acquired", held.acquired().line().time().format(), "completed", completed.time().format());
        } else if ((cut = spanCut(c, held, late.get(0).at(), kept)) != null) {
            // Session 56: the same absence goes on past the completion, up to the first wait past the threshold (a release there, by
            // the completion's pass or the delete handler, would have freed the lock in time), so every run must be read whole over
            // the span from the acquisition to that wait, not only up to the completion (session 54 audit).
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF014.reason.spanCut", "acquired", held.acquired() == null ? "the first line given"
                    : held.acquired().line().time().format(), "until", late.get(0).at().format(), "where", ReadCutWords.where(cut));
        } else if (freed != null) {
            confidence = Confidence.LIKELY;
            reason = Message.of(releaseFirst ? "AF014.reason.lateRelease" : "AF014.reason.lateAcquired", "waiters", waiters(late),
                    "waited", waited, "at", freed.time().format(), "after", GoDuration.format(doneAt.nanosUntil(freed.time())),
                    "holder", releaseFirst ? h.key() : next.holder().key(), "workflow", h.workflow());
        } else {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF014.reason.noRelease", "waiters", waiters(late), "waited", waited, "workflow", h.workflow());
        }
        findings.add(LockFinding.of(this, c, lock, held, completed, doneAt, late, anchor, confidence, reason, freed, releaseFirst));
    }

    /**
     * A gap of the log's nameless records (the stats ticker's, {@link ControllerProcess.Nameless}) between the holding's
     * acquisition and the completion read as its end, in the run that logged both: lines were dropped there, so a release between
     * them would not show. Null where both lines are not of one run, or no such gap lies between them.
     */
    private static ControllerProcess.Gap cutBetween(Correlation c, Held held, LogEvent completed) {
        if (completed == null || held.acquired() == null || held.acquired().line().stream() != completed.stream()) {
            return null;
        }
        LogEvent from = held.acquired().line();
        ControllerProcess run = c.process(from);
        if (run == null) {
            return null;
        }
        for (ControllerProcess.Gap g : run.nameless().gaps()) {
            if (!g.to().isBefore(from.time()) && !completed.time().isBefore(g.from())) {
                return g;
            }
        }
        return null;
    }

    /**
     * Where a controller run's lines may be cut over the span a missing release covers: from the holding's acquisition (the run's first
     * line where it is not in the lines) to the first wait past the threshold ({@code until}), in every run that logged the holder
     * Workflow or its acquisition (a release is logged by whichever of them passes over the holder, or by its delete handler:
     * {@link Correlation#cutOver}); null where each was read whole over its part of it. A run holding no line of the holder is
     * another controller's (a folder of several clusters' logs) or one whose lines of the holder were all cut, which this does not see.
     */
    private static dev.argoforensics.correlate.ReadCut spanCut(Correlation c, Held held, Timestamp until,
            java.util.function.Predicate<LogEvent> kept) {
        Timestamp from = held.acquired() == null ? null : held.acquired().line().time();
        Set<Integer> runs = new TreeSet<>();
        if (held.acquired() != null) {
            runs.add(held.acquired().line().stream());
        }
        Holder h = held.holder();
        c.workflows().forEach((ref, w) -> {
            if (ref.name().equals(h.workflow()) && (h.namespace() == null || ref.namespace() == null || h.namespace().equals(ref.namespace()))) {
                w.events().stream().filter(kept).forEach(e -> runs.add(e.stream()));
            }
        });
        for (int stream : runs) {
            java.util.Optional<dev.argoforensics.correlate.ReadCut> cut = c.cutOver(stream, from, until);
            if (cut.isPresent()) {
                return cut.get();
            }
        }
        return null;
    }

    /**
     * The first release of this holder after it acquired, by time across runs: its own line for the lock, or the release of
     * all its Workflow's locks. Another run's release too close to the acquisition to tell counts: it clears, never reports.
     */
    static LogEvent release(SyncLocks s, String lock, Held held) {
        LogEvent from = held.acquired() == null ? null : held.acquired().line();
        for (Release r : s.releases) {
            if ((from == null || r.line() != from && EventOrder.notBefore(r.line(), from)) && r.holder().sameAs(held.holder())
                    && (r.lock() == null || r.lock().equals(lock))) {
                return r.line();
            }
        }
        return s.releasedAll.getOrDefault(held.holder().workflow(), List.of()).stream()
                .filter(e -> from == null || e != from && EventOrder.notBefore(e, from)).findFirst().orElse(null);
    }

    /** Whether the line comes more than the threshold after the holder completed: the lock was not seen free within it. */
    private static boolean beyond(Timestamp doneAt, LogEvent line) {
        return doneAt.nanosUntil(line.time()) > THRESHOLD;
    }

    /** Per waiter, the first line after the holder completed that shows it acquired the lock (or a lock, for a node). */
    private static Map<String, LogEvent> acquiredAfter(SyncLocks s, String lock, List<Wait> after, Timestamp doneAt) {
        Map<String, LogEvent> out = new LinkedHashMap<>();
        Set<String> waiters = new TreeSet<>();
        after.forEach(w -> waiters.add(w.waiter().name()));
        for (String w : waiters) {
            List<LogEvent> candidates = new ArrayList<>();
            s.acquisitions.stream().filter(a -> a.lock().equals(lock) && a.holder().workflow().equals(w)).map(Acquisition::line)
                    .forEach(candidates::add);
            candidates.addAll(s.nodeAcquired.getOrDefault(w, List.of()));
            LogEvent first = EventOrder.earliest(candidates.stream().filter(e -> e.time().isAfter(doneAt)).toList());
            if (first != null) {
                out.put(w, first);
            }
        }
        return out;
    }

    /** The Workflows seen waiting, by name: one named, or how many and which. */
    static Message waiters(List<Wait> waits) {
        Set<String> names = new TreeSet<>();
        waits.forEach(w -> names.add(w.waiter().toString()));
        return names.size() == 1 ? Message.of("AF014.waitersOne", "workflow", names.iterator().next())
                : Message.of("AF014.waitersMany", "count", names.size(), "workflows", String.join(", ", names));
    }

    /**
     * The Pod a finding about the holder is listed under: the holding node's Pod for a template-level
     * lock, else (or when that Pod is unknown) the last Pod the holder Workflow started.
     */
    static PodHistory anchor(Correlation c, Holder h) {
        return anchor(c, h, e -> true);
    }

    /** As {@link #anchor(Correlation, Holder)}, among the Pods whose creation, where logged, is a line {@code kept} takes (its cluster's). */
    static PodHistory anchor(Correlation c, Holder h, java.util.function.Predicate<LogEvent> kept) {
        PodHistory best = null;
        for (PodHistory p : c.podIndex().ofWorkflowNamed(h.workflow())) {
            if (p.latestCreated() != null && !kept.test(p.latestCreated())) {
                continue; // another cluster's Pod of the name (session 59)
            }
            if (h.nodeId() != null && h.nodeId().equals(p.link().nodeId())) {
                return p;
            }
            if (best == null || later(p, best)) {
                best = p;
            }
        }
        return best;
    }

    /** Whether the Pod's first line comes after the other's, by time across runs (a Pod without lines comes first). */
    private static boolean later(PodHistory p, PodHistory than) {
        if (p.events().isEmpty() || than.events().isEmpty()) {
            return !p.events().isEmpty();
        }
        LogEvent a = p.events().get(0);
        LogEvent b = than.events().get(0);
        return EventOrder.latest(List.of(b, a)) != b;
    }

    private void clear(List<Clearance> cleared, PodHistory anchor, Message reason, LogEvent line) {
        if (line != null) {
            cleared.add(new Clearance(anchor == null ? null : anchor.key(), reason, line.source()));
        }
    }
}
