package dev.argoforensics.timeline;

import dev.argoforensics.correlate.LaterNamesakes;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.NodeLogEntry;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.ExportWords;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodCondition;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.List;

/** Timeline entries from exported objects, cluster events and audit records: what each says happened, and when. */
final class ObjectEntries {
    private ObjectEntries() {
    }

    static void pod(Entries out, PodSnapshot s) {
        SourceRef src = s.source();
        out.fact(s.creationTimestamp(), src, "pod:created", ExportWords.podCreated(s), false);
        for (ContainerState c : s.containers()) {
            out.fact(c.startedAt(), src, "pod:container-started", ExportWords.containerStarted(c), false);
            if (c.terminated()) {
                out.fact(c.finishedAt(), src, "pod:container-finished", ExportWords.containerFinished(c), false);
            }
        }
        Timestamp latest = s.lastConditionTransition().orElse(null);
        for (PodCondition c : s.conditions()) {
            boolean isLatest = latest != null && latest.equals(c.lastTransitionTime());
            out.fact(c.lastTransitionTime(), src, "pod:condition", ExportWords.condition(c, isLatest), false);
        }
        deletion(out, s);
        ObservedAt o = s.observed();
        if (o != null) {
            out.fact(o.time(), src, "pod:exported", ExportWords.podExported(s) + (s.trimmed().any() ? "; read trimmed, "
                    + s.trimmed().describe() + ": what they held is unknown" : "") + "; " + o.describe(), o.lowerBound());
        }
    }

    /**
     * The export's {@code deletionTimestamp} as the object states it. What it says of the request
     * (the request plus its grace period, moved by a later shorter delete) is the lifecycle's to
     * derive, from every export together: see {@code CrossChecks.lifecycle}.
     */
    private static void deletion(Entries out, PodSnapshot s) {
        Timestamp ts = s.deletionTimestamp();
        if (ts == null) {
            return;
        }
        Long grace = s.deletionGracePeriodSeconds();
        if (s.described()) {
            out.fact(ts, s.source(), "pod:deletion-timestamp", "being deleted by then: kubectl describe printed it Terminating (its "
                    + "deletionTimestamp not printed; the deletion was requested no later than this)", false);
            return;
        }
        out.fact(ts, s.source(), "pod:deletion-timestamp", "deletionTimestamp" + (grace == null ? "" : ", deletionGracePeriodSeconds " + grace), false);
    }

    /** A description of the name that shows a later Pod ({@code LaterNamesakes}): said where it is dated, read as none of this Pod's. */
    static void laterNamesake(Entries out, LaterNamesakes.SetApart a) {
        if (!a.later()) {
            out.fact(a.at(), a.source(), "pod:unordered-description", "Pod described (kubectl describe pod) may be a later Pod under the name, or"
                    + " this one: its " + a.shown() + " at " + a.at().format() + " reads after " + a.afterWhat() + " (" + a.after().source() + ", "
                    + a.after().time().format() + "), but " + a.unordered() + "; set aside, its state not read as this Pod's", false);
            return;
        }
        out.fact(a.at(), a.source(), "pod:later-namesake", "Pod described (kubectl describe pod) is a later Pod under the name, not this one: its "
                + a.shown() + " at " + a.at().format() + ", after " + a.afterWhat() + " (" + a.after().source() + ", "
                + a.after().time().format() + "); set apart, its state not read as this Pod's", false);
    }

    /** A finalizer present in one export and absent in the next (or the other way round), exports in observation order. */
    static void finalizerChanges(Entries out, List<PodSnapshot> all) {
        List<PodSnapshot> snapshots = all.stream().filter(PodSnapshot::finalizersKnown).toList(); // kubectl describe prints none
        for (int i = 1; i < snapshots.size(); i++) {
            PodSnapshot prev = snapshots.get(i - 1);
            PodSnapshot next = snapshots.get(i);
            if (next.observed() == null) {
                continue;
            }
            List<String> gone = new ArrayList<>(prev.finalizers());
            gone.removeAll(next.finalizers());
            List<String> added = new ArrayList<>(next.finalizers());
            added.removeAll(prev.finalizers());
            String between = " between the export at " + prev.source() + " and this one";
            for (String f : gone) {
                out.fact(next.observed().time(), next.source(), "pod:finalizer-removed", "finalizer " + f + " removed" + between,
                        next.observed().lowerBound());
            }
            for (String f : added) {
                out.fact(next.observed().time(), next.source(), "pod:finalizer-added", "finalizer " + f + " added" + between,
                        next.observed().lowerBound());
            }
        }
    }

