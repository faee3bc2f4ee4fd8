package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.InformerExit;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodListing;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent.NodeMarkedError;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * AF005: a node stays Running (or Pending) although its Pod no longer exists: the controller logs
 * {@code Workflow pod is missing} again and again without finishing the node, or an export taken
 * after the Pod was gone still shows the node unfinished. Upstream #13152, #13533, #13951. See
 * docs/rules/AF005.md.
 */
public final class PodGoneNodeRunning extends NodeRule {
    public static final String ID = "AF005";

    public PodGoneNodeRunning() {
        super(ID, "Pod gone, node left running", Severity.HIGH);
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(), List.of(Set.of(EvidenceKind.CONTROLLER_LOG, EvidenceKind.WORKFLOW_SNAPSHOT)), Set.of());
    }

    @Override
    void assess(PodHistory pod, Scope scope) {
        NodeLink link = pod.link();
        WorkflowHistory workflow = scope.correlation().workflow(link.workflow()).orElse(null);
        if (workflow == null) {
            return;
        }
        List<LogEvent> nodeLines = scope.nodes().of(link);
        List<LogEvent> missing = nodeLines.stream().filter(e -> e.event() instanceof WorkflowPodMissing).toList();
        Gone gone = gone(scope.correlation().lifecycle(pod.key()), missing, pod);
        if (gone == null) {
            return;
        }
        List<LogEvent> ends = new ArrayList<>(nodeLines);
        ends.addAll(scope.nodes().completions(workflow.ref()));
        Optional<LogEvent> finished = finishedAfter(ends, gone);
        NodeObservation unfinished = unfinishedAfter(workflow, link, gone.at);
        if (finished.isPresent() && missing.size() > 1) {
            scope.clear(pod, "the controller found the Pod missing " + missing.size() + " times, then finished the node at "
                    + finished.get().time().format(), finished.get().source());
        } else if (finished.isEmpty() && (missing.size() >= 2 || unfinished != null)) {
            scope.findings().add(finding(scope.correlation(), pod, missing, gone, unfinished));
        }
    }

    /** When the Pod is known to be gone, and by what: the first missing line, else its deletion as the records or the informer show it. */
    private static Gone gone(PodLifecycle life, List<LogEvent> missing, PodHistory pod) {
        if (!missing.isEmpty()) {
            return new Gone(missing.get(0).time(), missing.get(0), null, "the controller logged \"Workflow pod is missing\"", null);
        }
        Optional<Deletion> deletion = life.deleters().stream().filter(d -> d.audit() != null).findFirst();
        if (deletion.isPresent()) {
            return new Gone(deletion.get().at(), null, deletion.get(), deletion.get().describe(), null);
        }
        InformerExit exit = life.informerExit();
        if (exit != null && exit.kind() == InformerExit.Kind.REMOVED) {
            // A Pod labelled completed leaves the informer's watch too: that delete event is no deletion.
            return new Gone(exit.event().time(), exit.event(), null, "the Pod left the controller's informer (\"delete pod event\")", null);
        }
        // A pasted kubectl get pods table, printed at a stated time, that lists other Pods of the Workflow but not this one.
        PodListing absent = pod.listings().stream().filter(l -> !l.listed())
                .min(Comparator.comparing(l -> l.table().observed().time().instant())).orElse(null);
        if (absent != null) {
            return new Gone(absent.table().observed().time(), null, null, "not listed by " + absent.table().describe() + ", which lists "
                    + absent.siblings() + " other Pod(s) of its Workflow", absent);
        }
        return null;
    }

    /**
     * The first line after the Pod was gone that finished the node or the whole Workflow.
     *
     * @param lines the node's lines and the Workflow's completed updates
     */
    private static Optional<LogEvent> finishedAfter(List<LogEvent> lines, Gone gone) {
        return lines.stream()
                .filter(e -> gone.line != null ? EventOrder.after(e, gone.line) : e.time().isAfter(gone.at))
                .filter(e -> e.event() instanceof WorkflowUpdated || e.event() instanceof NodeMarkedError
                        || (e.event() instanceof NodePhaseChanged p && NodeLines.COMPLETED.contains(p.toPhase())))
                .min(Comparator.comparingLong(LogEvent::ordinal));
    }

    /** The latest export of the node, if taken after the Pod was gone and it shows the node unfinished. */
    private static NodeObservation unfinishedAfter(WorkflowHistory workflow, NodeLink link, Timestamp goneAt) {
        List<NodeObservation> obs = workflow.nodeObservations(link.nodeId());
        if (obs.isEmpty()) {
            return null;
        }
        NodeObservation latest = obs.get(obs.size() - 1);
        boolean after = latest.snapshot().observed() != null && latest.snapshot().observed().time().isAfter(goneAt);
        return after && !NodeLines.COMPLETED.contains(latest.node().phase()) ? latest : null;
    }

    private Finding finding(Correlation correlation, PodHistory pod, List<LogEvent> missing, Gone gone, NodeObservation unfinished) {
        NodeLink link = pod.link();
        List<Fact> facts = new ArrayList<>();
        Cite cite = new Cite(correlation);
        facts.add(new Fact("podGoneAt", "Pod gone no later than", gone.at.format()));
        facts.add(new Fact("podGoneBy", "Pod known gone by", gone.how));
        facts.add(new Fact("missingLogged", "\"Workflow pod is missing\" logged", missing.size()));
        String phase = unfinished != null ? unfinished.node().phase() : ((WorkflowPodMissing) missing.get(missing.size() - 1).event()).nodePhase();
        Timestamp lastSeen = unfinished != null ? unfinished.snapshot().observed().time() : missing.get(missing.size() - 1).time();
        facts.add(new Fact("nodePhaseLastSeen", "Node phase last seen", phase));
        facts.add(new Fact("lastSeenAt", "Last seen at", lastSeen.format()));
        long nanos = gone.at.nanosUntil(lastSeen);
        facts.add(new Fact("unfinishedFor", "Unfinished after the Pod was gone for", GoDuration.format(nanos)));
        if (gone.deletion != null) {
            cite.deletion(gone.deletion);
        } else if (gone.table != null) {
            cite.listing(gone.table, "the Pod no longer listed");
        } else {
            cite.line(gone.line, "the Pod is gone");
        }
        correlation.lifecycle(pod.key()).deleter().filter(d -> gone.deletion == null).ifPresent(d -> {
            facts.add(new Fact("removedBy", "Pod removed by", d.who()));
            cite.deletion(d);
        });
        missing.forEach(e -> cite.line(e, "the controller finds the Pod missing and leaves the node as it is"));
        if (unfinished != null) {
            cite.node(unfinished, "exported Workflow: the node still unfinished");
        }
        Confidence confidence;
        String reason;
        if (missing.size() >= 2 && unfinished != null) {
            confidence = Confidence.CONFIRMED;
            reason = "the controller logged the Pod missing " + missing.size() + " times, and an export taken after shows the node " + phase;
        } else if (missing.size() >= 2) {
            confidence = Confidence.LIKELY;
            reason = "the controller logged the Pod missing " + missing.size() + " times without finishing the node; no export shows the node";
        } else if (gone.table != null && !gone.table.table().unfiltered()) {
            confidence = Confidence.POSSIBLE;
            reason = "only a kubectl get pods table shows the Pod gone, and the paste does not show an unfiltered command (a label selector or a "
                    + "grep would leave the Pod out too); " + (unfinished.snapshot().fromArgoGetText() ? "argo get output" : "an export")
                    + " taken after shows the node " + phase;
        } else {
            confidence = Confidence.LIKELY;
            reason = (gone.table != null ? "the output of `" + gone.table.table().command() + "` no longer lists the Pod, and "
                    + (unfinished.snapshot().fromArgoGetText() ? "argo get output" : "an export") + " taken after"
                    : "an export taken after the Pod was gone") + " shows the node " + phase + "; the logs do not show the controller noticing";
        }
        String summary = "Pod " + pod.key() + " is gone (" + gone.how + " at " + gone.at.format() + "), yet its node was still " + phase
                + " at " + lastSeen.format() + ", " + GoDuration.format(nanos) + " later.";
        return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, explain(pod, missing, phase, lastSeen, nanos), facts, cite.evidence());
    }

    private static String explain(PodHistory pod, List<LogEvent> missing, String phase, Timestamp lastSeen, long nanos) {
        StringBuilder b = new StringBuilder("Pod ").append(pod.key()).append(" no longer exists, yet its node ")
                .append(pod.link().nodeName() != null ? pod.link().nodeName() : pod.link().nodeId()).append(" of Workflow ")
                .append(pod.link().workflow()).append(" was still ").append(phase).append(" at ").append(lastSeen.format()).append(", ")
                .append(GoDuration.format(nanos)).append(" after. ");
        if (missing.size() >= 2) {
            WorkflowPodMissing last = (WorkflowPodMissing) missing.get(missing.size() - 1).event();
            b.append("Each time a Workflow worker reconciled the Workflow it logged \"Workflow pod is missing\" (").append(missing.size())
                    .append(" times, from ").append(missing.get(0).time().format()).append(" to ").append(missing.get(missing.size() - 1).time().format())
                    .append(") and left the node as it was: ");
            if ("Pending".equals(last.nodePhase())) {
                b.append("the controller does not finish a Pending node whose Pod is missing. ");
            } else if (Boolean.TRUE.equals(last.recentlyStarted())) {
                b.append("the controller waits while the node counts as recently started (RECENTLY_STARTED_POD_DURATION, 10s by default). ");
            } else {
                b.append("the line says the node was ").append(last.nodePhase()).append(", yet no error marking followed. ");
            }
        }
        b.append("Nothing will finish the node now that its Pod is gone: the Workflow stays Running until it is stopped, terminated or "
                + "deleted, holding its parallelism and synchronization slots. Upstream: argoproj/argo-workflows#13152, #13533 and #13951.");
        return b.toString();
    }

    /**
     * @param line     the line that shows the Pod gone, or null when an audit record does
     * @param deletion the audit record's deletion, or null
     */
    /** @param table the table that no longer lists the Pod, when that is all that shows it gone */
    private record Gone(Timestamp at, LogEvent line, Deletion deletion, String how, PodListing table) {
    }
}