    static void node(Entries out, WorkflowSnapshot s, String nodeId) {
        SourceRef src = s.source();
        ObservedAt o = s.observed();
        if (s.fromArgoGetText()) {
            PastedEntries.argoGetNode(out, s, nodeId);
            return;
        }
        if (s.nodesOffloaded()) {
            if (o != null) {
                out.fact(o.time(), src, "node:unavailable", "Workflow exported without status.nodes (offloaded or compressed): this export "
                        + "does not say what became of node " + nodeId + "; " + o.describe(), o.lowerBound());
            }
            return;
        }
        NodeStatus n = s.node(nodeId).orElse(null);
        if (n == null) {
            return;
        }
        out.fact(n.startedAt(), src, "node:started", ExportWords.nodeStarted(n), false);
        out.fact(n.finishedAt(), src, "node:finished", ExportWords.nodeFinished(n), false);
        if (o != null) {
            out.fact(o.time(), src, "node:exported", ExportWords.nodeExported(n) + "; " + o.describe(), o.lowerBound());
        }
    }

    static void taskResult(Entries out, TaskResultSnapshot t) {
        out.fact(t.creationTimestamp(), t.source(), "taskresult:created", ExportWords.taskResultCreated(t), false);
        ObservedAt o = t.observed();
        if (o == null) {
            return;
        }
        StringBuilder b = new StringBuilder("task result exported: report-outputs-completed=")
                .append(ExportWords.outputsCompleted(t));
        if (!t.phase().isEmpty()) {
            b.append(", phase ").append(t.phase());
        }
        if (!t.message().isEmpty()) {
            b.append(", message \"").append(t.message()).append('"');
        }
        if (!t.outputParameters().isEmpty()) {
            b.append(", output parameters ").append(t.outputParameters());
        }
        out.fact(o.time(), t.source(), "taskresult:exported", b.append("; ").append(o.describe()).toString(), o.lowerBound());
    }

    /** An event at its first sighting, and again at its last when it was seen more than once. */
    static void clusterEvent(Entries out, ClusterEvent e) {
        String about = "Pod".equals(e.regarding().kind())
                ? e.regarding().fieldPath()
                : e.regarding().kind() + " " + e.regarding().name();
        String header = "event " + e.reason() + " (" + String.join(", ", nonEmpty(e.type(), e.reportedBy(), about)) + ")";
        String kind = "event:" + e.reason();
        // A repeated event whose first sighting is not known apart from its last (kubectl describe cut its "over" age coarser) is
        // told at its last sighting, never called the first.
        boolean span = e.count() > 1 && e.last() != null && e.last().isAfter(e.first());
        String seen = e.count() <= 1 ? "" : span ? ", first of " + e.count() : ", seen " + e.count() + " times, the last here";
        // An age kubectl printed to the minute: the Event came within the minute from the time shown, which is no second of its own.
        String window = !e.minuteDated() ? "" : " (dated only to the minute by its age in a kubectl table: between " + e.first().instant()
                + " and " + e.first().instant().plusNanos(e.ageWindowNanos()) + "; read by no rule)";
        out.fact(e.first(), e.source(), kind, header + seen + window + ": " + e.note(), false);
        if (span) {
            out.fact(e.last(), e.source(), kind, header + " seen " + e.count() + " times, the last here", false);
        }
    }

    static void audit(Entries out, AuditRecord a) {
        audit(out, a, null);
    }

    /**
     * {@code possibleDeleter}: for a deletecollection of Pods the Pod's lifecycle reads as one that may have deleted it (session 50), what
     * its selectors show of the Pod ({@code CollectionSelection#words}, session 52); null for any other record.
     */
    static void audit(Entries out, AuditRecord a, String possibleDeleter) {
        StringBuilder b = new StringBuilder(a.verb()).append(' ').append(a.target()).append(" by ").append(a.user());
        b.append(a.outcome() == null ? " (stage " + a.stage() + ", no response logged)" : " → " + a.outcome());
        if (a.dryRun()) {
            b.append(": a dry run, which changed nothing");
        } else if (a.finalizers() != null) {
            b.append(a.finalizers().removes(PodSnapshot.STATUS_FINALIZER) && "pods".equals(a.resource())
                    ? ": removes the status-capture finalizer (" + a.finalizers() + ")"
                    : ": " + a.finalizers());
        } else if ("eviction".equals(a.subresource())) {
            boolean granted = a.outcome() != null && a.effective();
            b.append(granted ? ": eviction granted, the API server deletes the Pod" : ": eviction");
        } else if ("delete".equals(a.verb()) && "pods".equals(a.resource())) {
            b.append(": deletion requested").append(a.gracePeriodSeconds() == null ? ""
                    : a.gracePeriodSeconds() == 0 ? (a.user().startsWith("system:node:")
                            // The kubelet deletes a Pod only once its containers have stopped (its status manager's final delete).
                            ? " with grace period 0s (the kubelet's final delete, once the Pod's containers had stopped)"
                            : " with grace period 0s (a forced deletion)")
                    : " with grace period " + a.gracePeriodSeconds() + "s");
        } else if (a.deletesPodCollection()) {
            // Session 50: it names no Pod; the row says what it may have done and what the record lacks to tell.
            b.append(" in namespace ").append(a.namespace()).append(a.selector().isEmpty() ? " (no selector in the record)" : " (" + a.selector() + ")")
                    .append(possibleDeleter != null ? ": deletes the namespace's Pods its selector matches; it may have deleted this Pod, and "
                            + possibleDeleter + " (a possible deleter, not a known one)"
                            : ": deletes the namespace's Pods its selector matches; not read as this Pod's deleter"
                            + (a.granted() ? " (its deletion is known to have been requested clearly before or after it)" : ""));
        } else if (!a.requestBodyLogged() && ("patch".equals(a.verb()) || "update".equals(a.verb()))) {
            b.append(" (request body not logged)");
        }
        if (("delete".equals(a.verb()) || "deletecollection".equals(a.verb())) && a.outcomeUnlogged()) {
            // Its RequestReceived stage alone (omitStages, a rotation, a grep): read as no deletion anywhere (session 49).
            b.append("; ").append(a.unloggedDelete());
        }
        if (!a.exporter().isEmpty()) {
            b.append(" [").append(a.exporter()).append(']');
        }
        // Dated by the request's receipt, as every time the report gives for a request (AuditRecord#requestTime); the row says which.
        b.append(" (").append(a.requestTimeIs()).append(')');
        out.fact(a.requestTime(), a.source(), "audit:" + a.verb(), b.toString(), false);
    }

    /** A kubelet line: "kubelet on node-1 stops container main (containerd://…) with grace period 30s". */
    static void nodeLog(Entries out, NodeLogEntry n) {
        StringBuilder b = new StringBuilder("kubelet");
        if (!n.host().isEmpty()) {
            b.append(" on ").append(n.host());
        }
        b.append(' ').append(n.action().says());
        if (!n.container().isEmpty()) {
            b.append(' ').append(n.container());
        }
        if (!n.containerId().isEmpty()) {
            b.append(" (").append(n.containerId()).append(')');
        }
        if (n.gracePeriodSeconds() != null) {
            b.append(" with grace period ").append(n.gracePeriodSeconds()).append('s');
        }
        out.fact(n.time(), n.source(), n.action().entryKind(), b.toString(), false);
    }

    private static List<String> nonEmpty(String... parts) {
        List<String> out = new ArrayList<>();
        for (String p : parts) {
            if (p != null && !p.isEmpty()) {
                out.add(p);
            }
        }
        return out;
    }
}
